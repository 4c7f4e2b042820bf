"""Issue 23: the lookup finds the hero keywords the setup and the sightings ask about, and the
models a boss fight card brings (with what the reference says of them, or which printed card
to use); a boss whose reference hearts are suspect says so."""

from __future__ import annotations

from pathlib import Path

import pytest

from consul_app.content.loader import load_dirs
from consul_app.content.pack import EditionPack
from consul_app.rules import lookup

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def sde2() -> EditionPack:
    return load_dirs([ROOT / "data"]).edition("sde2")


@pytest.mark.parametrize(
    ("query", "name", "words"),
    [
        ("clever", "Clever", "boss sighting"),
        ("dark refl", "Dark Reflection", "tile"),
        ("werecursed", "Werecursed", "shapeshift"),
    ],
)
def test_hero_keywords_are_found(sde2: EditionPack, query: str, name: str, words: str) -> None:
    hit = lookup(sde2, query)[0]
    assert (hit.kind, hit.name) == ("keyword", name)
    assert words in hit.text.lower()


@pytest.mark.parametrize(
    ("query", "name", "card"),
    [
        ("potion parrot", "Potion Parrot", "Black-Handed Henry"),
        ("loose cannon", "Loose Cannon", "Black-Handed Henry"),
        ("curse raven", "Curse Raven", "Elrik The Lich King"),
    ],
)
def test_fight_card_models_are_found(sde2: EditionPack, query: str, name: str, card: str) -> None:
    hit = lookup(sde2, query)[0]
    assert (hit.kind, hit.name) == ("fight-card model", name)
    assert card in hit.text
    assert "printed card" in hit.text


def test_a_boss_with_suspect_hearts_says_so(sde2: EditionPack) -> None:
    boss = sde2.dungeon_bosses["ymnaur-wintersson"]
    assert boss.hearts == 1
    assert boss.hearts_note is not None and "check your card" in boss.hearts_note
    hit = next(h for h in lookup(sde2, "ymnaur") if h.kind == "dungeon boss")
    assert "check your card" in hit.text
