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
- Mighty doubles every dice bonus gained from the chart; keyword effects live in `keyword_effects`;
- the status effects a model suffers change its figures as their `effect` says (content):
  action points lost (never below `min_ap`), movement halved (rounded up), the best die dropped
  from offense, defense or a stat's rolls, in Arcade mode dice lost instead. The boss and the
  mini-boss have one card each; a monster or a spawning point suffers them on its own model
  (`card(..., marked=n)`: the n-th marked monster of its kind, `tile=t`: the point on tile t).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

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
    StatModifier,
    StatusEffect,
)
from consul_app.content.pack import EditionPack
from consul_app.rules.editions import edition_of
from consul_app.rules.handlers.fight_effects import effect_lines
from consul_app.rules.handlers.hearts import boss_hearts, relic_hearts
from consul_app.rules.model.errors import RuleError
from consul_app.rules.model.names import bits_name
from consul_app.rules.model.state import GameState
from consul_app.rules.views.bonuses import BonusLine, StatLine, monster_bonuses
from consul_app.rules.views.keyword_effects import (
    Condition,
    KeywordEffect,
    conditions,
    keyword_effects,
)
from consul_app.rules.views.keyword_texts import ability_entry, ability_text, keyword_text, named

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
CAUSES = "Causes {name} when it wounds: "
"""What a status effect a model inflicts says before the status text (a keyword that names a
status effect, a chart bonus "Monsters cause Poison")."""


Change = Literal["add", "less", "half", "drop", "not applied"]
"""What a change does to a figure: adds dice or a number (a number may be negative), takes dice
away, halves the figure (rounded up), or drops the best die of the roll; "not applied": a relic's
change the app cannot read (the figure stays as printed, the card says so)."""
NOT_APPLIED = "not applied: use your card"


@dataclass(frozen=True)
class Added:
    """A change to a figure, and why: dice (or a number) added, by default; `text` reads
    "+1ST: chart space 2, Bonus Offensive Rolls, doubled by Mighty", "-1: status effect Poison,
    never below 1", "drop the best die: status effect Hex". `name` is what the figure itself
    says of it ("AP 4 -1 Poison"; None: only its amount)."""

    dice: Dice | None
    number: int | None
    reason: str
    change: Change = "add"
    name: str | None = None

    @property
    def amount(self) -> str:
        if self.change == "half":
            return "halved"
        if self.change == "drop":
            return "drop the best die"
        if self.change == "less":
            return f"-{self.dice}"
        return f"+{self.dice}" if self.dice is not None else f"{self.number:+d}"

    @property
    def unread(self) -> str:
        """A change not applied, as its figure says it: "(+1 not applied: use your card)" (its
        reason names the relic)."""
        return f"({self.amount} {NOT_APPLIED})"

    @property
    def text(self) -> str:
        return f"{self.amount}: {self.reason}"


@dataclass(frozen=True)
class RollView:
    """One roll the model makes: `stat` rolled, printed `base` (None: not on the card, rolls
    only what is added), the changes `added` with reasons (dice added or lost, the best die
    dropped), the `total` dice, `text` "WILL 3R +1ST" (dice lost: "ARM 2R -1ST") and `drop`
    "drop the best die (Hex)" (None: it drops none)."""

    stat: str
    base: Dice | None
    added: list[Added]
    total: Dice
    text: str
    drop: str | None = None
    conditions: list[str] = field(default_factory=list)
    """Dice its keywords add only under a condition ("+1B if the target has Knockdown
    (Pile-On)"): the Consul adds them when it holds."""

    @property
    def changed(self) -> bool:
        """Dice added or lost: its total differs from what the card prints."""
        return any(a.change in ("add", "less") for a in self.added)


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
    pays: Literal["AP", "Potion"] = "AP"
    """What pays its cost `ap`: action points, or potions (a potion ability)."""

    @property
    def cost(self) -> str:
        """ "1 AP", "1 Potion", "2 Potions" ("" when it has no cost)."""
        if self.ap is None:
            return ""
        if self.pays == "Potion":
            return f"{self.ap} Potion" + ("s" if self.ap != 1 else "")
        return f"{self.ap} AP"


@dataclass(frozen=True)
class Trait:
    """A keyword or ability with its short text; `source` says where it comes from ("card",
    "chart space 4, Bonus Massive Damage", "relic Bleak Crest")."""

    name: str
    kind: Literal["keyword", "ability", "status effect"]
    text: str
    source: str = "card"
    ends: str | None = None
    """A status effect suffered: when it ends by itself (None: when it is removed)."""


@dataclass(frozen=True)
class RelicView:
    """A relic the boss equips: `modifiers` ["+4 MOVE", "gains Hex"]; `not_applied`: what of
    its printed effect the app cannot apply ("+1 DEX not applied: use your card (why)")."""

    id: str
    name: str
    slot: str
    effect: str
    modifiers: list[str]
    not_applied: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class CardView:
    """Everything on a model's card, as it plays now. `stats` is the stat line; `actions` its
    basic attacks and abilities that cost AP; `defense` one roll per stat it may defend with
    (`defends_basic`: the stat(s) it rolls against basic attacks); `keywords`/`abilities` as
    printed, with text; `gained`: keywords, abilities and status effects it gained (chart bonuses
    or relics) and the keyword effects the engine applies; `relics` (dungeon boss); `suffers`:
    the status effects it suffers now (the boss, the mini-boss, the marked monster or the
    spawning point asked for), applied to its figures."""

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
    suffers: list[Trait] = field(default_factory=list)
    hearts_added: list[Added] = field(default_factory=list)
    """What its relics change on its hearts ("+2: relic Frozen Soul"), as `hearts` counts them
    (the boss's wound track too)."""
    relics_title: str = "Relics"
    """What its edition calls the relics it equips (1.0: "Treasure")."""

    @property
    def basic_defense(self) -> str:
        """Which stat a basic attack on it is rolled against: "basic attacks roll against its
        ARM"; a card that names two (ARM and DEX): either, the Consul's choice."""
        return f"basic attacks roll against its {' or '.join(self.defends_basic)}" + (
            ", your choice" if len(self.defends_basic) > 1 else ""
        )


Card = Monster | MiniBoss | DungeonBoss | SpawningPoint


def card(
    pack: EditionPack,
    state: GameState,
    model_id: str,
    *,
    marked: int | None = None,
    tile: int | None = None,
    which: int | None = None,
) -> CardView:
    """The card of a monster, pet, spawning point, mini-boss or dungeon boss of the pack (or of
    a pet the setup names without a card: only what it gained). With `marked`, the card of that
    marked monster of the kind (`marked_monsters` order) with the status effects it suffers;
    with `tile`, of the spawning point standing there (`which`: one of a pair there, see
    `GameState.standing_point`). Unknown ids (or no such marked monster
    or point) raise `RuleError`."""
    model, kind = _find(pack, state, model_id)
    if model is None:
        return _cardless_pet(pack, state, model_id)
    is_boss = kind == "dungeon boss"
    relics = _relics(pack, state, model_id) if is_boss else []
    word = edition_of(state).words.relic  # (1.0: its treasure)
    lines = [] if kind == "spawning point" else monster_bonuses(pack, state, model_id)
    lines += [] if kind == "spawning point" else effect_lines(pack, state, model_id)
    names = _all_names(model, lines, relics)
    effects = keyword_effects(pack, state, model, names)
    mighty = any(e.keyword == "Mighty" for e in effects)
    suffers = _suffers(pack, state, model_id, kind, marked, (tile, which))
    adds = _Adds(lines, relics, effects, mighty, suffers, state.setup.mode == "arcade", word)
    adds.conditions = conditions(pack, state, model, names)
    numbers = {
        stat: _number(base, stat, relics, suffers, word)
        for stat, base in (("MOVE", model.stats.move), ("AP", model.stats.ap))
    }
    stats = _stat_line(model, adds, numbers)
    move = numbers["MOVE"][1]
    ap = numbers["AP"][1]
    hearts_added, hearts = _hearts(pack, state, model, relics, word)
    actions = _actions(pack, model, adds, relics, word)
    defends = list(model.defends_with) or ["ARM"]
    defense_stats = [s for s in DEFENSE_STATS if getattr(model.stats, s) is not None]
    defense_stats += [s for s in defends if s not in defense_stats]
    defense = [adds.roll(s, getattr(model.stats, s), "defense") for s in defense_stats]
    notes = _notes(state, kind, model, actions) + _relic_notes(state, relics, word)
    return CardView(
        id=model.id,
        name=model.name,
        kind=kind,
        rank=_rank(model, kind),
        bits=bits_name(getattr(model, "bits", "")) if kind != "spawning point" else "",
        skull_points=getattr(model, "skull_points", None),
        hearts=hearts,
        hearts_added=hearts_added,
        move=move,
        ap=ap,
        base=model.base,
        stats=stats,
        actions=actions,
        defense=defense,
        defends_basic=defends,
        keywords=[_keyword(pack, k, model.id) for k in model.keywords],
        abilities=[Trait(a, "ability", ability_text(pack, a, model.id)) for a in model.abilities],
        gained=_gained(pack, state, lines, relics, word),
        bonuses=lines,
        relics=[_relic_view(r) for r in relics],
        relics_title=edition_of(state).words.relics,
        effects=effects,
        notes=notes,
        suffers=[Trait(s.name, "status effect", s.text, "suffers it now", s.ends) for s in suffers],
    )


class _Adds:
    """The dice each roll gains: chart bonuses (doubled by Mighty), relics, keyword effects."""

    def __init__(
        self,
        lines: list[BonusLine],
        relics: list[Relic],
        effects: list[KeywordEffect],
        mighty: bool,
        suffers: list[StatusEffect],
        arcade: bool,
        word: str,
    ) -> None:
        self.lines = [line for line in lines if line.dice is not None and not line.note]
        self.relics = relics
        self.effects = effects
        self.mighty = mighty
        self.suffers = suffers
        self.arcade = arcade
        self.word = word
        self.conditions: list[Condition] = []

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
                if mod.stat != stat:
                    continue
                if mod.not_applied is not None:
                    added.append(_not_applied(relic, mod, self.word))
                elif isinstance(mod.add, Dice):
                    added.append(Added(mod.add, None, _from(self.word, relic)))
        for effect in self.effects:
            if effect.dice is not None and effect.applies(stat, purpose):
                added.append(Added(effect.dice, None, effect.reason))
        return added + self._statuses(stat, purpose)

    def _statuses(self, stat: str, purpose: Purpose) -> list[Added]:
        """What the status effects it suffers do to a roll of `stat` made for `purpose`: the
        best die dropped, or in Arcade mode (when the effect says so) dice lost instead."""
        changes: list[Added] = []
        for status in self.suffers:
            effect = status.effect
            if effect is None:
                continue
            reason = f"status effect {status.name}"
            if self.arcade and effect.arcade:
                changes += [
                    Added(loss.less, None, f"{reason} (Arcade)", "less", status.name)
                    for loss in effect.arcade
                    if loss.stat == stat
                ]
            elif stat in effect.drop_best_die or purpose in effect.drop_best_die:
                changes.append(Added(None, None, reason, "drop", status.name))
        return changes

    def roll(
        self,
        stat: str,
        base: Dice | None,
        purpose: Literal["offense", "defense", "support"],
        own: list[Added] | None = None,
        reach: int | None = None,
    ) -> RollView:
        added = [*(own or []), *self.for_roll(stat, purpose)]
        bonus = sum((a.dice for a in added if a.change == "add" and a.dice), Dice())
        less = sum((a.dice for a in added if a.change == "less" and a.dice), Dice())
        total = (base or Dice()) + bonus - less
        text = f"{stat} {base if base is not None else '-'}"
        if not bonus.is_empty():
            text += f" +{bonus}"
        if not less.is_empty():
            text += f" -{less}"
        text += "".join(f" {a.unread}" for a in added if a.change == "not applied")
        drops = [a.name for a in added if a.change == "drop" and a.name]
        drop = f"drop the best die ({', '.join(drops)})" if drops else None
        ifs = [c.text for c in self.conditions if c.applies(stat, reach, purpose)]
        return RollView(stat, base, added, total, text, drop, ifs)


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
        gained=_gained(pack, state, lines, [], ""),
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


def _suffers(
    pack: EditionPack,
    state: GameState,
    model_id: str,
    kind: CardKind,
    marked: int | None,
    at: tuple[int | None, int | None],
) -> list[StatusEffect]:
    """The status effects the boss (in play), the mini-boss (on the dungeon), the marked monster
    or the spawning point suffers now (those with an `effect` change its figures)."""
    ids: list[str] = []
    other = next((b for b in state.other_bosses if b.id == model_id), None)
    if kind == "dungeon boss" and model_id == state.setup.boss:
        boss = state.boss
        ids = boss.status if boss.spawned and not boss.defeated else []
    elif kind == "dungeon boss" and other is not None:  # another boss of the fight (Mugg)
        ids = other.status
    elif kind == "mini-boss" and state.mini_boss is not None and state.mini_boss.id == model_id:
        ids = state.mini_boss.status
    elif marked is not None:
        ones = [m for m in state.tracked if m.id == model_id]
        if kind not in ("monster", "pet") or marked >= len(ones):
            raise RuleError(f"no marked {model_id!r} #{marked + 1} in play")
        ids = ones[marked].status
    elif (tile := at[0]) is not None:
        point = state.standing_point(model_id, tile, at[1])
        if point is None:
            raise RuleError(f"no standing spawning point {model_id!r} on tile {tile}")
        ids = point.status_effects
    found = [pack.status_effects.get(s) for s in ids]
    return [s for s in found if s is not None]


def _number(
    base: int | None, stat: str, relics: list[Relic], suffers: list[StatusEffect], word: str
) -> tuple[list[Added], int | None]:
    """The changes to MOVE, AP or HEARTS (relics, then status effects) and what it comes to:
    Poison's action point lost never takes it below its `min_ap`; Slow halves the movement
    (rounded up)."""
    if base is None:
        return [], None
    added = [
        _not_applied(r, m, word)
        if m.not_applied is not None
        else Added(None, m.add, _from(word, r))
        for r in relics
        for m in r.modifiers
        if m.stat == stat and (isinstance(m.add, int) or m.not_applied is not None)
    ]
    total = base + sum(a.number or 0 for a in added if a.change == "add")
    for status in suffers:
        effect = status.effect
        if effect is None:
            continue
        reason = f"status effect {status.name}"
        if stat == "AP" and effect.ap is not None:
            floor = min(total, effect.min_ap or 0)
            if effect.min_ap:
                reason += f", never below {effect.min_ap}"
            added.append(Added(None, effect.ap, reason, name=status.name))
            total = max(total + effect.ap, floor, 0)
        if stat == "MOVE" and effect.half_move:
            added.append(Added(None, None, f"{reason}, rounded up", "half", status.name))
            total = (total + 1) // 2
    return added, total


def _not_applied(relic: Relic, mod: StatModifier, word: str) -> Added:
    """A relic's change to a figure that the app cannot read: shown, never counted."""
    dice, number = (mod.add, None) if isinstance(mod.add, Dice) else (None, mod.add)
    reason = f"{_from(word, relic)}, {NOT_APPLIED} ({mod.not_applied})"
    return Added(dice, number, reason, "not applied", relic.name)


def _part(added: Added) -> str:
    """A change as the stat line says it: "+1" (a relic), "-1 Poison", "Slow" (halved), "(+1
    not applied: use your card)"."""
    if added.change == "not applied":
        return added.unread
    if added.change == "half":
        return added.name or added.amount
    return f"{added.amount} {added.name}" if added.name else added.amount


def _stat_line(
    model: Card, adds: _Adds, numbers: dict[str, tuple[list[Added], int | None]]
) -> list[StatFigure]:
    figures: list[StatFigure] = []
    for stat, base in (("MOVE", model.stats.move), ("AP", model.stats.ap)):
        if base is None:
            continue
        added = numbers[stat][0]
        text = f"{stat} {base}" + "".join(f" {_part(a)}" for a in added)
        figures.append(StatFigure(stat, str(base), added, text))
    for stat in DICE_STATS:
        base = getattr(model.stats, stat)
        if base is None:
            continue
        roll = adds.roll(stat, base, "stat")  # type: ignore[arg-type]
        text = f"{roll.text} {roll.drop}" if roll.drop else roll.text
        figures.append(StatFigure(stat, str(base), roll.added, text))
    return figures


def _actions(
    pack: EditionPack, model: Card, adds: _Adds, relics: list[Relic], word: str
) -> list[CardAction]:
    """Its basic attacks, then its abilities that cost AP: printed, then its relics' (as if
    printed on its card)."""
    actions = [_basic(model, attack, adds) for attack in getattr(model, "attacks", [])]
    named: list[tuple[str, Relic | None]] = [(n, None) for n in getattr(model, "abilities", [])]
    named += [(name, relic) for relic in relics for name in relic.abilities]
    for name, relic in named:
        ability = ability_entry(pack, name, relic.id if relic is not None else model.id)
        if ability is not None and ability.ap is not None:
            action = _ability_action(model, ability, adds)
            if relic is not None:
                action.notes.append(f"From {_from(word, relic)}.")
            actions.append(action)
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
        roll=adds.roll(attack.rolls, base, "offense", reach=attack.range),
        text=f"Basic attack, range {attack.range}, {attack.rolls} vs ARM.",
    )


def _ability_action(model: Card, ability: Ability, adds: _Adds) -> CardAction:
    notes: list[str] = []
    roll = None
    if ability.rolls is not None:
        purpose: Literal["offense", "support"] = ability.type
        own = [Added(ability.add, None, OWN_DICE)] if ability.add else []
        base = getattr(model.stats, ability.rolls)
        roll = adds.roll(ability.rolls, base, purpose, own, ability.range)
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
        pays="Potion" if ability.potion else "AP",
    )


def _gained(
    pack: EditionPack, state: GameState, lines: list[BonusLine], relics: list[Relic], word: str
) -> list[Trait]:
    traits: list[Trait] = []
    for line in lines:
        source = f"{line.reason}, {line.name}"
        if line.ability:
            traits.append(_named_trait(pack, line.ability, source))
        if line.status:
            status = pack.status_effects.get(line.status)
            name = status.name if status else line.status
            text = f"{CAUSES.format(name=name)}{status.text if status else ''}"
            traits.append(Trait(name, "status effect", text.strip(), source))
    for relic in relics:
        source = _from(word, relic)
        traits += [_keyword(pack, k, relic.id, source) for k in relic.keywords]
        traits += [
            Trait(a, "ability", ability_text(pack, a, relic.id), source) for a in relic.abilities
        ]
    return traits


def _keyword(pack: EditionPack, name: str, card: str, source: str = "card") -> Trait:
    """A keyword printed on a card (or gained): one that names a status effect is one the model
    causes ("Causes Bane when it wounds: ..."), never one it suffers."""
    status = named(pack.status_effects, name)
    if status is not None:
        return Trait(name, "keyword", f"{CAUSES.format(name=status.name)}{status.text}", source)
    return Trait(name, "keyword", keyword_text(pack, name, card), source)


def _named_trait(pack: EditionPack, name: str, source: str) -> Trait:
    if named(pack.status_effects, name) is not None:
        return _keyword(pack, name, "", source)
    text = keyword_text(pack, name)
    if text:
        return Trait(name, "keyword", text, source)
    return Trait(name, "ability", ability_text(pack, name), source)


def _relic_view(relic: Relic) -> RelicView:
    mods = [_modifier(m) for m in relic.modifiers if m.not_applied is None]
    mods += [f"gains {k}" for k in (*relic.keywords, *relic.abilities)]
    unread = [
        f"{_modifier(m)} {NOT_APPLIED} ({m.not_applied})" for m in relic.modifiers if m.not_applied
    ]
    unread += [f"{NOT_APPLIED} ({relic.not_applied})"] if relic.not_applied else []
    return RelicView(relic.id, relic.name, relic.slot, relic.effect, mods, unread)


def _from(word: str, relic: Relic) -> str:
    """Where a change comes from: "relic Bleak Crest" (1.0: "treasure Bat Winged Key!")."""
    return f"{word} {relic.name}"


def _modifier(mod: StatModifier) -> str:
    return f"{mod.add:+d} {mod.stat}" if isinstance(mod.add, int) else f"+{mod.add} {mod.stat}"


def _hearts(
    pack: EditionPack, state: GameState, model: Card, relics: list[Relic], word: str
) -> tuple[list[Added], int]:
    """Its hearts as it plays and what changed them: the boss of this game plays with the hearts
    its relics gave it (`boss_hearts`: its wound track counts the same)."""
    if not relics:  # not the boss, or one without relics
        return [], model.hearts
    added = _number(model.hearts, "HEARTS", relics, [], word)[0]
    if state.boss.hearts is None:  # relics chosen before their hearts counted (an old journal)
        return [a for a in added if a.change == "not applied"], model.hearts
    return added, boss_hearts(pack, state)


def _relic_notes(state: GameState, relics: list[Relic], word: str) -> list[str]:
    """What the card cannot apply of its relics, and (a game saved by an older Consul) relic
    hearts its wound track does not count."""
    notes = [
        f"{_from(word.capitalize(), relic)}: {NOT_APPLIED} ({relic.not_applied})."
        for relic in relics
        if relic.not_applied
    ]
    if state.boss.hearts is None and relic_hearts(relics):
        notes.append(
            "Its relics' hearts are not counted: this game chose them before Consul counted "
            "relic hearts (its wound track keeps the printed hearts)."
        )
    return notes


def _notes(state: GameState, kind: CardKind, model: Card, actions: list[CardAction]) -> list[str]:
    notes: list[str] = []
    played = edition_of(state)
    ranks = played.bonus_ranks
    if kind == "dungeon boss":
        notes.append(played.boss_bonus_note)
    elif kind == "spawning point":
        notes.append("Spawning points gain no bonus.")
    elif played.monster_bonus_note and (
        not played.gains_bonuses or (ranks is not None and _rank(model, kind) not in ranks)
    ):
        notes.append(played.monster_bonus_note)
    hearts_note = getattr(model, "hearts_note", None)
    if hearts_note:
        notes.append(f"Hearts: {hearts_note}")
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


ROLL_TAGS = {"offense": " off", "defense": " def", "drop": "drop best die"}
"""How a stat cell marks dice that go only to its offense or only to its defense rolls."""
ROLL_MARKS = {"offense": "*", "defense": "°", "drop": "↓"}
"""The same as one-character marks, for a narrow table (the spawning pool says what they mean)."""


class _Part(NamedTuple):
    """What some rolls of a stat gain: dice added, dice lost, the best die dropped."""

    add: Dice = Dice()
    less: Dice = Dice()
    drop: bool = False

    @classmethod
    def of(cls, added: Iterable[Added]) -> _Part:
        changes = list(added)
        return cls(
            sum((a.dice for a in changes if a.change == "add" and a.dice), Dice()),
            sum((a.dice for a in changes if a.change == "less" and a.dice), Dice()),
            any(a.change == "drop" for a in changes),
        )

    def __add__(self, other: _Part) -> _Part:  # type: ignore[override]  # adds, not concatenates
        return _Part(self.add + other.add, self.less + other.less, self.drop or other.drop)

    def text(self, drop: str = ROLL_TAGS["drop"]) -> str:
        """ "+1ST", "-1ST", "drop best die" (or the `drop` given)."""
        parts = [f"+{self.add}"] if not self.add.is_empty() else []
        parts += [f"-{self.less}"] if not self.less.is_empty() else []
        parts += [drop] if self.drop else []
        return " ".join(parts)


def stat_lines(view: CardView, tags: dict[str, str] = ROLL_TAGS) -> list[StatLine]:
    """`monster_stats` of a card already computed (the rolls of its actions and defense);
    `tags` mark dice that go to some of a stat's rolls only (`ROLL_TAGS` or `ROLL_MARKS`), and
    say a dropped best die (`tags["drop"]`)."""
    drop = tags.get("drop", ROLL_TAGS["drop"])
    lines: list[StatLine] = []
    for figure in view.stats:
        if figure.stat in ("MOVE", "AP"):
            continue
        every = {a.text for a in figure.added}
        extras: dict[str, _Part] = {}
        for purpose, rolls in _rolls_of(view, figure.stat).items():
            added = {
                a.text: a
                for roll in rolls
                for a in roll.added
                if a.text not in every and a.reason != OWN_DICE
            }
            extras[purpose] = _Part.of(added.values())
        common = _Part.of(figure.added)
        tagged = len(set(extras.values())) > 1
        if not tagged and extras:
            common = common + next(iter(extras.values()))
        base = Dice.parse(figure.base)
        cell = " ".join([str(base), common.text(drop)]).strip()
        if tagged:
            cell += "".join(
                f" {part.text(drop)}{tags[purpose]}"
                for purpose, part in extras.items()
                if purpose in tags and part != _Part()
            )
        offense = extras.get("offense", _Part()).add if tagged else Dice()
        defense = extras.get("defense", _Part()).add if tagged else Dice()
        lines.append(StatLine(figure.stat, base, common.add, cell, offense, defense))
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
