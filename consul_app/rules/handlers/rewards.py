"""SDE 2.0 rewards in the power-up phase: loot and treasure for what the heroes destroyed this
turn."""

from __future__ import annotations

from consul_app.rules.model.state import Tally


def loot(tally: Tally) -> int:
    """One loot per full three skull points of 8-Bit monsters, two per 16-Bit monster,
    and a spawning point's tile number plus one for each spawning point destroyed."""
    return (
        tally.skull_points_8bit // 3
        + 2 * tally.models_16bit
        + sum(tile + 1 for tile in tally.spawning_point_tiles)
    )


def treasure(tally: Tally) -> int:
    """The party draws treasure for each mini-boss destroyed (the reference's fight cards and
    plots speak of "treasure for destroying the mini-boss"), but for one a fight card says
    gives none (Onibaba's timeout mini-boss)."""
    return tally.mini_bosses_destroyed - tally.without_treasure
