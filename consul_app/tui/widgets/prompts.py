"""The prompts pane: the engine's steps in rule order, done ones ticked, the current one marked."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from consul_app.rules import EndTurn, Recap, Step, describe, phase_name, turn_name, turn_notes
from consul_app.tui.rows import Row, Stack, marked
from consul_app.tui.view import TableView
from consul_app.tui.widgets.next_step import GAME_ENDED
from consul_app.tui.widgets.pane import Pane

DONE, CURRENT, TODO = "✓", ">>", "."
POINTER = ">"
RECAP = "┃"
AFTER = "Start a new game, or undo the last action."
GAME_OVER = f"The game is over: the heroes have won. {AFTER}"


class PromptsPane(Pane):
    """What to do now, step by step; Enter confirms the current step."""

    TITLE = "1 Steps"
    bar_whole = False
    """Whether the top bar showed the current step's text whole: the screen sets it after
    showing the bar. Then the current step here is its marked title only."""

    def key(self, view: TableView, section: str) -> object:
        state = view.state
        shown = (view.steps, state.turn, state.phase, state.tally, state.gauge, self.bar_whole)
        return *shown, state.spawning_points, view.recap, state.boss.defeated, state.ended

    def body(self, view: TableView, section: str) -> RenderableType:
        steps = self._steps(view)
        if view.recap is None:
            return steps
        return Stack(recap_box(view.recap), steps)

    def _steps(self, view: TableView) -> RenderableType:
        steps = view.steps
        head = Text(f"{turn_name(view.state)}: {phase_name(view.state)}", style="bold")
        if view.state.boss.defeated:
            return Stack(head, Text(GAME_OVER))
        if view.state.ended is not None:  # (E: the heroes lost, or the game stops here)
            return Stack(head, Text(f"{GAME_ENDED[view.state.ended]} {AFTER}"))
        if not steps:
            end = describe(view.pack, EndTurn(), view.state)
            notes = [Text(f"{POINTER} {n}", "bold") for n in turn_notes(view.pack, view.state)]
            return Stack(head, *notes, Text(f"Nothing is due. {end} when it is over."))
        rows = [row for step in steps for row in step_rows(step, text=not self.bar_whole)]
        return Stack(head, marked(rows, width=2))


def recap_box(recap: Recap) -> RenderableType:
    """Since your last turn, marked down its left edge, above the steps until a key is
    pressed."""
    rows: list[Row] = [(RECAP, Text(recap.title), "bold")]
    rows += [(RECAP, Text(f"- {line}"), "") for line in recap.lines]
    rows.append((RECAP, Text("Any key: dismiss. To see it again: H, then t."), "italic"))
    return Stack(marked(rows, width=1), Text(""))


def step_rows(step: Step, text: bool = True) -> list[Row]:
    """A step's title with its mark; the current one also gets its rule text if `text`."""
    if step.done:
        return [(DONE, step.title, "dim")]
    if not step.current:
        return [(TODO, step.title, "")]
    current: Row = (CURRENT, step.title, "bold reverse")
    return [current, ("", Text(step.text, style="italic"), "")] if text else [current]
