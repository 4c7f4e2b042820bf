"""The history screen: every action of the game by turn, newest first; the state just after
the highlighted one beside it; "undo to here" (confirmed first, journaled as undos)."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from consul_app.rules import Recap, edition
from consul_app.session import SaveError, Session
from consul_app.tui.screens.confirm import ConfirmScreen
from consul_app.tui.widgets.footer import Footer
from consul_app.tui.widgets.marked_list import MarkedList
from consul_app.tui.widgets.moment import moment

START = "The game begins"


class HistoryScreen(Screen[list[str]]):
    """Returns the labels taken back by "undo to here" (newest first; none: nothing undone)."""

    DEFAULT_CSS = """
    HistoryScreen #history-body {
        height: 1fr;
    }
    HistoryScreen #history-list {
        width: 1fr;
        height: 1fr;
    }
    HistoryScreen #history-side {
        width: 1fr;
        height: 1fr;
        padding: 0 1;
        border-left: solid $primary;
    }
    """

    BINDINGS = [
        Binding("escape,H", "back", "Back", id="history.back"),
        Binding("u", "undo_to_here", "Undo to here", id="history.undo_to"),
        Binding("t", "recap", "Since your last turn", id="history.recap"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.entries = session.entries()

    def compose(self) -> ComposeResult:
        count = len(self.entries)
        yield Static(
            f"History: {count} actions, newest first. Beside them: the game just after the "
            "highlighted one.",
            id="history-title",
            classes="title-bar",
        )
        with Horizontal(id="history-body"):
            yield MarkedList(*self._options(), id="history-list")
            with VerticalScroll(id="history-side"):
                yield Static(id="history-moment")
        yield Footer()

    def _options(self) -> list[Option]:
        word = edition(self.session.state.setup.edition).words.turn
        options: list[Option] = []
        turn = None
        for entry in reversed(self.entries):
            if entry.turn != turn:
                turn = entry.turn
                options.append(Option(Text(f"{word} {turn}", "bold underline"), disabled=True))
            options.append(Option(f"{entry.index}. {entry.label}", id=str(entry.index)))
        options.append(Option(Text("Start", "bold underline"), disabled=True))
        options.append(Option(f"0. {START}", id="0"))
        return options

    def on_mount(self) -> None:
        history = self.query_one(MarkedList)
        history.highlighted = history.get_option_index(str(len(self.entries)))
        history.focus()

    def chosen(self) -> int:
        """How many actions are in effect just after the highlighted one."""
        history = self.query_one(MarkedList)
        option = history.highlighted_option
        return int(option.id) if option is not None and option.id else len(self.entries)

    def _label(self, count: int) -> str:
        return START if count == 0 else f"{count}. {self.entries[count - 1].label}"

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        count = self.chosen()
        state = self.session.state_at(count)
        now = "  (now)" if count == len(self.entries) else ""
        head = Text(f"Just after {self._label(count)}{now}", "bold reverse")
        self._side(Group(head, Text(""), moment(self.session.pack, state)))

    def _side(self, body: Group) -> None:
        self.query_one("#history-moment", Static).update(body)

    def action_recap(self) -> None:
        """Since your last turn: the recap of the last finished phase."""
        self._side(recap_text(self.session.recap()))

    def action_undo_to_here(self) -> None:
        count = self.chosen()
        later = len(self.entries) - count
        if later == 0:
            self.notify("That is where the game stands: nothing to undo.")
            return
        text = (
            f"Take back the {later} actions after {self._label(count)}? Each is saved as an "
            "undo, so redo (r) brings them back one by one."
        )

        def confirmed(yes: bool | None) -> None:
            if yes:
                self._undo_to(count)

        self.app.push_screen(ConfirmScreen("Undo to here", text, "take them back"), confirmed)

    def _undo_to(self, count: int) -> None:
        try:
            labels = self.session.undo_to(count)
        except SaveError as err:
            self.notify(str(err), title="Cannot save the game", severity="error", timeout=60)
            self.dismiss([])  # the table then shows what the save holds
            return
        self.dismiss(labels)

    def action_back(self) -> None:
        self.dismiss([])


def recap_text(recap: Recap | None) -> Group:
    """A recap as a title and one line per thing the phase did."""
    if recap is None:
        return Group(Text("No turn has ended yet: nothing to recap.", "italic"))
    return Group(Text(recap.title, "bold"), *[Text(f"- {line}") for line in recap.lines])


def undo_notice(labels: list[str]) -> str:
    """Several undos in one line: "6 actions: <newest> ... <oldest>" (shown after "Undone: ")."""
    if len(labels) == 1:
        return labels[0]
    return f"{len(labels)} actions: {labels[0]} ... {labels[-1]}"
