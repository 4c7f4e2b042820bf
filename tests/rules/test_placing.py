"""Placing spawning points in the new-game setup: "`paired_with` lists the spawning points
that may stand as the pair (itself for a self-pair such as Kobold Warrens)" (data/README.md),
and a paired one must be placed with a partner (`check_setup`), so adding one brings it."""

from __future__ import annotations

from consul_app.content.pack import EditionPack
from consul_app.rules import PlacedSpawningPoint, add_spawning_point


def _ids(placed: list[PlacedSpawningPoint]) -> list[tuple[str, int]]:
    return [(p.id, p.tile) for p in placed]


def test_an_unpaired_point_comes_alone(sde2: EditionPack) -> None:
    assert _ids(add_spawning_point(sde2, [], "burrow", 2)) == [("burrow", 2)]


def test_a_paired_point_brings_its_partner_on_its_tile(sde2: EditionPack) -> None:
    placed = add_spawning_point(sde2, [], "left-gate", 3)
    assert _ids(placed) == [("left-gate", 3), ("right-gate", 3)]
    assert _ids(add_spawning_point(sde2, [], "twin", 2)) == [("twin", 2), ("twin", 2)]


def test_a_partner_waiting_alone_is_completed_not_doubled(sde2: EditionPack) -> None:
    alone = [PlacedSpawningPoint(id="right-gate", tile=2)]
    assert _ids(add_spawning_point(sde2, alone, "left-gate", 2)) == [
        ("right-gate", 2),
        ("left-gate", 2),
    ]
    one_twin = [PlacedSpawningPoint(id="twin", tile=1)]
    assert _ids(add_spawning_point(sde2, one_twin, "twin", 1)) == [("twin", 1), ("twin", 1)]
