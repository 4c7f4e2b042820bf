"""SDE 1.0 dungeon boss (dungeon-boss.txt, "SD:E 1.0"): summoning, the power gauge, the
Adventure Effects card, the boss fight and the timeout. Each test quotes its sentence."""

from __future__ import annotations

import pytest

from consul_app.content.pack import EditionPack
from consul_app.rules import (
    AddStatus,
    AdvanceGauge,
    ConfirmStep,
    DestroyHero,
    DestroySpawningPoint,
    EndTurn,
    GameState,
    RuleError,
    SetupError,
    Spawn,
    SpawnBoss,
    SpawnMiniBoss,
    Wound,
    apply,
    boss_status,
    describe,
    gauge_status,
    new_game,
    power_up_steps,
)

from .packs import current, finish_steps, make_setup, open_keys, play, run_to


@pytest.fixture
def game(classic: EditionPack) -> GameState:
    return new_game(classic, make_setup("classic"))


def summoned(pack: EditionPack, state: GameState) -> GameState:
    """Fill the gauge, end the round, summon the boss and resolve its boss fight effect."""
    return finish_steps(pack, play(pack, state, AdvanceGauge(squares=10), EndTurn()))


def test_the_consul_chooses_a_single_boss(classic: EditionPack) -> None:
    """'At the beginning of each game the Console must chose a single Boss model.'"""
    assert new_game(classic, make_setup("classic")).setup.boss == "big"
    with pytest.raises(SetupError, match="unknown dungeon boss"):
        new_game(classic, make_setup("classic", boss="nobody"))


def test_the_heroes_win_by_defeating_the_boss(classic: EditionPack, game: GameState) -> None:
    """'It is the objective of the Heroes to defeat the Boss.'"""
    state = apply(classic, summoned(classic, game), Wound(wounds=9))
    assert boss_status(classic, state).defeated
    with pytest.raises(RuleError, match="the heroes have won"):
        apply(classic, state, EndTurn())


def test_summoned_the_round_after_all_spawning_points_are_destroyed(
    classic: EditionPack, game: GameState
) -> None:
    """'The boss is summoned at the beginning of the next round after the following conditions
    are met: 1. all spawning points are destroyed'"""
    state = play(
        classic,
        game,
        DestroySpawningPoint(spawning_point="burrow", tile=2),
        DestroySpawningPoint(spawning_point="nest", tile=3),
    )
    assert open_keys(classic, state) == []  # not in this round
    state = apply(classic, state, EndTurn())
    assert state.turn == 2
    step = current(classic, state)
    assert step.key == "boss-spawn" and step.action == SpawnBoss(boss="big")


def test_summoned_once_the_gauge_fills_in_a_16_bit_game(
    classic: EditionPack, game: GameState
) -> None:
    """'2. the power gauge fills completely on a 16-Bit game'"""
    state = apply(classic, game, AdvanceGauge(squares=9))
    assert open_keys(classic, apply(classic, state, EndTurn())) == []
    state = apply(classic, state, AdvanceGauge(squares=1))
    assert gauge_status(classic, state).fills == 1
    assert open_keys(classic, apply(classic, state, EndTurn())) == ["boss-spawn"]
    with pytest.raises(RuleError, match="already full"):
        apply(classic, state, AdvanceGauge(squares=1))


def test_the_log_says_what_the_gauge_really_moved(classic: EditionPack, game: GameState) -> None:
    """'2. the power gauge fills completely on a 16-Bit game': it stops there, and the log
    says how many squares it moved, not how many were typed."""
    state = apply(classic, game, AdvanceGauge(squares=7))
    assert describe(classic, AdvanceGauge(squares=2), state) == "Power gauge +2"
    assert describe(classic, AdvanceGauge(squares=3), state) == "Power gauge +3: full"
    assert describe(classic, AdvanceGauge(squares=88), state) == "Power gauge +3: full, 88 typed"
    assert describe(classic, AdvanceGauge(squares=88)) == "Power gauge +88"  # (no state given)


def test_summoned_once_the_gauge_fills_twice_in_a_super_game(classic: EditionPack) -> None:
    """'3. the power gauge fills twice on a Super game'"""
    state = new_game(classic, make_setup("classic", game_size="super"))
    state = apply(classic, state, AdvanceGauge(squares=12))
    gauge = gauge_status(classic, state)
    assert (gauge.fills, gauge.filled, gauge.fills_needed) == (1, 2, 2)
    assert open_keys(classic, apply(classic, state, EndTurn())) == []
    state = apply(classic, state, AdvanceGauge(squares=8))
    assert gauge_status(classic, state).fills == 2
    assert open_keys(classic, apply(classic, state, EndTurn())) == ["boss-spawn"]


def test_the_gauge_shows_its_markings(classic: EditionPack, game: GameState) -> None:
    """charts.md: 'A track from 8-Bit through 16-Bit to Super.'"""
    sections = []
    state = game
    for _ in range(9):
        state = apply(classic, state, AdvanceGauge())
        sections.append(gauge_status(classic, state).section[0])
    assert "".join(sections) == "8881111SS"  # 16-Bit from square 4, Super from square 8


def test_the_boss_brings_an_adventure_effects_card(classic: EditionPack, game: GameState) -> None:
    """'The boss also introduces a special "Adventure Effects" card to the gameplay.'"""
    assert [e.name for e in boss_status(classic, game).dungeon_effect] == ["Darkness"]


def test_the_card_has_rules_a_boss_fight_effect_and_a_timeout_effect(
    classic: EditionPack, game: GameState
) -> None:
    """'This card describes various changes to the rules, the boss fight effect (when the boss
    is summoned) and the timeout effect (when the boss has lost half of its health).'"""
    state = play(classic, game, AdvanceGauge(squares=10), EndTurn(), SpawnBoss(boss="big"))
    assert "Howl: Heroes lose a potion." in current(classic, state).text
    state = apply(classic, finish_steps(classic, state), Wound(wounds=5))
    state = run_to(classic, state, "timeout-effects")
    assert "Rage: The boss gains an action." in current(classic, state).text


def test_the_boss_activates_twice_while_a_spawning_point_stands(
    classic: EditionPack, game: GameState
) -> None:
    """'In addition, the boss may activate twice in any round that there is at least one
    spawning point still on the board.'"""
    state = summoned(classic, game)
    status = boss_status(classic, state)
    assert status.activations == 2
    assert any("activate twice" in r for r in status.reminders)
    state = play(
        classic,
        state,
        DestroySpawningPoint(spawning_point="burrow", tile=2),
        DestroySpawningPoint(spawning_point="nest", tile=3),
    )
    assert boss_status(classic, state).activations == 1


def test_spawning_points_stop_producing_once_the_boss_is_summoned(
    classic: EditionPack, game: GameState
) -> None:
    """'The spawning points stop producing monsters once the boss is summoned.'"""
    assert apply(classic, game, Spawn(monsters={"kobold": 2})).board["kobold"] == 2
    with pytest.raises(RuleError, match="stop producing monsters once the boss is summoned"):
        apply(classic, summoned(classic, game), Spawn(monsters={"kobold": 2}))


def test_the_boss_appears_at_least_ten_squares_from_every_hero(
    classic: EditionPack, game: GameState
) -> None:
    """'The boss fight begins by the boss appearing in unoccupied squares at least 10 from any
    hero.'"""
    state = play(classic, game, AdvanceGauge(squares=10), EndTurn())
    assert (
        "in unoccupied squares at least 10 squares from every hero" in current(classic, state).text
    )


def test_otherwise_as_close_to_ten_squares_as_possible(
    classic: EditionPack, game: GameState
) -> None:
    """'If this is not possible then the boss must be summoned as close to 10 squares away as
    possible.'"""
    state = play(classic, game, AdvanceGauge(squares=10), EndTurn())
    assert "as close to 10 as possible if it cannot" in current(classic, state).text


def test_the_timeout(classic: EditionPack, game: GameState) -> None:
    """'In addition to the effects on the Adventure Effects card, timeout causes all status
    effects on the boss to be removed, the boss is re-summoned in a different location (as
    above) and a number of monsters are either spawned in its place or moved to its place (if
    moved they retain their wounds and status effects).'"""
    state = play(classic, summoned(classic, game), AddStatus(status="stun"), Wound(wounds=4))
    assert not state.boss.timeout  # half of 9 hearts is 4.5: 5 wounds
    state = apply(classic, state, Wound(wounds=1))
    assert open_keys(classic, state) == [
        "timeout-status",
        "timeout-effects",
        "timeout-resummon",
        "timeout-summons",
    ]
    state = apply(classic, state, ConfirmStep(step="timeout-status"))
    assert state.boss.status == []
    state = run_to(classic, state, "timeout-resummon")
    assert "in a different place, in unoccupied squares at least 10" in current(classic, state).text
    state = run_to(classic, state, "timeout-summons")
    step = current(classic, state)
    assert "or move them there (moved ones keep their wounds and status effects)" in step.text
    assert "2 Kobold, 1 Dragon" in step.text
    state = apply(classic, state, Spawn(monsters={"kobold": 1, "dragon": 1}))
    assert "1 Kobold" in current(classic, state).text
    with pytest.raises(RuleError, match="summons 1 more Kobold, not 2"):
        apply(classic, state, Spawn(monsters={"kobold": 2}))
    state = finish_steps(classic, state)
    assert state.board == {"kobold": 1, "kobold-elite": 0, "dragon": 1}
    assert power_up_steps(classic, state) == []


def test_the_timeout_happens_once(classic: EditionPack, game: GameState) -> None:
    from consul_app.rules import Heal

    state = finish_steps(classic, apply(classic, summoned(classic, game), Wound(wounds=5)))
    state = play(classic, state, Heal(wounds=5), Wound(wounds=5))
    assert open_keys(classic, state) == []


def test_special_healing(classic: EditionPack, game: GameState) -> None:
    """'Just like Mini-Bosses, the boss may remove one status effect every time it rolls a heart
    and inflicts a wound with an attack.'"""
    reminder = "rolls a heart and inflicts a wound"
    assert not any(reminder in r for r in boss_status(classic, game).reminders)  # not summoned
    state = play(classic, game, AdvanceGauge(squares=10), EndTurn(), SpawnBoss(boss="big"))
    assert reminder in current(classic, state).text  # the boss fight step reminds of it
    status = boss_status(classic, finish_steps(classic, state))
    assert any(reminder in r for r in status.reminders)


def test_mini_bosses_spawn_freely_one_at_a_time(classic: EditionPack, game: GameState) -> None:
    state = apply(classic, game, SpawnMiniBoss(mini_boss="chief"))
    with pytest.raises(RuleError, match="only one mini-boss"):
        apply(classic, state, SpawnMiniBoss(mini_boss="queen"))


def test_a_full_gauge_summons_the_boss_only_when_the_next_round_begins(
    classic: EditionPack, game: GameState
) -> None:
    """'The boss is summoned at the beginning of the next round after the following conditions
    are met:' The round in which the gauge fills goes on as before; the next one opens with the
    summoning, before anything else; and the boss comes once."""
    state = apply(classic, game, AdvanceGauge(squares=10))
    assert open_keys(classic, state) == [] and not state.boss.spawned
    state = play(classic, state, Spawn(monsters={"kobold": 1}), DestroyHero())  # the round goes on
    state = apply(classic, state, EndTurn())
    assert state.turn == 2 and open_keys(classic, state) == ["boss-spawn"]
    with pytest.raises(RuleError, match="First finish the current step: Summon the dungeon boss"):
        apply(classic, state, DestroyHero())
    state = finish_steps(classic, apply(classic, state, SpawnBoss(boss="big")))
    state = apply(classic, state, EndTurn())
    assert state.turn == 3 and open_keys(classic, state) == []


def test_destroying_every_spawning_point_summons_in_a_super_game_too(
    classic: EditionPack,
) -> None:
    """'1. all spawning points are destroyed' is enough on its own, whatever the gauge shows."""
    state = new_game(classic, make_setup("classic", game_size="super"))
    state = play(
        classic,
        state,
        DestroySpawningPoint(spawning_point="burrow", tile=2),
        DestroySpawningPoint(spawning_point="nest", tile=3),
        EndTurn(),
    )
    assert gauge_status(classic, state).fills == 0
    assert open_keys(classic, state) == ["boss-spawn"]


def test_the_boss_fight_step_reminds_of_the_two_activations(
    classic: EditionPack, game: GameState
) -> None:
    """'In addition, the boss may activate twice in any round that there is at least one
    spawning point still on the board.' Summoned by the gauge with spawning points standing, the
    boss fight step says so; without spawning points it does not."""
    state = play(classic, game, AdvanceGauge(squares=10), EndTurn(), SpawnBoss(boss="big"))
    assert "activate twice this round" in current(classic, state).text
    state = play(
        classic,
        game,
        DestroySpawningPoint(spawning_point="burrow", tile=2),
        DestroySpawningPoint(spawning_point="nest", tile=3),
        EndTurn(),
        SpawnBoss(boss="big"),
    )
    assert "activate twice" not in current(classic, state).text
    assert boss_status(classic, state).activations == 1
