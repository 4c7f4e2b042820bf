"""`ChoiceList`: a list whose highlighted entry is the choice, marked `(*)` in text.

It draws its lines itself (a ScrollView with the Line API), in the look of Textual's
OptionList: it is on the first page of a first start, where an OptionList of the 25 dungeon
bosses took about 7 ms of the first frame. A long entry wraps under its name.
"""

from __future__ import annotations

from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from consul_app.tui.find_by_typing import Typed
from consul_app.tui.textual_compat import scroll_update

CHOSEN, OTHER = "(*) ", "( ) "
HERE = "> "
INDENT = " " * len(CHOSEN)
"""Where a wrapped entry's next lines start: under its name."""


class ChoiceList(ScrollView, can_focus=True):
    """Up/Down, PgUp/PgDn, Home/End, a click or typing a name's first letters choose; the
    choice stays marked when the list loses focus, and with focus it starts with `>` (not
    only a colour), as a focused field."""

    DEFAULT_CSS = """
    ChoiceList {
        height: auto;
        max-height: 100%;
        color: $foreground;
        overflow-x: hidden;
        border: tall $border-blurred;
        padding: 0 1;
        background: $surface;

        & > .choice-list--chosen {
            color: $foreground;
            background: $block-cursor-blurred-background;
            text-style: $block-cursor-blurred-text-style;
        }
        & > .choice-list--hover {
            background: $block-hover-background;
        }
        &:focus {
            border: tall $border;
            background-tint: $foreground 5%;

            & > .choice-list--chosen {
                color: $block-cursor-foreground;
                background: $block-cursor-background;
                text-style: bold underline;
            }
        }
    }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"choice-list--chosen", "choice-list--hover"}

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "move(1)", "Down", show=False),
        Binding("up", "move(-1)", "Up", show=False),
        Binding("pagedown", "page(1)", "Page Down", show=False),
        Binding("pageup", "page(-1)", "Page Up", show=False),
        Binding("home", "first", "First", show=False),
        Binding("end", "last", "Last", show=False),
    ]

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
        super().__init__(id=id)
        self.texts = dict(items)
        self.ids = list(self.texts)
        self.chosen = chosen if chosen in self.texts else next(iter(self.texts), "")
        self.typed = Typed()
        self._hover: int | None = None
        self._lines: list[tuple[int, str]] = []
        """Each line drawn: the entry it belongs to and its text (see `_lines_at`)."""
        self._wrapped_for: tuple[int, bool] | None = None
        """The width and focus `_lines` were wrapped for."""
        self._paint: tuple[int, int, int, Style, Style, Style]
        """What `render_line` draws with, set by `render_lines` for the lines it renders:
        the width, the scroll, the choice, and the styles of a line, the choice and the entry
        under the mouse."""

    # -- lines ----------------------------------------------------------------------------

    @property
    def index(self) -> int:
        """The chosen entry's place in the list."""
        return self.ids.index(self.chosen) if self.chosen in self.texts else 0

    def _wrap(self) -> list[tuple[int, str]]:
        """The lines at the present width (and their count, the virtual size)."""
        width = self.scrollable_content_region.width
        key = (width, self.has_focus)
        if key != self._wrapped_for:
            self._wrapped_for = key
            self._lines = self._lines_at(width)
            virtual_size = Size(width, len(self._lines))
            if virtual_size != self.virtual_size:
                self.virtual_size = virtual_size
                scroll_update(self, virtual_size)
        return self._lines

    def _lines_at(self, width: int) -> list[tuple[int, str]]:
        """Each line drawn at `width`: the entry it belongs to and its text. The choice is
        wrapped with its `>` whether it is shown or not, so that focus moves no line (a
        click lands on the entry seen)."""
        width = max(width, len(HERE + CHOSEN) + 1)
        lines = []
        for index, item in enumerate(self.ids):
            wrapped = _wrapped(self._prompt(item, here=True), width)
            if item == self.chosen and not self.has_focus:
                wrapped[0] = wrapped[0].removeprefix(HERE)
            lines += [(index, line) for line in wrapped]
        return lines

    def prompts(self) -> list[str]:
        """Each entry as drawn (unwrapped), its marks included."""
        return [self._prompt(item, here=self.has_focus) for item in self.ids]

    def _prompt(self, item: str, *, here: bool) -> str:
        """An entry with its marks: `(*)` for the choice, and `>` before it if `here`."""
        if item != self.chosen:
            return OTHER + self.texts[item]
        return (HERE if here else "") + CHOSEN + self.texts[item]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines_at(width))

    def render_lines(self, crop: Region) -> list[Strip]:
        self._wrap()
        base = self.rich_style
        self._paint = (
            self.scrollable_content_region.width,
            self.scroll_offset.y,
            self.index,
            base,
            base + self.get_component_rich_style("choice-list--chosen"),
            base + self.get_component_rich_style("choice-list--hover"),
        )
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        width, scroll_y, chosen, base, chosen_style, hover_style = self._paint
        row = y + scroll_y
        if row >= len(self._lines):
            return Strip.blank(width, base)
        index, text = self._lines[row]
        style = chosen_style if index == chosen else hover_style if index == self._hover else base
        return Strip([Segment(text.ljust(width)[:width], style)], width)

    # -- choosing -------------------------------------------------------------------------

    def choose(self, index: int) -> None:
        """Choose the entry at `index` (kept within the list) and bring it into sight."""
        if not self.ids:
            return
        chosen = self.ids[max(0, min(index, len(self.ids) - 1))]
        if chosen != self.chosen:
            self.chosen = chosen
            self._wrapped_for = None  # its marks changed
            self.refresh()
            self.post_message(self.Changed(self, chosen))
        self._show_chosen()

    def _show_chosen(self) -> None:
        rows = [row for row, (index, _) in enumerate(self._wrap()) if index == self.index]
        if rows:
            self.scroll_to_region(
                Region(0, rows[0], 1, len(rows)), animate=False, immediate=True, force=True
            )

    def action_move(self, step: int) -> None:
        self.choose(self.index + step)

    def action_page(self, pages: int) -> None:
        self.choose(self.index + pages * max(1, self.scrollable_content_region.height - 1))

    def action_first(self) -> None:
        self.choose(0)

    def action_last(self) -> None:
        self.choose(len(self.ids) - 1)

    def on_key(self, event: events.Key) -> None:
        found = self.typed.key(event, self, lambda: [self.texts[i].lower() for i in self.ids])
        if found is not None:
            self.choose(found)

    # -- mouse and focus ------------------------------------------------------------------

    def _entry_at(self, event: events.MouseEvent) -> int | None:
        offset = event.get_content_offset(self)
        lines = self._wrap()
        if offset is None or not 0 <= offset.y + self.scroll_offset.y < len(lines):
            return None
        return lines[offset.y + self.scroll_offset.y][0]

    def on_click(self, event: events.Click) -> None:
        index = self._entry_at(event)
        if index is not None:
            self.choose(index)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        hover = self._entry_at(event)
        if hover != self._hover:
            self._hover = hover
            self.refresh()

    def on_leave(self) -> None:
        if self._hover is not None:
            self._hover = None
            self.refresh()

    def on_mount(self) -> None:
        self.call_after_refresh(self._show_chosen)

    def on_resize(self) -> None:
        self._show_chosen()

    def on_focus(self) -> None:
        self.refresh()  # its `>`

    def on_blur(self) -> None:
        self.refresh()


def _wrapped(text: str, width: int) -> list[str]:
    """`text` in lines of `width` at most, broken between words where it can be, the lines
    after the first starting under the entry's name."""
    lines: list[str] = []
    while len(text) > width:
        cut = text.rfind(" ", len(INDENT) + 1, width + 1)
        cut = cut if cut > len(INDENT) else width
        lines.append(text[:cut].rstrip())
        text = INDENT + text[cut:].lstrip()
    return [*lines, text]

