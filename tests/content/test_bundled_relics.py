"""Every bundled relic's effect is content the engine applies: each stat change of the
reference is a modifier (applied on the boss's card, or marked "not applied: use your card"),
each keyword and ability it gives has a text, and a relic whose effect the reference lacks says
so. Nothing a relic changes is left silently as the printed figure."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from consul_app.content.loader import load_dirs
from consul_app.content.models import Relic
from consul_app.content.pack import EditionPack
from consul_app.rules import GameState, card, default_setup, edition, new_game
from consul_app.rules.handlers.hearts import hearts_with

DATA = Path(__file__).resolve().parents[2] / "data"
REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference" / "sde"
NOT_APPLIED = "not applied: use your card"


@pytest.fixture(scope="module")
def packs() -> dict[str, EditionPack]:
    return load_dirs([DATA]).editions  # type: ignore[return-value]


def _relics(packs: dict[str, EditionPack]) -> list[tuple[str, Relic]]:
    return [(ed, r) for ed in ("sde2", "classic") for r in packs[ed].relics.values()]


def wearing(pack: EditionPack, relic: Relic) -> tuple[GameState, str]:
    """A game whose boss (one of the relic's portrait, else the first) is in play with it."""
    setup = default_setup(pack)
    if relic.portrait and relic.portrait[0] in pack.dungeon_bosses:
        setup = msgspec.structs.replace(setup, boss=relic.portrait[0])
    state = new_game(pack, setup)
    state.boss.spawned = True
    state.boss.relics = [relic.id]
    state.boss.hearts = hearts_with(pack, state, [relic.id])
    return state, setup.boss


def test_every_bundled_relic_shows_what_it_changes(packs: dict[str, EditionPack]) -> None:
    """On its boss's card each modifier either changes the figure (marked "relic NAME", in 1.0
    "treasure NAME") or says it is not applied; each relic keyword and ability has its text;
    its actions are listed with their rolls."""
    assert len(_relics(packs)) > 90
    for ed, relic in _relics(packs):
        pack = packs[ed]
        state, boss = wearing(pack, relic)
        view = card(pack, state, boss)
        reasons = [a.text for f in view.stats for a in f.added] + [
            a.text for a in view.hearts_added
        ]
        printed = pack.dungeon_bosses[boss]
        word = edition(ed).words.relic  # (1.0: its treasure)
        for mod in relic.modifiers:
            if mod.not_applied:
                assert any(NOT_APPLIED in r and relic.name in r for r in reasons), relic.id
            elif mod.stat == "HEARTS":
                assert view.hearts == printed.hearts + mod.add, relic.id
            elif mod.stat != "POTIONS":
                field = mod.stat.lower() if mod.stat in ("MOVE", "AP") else mod.stat
                assert getattr(printed.stats, field) is not None, (relic.id, mod.stat)
                assert f"{mod.add}: {word} {relic.name}" in " ".join(reasons), (relic.id, mod.stat)
        for trait in (t for t in view.gained if t.source == f"{word} {relic.name}"):
            assert trait.text, (relic.id, trait.name)
        if relic.not_applied:
            assert any(NOT_APPLIED in note for note in view.notes), relic.id
        assert not any("Not applied" in n for n in view.notes)


@pytest.mark.skipif(not REFERENCE.is_dir(), reason="the reference (../shared) is not here")
def test_every_stat_change_of_the_reference_is_a_modifier(packs: dict[str, EditionPack]) -> None:
    """Each relic's stat modifiers in the reference are all in its content (as a modifier, or
    one marked not applied), and a relic the reference gives no effect for says so."""
    records = json.loads((REFERENCE / "2.0" / "relics.json").read_text())["relics"]
    treasure = json.loads((REFERENCE / "1.0" / "treasure.json").read_text())["treasure"]
    records += [t for t in treasure if t["type"] == "Character Treasure"]
    by_name = {(r["product_set"], r["name"]): r for r in records}
    for ed, relic in _relics(packs):
        record = by_name[("2.0" if ed == "sde2" else "1.0", relic.name)]
        stats = sorted(m["attribute"] for m in record["stat_modifiers"] if not m.get("affinity"))
        assert sorted(m.stat for m in relic.modifiers) == stats, relic.id
        if not record["effect"] and not record["keywords"] and not record["abilities"]:
            assert relic.not_applied, relic.id


def test_a_bare_number_on_a_dice_stat_is_applied_as_static_stars(
    packs: dict[str, EditionPack],
) -> None:
    """Issue 23: Fire Breath Potion's '+1 DEX' and Icy Armor Potion's '+1 ARM' (no die colour
    in the reference) are applied as +1ST (a fixed star), never left 'not applied'."""
    sde2 = packs["sde2"]
    for relic_id, stat in (("fire-breath-potion", "DEX"), ("icy-armor-potion", "ARM")):
        mods = sde2.relics[relic_id].modifiers
        assert [(m.stat, str(m.add), m.not_applied) for m in mods] == [(stat, "1ST", None)]
