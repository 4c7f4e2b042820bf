"""What each edition does differently: its turn end, boss fight and timeout steps."""

from __future__ import annotations

from typing import Protocol

from consul_app.content.pack import EditionPack
from consul_app.rules.editions import classic, forgotten_king, sde2
from consul_app.rules.state import GameState
from consul_app.rules.steps import StepState


class EditionRules(Protocol):
    """What each edition module defines."""

    def end_turn(self, pack: EditionPack, state: GameState) -> None:
        """The turn (1.0: round) ends: start the steps of its end, or the next turn."""

    def before_phase_ends(self, pack: EditionPack, state: GameState) -> list[StepState]:
        """Steps to add once every step is done, before the phase ends."""

    def boss_fight_steps(self, pack: EditionPack, state: GameState) -> list[StepState]:
        """The steps right after the dungeon boss spawns."""

    def timeout_steps(self, pack: EditionPack, state: GameState) -> list[StepState]:
        """The steps of the boss's timeout."""

    def spawning_point_destroyed(self, pack: EditionPack, state: GameState, tile: int) -> None:
        """What happens at once when a spawning point on `tile` is destroyed."""


_EDITIONS: dict[str, EditionRules] = {
    "sde2": sde2,
    "forgotten-king": forgotten_king,
    "classic": classic,
}


def edition_rules(state: GameState) -> EditionRules:
    """The rules of this game's edition."""
    return _EDITIONS[state.setup.edition]
