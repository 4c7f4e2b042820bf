"""The help screen: every key of every screen, from their bindings (so it is never stale)."""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

Section = tuple[str, Iterable[BindingType]]
KEYS_WIDTH = 18
"""Where the descriptions start: two cells of indent, the keys padded to 15, one cell apart."""


class HelpScreen(ModalScreen[None]):
    """Lists the keys section by section; Esc, q or ? closes it."""

    CSS_PATH = "../dialogs.tcss"

    BINDINGS = [Binding("escape,q,question_mark", "dismiss", "Close", id="help.close")]

    def __init__(self, sections: list[Section]) -> None:
        super().__init__()
        self.sections = sections

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog") as dialog:
            dialog.border_title = "Keys"
            yield Static(self._text())

    def _text(self) -> Group:
        """Each section: its title, then its keys beside their descriptions (a description
        that wraps stays in its column, clear of the keys)."""
        parts: list[RenderableType] = []
        for title, bindings in self.sections:
            keys = Table.grid(padding=(0, 1))
            keys.add_column(min_width=KEYS_WIDTH - 1, no_wrap=True, style="bold")
            keys.add_column(ratio=1)
            for description, bound in _by_description(bindings).items():
                keys.add_row("  " + " / ".join(self._display(key) for key in bound), description)
            parts += [Text(title, "bold underline"), keys, Text("")]
        parts.append(Text("Esc, q or ? closes this list.", "italic"))
        return Group(*parts)

    def _display(self, key: str) -> str:
        return self.app.get_key_display(Binding(key, ""))


def _by_description(bindings: Iterable[BindingType]) -> dict[str, list[str]]:
    """Keys per description (with its tooltip, where the footer's short description needs
    more words), in order (so "1 / 2 / ... / 9" share one line); a key bound by several dialogs
    alike (Esc: not now) is said once."""
    keys: dict[str, list[str]] = {}
    for binding in bindings:
        assert isinstance(binding, Binding)
        said = binding.description
        shown = keys.setdefault(f"{said}: {binding.tooltip}" if binding.tooltip else said, [])
        shown += [k.strip() for k in binding.key.split(",") if k.strip() not in shown]
    return keys
