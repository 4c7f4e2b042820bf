"""SDE 1.0's power gauge as the screen shows it."""

from __future__ import annotations

from dataclasses import dataclass

from consul_app.content.pack import EditionPack
from consul_app.rules.handlers.power_gauge import fills_needed, gauge_of
from consul_app.rules.model.state import GameState


@dataclass(frozen=True)
class GaugeStatus:
    """SDE 1.0's power gauge: `section` is where the skull counter stands (8-Bit, 16-Bit, Super)."""

    squares: int
    filled: int
    fills: int
    fills_needed: int
    section: str
    sixteen_bit_at: int
    super_at: int
    verified: bool = False
    """Checked against a printed gauge (the bundled one is a reconstruction)."""


def gauge_status(pack: EditionPack, state: GameState) -> GaugeStatus | None:
    """SDE 1.0's power gauge (None in the other editions)."""
    if state.gauge is None:
        return None
    gauge = gauge_of(pack, state)
    filled = state.gauge.filled
    section = (
        "Super"
        if filled >= gauge.super_at
        else "16-Bit"
        if filled >= gauge.sixteen_bit_at
        else "8-Bit"
    )
    return GaugeStatus(
        squares=gauge.squares,
        filled=filled,
        fills=state.gauge.fills,
        fills_needed=fills_needed(state),
        section=section,
        sixteen_bit_at=gauge.sixteen_bit_at,
        super_at=gauge.super_at,
        verified=gauge.verified,
    )
