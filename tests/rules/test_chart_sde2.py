"""SDE 2.0 Mighty Monster Chart: advancing, the order of effects, spawning, mini-boss and
dungeon boss spaces. Each test quotes the sentence of mighty-monster-chart.txt it checks."""

from __future__ import annotations

import pytest
from msgspec import structs

from consul_app.content.models import ChartSpace
from consul_app.content.pack import EditionPack
from consul_app.rules import (
    AddStatus,
    AdvanceChart,
    AnswerSighting,
    ChooseBonus,
    ConfirmStep,
    DestroyMiniBoss,
    DestroySpawningPoint,
    EndTurn,
    GameState,
    RuleError,
    Spawn,
    SpawnBoss,
    SpawnMiniBoss,
    Wound,
    apply,
    current_space,
    describe,
    monster_bonuses,
    new_game,
    power_up_steps,
    turns_until,
    upcoming_spaces,
)

from .packs import (
    current,
    finish_steps,
    make_setup,
    next_turn,
    open_keys,
    play,
    run_to,
    with_spaces,
)


def at_space(pack: EditionPack, state: GameState, number: int) -> GameState:
    """Play whole turns until the chart stands on the space before `number`, then end the turn
    and advance onto it (its steps are due)."""
    while state.position < number - 1:
        state = next_turn(pack, state)
    return run_to(pack, apply(pack, state, EndTurn()), "advance-chart")


def reach(pack: EditionPack, state: GameState, number: int) -> GameState:
    return apply(pack, at_space(pack, state, number), AdvanceChart(space=number))


@pytest.fixture
def game(sde2: EditionPack) -> GameState:
    return new_game(sde2, make_setup())


def test_the_chart_grows_the_consuls_wrath(sde2: EditionPack, game: GameState) -> None:
    """'As the game progresses the Consul's wrath will grow, increasing the strength of the
    monsters in the dungeon and summoning monsters, mini-bosses and the powerful dungeon boss.'"""
    state = game
    while not state.boss.spawned:
        state = next_turn(sde2, state)
    assert state.bonuses
    assert state.mini_boss is not None
    assert state.boss.spawned


def test_the_boss_advances_one_space_at_the_end_of_every_consul_turn(
    sde2: EditionPack, game: GameState
) -> None:
    """'Advance the dungeon boss along the mighty monster chart one space at the end of every
    Consul Turn.'"""
    assert game.position == 0 and current_space(sde2, game) is None
    state = apply(sde2, game, EndTurn())
    assert state.phase == "power-up"
    assert open_keys(sde2, state)[-1] == "advance-chart"
    state = finish_steps(sde2, state)
    assert (state.position, state.turn, state.phase) == (1, 2, "turn")
    assert next_turn(sde2, state).position == 2
    with pytest.raises(RuleError):
        apply(sde2, state, AdvanceChart(space=2))  # not before the Consul turn ends


def test_spaces_trigger_effects_and_plain_spaces_none(sde2: EditionPack) -> None:
    """'Most spaces will trigger some sort of effect, such as spawning new monsters, providing
    bonuses for the monsters in the dungeon, or boss sighting.'"""
    spaces = sde2.charts["standard"].spaces
    sde2.charts["standard"] = structs.replace(
        sde2.charts["standard"], spaces=[ChartSpace(), *spaces]
    )
    state = reach(sde2, new_game(sde2, make_setup()), 1)
    assert open_keys(sde2, state) == []
    assert state.turn == 2  # nothing to do: the power-up phase ended
    state = reach(sde2, state, 2)
    assert open_keys(sde2, state) == ["spawn"]


def test_a_space_resolves_spawn_then_bonuses_then_boss_sightings(
    sde2: EditionPack, game: GameState
) -> None:
    """'If a space on the Mighty Monster Chart causes several things to happen, apply them in
    the following order: - Spawn monsters and bosses. - Apply dice and status effect bonuses.
    - Resolve boss sightings.'"""
    state = reach(sde2, game, 7)
    assert open_keys(sde2, state) == ["spawn", "bonuses", "boss-sighting"]
    state = reach(sde2, game, 4)
    assert open_keys(sde2, state) == ["spawn", "mini-boss"]


def test_bonus_spaces_remind_of_the_reference_card(sde2: EditionPack, game: GameState) -> None:
    """'When a space is reached that provides a bonus to the monsters in the dungeon, take the
    appropriate mighty monster reference card and place it next to the monsters' cards as a
    reminder to use the bonus.' (said twice in the text)"""
    step = current(sde2, reach(sde2, game, 5))
    assert step.key == "bonuses"
    assert "reference card next to the monster cards" in step.text
    choose = current(sde2, reach(sde2, game, 2))  # a "choose one" space grants a bonus too
    assert choose.key == "choose-bonus"
    assert "reference card next to the monster cards" in choose.text


def test_a_bonus_step_names_the_bonus_once(sde2: EditionPack, game: GameState) -> None:
    """'When a space is reached that grants a bonus, the monsters on the dungeon gain the bonus
    listed': the step says which, without "Monsters gain Monsters cause Poison"."""
    step = current(sde2, reach(sde2, game, 5))
    names = "Massive Damage, Monsters cause Poison"
    assert step.text.startswith(f"New bonus for the monsters: {names}.")
    assert describe(sde2, ChooseBonus(bonus="poisoning")) == "Bonus chosen: Monsters cause Poison"


def test_the_spaces_passed_stay_marked(sde2: EditionPack, game: GameState) -> None:
    """'The Consul can also place a spare token on the space as a further reminder.'"""
    from consul_app.rules import bonuses_by_rank, chart_spaces

    state = finish_steps(sde2, reach(sde2, game, 5))
    marks = [(v.number, v.passed, v.current) for v in chart_spaces(sde2, state)][:6]
    assert marks == [
        (1, True, False),
        (2, True, False),
        (3, True, False),
        (4, True, False),
        (5, False, True),
        (6, False, False),
    ]
    reasons = {line.reason for line in bonuses_by_rank(sde2, state)["minion"].lines}
    assert reasons == {"chart space 2", "chart space 5"}


def test_the_upcoming_spaces_and_turns_until_the_mini_boss_and_boss(
    sde2: EditionPack, game: GameState
) -> None:
    assert [v.number for v in upcoming_spaces(sde2, game)] == [1, 2, 3, 4, 5]
    assert upcoming_spaces(sde2, game)[0].summary == "Spawn 3 (8-Bit)"
    until = turns_until(sde2, game)
    assert (until.mini_boss, until.boss) == (4, 8)
    state = next_turn(sde2, next_turn(sde2, next_turn(sde2, next_turn(sde2, game))))
    assert (turns_until(sde2, state).mini_boss, turns_until(sde2, state).boss) == (2, 4)


# Spawning


def test_spawn_spaces_spawn_during_that_power_up_phase(sde2: EditionPack, game: GameState) -> None:
    """'Most spaces on the Mighty Monster Chart indicate a number of monsters or bosses to spawn.
    When the space is reached, the monsters spawn during that power-up phase.'"""
    state = reach(sde2, game, 1)
    assert state.phase == "power-up" and current(sde2, state).key == "spawn"
    state = apply(sde2, state, Spawn(monsters={"kobold": 3}))
    assert state.phase == "power-up"
    assert apply(sde2, state, ConfirmStep(step="spawn")).phase == "turn"


def test_spawning_brings_monsters_from_the_pool_into_the_dungeon(
    sde2: EditionPack, game: GameState
) -> None:
    """'Spawning is how new monsters enter the dungeon.'"""
    state = apply(sde2, reach(sde2, game, 1), Spawn(monsters={"kobold": 2}))
    assert (state.pool["kobold"], state.board["kobold"]) == (4, 2)


def test_only_monsters_in_the_spawning_pool_may_spawn(sde2: EditionPack, game: GameState) -> None:
    """'Only monsters that are available in the spawning pool may spawn.'"""
    state = reach(sde2, game, 4)
    with pytest.raises(RuleError, match="only 1 Dragon in the spawning pool, not 2"):
        apply(sde2, state, Spawn(monsters={"dragon": 2}))
    with pytest.raises(RuleError, match="no Cat is left in the spawning pool"):
        apply(sde2, state, Spawn(monsters={"cat": 1}))


def test_the_space_gives_the_skull_points_to_spawn(sde2: EditionPack, game: GameState) -> None:
    """'The space that the dungeon boss occupies indicates how many skull points worth of
    monsters may be selected from the spawning pool.'"""
    state = reach(sde2, game, 1)
    assert current(sde2, state).budget == 3
    with pytest.raises(RuleError, match="4 skull points, but only 3 of 3 are left"):
        apply(sde2, state, Spawn(monsters={"kobold": 2, "kobold-elite": 1}))
    spent = apply(sde2, state, Spawn(monsters={"kobold": 3}))
    with pytest.raises(RuleError, match="that is 1 skull point, but only 0 of 3 are left"):
        apply(sde2, spent, Spawn(monsters={"kobold": 1}))


def test_the_space_notes_which_bits_may_spawn(sde2: EditionPack, game: GameState) -> None:
    """'It will also note whether these monsters can be 8-Bit or 16-Bit.'"""
    assert current(sde2, reach(sde2, game, 1)).bits == ["8-bit"]
    assert current(sde2, reach(sde2, game, 4)).bits == ["8-bit", "16-bit"]


def test_an_8_bit_space_spawns_8_bit_monsters_only(sde2: EditionPack, game: GameState) -> None:
    """'If the space has the 8-Bit symbol then 8-Bit monsters may be spawned that turn.'"""
    state = reach(sde2, game, 1)
    assert apply(sde2, state, Spawn(monsters={"kobold-elite": 1})).board["kobold-elite"] == 1
    with pytest.raises(RuleError, match="Dragon is 16-Bit: only 8-Bit may spawn"):
        apply(sde2, state, Spawn(monsters={"dragon": 1}))


def test_a_16_bit_space_spawns_16_bit_and_both_symbols_both(sde2: EditionPack) -> None:
    """'If it has the 16-Bit symbol then 16-Bit monsters may be spawned that turn, and if it has
    both symbols then both 8-Bit and 16-Bit monsters may be spawned that turn.'"""
    spaces = [ChartSpace(spawn=4, bits=["16-bit"]), *sde2.charts["standard"].spaces]
    sde2.charts["standard"] = structs.replace(sde2.charts["standard"], spaces=spaces)
    game = new_game(sde2, make_setup())
    state = reach(sde2, game, 1)
    assert apply(sde2, state, Spawn(monsters={"dragon": 1})).board["dragon"] == 1
    with pytest.raises(RuleError, match="Kobold is 8-Bit: only 16-Bit may spawn"):
        apply(sde2, state, Spawn(monsters={"kobold": 1}))
    state = reach(sde2, game, 5)  # the old space 4: both symbols
    state = play(sde2, state, Spawn(monsters={"dragon": 1}))
    assert current(sde2, state).spent == 4


def test_the_consul_selects_the_skull_points_from_the_pool(
    sde2: EditionPack, game: GameState
) -> None:
    """'The Consul selects the indicated number of skull points worth of monsters from the
    spawning pool.'"""
    state = reach(sde2, game, 1)
    state = play(sde2, state, Spawn(monsters={"kobold": 1}), Spawn(monsters={"kobold-elite": 1}))
    assert current(sde2, state).spent == 3
    with pytest.raises(RuleError, match="only 0 of 3 are left"):
        apply(sde2, state, Spawn(monsters={"kobold": 1}))


def test_monsters_are_placed_near_any_spawning_point(sde2: EditionPack, game: GameState) -> None:
    """'Place each of the selected monsters within three squares and line of sight of any
    spawning point model.'"""
    assert (
        "within three squares and line of sight of any spawning point"
        in current(sde2, reach(sde2, game, 1)).text
    )


def test_a_monster_need_not_spawn_from_its_own_spawning_point(
    sde2: EditionPack, game: GameState
) -> None:
    """'(A monster is not required to be spawned from a spawning point which lists the
    monster.)' The Dragon comes with the Nest but may spawn after the Nest is destroyed."""
    state = play(sde2, game, DestroySpawningPoint(spawning_point="nest", tile=3))
    state = apply(sde2, reach(sde2, state, 4), Spawn(monsters={"dragon": 1}))
    assert state.board["dragon"] == 1


def test_monsters_may_be_split_among_spawning_points(sde2: EditionPack, game: GameState) -> None:
    """'Monsters may be split up and spawned from any spawning point in the dungeon, in any
    combination.'"""
    assert "any spawning point, in any combination" in current(sde2, reach(sde2, game, 1)).text


def test_monsters_that_do_not_fit_stay_in_the_pool(sde2: EditionPack, game: GameState) -> None:
    """'If there is not enough space to place monsters, the excess monsters may not be spawned
    and remain in the spawning pool.'"""
    state = reach(sde2, game, 1)
    assert "do not fit stay in the spawning pool" in current(sde2, state).text
    state = play(sde2, state, Spawn(monsters={"kobold": 1}), ConfirmStep(step="spawn"))
    assert (state.pool["kobold"], state.board["kobold"]) == (5, 1)


def test_large_bases_need_one_square_within_three(sde2: EditionPack, game: GameState) -> None:
    """'Large-based models must occupy at least one square within three squares of the spawning
    point.'"""
    assert "a large base needs one square within three" in current(sde2, reach(sde2, game, 1)).text


# Mini-boss


def test_the_mini_boss_is_placed_at_an_exit_of_the_second_or_third_tile(
    sde2: EditionPack, game: GameState
) -> None:
    """'When Spawn Mini-Boss is reached, the Consul must place the mini-boss model adjacent to
    any dungeon exit in the second or third tile.'"""
    state = run_to(sde2, reach(sde2, game, 4), "mini-boss")
    step = current(sde2, state)
    assert step.needs_answer and [c.id for c in step.choices] == ["chief", "queen"]
    assert "adjacent to any dungeon exit in the second or third tile" in step.text
    state = apply(sde2, state, SpawnMiniBoss(mini_boss="queen"))
    assert state.mini_boss is not None and state.mini_boss.id == "queen"


def test_the_mini_boss_may_go_anywhere_without_room(sde2: EditionPack, game: GameState) -> None:
    """'If there is no space to place the mini-boss in this manner, the Consul may place it
    anywhere in the dungeon.'"""
    step = current(sde2, run_to(sde2, reach(sde2, game, 4), "mini-boss"))
    assert "anywhere in the dungeon if there is no room there" in step.text


def test_only_one_mini_boss_at_a_time(sde2: EditionPack, game: GameState) -> None:
    """'Only one mini-boss may be on the dungeon at a time.'"""
    state = finish_steps(sde2, reach(sde2, game, 4))
    assert state.mini_boss is not None
    with pytest.raises(RuleError, match="a Spawn Mini-Boss space"):
        apply(sde2, state, SpawnMiniBoss(mini_boss="queen"))
    state = reach(sde2, state, 6)
    assert "mini-boss" not in open_keys(sde2, state)


def test_a_mini_boss_on_the_dungeon_is_refreshed_instead(
    sde2: EditionPack, game: GameState
) -> None:
    """'If a spawn mini-boss space is reached and another mini-boss is already on the dungeon,
    remove all wound and status effect tokens from the mini-boss instead of spawning a new
    one.'"""
    state = finish_steps(sde2, reach(sde2, game, 4))
    state = play(
        sde2,
        state,
        Wound(target="mini-boss", wounds=3),
        AddStatus(target="mini-boss", status="poison"),
    )
    state = reach(sde2, state, 6)
    assert open_keys(sde2, state) == ["mini-boss-refresh"]
    state = apply(sde2, state, ConfirmStep(step="mini-boss-refresh"))
    assert state.mini_boss.id == "chief"
    assert (state.mini_boss.wounds, state.mini_boss.status) == (0, [])


def test_a_destroyed_mini_boss_makes_room_for_the_next(sde2: EditionPack, game: GameState) -> None:
    state = finish_steps(sde2, reach(sde2, game, 4))
    state = apply(sde2, state, Wound(target="mini-boss", wounds=6))
    assert state.mini_boss is None and state.mini_bosses_destroyed == ["chief"]
    state = reach(sde2, state, 6)
    step = current(sde2, state)
    assert step.key == "mini-boss" and step.action == SpawnMiniBoss(mini_boss="queen")


def test_a_mini_boss_space_with_none_left_says_so(sde2: EditionPack) -> None:
    """'When Spawn Mini-Boss is reached, the Consul must place the mini-boss model adjacent to
    any dungeon exit in the second or third tile.' With every mini-boss the Consul brought
    destroyed there is none to place: the step says so, done at once, and asks nothing."""
    spawn_and_mini_boss = {"spawn": 3, "bits": ["8-bit"], "mini_boss": True}
    with_spaces(sde2, [{"mini_boss": True}, spawn_and_mini_boss, {"dungeon_boss": True}])
    game = new_game(sde2, make_setup(mini_bosses=["chief"]))
    state = finish_steps(sde2, reach(sde2, game, 1))
    state = apply(sde2, state, Wound(target="mini-boss", wounds=6))
    state = reach(sde2, state, 2)
    steps = power_up_steps(sde2, state)
    assert [(s.key, s.done) for s in steps[-2:]] == [("spawn", False), ("mini-boss", True)]
    none_left = steps[-1]
    assert none_left.title == "Spawn the mini-boss: none left to spawn"
    assert none_left.text == (
        "No mini-boss is left to spawn (Chief destroyed): this space brings none."
    )
    assert not none_left.choices
    assert finish_steps(sde2, state).mini_boss is None


# Dungeon boss


def test_the_dungeon_boss_spawns_on_its_space(sde2: EditionPack, game: GameState) -> None:
    """'When Spawn Dungeon Boss is reached, spawn the dungeon boss.' (mighty-monster-chart.txt
    and dungeon-boss.txt, SDE 2.0)"""
    state = reach(sde2, game, 8)
    step = current(sde2, state)
    assert step.key == "boss-spawn" and step.action == SpawnBoss(boss="big")
    assert apply(sde2, state, step.action).boss.spawned


def test_the_boss_leaves_the_chart_for_an_exit_of_tile_two_or_three(
    sde2: EditionPack, game: GameState
) -> None:
    """'The Consul must remove the dungeon boss from the Mighty Monster Chart and place it
    adjacent to any dungeon exit in the second or third tile.' (both texts)"""
    state = reach(sde2, game, 8)
    assert (
        "Remove Big Boss from the chart and place it adjacent to any dungeon exit in the "
        "second or third tile" in current(sde2, state).text
    )
    state = finish_steps(sde2, state)
    assert upcoming_spaces(sde2, state) == []
    assert turns_until(sde2, state).boss is None
    assert "advance-chart" not in open_keys(sde2, apply(sde2, state, EndTurn()))


def test_the_boss_may_go_anywhere_without_room(sde2: EditionPack, game: GameState) -> None:
    """'If there is no space to place the dungeon boss in this manner, the Consul may place it
    anywhere in the dungeon.' (both texts)"""
    assert "anywhere in the dungeon if there is no room" in current(sde2, reach(sde2, game, 8)).text


def test_the_boss_spawn_triggers_a_boss_fight(sde2: EditionPack, game: GameState) -> None:
    """'This triggers a Boss Fight.' (both texts)"""
    state = apply(sde2, reach(sde2, game, 8), SpawnBoss(boss="big"))
    assert open_keys(sde2, state) == ["remove-spawning-points", "relics", "boss-spawn-effects"]


def test_without_spawning_points_the_boss_spawns_after_the_charts_effects(
    sde2: EditionPack, game: GameState
) -> None:
    """'During the Consul's power-up phase, and after advancing the Mighty Monster Chart and
    applying all effects, if there are no spawning points in play, the dungeon boss
    automatically spawns.' (both texts)"""
    state = play(
        sde2,
        game,
        DestroySpawningPoint(spawning_point="burrow", tile=2),
        DestroySpawningPoint(spawning_point="nest", tile=3),
    )
    assert not state.boss.spawned  # not during the turn
    state = reach(sde2, state, 1)
    assert open_keys(sde2, state) == ["spawn"]
    with pytest.raises(RuleError, match="no spawning point is left to place monsters near"):
        apply(sde2, state, Spawn(monsters={"kobold": 1}))
    state = apply(sde2, state, ConfirmStep(step="spawn"))
    step = current(sde2, state)
    assert step.key == "boss-spawn"
    assert "No spawning points are in play after the chart's effects" in step.text
    assert [s.key for s in power_up_steps(sde2, state)][-2:] == ["spawn", "boss-spawn"]


def test_the_automatic_spawn_follows_the_same_rules(sde2: EditionPack, game: GameState) -> None:
    """'Follow all of the rules above when spawning the dungeon boss in this way.' (both texts)"""
    state = play(
        sde2,
        game,
        DestroySpawningPoint(spawning_point="burrow", tile=2),
        DestroySpawningPoint(spawning_point="nest", tile=3),
    )
    state = run_to(sde2, reach(sde2, state, 1), "boss-spawn")
    state = apply(sde2, state, SpawnBoss(boss="big"))
    assert "adjacent to any dungeon exit" in power_up_steps(sde2, state)[-2].text
    assert open_keys(sde2, state) == ["boss-spawn-effects"]
    assert state.boss.relic_slots == 0
    state = finish_steps(sde2, state)
    assert state.boss.spawned and state.turn == 2 and upcoming_spaces(sde2, state) == []


# One space, several effects


ALL_AT_ONCE = {
    "spawn": 2,
    "bits": ["8-bit"],
    "mini_boss": True,
    "bonuses": ["offense"],
    "choose_bonus": ["defense", "poisoning"],
    "boss_sighting": [1],
}


def test_one_space_resolves_its_effects_strictly_in_rule_order(sde2: EditionPack) -> None:
    """'If a space on the Mighty Monster Chart causes several things to happen, apply them in
    the following order: - Spawn monsters and bosses. - Apply dice and status effect bonuses.
    - Resolve boss sightings.' Each step waits for the one before it."""
    with_spaces(sde2, [ALL_AT_ONCE, {"dungeon_boss": True}])
    state = play(sde2, new_game(sde2, make_setup()), EndTurn(), AdvanceChart(space=1))
    order = ["spawn", "mini-boss", "bonuses", "choose-bonus", "boss-sighting"]
    assert open_keys(sde2, state) == order
    too_early = [
        SpawnMiniBoss(mini_boss="chief"),
        ConfirmStep(step="bonuses"),
        ChooseBonus(bonus="defense"),
        AnswerSighting(heroes_present=True),
    ]
    for action in too_early:
        with pytest.raises(RuleError, match=r"is not the current step \(now: Spawn monsters\)"):
            apply(sde2, state, action)
    state = play(sde2, state, Spawn(monsters={"kobold": 2}), ConfirmStep(step="spawn"))
    for action in too_early[1:]:
        with pytest.raises(RuleError, match=r"not the current step \(now: Spawn the mini-boss\)"):
            apply(sde2, state, action)
    state = apply(sde2, state, SpawnMiniBoss(mini_boss="chief"))
    with pytest.raises(RuleError, match=r"\(now: Monsters gain bonuses\)"):
        apply(sde2, state, AnswerSighting(heroes_present=True))
    state = play(sde2, state, ConfirmStep(step="bonuses"), ChooseBonus(bonus="poisoning"))
    assert [b.bonus for b in state.bonuses] == ["offense", "poisoning"]
    state = apply(sde2, state, AnswerSighting(heroes_present=False))
    assert state.turn == 2 and open_keys(sde2, state) == []
    # The mini-boss and the monsters spawned first gain the bonuses applied after them.
    assert [b.bonus for b in monster_bonuses(sde2, state, "chief")] == ["offense", "poisoning"]
    assert [b.bonus for b in monster_bonuses(sde2, state, "kobold")] == ["offense", "poisoning"]


def test_a_boss_space_resolves_the_boss_fight_before_the_bonuses(sde2: EditionPack) -> None:
    """'- Spawn monsters and bosses.' comes first: the dungeon boss spawns and its boss fight
    (spawning points removed, relics, Boss Spawn) is resolved before the space's bonuses, which
    then do not apply to it ('Bonuses apply to all monsters except the dungeon boss')."""
    space = {"spawn": 2, "bits": ["8-bit"], "dungeon_boss": True, "bonuses": ["offense"]}
    with_spaces(sde2, [space])
    state = play(sde2, new_game(sde2, make_setup()), EndTurn(), AdvanceChart(space=1))
    assert open_keys(sde2, state) == ["spawn", "boss-spawn", "bonuses"]
    state = play(sde2, state, Spawn(monsters={"kobold": 1}), ConfirmStep(step="spawn"))
    state = apply(sde2, state, SpawnBoss(boss="big"))
    assert open_keys(sde2, state) == [
        "remove-spawning-points",
        "relics",
        "boss-spawn-effects",
        "bonuses",
    ]
    state = finish_steps(sde2, state)
    assert [b.bonus for b in state.bonuses] == ["offense"]
    assert monster_bonuses(sde2, state, "big") == []


def test_the_automatic_boss_spawn_waits_for_every_effect_of_the_space(sde2: EditionPack) -> None:
    """'During the Consul's power-up phase, and after advancing the Mighty Monster Chart and
    applying all effects, if there are no spawning points in play, the dungeon boss
    automatically spawns.' After the spawn, the bonuses and the boss sighting (with its
    effects) of the space, and never during the turn."""
    space = {"spawn": 3, "bits": ["8-bit"], "bonuses": ["offense"], "boss_sighting": [1]}
    with_spaces(sde2, [space, {"dungeon_boss": True}])
    state = play(
        sde2,
        new_game(sde2, make_setup()),
        DestroySpawningPoint(spawning_point="burrow", tile=2),
        DestroySpawningPoint(spawning_point="nest", tile=3),
    )
    assert open_keys(sde2, state) == [] and not state.boss.spawned
    state = play(sde2, state, EndTurn(), ConfirmStep(step="rewards"), AdvanceChart(space=1))
    state = play(sde2, state, ConfirmStep(step="spawn"), ConfirmStep(step="bonuses"))
    assert not state.boss.spawned
    state = apply(sde2, state, AnswerSighting(heroes_present=True))
    assert open_keys(sde2, state) == ["sighting-effects"]  # the boss is not due yet
    state = apply(sde2, state, ConfirmStep(step="sighting-effects"))
    keys = [s.key for s in power_up_steps(sde2, state)]
    assert keys == [
        "rewards",
        "equipment",
        "advance-chart",
        "spawn",
        "bonuses",
        "boss-sighting",
        "sighting-effects",
        "boss-spawn",
    ]
    state = apply(sde2, state, SpawnBoss(boss="big"))
    assert state.boss.relic_slots == 0 and open_keys(sde2, state) == ["boss-spawn-effects"]
    state = apply(sde2, state, ConfirmStep(step="boss-spawn-effects"))
    assert state.turn == 2 and state.boss.spawned and state.position == 1


def test_no_automatic_spawn_while_one_spawning_point_stands(sde2: EditionPack) -> None:
    """'During the Consul's power-up phase, and after advancing the Mighty Monster Chart and
    applying all effects, if there are no spawning points in play, the dungeon boss
    automatically spawns.' One standing spawning point keeps the boss on the chart."""
    with_spaces(sde2, [{"bonuses": ["offense"]}, {"bonuses": ["defense"]}, {"dungeon_boss": True}])
    state = play(
        sde2, new_game(sde2, make_setup()), DestroySpawningPoint(spawning_point="nest", tile=3)
    )
    state = next_turn(sde2, state)
    assert not state.boss.spawned and state.turn == 2


def test_a_mini_boss_space_with_no_mini_boss_left_does_nothing(sde2: EditionPack) -> None:
    """'When Spawn Mini-Boss is reached, the Consul must place the mini-boss model adjacent to
    any dungeon exit in the second or third tile.' With every mini-boss brought destroyed (and
    none on the dungeon to refresh) there is no model to place: the space passes."""
    state = new_game(sde2, make_setup(mini_bosses=["chief"]))
    state = finish_steps(sde2, reach(sde2, state, 4))
    state = apply(sde2, state, DestroyMiniBoss(mini_boss="chief"))
    state = reach(sde2, state, 6)
    assert open_keys(sde2, state) == [] and state.turn == 7 and state.mini_boss is None
