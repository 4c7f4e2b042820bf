"""SDE as the session layer's game: the rules bound to an edition's pack and a setup."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from consul_app.content import ContentPack, EditionPack
from consul_app.content.models import Chart
from consul_app.rules import (
    Action,
    AddStatus,
    AdvanceGauge,
    GameState,
    Setup,
    Wound,
    action_data,
    apply,
    describe,
    new_game,
    read_action,
)
from consul_app.rules.editions import edition
from consul_app.rules.views.describe import gauge_full_label, wound_endings
from consul_app.sde.compat import missing_ids, state_missing
from consul_app.sde.ended import finished
from consul_app.session.game import Begun, GameKind, GameRules, Summary
from consul_app.session.journal import Header, SaveError, validation_message
from consul_app.session.load import Game
from consul_app.session.timeline import Done

if TYPE_CHECKING:
    from consul_app.rules import Recap, Story
    from consul_app.session.session import Session


class SdeRules(GameRules):
    game = "sde"

    def __init__(self, pack: EditionPack, setup: Setup) -> None:
        self.pack = pack
        self.setup = setup

    def content_hash(self) -> str:
        return self.pack.content_hash()

    def new_state(self) -> GameState:
        return new_game(self.pack, self.setup)

    def apply(self, state: GameState, action: Action) -> GameState:
        return apply(self.pack, state, action)

    def label(self, action: Action, before: GameState) -> str:
        return describe(self.pack, action, before)

    def relabel(self, action: Action, written: str) -> str:
        """The rebuilt label; the written one only when it is that, or that with the ending a
        hit that destroys its model adds, or the ending a status effect its model is immune to
        adds, or a power gauge move that filled the gauge (what it really moved)."""
        pack = self.pack
        played = edition(self.setup.edition)  # (its words: an edition may play another's pack)
        label = describe(pack, action, played=played)
        endings = wound_endings(pack, action, played) if isinstance(action, Wound) else [""]
        if isinstance(action, AddStatus):
            names = [*(s.name for s in pack.status_effects.values()), "Status Effects"]
            endings += [f": removed at once (Immune: {name})" for name in names]
        kept = {label + ending for ending in endings}
        if isinstance(action, AdvanceGauge):
            kept |= {gauge_full_label(n, action.squares) for n in range(1, action.squares + 1)}
        return written if written in kept else label

    def action_data(self, action: Action) -> dict[str, Any]:
        return action_data(action)

    def read_action(self, data: Any) -> Action:
        return read_action(data)

    def read_state(self, data: Any) -> GameState | str:
        try:
            state = msgspec.convert(data, GameState)
        except msgspec.ValidationError as err:
            return f"cannot be read ({validation_message(err)})"
        if missing := state_missing(self.pack, state):
            return f"names {', '.join(missing)}, which the content lacks"
        return state

    def missing(self, actions: Sequence[Done]) -> list[str]:
        return missing_ids(self.pack, self.setup, list(actions))

    def turn(self, state: GameState) -> int:
        return state.turn

    def summary(self, state: GameState) -> Summary:
        boss = self.pack.dungeon_bosses.get(state.setup.boss)
        return Summary(
            title=boss.name if boss else state.setup.boss,
            edition=state.setup.edition,
            turn=state.turn,
            position=state.position if state.chart else None,
            finished=finished(state),
        )

    def finished(self, state: GameState) -> bool:
        return finished(state)

    def final(self, state: GameState) -> dict[str, Any]:
        from consul_app.sde.export import final_summary

        return final_summary(self.pack, state)

    def markdown(self, game: Game) -> str:
        from consul_app.sde.export import to_markdown

        return to_markdown(game)

    def recap(self, session: Session) -> Recap | None:
        from consul_app.sde.recap import session_recap

        return session_recap(session)

    def story(self, session: Session) -> Story:
        from consul_app.sde.recap import session_story

        return session_story(session)


def started_with(pack: EditionPack, header: Header) -> EditionPack:
    """`pack` with the chart the game started with, as its header recorded it: a chart
    corrected since is for new games; this one keeps its own."""
    if header.chart is None:
        return pack
    try:
        chart = msgspec.convert(header.chart, Chart)
    except msgspec.ValidationError:
        return pack  # written by another version: the content's chart will do
    if pack.charts.get(chart.id) == chart:
        return pack
    return msgspec.structs.replace(pack, charts={**pack.charts, chart.id: chart})


class Sde(GameKind):
    id = "sde"
    name = "Super Dungeon Explore"

    def content_of(self, content: Any) -> ContentPack:
        if not isinstance(content, ContentPack):
            raise TypeError("an SDE game needs the SDE content (a ContentPack)")
        return content

    def begin(self, content: Any, setup: Setup) -> Begun:
        pack = edition(setup.edition).pack(self.content_of(content))
        initial = new_game(pack, setup)
        chart = msgspec.to_builtins(pack.charts[initial.chart]) if initial.chart else None
        name = pack.dungeon_bosses[setup.boss].name
        sources = self.content_of(content).sources
        return Begun(SdeRules(pack, setup), initial, name, sources, {"chart": chart})

    def bind(self, content: Any, path: Path, header: Header) -> SdeRules:
        try:
            setup = msgspec.convert(header.setup, Setup)
        except msgspec.ValidationError as err:
            problem = validation_message(err)
            raise SaveError(path, f"the game setup is not valid ({problem})", 1) from None
        pack = started_with(edition(setup.edition).pack(self.content_of(content)), header)
        return SdeRules(pack, setup)


SDE = Sde()
