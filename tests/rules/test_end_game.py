"""Ending a game before the boss is defeated: the heroes lost, or the Consul ends it. After
that nothing can be done but undo; the story and the saves list say how it ended."""

from __future__ import annotations

import pytest

from consul_app.content.pack import EditionPack
from consul_app.rules import (
    DestroyHero,
    EndGame,
    EndTurn,
    RuleError,
    Wound,
    apply,
    describe,
    new_game,
    story,
)
from consul_app.sde.ended import finished

from .packs import make_setup, play


def test_ending_the_game_stops_every_action(sde2: EditionPack) -> None:
    state = new_game(sde2, make_setup())
    ended = apply(sde2, state, EndGame(result="heroes-lost"))
    assert ended.ended == "heroes-lost" and finished(ended) and not finished(state)
    for action in (EndTurn(), DestroyHero(), EndGame(result="ended")):
        with pytest.raises(RuleError, match=r"The game has ended \(the heroes lost\)"):
            apply(sde2, ended, action)
    assert describe(sde2, EndGame(result="heroes-lost")) == "The heroes lost: the game ends"
    assert describe(sde2, EndGame(result="ended")) == "End the game here"


def test_the_story_tells_how_it_ended(sde2: EditionPack) -> None:
    start = new_game(sde2, make_setup())
    actions = [EndGame(result="ended")]
    told = story(sde2, [start, play(sde2, start, *actions)], actions)
    assert told.finished and told.result == "The Consul ended the game on turn 1."
    lost = [EndGame(result="heroes-lost")]
    told = story(sde2, [start, play(sde2, start, *lost)], lost)
    assert told.result == "The heroes lost on turn 1: Big Boss stands."


def test_a_won_game_cannot_be_ended_again(sde2: EditionPack) -> None:
    state = new_game(sde2, make_setup())
    state.boss.spawned = True
    won = apply(sde2, state, Wound(wounds=99))
    assert won.boss.defeated
    with pytest.raises(RuleError, match="already over"):
        apply(sde2, won, EndGame(result="ended"))


def test_the_game_can_end_in_the_middle_of_a_power_up_phase(sde2: EditionPack) -> None:
    """Ending is not an event that waits for the steps: the table stops wherever it stands,
    and the steps left open go with it (undo brings them back)."""
    start = new_game(sde2, make_setup())
    phase = apply(sde2, start, EndTurn())
    assert phase.phase == "power-up" and phase.open_step() is not None
    ended = apply(sde2, phase, EndGame(result="ended"))
    assert ended.ended == "ended" and finished(ended)
    assert ended.steps == [] and ended.turn == phase.turn and ended.phase == phase.phase
    assert phase.open_step() is not None  # the state before it is untouched
