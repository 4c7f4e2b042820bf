"""The Mighty Monster Chart pane (Forgotten King: the ladder; SDE 1.0: the power gauge)."""

from __future__ import annotations

from textual.content import Content

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
from consul_app.tui.view import TableView
from consul_app.tui.widgets.pane import Pane

TOKEN, PASSED, NEXT = ">>", " ✓", " >"


class ChartPane(Pane):
    """Every space in order: passed ones ticked, the boss token at `>>`, the next ones at `>`."""

    TITLE = "3 Chart"

    def body(self, view: TableView) -> Content:
        state = view.state
        if state.setup.edition == "classic":
            gauge = gauge_status(view.pack, state)
            return gauge_lines(gauge) if gauge else Content("No power gauge in this game.")
        return Content("\n").join(
            [*self._header(view.pack, state), *chart_lines(view.pack, state)]
        )

    def _header(self, pack: EditionPack, state: GameState) -> list[Content]:
        chart = pack.charts[state.chart] if state.chart else None
        if chart is None:
            return []
        total = len(chart.spaces)
        lines = [Content.styled(chart.name, "bold")]
        if not chart.verified:
            lines.append(Content.styled("(not checked against a printed chart)", "dim"))
        if state.setup.edition == "forgotten-king":
            top = " (the top)" if state.position >= total else ""
            lines.append(Content(f"Ladder: step {state.position} of {total} reached{top}"))
            return lines
        if state.boss.spawned:
            lines.append(Content.styled("The boss has left the chart.", "bold"))
            return lines
        where = f"space {state.position}" if state.position else "START"
        lines.append(Content(f"Boss token {TOKEN} on {where} of {total}"))
        until = turns_until(pack, state)
        ahead = [
            f"{what} in {n} turn{'s' if n != 1 else ''}"
            for what, n in (("Mini-boss", until.mini_boss), ("Boss", until.boss))
            if n is not None
        ]
        if ahead:
            lines.append(Content.styled(" · ".join(ahead), "bold"))
        return lines


def chart_lines(pack: EditionPack, state: GameState) -> list[Content]:
    """START and one line per space; the current and upcoming ones also spell out their effects."""
    upcoming = {v.number for v in upcoming_spaces(pack, state)}
    start = TOKEN if state.position == 0 and not state.boss.spawned else "  "
    lines = [Content.assemble((start, "bold"), "     START")]
    for space in chart_spaces(pack, state):
        lines.extend(_space_lines(pack, state, space, space.number in upcoming))
    return lines


def _space_lines(
    pack: EditionPack, state: GameState, space: SpaceView, upcoming: bool
) -> list[Content]:
    gained = [symbols.bonus(pack, g.bonus) for g in state.bonuses if g.space == space.number]
    effects = symbols.space(pack, space.space)
    if gained and space.space.choose_bonus:
        effects += f"  = {', '.join(gained)}"
    if space.current and not (state.boss.spawned and state.setup.edition == "sde2"):
        marker, style = TOKEN, "bold reverse"
    elif space.passed or space.current:
        marker, style = PASSED, "dim"
    elif upcoming:
        marker, style = NEXT, "bold"
    else:
        marker, style = "  ", ""
    line = Content.assemble((f"{marker} {space.number:>2}  {effects}", style))
    if not (upcoming or marker == TOKEN):
        return [line]
    return [line, Content.styled(f"       {space.summary}", "italic")]


def gauge_lines(gauge: GaugeStatus) -> Content:
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
    return Content("\n").join(
        [
            Content.styled("Power gauge", "bold"),
            Content(f"[{''.join(cells)}]"),
            Content(marks),
            Content.styled(
                f"{gauge.filled} of {gauge.squares} squares: {gauge.section}", "bold"
            ),
            Content(f"Filled completely {gauge.fills} of {gauge.fills_needed} time(s)"),
        ]
    )
