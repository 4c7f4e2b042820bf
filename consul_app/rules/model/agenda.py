"""Working with the state's list of steps: the current one, and adding steps in rule order."""

from __future__ import annotations

from consul_app.rules.editions import step_title
from consul_app.rules.model.errors import RuleError
from consul_app.rules.model.state import GameState
from consul_app.rules.model.steps import StepKey, StepState


def require_step(state: GameState, key: StepKey) -> StepState:
    """The current step if it is `key`, else a `RuleError` saying what is due instead."""
    step = state.open_step()
    if step is None or step.key != key:
        title = step_title(state.setup.edition, key)
        raise RuleError(f"{title} is not the current step{_due(state, step)}")
    return step


def require_no_step(state: GameState) -> None:
    """Steps come first: 'before any further actions are carried out'."""
    step = state.open_step()
    if step is not None:
        raise RuleError(
            f"First finish the current step: {step_title(state.setup.edition, step.key)}"
        )


def add_next(state: GameState, steps: list[StepState]) -> None:
    """Insert steps right after the current one (which the caller has just done)."""
    done = [s for s in state.steps if s.done]
    todo = [s for s in state.steps if not s.done]
    state.steps = done + steps + todo


def _due(state: GameState, step: StepState | None) -> str:
    if step is None:
        return " (nothing is due)"
    return f" (now: {step_title(state.setup.edition, step.key)})"
