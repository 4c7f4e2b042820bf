"""The games this Consul plays, by the name a save's header gives (no `game`: SDE). Each is
imported only when a save of it is read or started: listing saves or starting SDE never
imports MD2."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from consul_app.session.game import GameKind

GAMES = {"sde": "consul_app.sde.game:SDE", "md2": "consul_app.md2.game:MD2"}
"""Each game's `GameKind`, as module:name."""
NAMES = {"sde": "Super Dungeon Explore", "md2": "Massive Darkness 2"}


def game_kind(name: str, path: Path | None = None) -> GameKind:
    """The game called `name`; `SaveError` (line 1 of `path`) or `ValueError` if unknown."""
    where = GAMES.get(name)
    if where is None:
        known = ", ".join(GAMES)
        problem = f"a game this Consul does not play: {name!r} (it plays {known})"
        if path is None:
            raise ValueError(problem)
        from consul_app.session.journal import SaveError

        raise SaveError(path, problem, 1)
    module, _, attribute = where.partition(":")
    return getattr(import_module(module), attribute)
