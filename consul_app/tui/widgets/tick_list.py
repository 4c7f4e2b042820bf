"""`TickList`: a list to tick several of, each marked `[x]` or `[ ]` in text, not by colour."""

from __future__ import annotations

from collections.abc import Mapping

from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.widgets.option_list import Option

from consul_app.tui.widgets.find import TypeToFind

TICKED, UNTICKED = "[x] ", "[ ] "
HERE = "> "


class TickList(TypeToFind):
    """Up/Down (or typing a name's first letters) move, Space ticks or unticks; `ticked` lists
    the ids in list order. The highlighted row starts with `>`."""

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

    def _prompt(self, item: str, here: bool = False) -> Content:
        tick = TICKED if item in self._ticked else UNTICKED
        return Content.assemble(HERE if here else "", tick, self.texts[item])

    def _item(self, index: int) -> str | None:
        return self.get_option_at_index(index).id if index < self.option_count else None

    def watch_highlighted(self, before: int | None, now: int | None) -> None:
        """The highlighted row carries the `>` marker (not only a colour)."""
        super().watch_highlighted(now)
        for index in (before, now):
            item = self._item(index) if index is not None else None
            if item is not None:
                self.replace_option_prompt(item, self._prompt(item, here=index == now))

    def action_tick(self) -> None:
        if self.highlighted is None:
            return
        item = self.get_option_at_index(self.highlighted).id
        assert item is not None
        self._ticked ^= {item}
        self.replace_option_prompt(item, self._prompt(item, here=True))
        self.post_message(self.Changed(self))
