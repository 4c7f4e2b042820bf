"""`PickOneScreen`: a decision or a picker with one answer, the rule text shown above it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from consul_app.rules import Choice


class PickOneScreen(ModalScreen[str | None]):
    """Choose one of `choices`; returns its id, or None when put off with Esc."""

    BINDINGS = [
        Binding("escape", "dismiss", "Not now", id="decision.cancel"),
        *[
            Binding(str(n), f"pick({n})", "Choose by its number", show=False, id=f"pick.{n}")
            for n in range(1, 10)
        ],
    ]

    def __init__(self, title: str, text: str, choices: list[Choice]) -> None:
        super().__init__(classes="decision")
        self.title_text = title
        self.rule_text = text
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as dialog:
            dialog.border_title = self.title_text
            yield Static(self.rule_text, classes="rule")
            yield OptionList(*[_option(n, c) for n, c in enumerate(self.choices, 1)])
            yield Static(
                "Up/Down: move   Enter or its number: choose   Esc: not now", classes="keys"
            )

    def action_pick(self, number: int) -> None:
        if 1 <= number <= len(self.choices):
            self.dismiss(self.choices[number - 1].id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)


def _option(number: int, choice: Choice) -> Option:
    prompt = Content.assemble((f"{number}. {choice.name}", "bold"))
    if choice.note:
        prompt = Content("\n").join([prompt, Content(f"   {choice.note}")])
    return Option(prompt, id=choice.id)
