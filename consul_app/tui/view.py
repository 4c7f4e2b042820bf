"""What the panes render: the content, the state, its steps and the journal's labels."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from consul_app.content import EditionPack
from consul_app.rules import (
    BossStatus,
    EndTurn,
    GameState,
    PoolLine,
    Recap,
    Step,
    boss_status,
    pool,
    power_up_steps,
    refusal,
)


@dataclass(frozen=True)
class TableView:
    """One moment of a game, as every pane of the table screen renders it."""

    pack: EditionPack
    state: GameState
    history: Sequence[str] = field(default_factory=list)
    """The labels of the actions in effect, newest first (read as far as they are shown)."""
    recap: Recap | None = None
    """Since your last turn: shown in the steps pane until a key is pressed."""

    @cached_property
    def steps(self) -> list[Step]:
        """The engine's steps for this moment."""
        return power_up_steps(self.pack, self.state)

    @cached_property
    def current(self) -> Step | None:
        """The step to do now, if any."""
        return next((s for s in self.steps if s.current), None)

    @cached_property
    def boss(self) -> BossStatus:
        """The dungeon boss's card as it stands."""
        return boss_status(self.pack, self.state)

    @cached_property
    def end_turn_refused(self) -> str | None:
        """Why the engine refuses to end the turn now (None: it would end it)."""
        return refusal(self.pack, self.state, EndTurn())

    @cached_property
    def pool(self) -> list[PoolLine]:
        """The spawning pool's lines: what may spawn now, and why not."""
        return pool(self.pack, self.state)
