"""Confirming the current step, and what confirming changes in the state."""

from __future__ import annotations

from collections.abc import Callable

from consul_app.content.pack import EditionPack
from consul_app.rules.editions import step_title
from consul_app.rules.handlers.bonuses import gain_bonuses
from consul_app.rules.handlers.hearts import boss_hearts
from consul_app.rules.handlers.timeout import healed_back_wounds
from consul_app.rules.model.actions import ConfirmStep
from consul_app.rules.model.agenda import require_step
from consul_app.rules.model.errors import RuleError
from consul_app.rules.model.state import GameState
from consul_app.rules.model.steps import ANSWERED, StepState, step_def


def confirm_step(pack: EditionPack, state: GameState, action: ConfirmStep) -> None:
    step = require_step(state, action.step)
    defined = step_def(step.key)
    if step.key in ANSWERED or (defined is not None and defined.answer is not None):
        title = step_title(state.setup.edition, step.key)
        raise RuleError(f"{title} needs an answer, not a confirmation")
    effect = defined.confirm if defined is not None else _EFFECTS.get(step.key)
    if effect is not None:
        effect(pack, state, step)
    step.done = True


def _gain(pack: EditionPack, state: GameState, step: StepState) -> None:
    gain_bonuses(state, step.options, step.space or state.position)


def _refresh_mini_boss(pack: EditionPack, state: GameState, step: StepState) -> None:
    if state.mini_boss is not None:
        state.mini_boss.wounds = 0
        state.mini_boss.status = []


def _remove_spawning_points(pack: EditionPack, state: GameState, step: StepState) -> None:
    for point in state.standing_spawning_points():
        point.status = "removed"


def _immune(pack: EditionPack, state: GameState, step: StepState) -> None:
    state.boss.immune_to_crits = True


def _clear_status(pack: EditionPack, state: GameState, step: StepState) -> None:
    state.boss.status = []


def _heal_back(pack: EditionPack, state: GameState, step: StepState) -> None:
    hearts = boss_hearts(pack, state)
    state.boss.wounds = healed_back_wounds(hearts, state.boss.wounds)


_EFFECTS: dict[str, Callable[[EditionPack, GameState, StepState], None]] = {
    "bonuses": _gain,
    "mini-boss-refresh": _refresh_mini_boss,
    "remove-spawning-points": _remove_spawning_points,
    "timeout-immune": _immune,
    "timeout-status": _clear_status,
    "timeout-heal-boss": _heal_back,
}
"""Steps (not yet defined in their rule's module: `StepDef.confirm`) whose confirmation changes
the state; the others are reminders of the table."""
