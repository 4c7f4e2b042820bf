"""The prompts pane: the engine's steps in rule order, done ones ticked, the current one marked."""

from __future__ import annotations

from textual.content import Content

from consul_app.rules import EndTurn, Step, describe, power_up_steps
from consul_app.tui.view import TableView
from consul_app.tui.widgets.pane import Pane

DONE, CURRENT, TODO = " ✓ ", ">> ", " . "


class PromptsPane(Pane):
    """What to do now, step by step; Enter confirms the current step."""

    TITLE = "1 Steps"

    def body(self, view: TableView) -> Content:
        steps = power_up_steps(view.pack, view.state)
        phase = "Power-up phase" if view.state.phase == "power-up" else "Turn"
        lines = [Content.styled(f"{phase} · turn {view.state.turn}", "bold")]
        if not steps:
            end = describe(view.pack, EndTurn())
            lines.append(Content(f"Nothing is due. {end} when it is over."))
        lines += [line for step in steps for line in step_lines(step)]
        return Content("\n").join(lines)


def step_lines(step: Step) -> list[Content]:
    """A step's title with its mark; the current one also gets its rule text."""
    if step.done:
        return [Content.styled(f"{DONE}{step.title}", "dim")]
    if not step.current:
        return [Content(f"{TODO}{step.title}")]
    return [
        Content.styled(f"{CURRENT}{step.title}", "bold reverse"),
        Content.styled(f"   {step.text}", "italic"),
    ]
