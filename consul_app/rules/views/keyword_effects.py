"""Keywords whose text changes what the Consul keeps track of, applied to a model's card.

Each effect quotes the keyword's rule in short words; the card view adds its dice with the
keyword as the reason. Keywords that change the relics or the pool act in the engine itself
(`rules.keywords`); those that depend on the board (tiles, line of sight) stay texts.
"""

from __future__ import annotations

from dataclasses import dataclass

from consul_app.content.dice import Dice
from consul_app.content.models import Entry
from consul_app.content.pack import EditionPack
from consul_app.rules.keywords import has_keyword
from consul_app.rules.state import GameState


@dataclass(frozen=True)
class KeywordEffect:
    """What a keyword does to this card now: `effect` in words; `dice` added to the rolls of
    `stat` (None: every stat) made for `purpose` ("offense"; None: every roll and the stat
    line)."""

    keyword: str
    effect: str
    dice: Dice | None = None
    stat: str | None = None
    purpose: str | None = None

    @property
    def reason(self) -> str:
        return f"{self.keyword}: {self.effect}"

    def applies(self, stat: str, purpose: str) -> bool:
        return (self.stat is None or self.stat == stat) and (
            self.purpose is None or self.purpose == purpose
        )


def keyword_effects(
    pack: EditionPack, state: GameState, model: Entry, names: list[str]
) -> list[KeywordEffect]:
    """The bookkeeping keywords among `names` (the model's keywords and abilities now)."""
    effects: list[KeywordEffect] = []
    if has_keyword(names, "Mighty"):
        effects.append(KeywordEffect("Mighty", "doubles every bonus gained from the chart"))
    if has_keyword(names, "Rampage") and state.setup.edition == "sde2":
        destroyed = sum(1 for p in state.spawning_points if p.status == "destroyed")
        effects.append(
            KeywordEffect(
                "Rampage",
                f"+1B on offense per spawning point destroyed this game ({destroyed})",
                Dice(blue=destroyed) if destroyed else None,
                purpose="offense",
            )
        )
    if has_keyword(names, "The Consul's Wrath"):  # (2.0: from a relic, e.g. Dark Crystal)
        effects.append(
            KeywordEffect(
                "The Consul's Wrath", "+1R on every offense roll", Dice(red=1), purpose="offense"
            )
        )
    ghost = any(n.lower() == "ghost" for n in names)  # (not "Ghost Charge")
    caller = _spirit_caller(pack, state) if ghost else None
    if caller is not None:  # (2.0: from a relic, Burial Kimono)
        effects.append(
            KeywordEffect(
                "Spirit Call",
                f"+1B on every roll of a Ghost while {caller} is in play",
                Dice(blue=1),
            )
        )
    if has_keyword(names, "Trophies"):
        ghostflames = sum(
            n for m, n in state.board.items() if "ghostflame" in _name(pack, m).lower()
        )
        effects.append(
            KeywordEffect(
                "Trophies",
                f"+1ST ARM per Ghostflame in play ({ghostflames})",
                Dice(stars=ghostflames) if ghostflames else None,
                stat="ARM",
            )
        )
    return effects


def _spirit_caller(pack: EditionPack, state: GameState) -> str | None:
    """The model in play with Spirit Call ("while this model is in play, every Ghost model gets
    +1B on all rolls"): the boss (its card or a relic), the mini-boss, a monster on the board."""
    boss = pack.dungeon_bosses.get(state.setup.boss)
    if boss is not None and state.boss.spawned and not state.boss.defeated:
        relics = [pack.relics[r] for r in state.boss.relics if r in pack.relics]
        if has_keyword(boss.keywords, "Spirit Call"):
            return boss.name
        for relic in relics:
            if has_keyword(relic.keywords, "Spirit Call"):
                return f"{boss.name} (relic {relic.name})"
    mini = pack.mini_bosses.get(state.mini_boss.id) if state.mini_boss is not None else None
    if mini is not None and has_keyword(mini.keywords, "Spirit Call"):
        return mini.name
    for monster_id, count in state.board.items():
        monster = pack.monsters.get(monster_id)
        if count and monster is not None and has_keyword(monster.keywords, "Spirit Call"):
            return monster.name
    return None


def _name(pack: EditionPack, monster_id: str) -> str:
    monster = pack.monsters.get(monster_id)
    return monster.name if monster is not None else monster_id
