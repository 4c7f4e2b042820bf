"""The MD2 screen's dialogs: a name typed in (a zone, an item), and the keys."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from consul_app.md2.tui.keys import KEYS, SECTIONS


class AskScreen(ModalScreen[str | None]):
    """Type a name; Enter gives it (stripped; empty: None), Esc puts it off (None)."""

    CSS_PATH = "../../tui/dialogs.tcss"
    BINDINGS = [Binding("escape", "dismiss", "Not now")]

    def __init__(self, title: str, text: str, placeholder: str = "") -> None:
        super().__init__(classes="decision")
        self.title_text = title
        self.rule_text = text
        self.placeholder = placeholder

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as dialog:
            dialog.border_title = self.title_text
            yield Static(self.rule_text, classes="rule")
            yield Input(placeholder=self.placeholder, max_length=40)
            yield Static("Enter: done   Esc: not now", classes="keys")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip() or None)


class KeysScreen(ModalScreen[None]):
    """Every key of the MD2 screen, section by section; Esc or ? closes it."""

    CSS_PATH = "../../tui/dialogs.tcss"
    BINDINGS = [Binding("escape,question_mark,q", "dismiss", "Close")]

    def compose(self) -> ComposeResult:
        lines = []
        for section in SECTIONS:
            keys = [k for k in KEYS if k.section == section]
            lines.append(f"[b]{section}[/b]")
            lines += [f"  {k.shown:<7} {k.description}" for k in keys]
        with Vertical(classes="dialog") as dialog:
            dialog.border_title = "Keys"
            yield Static("\n".join(lines))
            yield Static("Esc or ?: close", classes="keys")


class LogScreen(ModalScreen[None]):
    """The whole log, newest first; Esc or L closes it."""

    CSS_PATH = "../../tui/dialogs.tcss"
    BINDINGS = [Binding("escape,L,q", "dismiss", "Close")]

    def __init__(self, labels: list[str]) -> None:
        super().__init__(classes="decision")
        self.labels = labels

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as dialog:
            dialog.border_title = f"Log: {len(self.labels)} actions, newest first"
            with VerticalScroll():
                yield Static("\n".join(self.labels) or "Nothing yet", markup=False)
            yield Static("Up/Down: scroll   Esc: close", classes="keys")
