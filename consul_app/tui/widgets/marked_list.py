"""`MarkedList`: an option list whose highlighted row also carries a text marker."""

from __future__ import annotations

from collections.abc import Mapping

from textual.content import Content
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from consul_app.tui.rows import Hanging
from consul_app.tui.widgets.find import TypeToFind

MARK, BLANK = "> ", ""
"""(An option list drops leading spaces, even no-break ones: the others are not indented.)"""


class MarkedList(TypeToFind):
    """The highlighted row starts with `>` (not told by colour alone); disabled rows (headings)
    are shown as given. Typing a name's first letters finds it (`titles`: see `TypeToFind`)."""

    def __init__(
        self,
        *options: Option,
        titles: Mapping[str, str] | None = None,
        id: str | None = None,
        marked: int | None = None,
    ) -> None:
        """`marked`: the row to be highlighted first, marked from the first frame on."""
        self._prompts = [_content(o) for o in options]
        marks = [self._marked(o, n == marked) for n, o in enumerate(options)]
        super().__init__(*marks, titles=titles, id=id)
        self._marked_at: int | None = marked

    def _marked(self, option: Option, mark: bool) -> Option:
        if option.disabled:
            return option
        return Option(_hanging(MARK if mark else BLANK, _content(option)), id=option.id)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._mark(event.option_index)

    def _mark(self, index: int | None) -> None:
        before, self._marked_at = self._marked_at, index
        for at, mark in ((before, False), (index, True)):
            if at is not None and at < len(self._prompts):
                option = self.get_option_at_index(at)
                if not option.disabled:
                    prefix = MARK if mark else BLANK
                    self.replace_option_prompt_at_index(at, _hanging(prefix, self._prompts[at]))


def _hanging(mark: str, text: Content) -> Hanging:
    """A row: its mark, its text; a line that wraps goes on under its own start."""
    return Hanging(Content(mark) + text, indent=len(mark))


def _content(option: Option) -> Content:
    prompt = option.prompt
    return prompt if isinstance(prompt, Content) else Content(str(prompt))
