"""A saved game as Markdown (the log, turn by turn, for sharing) or JSON (for bug reports).
What a game's Markdown says and its end state in short are the game's (`GameRules`)."""

from __future__ import annotations

from typing import Any

from consul_app.base.shown import shown
from consul_app.session.load import Game
from consul_app.session.timeline import Done

EXPORT_VERSION = 1


def to_markdown(game: Game) -> str:
    """The game's log: setup, then each turn's actions with what they led to, then the result."""
    return game.timeline.rules.markdown(game)


def _action(game: Game, done: Done) -> dict[str, Any]:
    return {
        "line": done.line,
        "label": done.label,
        "action": game.timeline.rules.action_data(done.action),
    }


def to_json(game: Game) -> dict[str, Any]:
    """Everything a bug report needs: setup, actions with labels, the final state."""
    timeline = game.timeline
    rules = timeline.rules
    return {
        "export": "consul-game",
        "version": EXPORT_VERSION,
        "game": rules.game,
        "save": shown(game.path.name),
        "app": game.header.app,
        "created": game.header.created,
        "content_hash": game.header.pack.content_hash,
        "warnings": game.warnings,
        "setup": game.header.setup,
        "actions": [_action(game, d) for d in timeline.done],
        "undone": [_action(game, d) for d in reversed(timeline.undone)],
        "final": rules.final(timeline.state),
        "state": rules.state_data(timeline.state),
    }
