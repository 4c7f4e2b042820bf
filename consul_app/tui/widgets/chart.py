"""The Mighty Monster Chart pane (Forgotten King: the ladder; SDE 1.0: the power gauge)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from consul_app.content import EditionPack
from consul_app.rules import (
    GameState,
    GaugeStatus,
    SpaceView,
    chart_spaces,
    gauge_status,
    turns_until,
    upcoming_spaces,
)
from consul_app.tui import symbols
from consul_app.tui.rows import Row, marked
from consul_app.tui.view import TableView
from consul_app.tui.widgets.pane import Pane

TOKEN, PASSED, NEXT = ">>", "✓", ">"


class ChartPane(Pane):
    """Every space in order: passed ones ticked, the boss token at `>>`, the next ones at `>`."""

    TITLE = "3 Chart"

    def key(self, view: TableView, section: str) -> object:
        state = view.state
        return state.chart, state.position, state.boss.spawned, state.bonuses, state.gauge

    def body(self, view: TableView, section: str) -> RenderableType:
        state = view.state
        if state.setup.edition == "classic":
            gauge = gauge_status(view.pack, state)
            return gauge_lines(gauge) if gauge else Text("No power gauge in this game.")
        return Group(*_header(view.pack, state), chart_table(view.pack, state))


def _header(pack: EditionPack, state: GameState) -> list[Text]:
    chart = pack.charts[state.chart] if state.chart else None
    if chart is None:
        return []
    total = len(chart.spaces)
    lines = [Text(chart.name, style="bold")]
    if not chart.verified:
        lines.append(Text("(not checked against a printed chart)", style="dim"))
    if state.setup.edition == "forgotten-king":
        top = " (the top)" if state.position >= total else ""
        lines.append(Text(f"Ladder: step {state.position} of {total} reached{top}"))
        return lines
    if state.boss.spawned:
        lines.append(Text("The boss has left the chart.", style="bold"))
        return lines
    where = f"space {state.position}" if state.position else "START"
    lines.append(Text(f"Boss token {TOKEN} on {where} of {total}"))
    until = turns_until(pack, state)
    ahead = [
        f"{what} in {n} turn{'s' if n != 1 else ''}"
        for what, n in (("Mini-boss", until.mini_boss), ("Boss", until.boss))
        if n is not None
    ]
    if ahead:
        lines.append(Text(" · ".join(ahead), style="bold"))
    return lines


def chart_table(pack: EditionPack, state: GameState) -> Table:
    """START and one row per space; the token's space and the next one also in words."""
    ahead = [v.number for v in upcoming_spaces(pack, state)]
    at_start = state.position == 0 and not state.boss.spawned
    rows: list[Row] = [(TOKEN if at_start else "", "   START", "bold" if at_start else "")]
    for space in chart_spaces(pack, state):
        rows += _space_rows(pack, state, space, ahead)
    return marked(rows, width=2)


def _space_rows(
    pack: EditionPack, state: GameState, space: SpaceView, ahead: list[int]
) -> list[Row]:
    effects = symbols.space(pack, space.space)
    gained = [symbols.bonus(pack, g.bonus) for g in state.bonuses if g.space == space.number]
    if gained and space.space.choose_bonus:
        effects = f"chose {', '.join(gained)}"
    on_token = space.current and not (state.boss.spawned and state.setup.edition == "sde2")
    if on_token:
        marker, style = TOKEN, "bold reverse"
    elif space.passed or space.current:
        marker, style = PASSED, "dim"
    elif space.number in ahead:
        marker, style = NEXT, "bold"
    else:
        marker, style = "", ""
    rows: list[Row] = [(marker, f"{space.number:>2}  {effects}", style)]
    if on_token or ahead[:1] == [space.number]:
        rows.append(("", Text(f"    {space.summary}", style="italic"), ""))
    return rows


def gauge_lines(gauge: GaugeStatus) -> RenderableType:
    """SDE 1.0's power gauge as a bar with its 16-Bit and Super sections marked."""
    cells = []
    for square in range(1, gauge.squares + 1):
        if square in (gauge.sixteen_bit_at, gauge.super_at):
            cells.append("|")
        cells.append("#" if square <= gauge.filled else ".")
    marks = (
        f"8B: 1-{gauge.sixteen_bit_at - 1}  16B: {gauge.sixteen_bit_at}-{gauge.super_at - 1}  "
        f"SUPER: {gauge.super_at}-{gauge.squares}"
    )
    return Group(
        Text("Power gauge", style="bold"),
        Text(f"[{''.join(cells)}]"),
        Text(marks),
        Text(f"{gauge.filled} of {gauge.squares} squares: {gauge.section}", style="bold"),
        Text(f"Filled completely {gauge.fills} of {gauge.fills_needed} time(s)"),
    )
