"""`TypeToFind`: an option list in which typing letters finds a row (see `find_by_typing`).
A row's title is its name, never the description under it."""

from __future__ import annotations

from collections.abc import Mapping

from textual import events
from textual.widgets.option_list import Option

from consul_app.tui.find_by_typing import Typed, title_of
from consul_app.tui.widgets.paged import PagedOptionList


class TypeToFind(PagedOptionList):
    """An option list that finds by typing (`find_by_typing`).

    `titles` maps an option's id to its title (a choice's name, without its description);
    an option not in it is found by its whole text."""

    def __init__(
        self, *options: Option, titles: Mapping[str, str] | None = None, id: str | None = None
    ) -> None:
        super().__init__(*options, id=id)
        self.titles = dict(titles or {})
        self.typed = Typed()

    def on_key(self, event: events.Key) -> None:
        found = self.typed.key(
            event, self, lambda: [self._title(index) for index in range(self.option_count)]
        )
        if found is not None:
            self.highlighted = found

    def _title(self, index: int) -> str | None:
        """What typing finds the row at `index` by, in lower case; None: not findable."""
        option = self.get_option_at_index(index)
        if option.disabled:
            return None
        if option.id in self.titles:
            return self.titles[option.id].lower()
        return title_of(str(option.prompt))
