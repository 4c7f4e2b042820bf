"""`PickManyScreen`: a decision with up to `limit` answers (the boss's relics)."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from consul_app.rules import Choice
from consul_app.tui.screens.confirm import fit_height
from consul_app.tui.widgets.tick_list import TickList

Check = Callable[[list[str]], tuple[str, str | None]]
"""What the ticked ids come to (the relics: the equipment slots they take) and the engine's
reason to refuse them (None: accepted)."""


class PickManyScreen(ModalScreen[list[str] | None]):
    """Tick up to `limit` of `choices`; Enter returns the ticked ids, Esc puts it off. With a
    `check`, what the ticks come to is shown as they change, and a refused answer is not
    returned: the engine's reason is shown instead."""

    CSS_PATH = "../dialogs.tcss"

    BINDINGS = [
        Binding("enter", "done", "Done", priority=True, id="decision.done"),
        Binding("escape", "dismiss", "Not now", id="decision.cancel"),
    ]

    def __init__(
        self, title: str, text: str, choices: list[Choice], limit: int, check: Check | None = None
    ) -> None:
        super().__init__(classes="decision")
        self.title_text = title
        self.rule_text = text
        self.choices = choices
        self.limit = limit
        self.check = check

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as dialog:
            dialog.border_title = self.title_text
            yield Static(self.rule_text, classes="rule")
            yield TickList(
                [(c.id, _text(c)) for c in self.choices],
                titles={c.id: c.name for c in self.choices},
            )
            yield Static(classes="count")
            yield Static(
                "Up/Down: move   Space: tick or untick   Enter: done   Esc: not now",
                classes="keys",
            )

    def on_mount(self) -> None:
        fit_height(self)
        self._count()

    def on_resize(self) -> None:
        fit_height(self)

    def on_tick_list_changed(self) -> None:
        self._count()

    def _count(self) -> None:
        ticked = self.query_one(TickList).ticked
        over = len(ticked) - self.limit
        head = f"Ticked {len(ticked)} of up to {self.limit}"
        if over > 0:
            head += f": untick {over}"
        lines = [Content.styled(head, "bold")]
        summary, refused = self._checked(ticked)
        if summary:
            lines.append(Content(f"Slots taken: {summary}"))
        if refused:
            lines.append(Content.styled(f"Not allowed: {refused}", "bold reverse"))
        self.query_one(".count", Static).update(Content("\n").join(lines))

    def _checked(self, ticked: list[str]) -> tuple[str, str | None]:
        """What the ticks come to and why they are refused (the engine's reason; without a
        `check`, only too many)."""
        summary, refused = self.check(ticked) if self.check is not None else ("", None)
        over = len(ticked) - self.limit
        if over > 0 and refused is None:
            refused = f"at most {self.limit} may be ticked"
        return summary, refused

    def action_done(self) -> None:
        ticked = self.query_one(TickList).ticked
        refused = self._checked(ticked)[1]
        if refused:
            over = len(ticked) - self.limit
            untick = f" Untick {over}." if over > 0 else ""
            self.notify(f"{refused}.{untick}", title="Not allowed", severity="warning")
            return
        self.dismiss(ticked)


def _text(choice: Choice) -> Content:
    name = Content.styled(choice.name, "bold")
    # (the note goes on under the name: `TickList` hangs a row's next lines there)
    return Content("\n").join([name, Content(choice.note)]) if choice.note else name
