"""`Placements`: the spawning point models of a new game and the tile each stands on."""

from __future__ import annotations

from textual.binding import Binding
from textual.coordinate import Coordinate
from textual.message import Message
from textual.widgets import DataTable

from consul_app.content import EditionPack
from consul_app.rules import MAX_TILES, PlacedSpawningPoint, add_spawning_point


class Placements(DataTable[str]):
    """One row per spawning point model: a adds one, x removes one, Left/Right move its tile
    (from 1 to the dungeon's `tiles`)."""

    BINDINGS = [
        Binding("a", "add", "Add a spawning point", id="setup.add_point"),
        Binding("x,delete", "remove", "Remove it", id="setup.remove_point"),
        Binding("left", "tile(-1)", "Tile -1", show=False, id="setup.tile_down"),
        Binding("right", "tile(1)", "Tile +1", show=False, id="setup.tile_up"),
    ]

    class Changed(Message):
        """The placements changed."""

        def __init__(self, placements: list[PlacedSpawningPoint]) -> None:
            super().__init__()
            self.placements = placements

    class AddRequested(Message):
        """The Consul wants to add a spawning point (the screen asks which)."""

    def __init__(
        self,
        pack: EditionPack,
        placements: list[PlacedSpawningPoint],
        tiles: int = MAX_TILES,
        *,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id, cursor_type="row")
        self.pack = pack
        self.placements = list(placements)
        self.tiles = tiles
        """The dungeon's tiles: the highest tile a spawning point may stand on."""

    def on_mount(self) -> None:
        self.add_columns("Spawning point", "Tile")
        self._fill()

    def _fill(self) -> None:
        row = self.cursor_row
        self.clear()
        for n, placed in enumerate(self.placements):
            self.add_row(self._point_name(n), f"< {placed.tile} >")
        if self.placements:
            self.move_cursor(row=min(row, len(self.placements) - 1))
        self._show_here()

    def _point_name(self, row: int, here: bool = False) -> str:
        """Its name, after the cursor's mark or room for it (the column is as wide as its
        widest cell when added: a mark added later would cut the longest name), numbered
        when another of its kind stands on its tile (`Shadow Warrens #2`)."""
        placed = self.placements[row]
        point = self.pack.spawning_points.get(placed.id)
        here_too = (placed.id, placed.tile)
        alike = [n for n, p in enumerate(self.placements) if (p.id, p.tile) == here_too]
        number = f" #{alike.index(row) + 1}" if len(alike) > 1 else ""
        return ("> " if here else "  ") + (point.name if point else placed.id) + number

    def _show_here(self, focused: bool | None = None) -> None:
        """With focus, the cursor's row starts with `>` (not only a colour)."""
        focused = self.has_focus if focused is None else focused
        for row in range(len(self.placements)):
            name = self._point_name(row, here=focused and row == self.cursor_row)
            if self.get_cell_at(Coordinate(row, 0)) != name:
                self.update_cell_at(Coordinate(row, 0), name)

    # (these run before Widget's, which set `has_focus`)
    def on_focus(self) -> None:
        self._show_here(True)

    def on_blur(self) -> None:
        self._show_here(False)

    def on_data_table_row_highlighted(self) -> None:
        self._show_here()

    def set_placements(self, placements: list[PlacedSpawningPoint]) -> None:
        self.placements = list(placements)
        self._fill()
        self.post_message(self.Changed(self.placements))

    def add(self, point_id: str) -> None:
        """Add a model of `point_id` on the highest tile in use (tile 2 at first); a paired one
        brings its partner."""
        tile = min(self.tiles, max((p.tile for p in self.placements), default=2))
        row = len(self.placements)
        self.set_placements(add_spawning_point(self.pack, self.placements, point_id, tile))
        self.move_cursor(row=row)

    def action_add(self) -> None:
        self.post_message(self.AddRequested())

    def action_remove(self) -> None:
        if self.placements:
            rest = self.placements[: self.cursor_row] + self.placements[self.cursor_row + 1 :]
            self.set_placements(rest)

    def action_tile(self, delta: int) -> None:
        if not self.placements:
            return
        placed = self.placements[self.cursor_row]
        tile = min(self.tiles, MAX_TILES, max(1, placed.tile + delta))
        new = PlacedSpawningPoint(id=placed.id, tile=tile)
        self.set_placements(
            [new if n == self.cursor_row else p for n, p in enumerate(self.placements)]
        )
