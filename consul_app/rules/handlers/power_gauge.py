"""SDE 1.0's power gauge: the skull counter moves as wounds are inflicted; the boss comes once
it fills completely (16-Bit game) or twice (Super game)."""

from __future__ import annotations

from consul_app.content.models import PowerGauge
from consul_app.content.pack import EditionPack
from consul_app.rules.editions import edition_of
from consul_app.rules.model.actions import AdvanceGauge
from consul_app.rules.model.errors import RuleError
from consul_app.rules.model.state import GameState


def gauge_of(pack: EditionPack, state: GameState) -> PowerGauge:
    """The gauge content this game uses (the setup's, or the pack's first)."""
    gauge_id = state.setup.power_gauge or next(iter(pack.power_gauges))
    return pack.power_gauges[gauge_id]


def fills_needed(state: GameState) -> int:
    return 2 if state.setup.game_size == "super" else 1


def gauge_full(state: GameState) -> bool:
    return state.gauge is not None and state.gauge.fills >= fills_needed(state)


def advance_gauge(pack: EditionPack, state: GameState, action: AdvanceGauge) -> None:
    """Move the skull counter; at the end of the track it fills and starts again from the
    beginning until it has filled as often as the game size needs, then stays full."""
    if state.gauge is None:
        raise RuleError(f"{edition_of(state).name} has no power gauge")
    if gauge_full(state):
        raise RuleError("the power gauge is already full")
    squares = gauge_of(pack, state).squares
    gauge = state.gauge
    gauge.filled += action.squares
    while gauge.filled >= squares and not gauge_full(state):
        gauge.fills += 1
        gauge.filled = squares if gauge_full(state) else gauge.filled - squares
