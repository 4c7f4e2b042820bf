"""Opening games: a new game (its setup screen), the saved games, resuming one (or saying why
it cannot be, and offering to watch it), a save's name taken, and the table for a session.
A mixin of `ConsulApp`."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from consul_app.base.shown import shown

if TYPE_CHECKING:
    from consul_app.content import ContentPack
    from consul_app.rules import Setup
    from consul_app.session import SaveError, SaveSummary, Session



def sde_saves(saves: list[SaveSummary]) -> list[SaveSummary]:
    """The saves this table plays: SDE's (another game's are played by its own command, `consul
    md2`; a damaged one may be of any game, so it is listed with what is wrong with it)."""
    return [s for s in saves if s.game == "sde" or s.damaged]

class OpeningGames:
    """How `ConsulApp` opens games (mixed into it)."""

    def action_new_game(self) -> None:
        self._new_game()

    def _new_game(self, setup: Setup | None = None) -> None:
        """The new-game screen, filled in with `setup` if given (a start that failed)."""
        from consul_app.tui.screens.new_game import NewGameScreen

        if isinstance(self.screen, NewGameScreen):
            if setup is not None:  # the first screen, which made it: not dismissed
                self.screen.start_again(setup)
            return
        if self.content is None:
            return
        screen = NewGameScreen(self.content, can_cancel=self.session is not None)
        if setup is not None:
            screen.setup = setup
        self.push_screen(screen, self._start)

    def action_saves(self) -> None:
        from consul_app.session import list_saves

        if self.content is None:
            return
        saves = sde_saves(list_saves(self.content))
        if not saves:
            self.notify("No saved games yet.")
            return
        self._show_saves(saves)

    def _show_saves(self, saves: list[SaveSummary]) -> None:
        from consul_app.tui.screens.resume import ResumeScreen

        if isinstance(self.screen, ResumeScreen):
            return
        self.push_screen(
            ResumeScreen(saves, can_cancel=self.session is not None), self._resume_or_new
        )

    def _resume_or_new(self, path: Path | None) -> None:
        if path is None:
            self.action_new_game()
        else:
            self.resume(path)

    def _start(self, setup: Setup | None, *, say_where: bool = False) -> None:
        from consul_app.rules import SetupError
        from consul_app.session import SaveError, Session

        if setup is None or self.content is None:
            return
        path = self.new_save
        clock = {} if self.clock is None else {"clock": self.clock}
        try:
            session = Session.new(self.content, setup, path=path, **clock)
        except SetupError as err:
            self.notify(str(err), title="Cannot start the game", severity="error", timeout=30)
            return
        except SaveError as err:
            if path is not None and path.exists():  # another Consul made it since we started
                self._save_taken(err, setup)
                return
            self.notify(  # the new-game screen again: fix the folder, Enter to retry
                f"{err}\n{self._how_to_save()} Your choices are kept: Enter on each page "
                "tries again.",
                title="Cannot save a new game",
                severity="error",
                timeout=60,
            )
            self._new_game(setup)
            return
        self.new_save = None  # (a game is saved there now: the next new one goes elsewhere)
        if say_where or (self.save_path is not None and session.path != self.save_path):
            self.notify(f"saved as {shown(session.path)}", title="A new game")
        self.open_table(session)

    def _how_to_save(self) -> str:
        """What makes a new game savable, as the app was started (with `--save` or not)."""
        if self.new_save is not None:
            return (
                "Make that folder writable (or free some space), or quit (ctrl+q) and start "
                "Consul again with --save in a folder you can write (or without it: the saves "
                "folder)."
            )
        return (
            "Make that folder writable (or free some space), set CONSUL_DATA_DIR to a folder "
            "you can write, or start Consul with --save and a new file's path."
        )

    def _save_taken(self, refusal: SaveError, setup: Setup) -> None:
        """The save this new game was to go to has become a game meanwhile (another Consul
        started one there, and may still have it open): say so, and save it nowhere else
        unless asked."""
        from consul_app.base.paths import saves_dir
        from consul_app.rules import Choice
        from consul_app.session import SaveLocked
        from consul_app.tui.screens.pick_one import PickOneScreen

        first = (
            Choice("watch", "Watch it, read-only")
            if isinstance(refusal, SaveLocked)
            else Choice("resume", "Play the game saved there", "your choices here are dropped")
        )
        choices = [
            first,
            Choice("folder", "Save this new game in the saves folder", str(saves_dir())),
        ]
        self.push_screen(
            PickOneScreen(
                "This game cannot be saved there",
                f"{refusal}\nThis new game is saved nowhere else unless you choose so "
                "(Esc: back to its choices).",
                choices,
            ),
            partial(self._taken_answered, refusal.path, setup),
        )

    def _taken_answered(self, path: Path, setup: Setup, choice: str | None) -> None:
        if choice == "watch":
            self.watch(path)
        elif choice == "resume":
            self.new_save = None
            self.resume(path)
        elif choice == "folder":
            self.new_save = None
            self._start(setup, say_where=True)
        else:
            self._new_game(setup)

    def resume(self, path: Path) -> None:
        """Open a saved game; a save that cannot be resumed is named and left untouched."""
        if self.content is None:
            return
        shown = self.session
        if shown is not None and shown.path.resolve() == path.resolve():
            if shown.failed is None:
                return  # already on the table
            shown.close()  # it writes no more since a write failed: read the save anew
        self._resumed(self._resume_session(self.content, path))

    @staticmethod
    def _resume_session(content: ContentPack, path: Path) -> Session | SaveError:
        from consul_app.session import SaveError, Session

        try:
            return Session.resume(content, path)
        except SaveError as err:
            return err

    def _resumed(self, session: Session | SaveError, *, given: bool = False) -> None:
        """Show the game resumed, with its warnings on the table's notice line; or say why it
        cannot be. `given`: the save `consul play --save` named, which cannot be resumed, is
        explained on a screen of its own (a notification would go unnoticed or time out)."""
        from consul_app.session import SaveError, SaveLocked, SaveReadOnly

        if isinstance(session, SaveLocked | SaveReadOnly):
            self._offer_to_watch(session)
            return
        if isinstance(session, SaveError) and given:
            self._show_given_damaged(session)
            return
        if isinstance(session, SaveError):
            self.notify(
                f"{session}\nThe file is left as it is. Start a new game beside it (n).",
                title="Cannot resume",
                severity="error",
                timeout=30,
            )
            self.action_new_game()
            return
        self.open_table(session)
        for warning in session.warnings:  # (once it is the screen: said on its notice line)
            from consul_app.tui.screens.resume import without_path  # (only for a warning)

            self.notify(
                without_path(warning, session.path),
                title="Resumed with a warning",
                severity="warning",
                timeout=15,
            )

    def _show_given_damaged(self, refusal: SaveError) -> None:
        """The save given is listed alone, damaged: why, that it is left as it is, and where
        a new game goes (`n`) instead."""
        from datetime import datetime

        from consul_app.session import SaveSummary
        from consul_app.tui.screens.resume import ResumeScreen

        try:
            modified = datetime.fromtimestamp(refusal.path.stat().st_mtime).astimezone()
        except OSError:
            modified = datetime.now().astimezone()
        damaged = SaveSummary(refusal.path, modified, damaged=str(refusal))
        self.push_screen(ResumeScreen([damaged], given=True), self._resume_or_new)

    def _offer_to_watch(self, refusal: SaveError) -> None:
        """A save another Consul plays (or this account may not write) can still be watched."""
        from consul_app.base.paths import saves_dir
        from consul_app.rules import Choice
        from consul_app.tui.screens.pick_one import PickOneScreen

        where = (
            f"saved as {shown(self.new_save)}"
            if self.new_save
            else f"saved in {shown(saves_dir())}"
        )
        choices = [Choice("watch", "Watch it, read-only"), Choice("new", "Start a new game", where)]
        self.push_screen(
            PickOneScreen("This game cannot be played here", str(refusal), choices),
            partial(self._watch_or_new, refusal.path),
        )

    def _watch_or_new(self, path: Path, choice: str | None) -> None:
        if choice == "watch":
            self.watch(path)
        elif self.session is None:
            self.action_new_game()

    def watch(self, path: Path) -> None:
        """Follow `path` read-only on the watch screen (nothing is written to it)."""
        from consul_app.session.follow import Follower
        from consul_app.tui.screens.watch import WatchScreen

        assert self.content is not None
        follower = Follower(self.content, path)
        follower.poll()
        if follower.game is None:
            self.notify(str(follower.problem), title="Cannot watch", severity="error", timeout=30)
            return
        self.push_screen(WatchScreen(follower))

    def open_table(self, session: Session) -> None:
        """Show `session` on the table screen (closing the game shown before)."""
        from consul_app.tui.screens.table import TableScreen

        if self.session is not None:
            self.session.close()
        self.session = session
        screen = TableScreen(session)
        if isinstance(self.screen, TableScreen):
            self.switch_screen(screen)
        else:
            self.push_screen(screen)
