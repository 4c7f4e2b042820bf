"""What the screen says about the turn in each edition's own words: 1.0 plays rounds, FK ends a
turn (no 2.0 power-up phase), the steps FK and 1.0 name their own way, and what the end of the
turn (round) will bring while no step is open."""

from __future__ import annotations

from consul_app.content.pack import EditionPack
from consul_app.rules import (
    AdvanceGauge,
    DestroyMiniBoss,
    DestroySpawningPoint,
    EndTurn,
    SpawnMiniBoss,
    Wound,
    boss_status,
    describe,
    free_spawn_refusal,
    new_game,
    phase_name,
    turn_name,
    turn_notes,
)
from consul_app.rules.model.actions import ConfirmStep

from .packs import current, finish_steps, make_setup, play


def test_1_0_plays_in_rounds_and_has_no_power_up_phase(classic: EditionPack) -> None:
    state = new_game(classic, make_setup("classic"))
    assert (turn_name(state), phase_name(state)) == ("Round 1", "play")
    state = play(classic, state, EndTurn())
    assert turn_name(state) == "Round 2"


def test_fk_ends_the_turn_where_2_0_has_a_power_up_phase(
    fk: EditionPack, sde2: EditionPack
) -> None:
    game = new_game(fk, make_setup("forgotten-king"))
    state = play(fk, game, SpawnMiniBoss(mini_boss="chief"), DestroyMiniBoss(mini_boss="chief"))
    state = play(fk, state, EndTurn())
    assert (turn_name(state), phase_name(state)) == ("Turn 1", "end of the turn")
    assert current(fk, state).title == "Climb the ladder one step"
    sde2_state = play(sde2, new_game(sde2, make_setup()), EndTurn())
    assert phase_name(sde2_state) == "power-up phase"
    assert current(sde2, sde2_state).title == "Advance the Mighty Monster Chart"


def test_fk_says_the_ladder_will_climb_once_a_mini_boss_fell(fk: EditionPack) -> None:
    game = new_game(fk, make_setup("forgotten-king"))
    assert turn_notes(fk, game) == []
    state = play(fk, game, SpawnMiniBoss(mini_boss="chief"))
    assert turn_notes(fk, state) == []
    state = play(fk, state, DestroyMiniBoss(mini_boss="chief"))
    assert turn_notes(fk, state) == [
        "A mini-boss was destroyed this turn: the ladder climbs one step when it ends."
    ]
    state = finish_steps(fk, play(fk, state, EndTurn()))
    assert turn_notes(fk, state) == []  # a new turn: nothing pending


def test_fk_boss_card_says_how_the_boss_arrives(fk: EditionPack) -> None:
    state = new_game(fk, make_setup("forgotten-king"))
    assert boss_status(fk, state).arrival == (
        "Arrives when the last spawning point is destroyed, anywhere on that point's tile "
        "(2 standing)."
    )
    for point in list(state.standing_spawning_points()):
        state = play(fk, state, DestroySpawningPoint(spawning_point=point.id, tile=point.tile))
    state = finish_steps(fk, state)
    assert state.boss.spawned and boss_status(fk, state).arrival is None


def test_1_0_says_what_summons_the_boss_and_when(classic: EditionPack) -> None:
    state = new_game(classic, make_setup("classic"))
    status = boss_status(classic, state)
    assert status.arrival == (
        "Summoned at the start of the round after all spawning points are destroyed "
        "(2 standing) or the power gauge has filled once (0 of 1)."
    )
    assert status.spawn_section == "Adventure Effects: boss fight"
    assert turn_notes(classic, state) == []
    state = play(classic, state, AdvanceGauge(squares=10))
    assert boss_status(classic, state).arrival == (
        "Summoning conditions met: summoned at the start of the next round."
    )
    assert turn_notes(classic, state) == [
        "The boss's summoning conditions are met: it is summoned at the start of the next round."
    ]
    state = play(classic, state, EndTurn())
    assert current(classic, state).title == "Summon the dungeon boss"
    state = finish_steps(classic, state)
    assert turn_notes(classic, state) == [] and boss_status(classic, state).arrival is None


def test_1_0_names_the_adventure_effects_card(classic: EditionPack) -> None:
    state = play(
        classic, new_game(classic, make_setup("classic")), AdvanceGauge(squares=10), EndTurn()
    )
    state = play(classic, state, current(classic, state).action)
    step = current(classic, state)
    assert step.title == "Adventure Effects: boss fight"
    assert "the the" not in step.text
    assert step.text.startswith("Resolve the Adventure Effects card's boss fight effects")
    state = finish_steps(classic, state)
    hearts = boss_status(classic, state).hearts
    state = play(classic, state, Wound(target="boss", wounds=(hearts + 1) // 2))
    state = play(classic, state, ConfirmStep(step="timeout-status"))
    step = current(classic, state)
    assert step.title == "Timeout: Adventure Effects card"
    assert step.text.startswith("Resolve the Adventure Effects card's timeout effects")
    assert describe(classic, ConfirmStep(step="timeout-effects")) == (
        "Done: Timeout: Adventure Effects card"
    )


def test_2_0_keeps_its_words(sde2: EditionPack) -> None:
    state = new_game(sde2, make_setup())
    assert (turn_name(state), phase_name(state)) == ("Turn 1", "play")
    assert boss_status(sde2, state).arrival is None
    assert boss_status(sde2, state).spawn_section == "Boss spawn"
    assert turn_notes(sde2, state) == []


def test_1_0_summons_not_in_the_pool_say_so(classic: EditionPack) -> None:
    """The card may summon monsters the spawning points never brought: the step says they
    cannot spawn and are moved instead, so the Consul is not left pressing space."""
    state = play(
        classic, new_game(classic, make_setup("classic")), AdvanceGauge(squares=10), EndTurn()
    )
    state = finish_steps(classic, state)
    state.pool["dragon"] = 0  # every Dragon already spawned
    hearts = boss_status(classic, state).hearts
    state = play(classic, state, Wound(target="boss", wounds=(hearts + 1) // 2))
    while current(classic, state).key != "timeout-summons":
        state = play(classic, state, current(classic, state).action)
    text = current(classic, state).text
    assert "Not in the spawning pool, so none can spawn: 1 Dragon" in text
    assert "Kobold;" not in text  # kobolds are in the pool: they may spawn


def test_the_pool_says_when_no_monster_may_spawn(classic: EditionPack, sde2: EditionPack) -> None:
    """'The spawning points stop producing monsters once the boss is summoned': the pool says
    so instead of inviting free spawns."""
    state = new_game(classic, make_setup("classic"))
    assert free_spawn_refusal(state) is None
    state = play(classic, state, AdvanceGauge(squares=10), EndTurn())
    assert free_spawn_refusal(state) is None  # a step is open: it says what spawns
    state = finish_steps(classic, state)
    assert free_spawn_refusal(state) == (
        "the spawning points stop producing monsters once the boss is summoned"
    )
    assert free_spawn_refusal(new_game(sde2, make_setup())) is None
