"""Placing spawning points in a new game: a paired one comes with its partner."""

from __future__ import annotations

from consul_app.content import EditionPack
from consul_app.rules.model.setup import PlacedSpawningPoint


def add_spawning_point(
    pack: EditionPack, placed: list[PlacedSpawningPoint], point_id: str, tile: int
) -> list[PlacedSpawningPoint]:
    """`placed` with `point_id` added on `tile`; a paired spawning point (which the setup only
    accepts with a partner) brings its first partner from the pack onto the same tile, unless a
    partner placed alone already waits for it."""
    added = [*placed, PlacedSpawningPoint(id=point_id, tile=tile)]
    point = pack.spawning_points.get(point_id)
    if point is None or not point.paired:
        return added
    partner = next((p for p in point.paired_with if p in pack.spawning_points), None)
    if partner is None or _completes_a_pair(placed, point_id, partner):
        return added
    return [*added, PlacedSpawningPoint(id=partner, tile=tile)]


def _completes_a_pair(placed: list[PlacedSpawningPoint], point_id: str, partner: str) -> bool:
    """A model of `partner` already waits for `point_id` (one of a pair placed alone)."""
    mine = sum(p.id == point_id for p in placed)
    if partner == point_id:
        return mine % 2 == 1
    return sum(p.id == partner for p in placed) > mine
