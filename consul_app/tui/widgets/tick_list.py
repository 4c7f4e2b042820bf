"""`TickList`: a list to tick several of, each marked `[x]` or `[ ]` in text, not by colour."""

from __future__ import annotations

from collections.abc import Mapping

from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.widgets.option_list import Option

from consul_app.tui.rows import Hanging
from consul_app.tui.widgets.find import TypeToFind

TICKED, UNTICKED = "[x] ", "[ ] "
HERE = "> "


class TickList(TypeToFind):
    """Up/Down (or typing a name's first letters) move, Space ticks or unticks; `ticked` lists
    the ids in list order. With focus, the highlighted row starts with `>`."""

    BINDINGS = [Binding("space", "tick", "Tick or untick", show=False)]

    class Changed(Message):
        """The ticked ids changed."""

        def __init__(self, tick_list: TickList) -> None:
            super().__init__()
            self.tick_list = tick_list

        @property
        def control(self) -> TickList:
            return self.tick_list

    def __init__(
        self,
        items: list[tuple[str, Content]],
        ticked: list[str] | None = None,
        *,
        titles: Mapping[str, str] | None = None,
        id: str | None = None,
    ) -> None:
        """`items` are (id, text) pairs; `ticked` the ids ticked at first; `titles` what
        typing finds them by (see `TypeToFind`)."""
        self.texts = dict(items)
        self._ticked = set(ticked or ()) & set(self.texts)
        options = [Option(self._prompt(i), id=i) for i in self.texts]
        super().__init__(*options, titles=titles, id=id)

    @property
    def ticked(self) -> list[str]:
        return [i for i in self.texts if i in self._ticked]

    def _prompt(self, item: str, here: bool = False) -> Hanging:
        """The row's marks and text; a text that wraps goes on under itself, not under the
        marks."""
        marks = (HERE if here else "") + (TICKED if item in self._ticked else UNTICKED)
        return Hanging(Content(marks) + self.texts[item], indent=len(marks))

    def _item(self, index: int) -> str | None:
        return self.get_option_at_index(index).id if index < self.option_count else None

    def watch_highlighted(self, before: int | None, now: int | None) -> None:
        """The highlighted row of the list with focus carries the `>` marker (not only a
        colour): of two lists on a page, the one the keys go to is told in text."""
        super().watch_highlighted(now)
        for index in (before, now):
            self._show_here(index, self.has_focus)

    def _show_here(self, index: int | None, focused: bool) -> None:
        item = self._item(index) if index is not None else None
        if item is not None:
            here = focused and index == self.highlighted
            self.replace_option_prompt(item, self._prompt(item, here=here))

    # (these run before Widget's, which set `has_focus`)
    def on_focus(self) -> None:
        self._show_here(self.highlighted, True)

    def on_blur(self) -> None:
        self._show_here(self.highlighted, False)

    def action_tick(self) -> None:
        if self.highlighted is None:
            return
        item = self.get_option_at_index(self.highlighted).id
        assert item is not None
        self._ticked ^= {item}
        self.replace_option_prompt(item, self._prompt(item, here=self.has_focus))
        self.post_message(self.Changed(self))
