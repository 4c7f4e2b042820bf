"""The spawning pool pane: every monster, how many wait in the pool and stand on the dungeon,
and its stats with the current bonuses applied; as the width allows, more of its card (hearts,
MOVE, AP, what it gained from the chart). Under a monster, a row for each one on the dungeon
that suffers status effects, with its figures as they play now. During a spawn step: the
skull-point budget."""

from __future__ import annotations

import re
from collections import Counter
from typing import NamedTuple

from rich.segment import Segment
from rich.style import Style
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

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
from consul_app.tui import symbols, textual_compat
from consul_app.tui.view import TableView
from consul_app.tui.widgets.pane import Section

STATS = ("STR", "ATT", "ARM", "WILL", "DEX")
MORE = ("♥", "MOVE", "AP")
"""More of the card, shown when the pane is wide enough (the card view has it all)."""

KEEP = {
    "Monster": 100,
    "Spawn?": 95,
    "Pool": 80,
    "Board": 80,
    "♥": 60,
    "MOVE": 55,
    "AP": 50,
    "Gained": 58,
}
"""How much a column matters (the dice stats: 90): when the table is too wide for its pane, the
least important go first. Columns that matter `ALWAYS` or more are never dropped: the name, the
dice stats, and the counts the Consul plays by: in the pool and on the dungeon outside a spawn
step (`PLAYING`: skull points and bits matter least); in a spawn step (`SPAWNING`) what is left
in the pool and what one costs in skull points, beside "Spawn?" (which already says whether the
bits and the budget allow one more; the dungeon's count matters less then). What only some
monsters gained (Gained) goes after hearts; in a spawn step before bits and the dungeon's
count. When it goes, the line above the rows names who gained what."""
SUFFERED = 62
"""How much MOVE or AP matters when a status effect changes it on a row (above hearts)."""
SPAWNING = {"Pool": 88, "Sk": 85, "Gained": 78, "Bits": 75, "Board": 70}
PLAYING = {"Bits": 40, "Sk": 35}
ALWAYS = 80
"""Columns that matter this much stay whatever the width: when they do not fit, the names are
cut, then the dice stats wrap onto a second line (between figures, never inside one)."""

PADDING = 2
"""A DataTable column's padding (one cell on either side)."""
NAME_MIN = 13 + 2 + PADDING
"""The narrowest the Monster column gets (13 letters of a name, its cursor mark, padding)..."""
CUT_NAMES_BEFORE = 50
"""...cut rather than drop a column that matters this much (AP and up: a figure)."""
SCROLLBAR = 2
"""Room kept for the table's vertical scrollbar when its rows do not all fit."""
FIGURE_BREAK = re.compile(r" (?=[+\-↓])")
"""Where a dice stat's cell may break: before each bonus ("2R +1ST* +2ST°"), not in its dice."""

MARK, NO_MARK = "> ", "  "
"""Before the name of the monster under the cursor (not told by colour alone)."""
SUB = "#"
"""Row keys `id#n`: the n-th marked monster of a kind (monster ids are slugs, never with it)."""
UNDER = "└ "
"""Before the name of a row of one monster under its kind's row."""


class PoolTable(textual_compat.CellCachedTable):
    """The pool's rows, one per monster; the cursor picks the monster the keys act on, and its
    name is marked `>`. The mark is drawn with the cursor's row (each name keeps room for it),
    so moving the cursor redraws two rows and changes no cell."""

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

    def cell_lines(
        self,
        row_index: int,
        column_index: int,
        base_style: Style,
        width: int,
        cursor: bool = False,
        hover: bool = False,
    ) -> list[list[Segment]]:
        """The cell as DataTable renders it, the cursor's row with its mark."""
        lines = super().cell_lines(row_index, column_index, base_style, width, cursor, hover)
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
        """Show these rows (monster id -> cells, a cell of two lines makes its row two lines
        high); unchanged cells are left alone. The first cell of each row keeps room for the
        cursor's mark."""
        rows = {row: [NO_MARK + cells[0], *cells[1:]] for row, cells in rows.items()}
        heights = {row: _height(cells) for row, cells in rows.items()}
        shown = [c.value for c in self.columns]
        shape = [(r.value, self.get_row_height(r)) for r in self.rows]
        if shown == columns and shape == list(heights.items()):
            for row, cells in rows.items():
                for column, cell in zip(columns, cells, strict=True):
                    if self.get_cell(row, column) != cell:
                        self.update_cell(row, column, cell, update_width=True)
            return
        self.clear(columns=True)
        for column in columns:
            self.add_column(column, key=column)
        for row, cells in rows.items():
            self.add_row(*cells, key=row, height=heights[row])

    def on_resize(self) -> None:
        """More or fewer rows in sight (the pane says how many are out of it)."""
        if isinstance(self.parent, PoolPane):
            self.parent.say_more()

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        if isinstance(self.parent, PoolPane):
            self.parent.say_more()


def _height(cells: list[str]) -> int:
    return 1 + max(cell.count("\n") for cell in cells)


class PoolPane(Vertical):
    """The spawning pool with a line about the current spawn step. It holds its parts rather
    than query them: its table's scroll and resize handlers run on keys already sent to it
    while a resize recomposes the screen, when its other parts may be gone from it."""

    class NeedsRows(Message):
        """The lines the pane needs to show every row changed (`needed`)."""

    needed: int | None = None
    """The pane's height (its border, the lines above the rows, the header, the rows) that
    shows every row; None until it has been laid out."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="pane")
        self.border_title = "2 Spawning pool"
        self._shown: object = None
        self._budget = Section(classes="budget")
        self._table = PoolTable(cursor_type="row", zebra_stripes=True)
        self._more = Section(classes="more")

    def compose(self) -> ComposeResult:
        yield self._budget
        yield self._table
        yield self._more

    def show(self, view: TableView) -> None:
        """Render the pool for this moment of the game (unless it is unchanged)."""
        step = view.current
        spawning = step if step is not None and step.spawns else None
        state = view.state
        closed = free_spawn_refusal(state) if spawning is None else None
        area = self._area()
        width = area.width
        table = self._table
        size = (width, area.height)
        key = (state.pool, state.board, state.tracked, state.bonuses, spawning, closed, size)
        if key == self._shown:
            return
        stocked_before = self._stocked
        self._shown, self._stocked = key, state.pool
        self._view = view
        self.set_class(spawning is not None, "-spawning")
        keep = table.highlighted_row()
        lines = view.pool
        columns, rows, common = _cells(view, lines, spawning)
        fitted = self._said_and_fitted(view, spawning, closed, (columns, rows), common, "")
        if "Gained" not in fitted[0] and (some := _some_gained(columns, rows)):
            fitted = self._said_and_fitted(view, spawning, closed, (columns, rows), common, some)
        table.fill(*fitted)
        self._heights = [_height(cells) for cells in fitted[1].values()]
        if lines:
            table.move_cursor(row=_cursor_row(list(rows), keep))
            self._move_on_if_emptied(view, keep, stocked_before)
        self.say_more()
        self._say_needed()

    def _say_needed(self) -> None:
        """Post `NeedsRows` when the lines that show every row changed (once laid out)."""
        area = self._area()
        if not area.width:
            return
        above = self._budget.get_content_height(area, area, area.width)
        lines = self.styles.gutter.height + above + self._table.header_height + sum(self._heights)
        if lines != self.needed:
            self.needed = lines
            self.post_message(self.NeedsRows())

    def _move_on_if_emptied(self, view: TableView, keep: str | None, before: object) -> None:
        """In a spawn step, the monster under the cursor has just left the spawning pool (its
        last spawned): the cursor moves on to the next one that may still spawn, and says so
        (a Consul spawning on would otherwise be told `no ... is left`; moved without a word,
        another monster would spawn unnoticed). Outside a spawn step the row stays: the one
        just spawned is on the dungeon, where `a`, `d` and `t` act on it."""
        step = view.current
        if step is None or not step.spawns:
            return
        if keep is None or SUB in keep or not isinstance(before, dict):
            return
        if not before.get(keep) or view.state.pool.get(keep):
            return
        lines = view.pool
        at = next((n for n, line in enumerate(lines) if line.id == keep), 0)
        stocked = [line for line in lines[at + 1 :] + lines[:at] if line.in_pool]
        spawnable = [line for line in stocked if line.may_spawn] or stocked
        if not spawnable:
            return
        to = spawnable[0]
        self._table.move_cursor(row=self._table.get_row_index(to.id))
        gone = view.pack.monsters[keep].name
        self.notify(f"No {gone} is left in the spawning pool: the cursor is on {to.name} now.")

    _view: TableView | None = None
    _stocked: object = None
    """The spawning pool as last shown (to see the cursor's monster run out)."""
    _heights: list[int] = []

    def _said_and_fitted(
        self,
        view: TableView,
        spawning: Step | None,
        closed: str | None,
        table: tuple[list[str], dict[str, list[str]]],
        common: list[str],
        some: str,
    ) -> tuple[list[str], dict[str, list[str]]]:
        """Say the budget and what the rows need said above them; the rows fitted to what is
        left of the pane."""
        lines, state, width = view.pool, view.state, self._area().width
        stocked = [line for line in lines if line.in_pool]
        full = spawning is not None and not any(line.may_spawn for line in lines)
        arcade = state.setup.mode == "arcade"
        said = _Said(common, some, _legend(table[1]), _suffering_said(view, lines), arcade)
        budget = _budget(spawning, closed, full, said, width)
        if full and spawning is not None and stocked and not spawning.spent:
            if spawning.budget is None:  # a summons: one monster's reason would mislead
                why = "none it summons is in the spawning pool; move those on the dungeon"
            else:
                why = refusal(view.pack, state, Spawn(monsters={stocked[0].id: 1})) or ""
            budget = _nothing_spawns(spawning, why)
        said_above = self._budget
        said_above.update(budget)  # (painted only if it changed)
        area = self._area()
        # (laid out from lines it had at no width yet: again, once that layout is done)
        if width and said_above.size.height != said_above.get_content_height(area, area, width):
            self.call_after_refresh(said_above.refresh, layout=True)
        height = self._room()
        fitted = _fitted(table, width, spawning is not None, height)
        if _lines(fitted[1]) > height:
            fitted = _fitted(table, width - SCROLLBAR, spawning is not None, height)
        return fitted

    def on_resize(self) -> None:
        """More or fewer of the card's columns fit."""
        if self._view is not None:
            self.show(self._view)

    def say_more(self) -> None:
        """Under the table, how many rows are out of sight above and below it and how to see
        them (nothing, and that line given back to the table, when they all fit)."""
        table, more = self._table, self._more
        if sum(self._heights) <= self._room():
            more.display = False
            return
        top = round(table.scroll_y)
        bottom = top + self._room() - 1  # (the line that says so)
        above = below = y = 0
        for height in self._heights:
            above += y < top
            below += y >= top and y + height > bottom
            y += height
        where = {f"↑ {above} more above": above, f"↓ {below} more below": below}
        said = " · ".join(words for words, rows in where.items() if rows) or "all in sight"
        more.update(Content.styled(f"{said}: Up/Down, PgUp/PgDn to see them", "bold"))
        more.display = True

    def _room(self) -> int:
        """The lines the table's rows have when no line under it says there are more (from
        the lines above the table as they are now, also before they are laid out)."""
        area = self._area()
        above = self._budget.get_content_height(area, area, area.width)
        return area.height - above - self._table.header_height

    def _area(self) -> Size:
        """The pane's room for what it shows: while it is hidden (another tab in front) the
        room it had when last shown. Textual shows a pane again at that size with no Resize
        (nor always a Show): what it fitted while hidden must fit then. (Fitted to no room, a
        1.0 pool said `↓ 7 more below` with all 7 in sight, MOVE and AP gone, once the boss
        fight brought the Boss tab to the front.)"""
        area = self.content_region.size
        if area:
            self._shown_area = area
        return area or self._shown_area

    _shown_area = Size(0, 0)


SHARES = (14, 12, 10)
"""The rows of the table screen's grid (table.tcss `#panes`): the pool has the middle one..."""
SPAWNING_SHARES = (10, 20, 6)
"""...and in a spawn step (`#panes.-spawning`) these."""


def give_rows(panes: Widget, pool: PoolPane, spawning: bool) -> None:
    """Outside a spawn step, the pool takes the lines it needs beyond its share of the grid
    (up to what a spawn step gives it) from the panes above and below it; those keep their
    shares of the rest. (Forgotten King and 1.0 spawn from it during the Consul turn too.)"""
    height = panes.size.height
    needed = None if spawning else pool.needed
    share = height * SHARES[1] // sum(SHARES)
    if needed is None or not height or needed <= share:
        if panes.styles.inline.has_rule("grid_rows"):
            panes.styles.grid_rows = None
        return
    most = height * SPAWNING_SHARES[1] // sum(SPAWNING_SHARES)
    top, _, bottom = SHARES
    panes.styles.grid_rows = f"{top}fr {min(needed, most)} {bottom}fr"


def _lines(rows: dict[str, list[str]]) -> int:
    """How many lines the rows take."""
    return sum(_height(cells) for cells in rows.values())


def _some_gained(columns: list[str], rows: dict[str, list[str]]) -> str:
    """What only some monsters gained and who ("Massive Damage: Leaping Spider, Billmen
    Bandit"), for when their Gained column is not on screen."""
    n = columns.index("Gained")
    who: dict[str, list[str]] = {}
    for row, cells in rows.items():
        if SUB not in row and cells[n] not in ("-", ""):
            for name in cells[n].split(", "):
                who.setdefault(name, []).append(cells[0])
    return "; ".join(f"{name}: {', '.join(names)}" for name, names in who.items())


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
    table: tuple[list[str], dict[str, list[str]]],
    width: int,
    spawning: bool,
    height: int | None = None,
) -> tuple[list[str], dict[str, list[str]]]:
    """Drop the columns that matter least until the table fits in `width` cells. If those that
    always stay (`ALWAYS`) do not fit, the names are cut down to 13 letters (never fewer: a
    name cut further cannot be read at a glance, `Neth…ling`), then the widest dice stats wrap
    onto a second line, between figures: a figure or its mark is never cut or dropped (the
    table scrolls only if even that does not fit). When the rows would then take more than
    `height` lines, the columns that may go (hearts, MOVE, AP, ...: the card has them) go,
    least first, while that puts rows back on one line. A status row's MOVE and AP say what
    changed them (`2 Poison`) when that keeps as many columns; else only the figure (the row's
    name and the line above say what it suffers): a wider cell would push AP out."""
    keep = _keep(table, spawning)
    fitted = _fitted_as_said(table, width, keep, height)
    bare = _bare_figures(table)
    if bare == table:
        return fitted
    shorter = _fitted_as_said(bare, width, keep, height)
    return shorter if len(shorter[0]) > len(fitted[0]) else fitted


def _bare_figures(
    table: tuple[list[str], dict[str, list[str]]],
) -> tuple[list[str], dict[str, list[str]]]:
    """The table with its status rows' MOVE and AP as figures only (`2`, not `2 Poison`)."""
    columns, rows = table
    at = [columns.index(c) for c in ("MOVE", "AP") if c in columns]
    return columns, {
        row: [cell.split(" ", 1)[0] if n in at and SUB in row else cell
              for n, cell in enumerate(cells)]
        for row, cells in rows.items()
    }


def _keep(table: tuple[list[str], dict[str, list[str]]], spawning: bool) -> dict[str, int]:
    """How much each column matters now: a MOVE or AP that a status effect changed on a
    monster's row (Poison's AP) matters more than hearts (`SUFFERED`)."""
    columns, rows = table
    keep = {**KEEP, **(SPAWNING if spawning else PLAYING)}
    for column in ("MOVE", "AP"):
        n = columns.index(column) if column in columns else -1
        if n >= 0 and any(SUB in row and " " in cells[n] for row, cells in rows.items()):
            keep[column] = SUFFERED
    return keep


def _fitted_as_said(
    table: tuple[list[str], dict[str, list[str]]],
    width: int,
    keep: dict[str, int],
    height: int | None,
) -> tuple[list[str], dict[str, list[str]]]:
    """`_fitted` with the cells as they are, its columns as much as `keep` says."""
    fitted = _fit(table, width, keep, NAME_MIN)
    optional = sorted((c for c in fitted[0] if keep.get(c, 90) < ALWAYS), key=keep.__getitem__)
    for column in optional:
        if height is None or _lines(fitted[1]) <= height:
            break
        table = _without(table, column)
        fewer = _fit(table, width, keep, NAME_MIN)
        if _lines(fewer[1]) < _lines(fitted[1]):
            fitted = fewer
    return fitted


def _without(
    table: tuple[list[str], dict[str, list[str]]], column: str
) -> tuple[list[str], dict[str, list[str]]]:
    """The table without one of its columns."""
    columns, rows = table
    n = columns.index(column)
    return (
        [c for c in columns if c != column],
        {row: cells[:n] + cells[n + 1 :] for row, cells in rows.items()},
    )


def _fit(
    table: tuple[list[str], dict[str, list[str]]], width: int, keep: dict[str, int], name_min: int
) -> tuple[list[str], dict[str, list[str]]]:
    """`_fitted`, the names cut down to `name_min` cells at most."""
    columns, rows = table
    kinds = [cells for row, cells in rows.items() if SUB not in row] or list(rows.values())
    widths = {
        column: max(len(column), *(len(cells[n]) + len(MARK) * (n == 0) for cells in rows.values()))
        + PADDING
        for n, column in enumerate(columns)
    }
    # (a status row's name, `└ #1 Poison, Slow`, is cut to the kinds' names: the line above
    # the rows says who suffers what, and a wider column would push out AP, MOVE, hearts)
    widths["Monster"] = max(len(columns[0]), *(len(cells[0]) + len(MARK) for cells in kinds))
    widths["Monster"] += PADDING
    kept = list(columns)
    if "Gained" in kept and all(
        cells[columns.index("Gained")] in ("-", "") for cells in rows.values()
    ):
        kept.remove("Gained")
    name = widths["Monster"]
    for column in sorted(kept, key=lambda c: keep.get(c, 90)):
        over = sum(widths[c] for c in kept) - width
        if over <= 0:
            break
        if keep.get(column, 90) >= CUT_NAMES_BEFORE and over <= name - NAME_MIN:
            widths["Monster"] = name - over  # long names cut rather than this column dropped
            break
        if keep.get(column, 90) < ALWAYS:
            kept.remove(column)
    over = sum(widths[c] for c in kept) - width
    if over > 0:
        widths["Monster"] = min(name, max(name_min, name - over))
    wraps = {}
    for column in sorted((c for c in kept if c in STATS), key=lambda c: -widths[c]):
        over = sum(widths[c] for c in kept) - width
        if over <= 0:
            break
        n = columns.index(column)
        least = max(len(column), *(_least(cells[n]) for cells in rows.values())) + PADDING
        wraps[n] = max(least, widths[column] - over) - PADDING
        wrapped = "\n".join(_two_lines(cells[n], wraps[n]) for cells in rows.values())
        widths[column] = max(len(column), *map(len, wrapped.split("\n"))) + PADDING
    over = sum(widths[c] for c in kept) - width
    widths["Monster"] = min(name, widths["Monster"] - min(over, 0))  # (what wrapping left)
    index = [columns.index(c) for c in kept]
    room = widths["Monster"] - len(MARK) - PADDING
    names = _cut_apart([cells[0] for row, cells in rows.items() if SUB not in row], room)
    return kept, {
        row: [
            names.get(cells[0]) or _cut(cells[0], room),
            *(_two_lines(cells[n], wraps[n]) if n in wraps else cells[n] for n in index[1:]),
        ]
        for row, cells in rows.items()
    }


def _figures(cell: str) -> list[str]:
    """A dice stat's figures: its dice, then each bonus with its mark ("2R", "+1ST*", "+2ST°")."""
    return FIGURE_BREAK.split(cell)


def _least(cell: str) -> int:
    """The narrowest a cell gets on two lines, broken between figures."""
    figures = _figures(cell)
    return min(
        max(len(" ".join(figures[:n])), len(" ".join(figures[n:])))
        for n in range(1, len(figures) + 1)
    )


def _two_lines(cell: str, room: int) -> str:
    """The cell in `room` cells: as it is when it fits, else its figures on two lines (the
    first as full as it fits; `room` is never below `_least`)."""
    if len(cell) <= room:
        return cell
    figures = _figures(cell)
    n = 1
    while n < len(figures) and len(" ".join(figures[: n + 1])) <= room:
        n += 1
    return " ".join(figures[:n]) + "\n" + " ".join(figures[n:])


def _cut(name: str, room: int) -> str:
    """A monster's name in `room` cells ("Duskweaver Aco…"; its card has it whole)."""
    return name if len(name) <= room else name[: room - 1].rstrip() + "…"


def _cut_apart(names: list[str], room: int) -> dict[str, str]:
    """Each name in `room` cells, told apart: names that would be cut alike keep their ends
    instead ("Clan K…Kaiken", "Clan K…Yajiri": four rows read "Clan Kitsune…" at 80x24)."""
    cut = {name: _cut(name, room) for name in names}
    alike = Counter(cut.values())
    for name, short in cut.items():
        if alike[short] > 1 and len(name) > room and room > 4:
            head = name[: room // 2].rstrip()
            cut[name] = head + "…" + name[len(name) - (room - len(head) - 1) :]
    return cut


def _cursor_row(rows: list[str], keep: str | None) -> int:
    """Stay on the same row (when its pool has just run out, `_move_on_if_emptied` moves it
    on, and says so). A marked monster's row that is gone leaves the cursor on its kind."""
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
    "offense": "attack only",
    "defense": "defense only",
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


class _Said(NamedTuple):
    """What the lines above the rows say besides the budget."""

    common: list[str]
    """What they all gained."""
    some: str
    """What only some gained, and who (when no column says it)."""
    legend: str
    """What the marks in the cells mean."""
    suffering: str
    """Which monsters suffer which status effects."""
    arcade: bool = False
    """An Arcade game: the figures are the Explore cards' (no gang cards in the content)."""


ARCADE = "Arcade: the figures here are the Explore cards'; play by your gang cards."


def _budget(
    step: Step | None, closed: str | None, full: bool, said: _Said, width: int = 0
) -> Content:
    """The spawn step's budget (or why no monster may spawn; `full`: no more may spawn in this
    step), what they all gained and what only some did, what the cells' marks mean (after the
    budget when it fits in `width`) and which monsters suffer status effects."""
    line = _spawning(step, closed)
    if full:
        line = Content.assemble(line, "   no more may spawn. Enter: done")
    if said.arcade:
        line = Content.assemble(line, "\n", (ARCADE, "dim"))
    gained, legend = said.common, said.legend
    if gained:
        line = Content.assemble(line, "\n", ("All of them gained: ", "bold"), ", ".join(gained))
    if said.some:
        line = Content.assemble(line, "\n", ("Only some gained: ", "bold"), said.some)
    if legend:
        joined = not gained and not said.some and line.cell_length + 3 + len(legend) <= width
        after = joined or (gained and not said.some)
        line = Content.assemble(line, "   " if after else "\n", (legend, "dim"))
    if said.suffering:
        line = Content.assemble(line, "\n", ("Suffering: ", "bold"), said.suffering)
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
