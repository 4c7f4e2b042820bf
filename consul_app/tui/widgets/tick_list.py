"""`TickList`: a list to tick several of, each marked `[x]` or `[ ]` in text, not by colour."""

from __future__ import annotations

from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

TICKED, UNTICKED = "[x] ", "[ ] "


class TickList(OptionList):
    """Up/Down move, Space ticks or unticks; `ticked` lists the ids in list order."""

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
        id: str | None = None,
    ) -> None:
        """`items` are (id, text) pairs; `ticked` the ids ticked at first."""
        self.texts = dict(items)
        self._ticked = set(ticked or ()) & set(self.texts)
        super().__init__(*[Option(self._prompt(i), id=i) for i in self.texts], id=id)

    @property
    def ticked(self) -> list[str]:
        return [i for i in self.texts if i in self._ticked]

    def _prompt(self, item: str) -> Content:
        return Content.assemble(TICKED if item in self._ticked else UNTICKED, self.texts[item])

    def action_tick(self) -> None:
        if self.highlighted is None:
            return
        item = self.get_option_at_index(self.highlighted).id
        assert item is not None
        self._ticked ^= {item}
        self.replace_option_prompt(item, self._prompt(item))
        self.post_message(self.Changed(self))
