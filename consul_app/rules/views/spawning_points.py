"""The spawning points of the setup as the screen shows them: hearts, wounds, status effects,
standing or not."""

from __future__ import annotations

from dataclasses import dataclass

from consul_app.content.pack import EditionPack
from consul_app.rules.model.names import point_name
from consul_app.rules.model.state import GameState


@dataclass(frozen=True)
class SpawningPointLine:
    """A spawning point of the setup: its hearts, wounds and status effects, and whether it
    still stands ("standing", "destroyed", "removed")."""

    id: str
    name: str
    tile: int
    hearts: int
    wounds: int
    status_effects: list[str]
    where: str
    which: int | None = None
    """One of a pair on one tile: the n-th of its id there (its name says #n+1); None: the
    only one."""


def spawning_point_lines(pack: EditionPack, state: GameState) -> list[SpawningPointLine]:
    """Every spawning point of the game, in setup order."""
    return [
        SpawningPointLine(
            p.id,
            point_name(pack, p.id, which := state.point_number(p)),
            p.tile,
            pack.spawning_points[p.id].hearts,
            p.wounds,
            list(p.status_effects),
            p.status,
            which,
        )
        for p in state.spawning_points
    ]


def spawning_points_remaining(state: GameState) -> list[tuple[str, int]]:
    """(spawning point id, tile) of every spawning point still standing."""
    return [(p.id, p.tile) for p in state.standing_spawning_points()]
