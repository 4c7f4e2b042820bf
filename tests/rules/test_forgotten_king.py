"""Forgotten King: the Mighty Monster ladder (mighty-monster-chart.txt) and the dungeon boss
(dungeon-boss.txt). Each test quotes the sentence it checks."""

from __future__ import annotations

import pytest
from msgspec import structs

from consul_app.content.pack import EditionPack
from consul_app.rules import (
    AddStatus,
    AdvanceChart,
    ConfirmStep,
    DestroyMiniBoss,
    DestroySpawningPoint,
    EndTurn,
    GameState,
    Heal,
    RuleError,
    Spawn,
    SpawnBoss,
    SpawnMiniBoss,
    Wound,
    apply,
    bonuses_by_rank,
    boss_status,
    current_space,
    monster_bonuses,
    monster_stats,
    new_game,
    power_up_steps,
    upcoming_spaces,
)
from consul_app.rules.handlers.timeout import healed_back_wounds

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


@pytest.fixture
def game(fk: EditionPack) -> GameState:
    return new_game(fk, make_setup("forgotten-king"))


def fell(pack: EditionPack, state: GameState, mini_boss: str) -> GameState:
    """A mini-boss spawns and is destroyed this turn."""
    return play(
        pack, state, SpawnMiniBoss(mini_boss=mini_boss), DestroyMiniBoss(mini_boss=mini_boss)
    )


def test_the_ladder_climbs_one_step_after_a_turn_a_mini_boss_fell(
    fk: EditionPack, game: GameState
) -> None:
    """'At the end of any turn in which a mini-boss was destroyed, the Consul advances the
    Mighty Monster chart one step.'"""
    assert next_turn(fk, game).position == 0  # no mini-boss destroyed
    state = apply(fk, fell(fk, game, "chief"), EndTurn())
    step = current(fk, state)
    assert step.key == "advance-chart" and step.action == AdvanceChart(space=1)
    state = finish_steps(fk, state)
    assert state.position == 1 and current_space(fk, state).number == 1
    assert next_turn(fk, state).position == 1  # the next turn: none fell


def test_the_ladder_bonuses_add_up_per_mini_boss_destroyed(
    fk: EditionPack, game: GameState
) -> None:
    """'The bonuses gained by the monsters are cumulative based on the number of mini-bosses
    destroyed.'"""
    state = next_turn(fk, fell(fk, game, "chief"))
    state = next_turn(fk, fell(fk, state, "queen"))
    assert [(b.bonus, b.space) for b in state.bonuses] == [("offense", 1), ("defense", 2)]
    assert [line.reason for line in bonuses_by_rank(fk, state)["minion"].lines] == [
        "ladder step 1",
        "ladder step 2",
    ]


def test_the_ladder_stops_at_the_top(fk: EditionPack) -> None:
    """'Once the top of the chart has been reached—stop! The monsters are now extra mighty and
    will advance no further.'"""
    state = new_game(fk, make_setup("forgotten-king", mini_bosses=["chief", "queen"]))
    state = structs.replace(state, position=3)  # at the top of the three-step ladder
    state = apply(fk, fell(fk, state, "chief"), EndTurn())
    assert power_up_steps(fk, state) == [] and state.position == 3
    assert upcoming_spaces(fk, state) == []


def test_only_elites_and_minions_gain_the_ladder_bonuses(fk: EditionPack, game: GameState) -> None:
    """'Only elite and minion monsters gain the benefits of the Mighty Monster chart shown
    below:'"""
    state = next_turn(fk, fell(fk, game, "chief"))
    by_rank = bonuses_by_rank(fk, state)
    assert [line.bonus for line in by_rank["minion"].lines] == ["offense"]
    assert [line.bonus for line in by_rank["elite"].lines] == ["offense"]
    assert by_rank["mini-boss"].lines == [] and by_rank["pet"].lines == []
    step = current(fk, apply(fk, fell(fk, state, "queen"), EndTurn()))
    assert "only elite and minion monsters gain the ladder's bonuses" in step.text


def test_one_mini_boss_at_a_time_from_those_brought(fk: EditionPack, game: GameState) -> None:
    state = apply(fk, game, SpawnMiniBoss(mini_boss="chief"))
    with pytest.raises(RuleError, match="only one mini-boss"):
        apply(fk, state, SpawnMiniBoss(mini_boss="queen"))
    state = apply(fk, state, DestroyMiniBoss(mini_boss="chief"))
    with pytest.raises(RuleError, match="Chief is not available"):
        apply(fk, state, SpawnMiniBoss(mini_boss="chief"))


def test_a_ladder_step_that_spawns_a_mini_boss_is_answered(fk: EditionPack) -> None:
    """Content may give a ladder step a Spawn Mini-Boss (the FK ladder is a user-editable
    reconstruction): its step is answered like in 2.0 instead of blocking the game."""
    with_spaces(fk, [{"mini_boss": True}, {"bonuses": ["offense"]}], chart="ladder")
    state = new_game(fk, make_setup("forgotten-king"))
    state = play(fk, fell(fk, state, "chief"), EndTurn(), AdvanceChart(space=1))
    step = current(fk, state)
    assert step.key == "mini-boss" and step.action == SpawnMiniBoss(mini_boss="queen")
    state = apply(fk, state, step.action)
    assert state.mini_boss is not None and state.mini_boss.id == "queen"
    assert state.phase == "turn" and state.turn == 2


# The dungeon boss


def last_point_destroyed(pack: EditionPack, state: GameState) -> GameState:
    return play(
        pack,
        state,
        DestroySpawningPoint(spawning_point="burrow", tile=2),
        DestroySpawningPoint(spawning_point="nest", tile=3),
    )


def in_play(pack: EditionPack, state: GameState) -> GameState:
    return finish_steps(pack, last_point_destroyed(pack, state))


def test_the_boss_comes_onto_the_tile_of_the_last_spawning_point(
    fk: EditionPack, game: GameState
) -> None:
    """'When the last spawning point on the dungeon map is destroyed, the Consul may place the
    dungeon boss anywhere on the same dungeon tile.'"""
    state = play(fk, game, DestroySpawningPoint(spawning_point="burrow", tile=2))
    assert open_keys(fk, state) == []
    state = apply(fk, state, DestroySpawningPoint(spawning_point="nest", tile=3))
    step = current(fk, state)
    assert step.key == "boss-spawn" and step.action == SpawnBoss(boss="big")
    assert "place Big Boss anywhere on tile 3" in step.text
    assert apply(fk, state, SpawnBoss(boss="big")).boss.spawned


def test_the_boss_activates_every_consul_turn_besides_four_skull_points(
    fk: EditionPack, game: GameState
) -> None:
    """'The dungeon boss is a Super monster and, when in play, may be activated during each
    Consul Turn in addition to the Consul's normal four skull points of monsters.'"""
    reminder = "in addition to the four skull points"
    assert not any(reminder in r for r in boss_status(fk, game).reminders)  # not in play yet
    state = apply(fk, last_point_destroyed(fk, game), SpawnBoss(boss="big"))
    assert reminder in current(fk, state).text  # shown as the boss comes into play
    status = boss_status(fk, finish_steps(fk, state))
    assert any(reminder in r for r in status.reminders)
    assert status.relic_slots == 0
    defeated = apply(fk, finish_steps(fk, state), Wound(wounds=9))
    assert not any(reminder in r for r in boss_status(fk, defeated).reminders)


def test_the_boss_fight_card_changes_the_dungeon(fk: EditionPack, game: GameState) -> None:
    """'BOSS FIGHT CARD: A dungeon boss spawning is a momentous event, and triggers events that
    can change the nature of the dungeon.'"""
    state = apply(fk, last_point_destroyed(fk, game), SpawnBoss(boss="big"))
    assert open_keys(fk, state) == ["boss-spawn-effects"]


def test_every_boss_has_a_boss_fight_card(fk: EditionPack, game: GameState) -> None:
    """'Every dungeon boss includes a Boss Fight card, listing unique rules that affect the game
    once the dungeon boss has spawned.'"""
    status = boss_status(fk, game)
    assert [e.name for e in status.boss_spawn] == ["Roar"]
    assert [e.name for e in status.timeout_effects] == ["Quake"]


def test_boss_spawn_effects_right_after_it_spawns(fk: EditionPack, game: GameState) -> None:
    """'BOSS SPAWN: Immediately after the boss spawns resolve any effects listed under Boss
    Spawn.'"""
    state = apply(fk, last_point_destroyed(fk, game), SpawnBoss(boss="big"))
    assert "Roar: Heroes are stunned." in current(fk, state).text


def test_the_timeout_regroups_the_boss(fk: EditionPack, game: GameState) -> None:
    """'TIMEOUT: As the Boss Fight progresses the dungeon boss will take a timeout to regroup:
    it will remove status effects, summon more monsters, and then renew its attack from a new
    angle.'"""
    state = apply(fk, in_play(fk, game), Wound(wounds=5))
    assert open_keys(fk, state) == [
        "timeout-status",
        "timeout-heal-boss",
        "timeout-effects",
        "timeout-spawn",
        "timeout-move",
    ]


def test_the_timeout_at_half_the_hearts(fk: EditionPack, game: GameState) -> None:
    """'Immediately after the boss has a number of wound tokens equal to or greater than half of
    the number of hearts on their card, a timeout is triggered.' 9 hearts: 5 wounds."""
    state = apply(fk, in_play(fk, game), Wound(wounds=4))
    assert not state.boss.timeout
    assert apply(fk, state, Wound(wounds=1)).boss.timeout


def test_the_timeout_steps_come_first(fk: EditionPack, game: GameState) -> None:
    """'Before any further actions are carried out, the Consul performs all the following
    steps:'"""
    state = apply(fk, in_play(fk, game), Wound(wounds=5))
    with pytest.raises(RuleError, match="First finish the current step: Timeout"):
        apply(fk, state, EndTurn())


def test_timeout_step_one_removes_the_status_effects(fk: EditionPack, game: GameState) -> None:
    """'1. Remove all status effect tokens from the dungeon boss card.'"""
    state = play(fk, in_play(fk, game), AddStatus(status="poison"), Wound(wounds=5))
    assert "Poison" in current(fk, state).text
    assert apply(fk, state, ConfirmStep(step="timeout-status")).boss.status == []


@pytest.mark.parametrize(
    ("hearts", "wounds", "after"), [(9, 5, 4), (9, 7, 4), (10, 5, 5), (10, 8, 5), (9, 4, 4)]
)
def test_healing_back_to_half_rounded_up(hearts: int, wounds: int, after: int) -> None:
    """'2. Heal the dungeon boss back to half of its remaining wounds (rounded up) if it went
    below.' Read: at least half its hearts, rounded up, remain; 9 hearts keep 5, so 4 wounds."""
    assert healed_back_wounds(hearts, wounds) == after


def test_timeout_step_two_heals_the_boss_back(fk: EditionPack, game: GameState) -> None:
    """'2. Heal the dungeon boss back to half of its remaining wounds (rounded up) if it went
    below.'"""
    state = run_to(fk, apply(fk, in_play(fk, game), Wound(wounds=7)), "timeout-heal-boss")
    assert "wounds 7 -> 4" in current(fk, state).text
    assert apply(fk, state, ConfirmStep(step="timeout-heal-boss")).boss.wounds == 4


def test_timeout_step_three_the_fight_card(fk: EditionPack, game: GameState) -> None:
    """'3. Resolve any timeout effects listed on the Boss Fight card.'"""
    state = run_to(fk, apply(fk, in_play(fk, game), Wound(wounds=5)), "timeout-effects")
    assert "Quake: All models within 3 take a wound." in current(fk, state).text


def test_timeout_step_four_spawns_six_skull_points_near_the_boss(
    fk: EditionPack, game: GameState
) -> None:
    """'4. Spawn up to six skull points of 8-Bit or 16-Bit monsters from the spawning pool.
    Place the models anywhere within two squares of the dungeon boss.'"""
    state = run_to(fk, apply(fk, in_play(fk, game), Wound(wounds=5)), "timeout-spawn")
    step = current(fk, state)
    assert (step.budget, step.bits) == (6, ["8-bit", "16-bit"])
    assert "within two squares of Big Boss" in step.text
    state = apply(fk, state, Spawn(monsters={"dragon": 1, "kobold": 2}))
    assert state.board["dragon"] == 1
    with pytest.raises(RuleError, match="only 0 of 6 are left"):
        apply(fk, state, Spawn(monsters={"kobold": 1}))


def test_timeout_step_five_the_boss_may_move_ten_squares(fk: EditionPack, game: GameState) -> None:
    """'5. The Consul may place the dungeon boss in any square within ten squares of its
    current location.'"""
    state = run_to(fk, apply(fk, in_play(fk, game), Wound(wounds=5)), "timeout-move")
    assert "within ten squares" in current(fk, state).text


def test_the_timeout_happens_only_once(fk: EditionPack, game: GameState) -> None:
    """'A timeout is only triggered once, even if the boss later heals and is subsequently
    reduced to half its hearts additional times.'"""
    state = finish_steps(fk, apply(fk, in_play(fk, game), Wound(wounds=5)))
    state = play(fk, state, Heal(wounds=4), Wound(wounds=6))
    assert open_keys(fk, state) == [] and state.boss.timeout


def test_no_relics_and_no_immunity_in_forgotten_king(fk: EditionPack, game: GameState) -> None:
    state = finish_steps(fk, apply(fk, in_play(fk, game), Wound(wounds=5)))
    assert (state.boss.relic_slots, state.boss.immune_to_crits) == (None, False)


def test_the_ladder_climbs_at_the_end_of_the_turn_and_one_step_only(
    fk: EditionPack, game: GameState
) -> None:
    """'At the end of any turn in which a mini-boss was destroyed, the Consul advances the
    Mighty Monster chart one step.' Not when the mini-boss falls, but at the end of the turn;
    one step for the turn even if two mini-bosses fell in it (the sentence's "one step" is read
    over "cumulative based on the number of mini-bosses destroyed")."""
    state = fell(fk, fell(fk, game, "chief"), "queen")
    assert state.position == 0 and state.bonuses == []
    state = apply(fk, state, EndTurn())
    assert open_keys(fk, state) == ["advance-chart"]
    state = finish_steps(fk, state)
    assert state.position == 1 and [b.bonus for b in state.bonuses] == ["offense"]


def test_a_mini_boss_worn_down_by_wounds_also_climbs_the_ladder(
    fk: EditionPack, game: GameState
) -> None:
    """'At the end of any turn in which a mini-boss was destroyed, the Consul advances the
    Mighty Monster chart one step.' A mini-boss destroyed by wounds counts as well."""
    state = play(fk, game, SpawnMiniBoss(mini_boss="chief"), Wound(target="mini-boss", wounds=6))
    assert state.mini_boss is None
    assert next_turn(fk, state).position == 1


def test_only_elites_and_minions_of_any_bits_gain_the_ladder_bonuses(
    fk: EditionPack, game: GameState
) -> None:
    """'Only elite and minion monsters gain the benefits of the Mighty Monster chart shown
    below:' 8-Bit and 16-Bit elites and minions do; the mini-boss, pets and the dungeon boss
    do not."""
    state = next_turn(fk, fell(fk, game, "chief"))  # ladder step 1: +1 blue on offense
    assert [s.text for s in monster_stats(fk, state, "kobold")][0] == "STR 1B +1B"
    assert [s.text for s in monster_stats(fk, state, "dragon")][0] == "STR 2R +1B"
    assert [s.text for s in monster_stats(fk, state, "cat")][0] == "STR 1B"
    assert [s.text for s in monster_stats(fk, state, "chief")][0] == "STR 2R"
    assert monster_bonuses(fk, state, "big") == []


def test_the_boss_interrupts_the_turn_when_the_last_spawning_point_falls(
    fk: EditionPack, game: GameState
) -> None:
    """'When the last spawning point on the dungeon map is destroyed, the Consul may place the
    dungeon boss anywhere on the same dungeon tile.' At once, during the turn: nothing else
    happens until it is placed, and it comes only once."""
    state = play(
        fk,
        game,
        DestroySpawningPoint(spawning_point="nest", tile=3),
        DestroySpawningPoint(spawning_point="burrow", tile=2),
    )
    assert state.phase == "turn" and state.turn == 1
    assert "anywhere on tile 2" in current(fk, state).text
    with pytest.raises(RuleError, match="First finish the current step: Spawn the dungeon boss"):
        apply(fk, state, EndTurn())
    state = finish_steps(fk, apply(fk, state, SpawnBoss(boss="big")))
    assert state.boss.spawned and state.boss.relic_slots is None
    state = next_turn(fk, state)
    assert power_up_steps(fk, state) == [] and state.turn == 2


def test_the_timeout_spawn_needs_no_spawning_point(fk: EditionPack, game: GameState) -> None:
    """'4. Spawn up to six skull points of 8-Bit or 16-Bit monsters from the spawning pool.
    Place the models anywhere within two squares of the dungeon boss.' The spawning points are
    gone by then (the boss came when the last fell); the models go next to the boss."""
    state = run_to(fk, apply(fk, in_play(fk, game), Wound(wounds=5)), "timeout-spawn")
    assert state.standing_spawning_points() == []
    state = apply(fk, state, Spawn(monsters={"kobold-elite": 2, "kobold": 2}))
    assert current(fk, state).spent == 6
    state = finish_steps(fk, state)
    assert state.board["kobold"] == 2 and state.board["kobold-elite"] == 2
    with pytest.raises(RuleError, match="no spawning point is left"):
        apply(fk, state, Spawn(monsters={"kobold": 1}))  # outside the timeout: no free spawn
