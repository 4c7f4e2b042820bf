"""The resume screen: the saved games, the latest unfinished one first in line.

A damaged save is listed with what is wrong with it, and is never written to: Enter on it says
so, `n` starts a new game beside it. When the game played last is damaged, a line on top says
so (that is why the list opened at start-up). A save named with `--save` that cannot be resumed
is listed alone, said the same way, with where a new game goes instead. A save that resumes
with a warning (its last line cut short, dropped) says so under its name."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from consul_app.base.paths import saves_dir
from consul_app.base.shown import shown
from consul_app.rules.editions import EDITIONS
from consul_app.rules.editions.words import SDE2 as SDE2_WORDS
from consul_app.session import SaveSummary
from consul_app.tui.widgets.footer import Footer
from consul_app.tui.widgets.marked_list import MarkedList

LEFT_AS_IT_IS = "Its file is left as it is. n: start a new game beside it."


def offer_saves(saves: list[SaveSummary]) -> bool:
    """Open the saved games at start-up: a game can be resumed, or the one played last is
    damaged (the Consul must hear what is wrong with it rather than find a blank new game)."""
    return any(not s.damaged and not s.finished for s in saves) or bool(saves and saves[0].damaged)


class ResumeScreen(Screen[Path | None]):
    """Enter resumes the highlighted game (returns its path); n asks for a new one (None).
    `given`: the one save is the one `--save` named, damaged. As the app's first screen
    (which cannot be dismissed), it gives the answer to `on_choice`."""

    BINDINGS = [
        Binding("n", "choose(None)", "New game", id="resume.new"),
        Binding("escape", "back", "Back", id="resume.back"),
    ]

    def __init__(
        self,
        saves: list[SaveSummary],
        *,
        can_cancel: bool = False,
        given: bool = False,
        on_choice: Callable[[Path | None], None] | None = None,
    ) -> None:
        super().__init__()
        self.saves = saves
        self.can_cancel = can_cancel
        self.given = given
        self.on_choice = on_choice
        self.left_as_it_is = (
            f"Its file is left as it is. n: start a new game (saved in {saves_dir()}, not in "
            "this file)."
            if given
            else LEFT_AS_IT_IS
        )

    def compose(self) -> ComposeResult:
        back = "   Esc: back" if self.can_cancel else ""
        enter = "" if self.given else "   Enter: resume"  # (the one save given cannot be)
        with Vertical(classes="column"):
            yield Static(
                Content.assemble(("Saved games", "bold"), f"{enter}   n: new game{back}"),
                id="resume-title",
                classes="title-bar",
            )
            if self.saves and self.saves[0].damaged:
                yield Static(
                    Content.assemble(
                        (
                            "This save cannot be resumed: "
                            if self.given
                            else "The game played last cannot be resumed: ",
                            "bold",
                        ),
                        damage(self.saves[0]),
                        f"\n{self.left_as_it_is}",
                    ),
                    id="damaged",
                )
            # the game to resume marked in text too (`>`), from the first frame on
            yield MarkedList(*[_option(s) for s in self.saves], id="saves", marked=self.first)
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Esc goes back only to a game on the table (none at start-up)."""
        return self.can_cancel if action == "back" else True

    @property
    def first(self) -> int:
        """The row highlighted at first: the latest game that can be resumed."""
        playable = [n for n, s in enumerate(self.saves) if not s.damaged and not s.finished]
        return playable[0] if playable else 0

    def on_mount(self) -> None:
        saves = self.query_one(OptionList)
        saves.highlighted = self.first
        saves.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        save = self.saves[event.option_index]
        if save.damaged:
            self.notify(
                f"{damage(save)}\n{self.left_as_it_is}",
                title=f"{shown(save.path.name)} cannot be resumed",
                severity="error",
                timeout=15,
            )
            return
        self.action_choose(save.path)

    def action_choose(self, path: Path | None) -> None:
        """The game to resume (None: a new one)."""
        if self.on_choice is not None:
            self.on_choice(path)
        else:
            self.dismiss(path)

    def action_back(self) -> None:
        if self.can_cancel:
            self.app.pop_screen()


def damage(save: SaveSummary) -> str:
    """What is wrong with a damaged save, without its folder (the list names the file)."""
    return without_path(save.damaged or "", save.path)


def without_path(text: str, path: Path) -> str:
    """A save's message without the save's name in front (the screen says which game)."""
    for prefix in (f"{shown(path)}, ", f"{shown(path)}: "):
        if text.startswith(prefix):
            return text[len(prefix) :]
    return text


def _shorten(text: str, limit: int = 90) -> str:
    """One line of a long reason in the list (Enter on it shows it whole)."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _option(save: SaveSummary) -> Option:
    if save.damaged:
        return Option(
            Content("\n").join(
                [
                    Content.styled(f"DAMAGED: cannot be resumed · {shown(save.path.name)}", "bold"),
                    Content(_shorten(damage(save))),
                ]
            )
        )
    played = EDITIONS.get(save.edition or "")
    said = played.words if played else SDE2_WORDS
    where = ""
    if save.position is not None:
        where = f" · {said.place} {save.position}" if save.position else " · START"
    if save.gauge is not None:
        where = f" · {said.chart.lower()} {save.gauge}"
    turn = said.turn.lower()
    name = played.name if played else save.edition
    state = "FINISHED · " if save.finished else ""
    warnings = [Content(f"! {_shorten(without_path(w, save.path))}") for w in save.warnings]
    return Option(
        Content("\n").join(
            [
                Content.styled(f"{state}{save.boss} · {name}", "bold"),
                Content(
                    f"{turn} {save.turn}{where} · {save.actions} actions · {shown(save.path.name)}"
                ),
                *warnings,
            ]
        )
    )
