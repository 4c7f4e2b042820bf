"""What the panes render: the content, the state and the journal's labels, read-only."""

from __future__ import annotations

from dataclasses import dataclass, field

from consul_app.content import EditionPack
from consul_app.rules import GameState


@dataclass(frozen=True)
class TableView:
    """One moment of a game, as every pane of the table screen renders it."""

    pack: EditionPack
    state: GameState
    history: list[str] = field(default_factory=list)
    """The labels of the actions in effect, newest first."""
