"""The game's past through the session: actions by turn, the state after any of them, and
"undo to here" (journaled as undos, so redo brings them back)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from consul_app.content import ContentPack
from consul_app.rules import Action, EndTurn, Setup, apply, new_game
from consul_app.session import Session
from consul_app.session.session import Clock
from consul_app.session.timeline import SNAPSHOT_EVERY
from session.players import first_answer


def play_turns(session: Session, turns: int) -> None:
    """Do each step as it comes, end the turn when nothing is due, until `turns` have ended."""
    while session.state.turn <= turns:
        session.dispatch(first_answer(session.pack, session.state) or EndTurn())


def replayed(content: ContentPack, setup: Setup, actions: list[Action]):
    pack = content.edition(setup.edition)
    state = new_game(pack, setup)
    for action in actions:
        state = apply(pack, state, action)
    return state


def test_entries_list_every_action_with_its_turn(
    content: ContentPack, setup: Setup, clock: Clock
) -> None:
    with Session.new(content, setup, clock=clock) as session:
        play_turns(session, 2)
        entries = session.entries()
        assert [e.label for e in entries] == list(reversed(session.history))
        assert [e.index for e in entries] == list(range(1, len(entries) + 1))
        assert entries[0].turn == 1 and isinstance(entries[0].action, EndTurn)
        ends = [e for e in entries if isinstance(e.action, EndTurn)]
        assert [e.turn for e in ends] == [1, 2]
        # every action of turn 2 comes after the first EndTurn's phase
        turns = [e.turn for e in entries]
        assert turns == sorted(turns) and set(turns) == {1, 2}


def test_state_at_is_the_replay_of_the_first_actions(
    content: ContentPack, setup: Setup, clock: Clock
) -> None:
    with Session.new(content, setup, clock=clock) as session:
        play_turns(session, 14)
        actions = [d.action for d in session.actions]
        assert len(actions) > SNAPSHOT_EVERY  # across a snapshot
        for count in (0, 1, SNAPSHOT_EVERY - 1, SNAPSHOT_EVERY, len(actions)):
            assert session.state_at(count) == replayed(content, setup, actions[:count])
        assert session.states()[-1] == session.state
        with pytest.raises(IndexError):
            session.state_at(len(actions) + 1)


def test_undo_to_here_journals_undos_that_redo_brings_back(
    content: ContentPack, setup: Setup, clock: Clock
) -> None:
    with Session.new(content, setup, clock=clock) as session:
        play_turns(session, 3)
        actions = [d.action for d in session.actions]
        labels = list(session.history)
        target = 5
        taken = session.undo_to(target)
        assert taken == labels[: len(actions) - target]
        assert session.state == replayed(content, setup, actions[:target])
        lines = [json.loads(line) for line in Path(session.path).read_text().splitlines()]
        assert [line["op"] for line in lines[-len(taken) :]] == ["undo"] * len(taken)
        assert session.redo() == labels[len(taken) - 1]
        assert session.state == replayed(content, setup, actions[: target + 1])
        path = session.path
    with Session.resume(content, path) as again:
        assert again.state == replayed(content, setup, actions[: target + 1])
        assert len(again.actions) == target + 1


def test_undo_to_the_present_changes_nothing(
    content: ContentPack, setup: Setup, clock: Clock
) -> None:
    with Session.new(content, setup, clock=clock) as session:
        session.dispatch(EndTurn())
        published = []
        session.listener = published.append
        size = Path(session.path).stat().st_size
        assert session.undo_to(len(session.actions)) == []
        assert Path(session.path).stat().st_size == size and published == []
        with pytest.raises(IndexError):
            session.undo_to(-1)
        assert session.undo_to(0) == [session.redo_label]
        assert published == [session.state]
        assert session.state == replayed(content, setup, [])
        assert not session.can_undo and session.can_redo
        session.redo()


def test_recap_is_the_last_finished_phase_counted_from_the_start(
    content: ContentPack, setup: Setup, clock: Clock
) -> None:
    with Session.new(content, setup, clock=clock) as session:
        assert session.recap() is None
        play_turns(session, 3)
        recap = session.recap()
        assert recap is not None and recap.turn == 3
        assert isinstance(session.actions[recap.start].action, EndTurn)
        assert session.state_at(recap.start).turn == 3
        session.dispatch(EndTurn())
        assert session.recap() == recap  # turn 4's phase is not over yet
