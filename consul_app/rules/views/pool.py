"""The spawning pool as the screen shows it: each monster, how many are in the pool and on the
dungeon, and whether one more may spawn now."""

from __future__ import annotations

from dataclasses import dataclass

from consul_app.content.pack import EditionPack
from consul_app.rules.model.actions import Spawn
from consul_app.rules.model.state import GameState
from consul_app.rules.views.options import refusal


@dataclass(frozen=True)
class PoolLine:
    """One monster of the spawning pool: how many are in the pool and on the dungeon."""

    id: str
    name: str
    rank: str
    bits: str
    skull_points: int
    in_pool: int
    on_board: int
    may_spawn: bool = False
    """The engine would accept spawning one now (in a spawn step: within its skull points and
    bits; outside steps: a free spawn while a spawning point stands)."""


def pool(pack: EditionPack, state: GameState) -> list[PoolLine]:
    """The spawning pool: every monster the spawning points brought, and whether one more of
    it may spawn now (as the engine decides: it is tried)."""
    lines = []
    for mid, in_pool in state.pool.items():
        monster = pack.monsters[mid]
        lines.append(
            PoolLine(
                mid,
                monster.name,
                monster.rank,
                monster.bits,
                monster.skull_points,
                in_pool,
                state.board.get(mid, 0),
                may_spawn=in_pool > 0 and refusal(pack, state, Spawn(monsters={mid: 1})) is None,
            )
        )
    return lines
