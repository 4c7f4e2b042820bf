"""The game interface: all the session layer asks of a game's rules.

The session (journal, undo and redo, checkpoints, history, export, following a save) knows no
game. A game is a `GameKind` (how its content is found, how a save's header becomes its rules)
and, for one save, its `GameRules`: the rules bound to the content and setup the game is played
with. SDE is one game (`consul_app.sde.game`), MD2 the other (`consul_app.md2.game`);
`games.py` finds them by the name a save's header gives.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from consul_app.session.journal import Header
    from consul_app.session.load import Game
    from consul_app.session.session import Session
    from consul_app.session.timeline import Done

State = Any
"""A game's state: a frozen msgspec Struct of that game's rules."""
Action = Any
"""A game's action: a frozen msgspec Struct, tagged in its JSON."""


@dataclass(frozen=True)
class Summary:
    """A save in one line of `consul list` and the start screen."""

    title: str
    """SDE: the dungeon boss; MD2: the heroes."""
    edition: str
    turn: int
    """SDE: the turn (1.0: round); MD2: the round."""
    position: int | None = None
    finished: bool = False


@dataclass(frozen=True)
class Begun:
    """A new game: its bound rules, its first state, what its header records besides the
    setup, and the words its save is named by."""

    rules: GameRules
    initial: State
    name: str
    sources: list[str]
    """The content folders the game is played with (for the header)."""
    header: dict[str, Any] = field(default_factory=dict)


class GameRules(ABC):
    """One game's rules bound to its content and setup: what a save is replayed with.

    `apply` raises the engine's `RuleError` (consul_app.rules.model.errors) with the reason."""

    game: ClassVar[str]
    """The name a save's header gives ("sde", "md2")."""
    pack: Any
    """The content the rules read (SDE: an edition's pack; MD2: its content)."""
    setup: Any

    @abstractmethod
    def content_hash(self) -> str:
        """A hash of the content: a checkpoint's state is used only with the same."""

    @abstractmethod
    def new_state(self) -> State:
        """The first state of the setup; raises `RuleError` if the content cannot play it."""

    @abstractmethod
    def apply(self, state: State, action: Action) -> State: ...

    @abstractmethod
    def label(self, action: Action, before: State) -> str:
        """What the log calls `action`, done in state `before`."""

    @abstractmethod
    def relabel(self, action: Action, written: str) -> str:
        """The label of a journaled action, rebuilt from it (labels are derived data: a
        changed byte in one must not reach the screen); `written` is kept where the label
        depends on the state before, which a resume from a checkpoint does not replay."""

    @abstractmethod
    def action_data(self, action: Action) -> dict[str, Any]: ...

    @abstractmethod
    def read_action(self, data: Any) -> Action:
        """An action from its JSON; raises `msgspec.ValidationError` naming the field."""

    def state_data(self, state: State) -> dict[str, Any]:
        import msgspec

        return msgspec.to_builtins(state)

    @abstractmethod
    def read_state(self, data: Any) -> State | str:
        """A checkpoint's state, or why it may not be used with this content."""

    def missing(self, actions: Sequence[Done]) -> list[str]:
        """Each id the setup or an action names that the content lacks ("relic 'x' (line 7)")."""
        return []

    @abstractmethod
    def turn(self, state: State) -> int:
        """The turn (or round) of `state`, for the history."""

    @abstractmethod
    def summary(self, state: State) -> Summary: ...

    def finished(self, state: State) -> bool:
        return self.summary(state).finished

    @abstractmethod
    def final(self, state: State) -> dict[str, Any]:
        """The end state in short, for the JSON export."""

    @abstractmethod
    def markdown(self, game: Game) -> str:
        """The game's log as Markdown (`consul export`)."""

    def recap(self, session: Session) -> Any:
        """Since your last turn, what happened (SDE's recap); None: nothing to tell."""
        return None

    def story(self, session: Session) -> Any:
        """The game's story so far (SDE's summary screen); None: this game tells none."""
        return None


class GameKind(ABC):
    """A game this Consul plays: how a save of it is started and read back."""

    id: ClassVar[str]
    name: ClassVar[str]

    @abstractmethod
    def content_of(self, content: Any) -> Any:
        """This game's content from what the caller holds (SDE's `ContentPack` or this game's
        own): another game's content is asked of its folders."""

    @abstractmethod
    def begin(self, content: Any, setup: Any) -> Begun:
        """A new game of `setup`; raises the engine's `SetupError` / `RuleError`."""

    @abstractmethod
    def bind(self, content: Any, path: Path, header: Header) -> GameRules:
        """The rules a save is replayed with; `SaveError` (line 1) for a setup they refuse."""
