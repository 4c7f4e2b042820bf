"""A game's past: the actions in effect by turn, and the states they led to (by replay)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from consul_app.session.game import Action, GameRules

GameState = Any


@dataclass(frozen=True)
class Entry:
    """One action in effect, as the history screen lists it."""

    index: int
    """How many actions are in effect just after it (1: the game's first action)."""
    turn: int
    """The turn (SDE 1.0 and MD2: round) it was done in."""
    label: str
    action: Action


def replay(rules: GameRules, state: GameState, actions: Sequence[Action]) -> Iterator[GameState]:
    """The state after each of `actions`, applied one after the other from `state`."""
    for action in actions:
        state = rules.apply(state, action)
        yield state


def entries(
    rules: GameRules,
    states: Sequence[GameState],
    labels: Sequence[str],
    actions: Sequence[Action],
) -> list[Entry]:
    """The actions with their turn, oldest first; `states[n]` is the state after n actions."""
    return [
        Entry(n + 1, rules.turn(states[n]), label, action)
        for n, (label, action) in enumerate(zip(labels, actions, strict=True))
    ]
