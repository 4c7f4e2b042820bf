"""Following a save that another Consul plays: the watcher's side of "one writer, many watchers".

A `Follower` only reads: it never writes, locks or repairs the save. `poll()` costs one `stat`
while the file is unchanged; when it changed, the save is read and replayed again with the
same reader as resume (`load_game`), so undo, redo, a torn last line and anything a later
journal holds are read exactly as the playing app reads them. If the save becomes unreadable
or is replaced by another file, the last good game stays and `problem` says why.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from consul_app.content import ContentPack
from consul_app.session.journal import SaveError
from consul_app.session.load import Game, load_game
from consul_app.session.timeline import Done, Stack


@dataclass(frozen=True)
class Stamp:
    """What `stat` says of the save: enough to see that it changed or was replaced."""

    device: int
    inode: int
    size: int
    modified: int

    @classmethod
    def of(cls, path: Path) -> Stamp | None:
        """The save's stamp, or None if it is gone."""
        try:
            st = os.stat(path)
        except OSError:
            return None
        return cls(st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def what_changed(before: Stack, after: Stack) -> str | None:
    """In words, how the actions in effect went from `before` to `after` (two reads of one
    journal): "Undone: Boss takes a wound", "Boss takes a wound", "3 actions, the last: ...".
    Only the entries that differ are read."""
    same = before.shared(after)
    parts = []
    if undone := before[same:]:
        parts.append(_actions("Undone: ", undone))
    if done := after[same:]:
        parts.append(_actions("", done))
    return "; then ".join(parts) or None


def _actions(prefix: str, actions: list[Done]) -> str:
    if len(actions) == 1:
        return f"{prefix}{actions[0].label}"
    return f"{prefix}{len(actions)} actions, the last: {actions[-1].label}"


class Follower:
    """The latest readable state of one save, read again whenever the file changes."""

    def __init__(self, content: ContentPack, path: Path) -> None:
        self.content = content
        self.path = path
        self.game: Game | None = None
        """The last good read (None until the first)."""
        self.problem: str | None = None
        """Why `game` may not be what the save holds now (None: it is)."""
        self.last: str | None = None
        """What changed at the last new state ("Undone: ..."); None at the first read."""
        self._stamp: Stamp | None = None
        self._good: Stamp | None = None

    def poll(self) -> bool:
        """Look at the save; True if there is something new to show (a state or a problem)."""
        stamp = Stamp.of(self.path)
        if stamp is not None and stamp == self._stamp:
            return False
        self._stamp = stamp
        good = self._good
        if stamp is None:
            return self._trouble("the save is gone (moved or deleted)")
        if good is not None and (stamp.device, stamp.inode) != (good.device, good.inode):
            return self._trouble("the save was replaced by another file")
        if good is not None and stamp.size < good.size:
            return self._trouble("the save got shorter: it is no longer the game being played")
        try:
            game = load_game(self.content, self.path)
        except SaveError as err:
            return self._trouble(f"the save cannot be read now: {err}")
        if self.game is not None and game.header != self.game.header:
            return self._trouble("the save was replaced by another game")
        if self.game is not None:
            self.last = what_changed(self.game.timeline.done, game.timeline.done) or self.last
        self.game, self._good, self.problem = game, stamp, None
        return True

    def _trouble(self, problem: str) -> bool:
        """Keep the last good game; say why it may be out of date."""
        changed = problem != self.problem
        self.problem = problem
        return changed
