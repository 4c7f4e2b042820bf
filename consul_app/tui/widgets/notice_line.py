"""`NoticeLine`: the table's notices on one line over the footer, never over a pane.

Notices are short: one line, cut with an ellipsis. Undos in a row make one notice ("Undone 6 in
a row, the last: ..."). An error stays until a key is pressed (it has been read); a warning (a
refusal, a timeout) goes with the next key too, or after a while, as the others do. The notices
posted before the table showed (`tell`: the preferences', the content's and the resume's
warnings) come one at a time, each whole (on the lines it needs) until Esc puts it away: they
say what happened to the game or its files, and the first key of play must not hide them unread.
"""

from __future__ import annotations

from textual.content import Content
from textual.timer import Timer
from textual.widgets import Static

UNDONE = "Undone"
SHOWN_FOR = 6.0
"""Seconds a notice other than an error stays (unless a key is pressed, for a warning)."""


class NoticeLine(Static):
    """Docked at the bottom on the footer's row; hidden while there is nothing to say."""

    DEFAULT_CSS = """
    NoticeLine {
        dock: bottom;
        height: 1;
        width: 1fr;
        padding: 0 1;
        background: $panel;
        text-wrap: nowrap;
        text-overflow: ellipsis;
        display: none;
    }
    NoticeLine.-warning {
        background: $warning 30%;
    }
    NoticeLine.-error {
        background: $error 40%;
    }
    NoticeLine.-whole {
        height: auto;
        max-height: 50%;
        text-wrap: wrap;
    }
    """

    ID = "notice"
    PUT_AWAY = "escape"
    """The key that puts away a notice told whole."""

    def __init__(self) -> None:
        super().__init__(id=self.ID)
        self.severity = ""
        self.undone = 0
        self._timer: Timer | None = None
        self._said = Content()
        self._told: list[tuple[str, str, str]] = []
        self.whole = False
        """The notice shown is told whole: it stays until `PUT_AWAY`."""
        self._telling: tuple[str, str, str] = ("", "", "")

    def tell(self, notices: list[tuple[str, str, str]]) -> None:
        """Say these notices (message, title, severity) one after the other: the next once
        the one shown is read or done."""
        self._told = list(notices)
        self._tell_next()

    def _tell_next(self) -> None:
        if self._told:
            self._telling = self._told.pop(0)
            self.say(*self._telling, whole=True)

    def say(
        self,
        message: str,
        title: str = "",
        severity: str = "information",
        *,
        stay: bool = False,
        whole: bool = False,
    ) -> None:
        """Show a notice (its first line only), in place of the one before. An error, or a
        warning that must `stay`, is shown until a key is pressed; one told `whole` is shown
        on the lines it needs until Esc."""
        if self.whole and not whole:  # (said after this one, told again once it goes)
            self._told.insert(0, self._telling)
        lines = message.strip().splitlines() or [""]
        first = " ".join(line.strip() for line in lines) if whole else lines[0]
        self.undone = self.undone + 1 if title == UNDONE else 0
        if self.undone > 1:
            text = f"Undone {self.undone} in a row, the last: {first}"
        else:
            text = f"{title}: {first}" if title else first
        mark = {"error": "ERROR ", "warning": "! "}.get(severity, "")
        said = Content(mark + text + ("   (Esc: put it away)" if whole else ""))
        if whole != self.whole:
            self.whole = whole
            self.set_class(whole, "-whole")
        if not (self.display and said.is_same(self._said)):  # (the same notice: not painted again)
            self.update(said, layout=False)  # (one line: only showing it lays out)
        self._said = said
        self.severity = severity
        self.set_class(severity == "warning", "-warning")
        self.set_class(severity == "error", "-error")
        self.display = True
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if severity != "error" and not stay and not whole:
            self._timer = self.set_timer(SHOWN_FOR, self.clear)

    def read(self, key: str = "", *, undoing: bool = False) -> None:
        """A key was pressed: an error or a warning has been read (it would hide the keys of
        the footer's row for nothing); undos in a row end (but for an undo). A notice told
        whole stays until its key (`PUT_AWAY`)."""
        if self.whole:
            if key == self.PUT_AWAY:
                self.clear()
        elif self.severity in ("error", "warning"):
            self.clear()
        if not undoing:
            self.undone = 0

    def clear(self) -> None:
        if self.display:
            row = self.region  # (read before hiding: the row it covered)
            self.display = False
            if self.whole:
                self.whole = False
                self.remove_class("-whole")
            # Textual may leave a hidden widget's last frame on the terminal when a scroll
            # came between (textual#5056): the footer's row is repainted, so no notice stays.
            self.screen.refresh(row)
        self.severity = ""
        self.undone = 0
        self._tell_next()
