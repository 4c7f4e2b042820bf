"""When an SDE game is over (the session's `finished`, the export's and the table's)."""

from __future__ import annotations

from consul_app.rules import GameState


def finished(state: GameState) -> bool:
    """The game is over: the dungeon boss is defeated, or the game was ended (`EndGame`)."""
    return state.boss.defeated or state.ended is not None
