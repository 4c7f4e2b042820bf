"""The Mighty Monster Chart pane (Forgotten King: the ladder; SDE 1.0: the power gauge)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from consul_app.content import EditionPack
from consul_app.rules import (
    ChartStatus,
    GameState,
    GaugeStatus,
    SpaceView,
    chart_spaces,
    chart_status,
    gauge_status,
    upcoming_spaces,
)
from consul_app.tui import symbols
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
        status = chart_status(view.pack, state)
        if status is None:
            gauge = gauge_status(view.pack, state)
            return gauge_lines(gauge) if gauge else Text("No power gauge in this game.")
        return Group(*_header(status), chart_table(view.pack, state))


def _header(status: ChartStatus) -> list[Text]:
    lines = [Text(status.name, style="bold")]
    if not status.verified:
        lines.append(Text("(not checked against a printed chart)", style="dim"))
    if status.ladder:
        lines.append(Text(f"Ladder: {status.where}"))
        return lines
    if status.left_chart:
        lines.append(Text(f"The boss has {status.where}.", style="bold reverse"))
        return lines
    lines.append(Text(f"Boss token {TOKEN} on {status.where}"))
    ahead = [
        f"{what} in {n} turn{'s' if n != 1 else ''}"
        for what, n in (("Mini-boss", status.turns.mini_boss), ("Boss", status.turns.boss))
        if n is not None
    ]
    if ahead:
        lines.append(Text(" · ".join(ahead), style="bold"))
    return lines


def chart_table(pack: EditionPack, state: GameState) -> Table:
    """START and one row per space; the token's space and the next one also in words.

    Three columns (marker, number, effects) so that wrapped text hangs under the effects."""
    status = chart_status(pack, state)
    ahead = [v.number for v in upcoming_spaces(pack, state)]
    at_start = status is not None and status.position == 0 and not status.left_chart
    grid = Table.grid(padding=(0, 1, 0, 0), expand=True)
    grid.add_column(width=2, no_wrap=True)
    grid.add_column(width=2, no_wrap=True, justify="right")
    grid.add_column(ratio=1)
    grid.add_row(TOKEN if at_start else "", "", "START", style="bold" if at_start else "")
    for space in chart_spaces(pack, state):
        for marker, number, text, style in _space_rows(pack, space, ahead):
            grid.add_row(marker, number, text, style=style)
    return grid


def _space_rows(
    pack: EditionPack, space: SpaceView, ahead: list[int]
) -> list[tuple[str, str, str | Text, str]]:
    effects = symbols.space(pack, space.space)
    if space.gained and space.space.choose_bonus:
        effects = f"chose {', '.join(symbols.bonus(pack, g) for g in space.gained)}"
    if space.current:
        marker, style = TOKEN, "bold reverse"
    elif space.passed:
        marker, style = PASSED, "dim"
    elif space.number in ahead:
        marker, style = NEXT, "bold"
    else:
        marker, style = "", ""
    rows: list[tuple[str, str, str | Text, str]] = [(marker, str(space.number), effects, style)]
    if space.current or ahead[:1] == [space.number]:
        rows.append(("", "", Text(space.summary, style="italic"), ""))
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
    unchecked = [] if gauge.verified else [Text("(not checked against a printed gauge)", "dim")]
    return Group(
        Text("Power gauge", style="bold"),
        *unchecked,
        Text(f"[{''.join(cells)}]"),
        Text(marks),
        Text(f"{gauge.filled} of {gauge.squares} squares: {gauge.section}", style="bold"),
        Text(f"Filled completely {gauge.fills} of {gauge.fills_needed} time(s)"),
    )
