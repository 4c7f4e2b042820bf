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
from consul_app.tui.screens.confirm import fit_height
from consul_app.tui.widgets.marked_list import MarkedList


class PickOneScreen(ModalScreen[str | None]):
    """Choose one of `choices`; returns its id, or None when put off with Esc.

    `unavailable` are listed after them, greyed out, unnumbered and marked by their note (a
    destroyed mini-boss): shown so that the Consul sees why they are not offered."""

    CSS_PATH = "../dialogs.tcss"

    BINDINGS = [
        Binding("escape", "dismiss", "Not now", id="decision.cancel"),
        *[
            Binding(str(n), f"pick({n})", "Choose by its number", show=False, id=f"pick.{n}")
            for n in range(1, 10)
        ],
    ]

    def __init__(
        self, title: str, text: str, choices: list[Choice], unavailable: list[Choice] | None = None
    ) -> None:
        super().__init__(classes="decision")
        self.title_text = title
        self.rule_text = text
        self.choices = choices
        self.unavailable = unavailable or []

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as dialog:
            dialog.border_title = self.title_text
            yield Static(self.rule_text, classes="rule")
            yield MarkedList(
                *[_option(n, c) for n, c in enumerate(self.choices, 1)],
                *[_unavailable(c) for c in self.unavailable],
                titles={c.id: c.name for c in self.choices},
            )
            yield Static(
                "Up/Down or its first letters: move   Enter or its number: choose   Esc: not now",
                classes="keys",
            )

    def on_mount(self) -> None:
        fit_height(self)

    def on_resize(self) -> None:
        fit_height(self)

    def action_pick(self, number: int) -> None:
        if 1 <= number <= len(self.choices):
            self.dismiss(self.choices[number - 1].id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)


def _unavailable(choice: Choice) -> Option:
    prompt = Content.assemble(f"-  {choice.name}", (f"  ({choice.note})", "bold"))
    return Option(prompt, id=f"unavailable:{choice.id}", disabled=True)


def _option(number: int, choice: Choice) -> Option:
    prompt = Content.assemble((f"{number}. {choice.name}", "bold"))
    if choice.note:
        prompt = Content("\n").join([prompt, Content(f"   {choice.note}")])
    return Option(prompt, id=choice.id)
