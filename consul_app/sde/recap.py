"""SDE's views of a whole session: the recap since your last turn and the game's story."""

from __future__ import annotations

from dataclasses import replace
from itertools import islice
from typing import TYPE_CHECKING

from consul_app.rules import EndTurn, Recap, Story, recap, story
from consul_app.session.history import replay
from consul_app.session.journal import SaveError

if TYPE_CHECKING:
    from consul_app.session.session import Session

RECAP_REACH = 1000
"""How far back the recap looks for the ends of the last turns (a phase is never that long)."""


def session_recap(session: Session) -> Recap | None:
    """Since your last turn: what the last finished phase did (None before the first).
    Replays only from the turn before last; `Recap.start` counts from the game's start."""
    try:
        return _recap(session)
    except SaveError:  # a damaged line before the checkpoint: no recap (undo says why)
        return None


def _recap(session: Session) -> Recap | None:
    done = session.timeline.done
    ends = []  # the last two ends of a turn, newest first, looked for as far as RECAP_REACH
    newest = islice(done.newest_first(), RECAP_REACH)
    for index, entry in zip(range(len(done) - 1, -1, -1), newest, strict=False):
        if isinstance(entry.action, EndTurn):
            ends.append(index)
            if len(ends) == 2:
                break
    if not ends:
        return None
    start = ends[-1]
    actions = [d.action for d in done[start:]]
    first = session.state_at(start)
    rules = session.rules
    told = recap(rules.pack, [first, *replay(rules, first, actions)], actions)
    return None if told is None else replace(told, start=told.start + start)


def session_story(session: Session) -> Story:
    """The game's story so far (replays the whole game)."""
    states = session.states()
    return story(session.pack, states, [d.action for d in session.timeline.done])
