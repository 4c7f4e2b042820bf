"""SDE 2.0 dungeon boss (dungeon-boss.txt, SDE 2.0; boss sightings in both texts): boss spawn,
spawning points and relics, boss sightings, timeout."""

from __future__ import annotations

import pytest
from msgspec import structs

from consul_app.content.models import CardEffect
from consul_app.content.pack import EditionPack
from consul_app.rules import (
    AddStatus,
    AdvanceChart,
    AnswerSighting,
    ChooseRelics,
    ConfirmStep,
    DestroyHero,
    DestroySpawningPoint,
    EndTurn,
    GameState,
    Heal,
    PlacedSpawningPoint,
    RuleError,
    SpawnBoss,
    Wound,
    apply,
    boss_status,
    eligible_relics,
    extra_relics,
    new_game,
    pending_decision,
    power_up_steps,
    refusal,
    relics_per_slot,
    timeout_threshold,
)

from .packs import current, finish_steps, make_setup, open_keys, play, run_to, with_spaces

BOSS = {"dungeon_boss": True}
THREE_POINTS = [
    PlacedSpawningPoint(id="burrow", tile=2),
    PlacedSpawningPoint(id="nest", tile=3),
    PlacedSpawningPoint(id="burrow", tile=4),
]


def boss_spawned(pack: EditionPack, **setup: object) -> GameState:
    """The boss is on the first space; it has just spawned."""
    with_spaces(pack, [BOSS])
    state = new_game(pack, make_setup(**setup))
    return play(pack, state, EndTurn(), AdvanceChart(space=1), SpawnBoss(boss=state.setup.boss))


def in_play(pack: EditionPack, **setup: object) -> GameState:
    """The boss fight has begun and every step is done (no relics chosen)."""
    return finish_steps(pack, boss_spawned(pack, **setup))


def test_boss_spawn_effects_are_resolved_right_after_it_spawns(sde2: EditionPack) -> None:
    """'BOSS SPAWN: Immediately after the boss spawns, resolve any effects listed under Boss
    Spawn.' Following the board: after the spawning points and the relics."""
    state = run_to(sde2, boss_spawned(sde2), "boss-spawn-effects")
    step = current(sde2, state)
    assert "Roar: Heroes are stunned." in step.text
    assert boss_status(sde2, state).boss_spawn[0].name == "Roar"


def test_the_remaining_spawning_points_feed_the_boss(sde2: EditionPack) -> None:
    """'SPAWNING POINTS AND RELICS: Once the boss fight starts, all remaining spawning points
    channel their energy to the dungeon boss.'"""
    state = play(sde2, new_game(sde2, make_setup(spawning_points=THREE_POINTS)))
    assert boss_status(sde2, state).relic_slots == 3
    state = play(sde2, state, DestroySpawningPoint(spawning_point="nest", tile=3))
    assert boss_status(sde2, state).relic_slots == 2
    state = boss_spawned(sde2, spawning_points=THREE_POINTS)
    assert "channel their energy to the dungeon boss" in current(sde2, state).text


def test_one_relic_per_spawning_point_remaining(sde2: EditionPack) -> None:
    """'When the dungeon boss spawns, it may choose and equip up to one relic equipment card for
    each spawning point remaining in the dungeon.'"""
    with_spaces(sde2, [BOSS])
    state = new_game(sde2, make_setup(spawning_points=THREE_POINTS))
    state = play(sde2, state, DestroySpawningPoint(spawning_point="burrow", tile=4))
    state = play(sde2, state, EndTurn(), ConfirmStep(step="rewards"), AdvanceChart(space=1))
    state = run_to(sde2, apply(sde2, state, SpawnBoss(boss="big")), "relics")
    decision = pending_decision(sde2, state)
    assert decision is not None and decision.limit == 2
    with pytest.raises(RuleError, match="only 2 relic"):
        apply(sde2, state, ChooseRelics(relics=["crown", "ring", "big-sword"]))
    state = apply(sde2, state, ChooseRelics(relics=["crown", "big-sword"]))
    assert state.boss.relics == ["crown", "big-sword"]
    assert boss_status(sde2, state).relics == ["crown", "big-sword"]


def test_the_boss_may_take_fewer_relics(sde2: EditionPack) -> None:
    """'... up to one relic ...'"""
    state = run_to(sde2, boss_spawned(sde2), "relics")
    assert apply(sde2, state, ChooseRelics(relics=[])).boss.relics == []


def test_all_spawning_points_are_then_removed(sde2: EditionPack) -> None:
    """'All spawning points are then removed.'"""
    state = boss_spawned(sde2)
    assert open_keys(sde2, state)[0] == "remove-spawning-points"
    state = apply(sde2, state, ConfirmStep(step="remove-spawning-points"))
    assert state.standing_spawning_points() == []
    assert {p.status for p in state.spawning_points} == {"removed"}


def test_no_loot_for_spawning_points_removed_this_way(sde2: EditionPack) -> None:
    """'(Heroes do not get loot for spawning points removed in this way.)'"""
    state = in_play(sde2)
    assert state.tally.spawning_point_tiles == []
    assert "rewards" not in open_keys(sde2, apply(sde2, state, EndTurn()))
    steps = power_up_steps(sde2, boss_spawned(sde2))
    assert "no loot" in next(s for s in steps if s.key == "remove-spawning-points").text


def test_relics_are_shown_on_the_boss_card(sde2: EditionPack) -> None:
    """'Tuck the relic card underneath the dungeon boss's card until only the name and
    abilities of the relic are showing.'"""
    state = play(sde2, run_to(sde2, boss_spawned(sde2), "relics"), ChooseRelics(relics=["ring"]))
    assert boss_status(sde2, state).relics == ["ring"]


def test_a_relic_takes_an_equipment_slot(sde2: EditionPack) -> None:
    """'(This takes up an equipment slot and works just like equipping loot or treasure to
    Heroes.)'"""
    step = current(sde2, run_to(sde2, boss_spawned(sde2), "relics"))
    assert {c.id: c.note for c in step.choices}["crown"] == "Head: +1 ARM."


def test_the_boss_gains_what_the_relic_lists(sde2: EditionPack) -> None:
    """'The dungeon boss gains all the abilities and bonuses listed on the relic card exactly as
    though they were printed on the model's card.'"""
    state = play(sde2, run_to(sde2, boss_spawned(sde2), "relics"), ChooseRelics(relics=["crown"]))
    assert [sde2.relics[r].effect for r in boss_status(sde2, state).relics] == ["+1 ARM."]


def test_a_relic_with_a_portrait_is_for_that_boss_only(sde2: EditionPack) -> None:
    """'Some relics may have a portrait of a specific dungeon boss on its card; if it does, it
    may only be chosen by the shown dungeon boss.'"""
    state = run_to(sde2, boss_spawned(sde2), "relics")
    assert [r.id for r in eligible_relics(sde2, state)] == ["crown", "big-sword", "ring"]
    with pytest.raises(RuleError, match="Odd Sword bears another boss's portrait"):
        apply(sde2, state, ChooseRelics(relics=["odd-sword"]))
    with pytest.raises(RuleError, match="unknown relic"):
        apply(sde2, state, ChooseRelics(relics=["spoon"]))


# Boss sighting (mighty-monster-chart.txt and dungeon-boss.txt say the same)


def sighting(pack: EditionPack, tiles: list[int]) -> GameState:
    with_spaces(pack, [{"boss_sighting": tiles}, BOSS])
    return play(pack, new_game(pack, make_setup()), EndTurn(), AdvanceChart(space=1))


def test_a_boss_sighting_names_tiles(sde2: EditionPack) -> None:
    """'If a space on the Mighty Monster Chart says Boss Sighting, it will also note a dungeon
    tile (or tiles).'"""
    decision = pending_decision(sde2, sighting(sde2, [1, 2]))
    assert decision is not None and decision.key == "boss-sighting"
    assert decision.text.startswith("Boss sighting on tiles 1 and 2. If any hero is there, ")
    assert decision.text.endswith("Are any heroes on those tiles?")
    assert [c.id for c in decision.choices] == ["yes", "no"]


def test_heroes_on_the_tiles_suffer_the_timeout_effect(sde2: EditionPack) -> None:
    """'If any Heroes are in the noted tiles when the Boss Sighting space is reached, then the
    dungeon boss's timeout effect is triggered and is applied to all models in those tiles.'"""
    state = apply(sde2, sighting(sde2, [1]), AnswerSighting(heroes_present=True))
    step = current(sde2, state)
    assert step.key == "sighting-effects"
    assert "to all models on tile 1" in step.text
    assert not state.boss.timeout  # a sighting is not the boss's timeout
    nobody = apply(sde2, sighting(sde2, [1]), AnswerSighting(heroes_present=False))
    assert open_keys(sde2, nobody) == [] and nobody.turn == 2


def test_the_timeout_effect_is_on_the_boss_fight_card(sde2: EditionPack) -> None:
    """'(A dungeon boss's timeout effect is listed on its boss fight card.)'"""
    state = apply(sde2, sighting(sde2, [1]), AnswerSighting(heroes_present=True))
    assert "Quake: All models within 3 take a wound." in current(sde2, state).text


def test_range_is_measured_from_a_hero_the_consul_chooses(sde2: EditionPack) -> None:
    """'If the timeout requires range to be measured from the dungeon boss, instead, the Consul
    chooses a Hero that is on one of the affected tiles and measures range from the chosen Hero
    instead.'"""
    state = apply(sde2, sighting(sde2, [1]), AnswerSighting(heroes_present=True))
    assert (
        "measured from a hero on those tiles that the Consul chooses" in current(sde2, state).text
    )


# Timeout


@pytest.mark.parametrize(("hearts", "threshold"), [(9, 5), (10, 5), (1, 1), (2, 1), (7, 4)])
def test_the_timeout_threshold_is_half_the_hearts_rounded_up(hearts: int, threshold: int) -> None:
    """'equal to, or greater than, half of the number of hearts': half of 9 is 4.5, so 5."""
    assert timeout_threshold(hearts) == threshold


def test_the_timeout_comes_as_soon_as_the_wounds_reach_half_the_hearts(sde2: EditionPack) -> None:
    """'TIMEOUT: Immediately after the boss has a number of wound tokens equal to, or greater
    than, half of the number of hearts on its card, a timeout is triggered.'"""
    state = in_play(sde2)
    assert boss_status(sde2, state).timeout_threshold == 5
    state = apply(sde2, state, Wound(wounds=4))
    assert not state.boss.timeout and open_keys(sde2, state) == []
    state = apply(sde2, state, Wound(wounds=1))
    assert state.boss.timeout
    assert open_keys(sde2, state) == ["timeout-heal-hero", "timeout-immune", "timeout-effects"]


def test_the_timeout_comes_before_any_further_action(sde2: EditionPack) -> None:
    """'Before any further actions are carried out, perform all of the following steps:'"""
    state = apply(sde2, in_play(sde2), Wound(wounds=7))
    for action in (Wound(wounds=1), DestroyHero(), EndTurn()):
        with pytest.raises(RuleError, match="First finish the current step: Timeout"):
            apply(sde2, state, action)
    assert finish_steps(sde2, state).open_step() is None


def test_the_boss_card_says_whether_the_timeout_is_running_or_done(sde2: EditionPack) -> None:
    state = apply(sde2, in_play(sde2), Wound(wounds=5))
    status = boss_status(sde2, state)
    assert (status.timeout, status.timeout_running) == (True, True)
    status = boss_status(sde2, finish_steps(sde2, state))
    assert (status.timeout, status.timeout_running) == (True, False)


def test_timeout_step_one_the_party_may_heal_a_hero(sde2: EditionPack) -> None:
    """'1. The party may choose one Hero and discard any number of equipment cards from the
    backpack. The chosen Hero Heals 1 (pg. 25) for each equipment card discarded in this
    way.'"""
    step = current(sde2, apply(sde2, in_play(sde2), Wound(wounds=5)))
    assert step.key == "timeout-heal-hero"
    assert "discard equipment cards from the backpack: that hero heals 1 per card" in step.text


def test_timeout_step_two_immune_to_critical_success(sde2: EditionPack) -> None:
    """'2. The dungeon boss becomes immune to critical success for the remainder of the game.
    It will not suffer additional wounds or effects due to critical success.'"""
    state = run_to(sde2, apply(sde2, in_play(sde2), Wound(wounds=5)), "timeout-immune")
    assert not boss_status(sde2, state).immune_to_crits
    state = finish_steps(sde2, state)
    assert boss_status(sde2, state).immune_to_crits
    state = apply(sde2, state, Heal(wounds=5))
    assert boss_status(sde2, state).immune_to_crits


def test_timeout_step_three_the_fight_cards_timeout_effects(sde2: EditionPack) -> None:
    """'3. Resolve any timeout effects listed on the Boss Fight card.'"""
    state = run_to(sde2, apply(sde2, in_play(sde2), Wound(wounds=5)), "timeout-effects")
    assert "Quake: All models within 3 take a wound." in current(sde2, state).text


def test_the_timeout_happens_only_once(sde2: EditionPack) -> None:
    """'A timeout is only triggered once, even if the boss later heals and then suffers enough
    wounds to trigger a timeout additional times'"""
    state = finish_steps(sde2, apply(sde2, in_play(sde2), Wound(wounds=5)))
    state = play(sde2, state, Heal(wounds=5), Wound(wounds=6))
    assert open_keys(sde2, state) == []
    assert boss_status(sde2, state).timeout


def test_wounds_that_defeat_the_boss_end_the_game_without_a_timeout(sde2: EditionPack) -> None:
    state = apply(sde2, in_play(sde2), Wound(wounds=12))
    status = boss_status(sde2, state)
    assert (status.wounds, status.defeated, status.timeout) == (9, True, False)
    with pytest.raises(RuleError, match="the heroes have won"):
        apply(sde2, state, EndTurn())


def test_a_boss_not_yet_spawned_cannot_be_wounded_or_given_status(sde2: EditionPack) -> None:
    state = new_game(sde2, make_setup())
    for action in (Wound(wounds=1), Heal(wounds=1), AddStatus(status="poison")):
        with pytest.raises(RuleError, match="Big Boss has not spawned yet"):
            apply(sde2, state, action)


def test_status_effects_on_the_boss(sde2: EditionPack) -> None:
    from consul_app.rules import RemoveStatus

    state = play(sde2, in_play(sde2), AddStatus(status="poison"), AddStatus(status="stun"))
    assert boss_status(sde2, state).status == ["poison", "stun"]
    with pytest.raises(RuleError, match="already has Poison"):
        apply(sde2, state, AddStatus(status="poison"))
    with pytest.raises(RuleError, match="unknown status effect"):
        apply(sde2, state, AddStatus(status="sleepy"))
    state = apply(sde2, state, RemoveStatus(status="poison"))
    assert boss_status(sde2, state).status == ["stun"]
    with pytest.raises(RuleError, match="has no Poison"):
        apply(sde2, state, RemoveStatus(status="poison"))


def test_a_sighting_applies_the_timeout_effect_but_is_not_the_timeout(sde2: EditionPack) -> None:
    """'If any Heroes are in the noted tiles when the Boss Sighting space is reached, then the
    dungeon boss's timeout effect is triggered and is applied to all models in those tiles.'
    Only the fight card's timeout effect: the boss's own timeout (heal a hero, immunity) stays
    to come, at half its hearts."""
    state = apply(sde2, sighting(sde2, [1, 2]), AnswerSighting(heroes_present=True))
    assert open_keys(sde2, state) == ["sighting-effects"]
    state = apply(sde2, state, ConfirmStep(step="sighting-effects"))
    status = boss_status(sde2, state)
    assert (status.timeout, status.immune_to_crits, status.spawned) == (False, False, False)
    state = finish_steps(sde2, apply(sde2, state, EndTurn()))  # space 2: the boss spawns
    state = apply(sde2, state, Wound(wounds=5))
    assert state.boss.timeout
    assert open_keys(sde2, state) == ["timeout-heal-hero", "timeout-immune", "timeout-effects"]


@pytest.mark.parametrize(("boss", "below", "at"), [("big", 4, 5), ("even", 4, 5)])
def test_the_timeout_threshold_in_play(sde2: EditionPack, boss: str, below: int, at: int) -> None:
    """'Immediately after the boss has a number of wound tokens equal to, or greater than, half
    of the number of hearts on its card, a timeout is triggered.' 9 hearts (half is 4.5) and
    10 hearts (half is 5) both time out at 5 wounds, not at 4."""
    state = apply(sde2, in_play(sde2, boss=boss), Wound(wounds=below))
    assert not state.boss.timeout
    assert apply(sde2, state, Wound(wounds=at - below)).boss.timeout


def test_immunity_to_critical_success_lasts_the_whole_game(sde2: EditionPack) -> None:
    """'2. The dungeon boss becomes immune to critical success for the remainder of the game.'
    Healed and wounded past half again: still immune, and no second timeout."""
    state = finish_steps(sde2, apply(sde2, in_play(sde2), Wound(wounds=5)))
    for action in (Heal(wounds=5), Wound(wounds=6), EndTurn()):
        state = finish_steps(sde2, apply(sde2, state, action))
        assert boss_status(sde2, state).immune_to_crits
        assert not any(k.startswith("timeout") for k in open_keys(sde2, state))


def test_relics_go_by_the_spawning_points_standing_when_the_boss_spawns(
    sde2: EditionPack,
) -> None:
    """'When the dungeon boss spawns, it may choose and equip up to one relic equipment card for
    each spawning point remaining in the dungeon.' Destroyed ones do not count; a relic is
    chosen once."""
    with_spaces(sde2, [BOSS])
    state = new_game(sde2, make_setup(spawning_points=THREE_POINTS))
    state = play(
        sde2,
        state,
        DestroySpawningPoint(spawning_point="burrow", tile=2),
        DestroySpawningPoint(spawning_point="nest", tile=3),
        EndTurn(),
        ConfirmStep(step="rewards"),
        AdvanceChart(space=1),
        SpawnBoss(boss="big"),
    )
    assert state.boss.relic_slots == 1
    state = run_to(sde2, state, "relics")
    assert pending_decision(sde2, state).limit == 1
    with pytest.raises(RuleError, match="only 1 relic"):
        apply(sde2, state, ChooseRelics(relics=["crown", "ring"]))
    state = apply(sde2, state, ChooseRelics(relics=["big-sword"]))
    state = finish_steps(sde2, state)
    assert boss_status(sde2, state).relics == ["big-sword"]
    assert [p.status for p in state.spawning_points] == ["destroyed", "destroyed", "removed"]


def test_one_relic_per_equipment_slot(sde2: EditionPack) -> None:
    """'(This takes up an equipment slot and works just like equipping loot or treasure to
    Heroes.)' One card per slot, unless a card says otherwise."""
    sde2.relics["helm"] = structs.replace(sde2.relics["crown"], id="helm", name="Helm")
    state = run_to(sde2, boss_spawned(sde2, spawning_points=THREE_POINTS), "relics")
    assert relics_per_slot(sde2, state) == 1
    with pytest.raises(RuleError, match="Crown and Helm both take the Head slot"):
        apply(sde2, state, ChooseRelics(relics=["crown", "helm"]))
    assert refusal(sde2, state, ChooseRelics(relics=["crown", "ring", "helm"])) is not None
    assert apply(sde2, state, ChooseRelics(relics=["crown", "ring"])).boss.relics == [
        "crown",
        "ring",
    ]
    assert "one relic per equipment slot" in current(sde2, state).text


def test_forge_master_equips_two_relics_per_slot(sde2: EditionPack) -> None:
    """Forge Master: 'This dungeon boss may equip up to two Relic Items per slot.'"""
    sde2.relics["helm"] = structs.replace(sde2.relics["crown"], id="helm", name="Helm")
    sde2.dungeon_bosses["big"] = structs.replace(
        sde2.dungeon_bosses["big"], keywords=["Forge Master"]
    )
    state = run_to(sde2, boss_spawned(sde2, spawning_points=THREE_POINTS), "relics")
    assert relics_per_slot(sde2, state) == 2
    assert apply(sde2, state, ChooseRelics(relics=["crown", "helm"])).boss.relics == [
        "crown",
        "helm",
    ]


def test_riches_and_armory_equip_more_relics(sde2: EditionPack) -> None:
    """Riches: 'When this boss spawns, it equips one additional relic item.' Armory (a fight
    card's effect): 'Equip three Relic Items (in addition to any equipped due to remaining
    spawning points).'"""
    sde2.dungeon_bosses["big"] = structs.replace(sde2.dungeon_bosses["big"], keywords=["Riches"])
    assert boss_spawned(sde2).boss.relic_slots == 3  # two spawning points and Riches
    armory = CardEffect(name="Armory", text="Three more relics.")
    sde2.fight_cards["big-card"] = structs.replace(
        sde2.fight_cards["big-card"], dungeon_effect=[armory]
    )
    state = boss_spawned(sde2)
    assert state.boss.relic_slots == 6
    assert extra_relics(sde2, state) == [("Riches", 1), ("Armory", 3)]
    text = current(sde2, run_to(sde2, state, "relics")).text
    assert "1 more for Riches, 3 more for Armory" in text
