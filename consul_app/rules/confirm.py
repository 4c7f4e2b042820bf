"""Confirming the current step: what confirming changes is its `StepDef.confirm`."""

from __future__ import annotations

from consul_app.content.pack import EditionPack
from consul_app.rules.editions import step_title
from consul_app.rules.model.actions import ConfirmStep
from consul_app.rules.model.agenda import require_step
from consul_app.rules.model.errors import RuleError
from consul_app.rules.model.state import GameState
from consul_app.rules.model.steps import step_def


def confirm_step(pack: EditionPack, state: GameState, action: ConfirmStep) -> None:
    step = require_step(state, action.step)
    defined = step_def(step.key)
    if not defined.confirmed:
        title = step_title(state.setup.edition, step.key)
        raise RuleError(f"{title} needs an answer, not a confirmation")
    if defined.confirm is not None:
        defined.confirm(pack, state, step)
    step.done = True
