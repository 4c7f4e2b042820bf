"""MD2 as the session layer's game (`consul_app.session.game`): its rules bound to its
content and setup, its save summary and its export."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from consul_app.md2.content import Md2Content
from consul_app.md2.naming import NAME, heroes_name
from consul_app.md2.rules import Md2Setup, Md2State, apply, new_game, read_md2_action
from consul_app.md2.rules import actions as a
from consul_app.md2.rules.labels import label, relabel
from consul_app.md2.rules.views import bombs_by_zone, songs
from consul_app.session.game import Begun, GameKind, GameRules, Summary
from consul_app.session.journal import Header, SaveError, validation_message

if TYPE_CHECKING:
    from consul_app.session.load import Game
    from consul_app.session.timeline import Done

class Md2Rules(GameRules):
    game = "md2"

    def __init__(self, content: Md2Content, setup: Md2Setup) -> None:
        self.pack = content
        self.setup = setup

    def content_hash(self) -> str:
        return content_hash(self.pack)

    def new_state(self) -> Md2State:
        return new_game(self.setup, self.pack)

    def apply(self, state: Md2State, action: a.Md2Action) -> Md2State:
        return apply(self.pack, state, action)

    def label(self, action: a.Md2Action, before: Md2State) -> str:
        return label(self.pack, before, action)

    def relabel(self, action: a.Md2Action, written: str) -> str:
        return relabel(self.pack, action, written)

    def action_data(self, action: a.Md2Action) -> dict[str, Any]:
        return msgspec.to_builtins(action)

    def read_action(self, data: Any) -> a.Md2Action:
        return read_md2_action(data)

    def read_state(self, data: Any) -> Md2State | str:
        try:
            state = msgspec.convert(data, Md2State)
        except msgspec.ValidationError as err:
            return f"cannot be read ({validation_message(err)})"
        known = self.pack.songs
        if state.bard is not None and (lost := [s for s in state.bard.songs if s not in known]):
            return f"names the song {', '.join(map(repr, lost))}, which the content lacks"
        return state

    def missing(self, actions: Sequence[Done]) -> list[str]:
        found = []
        for done in actions:
            match done.action:
                case a.LearnSong(song=song) if song not in self.pack.songs:
                    found.append(f"song {song!r} (line {done.line})")
                case a.SpendGizmo(effect=effect) if effect not in self.pack.gizmo_effects:
                    found.append(f"gizmo effect {effect!r} (line {done.line})")
        return list(dict.fromkeys(found))

    def turn(self, state: Md2State) -> int:
        return state.round

    def summary(self, state: Md2State) -> Summary:
        mode = " campaign" if state.setup.campaign else ""
        return Summary(title=heroes_name(state.setup), edition=f"MD2{mode}", turn=state.round)

    def final(self, state: Md2State) -> dict[str, Any]:
        out: dict[str, Any] = {"round": state.round, "phase": state.phase, "turn": state.turn}
        if (bard := state.bard) is not None:
            out["bard"] = {
                "mana": bard.mana,
                "chords": [c + 1 for c in bard.chords],
                "notes": [f"{n.line}{n.column + 1}" for n in bard.notes],
                "instruments": list(bard.instruments),
                "songs playing": [v.song.name for v in songs(self.pack, bard) if v.plays],
            }
        if (tinkerer := state.tinkerer) is not None:
            out["tinkerer"] = {
                "mana": tinkerer.mana,
                "xp": tinkerer.xp,
                "pool": {"small": tinkerer.small_bombs, "large": tinkerer.large_bombs},
                "placed": {z: dict(n) for z, n in bombs_by_zone(tinkerer.placed).items()},
                "gizmos": list(tinkerer.gizmos),
                "used effects": list(tinkerer.used_effects),
                "exo-armor": list(tinkerer.exo_armor),
                "constructs": list(tinkerer.constructs),
            }
        return out

    def markdown(self, game: Game) -> str:
        from consul_app.md2.export import to_markdown

        return to_markdown(self, game)


def content_hash(content: Md2Content) -> str:
    return _hash(msgspec.json.encode(content))


@cache
def _hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@cache
def bundled() -> Md2Content:
    """The bundled MD2 content (read once per process, from the cache while it fits)."""
    from consul_app.md2.cache import load_md2_cached

    return load_md2_cached()


class Md2(GameKind):
    id = "md2"
    name = NAME

    def content_of(self, content: Any) -> Md2Content:
        return content if isinstance(content, Md2Content) else bundled()

    def begin(self, content: Any, setup: Md2Setup) -> Begun:
        mine = self.content_of(content)
        rules = Md2Rules(mine, setup)
        name = f"md2 {heroes_name(setup)}"
        return Begun(rules, rules.new_state(), name, ["md2"])

    def bind(self, content: Any, path: Path, header: Header) -> Md2Rules:
        try:
            setup = msgspec.convert(header.setup, Md2Setup)
        except (msgspec.ValidationError, ValueError) as err:
            problem = validation_message(err) if isinstance(err, msgspec.ValidationError) else err
            raise SaveError(path, f"the game setup is not valid ({problem})", 1) from None
        return Md2Rules(self.content_of(content), setup)


MD2 = Md2()
