"""`ChartEditScreen`: correct a chart space by space against the printed board, mark it as
checked, and save it as the Consul's own content (used by every new game from then on)."""

from __future__ import annotations

from collections.abc import Callable

from msgspec import structs
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.coordinate import Coordinate
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Input, Static

from consul_app.content import ContentPack
from consul_app.content.corrections import SpaceError, parse_space, space_text, with_chart
from consul_app.content.models import Chart, ChartSpace
from consul_app.content.user_content import CorrectionError, save_chart
from consul_app.content.validate import dump, validate
from consul_app.rules import edition, space_summary
from consul_app.tui.screens.confirm import fit_height
from consul_app.tui.widgets.footer import Footer

HOW = (
    "Write each space as printed, parts separated by ';':  spawn 4 8B 16B;  mini-boss;  boss;  "
    "bonus ID…;  choose ID ID…;  sighting 1 2;  colour purple"
)


MARK, NO_MARK = "> ", "  "
"""Before the number of the highlighted space."""


class ChartEditScreen(Screen[Chart | None]):
    """The chart's spaces; returns the chart saved, or None when left without saving."""

    BINDINGS = [
        Binding("enter", "change", "Edit", priority=True, id="chart.change"),
        Binding("a", "add", "Add after", id="chart.add"),
        Binding("x", "remove", "Remove", id="chart.remove"),
        Binding("v", "checked", "Checked", id="chart.checked"),
        Binding("ctrl+s", "save", "Save", id="chart.save"),
        Binding("escape", "leave", "Back", id="chart.back"),
    ]

    DEFAULT_CSS = """
    ChartEditScreen #chart-spaces {
        height: 1fr;
    }
    """

    def __init__(self, content: ContentPack, chart: Chart) -> None:
        super().__init__()
        self.content = content
        self.chart = chart
        self.spaces = list(chart.spaces)
        self.verified = chart.verified
        self.changed = False
        self._leaving = False

    @property
    def bonuses(self) -> set[str]:
        return set(self.content.edition(self.chart.edition).bonuses)

    def compose(self) -> ComposeResult:
        yield Static(id="chart-edit-title", classes="title-bar")
        yield Static(HOW, classes="hint")
        yield DataTable(id="chart-spaces", cursor_type="row", zebra_stripes=True)
        yield Footer(compact=True)  # (six keys and the palette in 80 columns)

    def on_mount(self) -> None:
        self._show()
        self.query_one(DataTable).focus()

    def _show(self, row: int | None = None) -> None:
        checked = "[x] checked" if self.verified else "[ ] not checked"
        self.query_one("#chart-edit-title", Static).update(
            Content.assemble(
                ("Correct the chart: ", "bold"),
                f"{self.chart.name} ({edition(self.chart.edition).name})   ",
                (f"{checked} against the printed board", "bold"),
                "   (unsaved changes)" if self.changed else "",
            )
        )
        table = self.query_one(DataTable)
        keep = table.cursor_row if row is None else row
        table.clear(columns=True)
        pack = self.content.edition(self.chart.edition)
        rows = [
            (space_text(space) or "-", space_summary(pack, space) or "(nothing)")
            for space in self.spaces
        ]
        printed, reads = (max(len(r[n]) for r in rows) for n in (0, 1))
        # (three columns when they fit; else what it reads as under what is printed)
        width = table.scrollable_content_region.width or self.app.size.width - 2  # (not laid out)
        beside = len(MARK) + 5 + printed + reads + 3 * 2 <= width
        if beside:
            table.add_columns("Space", "As printed", "Reads as")
        else:
            table.add_columns("Space", "As printed / reads as")
        for number, (text, summary) in enumerate(rows, 1):
            cells = [text, summary] if beside else [f"{text}\n= {summary}"]
            table.add_row(f"{NO_MARK}{number}", *cells, key=str(number), height=None)
        table.move_cursor(row=min(keep, len(self.spaces) - 1))
        self._mark()

    def on_data_table_row_highlighted(self) -> None:
        self._mark()

    def on_resize(self) -> None:
        self._show()

    def _mark(self) -> None:
        """The highlighted row's number starts with `>` (not told by colour alone)."""
        table = self.query_one(DataTable)
        for row in range(table.row_count):
            mark = MARK if row == table.cursor_row else NO_MARK
            cell = f"{mark}{row + 1}"
            if table.get_cell_at(Coordinate(row, 0)) != cell:
                table.update_cell_at(Coordinate(row, 0), cell)

    def _row(self) -> int:
        return self.query_one(DataTable).cursor_row

    def action_change(self) -> None:
        row = self._row()
        base = self.spaces[row]

        def check(text: str) -> str | None:
            try:
                parse_space(text, self.bonuses, base)
            except SpaceError as err:
                return str(err)
            return None

        def changed(text: str | None) -> None:
            if text is not None:
                self._replace(row, parse_space(text, self.bonuses, base))

        ids = f"{HOW}\nBonus ids: {', '.join(sorted(self.bonuses))}"
        self.app.push_screen(
            SpaceInputScreen(f"Space {row + 1}", space_text(base), check, ids), changed
        )

    def _replace(self, row: int, space: ChartSpace) -> None:
        if space != self.spaces[row]:
            self.spaces[row] = space
            self.changed = True
        self._show(row)

    def action_add(self) -> None:
        row = self._row() + 1
        self.spaces.insert(row, ChartSpace())
        self.changed = True
        self._show(row)

    def action_remove(self) -> None:
        if len(self.spaces) == 1:
            self.notify("A chart keeps at least one space.", severity="warning")
            return
        del self.spaces[self._row()]
        self.changed = True
        self._show()

    def action_checked(self) -> None:
        self.verified = not self.verified
        self.changed = True
        self._show()

    def action_save(self) -> None:
        """Check the whole chart as the loader would, write it, and use it from now on."""
        try:
            chart = validate(
                Chart, dump(structs.replace(self.chart, spaces=self.spaces, verified=self.verified))
            )
        except ValueError as err:
            self.notify(_reasons(err), title="The chart cannot be saved", severity="warning")
            return
        try:
            path = save_chart(chart)
        except (CorrectionError, OSError) as err:
            self.notify(str(err), title="The chart was not saved", severity="error", timeout=20)
            return
        self.app.content = with_chart(self.app.content or self.content, chart)  # type: ignore[attr-defined]
        self.notify(
            f"Saved as your own content in {path}. New games use it; a game in progress keeps "
            "the chart it started with.",
            title="Chart saved",
        )
        self.dismiss(chart)

    def action_leave(self) -> None:
        if self.changed and not self._leaving:
            self._leaving = True
            self.notify("Not saved: ctrl+s saves, Esc again leaves without saving.")
            return
        self.dismiss(None)


def _reasons(err: ValueError) -> str:
    errors = getattr(err, "errors", None)
    if callable(errors):
        return "; ".join(str(e["msg"]).removeprefix("Value error, ") for e in errors())
    return str(err)


class SpaceInputScreen(ModalScreen[str | None]):
    """One space in words; Enter keeps it once `check` finds nothing wrong, Esc drops it."""

    CSS_PATH = "../dialogs.tcss"

    BINDINGS = [Binding("escape", "dismiss(None)", "Not now", id="space.cancel")]

    def __init__(
        self, title: str, text: str, check: Callable[[str], str | None], how: str = HOW
    ) -> None:
        super().__init__(classes="decision")
        self.title_text = title
        self.text = text
        self.check = check
        self.how = how

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as dialog:
            dialog.border_title = self.title_text
            yield Static(self.how, classes="rule")
            yield Input(self.text, id="space-words")
            yield Static("", id="space-error")
            yield Static("Enter: keep   Esc: not now", classes="keys")

    def on_mount(self) -> None:
        fit_height(self)
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        problem = self.check(event.value)
        if problem:
            self.query_one("#space-error", Static).update(Content.styled(problem, "bold"))
            return
        self.dismiss(event.value)
