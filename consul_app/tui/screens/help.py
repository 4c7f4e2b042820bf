"""The help screen: every key of every screen, from their bindings (so it is never stale)."""

from __future__ import annotations

from collections.abc import Iterable

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

Section = tuple[str, Iterable[BindingType]]


class HelpScreen(ModalScreen[None]):
    """Lists the keys section by section; Esc, q or ? closes it."""

    BINDINGS = [Binding("escape,q,question_mark", "dismiss", "Close", id="help.close")]

    def __init__(self, sections: list[Section]) -> None:
        super().__init__()
        self.sections = sections

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog") as dialog:
            dialog.border_title = "Keys"
            yield Static(self._text())

    def _text(self) -> Content:
        lines: list[Content] = []
        for title, bindings in self.sections:
            lines.append(Content.styled(title, "bold underline"))
            for description, keys in _by_description(bindings).items():
                shown = " / ".join(self._display(key) for key in keys)
                lines.append(Content.assemble((f"  {shown:<16}", "bold"), description))
            lines.append(Content(""))
        lines.append(Content.styled("Esc, q or ? closes this list.", "italic"))
        return Content("\n").join(lines)

    def _display(self, key: str) -> str:
        return self.app.get_key_display(Binding(key, ""))


def _by_description(bindings: Iterable[BindingType]) -> dict[str, list[str]]:
    """Keys per description, in order (so "1 / 2 / ... / 9" share one line)."""
    keys: dict[str, list[str]] = {}
    for binding in bindings:
        assert isinstance(binding, Binding)
        keys.setdefault(binding.description, []).extend(k.strip() for k in binding.key.split(","))
    return keys
