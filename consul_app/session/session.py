"""`Session`: one game on screen and its journal on disk.

Every change (an action, an undo, a redo) is computed, then journaled (written and fsynced),
and only then becomes the state: returned and passed to the listener.

With `overlap=True` (`dispatch`, `undo`, `redo`) the line is written and its fsync runs on the
journal's thread while the caller goes on (the table computes its panes meanwhile); the change
is returned at once, and `settle()` waits for the fsync, then passes the state to the listener.
The caller must `settle()` before it shows the change (and before anything else of the
session is used for writing: the next change settles the one before first). A failed fsync
then ends as it would have in the call itself: the game read back from the file, the save let
go of, `SaveError` raised by `settle()`.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from datetime import date, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, NoReturn

import msgspec

from consul_app import __version__
from consul_app.base.paths import saves_dir
from consul_app.base.shown import shown
from consul_app.rules.model.errors import RuleError
from consul_app.session import checkpoint
from consul_app.session.game import Action, GameRules
from consul_app.session.games import game_kind
from consul_app.session.history import Entry, entries, replay
from consul_app.session.journal import Do, Header, JournalWriter, PackRef, Redo, SaveError, Undo
from consul_app.session.load import Game, load_game
from consul_app.session.lock import SaveLock, SaveReadOnly
from consul_app.session.naming import save_names
from consul_app.session.timeline import Done, Labels, Timeline

APP = f"consul-app {__version__}"
RESUME = "; resume it to go on"
GameState = Any
"""A state of the game's rules (`GameRules`)."""
Listener = Callable[[GameState], None]
Clock = Callable[[], datetime]


class PastUnreadable(RuleError):
    """An undo or redo that would need a damaged line from before the checkpoint the game was
    resumed from: refused before anything is written, as a move the rules refuse."""


def local_now() -> datetime:
    return datetime.now().astimezone()


def _try_create(path: Path, header: Header) -> tuple[JournalWriter, SaveLock] | None:
    """A new journal at `path` and its lock, taken before the file has that name (no other
    Consul can open it unlocked); None if the name is taken."""
    locks: list[SaveLock] = []
    try:
        writer = JournalWriter.create(
            path, header, claim=lambda file: locks.append(SaveLock(path, file=file))
        )
    except OSError as err:
        for lock in locks:
            lock.release()
        if isinstance(err, FileExistsError):
            return None
        if isinstance(err, NotADirectoryError):  # (the OS says "Not a directory": which?)
            file = next((p for p in path.parents if p.exists() and not p.is_dir()), path.parent)
            problem = f"cannot create the save: {file} is a file, not a folder"
            raise SaveError(path, problem) from None
        raise SaveError(path, f"cannot create the save ({err.strerror})") from None
    lock = locks[0]
    lock.tell()
    return writer, lock


def _create(
    header: Header, path: Path | None, day: date, boss: str
) -> tuple[JournalWriter, SaveLock]:
    """A new journal (and its lock) at `path`, or in the saves folder named by date and boss.
    A `path` taken raises `SaveLocked` if another Consul has it open (it may have just made
    it), else `SaveError`: a game is never saved anywhere else than asked."""
    if path is None:
        folder = saves_dir()
        try:  # first, so that a name taken is the only reason to try the next one
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            why = "not a folder" if folder.exists() else err.strerror
            raise SaveError(folder, f"cannot keep saves there ({why})") from None
        names = save_names(folder, day, boss)
        return next(made for made in (_try_create(name, header) for name in names) if made)
    made = _try_create(path, header)
    if made is None:
        SaveLock.check(path)
        raise SaveError(path, "a save already exists there; resume it instead")
    return made


class Session:
    """A game in play. Use `Session.new` or `Session.resume`; `close` it when done."""

    def __init__(
        self,
        game: Game,
        writer: JournalWriter,
        lock: SaveLock,
        listener: Listener | None = None,
        *,
        content: Any = None,
    ) -> None:
        self.path = game.path
        self.warnings = game.warnings
        """What the Consul should be told on resume (a dropped torn line, changed content)."""
        self.listener = listener
        self.failed: SaveError | None = None
        """Set once a write failed: the session then writes no more (resume the save)."""
        self._timeline = game.timeline
        self._writer = writer
        self._lock = lock
        """Held while the game is open: one writer per save."""
        self._content_hash = game.timeline.rules.content_hash()
        self._content = content
        """To read the save back after a failed write."""
        self._unsettled = False
        """A change made with `overlap=True` whose fsync `settle` has not waited for yet."""

    @classmethod
    def new(
        cls,
        content: Any,
        setup: Any,
        *,
        path: Path | None = None,
        clock: Clock = local_now,
        listener: Listener | None = None,
        game: str = "sde",
    ) -> Session:
        """Start a game of `game` (`games.py`) and its journal (`path`, else a new file in the
        saves folder). `content`: SDE's `ContentPack`, or the game's own. Raises `SetupError`
        for a setup the rules refuse, `SaveError` if it cannot be saved (`SaveLocked` if
        another Consul has `path` open)."""
        kind = game_kind(game)
        begun = kind.begin(content, setup)
        now = clock()
        header = Header(
            game=game,
            app=APP,
            created=now.isoformat(timespec="seconds"),
            pack=PackRef(sources=begun.sources, content_hash=begun.rules.content_hash()),
            setup=msgspec.to_builtins(setup),
            **begun.header,
        )
        writer, lock = _create(header, path, now.date(), begun.name)
        timeline = Timeline(begun.rules, begun.initial)
        made = Game(writer.path, header, timeline, [], torn=False)
        return cls(made, writer, lock, listener, content=content)

    @classmethod
    def resume(cls, content: Any, path: Path, *, listener: Listener | None = None) -> Session:
        """Replay a saved game and keep appending to it. Raises `SaveError` (naming the file and
        line) if it cannot be resumed, `SaveLocked` if another Consul plays it, `SaveReadOnly` if
        it may not be written (both may be watched instead); the file is then left as it was.
        The lock comes first, so that nobody appends while it is read."""
        lock = SaveLock(path)
        try:
            game = load_game(content, path)
            if not os.access(path, os.W_OK):
                raise SaveReadOnly(path)
            writer = JournalWriter(
                path,
                game.key,
                torn=game.torn,
                entries=game.entries,
                lines=game.lines,
                running=game.chain,
                since=game.since,
            )
        except BaseException:
            lock.release()
            raise
        return cls(game, writer, lock, listener, content=content)

    @property
    def rules(self) -> GameRules:
        """The game's rules, bound to its content and setup."""
        return self._timeline.rules

    @property
    def timeline(self) -> Timeline:
        """The actions in effect, the redo stack and the states they lead to (read only:
        every change goes through `dispatch`, `undo` and `redo`)."""
        return self._timeline

    @property
    def pack(self) -> Any:
        """The content the game's rules read (SDE: the edition's pack, for the rules' views)."""
        return self._timeline.pack

    @property
    def state(self) -> GameState:
        return self._timeline.state

    @property
    def history(self) -> Labels:
        """Labels of the actions in effect, newest first (the log pane); read only as far as
        they are looked at."""
        return Labels(self._timeline.done)

    @property
    def actions(self) -> list[Done]:
        """The actions in effect, oldest first."""
        return list(self._timeline.done)

    def states(self) -> list[GameState]:
        """Every state of the game by replay: [0] the start, [n] after the n-th action."""
        initial = self._timeline.initial
        return [initial, *replay(self.rules, initial, [d.action for d in self._timeline.done])]

    def entries(self) -> list[Entry]:
        """The actions in effect with the turn each was done in, oldest first."""
        done = self._timeline.done
        return entries(self.rules, self.states(), [d.label for d in done], [d.action for d in done])

    def state_at(self, count: int) -> GameState:
        """The state just after the first `count` actions in effect (0: the start)."""
        return self._timeline.state_at(count)

    def recap(self) -> Any:
        """Since your last turn, what happened (the game's: SDE's `Recap`, or None)."""
        return self.rules.recap(self)

    def story(self) -> Any:
        """The game's story so far (the game's: SDE's `Story`, or None)."""
        return self.rules.story(self)

    @property
    def can_undo(self) -> bool:
        return bool(self._timeline.done)

    @property
    def can_redo(self) -> bool:
        return bool(self._timeline.undone)

    @property
    def undo_label(self) -> str | None:
        """What `undo` would take back ("Boss takes 2 wounds"), or None."""
        top = self._timeline.done.top()
        return None if top is None else top.label

    @property
    def redo_label(self) -> str | None:
        top = self._timeline.undone.top()
        return None if top is None else top.label

    def dispatch(self, action: Action, *, overlap: bool = False) -> GameState:
        """Apply, journal, publish. Raises `RuleError` (nothing is written) if the rules forbid
        it, `SaveError` if it cannot be saved (the state is then what the file holds, see
        `_append`). `overlap`: return before the fsync; `settle()` publishes (module doc)."""
        self.settle()
        rules = self.rules
        state = rules.apply(self.state, action)
        label = rules.label(action, self.state)
        self._append(Do(action=rules.action_data(action), label=label), overlap)
        self._timeline.do(self._writer.entries, Done(action, label), state)
        self._done(overlap)
        return self.state

    def undo(self, *, overlap: bool = False) -> str | None:
        """Take back the last action; return its label (None: nothing to undo). `overlap`: as
        in `dispatch`."""
        self.settle()
        if not self.can_undo:
            return None
        self._reachable(len(self._timeline.done) - 1)
        self._append(Undo(), overlap)
        label = self._timeline.undo().label
        self._done(overlap)
        return label

    def undo_to(self, count: int) -> list[str]:
        """Undo until `count` actions are in effect, each undo journaled (so redo brings them
        back one by one); the labels taken back, newest first. Raises IndexError outside
        0..len(actions)."""
        self.settle()
        if not 0 <= count <= len(self._timeline.done):
            raise IndexError(f"{count} actions: the game has {len(self._timeline.done)}")
        self._reachable(count)
        labels = []
        while len(self._timeline.done) > count:
            self._append(Undo())
            labels.append(self._timeline.undo().label)
            self._journaled()
        if labels:
            self._publish()
        return labels

    def redo(self, *, overlap: bool = False) -> str | None:
        """Do the last undone action again; return its label (None: nothing to redo).
        `overlap`: as in `dispatch`."""
        self.settle()
        if not self.can_redo:
            return None
        try:
            redone = self._timeline.undone.top()
        except SaveError as err:
            raise PastUnreadable(f"cannot redo it: {err}") from None
        assert redone is not None
        state = self.rules.apply(self.state, redone.action)
        self._append(Redo(), overlap)
        label = self._timeline.redo(state).label
        self._done(overlap)
        return label

    def _reachable(self, count: int) -> None:
        """Refuse an undo down to `count` actions (`PastUnreadable`, nothing written) if the
        entries it takes back, or the state it goes back to, cannot be read from the save."""
        try:
            self._timeline.done[count:]
            self._timeline.state_at(count)
        except SaveError as err:
            raise PastUnreadable(f"cannot undo further back: {err}") from None

    def settle(self) -> None:
        """Wait for the fsync of the change made with `overlap=True` (none: return at once),
        then publish it. If the fsync failed: what a failed write does in `dispatch` (the state
        becomes what the file holds, the save is let go of), and `SaveError`."""
        if not self._unsettled:
            return
        self._unsettled = False
        try:
            self._writer.settle()
        except SaveError as err:
            self._give_up(err)
        self._done(overlap=False)

    def _done(self, overlap: bool) -> None:
        """A change is in the timeline: publish it once its fsync returned (now, or `settle`)."""
        if overlap:
            self._unsettled = True
            return
        self._journaled()
        self._publish()

    def _append(self, op: Do | Undo | Redo, overlap: bool = False) -> None:
        """Journal one entry. After a failed write this session writes no more, so it lets go
        of the save: resuming it (here or in another Consul) is how to go on.

        A failed write or fsync may still have left the entry in the file (written, not
        flushed) or part of it (a torn line). Only the file knows, so the game is read back
        from it: the state becomes exactly what a resume would show, and the SaveError says
        how many actions the save holds."""
        if self.failed is not None:
            raise SaveError(self.path, "closed after a failed write; resume the save to go on")
        if self._writer.since >= checkpoint.CHECKPOINT_EVERY:  # one due when the app stopped
            self._write_checkpoint()
        try:
            self._writer.append(op, overlap=overlap)
        except SaveError as err:
            self._give_up(err)

    def _give_up(self, err: SaveError) -> NoReturn:
        """After a failed write or fsync: let go of the save, read the game back, say so."""
        self._lock.release()
        self.failed = self._read_back(err)
        self._publish()
        raise self.failed from None

    def _read_back(self, err: SaveError) -> SaveError:
        """Make the state what the file holds after a failed write; the error, saying so."""
        message = str(err).removeprefix(f"{shown(self.path)}: ").removesuffix(RESUME)
        try:
            if self._content is None:
                raise SaveError(self.path, "the content it was played with is not at hand")
            game = load_game(self._content, self.path)
        except SaveError as unread:
            return SaveError(
                self.path,
                f"{message}. It cannot be read back either ({unread}): the table shows the game "
                f"before this action, which the save may or may not hold{RESUME}",
            )
        self._timeline = game.timeline
        done = game.timeline.done
        held = f"{len(done)} action{'s' if len(done) != 1 else ''}"
        last = f", the last: {done[-1].label!r}" if done else ""
        return SaveError(
            self.path,
            f"{message}. The save holds {held}{last}; the table shows exactly those{RESUME}",
        )

    def _publish(self) -> GameState:
        if self.listener is not None:
            self.listener(self.state)
        return self.state

    def _journaled(self) -> None:
        """One more entry: every so many entries of the journal, a checkpoint follows (a
        resume starts there)."""
        if self._writer.since >= checkpoint.CHECKPOINT_EVERY:
            self._write_checkpoint()

    def _write_checkpoint(self) -> None:
        # only a cache: the entries are saved; if the disk refuses, the next entry says so
        with contextlib.suppress(SaveError):
            self._writer.append_checkpoint(self._checkpoint)

    def _checkpoint(self) -> dict[str, object]:
        """The game's fields of a checkpoint line: its sizes, not its entries, so that its
        size does not grow with the game (see checkpoint.py)."""
        timeline = self._timeline
        return {
            "content_hash": self._content_hash,
            "done": len(timeline.done),
            "undone": len(timeline.undone),
            "state": self.rules.state_data(timeline.state),
        }

    def close(self) -> None:
        """Close the journal and let go of the save; a game that moved on since its last
        checkpoint gets one (so the saves list reads it without a replay). A change made with
        `overlap=True` is settled first: `SaveError` if its fsync failed."""
        self.settle()
        if self.failed is None and self._writer.since >= checkpoint.CLOSE_AFTER:
            self._write_checkpoint()
        self._writer.close()
        self._lock.release()

    def __enter__(self) -> Session:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
