"""The SDE 2.0 power-up phase as steps (charts.md: the rulebook's order Rewards, Princess
Coins, ..., Mighty Monsters; the board's Consul power-up box), rewards, and the pool."""

from __future__ import annotations

import pytest

from consul_app.content.pack import EditionPack
from consul_app.rules import (
    AdvanceChart,
    ConfirmStep,
    DestroyHero,
    DestroyMonsters,
    DestroySpawningPoint,
    EndTurn,
    GameState,
    RuleError,
    Spawn,
    apply,
    new_game,
    pool,
    power_up_steps,
    spawning_points_remaining,
)

from .packs import current, finish_steps, make_setup, open_keys, play


@pytest.fixture
def game(sde2: EditionPack) -> GameState:
    """Turn 2: three kobolds, one elite and the dragon were spawned."""
    state = new_game(sde2, make_setup())
    state = play(sde2, state, Spawn(monsters={"kobold": 3, "kobold-elite": 1, "dragon": 1}))
    return finish_steps(sde2, apply(sde2, state, EndTurn()))


def test_the_consuls_power_up_steps_in_order(sde2: EditionPack, game: GameState) -> None:
    """The rulebook's power-up phase: '1. Rewards, 2. Princess Coins, 3. Equipment, 4. Mighty
    Monsters'; the board: '(1) if any heroes were destroyed, the heroes spend princess coins;
    (2) advance the chart one space and resolve what it says'."""
    state = apply(sde2, game, DestroyMonsters(monsters={"dragon": 1}))
    state = apply(sde2, apply(sde2, state, DestroyHero()), EndTurn())
    assert open_keys(sde2, state) == ["rewards", "princess-coins", "equipment", "advance-chart"]
    steps = power_up_steps(sde2, state)
    assert [s.current for s in steps] == [True, False, False, False]
    assert steps[1].text == "1 hero(es) destroyed this turn: the heroes spend princess coins."
    assert steps[2].title == "Equipment" and "equip loot and treasure" in steps[2].text
    assert isinstance(steps[2].action, ConfirmStep)


def test_princess_coins_only_if_heroes_were_destroyed(sde2: EditionPack, game: GameState) -> None:
    assert open_keys(sde2, apply(sde2, game, EndTurn())) == ["equipment", "advance-chart"]


def test_loot_for_8_bit_skull_points_16_bit_models_and_spawning_points(
    sde2: EditionPack, game: GameState
) -> None:
    """2.0 rewards: 'one loot per full three skull points of 8-Bit monsters destroyed that turn;
    two loot per 16-Bit monster destroyed; a destroyed spawning point gives loot equal to its
    tile number plus one.'"""
    state = play(
        sde2,
        game,
        DestroyMonsters(monsters={"kobold": 3, "kobold-elite": 1}),  # 5 skull points: 1 loot
        DestroyMonsters(monsters={"dragon": 1}),  # 2 loot
        DestroySpawningPoint(spawning_point="nest", tile=3),  # 4 loot
        EndTurn(),
    )
    step = current(sde2, state)
    assert step.key == "rewards"
    assert step.text.startswith("The heroes take 7 loot")


def test_the_tally_starts_again_each_turn(sde2: EditionPack, game: GameState) -> None:
    state = play(sde2, game, DestroyMonsters(monsters={"dragon": 1}), DestroyHero())
    state = finish_steps(sde2, apply(sde2, state, EndTurn()))
    assert open_keys(sde2, apply(sde2, state, EndTurn())) == ["equipment", "advance-chart"]


def test_destroyed_monsters_go_back_to_the_pool(sde2: EditionPack, game: GameState) -> None:
    state = apply(sde2, game, DestroyMonsters(monsters={"kobold": 2}))
    line = next(p for p in pool(sde2, state) if p.id == "kobold")
    assert (line.in_pool, line.on_board, line.skull_points, line.bits) == (5, 1, 1, "8-bit")
    with pytest.raises(RuleError, match="only 1 Kobold on the dungeon, not 2"):
        apply(sde2, state, DestroyMonsters(monsters={"kobold": 2}))


def test_spawning_points_destroyed_and_remaining(sde2: EditionPack, game: GameState) -> None:
    state = apply(sde2, game, DestroySpawningPoint(spawning_point="nest", tile=3))
    assert spawning_points_remaining(state) == [("burrow", 2)]
    with pytest.raises(RuleError, match="no standing Nest spawning point on tile 3"):
        apply(sde2, state, DestroySpawningPoint(spawning_point="nest", tile=3))


def test_free_spawns_need_a_standing_spawning_point(sde2: EditionPack, game: GameState) -> None:
    state = play(
        sde2,
        game,
        DestroySpawningPoint(spawning_point="nest", tile=3),
        DestroySpawningPoint(spawning_point="burrow", tile=2),
    )
    with pytest.raises(RuleError, match="no spawning point is left"):
        apply(sde2, state, Spawn(monsters={"kobold": 1}))


def test_steps_must_be_done_in_order(sde2: EditionPack, game: GameState) -> None:
    state = play(sde2, game, DestroyHero(), EndTurn())
    with pytest.raises(RuleError, match=r"not the current step \(now: Princess coins\)"):
        apply(sde2, state, AdvanceChart(space=2))
    with pytest.raises(RuleError, match="Spawn monsters is not the current step"):
        apply(sde2, state, ConfirmStep(step="spawn"))
    with pytest.raises(RuleError, match="First finish the current step: Princess coins"):
        apply(sde2, state, Spawn(monsters={"kobold": 1}))
