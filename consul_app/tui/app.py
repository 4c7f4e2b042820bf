"""`ConsulApp`: the table-side app. It opens a game (resume, or a new one) and shows the table.

Start-up is a budget (see DESIGN.md). Started by `consul` (no `content` given), the app reads
the content from its cache when the files have not changed since it was written (a few
milliseconds) and opens its first screen on mount: the first frame is the screen to work with.
Otherwise (the first start, changed content) it draws `LoadingScreen` at once (this module
imports only textual, and that screen needs nothing else); after that first frame a loading
thread loads the content, imports what the opening screen needs and does what it needs done
(list the saves, replay the game to resume); then the app shows that screen. Once the first
screen has settled, a second thread loads the rest (`tui/warm_up.py`) for the first actions.
Both threads are daemons the app never waits for, so ctrl+q quits at once however long loading
takes. Content problems end the app with exit code 2 and `load_error`, which `consul play`
prints. Given a `content` pack (the tests), the app opens its first screen on mount.
"""

from __future__ import annotations

import contextlib
import gc
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from msgspec.structs import replace
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.content import Content
from textual.events import Event, Key
from textual.message import Message
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.theme import Theme
from textual.widgets import Static

from consul_app.tui.crash import Crash, unread_report, write_report
from consul_app.tui.hangup import quit_on_hangup
from consul_app.tui.held_keys import HoldsKeys
from consul_app.tui.opening_games import OpeningGames, sde_saves
from consul_app.tui.preferences import Preferences, load_preferences, save_preferences
from consul_app.tui.screen_css import load_screen_css
from consul_app.tui.textual_compat import own_screen_css, report_crashes
from consul_app.tui.widgets.footer import Footer

if TYPE_CHECKING:
    from consul_app.content import ContentPack
    from consul_app.session import Session
    from consul_app.session.session import Clock

Opening = Callable[[], None]
"""What the app does first once the content is loaded (runs on the app's thread)."""
LAST_KEYS = 40
"""How many of the last keys a crash's report gives."""
WARM_UP_AFTER = 0.5
"""Seconds from the first usable frame to the warm-up (`tui/warm_up.py`): the screen has
settled by then, and nobody presses a key that fast."""



class LoadFailed(Message):
    """Nothing to show: `error` says why (the content's problems, or no game to watch). The
    app (`ConsulApp` or `WatchApp`) exits with code 2, and its command prints `error`."""

    def __init__(self, error: str) -> None:
        super().__init__()
        self.error = error


class LoadingScreen(Screen[None]):
    """The first frame: the app's title bar and footer, and a line saying what is going on."""

    DEFAULT_CSS = """
    LoadingScreen #loading {
        height: 1fr;
        padding: 1 1;
        color: $text-muted;
    }
    """

    def compose(self) -> ComposeResult:
        yield Static(
            Content.assemble(("Consul", "bold"), "   ctrl+q: quit"),
            id="loading-title",
            classes="title-bar",
        )
        yield Static("Loading the content...", id="loading")
        yield Footer()

    def loaded(self) -> None:
        """Under every other screen from now on: say what can be opened, never "Loading"."""
        self.query_one("#loading", Static).update(
            "n: a new game   o: the saved games   ?: every key   ctrl+q: quit"
        )


@report_crashes
@own_screen_css(load_screen_css)  # (a screen's own CSS_PATH parsed alone)
class ConsulApp(OpeningGames, HoldsKeys):
    """Consul at the table. `save` opens (or creates) that journal instead of the saves folder.

    `content`: the pack to play with; None (as `consul` starts it) loads the bundled pack, the
    user's and `content_dirs` in a worker after the first frame.
    """

    CSS_PATH = "consul.tcss"
    TITLE = "Consul"
    BINDINGS = [
        Binding("question_mark", "help", "Keys", id="app.help"),
        Binding("n", "new_game", "New game", show=False, id="app.new_game"),
        Binding("o", "saves", "Saved games", show=False, id="app.saves"),
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True, id="app.quit"),
    ]

    class Loaded(Message):
        """The worker has the content and knows what to open first."""

        def __init__(self, content: ContentPack, opening: Opening) -> None:
            super().__init__()
            self.content = content
            self.opening = opening

    class LoadCrashed(Message):
        """Loading raised what it should not have (a bug): the app fails with it."""

        def __init__(self, error: Exception) -> None:
            super().__init__()
            self.error = error

    def __init__(
        self,
        content: ContentPack | None = None,
        *,
        content_dirs: Sequence[Path] = (),
        save: Path | None = None,
        clock: Clock | None = None,
    ) -> None:
        super().__init__()
        self.animation_level = "none"  # a tab, a scroll: drawn where it ends, in one frame
        self.content = content
        self.content_dirs = list(content_dirs)
        self.save_path = save
        self.new_save = save
        """Where a new game is saved: the save given, until it is found to be one already
        (then, and once a game was started there, None: a new file in the saves folder)."""
        self.clock = clock
        self.session: Session | None = None
        self.preferences = Preferences()
        """The Consul's preferences (read on mount; the theme is saved when it changes)."""
        self.load_error: str | None = None
        """Set when the content could not be loaded (the app then exits with code 2)."""
        self.loader: threading.Thread | None = None
        """The loading thread (started after the first frame when no `content` is given)."""
        self.warmer: threading.Thread | None = None
        """The warm-up thread (started after the loader's first usable frame has settled)."""
        self._freeze_warm_up = False
        self._first: Opening | None = None
        """What opens first, when the content was at hand for the first screen."""
        self.crash: Crash | None = None
        """Set when an error nobody expected ended the app (`consul play` then says so)."""
        self._keys: deque[str] = deque(maxlen=LAST_KEYS)
        """The last keys pressed, for a crash's report."""
        self._unsaid: list[tuple[float, str, str, SeverityLevel]] = []
        """Notices posted while no notice line was shown (time they are due until, message,
        title, severity): the table, whose toasts are hidden, says them when it shows."""

    def get_default_screen(self) -> Screen:
        """With the content at hand (given, or its cache fresh), the first screen to work
        with: the new-game screen or the saved games themselves when one of them is what opens
        (one screen fewer to build before the first frame), else an empty one that the
        opening covers on mount. Without it, the loading screen."""
        if self.content is None:
            from consul_app.content.cache import cached_pack

            self.content = cached_pack(self.content_dirs)
        if self.content is None:
            return LoadingScreen()
        self._first = first = self._opening(self.content)
        if first == self.action_new_game:
            from consul_app.tui.screens.new_game import NewGameScreen

            self._first = _nothing
            return NewGameScreen(self.content, on_start=self._start)
        if isinstance(first, partial) and first.func == self._show_saves:
            from consul_app.tui.screens.resume import ResumeScreen

            self._first = _nothing
            return ResumeScreen(*first.args, on_choice=self._resume_or_new)
        return super().get_default_screen()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Until the content is loaded there is nothing to open: those keys are hidden."""
        return self.content is not None or action not in ("help", "new_game", "saves")

    def get_key_display(self, binding: Binding) -> str:
        """Keys as printed on a keyboard: "Enter" rather than a symbol."""
        if binding.key == "enter":
            return "Enter"
        return super().get_key_display(binding)

    # -- start-up -------------------------------------------------------------------------

    def on_mount(self) -> None:
        quit_on_hangup(self)
        self._apply_preferences()
        if (crashed := unread_report()) is not None:
            self.notify(crashed, title="Crash report", severity="warning", timeout=60)
        if self._first is not None:
            self._open(self._first)
        else:  # after the first frame, so that loading does not hold it up
            self.call_after_refresh(self._start_loading)

    def _apply_preferences(self) -> None:
        """The theme chosen last time; a broken preferences file is named, the defaults used.
        A theme chosen from the palette is kept for next time."""
        from consul_app.base.paths import config_file

        preferences, problem = load_preferences()
        if preferences.theme in self.available_themes:
            self.theme = preferences.theme
        elif problem is None:
            problem = f"{config_file()}: unknown theme {preferences.theme!r}; using the default"
        if problem is not None:
            self.notify(problem, title="Preferences", severity="error", timeout=30)
        self.preferences = preferences
        self.theme_changed_signal.subscribe(self, self._keep_theme)

    def _keep_theme(self, theme: Theme) -> None:
        if theme.name == self.preferences.theme:
            return
        self.preferences = replace(self.preferences, theme=theme.name)
        try:
            save_preferences(self.preferences)
        except OSError as err:
            message = f"cannot save the preferences: {err.strerror or err}"
            self.notify(message, title="Preferences", severity="error", timeout=30)

    def _start_loading(self) -> None:
        """Load in a daemon thread of its own, not a Textual worker: the app (and Python, on
        exit) would wait for a worker thread, so a slow load would keep ctrl+q from quitting."""
        self.loader = threading.Thread(target=self._load, name="consul-load", daemon=True)
        self.loader.start()

    def _load(self) -> None:
        """In the loading thread: load the content, then prepare the first screen."""
        try:
            from consul_app.content import ContentError
            from consul_app.content.cache import load_pack_cached

            try:
                content = load_pack_cached(self.content_dirs)
            except ContentError as err:
                message: Message = LoadFailed(str(err))
            else:
                message = self.Loaded(content, self._opening(content))
        except Exception as err:
            message = self.LoadCrashed(err)
        with contextlib.suppress(RuntimeError):  # the app quit meanwhile: nobody to tell
            self.post_message(message)

    def on_consul_app_load_crashed(self, message: LoadCrashed) -> None:
        raise message.error

    def on_consul_app_loaded(self, message: Loaded) -> None:
        self.content = message.content
        if isinstance(self.screen_stack[0], LoadingScreen):
            self.screen_stack[0].loaded()
        self._open(message.opening)

    def _open(self, opening: Opening) -> None:
        """Show the first screen to work with, and the content's warnings over it."""
        assert self.content is not None
        if not gc.isenabled():
            # `consul play` starts with the cyclic garbage collector off. What is loaded so far
            # (modules, the content) lives as long as the app: freeze it out of collections.
            gc.freeze()
            self._freeze_warm_up = True
        opening()
        for warning in self.content.warnings:
            self.notify(warning, title="Content warning", severity="warning", timeout=15)
        self.call_after_refresh(self._started)

    def _started(self) -> None:
        """After the first usable frame: the garbage collector is back on, and once the screen
        has settled the rest of the app loads behind it."""
        gc.enable()
        self.set_timer(WARM_UP_AFTER, self._start_warm_up)

    def _start_warm_up(self) -> None:
        """In a daemon thread, as the loader (quitting does not wait for it)."""
        self.warmer = threading.Thread(target=self._warm_up, name="consul-warm-up", daemon=True)
        self.warmer.start()

    def _warm_up(self) -> None:
        from consul_app.tui.warm_up import warm_up

        try:
            warm_up()
            if self._freeze_warm_up:  # what it loaded lives as long as the app, too
                gc.freeze()
        except Exception as err:  # a bug: the app fails with it, as with the loader's
            with contextlib.suppress(RuntimeError):
                self.post_message(self.LoadCrashed(err))

    def on_load_failed(self, message: LoadFailed) -> None:
        self.load_error = message.error
        self.exit(return_code=2)

    def _opening(self, content: ContentPack) -> Opening:
        """Do the slow part of opening (list the saves, replay a game) and return the rest:
        what to show. Runs in the loading worker, or on mount when the content was given."""
        from consul_app.session.save_files import save_paths
        from consul_app.tui.screens import new_game  # noqa: F401 (loaded here)

        if self.save_path is not None and self.save_path.exists():
            # the table's modules only when it opens first (else in the warm-up)
            from consul_app.tui.screens import table  # noqa: F401

            self.new_save = None
            session = self._resume_session(content, self.save_path)
            return partial(self._resumed, session, given=True)
        if self.save_path is None and save_paths():  # the saves' modules only if there are some
            from consul_app.session import list_saves
            from consul_app.tui.screens import resume

            saves = sde_saves(list_saves(content))
            if resume.offer_saves(saves):  # also when the game played last is damaged
                return partial(self._show_saves, saves)
        return self.action_new_game

    def on_unmount(self) -> None:
        if self.session is not None and self.crash is None:  # (after a crash: as it was)
            self.session.close()

    # -- a crash costs nothing --------------------------------------------------------------

    async def on_event(self, event: Event) -> None:
        if isinstance(event, Key) and not event.is_forwarded and self._held_keys is None:
            self._keys.append(event.key)  # (once: not as it bubbles back; held: when let go)
        await super().on_event(event)

    def crashed(self, error: Exception) -> None:
        """An error nobody expected (`report_crashes`): its report written, the save left as
        it was, and the words `consul play` says instead of the traceback."""
        if self.crash is None:
            save = self.session.path if self.session is not None else self.save_path
            self.crash = write_report(error, self._keys, save)

    # -- help and the command palette -----------------------------------------------------

    def action_help(self) -> None:
        if self.content is None:
            return  # still loading: the keys come with the screens
        from consul_app.rules import edition
        from consul_app.tui.screens.card import CardScreen
        from consul_app.tui.screens.help import HelpScreen
        from consul_app.tui.screens.history import HistoryScreen
        from consul_app.tui.screens.lookup import LookupScreen
        from consul_app.tui.screens.new_game import NewGameScreen
        from consul_app.tui.screens.pick_many import PickManyScreen
        from consul_app.tui.screens.pick_one import PickOneScreen
        from consul_app.tui.screens.resume import ResumeScreen
        from consul_app.tui.screens.table import TableScreen
        from consul_app.tui.table_bindings import offered
        from consul_app.tui.widgets.placements import Placements

        if isinstance(self.screen, HelpScreen):
            return
        table = self.screen if isinstance(self.screen, TableScreen) else None
        played = None if table is None else edition(table.session.state.setup.edition)
        self.push_screen(
            HelpScreen(
                [
                    ("At the table", TableScreen.keys(self.screen)),
                    ("Everywhere", [*self.BINDINGS, Binding("ctrl+p", "", "Command palette")]),
                    (
                        "New game",
                        offered(
                            [*NewGameScreen.BINDINGS, *Placements.BINDINGS],
                            played,
                        ),
                    ),
                    ("Decisions", [*PickOneScreen.BINDINGS, *PickManyScreen.BINDINGS]),
                    ("A card, the lookup", [*CardScreen.BINDINGS, *LookupScreen.BINDINGS]),
                    ("Saved games", ResumeScreen.BINDINGS),
                    ("History", HistoryScreen.BINDINGS),
                ]
            )
        )

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """A screen with a notice line (the table) shows notices there, on one line, instead of
        over its panes; they are kept as notifications all the same."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)
        from textual.css.query import NoMatches

        from consul_app.tui.widgets.notice_line import NoticeLine

        try:  # (by its id: a query by type walks the whole screen, 0.15 ms at every undo)
            line = self.screen.query_one(f"#{NoticeLine.ID}", NoticeLine)
        except NoMatches:
            if self._toast_read():
                return
            now = time.monotonic()
            due = now + (self.NOTIFICATION_TIMEOUT if timeout is None else timeout)
            self._unsaid = [n for n in self._unsaid if n[0] > now]
            self._unsaid.append((due, message, title, severity))
            return
        line.say(message, title, severity)

    def _toast_read(self) -> bool:
        """A notice's toast is read where it is posted: over a screen the Consul works on
        that is up already. Not while the app opens (the loading or the empty first screen,
        a screen pushed but not yet mounted, as the table whose toasts are hidden): such a
        notice is kept for the table to say (a damaged save's refusal, read over the saved
        games, came again on the table of the new game started after it)."""
        screen = self.screen
        opening = isinstance(screen, LoadingScreen) or type(screen) is Screen
        return screen.is_mounted and not opening

    def unsaid(self) -> list[tuple[str, str, SeverityLevel]]:
        """The notices posted while no notice line was shown and still due (message, title,
        severity), oldest first; each is given once. The table says them as it shows: its
        toasts are hidden, and what the opening posts (the content's and the resume's
        warnings) comes before the table is mounted."""
        now = time.monotonic()
        due = [(text, title, level) for until, text, title, level in self._unsaid if until > now]
        self._unsaid = []
        return due

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Every action bound to a key here (Consul's own), the card of every model of the
        game at the table, then Textual's (theme, ...): each command once, by its title."""
        seen: set[str] = set()
        for active in screen.active_bindings.values():
            binding = active.binding
            if binding.description and binding.id and binding.description.lower() not in seen:
                seen.add(binding.description.lower())
                yield SystemCommand(
                    binding.description,
                    f"key: {self.get_key_display(binding)}",
                    partial(self.run_action, binding.action, active.node),
                )
        if self.session is not None:  # (else the table's module is not loaded yet)
            from consul_app.tui.screens.table import TableScreen

            if isinstance(screen, TableScreen):
                for name, model in screen.card_commands():
                    yield SystemCommand(
                        f"Card: {name}",
                        "its card as it plays now",
                        partial(screen.show_card, model),
                    )
        for command in super().get_system_commands(screen):
            if command.title.lower() not in seen:  # ("Keys", "Quit": ours already)
                seen.add(command.title.lower())
                yield command


def _nothing() -> None:
    """The opening when the first screen is already what opens."""
