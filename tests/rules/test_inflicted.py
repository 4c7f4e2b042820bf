"""Issue 23: a keyword that names a status effect is one the model inflicts ("a model with
Bane causes Bane when it wounds"), told apart from the status effects it suffers."""

from __future__ import annotations

from pathlib import Path

import pytest
from msgspec import structs

from consul_app.content.loader import load_dirs
from consul_app.content.pack import EditionPack
from consul_app.rules import card, default_setup, new_game
from consul_app.rules.model.state import BossState

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def bundled() -> EditionPack:
    return load_dirs([ROOT / "data"]).edition("sde2")


def test_a_status_keyword_on_a_card_is_what_it_causes(bundled: EditionPack) -> None:
    state = new_game(bundled, default_setup(bundled))
    view = card(bundled, state, "nether-wyrmling")
    bane = next(t for t in view.keywords if t.name == "Bane")
    status = bundled.status_effects["bane"].text
    assert bane.text == f"Causes Bane when it wounds: {status}"


def test_a_relic_status_keyword_is_caused_and_a_status_suffered_is_the_status(
    bundled: EditionPack,
) -> None:
    """Brain Chain: 'Gains Ice': the bearer causes Ice, it does not suffer it."""
    setup = structs.replace(default_setup(bundled), boss="elrik-the-lich-king")
    state = structs.replace(
        new_game(bundled, setup),
        boss=BossState(spawned=True, relics=["brain-chain"], relic_slots=1, status=["ice"]),
    )
    view = card(bundled, state, "elrik-the-lich-king")
    gained = next(t for t in view.gained if t.name == "Ice")
    assert gained.text.startswith("Causes Ice when it wounds: ")
    assert gained.source == "relic Brain Chain"
    suffered = next(t for t in view.suffers if t.name == "Ice")
    assert suffered.text == bundled.status_effects["ice"].text


def test_the_massive_damage_bonus_says_what_the_keyword_says(bundled: EditionPack) -> None:
    """Massive Damage: a wound dealt brings one more (not "counts double")."""
    keyword = bundled.keywords["massive-damage"].text
    bonus = bundled.bonuses["bonus-massive-damage"].text
    assert keyword.lower().rstrip(".") in bonus.lower()


def test_a_card_with_two_defense_stats_says_which_a_basic_attack_is_rolled_against(
    bundled: EditionPack,
) -> None:
    """Clan Water Shrine Kunoichi: the reference names ARM 0ST and DEX 2R as its defense: the
    Consul rolls either, its choice (README "Where the rules leave room"); one stat alone: it."""
    state = new_game(bundled, default_setup(bundled))
    kunoichi = card(bundled, state, "clan-water-shrine-kunoichi")
    assert kunoichi.basic_defense == "basic attacks roll against its ARM or DEX, your choice"
    wyrmling = card(bundled, state, "nether-wyrmling")
    assert wyrmling.basic_defense == "basic attacks roll against its ARM"


def test_a_spawning_point_that_attacks_has_its_basic_attack(bundled: EditionPack) -> None:
    """Clan Ijin Madoushi: a spawning point whose card has a magic attack (WILL, range 3)."""
    state = new_game(bundled, default_setup(bundled))
    view = card(bundled, state, "clan-ijin-madoushi")
    attack = next(a for a in view.actions if a.basic)
    assert (attack.name, attack.rolls, attack.range, attack.ap) == ("Magic attack", "WILL", 3, 1)
