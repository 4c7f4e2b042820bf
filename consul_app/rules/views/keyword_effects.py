"""Keywords whose text changes what the Consul keeps track of, applied to a model's card.

Each effect quotes the keyword's rule in short words; the card view adds its dice with the
keyword as the reason. Keywords that change the relics or the pool act in the engine itself
(`rules.handlers.keywords`); those that depend on the board (tiles, line of sight) stay texts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from consul_app.content.dice import Dice
from consul_app.content.models import DungeonBoss, Entry
from consul_app.content.pack import EditionPack
from consul_app.rules.editions import edition_of
from consul_app.rules.handlers.keywords import has_keyword
from consul_app.rules.model.state import GameState
from consul_app.rules.views.keyword_texts import keyword_text


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
    if has_keyword(names, "Rampage") and edition_of(state).rampage_counts:
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


@dataclass(frozen=True)
class Condition:
    """Dice a keyword adds to a roll only when something on the board holds: shown on that
    roll for the Consul to add at the moment of rolling. `dice` as this card prints them."""

    keyword: str
    dice: str
    when: str
    stats: tuple[str, ...] = ()
    """The stats of the rolls it changes (empty: every offense roll)."""
    melee: bool = False
    """Only melee rolls (range 1)."""
    every_roll: bool = False
    """Defense rolls too (Death Lord: "+1G to all rolls"); else offense rolls only."""

    @property
    def text(self) -> str:
        return f"{self.dice} {self.when} ({self.keyword})"

    def applies(self, stat: str, reach: int | None, purpose: str) -> bool:
        if purpose != "offense" and not (self.every_roll and purpose == "defense"):
            return False
        if self.stats and stat not in self.stats:
            return False
        return not self.melee or (reach or 1) <= 1


CONDITIONS: dict[str, tuple[str, tuple[str, ...], bool]] = {
    "Pile-On": ("if the target has Knockdown", ("STR", "ATT"), False),
    "Frenzy": ("if the target already has a wound", (), False),
    "Bluff": ("while another model is activating", (), False),
    "Fury": ("per wound it has now", (), False),
    "Mob": ("per other Mob model in melee with the target, up to +3B", ("STR", "ATT"), True),
    "Hubris": ("per equipment card the target has equipped", ("STR", "ATT"), True),
    "Territorial": ("per tile it stands on: 1 on the first tile, up to 4 on the fourth", (), False),
    "Despair": ("off the target's defense roll if it is within 2 squares", (), False),
}
"""Keywords that add dice to its offense rolls under a condition: the condition in short words,
the stats of the rolls they change (none: every offense roll), melee only. The dice come from
the keyword's text as the card prints it (Pile-On: +1B on monsters, +1R on The Guth)."""

DICE = re.compile(r"[+-]?\d*(?:ST|B|R|G)\b")


def conditions(
    pack: EditionPack, state: GameState, model: Entry, names: list[str]
) -> list[Condition]:
    """The conditional dice of the keywords among `names` (the model's names now), and those an
    Undead monster gains from a Death Lord of its game."""
    found: list[Condition] = _death_lords(pack, state, model, names)
    for keyword, (when, stats, melee) in CONDITIONS.items():
        name = next((n for n in names if n.lower() == keyword.lower()), None)
        if name is None:
            continue
        dice = DICE.search(keyword_text(pack, name, model.id))
        if dice is None:
            continue
        amount = dice.group(0)
        amount = amount if amount[0] in "+-" else f"+{amount}"
        if keyword == "Despair":
            amount = f"-{amount[1:]}"
        found.append(Condition(keyword, amount, when, stats, melee))
    return found


def _death_lords(
    pack: EditionPack, state: GameState, model: Entry, names: list[str]
) -> list[Condition]:
    """Death Lord: "while a model with Death Lord is in play, all Undead monsters without it
    gain +1G to all rolls" (Nightsong's printing: to all offensive rolls). For an Undead monster
    or mini-boss without it, one line per boss or mini-boss of this game that has it, with that
    card's dice, for the Consul to add while that model is in play."""
    undead = "undead" in (getattr(model, "creature_type", None) or "").lower()
    if not undead or has_keyword(names, "Death Lord") or isinstance(model, DungeonBoss):
        return []
    lords = [pack.dungeon_bosses.get(state.setup.boss)]
    lords += [pack.mini_bosses.get(m) for m in state.setup.mini_bosses]
    found: list[Condition] = []
    for lord in lords:
        if lord is None or lord.id == model.id or not has_keyword(lord.keywords, "Death Lord"):
            continue
        text = keyword_text(pack, "Death Lord", lord.id)
        dice = DICE.search(text)
        if dice is None:
            continue
        every = "offens" not in text.lower()
        when = f"while {lord.name} is in play"
        found.append(
            Condition("Death Lord", f"+{dice.group(0).lstrip('+')}", when, (), False, every)
        )
    return found
