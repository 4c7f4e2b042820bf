"""`ConfirmScreen`: a step that interrupts play, with its rule text, to confirm on the table."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

SHORT = 30
"""Below this terminal height a dialog's list is shorter, so that its keys stay in sight."""


def fit_height(screen: Screen[object]) -> None:
    """Mark a dialog `-short` on a short terminal (see dialogs.tcss)."""
    screen.set_class(screen.app.size.height < SHORT, "-short")


class ConfirmScreen(ModalScreen[bool]):
    """Enter: done on the table, or what `done` says (True); Esc: not now (False)."""

    CSS_PATH = "../dialogs.tcss"

    BINDINGS = [
        Binding("enter", "dismiss(True)", "Done", priority=True, id="confirm.done"),
        Binding("escape", "dismiss(False)", "Not now", id="confirm.cancel"),
    ]

    def __init__(self, title: str, text: str, done: str = "done on the table") -> None:
        super().__init__(classes="decision")
        self.title_text = title
        self.rule_text = text
        self.done = done

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as dialog:
            dialog.border_title = self.title_text
            yield Static(self.rule_text, classes="rule")
            yield Static(f"Enter: {self.done}   Esc: not now", classes="keys")
