"""The actions in effect, the redo stack, and the state they lead to.

Undo rebuilds the state by replay from the nearest snapshot; one is kept every
`SNAPSHOT_EVERY` actions, so an undo costs at most that many `apply` calls whatever the
length of the game (measured: ~40 us per action, so ~1 ms).
"""

from __future__ import annotations

from dataclasses import dataclass

from consul_app.content import EditionPack
from consul_app.rules import Action, GameState, apply

SNAPSHOT_EVERY = 32


@dataclass(frozen=True)
class Done:
    """An action as journaled: its label, and the journal line it came from (None: this run)."""

    action: Action
    label: str
    line: int | None = None


class Timeline:
    """`done` (oldest first) leads from the initial state to `state`; `undone` is the redo
    stack (the next redo last)."""

    def __init__(self, pack: EditionPack, initial: GameState) -> None:
        self.pack = pack
        self.done: list[Done] = []
        self.undone: list[Done] = []
        self.state = initial
        self._snapshots = [initial]  # _snapshots[k]: the state after k * SNAPSHOT_EVERY actions

    @property
    def initial(self) -> GameState:
        return self._snapshots[0]

    def do(self, done: Done, state: GameState) -> None:
        """Record a new action, already applied (`state` is its result); clears the redo stack."""
        self._push(done, state)
        self.undone.clear()

    def redo(self, state: GameState) -> Done:
        """Move the next undone action back into effect (`state` is its result)."""
        done = self.undone.pop()
        self._push(done, state)
        return done

    def undo(self) -> Done:
        """Take the last action out of effect, onto the redo stack."""
        done = self.done.pop()
        self.undone.append(done)
        kept = len(self.done) // SNAPSHOT_EVERY
        del self._snapshots[kept + 1 :]
        state = self._snapshots[kept]
        for later in self.done[kept * SNAPSHOT_EVERY :]:
            state = apply(self.pack, state, later.action)
        self.state = state
        return done

    def state_at(self, count: int) -> GameState:
        """The state after the first `count` actions in effect (replayed from the nearest
        snapshot). Raises IndexError outside 0..len(done)."""
        if not 0 <= count <= len(self.done):
            raise IndexError(f"{count} actions: the game has {len(self.done)}")
        kept = min(count // SNAPSHOT_EVERY, len(self._snapshots) - 1)
        state = self._snapshots[kept]
        for later in self.done[kept * SNAPSHOT_EVERY : count]:
            state = apply(self.pack, state, later.action)
        return state

    def _push(self, done: Done, state: GameState) -> None:
        self.done.append(done)
        self.state = state
        if len(self.done) % SNAPSHOT_EVERY == 0:
            self._snapshots.append(state)
