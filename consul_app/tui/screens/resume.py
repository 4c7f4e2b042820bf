"""The resume screen: the saved games, the latest unfinished one first in line."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from consul_app.session import SaveSummary


class ResumeScreen(Screen[Path | None]):
    """Enter resumes the highlighted game (returns its path); n asks for a new one (None)."""

    BINDINGS = [
        Binding("n", "dismiss(None)", "New game", id="resume.new"),
        Binding("escape", "back", "Back", id="resume.back"),
    ]

    def __init__(self, saves: list[SaveSummary], *, can_cancel: bool = False) -> None:
        super().__init__()
        self.saves = saves
        self.can_cancel = can_cancel

    def compose(self) -> ComposeResult:
        with Vertical(classes="column"):
            yield Static(
                Content.assemble(
                    ("Saved games", "bold"), "   Enter: resume   n: new game   Esc: back"
                ),
                id="resume-title",
            )
            yield OptionList(*[_option(s) for s in self.saves], id="saves")
        yield Footer()

    def on_mount(self) -> None:
        saves = self.query_one(OptionList)
        playable = [n for n, s in enumerate(self.saves) if not s.damaged and not s.finished]
        saves.highlighted = playable[0] if playable else 0
        saves.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        save = self.saves[event.option_index]
        if save.damaged:
            self.notify(save.damaged, title="This save cannot be resumed", severity="error")
            return
        self.dismiss(save.path)

    def action_back(self) -> None:
        if self.can_cancel:
            self.app.pop_screen()


def _option(save: SaveSummary) -> Option:
    if save.damaged:
        return Option(
            Content("\n").join(
                [Content.styled(f"DAMAGED  {save.path.name}", "bold"), Content(save.damaged)]
            )
        )
    where = f" · space {save.position}" if save.position is not None else ""
    state = "FINISHED · " if save.finished else ""
    return Option(
        Content("\n").join(
            [
                Content.styled(f"{state}{save.boss} · {save.edition}", "bold"),
                Content(f"turn {save.turn}{where} · {save.actions} actions · {save.path.name}"),
            ]
        )
    )
