"""`KeptLines`: a screen's own lines (its blank background around its widgets), drawn once for
a size and a theme.

Textual repaints a screen whole when it is shown again (a card pushed over the table, the table
when the card closes), and a screen's `refresh()` throws its lines away: drawn again, with the
compositor's cuts of each, they were a tenth of the time of `c` and of Esc.
"""

from __future__ import annotations

from textual.geometry import Region
from textual.screen import Screen
from textual.strip import Strip


class KeptLines(Screen[object]):
    """A screen whose own lines are kept while its size, colours and style stay the same."""

    _kept: tuple[object, list[Strip]] | None = None

    def render_lines(self, crop: Region) -> list[Strip]:
        drawn_for = (crop, self.size, self.background_colors, self.rich_style)
        if self._kept is None or self._kept[0] != drawn_for:
            self._kept = (drawn_for, super().render_lines(crop))
        return self._kept[1]
