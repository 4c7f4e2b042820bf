"""`LaidOutOptionList`: an OptionList whose lines (and so its scrollbar) are known when it is
laid out, not when it is first drawn.

Textual's OptionList counts its lines when it renders them: a list longer than its height
gets its scrollbar only in the frame after its first, which moves every line's right edge (the
saved games at start-up settled 12 ms later for it, a dialog's list one frame later).
Counting them as soon as the list has its size puts the scrollbar in the first frame.
"""

from __future__ import annotations

from textual.widgets import OptionList

from consul_app.tui.textual_compat import after_size_updated, count_option_lines


class PagedOptionList(OptionList):
    """An OptionList whose PgUp/PgDn do nothing while it has no room: Textual's counts lines
    only in a list with room, then looked up the highlighted option's line and raised KeyError
    (the lookup squeezed to no rows by a resize, then PgUp: found by the key monkey)."""

    def action_page_up(self) -> None:
        if self.scrollable_content_region:
            super().action_page_up()

    def action_page_down(self) -> None:
        if self.scrollable_content_region:
            super().action_page_down()


@after_size_updated
class LaidOutOptionList(PagedOptionList):
    """An OptionList with its scrollbar in its first frame."""

    def size_updated(self) -> None:
        count_option_lines(self)
