"""Advancing the chart one space and resolving it: spawn, then bonuses, then boss sightings."""

from __future__ import annotations

from consul_app.content.models import ChartSpace
from consul_app.content.pack import EditionPack
from consul_app.rules.editions import edition_of
from consul_app.rules.handlers.mini_boss import mini_bosses_waiting
from consul_app.rules.model.actions import AdvanceChart
from consul_app.rules.model.agenda import add_next, require_step
from consul_app.rules.model.chart import space_summary, spaces
from consul_app.rules.model.errors import RuleError
from consul_app.rules.model.state import GameState
from consul_app.rules.model.steps import StepDef, StepState


def advance_chart(pack: EditionPack, state: GameState, action: AdvanceChart) -> None:
    step = require_step(state, "advance-chart")
    if action.space != state.position + 1:
        raise RuleError(f"the chart advances one space, to space {state.position + 1}")
    step.done = True
    state.position = action.space
    add_next(state, space_steps(state, spaces(pack, state.chart)[action.space - 1], action.space))


def space_steps(state: GameState, space: ChartSpace, number: int) -> list[StepState]:
    """The steps a space causes, in rule order: spawn monsters and bosses, apply bonuses,
    resolve boss sightings."""
    steps: list[StepState] = []
    if space.spawn:
        steps.append(StepState(key="spawn", space=number, budget=space.spawn, bits=space.bits))
    if space.mini_boss:
        steps.extend(_mini_boss_step(state, number))
    if space.dungeon_boss:
        steps.append(StepState(key="boss-spawn", space=number))
    if space.bonuses:
        steps.append(StepState(key="bonuses", space=number, options=space.bonuses))
    if space.choose_bonus:
        steps.append(StepState(key="choose-bonus", space=number, options=space.choose_bonus))
    if space.boss_sighting:
        steps.append(StepState(key="boss-sighting", space=number, tiles=space.boss_sighting))
    return steps


def _mini_boss_step(state: GameState, number: int) -> list[StepState]:
    """A mini-boss on the dungeon is refreshed instead; with none left to bring, the step is
    done at once and only says so (no options)."""
    if state.mini_boss is not None:
        return [StepState(key="mini-boss-refresh", space=number)]
    left = mini_bosses_waiting(state)
    return [StepState(key="mini-boss", space=number, options=left, done=not left)]


def _space(state: GameState, step: StepState) -> int:
    """The space (ladder step) the token moves to."""
    return step.space or state.position + 1


def _advance(pack: EditionPack, state: GameState, step: StepState) -> str:
    number = _space(state, step)
    space = spaces(pack, state.chart)[number - 1]
    said = edition_of(state).advance_prompt
    return said.format(number=number, summary=space_summary(pack, space))


STEPS = {
    "advance-chart": StepDef(
        "advance-chart",
        "Advance the Mighty Monster Chart",
        _advance,
        action=lambda pack, state, step: AdvanceChart(space=_space(state, step)),
    ),
}
"""The token moves one space (FK: climbs the ladder one step)."""
