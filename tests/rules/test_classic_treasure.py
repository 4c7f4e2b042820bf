"""SDE 1.0 boss treasure: the Character Treasure cards bearing the boss's portrait (the
reference's 1.0 "boss/mini-boss relics", reference/sde/1.0/treasure.json), equipped when it is
summoned and applied on its card as 2.0 relics are ("The dungeon boss gains all the abilities and
bonuses listed on the relic card exactly as though they were printed on the model's card")."""

from __future__ import annotations

from session.players import bundled_pack

from consul_app.content.pack import EditionPack
from consul_app.rules import (
    AdvanceGauge,
    DestroySpawningPoint,
    EndTurn,
    EquipRelics,
    GameState,
    PlacedSpawningPoint,
    Setup,
    apply,
    boss_status,
    card,
    new_game,
    power_up_steps,
)


def _von_drakk_summoned() -> tuple[EditionPack, GameState]:
    """A 1.0 game whose last spawning point fell: Von Drakk summoned, his treasure next."""
    pack = bundled_pack().edition("classic")
    setup = Setup(
        edition="classic",
        boss="von-drakk",
        spawning_points=[PlacedSpawningPoint(id="egg-clutch", tile=2)],
    )
    state = apply(pack, new_game(pack, setup), AdvanceGauge())
    state = apply(pack, state, DestroySpawningPoint(spawning_point="egg-clutch", tile=2))
    state = apply(pack, state, EndTurn())
    spawn = next(s for s in power_up_steps(pack, state) if s.current)
    assert spawn.action is not None
    return pack, apply(pack, state, spawn.action)


def test_von_drakk_equips_his_treasure_and_his_card_applies_it() -> None:
    pack, state = _von_drakk_summoned()
    step = next(s for s in power_up_steps(pack, state) if s.current)
    assert step.title == "Equip the boss's treasure"
    his = {r.id for r in pack.relics.values() if r.portrait == ["von-drakk"]}
    assert {c.id for c in step.choices} == his and len(his) == 6 and step.limit == 6
    assert "Character Treasure" in step.text
    dex = next(f.text for f in card(pack, state, "von-drakk").stats if f.stat == "DEX")
    state = apply(pack, state, EquipRelics(relics=["bat-winged-key", "bewitched-wand"]))
    view = card(pack, state, "von-drakk")
    assert next(f.text for f in view.stats if f.stat == "DEX") == f"{dex} +1R"
    assert {t.name: t.source for t in view.gained}["Fly"] == "treasure Bat Winged Key!"
    assert view.relics_title == "Treasure"
    assert [r.name for r in view.relics] == ["Bat Winged Key!", "Bewitched Wand"]
    assert "the boss's treasure applies" in " ".join(view.notes)


def test_the_adventure_effects_wait_for_the_treasure_in_its_words() -> None:
    """Summoned, Von Drakk equips his treasure before the Adventure Effects card's boss fight
    effects: the boss card says they come after the treasure (1.0 has no relics)."""
    pack, state = _von_drakk_summoned()
    assert boss_status(pack, state).spawn_due == "to resolve after the treasure"
    state = apply(pack, state, EquipRelics(relics=[]))
    assert boss_status(pack, state).spawn_due == "to resolve next"
