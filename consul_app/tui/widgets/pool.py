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
        stats = {line.id: _stats(view, line.id) for line in lines}
        columns = [s for s in STATS if any(s in line_stats for line_stats in stats.values())]
        table.clear(columns=True)
        table.add_columns("Monster", "Bits", "Sk", "Pool", "Board", *columns)
        if step is not None:
            table.add_column("Spawn?")
        for line in lines:
            row = [line.name, symbols.bits(line.bits), str(line.skull_points)]
            row += [str(line.in_pool), str(line.on_board)]
            row += [stats[line.id].get(s, "-") for s in columns]
            if step is not None:
                row.append("yes" if _may_spawn(line, step) else "no")
            table.add_row(*row, key=line.id)
        if lines:
            table.move_cursor(row=_cursor_row(lines, keep, step))


def _cursor_row(lines: list[PoolLine], keep: str | None, step: Step | None) -> int:
    """Stay on the same monster; in a spawn step, move to one that may spawn."""
    ids = [line.id for line in lines]
    row = ids.index(keep) if keep in ids else 0
    if step is not None and not _may_spawn(lines[row], step):
        row = next((n for n, line in enumerate(lines) if _may_spawn(line, step)), row)
    return row


def _may_spawn(line: PoolLine, step: Step) -> bool:
    """In the pool and of the bits the step allows (the engine checks the rest)."""
    return line.in_pool > 0 and line.bits in step.bits


def _stats(view: TableView, monster: str) -> dict[str, str]:
    """Each dice stat as "2B 1R +1ST": the card's dice, then what the bonuses add."""
    return {
        line.stat: f"{line.base}" + ("" if line.bonus.is_empty() else f" +{line.bonus}")
        for line in monster_stats(view.pack, view.state, monster)
    }


def _budget(step: Step | None) -> Content:
    if step is None:
        return Content.styled("No spawn step now: monsters spawn and fall as played.", "dim")
    left = (step.budget or 0) - step.spent
    return Content.assemble(
        (f"SPAWN {step.budget} skull points of {symbols.bits_list(step.bits)}", "bold"),
        f"   picked {step.spent}, {left} left",
    )
