"""`ChoiceList`: a list whose highlighted entry is the choice, marked `(*)` in text."""

from __future__ import annotations

from textual.content import Content
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from consul_app.tui.widgets.find import TypeToFind

CHOSEN, OTHER = "(*) ", "( ) "
HERE = "> "


class ChoiceList(TypeToFind):
    """Up/Down (or typing a name's first letters) choose; the choice stays marked when the
    list loses focus."""

    class Changed(Message):
        """Another entry was chosen."""

        def __init__(self, choice_list: ChoiceList, chosen: str) -> None:
            super().__init__()
            self.choice_list = choice_list
            self.chosen = chosen

        @property
        def control(self) -> ChoiceList:
            return self.choice_list

    def __init__(self, items: list[tuple[str, str]], chosen: str, *, id: str | None = None) -> None:
        """`items` are (id, text) pairs; `chosen` the id chosen at first."""
        self.texts = dict(items)
        self.chosen = chosen if chosen in self.texts else next(iter(self.texts), "")
        super().__init__(*[Option(self._prompt(i), id=i) for i in self.texts], id=id)

    def _prompt(self, item: str, focused: bool = False) -> Content:
        chosen = item == self.chosen
        here = HERE if chosen and focused else ""
        return Content(here + (CHOSEN if chosen else OTHER) + self.texts[item])

    # (these run before Widget's, which set `has_focus`)
    def on_focus(self) -> None:
        """With focus the choice starts with `>` (not only a colour), as a focused field."""
        self._show_here(True)

    def on_blur(self) -> None:
        self._show_here(False)

    def _show_here(self, focused: bool) -> None:
        if self.chosen:
            self.replace_option_prompt(self.chosen, self._prompt(self.chosen, focused))

    def on_mount(self) -> None:
        if self.chosen:
            self.highlighted = self.get_option_index(self.chosen)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        chosen = event.option.id
        if chosen is None or chosen == self.chosen:
            return
        before, self.chosen = self.chosen, chosen
        self.replace_option_prompt(before, self._prompt(before))
        self.replace_option_prompt(chosen, self._prompt(chosen, self.has_focus))
        self.post_message(self.Changed(self, chosen))
