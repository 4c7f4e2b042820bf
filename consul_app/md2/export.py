"""An MD2 game as Markdown: the setup, each round's actions, the dashboards at the end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from consul_app.base.shown import shown
from consul_app.md2.rules.state import Md2State

if TYPE_CHECKING:
    from consul_app.md2.game import Md2Rules
    from consul_app.session.load import Game


def to_markdown(rules: Md2Rules, game: Game) -> str:
    from consul_app.md2.naming import NAME, heroes_name

    state: Md2State = game.timeline.initial
    setup = state.setup
    started = game.header.created or "at an unknown time"
    out = [
        f"# {NAME}: {heroes_name(setup)}",
        "",
        f"- Save: `{shown(game.path.name)}`, started {started}",
        f"- Campaign mode: {'on' if setup.campaign else 'off'}",
    ]
    where = None
    for done in game.timeline.done:
        if (state.round, state.phase) != where:
            where = state.round, state.phase
            out += ["", f"## Round {state.round}, {state.phase} phase", ""]
        out.append(f"- {done.label}")
        state = rules.apply(state, done.action)
    out += ["", "## At the end", ""]
    for key, value in rules.final(state).items():
        if isinstance(value, dict):
            out.append(f"- {key.capitalize()}:")
            out += [f"  - {k}: {_text(v)}" for k, v in value.items()]
        else:
            out.append(f"- {key.capitalize()}: {_text(value)}")
    return "\n".join(out) + "\n"


def _text(value: object) -> str:
    if isinstance(value, list):
        return ", ".join(map(str, value)) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_text(v)}" for k, v in value.items()) or "none"
    return "none" if value is None else str(value)
