"""A model's whole card as it plays now: its stat line, each roll it makes with the dice that
apply to that roll and a reason for every added die, its keywords and abilities with their
texts, and what it gained (chart bonuses; the dungeon boss: its relics, never chart bonuses).

Which bonus goes to which roll (rules: "Dice bonuses add a die to monsters' offense rolls or
defense rolls"):
- an offense bonus goes to the roll of each offensive action, whatever stat that action rolls;
  a support action's roll ("WILL vs WILL" on a support ability) is not an offense roll and gets
  none (our reading, see README "Where the rules leave room");
- a defense bonus goes to every stat the model may defend with: ARM, DEX and WILL (each the card
  prints), and any other stat it defends basic attacks with;
- a bonus that names a stat (Bonus ARM, +1R STR) goes to every roll of that stat;
- Mighty doubles every dice bonus gained from the chart; keyword effects live in `keyword_effects`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from consul_app.content.dice import Dice
from consul_app.content.models import (
    DICE_STATS,
    Ability,
    Attack,
    DungeonBoss,
    MiniBoss,
    Monster,
    Relic,
    SpawningPoint,
)
from consul_app.content.pack import EditionPack
from consul_app.rules.bonus_views import BonusLine, StatLine, monster_bonuses
from consul_app.rules.errors import RuleError
from consul_app.rules.names import bits_name
from consul_app.rules.state import GameState
from consul_app.rules.views.keyword_effects import KeywordEffect, keyword_effects
from consul_app.rules.views.texts import ability_entry, ability_text, keyword_text

Purpose = Literal["offense", "defense", "support", "stat"]
"""What a roll is made for: an offensive or a support action, a defense, or the stat line."""
CardKind = Literal["monster", "pet", "spawning point", "mini-boss", "dungeon boss"]
DEFENSE_STATS = ("ARM", "DEX", "WILL")
BASIC_ATTACK_NAMES = {
    "STR": "Melee attack",
    "ATT": "Melee attack",
    "DEX": "Missile attack",
    "WILL": "Magic attack",
}
OWN_DICE = "the ability's own dice"
CAUSES_STATUS = "It causes this when it wounds with an offensive action."
BOSS_NOTES = {
    "sde2": "The dungeon boss gains no Mighty Monster bonus; its relics apply.",
    "forgotten-king": "The dungeon boss gains no bonus from the ladder.",
    "classic": "SDE 1.0 has no Mighty Monster bonuses; the boss's treasure applies.",
}
"""What the boss's card says about bonuses: 2.0 relics, 1.0 treasure, Forgotten King neither."""


@dataclass(frozen=True)
class Added:
    """Dice (or a number) added to a figure, and why: `text` reads
    "+1ST: chart space 2, Bonus Offensive Rolls, doubled by Mighty"."""

    dice: Dice | None
    number: int | None
    reason: str

    @property
    def text(self) -> str:
        amount = f"+{self.dice}" if self.dice is not None else f"{self.number:+d}"
        return f"{amount}: {self.reason}"


@dataclass(frozen=True)
class RollView:
    """One roll the model makes: `stat` rolled, printed `base` (None: not on the card, rolls
    only what is added), the dice `added` with reasons, the `total`, and `text` "WILL 3R +1ST"."""

    stat: str
    base: Dice | None
    added: list[Added]
    total: Dice
    text: str


@dataclass(frozen=True)
class StatFigure:
    """A figure of the stat line (MOVE, AP, STR, ARM, WILL, DEX, ATT) as printed and as it is now
    (relic modifiers and stat-named chart bonuses applied): `text` "MOVE 6 +4" or "STR 2R +1R"."""

    stat: str
    base: str
    added: list[Added]
    text: str


@dataclass(frozen=True)
class CardAction:
    """An action on the card: a basic attack or an ability that costs AP. `roll` is the final
    dice the acting model rolls (None: it rolls nothing); `against` the stat the target rolls."""

    name: str
    basic: bool
    type: Literal["offense", "support"]
    ap: int | None
    range: int | None
    rolls: str | None
    against: str | None
    roll: RollView | None
    text: str
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Trait:
    """A keyword or ability with its short text; `source` says where it comes from ("card",
    "chart space 4, Bonus Massive Damage", "relic Bleak Crest")."""

    name: str
    kind: Literal["keyword", "ability", "status effect"]
    text: str
    source: str = "card"


@dataclass(frozen=True)
class RelicView:
    id: str
    name: str
    slot: str
    effect: str
    modifiers: list[str]


@dataclass(frozen=True)
class CardView:
    """Everything on a model's card, as it plays now. `stats` is the stat line; `actions` its
    basic attacks and abilities that cost AP; `defense` one roll per stat it may defend with
    (`defends_basic`: the stat(s) it rolls against basic attacks); `keywords`/`abilities` as
    printed, with text; `gained`: keywords, abilities and status effects it gained (chart bonuses
    or relics) and the keyword effects the engine applies; `relics` (dungeon boss)."""

    id: str
    name: str
    kind: CardKind
    rank: str
    bits: str
    skull_points: int | None
    hearts: int
    move: int | None
    ap: int | None
    base: str
    stats: list[StatFigure]
    actions: list[CardAction]
    defense: list[RollView]
    defends_basic: list[str]
    keywords: list[Trait]
    abilities: list[Trait]
    gained: list[Trait]
    bonuses: list[BonusLine]
    relics: list[RelicView]
    effects: list[KeywordEffect]
    notes: list[str]


Card = Monster | MiniBoss | DungeonBoss | SpawningPoint


def card(pack: EditionPack, state: GameState, model_id: str) -> CardView:
    """The card of a monster, pet, spawning point, mini-boss or dungeon boss of the pack (or of
    a pet the setup names without a card: only what it gained). Unknown ids raise `RuleError`."""
    model, kind = _find(pack, state, model_id)
    if model is None:
        return _cardless_pet(pack, state, model_id)
    is_boss = kind == "dungeon boss"
    relics = _relics(pack, state, model_id) if is_boss else []
    lines = [] if kind == "spawning point" else monster_bonuses(pack, state, model_id)
    names = _all_names(model, lines, relics)
    effects = keyword_effects(pack, state, model, names)
    mighty = any(e.keyword == "Mighty" for e in effects)
    adds = _Adds(lines, relics, effects, mighty)
    stats = _stat_line(model, adds, relics)
    move = _number(model.stats.move, "MOVE", relics)
    ap = _number(model.stats.ap, "AP", relics)
    hearts = _number(model.hearts, "HEARTS", relics) or model.hearts
    actions = _actions(pack, model, adds)
    defends = list(model.defends_with) or ["ARM"]
    defense_stats = [s for s in DEFENSE_STATS if getattr(model.stats, s) is not None]
    defense_stats += [s for s in defends if s not in defense_stats]
    defense = [adds.roll(s, getattr(model.stats, s), "defense") for s in defense_stats]
    notes = _notes(state, kind, model, actions)
    return CardView(
        id=model.id,
        name=model.name,
        kind=kind,
        rank=_rank(model, kind),
        bits=bits_name(getattr(model, "bits", "")) if kind != "spawning point" else "",
        skull_points=getattr(model, "skull_points", None),
        hearts=hearts,
        move=move,
        ap=ap,
        base=model.base,
        stats=stats,
        actions=actions,
        defense=defense,
        defends_basic=defends,
        keywords=[Trait(k, "keyword", keyword_text(pack, k)) for k in model.keywords],
        abilities=[Trait(a, "ability", ability_text(pack, a)) for a in model.abilities],
        gained=_gained(pack, state, lines, relics),
        bonuses=lines,
        relics=[_relic_view(r) for r in relics],
        effects=effects,
        notes=notes,
    )


class _Adds:
    """The dice each roll gains: chart bonuses (doubled by Mighty), relics, keyword effects."""

    def __init__(
        self,
        lines: list[BonusLine],
        relics: list[Relic],
        effects: list[KeywordEffect],
        mighty: bool,
    ) -> None:
        self.lines = [line for line in lines if line.dice is not None and not line.note]
        self.relics = relics
        self.effects = effects
        self.mighty = mighty

    def for_roll(self, stat: str, purpose: Purpose) -> list[Added]:
        """The dice added to a roll of `stat` made for `purpose` (`stat`: the stat line)."""
        added: list[Added] = []
        for line in self.lines:
            assert line.dice is not None
            if line.dice.roll != stat and line.dice.roll != purpose:
                continue
            dice = line.dice.add
            reason = f"{line.reason}, {line.name}"
            if self.mighty:
                dice = dice + dice
                reason += ", doubled by Mighty"
            added.append(Added(dice, None, reason))
        for relic in self.relics:
            for mod in relic.modifiers:
                if mod.stat == stat and isinstance(mod.add, Dice):
                    added.append(Added(mod.add, None, f"relic {relic.name}"))
        for effect in self.effects:
            if effect.dice is not None and effect.applies(stat, purpose):
                added.append(Added(effect.dice, None, effect.reason))
        return added

    def roll(
        self,
        stat: str,
        base: Dice | None,
        purpose: Literal["offense", "defense", "support"],
        own: list[Added] | None = None,
    ) -> RollView:
        added = [*(own or []), *self.for_roll(stat, purpose)]
        total = base or Dice()
        for a in added:
            assert a.dice is not None
            total = total + a.dice
        text = f"{stat} {base if base is not None else '-'}"
        bonus = Dice()
        for a in added:
            assert a.dice is not None
            bonus = bonus + a.dice
        if not bonus.is_empty():
            text += f" +{bonus}"
        return RollView(stat, base, added, total, text)


def _find(pack: EditionPack, state: GameState, model_id: str) -> tuple[Card | None, CardKind]:
    monster = pack.monsters.get(model_id)
    if monster is not None:
        return monster, "pet" if monster.rank == "pet" else "monster"
    if model_id in pack.mini_bosses:
        return pack.mini_bosses[model_id], "mini-boss"
    if model_id in pack.dungeon_bosses:
        return pack.dungeon_bosses[model_id], "dungeon boss"
    if model_id in pack.spawning_points:
        return pack.spawning_points[model_id], "spawning point"
    if model_id in state.setup.pets:
        return None, "pet"
    raise RuleError(f"unknown monster {model_id!r}")


def _cardless_pet(pack: EditionPack, state: GameState, name: str) -> CardView:
    lines = monster_bonuses(pack, state, name)
    return CardView(
        id=name,
        name=name,
        kind="pet",
        rank="pet",
        bits="8-Bit",
        skull_points=None,
        hearts=0,
        move=None,
        ap=None,
        base="small",
        stats=[],
        actions=[],
        defense=[],
        defends_basic=[],
        keywords=[],
        abilities=[],
        gained=_gained(pack, state, lines, []),
        bonuses=lines,
        relics=[],
        effects=[],
        notes=["No card in the content: only what it gained is shown."],
    )


def _rank(model: Card, kind: CardKind) -> str:
    if isinstance(model, Monster):
        return model.rank
    return {"mini-boss": "mini-boss", "dungeon boss": "dungeon boss"}.get(kind, "spawning point")


def _relics(pack: EditionPack, state: GameState, model_id: str) -> list[Relic]:
    if model_id != state.setup.boss:
        return []
    return [pack.relics[r] for r in state.boss.relics if r in pack.relics]


def _all_names(model: Card, lines: list[BonusLine], relics: list[Relic]) -> list[str]:
    """Every keyword and ability name the model has now (card, chart bonuses, relics)."""
    names = [*model.keywords, *getattr(model, "abilities", [])]
    names += [line.ability for line in lines if line.ability and not line.note]
    for relic in relics:
        names += [*relic.keywords, *relic.abilities]
    return names


def _number(base: int | None, stat: str, relics: list[Relic]) -> int | None:
    if base is None:
        return None
    return base + sum(
        m.add for r in relics for m in r.modifiers if m.stat == stat and isinstance(m.add, int)
    )


def _stat_line(model: Card, adds: _Adds, relics: list[Relic]) -> list[StatFigure]:
    figures: list[StatFigure] = []
    for stat, base in (("MOVE", model.stats.move), ("AP", model.stats.ap)):
        if base is None:
            continue
        added = [
            Added(None, m.add, f"relic {r.name}")
            for r in relics
            for m in r.modifiers
            if m.stat == stat and isinstance(m.add, int)
        ]
        total = base + sum(a.number or 0 for a in added)
        text = f"{stat} {base}" + (f" {total - base:+d}" if total != base else "")
        figures.append(StatFigure(stat, str(base), added, text))
    for stat in DICE_STATS:
        base = getattr(model.stats, stat)
        if base is None:
            continue
        roll = adds.roll(stat, base, "stat")  # type: ignore[arg-type]
        figures.append(StatFigure(stat, str(base), roll.added, roll.text))
    return figures


def _actions(pack: EditionPack, model: Card, adds: _Adds) -> list[CardAction]:
    actions = [_basic(model, attack, adds) for attack in getattr(model, "attacks", [])]
    for name in getattr(model, "abilities", []):
        ability = ability_entry(pack, name)
        if ability is not None and ability.ap is not None:
            actions.append(_ability_action(model, ability, adds))
    return actions


def _basic(model: Card, attack: Attack, adds: _Adds) -> CardAction:
    base = getattr(model.stats, attack.rolls)
    return CardAction(
        name=BASIC_ATTACK_NAMES[attack.rolls],
        basic=True,
        type="offense",
        ap=1,
        range=attack.range,
        rolls=attack.rolls,
        against="ARM",
        roll=adds.roll(attack.rolls, base, "offense"),
        text=f"Basic attack, range {attack.range}, {attack.rolls} vs ARM.",
    )


def _ability_action(model: Card, ability: Ability, adds: _Adds) -> CardAction:
    notes: list[str] = []
    roll = None
    if ability.rolls is not None:
        purpose: Literal["offense", "support"] = ability.type
        own = [Added(ability.add, None, OWN_DICE)] if ability.add else []
        roll = adds.roll(ability.rolls, getattr(model.stats, ability.rolls), purpose, own)
        if purpose == "support" and any(
            line.dice and line.dice.roll == "offense" for line in adds.lines
        ):
            notes.append("A support action: offense bonuses do not apply.")
    against = ability.against or ("ARM" if ability.rolls and ability.type == "offense" else None)
    return CardAction(
        name=ability.name,
        basic=False,
        type=ability.type,
        ap=ability.ap,
        range=ability.range,
        rolls=ability.rolls,
        against=against,
        roll=roll,
        text=ability.text,
        notes=notes,
    )


def _gained(
    pack: EditionPack, state: GameState, lines: list[BonusLine], relics: list[Relic]
) -> list[Trait]:
    traits: list[Trait] = []
    for line in lines:
        source = f"{line.reason}, {line.name}"
        if line.ability:
            traits.append(_named_trait(pack, line.ability, source))
        if line.status:
            status = pack.status_effects.get(line.status)
            name = status.name if status else line.status
            text = f"{status.text if status else ''} {CAUSES_STATUS}"
            traits.append(Trait(name, "status effect", text.strip(), source))
    for relic in relics:
        source = f"relic {relic.name}"
        traits += [Trait(k, "keyword", keyword_text(pack, k), source) for k in relic.keywords]
        traits += [Trait(a, "ability", ability_text(pack, a), source) for a in relic.abilities]
    return traits


def _named_trait(pack: EditionPack, name: str, source: str) -> Trait:
    text = keyword_text(pack, name)
    if text:
        return Trait(name, "keyword", text, source)
    return Trait(name, "ability", ability_text(pack, name), source)


def _relic_view(relic: Relic) -> RelicView:
    mods = [
        f"{m.add:+d} {m.stat}" if isinstance(m.add, int) else f"+{m.add} {m.stat}"
        for m in relic.modifiers
    ]
    mods += [f"gains {k}" for k in (*relic.keywords, *relic.abilities)]
    return RelicView(relic.id, relic.name, relic.slot, relic.effect, mods)


def _notes(state: GameState, kind: CardKind, model: Card, actions: list[CardAction]) -> list[str]:
    notes: list[str] = []
    if kind == "dungeon boss":
        notes.append(BOSS_NOTES[state.setup.edition])
    elif kind == "spawning point":
        notes.append("Spawning points gain no Mighty Monster bonus.")
    elif state.setup.edition == "classic":
        notes.append("SDE 1.0 has no Mighty Monster bonuses.")
    elif state.setup.edition == "forgotten-king" and _rank(model, kind) not in ("elite", "minion"):
        notes.append("Forgotten King: only elites and minions gain the ladder's bonuses.")
    if kind != "spawning point" and not actions and (model.stats.ap or 0) > 0:
        notes.append("The content lists no actions for this card.")
    return notes


def monster_stats(pack: EditionPack, state: GameState, model_id: str) -> list[StatLine]:
    """A compact stat line for a row: each printed dice stat with what its rolls gain now. A
    stat gains a stat-named bonus, relic and keyword dice on every roll; the offense bonuses on
    the rolls of its offensive actions that roll it; the defense bonuses on its defense rolls
    of it (ARM, DEX, WILL: README "A defense bonus applies to every defense roll"). When these
    rolls gain different dice, each part says which rolls it goes to ("3B +1B off +1ST def").
    A pet without a card: []."""
    return stat_lines(card(pack, state, model_id))


ROLL_TAGS = {"offense": "off", "defense": "def"}
"""How a stat cell marks dice that go only to its offense or only to its defense rolls."""


def stat_lines(view: CardView) -> list[StatLine]:
    """`monster_stats` of a card already computed (the rolls of its actions and defense)."""
    lines: list[StatLine] = []
    for figure in view.stats:
        if figure.stat in ("MOVE", "AP"):
            continue
        every = {a.text for a in figure.added}
        extras: dict[str, Dice] = {}
        for purpose, rolls in _rolls_of(view, figure.stat).items():
            added = {
                a.text: a.dice
                for roll in rolls
                for a in roll.added
                if a.dice is not None and a.text not in every and a.reason != OWN_DICE
            }
            extras[purpose] = sum(added.values(), Dice())
        bonus = sum((a.dice for a in figure.added if a.dice is not None), Dice())
        tagged = len(set(extras.values())) > 1
        if not tagged and extras:
            bonus = bonus + next(iter(extras.values()))
        base = Dice.parse(figure.base)
        cell = f"{base}" + ("" if bonus.is_empty() else f" +{bonus}")
        if tagged:
            cell += "".join(
                f" +{dice} {ROLL_TAGS[purpose]}"
                for purpose, dice in extras.items()
                if purpose in ROLL_TAGS and not dice.is_empty()
            )
        offense = extras.get("offense", Dice()) if tagged else Dice()
        defense = extras.get("defense", Dice()) if tagged else Dice()
        lines.append(StatLine(figure.stat, base, bonus, cell, offense, defense))
    return lines


def _rolls_of(view: CardView, stat: str) -> dict[str, list[RollView]]:
    """The rolls the model makes with `stat`, by what they are made for (only those it makes)."""
    rolls: dict[str, list[RollView]] = {}
    for action in view.actions:
        if action.roll is not None and action.rolls == stat:
            rolls.setdefault(action.type, []).append(action.roll)
    for roll in view.defense:
        if roll.stat == stat:
            rolls.setdefault("defense", []).append(roll)
    return rolls
