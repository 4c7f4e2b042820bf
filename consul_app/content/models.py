"""The content format: a frozen msgspec Struct for every kind of game content.

Every entry has a stable `id` (a slug, unique per kind and edition) and an `edition`.
A YAML file may give `edition:` once at the top; its entries inherit it.

Constraints are `msgspec.Meta` annotations and checks across fields are `__post_init__`
(ValueError). msgspec enforces both when it reads the content cache (`cache.py`); pydantic
enforces the same, reporting every problem at once, when YAML is read (`validate.py`).
Constructing an entry directly runs only `__post_init__`.

The annotations are real objects, not strings (no `from __future__ import annotations`): msgspec
would evaluate every string annotation when it first decodes the cache, which took a third of
reading it at start-up.
"""

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from consul_app.content.dice import Dice

Bits = Literal["8-bit", "16-bit", "super"]
SpawnBits = Literal["8-bit", "16-bit"]
Base = Literal["small", "large", "huge"]
Mode = Literal["explore", "arcade"]
ChartSize = Literal["standard", "extended"]
Roll = Literal["offense", "defense", "STR", "ARM", "WILL", "DEX"]
Stat = Literal["STR", "ARM", "WILL", "DEX", "ATT"]
"""A dice stat of a card (1.0 cards attack with ATT instead of STR)."""
AttackStat = Literal["STR", "DEX", "WILL", "ATT"]
DropRoll = Literal["offense", "defense", "STR", "ARM", "WILL", "DEX", "ATT"]
"""Rolls a status effect changes: every offense or defense roll, or every roll of a stat."""
ModifiedStat = Literal["STR", "ARM", "WILL", "DEX", "ATT", "MOVE", "AP", "HEARTS", "POTIONS"]
DICE_STATS: tuple[Stat, ...] = ("STR", "ATT", "ARM", "WILL", "DEX")

Slug = Annotated[str, Meta(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", min_length=1, max_length=80)]
HIDDEN = "\x00\u202a-\u202e\u2066-\u2069"
"""Never in a name: a NUL and the direction overrides and isolates (they reorder what is
shown)."""
INVISIBLE = "\\s\u00ad\u200b-\u200f\u2060-\u2064\ufeff" + HIDDEN
NAME_PATTERN = f"^[^{HIDDEN}]*[^{INVISIBLE}][^{HIDDEN}]*$"
"""A name shows at least one character (not only spaces or zero-width characters) and holds no
NUL or direction override."""
Name = Annotated[str, Meta(min_length=1, max_length=120, pattern=NAME_PATTERN)]
Text = Annotated[str, Meta(min_length=1, max_length=600)]
Edition = Slug
"""An edition's id: one that `data/editions.yaml` lists (the loader checks it,
`content/editions.py`); its rules, name and words are in `consul_app.rules.editions`."""


class Strict(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Base for content: unknown fields are errors, values are immutable, fields are given by
    name."""


class Entry(Strict, kw_only=True):
    """Fields every content entry has."""

    id: Slug
    edition: Edition
    name: Name


class Stats(Strict, kw_only=True):
    """A stat card's line. Dice stats are pools; MOVE and AP are numbers."""

    move: Annotated[int, Meta(ge=0, le=20)] | None = None
    ap: Annotated[int, Meta(ge=0, le=10)] | None = None
    STR: Dice | None = None
    ARM: Dice | None = None
    WILL: Dice | None = None
    DEX: Dice | None = None
    ATT: Dice | None = None  # 1.0 cards attack with ATT instead of STR


class Attack(Strict, kw_only=True):
    """A basic attack printed on the card: the stat it rolls and its range (1 = melee).
    Basic attacks cost 1 AP and roll against the defender's ARM."""

    rolls: AttackStat
    range: Annotated[int, Meta(ge=0, le=20)] = 1


class Model(Entry, kw_only=True):
    """What every miniature's card has. `keywords` and `abilities` are names; their texts and
    facts are entries of the kinds `keywords` and `abilities` of the same edition."""

    bits: Bits
    hearts: Annotated[int, Meta(ge=1, le=40)]
    skull_points: Annotated[int, Meta(ge=0, le=20)] = 0
    base: Base = "small"
    stats: Stats = Stats()
    attacks: list[Attack] = []
    defends_with: Annotated[
        list[Stat], Meta(description="the stat(s) it defends basic attacks with; empty: ARM")
    ] = []
    keywords: list[Name] = []
    abilities: list[Name] = []
    hearts_note: Annotated[
        Text | None,
        Meta(description="why its hearts may not be the printed ones (shown wherever they are)"),
    ] = None
    creature_type: Annotated[
        Name | None, Meta(description="as printed: Undead, Undead Ghoul, Drake, ...")
    ] = None


class Monster(Model, kw_only=True):
    """A monster that can be in the spawning pool (or a pet)."""

    rank: Literal["minion", "elite", "denizen", "pet"]
    bits: Literal["8-bit", "16-bit"]
    warband: Name | None = None
    note: Text | None = None


class PoolEntry(Strict, kw_only=True):
    """How many of one monster a spawning point adds to the spawning pool."""

    monster: Slug
    count: Annotated[int, Meta(ge=1, le=20)]


class SpawningPoint(Entry, kw_only=True):
    """A spawning point and the spawning pool it brings."""

    hearts: Annotated[int, Meta(ge=1, le=40)]
    base: Base = "small"
    stats: Stats = Stats()
    attacks: Annotated[
        list[Attack], Meta(description="basic attacks of a spawning point that attacks")
    ] = []
    defends_with: Annotated[
        list[Stat], Meta(description="the stat(s) it defends basic attacks with; empty: ARM")
    ] = []
    keywords: list[Name] = []
    abilities: list[Name] = []
    models: Annotated[int, Meta(ge=1, le=4, description="spawning point models it comes with")] = 1
    paired: bool = False
    paired_with: Annotated[
        list[Slug], Meta(description="spawning points that may stand as its pair (itself included)")
    ] = []
    pool: Annotated[list[PoolEntry], Meta(min_length=1)]
    note: Text | None = None

    def __post_init__(self) -> None:
        if self.paired and not self.paired_with:
            raise ValueError("a paired spawning point needs paired_with")


class MiniBoss(Model, kw_only=True):
    bits: Bits = "super"


class DungeonBoss(Model, kw_only=True):
    bits: Bits = "super"
    fight_card: Annotated[
        Slug, Meta(description="id of its boss fight card (1.0: Adventure Effects)")
    ]
    chart: Annotated[Slug | None, Meta(description="its own Mighty Monster Chart, if any")] = None
    companion: Annotated[bool, Meta(description="comes with another boss, not chosen alone")] = (
        False
    )


class CardEffect(Strict, kw_only=True):
    """One named effect on a boss fight card, in short words."""

    name: Name
    text: Text


class Summon(Strict, kw_only=True):
    monster: Slug
    count: Annotated[int, Meta(ge=1, le=20)]


class Summoned(Strict, kw_only=True):
    """Models a fight card brings into play ("until four are out"): never more than `up_to`."""

    name: Name
    up_to: Annotated[int, Meta(ge=1, le=20)]


class MiniBossSpawn(Strict, kw_only=True):
    """A mini-boss an effect brings onto the dungeon: one of this game's, if none is there."""

    wounds: Annotated[int, Meta(ge=0, le=20, description="wounds it takes at once")] = 0
    treasure: Annotated[bool, Meta(description="the heroes draw treasure for destroying it")] = True


class FightModel(Strict, kw_only=True):
    """A model a fight card brings that has no stat card in the content: what is known of it
    and which printed card to play it from."""

    name: Name
    text: Text


class DiceBonus(Strict, kw_only=True):
    roll: Roll
    add: Dice


class FightBoss(Strict, kw_only=True):
    """Another boss card the fight card brings into play with the boss (Mugg with Ugg, Daemonus
    with the Midnight Queen): it has its own wounds and status effects."""

    boss: Slug
    dungeon_boss: Annotated[
        bool,
        Meta(
            description="it also counts as a Dungeon Boss: the heroes win once every Dungeon "
            "Boss is destroyed, and the timeout comes when one of them is destroyed"
        ),
    ] = False
    returns_at_timeout: Annotated[
        bool, Meta(description="destroyed before the timeout, the timeout brings it back")
    ] = False


Who = Literal["boss", "elite", "minion", "denizen"]


class EffectModifier(Strict, kw_only=True):
    """What a fight card's (1.0: Adventure Effects card's) effect changes on monsters' cards,
    applied on their cards with the effect's name as the reason: who gains it (ranks, or the
    monsters of `families`: names or creature types that contain one), what (dice on a roll or
    a keyword) and from when."""

    effect: Annotated[Name, Meta(description="the card effect's name (the reason shown)")]
    since: Annotated[
        Literal["game", "boss-spawn", "timeout"],
        Meta(description="from when: the whole game, the boss's spawn on, or the timeout on"),
    ]
    who: Annotated[list[Who], Meta(description="ranks that gain it; empty: see families")] = []
    families: Annotated[
        list[Name], Meta(description="monsters whose name or creature type contains one")
    ] = []
    dice: DiceBonus | None = None
    keyword: Name | None = None

    def __post_init__(self) -> None:
        if (self.dice is None) == (self.keyword is None):
            raise ValueError("an effect modifier gives either dice or a keyword")
        if not self.who and not self.families:
            raise ValueError("an effect modifier names who gains it: who or families")


class FightCard(Entry, kw_only=True):
    """2.0/FK boss fight card, or 1.0 Adventure Effects card."""

    bosses: Annotated[list[Slug], Meta(min_length=1)]
    with_bosses: Annotated[
        list[FightBoss],
        Meta(
            description="other boss cards that come into play with the boss, each with its "
            "own wounds; a boss of `bosses` not named here is another form of the same boss"
        ),
    ] = []
    modifiers: Annotated[
        list[EffectModifier],
        Meta(description="what its effects change on monsters' cards, for the cards to apply"),
    ] = []
    dungeon_effect: list[CardEffect] = []
    boss_spawn: list[CardEffect] = []
    timeout: list[CardEffect] = []
    timeout_summons: list[Summon] = []
    summoned: Annotated[
        list[Summoned],
        Meta(description="models its effects bring into play, counted up to a limit"),
    ] = []
    timeout_mini_boss: Annotated[
        MiniBossSpawn | None, Meta(description="a mini-boss its timeout brings onto the dungeon")
    ] = None
    models: Annotated[
        list[FightModel],
        Meta(description="models its effects bring that have no stat card here (the lookup)"),
    ] = []
    note: Text | None = None

    def __post_init__(self) -> None:
        named = {e.name for e in (*self.dungeon_effect, *self.boss_spawn, *self.timeout)}
        for mod in self.modifiers:
            if mod.effect not in named:
                raise ValueError(f"modifiers: {mod.effect!r} is not an effect of this card")


class StatModifier(Strict, kw_only=True):
    """A change a relic makes to its bearer's card: `add` is dice for a dice stat ("1R"),
    a number for MOVE, AP, HEARTS and POTIONS (may be negative). With `not_applied` (why the
    printed change cannot be read, e.g. a bare number on a dice stat) the card shows the stat
    as printed and says the change is not applied; `add` is then as the reference gives it."""

    stat: ModifiedStat
    add: int | Dice
    not_applied: Annotated[
        Text | None,
        Meta(description="why it cannot be applied: the card says 'not applied: use your card'"),
    ] = None

    def __post_init__(self) -> None:
        if self.not_applied is not None:
            return
        numeric = self.stat in ("MOVE", "AP", "HEARTS", "POTIONS")
        if numeric and not isinstance(self.add, int):
            raise ValueError(f"{self.stat} changes by a number, e.g. add: 2")
        if not numeric and isinstance(self.add, int):
            raise ValueError(f"{self.stat} changes by dice, e.g. add: 1R")


class Relic(Entry, kw_only=True):
    """Equipment the dungeon boss takes for each spawning point left when it spawns
    (1.0: a boss's Character Treasure). It takes up its equipment `slot`."""

    slot: Name
    effect: Text
    portrait: Annotated[
        list[Slug],
        Meta(description="bosses (or mini-bosses) whose portrait it bears; empty: any boss"),
    ] = []
    modifiers: Annotated[
        list[StatModifier],
        Meta(description="stat changes its bearer gains, as if printed on its card"),
    ] = []
    keywords: Annotated[list[Name], Meta(description="keywords its bearer gains")] = []
    abilities: Annotated[list[Name], Meta(description="abilities its bearer gains")] = []
    not_applied: Annotated[
        Text | None,
        Meta(
            description="what of its printed effect the app cannot apply (not known, or "
            "not a figure): the boss's card says 'not applied: use your card'"
        ),
    ] = None


class Keyword(Entry, kw_only=True):
    """A keyword's short text (in our own words); cards name keywords by `name`. Two entries
    may share a name when cards print it differently (Pile-On: +1B on monsters, +1R on a boss):
    the one whose `cards` lists the card is that card's."""

    text: Text
    cards: Annotated[
        list[Slug],
        Meta(
            description="the cards (models or relics) that print this version of the name; "
            "empty: every other card with the name"
        ),
    ] = []


class Ability(Entry, kw_only=True):
    """A named ability: its short text and, if it is an action, what it costs and rolls.

    `rolls` is the stat the acting model rolls and `against` the stat the target rolls
    ("WILL vs DEX"); an offensive ability without "vs" rolls against ARM."""

    text: Text
    type: Literal["offense", "support"] = "support"
    ap: Annotated[
        Annotated[int, Meta(ge=0, le=6)] | None, Meta(description="AP cost; None: not an action")
    ] = None
    range: Annotated[Annotated[int, Meta(ge=0, le=20)] | None, Meta(description="1 = melee")] = None
    rolls: Stat | None = None
    against: Stat | None = None
    add: Annotated[Dice | None, Meta(description="dice the ability adds to its roll")] = None
    potion: Annotated[bool, Meta(description="a potion ability (costs a potion)")] = False
    cards: Annotated[
        list[Slug],
        Meta(
            description="the cards (models or relics) that print this version of the name; "
            "empty: every other card with the name"
        ),
    ] = []

    def __post_init__(self) -> None:
        if self.against is not None and self.rolls is None:
            raise ValueError("`against` needs `rolls`: the stat the acting model rolls")


class BonusTarget(Strict, kw_only=True):
    """Which monsters a bonus applies to. Empty: every monster except the dungeon boss."""

    ranks: list[Literal["minion", "elite", "mini-boss", "pet"]] = []
    bits: list[SpawnBits] = []
    monsters: Annotated[list[Name], Meta(description="only monsters whose name contains one")] = []


class Bonus(Entry, kw_only=True):
    """A Mighty Monster bonus (most are printed as reference cards)."""

    card: Annotated[bool, Meta(description="printed as a Mighty Monster reference card")] = False
    applies_to: BonusTarget = BonusTarget()
    dice: DiceBonus | None = None
    ability: Name | None = None
    status: Annotated[Slug | None, Meta(description="monsters cause this status effect")] = None
    text: Text

    def __post_init__(self) -> None:
        kinds = [k for k in (self.dice, self.ability, self.status) if k is not None]
        if len(kinds) != 1:
            raise ValueError("a bonus has exactly one of dice, ability or status")


class StatLoss(Strict, kw_only=True):
    """Dice a stat loses ("1ST less STR")."""

    stat: Stat
    less: Dice


class StatusChange(Strict, kw_only=True):
    """What a status effect changes on the card of the model suffering it, for the card view to
    apply (what it changes besides the figures stays its text)."""

    ap: (
        Annotated[int, Meta(ge=-10, le=-1, description="action points it loses, e.g. -1")] | None
    ) = None
    min_ap: (
        Annotated[
            int, Meta(ge=1, le=10, description="action points it never brings the model below")
        ]
        | None
    ) = None
    half_move: Annotated[bool, Meta(description="movement halved, rounded up")] = False
    drop_best_die: Annotated[
        list[DropRoll],
        Meta(description="rolls that drop their best die: offense, defense or a stat's rolls"),
    ] = []
    arcade: Annotated[
        list[StatLoss],
        Meta(description="in Arcade mode a monster loses these dice instead of dropping a die"),
    ] = []

    def __post_init__(self) -> None:
        if self.min_ap is not None and self.ap is None:
            raise ValueError("min_ap goes with ap (the action points it loses)")
        if self.ap is None and not self.half_move and not self.drop_best_die and not self.arcade:
            raise ValueError("an effect changes ap, half_move, drop_best_die or arcade")


class StatusEffect(Entry, kw_only=True):
    """A status effect a model may suffer: its `text`, in `effect` what the card view applies
    to the figures of a model suffering it (none: it changes no figure), and in `ends` when it
    ends by itself (none: it lasts until it is removed)."""

    text: Text
    effect: StatusChange | None = None
    ends: (
        Annotated[
            str,
            Meta(
                min_length=1,
                max_length=120,
                description="when it ends, if not when it is removed: 'after its next activation'",
            ),
        ]
        | None
    ) = None


class ChartSpace(Strict, kw_only=True):
    """One space of a Mighty Monster Chart (or one step of the Forgotten King ladder).

    The engine resolves a space in rule order: spawns, then bonuses, then boss sightings.
    """

    spawn: Annotated[
        Annotated[int, Meta(ge=1, le=20)] | None, Meta(description="skull points to spawn")
    ] = None
    bits: list[SpawnBits] = []
    mini_boss: bool = False
    dungeon_boss: bool = False
    bonuses: list[Slug] = []
    choose_bonus: list[Slug] = []
    boss_sighting: Annotated[list[int], Meta(description="tile numbers, first tile = 1")] = []
    colour: Name | None = None
    note: Text | None = None

    def __post_init__(self) -> None:
        if any(t < 1 or t > 12 for t in self.boss_sighting):
            raise ValueError("tiles are numbered from 1 to 12")
        if self.spawn is not None and not self.bits:
            raise ValueError("a spawn needs bits: [8-bit], [16-bit] or both")
        if self.bits and self.spawn is None:
            raise ValueError("bits are given but no spawn")
        if len(self.choose_bonus) == 1:
            raise ValueError("choose_bonus needs at least two options")

    @property
    def is_empty(self) -> bool:
        return not (
            self.spawn
            or self.mini_boss
            or self.dungeon_boss
            or self.bonuses
            or self.choose_bonus
            or self.boss_sighting
        )


class Chart(Entry, kw_only=True):
    """A Mighty Monster Chart. kind=ladder is the Forgotten King's chart of bonus steps."""

    kind: Literal["chart", "ladder"] = "chart"
    mode: Mode = "explore"
    size: ChartSize | None = None
    boss: Annotated[Slug | None, Meta(description="the boss this special chart belongs to")] = None
    verified: bool = False
    note: Text | None = None
    spaces: Annotated[list[ChartSpace], Meta(min_length=1)]

    def __post_init__(self) -> None:
        if self.kind == "chart":
            bosses = [i for i, s in enumerate(self.spaces) if s.dungeon_boss]
            if len(bosses) != 1:
                raise ValueError("a chart needs exactly one dungeon_boss space")


class PowerGauge(Entry, kw_only=True):
    """SDE 1.0's power gauge: squares from 8-Bit through 16-Bit to Super."""

    squares: Annotated[int, Meta(ge=3, le=60)]
    sixteen_bit_at: Annotated[int, Meta(ge=1)]
    super_at: Annotated[int, Meta(ge=1)]
    verified: bool = False
    note: Text | None = None

    def __post_init__(self) -> None:
        if not (1 <= self.sixteen_bit_at < self.super_at <= self.squares):
            raise ValueError("need 1 <= sixteen_bit_at < super_at <= squares")


KINDS: dict[str, type[Entry]] = {
    "monsters": Monster,
    "spawning_points": SpawningPoint,
    "mini_bosses": MiniBoss,
    "dungeon_bosses": DungeonBoss,
    "fight_cards": FightCard,
    "relics": Relic,
    "keywords": Keyword,
    "abilities": Ability,
    "bonuses": Bonus,
    "status_effects": StatusEffect,
    "charts": Chart,
    "power_gauges": PowerGauge,
}
"""Top-level keys of a content file and the model of their entries."""


class ContentFile(Strict, kw_only=True):
    """One YAML file of a pack. `edition` here is the default for its entries."""

    edition: Edition | None = None
    monsters: list[Monster] = []
    spawning_points: list[SpawningPoint] = []
    mini_bosses: list[MiniBoss] = []
    dungeon_bosses: list[DungeonBoss] = []
    fight_cards: list[FightCard] = []
    relics: list[Relic] = []
    keywords: list[Keyword] = []
    abilities: list[Ability] = []
    bonuses: list[Bonus] = []
    status_effects: list[StatusEffect] = []
    charts: list[Chart] = []
    power_gauges: list[PowerGauge] = []
