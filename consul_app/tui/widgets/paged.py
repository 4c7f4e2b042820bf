"""`PagedOptionList`: an OptionList whose page keys do nothing while it has no room."""

from __future__ import annotations

from textual.widgets import OptionList


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

