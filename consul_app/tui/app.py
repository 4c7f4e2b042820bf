"""`ConsulApp`: the table-side app. It opens a game (resume, or a new one) and shows the table."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from pathlib import Path

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from consul_app.content import ContentPack
from consul_app.rules import Setup, SetupError
from consul_app.session import SaveError, Session, latest_unfinished, list_saves
from consul_app.session.session import Clock, local_now
from consul_app.tui.screens.help import HelpScreen
from consul_app.tui.screens.new_game import NewGameScreen
from consul_app.tui.screens.pick_many import PickManyScreen
from consul_app.tui.screens.pick_one import PickOneScreen
from consul_app.tui.screens.resume import ResumeScreen
from consul_app.tui.screens.table import TableScreen
from consul_app.tui.widgets.placements import Placements


class ConsulApp(App[None]):
    """Consul at the table. `save` opens (or creates) that journal instead of the saves folder."""

    CSS_PATH = "consul.tcss"
    TITLE = "Consul"
    BINDINGS = [
        Binding("question_mark", "help", "Keys", id="app.help"),
        Binding("n", "new_game", "New game", show=False, id="app.new_game"),
        Binding("o", "saves", "Saved games", show=False, id="app.saves"),
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True, id="app.quit"),
    ]

    def __init__(
        self, content: ContentPack, *, save: Path | None = None, clock: Clock = local_now
    ) -> None:
        super().__init__()
        self.content = content
        self.save_path = save
        self.clock = clock
        self.session: Session | None = None

    def get_key_display(self, binding: Binding) -> str:
        """Keys as printed on a keyboard: "Enter" rather than a symbol."""
        if binding.key == "enter":
            return "Enter"
        return super().get_key_display(binding)

    def on_mount(self) -> None:
        if self.save_path is not None and self.save_path.exists():
            self.resume(self.save_path)
        elif self.save_path is None and latest_unfinished(self.content) is not None:
            self.action_saves()
        else:
            self.action_new_game()

    # -- opening games --------------------------------------------------------------------

    def action_new_game(self) -> None:
        if isinstance(self.screen, NewGameScreen):
            return
        self.push_screen(
            NewGameScreen(self.content, can_cancel=self.session is not None), self._start
        )

    def action_saves(self) -> None:
        if isinstance(self.screen, ResumeScreen):
            return
        saves = list_saves(self.content)
        if not saves:
            self.notify("No saved games yet.")
            return
        self.push_screen(
            ResumeScreen(saves, can_cancel=self.session is not None), self._resume_or_new
        )

    def _resume_or_new(self, path: Path | None) -> None:
        if path is None:
            self.action_new_game()
        else:
            self.resume(path)

    def _start(self, setup: Setup | None) -> None:
        if setup is None:
            return
        path = None if self.save_path is None or self.save_path.exists() else self.save_path
        try:
            session = Session.new(self.content, setup, path=path, clock=self.clock)
        except (SetupError, SaveError) as err:
            self.notify(str(err), title="Cannot start the game", severity="error", timeout=30)
            return
        self.open_table(session)

    def resume(self, path: Path) -> None:
        """Open a saved game; a save that cannot be resumed is named and left untouched."""
        if self.session is not None and self.session.path.resolve() == path.resolve():
            return  # already on the table
        try:
            session = Session.resume(self.content, path)
        except SaveError as err:
            self.notify(
                f"{err}\nThe file is left as it is. Start a new game beside it (n).",
                title="Cannot resume",
                severity="error",
                timeout=30,
            )
            self.action_new_game()
            return
        for warning in session.warnings:
            self.notify(warning, title="Resumed with a warning", severity="warning", timeout=15)
        self.open_table(session)

    def open_table(self, session: Session) -> None:
        """Show `session` on the table screen (closing the game shown before)."""
        if self.session is not None:
            self.session.close()
        self.session = session
        screen = TableScreen(session)
        if isinstance(self.screen, TableScreen):
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def on_unmount(self) -> None:
        if self.session is not None:
            self.session.close()

    # -- help and the command palette -----------------------------------------------------

    def action_help(self) -> None:
        if isinstance(self.screen, HelpScreen):
            return
        self.push_screen(
            HelpScreen(
                [
                    ("At the table", TableScreen.BINDINGS),
                    ("Everywhere", [*self.BINDINGS, Binding("ctrl+p", "", "Command palette")]),
                    ("New game", [*NewGameScreen.BINDINGS, *Placements.BINDINGS]),
                    ("Decisions", [*PickOneScreen.BINDINGS, *PickManyScreen.BINDINGS]),
                    ("Saved games", ResumeScreen.BINDINGS),
                ]
            )
        )

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Every action bound to a key here (Consul's own), then Textual's (theme, ...)."""
        seen: set[str] = set()
        for active in screen.active_bindings.values():
            binding = active.binding
            if binding.description and binding.id and binding.id not in seen:
                seen.add(binding.id)
                yield SystemCommand(
                    binding.description,
                    f"key: {self.get_key_display(binding)}",
                    partial(self.run_action, binding.action, active.node),
                )
        yield from super().get_system_commands(screen)
