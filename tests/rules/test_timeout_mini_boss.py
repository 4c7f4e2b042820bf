"""A fight card whose timeout brings a mini-boss (Onibaba's "Battle Without End").

The reference's card: 'If no mini-boss is in play, spawn a mini-boss selected for this game
adjacent to target Hero. The mini-boss immediately suffers three wounds. Heroes do not draw
treasure for destroying this mini-boss.'"""

from __future__ import annotations

import pytest
from msgspec import structs

from consul_app.content.models import MiniBossSpawn
from consul_app.content.pack import EditionPack
from consul_app.rules import (
    DestroyMiniBoss,
    EndTurn,
    GameState,
    RuleError,
    SpawnMiniBoss,
    Wound,
    answer,
    apply,
    power_up_steps,
)
from consul_app.rules.handlers.rewards import treasure
from consul_app.rules.model.state import MiniBossState

from .packs import current, finish_steps, open_keys, play, run_to
from .test_boss_sde2 import in_play

BATTLE_WITHOUT_END = MiniBossSpawn(wounds=3, treasure=False)


def bringing(pack: EditionPack, brings: MiniBossSpawn = BATTLE_WITHOUT_END) -> EditionPack:
    card = pack.fight_cards["big-card"]
    pack.fight_cards["big-card"] = structs.replace(card, timeout_mini_boss=brings)
    return pack


def timed_out(pack: EditionPack, state: GameState | None = None) -> GameState:
    return apply(pack, state or in_play(pack), Wound(wounds=5))


def test_the_timeout_brings_one_of_the_games_mini_bosses_after_the_cards_effects(
    sde2: EditionPack,
) -> None:
    """'spawn a mini-boss selected for this game': the Consul picks one of those brought."""
    state = timed_out(bringing(sde2))
    keys = open_keys(sde2, state)
    assert keys[keys.index("timeout-effects") + 1] == "timeout-mini-boss"
    state = run_to(sde2, state, "timeout-mini-boss")
    step = current(sde2, state)
    assert step is not None and step.needs_answer
    assert [c.id for c in step.choices] == ["chief", "queen"]
    assert "Queen" in step.text and "3 wounds at once" in step.text
    assert "no treasure" in step.text


def test_it_comes_with_three_wounds_and_gives_no_treasure(sde2: EditionPack) -> None:
    """'The mini-boss immediately suffers three wounds. Heroes do not draw treasure for
    destroying this mini-boss.'"""
    state = run_to(sde2, timed_out(bringing(sde2)), "timeout-mini-boss")
    step = current(sde2, state)
    assert step is not None
    state = apply(sde2, state, answer(step, ["queen"]))
    assert state.mini_boss == MiniBossState(id="queen", wounds=3, treasure=False)
    state = finish_steps(sde2, state)
    state = play(sde2, state, Wound(target="mini-boss", wounds=5))  # its 8 hearts
    assert state.mini_boss is None and state.mini_bosses_destroyed == ["queen"]
    assert state.tally.mini_bosses_destroyed == 1 and treasure(state.tally) == 0
    state = play(sde2, state, EndTurn())
    assert all("Treasure" not in s.text for s in power_up_steps(sde2, state))


def test_a_mini_boss_spawned_otherwise_still_gives_treasure(sde2: EditionPack) -> None:
    state = in_play(bringing(sde2)).evolve()
    state.mini_boss = MiniBossState(id="chief")
    state = play(sde2, state, DestroyMiniBoss(mini_boss="chief"))
    assert treasure(state.tally) == 1


def test_with_a_mini_boss_in_play_none_comes(sde2: EditionPack) -> None:
    """'If no mini-boss is in play'."""
    state = in_play(bringing(sde2)).evolve()
    state.mini_boss = MiniBossState(id="chief")
    assert "timeout-mini-boss" not in open_keys(sde2, timed_out(sde2, state))


def test_only_a_mini_boss_offered_may_come(sde2: EditionPack) -> None:
    state = run_to(sde2, timed_out(bringing(sde2)), "timeout-mini-boss")
    with pytest.raises(RuleError, match="cannot come now"):
        apply(sde2, state, SpawnMiniBoss(mini_boss="boss-of-another-game"))


def test_enough_wounds_at_once_destroy_it_without_treasure(sde2: EditionPack) -> None:
    bringing(sde2, MiniBossSpawn(wounds=20, treasure=False))
    state = run_to(sde2, timed_out(sde2), "timeout-mini-boss")
    step = current(sde2, state)
    assert step is not None
    state = apply(sde2, state, answer(step, ["chief"]))
    assert state.mini_boss is None and state.mini_bosses_destroyed == ["chief"]
    assert treasure(state.tally) == 0


def test_a_mini_boss_destroyed_earlier_may_come_back(sde2: EditionPack) -> None:
    """'spawn a mini-boss selected for this game': destroyed earlier or not (with one mini-boss
    brought, as usual, it is gone by the boss fight)."""
    state = in_play(bringing(sde2), mini_bosses=["queen"]).evolve()
    state.mini_boss = MiniBossState(id="queen")
    state = play(sde2, state, DestroyMiniBoss(mini_boss="queen"))
    state = run_to(sde2, timed_out(sde2, state), "timeout-mini-boss")
    step = current(sde2, state)
    assert step is not None and step.action == SpawnMiniBoss(mini_boss="queen")  # Enter
    state = apply(sde2, state, step.action)
    assert state.mini_boss == MiniBossState(id="queen", wounds=3, treasure=False)
    state = play(sde2, finish_steps(sde2, state), DestroyMiniBoss(mini_boss="queen"))
    assert state.mini_bosses_destroyed == ["queen", "queen"] and treasure(state.tally) == 1


def test_a_card_without_it_brings_none(sde2: EditionPack) -> None:
    assert "timeout-mini-boss" not in open_keys(sde2, timed_out(sde2))

