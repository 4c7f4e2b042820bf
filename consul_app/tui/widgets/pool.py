"""The spawning pool pane: every monster, how many wait in the pool and stand on the dungeon,
and its stats with the current bonuses applied; as the width allows, more of its card (hearts,
MOVE, AP, what it gained from the chart). Under a monster, a row for each one on the dungeon
that suffers status effects, with its figures as they play now. During a spawn step: the
skull-point budget."""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual.app import ComposeResult
from textual.cache import LRUCache
from textual.containers import Vertical
from textual.content import Content
from textual.coordinate import Coordinate
from textual.strip import Strip
from textual.widgets import DataTable

from consul_app.rules import (
    ROLL_MARKS,
    CardView,
    PoolLine,
    Spawn,
    Step,
    card,
    free_spawn_refusal,
    marked_monsters,
    refusal,
    stat_lines,
)
from consul_app.tui import symbols
from consul_app.tui.view import TableView
from consul_app.tui.widgets.pane import Section

STATS = ("STR", "ATT", "ARM", "WILL", "DEX")
MORE = ("♥", "MOVE", "AP")
"""More of the card, shown when the pane is wide enough (the card view has it all)."""

KEEP = {
    "Monster": 100,
    "Spawn?": 95,
    "Pool": 80,
    "Board": 70,
    "♥": 60,
    "MOVE": 55,
    "AP": 50,
    "Gained": 45,
}
"""How much a column matters (the dice stats: 90): when the table is too wide for its pane, the
least important go first, so that no figure is cut. In a spawn step (`SPAWNING`) what is left
in the pool and the skull points matter most after "Spawn?" (which already says whether the
bits and the budget allow one more); outside one, skull points and bits matter least
(`PLAYING`)."""
SPAWNING = {"Pool": 88, "Sk": 85, "Bits": 75}
PLAYING = {"Bits": 40, "Sk": 35}
PADDING = 2
"""A DataTable column's padding (one cell on either side)."""
NAME_MIN = 13 + 2 + PADDING
"""The narrowest the Monster column gets (13 letters of a name, its cursor mark, padding)..."""
CUT_NAMES_BEFORE = 50
"""...cut rather than drop a column that matters this much (AP and up: a figure)."""
SCROLLBAR = 2
"""Room kept for the table's vertical scrollbar when its rows do not all fit."""


CELLS = 4000
"""Rendered cells kept (the pool's rows by its columns, in the styles they take)."""

MARK, NO_MARK = "> ", "  "
"""Before the name of the monster under the cursor (not told by colour alone)."""
SUB = "#"
"""Row keys `id#n`: the n-th marked monster of a kind (monster ids are slugs, never with it)."""
UNDER = "└ "
"""Before the name of a row of one monster under its kind's row."""


class PoolTable(DataTable[str]):
    """The pool's rows, one per monster; the cursor picks the monster the keys act on, and its
    name is marked `>`. The mark is drawn with the cursor's row (each name keeps room for it),
    so moving the cursor redraws two rows and changes no cell."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._cells: LRUCache[tuple[object, ...], list[list[Segment]]] = LRUCache(CELLS)

    def highlighted(self) -> str | None:
        """The id of the monster under the cursor (on a marked one's row: of its kind)."""
        key = self.highlighted_row()
        return None if key is None else key.partition(SUB)[0]

    def highlighted_mark(self) -> int | None:
        """On the row of a marked monster: which one of its kind (`marked_monsters` order)."""
        key = self.highlighted_row()
        return None if key is None or SUB not in key else int(key.partition(SUB)[2])

    def highlighted_row(self) -> str | None:
        """The key of the row under the cursor: a monster id, or `id#n` for a marked one."""
        if not self.row_count:
            return None
        return self.coordinate_to_cell_key(self.cursor_coordinate).row_key.value

    def _render_cell(
        self,
        row_index: int,
        column_index: int,
        base_style: Style,
        width: int,
        cursor: bool = False,
        hover: bool = False,
    ) -> list[list[Segment]]:
        """A cell, rendered again only when what it shows changed. (DataTable renders every
        cell again after any update: a spawn would render the whole table for two cells.)"""
        if row_index < 0 or column_index < 0:  # the header: as DataTable does
            return self._marked(row_index, column_index, base_style, width, cursor, hover)
        row, column = self.coordinate_to_cell_key(Coordinate(row_index, column_index))
        key = (  # (the cell's place and text, and what DataTable's own cache is keyed on)
            row_index,
            column_index,
            self.get_cell(row, column),
            base_style,
            width,
            cursor,
            hover,
            self._show_hover_cursor,
            self._pseudo_class_state,
            self.show_cursor,
        )
        if key not in self._cells:
            self._cells[key] = self._marked(
                row_index, column_index, base_style, width, cursor, hover
            )
        return self._cells[key]

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._cells.clear()

    def _marked(
        self,
        row_index: int,
        column_index: int,
        base_style: Style,
        width: int,
        cursor: bool = False,
        hover: bool = False,
    ) -> list[list[Segment]]:
        """The cell as DataTable renders it, the cursor's row with its mark."""
        lines = super()._render_cell(row_index, column_index, base_style, width, cursor, hover)
        if not (cursor and column_index == 0 and row_index >= 0 and lines):
            return lines
        line = Strip(lines[0])
        start = self.cell_padding
        under = list(line.crop(start, start + len(MARK)))
        style = under[0].style if under else None
        mark = Strip([Segment(MARK, style)])
        marked = Strip.join([line.crop(0, start), mark, line.crop(start + len(MARK))])
        return [list(marked), *lines[1:]]

    def fill(self, columns: list[str], rows: dict[str, list[str]]) -> None:
        """Show these rows (monster id -> cells); unchanged cells are left alone. The first
        cell of each row keeps room for the cursor's mark."""
        rows = {row: [NO_MARK + cells[0], *cells[1:]] for row, cells in rows.items()}
        shown = [c.value for c in self.columns]
        if shown == columns and [r.value for r in self.rows] == list(rows):
            for row, cells in rows.items():
                for column, cell in zip(columns, cells, strict=True):
                    if self.get_cell(row, column) != cell:
                        self.update_cell(row, column, cell, update_width=True)
            return
        self.clear(columns=True)
        for column in columns:
            self.add_column(column, key=column)
        for row, cells in rows.items():
            self.add_row(*cells, key=row)


class PoolPane(Vertical):
    """The spawning pool with a line about the current spawn step."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="pane")
        self.border_title = "2 Spawning pool"
        self._shown: object = None

    def compose(self) -> ComposeResult:
        yield Section(classes="budget")
        yield PoolTable(cursor_type="row", zebra_stripes=True)

    def show(self, view: TableView) -> None:
        """Render the pool for this moment of the game (unless it is unchanged)."""
        step = view.current
        spawning = step if step is not None and step.spawns else None
        state = view.state
        closed = free_spawn_refusal(state) if spawning is None else None
        width = self.content_region.width
        key = (state.pool, state.board, state.tracked, state.bonuses, spawning, closed, width)
        if key == self._shown:
            return
        self._shown = key
        self._view = view
        self.set_class(spawning is not None, "-spawning")
        table = self.query_one(PoolTable)
        keep = table.highlighted_row()
        lines = view.pool
        columns, rows, common = _cells(view, lines, spawning)
        stocked = [line for line in lines if line.in_pool]
        full = spawning is not None and not any(line.may_spawn for line in lines)
        suffering = _suffering_said(view, lines)
        budget = _budget(spawning, closed, common, full, _legend(rows), suffering)
        if full and spawning is not None and stocked and not spawning.spent:
            if spawning.budget is None:  # a summons: one monster's reason would mislead
                why = "none it summons is in the spawning pool; move those on the dungeon"
            else:
                why = refusal(view.pack, state, Spawn(monsters={stocked[0].id: 1})) or ""
            budget = _nothing_spawns(spawning, why)
        self.query_one(".budget", Section).update(budget)  # (painted only if it changed)
        if len(rows) + 1 > table.size.height:  # (the table's header and rows)
            width -= SCROLLBAR
        table.fill(*_fitted((columns, rows), width, spawning is not None))
        if lines:
            table.move_cursor(row=_cursor_row(list(rows), keep))

    _view: TableView | None = None

    def on_resize(self) -> None:
        """More or fewer of the card's columns fit."""
        if self._view is not None:
            self.show(self._view)


def _cells(
    view: TableView, lines: list[PoolLine], step: Step | None
) -> tuple[list[str], dict[str, list[str]], list[str]]:
    """The columns and each monster's cells: stats with bonuses, more of the card (hearts, MOVE,
    AP, what it gained besides what they all gained) and "Spawn?" in a spawn step (whether the
    engine would spawn one more now); and what they all gained."""
    cards = {line.id: card(view.pack, view.state, line.id) for line in lines}
    stats = {line.id: _stats(cards[line.id]) for line in lines}
    shown = [s for s in STATS if any(s in line_stats for line_stats in stats.values())]
    gained = {m: list(dict.fromkeys(t.name for t in c.gained)) for m, c in cards.items()}
    common = [n for n in next(iter(gained.values()), []) if all(n in g for g in gained.values())]
    spawn = ["Spawn?"] if step is not None else []
    columns = ["Monster", "Bits", "Sk", *spawn, "Pool", "Board", *MORE, *shown, "Gained"]
    rows = {}
    for line in lines:
        cells = [line.name, symbols.bits(line.bits), str(line.skull_points)]
        if step is not None:
            cells.append("yes" if line.may_spawn else "no")
        cells += [str(line.in_pool), _board(view, line), *_more(cards[line.id])]
        cells += [stats[line.id].get(s, "-") for s in shown]
        cells.append(", ".join(n for n in gained[line.id] if n not in common) or "-")
        rows[line.id] = cells
        rows.update(_suffering(view, line, shown, len(spawn)))
    return columns, rows, common


def _suffering(
    view: TableView, line: PoolLine, shown: list[str], spawn: int
) -> dict[str, list[str]]:
    """A row under the monster's for each one on the dungeon that suffers status effects: its
    number and what it suffers, its wounds, and its figures as they play now (a changed figure
    says by what: "4 Slow=2", "1B drop best die")."""
    rows = {}
    hearts = view.pack.monsters[line.id].hearts
    for n, marked in enumerate(marked_monsters(view.state, line.id)):
        if not marked.status:
            continue
        model = card(view.pack, view.state, line.id, marked=n)
        name = f"{UNDER}#{n + 1} {', '.join(t.name for t in model.suffers)}"
        wounds = f"w{marked.wounds}/{hearts}" if marked.wounds else "-"
        stats = _stats(model)
        cells = [name, "", "", *([""] * spawn), "", wounds, *_more(model, suffering=True)]
        cells += [stats.get(s, "-") for s in shown]
        rows[f"{line.id}{SUB}{n}"] = [*cells, ""]
    return rows


def _suffering_said(view: TableView, lines: list[PoolLine]) -> str:
    """Which monsters on the dungeon suffer which status effects, and when those that say so
    end ("Kobold #1 Slow, Poison; #2 Immobile. Immobile ends after its next activation.";
    "" when none does): their rows below may cut the names."""
    kinds, ends = [], {}
    for line in lines:
        marked = marked_monsters(view.state, line.id)
        said = []
        for n, monster in enumerate(marked):
            if monster.status:
                entries = [view.pack.status_effects.get(s) for s in monster.status]
                said.append(f"#{n + 1} {', '.join(e.name for e in entries if e)}")
                ends.update({e.name: e.ends for e in entries if e and e.ends})
        if said:
            kinds.append(f"{line.name} {'; '.join(said)}.")
    return " ".join([*kinds, *(f"{name} ends {when}." for name, when in ends.items())])


def _board(view: TableView, line: PoolLine) -> str:
    """How many are on the dungeon, and the wounds of those wounded ("3 w2/4"; one that
    suffers status effects has its own row, with its wounds)."""
    marked = marked_monsters(view.state, line.id)
    hearts = view.pack.monsters[line.id].hearts
    wounded = [f"w{m.wounds}/{hearts}" for m in marked if m.wounds and not m.status]
    return " ".join([str(line.on_board), *wounded])


def _more(view: CardView, *, suffering: bool = False) -> list[str]:
    """Hearts, MOVE and AP as they play now; for a monster that suffers status effects, MOVE
    and AP as they come to, with the status effects that changed them ("3 Slow")."""
    figures = {f.stat: f.text.split(" ", 1)[1] for f in view.stats}
    if suffering:
        now = {"MOVE": view.move, "AP": view.ap}
        figures = {
            f.stat: " ".join([str(now[f.stat]), *(a.name for a in f.added if a.name)])
            for f in view.stats
            if f.stat in now
        }
    return [str(view.hearts), figures.get("MOVE", "-"), figures.get("AP", "-")]


def _fitted(
    table: tuple[list[str], dict[str, list[str]]], width: int, spawning: bool
) -> tuple[list[str], dict[str, list[str]]]:
    """Drop the columns that matter least until the table fits in `width` cells: a figure is
    never cut (the table scrolls only if its most important columns do not fit)."""
    columns, rows = table
    widths = {
        column: max(len(column), *(len(cells[n]) + len(MARK) * (n == 0) for cells in rows.values()))
        + PADDING
        for n, column in enumerate(columns)
    }
    keep = {**KEEP, **(SPAWNING if spawning else PLAYING)}
    kept = list(columns)
    if all(cells[columns.index("Gained")] in ("-", "") for cells in rows.values()):
        kept.remove("Gained")
    name = widths["Monster"]
    for column in sorted(kept, key=lambda c: keep.get(c, 90)):
        over = sum(widths[c] for c in kept) - width
        if over <= 0:
            break
        if keep.get(column, 90) >= CUT_NAMES_BEFORE and over <= name - NAME_MIN:
            widths["Monster"] = name - over  # long names cut rather than this column dropped
            break
        if keep.get(column, 90) < 90:
            kept.remove(column)
    index = [columns.index(c) for c in kept]
    room = widths["Monster"] - len(MARK) - PADDING
    return kept, {
        row: [_cut(cells[0], room), *(cells[n] for n in index[1:])] for row, cells in rows.items()
    }


def _cut(name: str, room: int) -> str:
    """A monster's name in `room` cells ("Duskweaver Aco…"; its card has it whole)."""
    return name if len(name) <= room else name[: room - 1] + "…"


def _cursor_row(rows: list[str], keep: str | None) -> int:
    """Stay on the same row, even when its pool runs out: the next spawn of it is refused
    with the engine's reason rather than another monster spawning unnoticed. A marked
    monster's row that is gone leaves the cursor on its kind."""
    if keep in rows:
        return rows.index(keep)
    kind = (keep or "").partition(SUB)[0]
    return rows.index(kind) if kind in rows else 0


def _stats(view: CardView) -> dict[str, str]:
    """Each dice stat as "2B 1R +1ST" or "3B +1B* +1ST°": the card's dice, then what the
    bonuses add to its rolls (the engine's `stat_lines`), dice for some of its rolls only
    marked (`ROLL_MARKS`: a narrow mark leaves room for hearts, MOVE and AP)."""
    return {line.stat: line.cell for line in stat_lines(view, ROLL_MARKS)}


MARKS_SAID = {
    "offense": "attack rolls only",
    "defense": "defense rolls only",
    "drop": "drops its best die",
}


def _legend(rows: dict[str, list[str]]) -> str:
    """What the marks in the cells mean ("" when there are none)."""
    text = " ".join(cell for cells in rows.values() for cell in cells[1:])
    said = [f"{mark} {MARKS_SAID[roll]}" for roll, mark in ROLL_MARKS.items() if mark in text]
    return "   ".join(said)


def _nothing_spawns(step: Step, why: str) -> Content:
    """A spawn step in which no monster may spawn from the start (no spawning point, or nothing
    fits): said up front, with the engine's reason; Enter confirms the step. (Once some were
    spawned, the budget line says what is spent: one monster's reason would mislead.)"""
    return Content.assemble((f"{step.title}: NOTHING MAY SPAWN", "bold"), f"   {why}. Enter: done")


def _budget(
    step: Step | None,
    closed: str | None,
    gained: list[str],
    full: bool,
    legend: str = "",
    suffering: str = "",
) -> Content:
    """The spawn step's budget (or why no monster may spawn; `full`: no more may spawn in this
    step), what they all gained, what the cells' marks mean and which monsters suffer status
    effects."""
    line = _spawning(step, closed)
    if full:
        line = Content.assemble(line, "   no more may spawn. Enter: done")
    if gained:
        line = Content.assemble(line, "\n", ("All of them gained: ", "bold"), ", ".join(gained))
    if legend:
        line = Content.assemble(line, "\n" if not gained else "   ", (legend, "dim"))
    if suffering:
        line = Content.assemble(line, "\n", ("Suffering: ", "bold"), suffering)
    return line


def _spawning(step: Step | None, closed: str | None) -> Content:
    if step is None and closed:
        return Content.styled(f"No monster may spawn now: {closed}.", "bold")
    if step is None:
        return Content.assemble(
            ("No spawn step now: monsters spawn and fall as played.", "dim"),
            ("   c: a monster's card", "dim italic"),
        )
    if step.budget is None:
        return Content.assemble(
            (f"SPAWN: {step.title}", "bold"), "   the monsters marked yes, one by one"
        )
    return Content.assemble(
        (f"SPAWN {step.budget} skull points of {symbols.bits_list(step.bits)}", "bold"),
        f"   picked {step.spent}, {step.left} left",
    )
