"""The bar at the top of the table screen: what to do now and which key does it."""

from __future__ import annotations

from textual.content import Content
from textual.message import Message

from consul_app.rules import turn_name, turn_notes
from consul_app.tui.rows import wrap
from consul_app.tui.view import TableView
from consul_app.tui.widgets.pane import Section

TALL = 34
"""From this terminal height up the bar shows up to `LINES_TALL` lines of the step's text."""
LINES_TALL, LINES_SHORT = 4, 2
MORE = " … (more: 1 Steps)"
MORE_SHOWN = " … (more below, in Steps)"
"""The pointer while the Steps pane is in sight (side by side, or its tab in front)."""
CUT = " …"
"""The end of a cut text on a screen with no Steps pane (the watch screen)."""
GAME_ENDED = {
    "heroes-lost": "The game is over: the heroes lost.",
    "ended": "The game was ended here.",
}


class NextStep(Section):
    """Always visible, at every size: the current step (or the turn), its key, its rule text.

    A text longer than the bar may show ends with a pointer to the steps pane, where it is
    shown whole (`whole` says whether the bar showed it all; when that changes on a resize or
    a typed count, `Cut` is posted). The bar keeps one height at a terminal size (the title
    and room for the text, used or not), so no action moves the panes below it."""

    class Cut(Message):
        """`whole` changed on a resize or a typed count (not on `show`)."""

    whole: bool = True
    """Whether the bar showed the step's text whole (not cut, not left out)."""
    _shown: object = None
    _head: Content = Content()
    _text: str = ""
    _count: int | str | None = None
    _steps_shown = False
    steps_pane = True
    """Whether the screen has a Steps pane to point to (the watch screen has none)."""

    @property
    def steps_shown(self) -> bool:
        """Whether the Steps pane is in sight: a cut text then points below, not to `1`."""
        return self._steps_shown

    @steps_shown.setter
    def steps_shown(self, shown: bool) -> None:
        if shown != self._steps_shown:
            self._steps_shown = shown
            if self._shown is not None:
                self._show_text()

    def show(self, view: TableView, hint: str) -> None:
        """Show the current step of `view`; `hint` says which keys do it."""
        step = view.current
        notes = turn_notes(view.pack, view.state) if step is None else []
        ended = view.state.ended
        key = (step, hint, view.state.turn, view.state.boss.defeated, ended, tuple(notes))
        if key == self._shown:
            return
        self._shown = key
        if view.state.boss.defeated:
            now, text = "The dungeon boss is defeated: the heroes have won!", ""
        elif ended is not None:
            now, text = GAME_ENDED[ended], ""
        elif step is None:
            now, text = "Consul turn: play your monsters.", " ".join(notes)
        else:
            now, text = f"NOW >> {step.title}", step.text
        self._head = Content.assemble(
            (f"{turn_name(view.state)} · ", "bold"),
            (now, "bold reverse"),
            "   ",
            (hint, "bold"),
        )
        self._text = text
        self._show_text()

    def show_count(self, count: int | str | None) -> None:
        """A count typed before a key (`2w`): shown in the bar until a key uses it; "?": `#`
        was pressed, the number is still to type."""
        if count != self._count:
            self._count = count
            self.fit()

    def on_resize(self) -> None:
        self.fit()

    def fit(self) -> None:
        """The same step again, at this terminal size (the screen calls it when only the
        height changed: the bar's rows depend on it) or with a count; `Cut` is posted if
        `whole` changed."""
        if self._shown is None:
            return
        whole = self.whole
        self._show_text()
        if self.whole != whole:
            self.post_message(self.Cut())

    def _show_text(self) -> None:
        """The title (wrapped if it must) and as much of the text as fits in the bar's rows; a
        count typed before a key (`2w`) is said after the title."""
        title = self._head
        if self._count == "?":
            title += Content.styled("   HOW MANY? type it, then w W x X k K a A f F g", "bold")
        elif self._count is not None:
            title += Content.styled(f"   COUNT {self._count}: w W x X k K a A f F g", "bold")
        width = self.content_region.width or max(1, self.app.size.width - 2)
        rows = 1 + (LINES_TALL if self.app.size.height >= TALL else LINES_SHORT)
        head = wrap(title, width)[:rows]
        limit = rows - len(head)
        lines = wrap(Content.styled(self._text, "italic"), width)
        self.whole = len(lines) <= limit
        if len(lines) > limit > 0:
            more = MORE_SHOWN if self._steps_shown else MORE if self.steps_pane else CUT
            last = lines[limit - 1].rstrip().truncate(max(0, width - len(more)))
            lines[limit - 1] = last + Content.styled(more, "bold italic")  # (in the text)
        lines = [*head, *(lines + [Content()] * limit)[:limit]]
        self.update(Content("\n").join(lines))  # (painted if it changed, laid out if `rows` did)
