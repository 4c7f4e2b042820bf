"""What each edition does differently: its turn end, boss fight and timeout steps."""

from __future__ import annotations

from types import ModuleType

from consul_app.rules.editions import classic, forgotten_king, sde2
from consul_app.rules.state import GameState

_EDITIONS: dict[str, ModuleType] = {
    "sde2": sde2,
    "forgotten-king": forgotten_king,
    "classic": classic,
}


def edition_rules(state: GameState) -> ModuleType:
    """The module with this game's edition rules. Each defines the same functions:
    `end_turn`, `before_phase_ends`, `boss_fight_steps`, `timeout_steps` and
    `spawning_point_destroyed`."""
    return _EDITIONS[state.setup.edition]
