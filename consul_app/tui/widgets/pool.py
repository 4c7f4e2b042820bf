"""The spawning pool pane: every monster, how many wait in the pool and stand on the dungeon,
and its stats with the current bonuses applied. During a spawn step: the skull-point budget."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import DataTable, Static

from consul_app.rules import PoolLine, Step, monster_stats, pool, power_up_steps
from consul_app.tui import symbols
from consul_app.tui.view import TableView

SPAWN_STEPS = ("spawn", "timeout-spawn")
STATS = ("STR", "ATT", "ARM", "WILL", "DEX")


class PoolTable(DataTable[str]):
    """The pool's rows, one per monster; the cursor picks the monster the keys act on."""

    def highlighted(self) -> str | None:
        """The id of the monster under the cursor."""
        if not self.row_count:
            return None
        return self.coordinate_to_cell_key(self.cursor_coordinate).row_key.value


class PoolPane(Vertical):
    """The spawning pool with a line about the current spawn step."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="pane")
        self.border_title = "2 Spawning pool"

    def compose(self) -> ComposeResult:
        yield Static(classes="budget")
        yield PoolTable(cursor_type="row", zebra_stripes=True)

    def show(self, view: TableView) -> None:
        step = next((s for s in power_up_steps(view.pack, view.state) if s.current), None)
        spawning = step if step is not None and step.key in SPAWN_STEPS else None
        self.query_one(".budget", Static).update(_budget(spawning))
        self.set_class(spawning is not None, "-spawning")
        self._fill(view, spawning)

    def _fill(self, view: TableView, step: Step | None) -> None:
        table = self.query_one(PoolTable)
        keep = table.highlighted()
        lines = pool(view.pack, view.state)
        stats = [s for s in STATS if any(_stat(view, line, s) for line in lines)]
        table.clear(columns=True)
        table.add_columns("Monster", "Bits", "Sk", "Pool", "Board", *stats)
        if step is not None:
            table.add_column("Spawn?")
        for line in lines:
            row = [line.name, symbols.bits(line.bits), str(line.skull_points)]
            row += [str(line.in_pool), str(line.on_board)]
            row += [_stat(view, line, s) or "-" for s in stats]
            if step is not None:
                row.append("yes" if line.bits in step.bits else "no")
            table.add_row(*row, key=line.id)
        ids = [line.id for line in lines]
        if keep in ids:
            table.move_cursor(row=ids.index(keep))


def _stat(view: TableView, line: PoolLine, stat: str) -> str:
    """ "2B 1R +1ST": the card's dice, then what the bonuses add."""
    for stat_line in monster_stats(view.pack, view.state, line.id):
        if stat_line.stat == stat:
            bonus = "" if stat_line.bonus.is_empty() else f" +{stat_line.bonus}"
            return f"{stat_line.base}{bonus}"
    return ""


def _budget(step: Step | None) -> Content:
    if step is None:
        return Content.styled("No spawn step now: monsters spawn and fall as played.", "dim")
    left = (step.budget or 0) - step.spent
    return Content.assemble(
        (f"SPAWN {step.budget} skull points of {symbols.bits_list(step.bits)}", "bold"),
        f"   picked {step.spent}, {left} left",
    )
