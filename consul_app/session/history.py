"""A game's past: the actions in effect by turn, and the states they led to (by replay)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from consul_app.content import EditionPack
from consul_app.rules import Action, GameState, apply


@dataclass(frozen=True)
class Entry:
    """One action in effect, as the history screen lists it."""

    index: int
    """How many actions are in effect just after it (1: the game's first action)."""
    turn: int
    """The turn (1.0: round) it was done in."""
    label: str
    action: Action


def replay(pack: EditionPack, state: GameState, actions: Sequence[Action]) -> Iterator[GameState]:
    """The state after each of `actions`, applied one after the other from `state`."""
    for action in actions:
        state = apply(pack, state, action)
        yield state


def entries(
    states: Sequence[GameState], labels: Sequence[str], actions: Sequence[Action]
) -> list[Entry]:
    """The actions with their turn, oldest first; `states[n]` is the state after n actions."""
    return [
        Entry(n + 1, states[n].turn, label, action)
        for n, (label, action) in enumerate(zip(labels, actions, strict=True))
    ]
