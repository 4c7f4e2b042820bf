"""The content format: a frozen dataclass for every kind of game content.

Every entry has a stable `id` (a slug, unique per kind and edition) and an `edition`.
A YAML file may give `edition:` once at the top; its entries inherit it.

The classes are validated by pydantic when YAML is read (`validate.py`: the constraints in the
annotations, unknown fields, and each `__post_init__` check) and decoded by msgspec from the
content cache (`cache.py`); neither import is needed to use them.
"""

from __future__ import annotations

from dataclasses import field
from typing import Annotated, Literal

from consul_app.content.dice import Dice
from consul_app.content.fields import STRICT, Doc, Ge, Le, MaxLen, MinLen, Pattern, frozen

Edition = Literal["sde2", "forgotten-king", "classic"]
EDITIONS: tuple[Edition, ...] = ("sde2", "forgotten-king", "classic")
EDITION_NAMES: dict[str, str] = {
    "sde2": "SDE 2.0",
    "forgotten-king": "Forgotten King",
    "classic": "SDE 1.0",
}

Bits = Literal["8-bit", "16-bit", "super"]
SpawnBits = Literal["8-bit", "16-bit"]
Base = Literal["small", "large", "huge"]
Mode = Literal["explore", "arcade"]
ChartSize = Literal["standard", "extended"]
Roll = Literal["offense", "defense", "STR", "ARM", "WILL", "DEX"]
Stat = Literal["STR", "ARM", "WILL", "DEX", "ATT"]
"""A dice stat of a card (1.0 cards attack with ATT instead of STR)."""
AttackStat = Literal["STR", "DEX", "WILL", "ATT"]
ModifiedStat = Literal["STR", "ARM", "WILL", "DEX", "ATT", "MOVE", "AP", "HEARTS", "POTIONS"]
DICE_STATS: tuple[Stat, ...] = ("STR", "ATT", "ARM", "WILL", "DEX")

Slug = Annotated[str, Pattern(r"^[a-z0-9]+(-[a-z0-9]+)*$"), MinLen(1), MaxLen(80)]
Name = Annotated[str, MinLen(1), MaxLen(120)]
Text = Annotated[str, MinLen(1), MaxLen(600)]


@frozen
class Strict:
    """Base for content: unknown fields are errors, values are immutable."""

    __pydantic_config__ = STRICT


@frozen
class Entry(Strict):
    """Fields every content entry has."""

    id: Slug
    edition: Edition
    name: Name


@frozen
class Stats(Strict):
    """A stat card's line. Dice stats are pools; MOVE and AP are numbers."""

    move: Annotated[int, Ge(0), Le(20)] | None = None
    ap: Annotated[int, Ge(0), Le(10)] | None = None
    STR: Dice | None = None
    ARM: Dice | None = None
    WILL: Dice | None = None
    DEX: Dice | None = None
    ATT: Dice | None = None  # 1.0 cards attack with ATT instead of STR


@frozen
class Attack(Strict):
    """A basic attack printed on the card: the stat it rolls and its range (1 = melee).
    Basic attacks cost 1 AP and roll against the defender's ARM."""

    rolls: AttackStat
    range: Annotated[int, Ge(0), Le(20)] = 1


@frozen
class Model(Entry):
    """What every miniature's card has. `keywords` and `abilities` are names; their texts and
    facts are entries of the kinds `keywords` and `abilities` of the same edition."""

    bits: Bits
    hearts: Annotated[int, Ge(1), Le(40)]
    skull_points: Annotated[int, Ge(0), Le(20)] = 0
    base: Base = "small"
    stats: Stats = Stats()
    attacks: list[Attack] = field(default_factory=list)
    defends_with: Annotated[
        list[Stat], Doc("the stat(s) it defends basic attacks with; empty: ARM")
    ] = field(default_factory=list)
    keywords: list[Name] = field(default_factory=list)
    abilities: list[Name] = field(default_factory=list)


@frozen
class Monster(Model):
    """A monster that can be in the spawning pool (or a pet)."""

    rank: Literal["minion", "elite", "denizen", "pet"]
    bits: Literal["8-bit", "16-bit"]
    warband: Name | None = None
    note: Text | None = None


@frozen
class PoolEntry(Strict):
    """How many of one monster a spawning point adds to the spawning pool."""

    monster: Slug
    count: Annotated[int, Ge(1), Le(20)]


@frozen
class SpawningPoint(Entry):
    """A spawning point and the spawning pool it brings."""

    hearts: Annotated[int, Ge(1), Le(40)]
    base: Base = "small"
    stats: Stats = Stats()
    defends_with: Annotated[
        list[Stat], Doc("the stat(s) it defends basic attacks with; empty: ARM")
    ] = field(default_factory=list)
    keywords: list[Name] = field(default_factory=list)
    abilities: list[Name] = field(default_factory=list)
    models: Annotated[int, Ge(1), Le(4), Doc("spawning point models it comes with")] = 1
    paired: bool = False
    paired_with: Annotated[
        list[Slug], Doc("spawning points that may stand as its pair (itself included)")
    ] = field(default_factory=list)
    pool: Annotated[list[PoolEntry], MinLen(1)]
    note: Text | None = None

    def __post_init__(self) -> None:
        if self.paired and not self.paired_with:
            raise ValueError("a paired spawning point needs paired_with")


@frozen
class MiniBoss(Model):
    bits: Bits = "super"


@frozen
class DungeonBoss(Model):
    bits: Bits = "super"
    fight_card: Annotated[Slug, Doc("id of its boss fight card (1.0: Adventure Effects)")]
    chart: Annotated[Slug | None, Doc("its own Mighty Monster Chart, if any")] = None
    companion: Annotated[bool, Doc("comes with another boss, not chosen alone")] = False


@frozen
class CardEffect(Strict):
    """One named effect on a boss fight card, in short words."""

    name: Name
    text: Text


@frozen
class Summon(Strict):
    monster: Slug
    count: Annotated[int, Ge(1), Le(20)]


@frozen
class Summoned(Strict):
    """Models a fight card brings into play ("until four are out"): never more than `up_to`."""

    name: Name
    up_to: Annotated[int, Ge(1), Le(20)]


@frozen
class FightCard(Entry):
    """2.0/FK boss fight card, or 1.0 Adventure Effects card."""

    bosses: Annotated[list[Slug], MinLen(1)]
    dungeon_effect: list[CardEffect] = field(default_factory=list)
    boss_spawn: list[CardEffect] = field(default_factory=list)
    timeout: list[CardEffect] = field(default_factory=list)
    timeout_summons: list[Summon] = field(default_factory=list)
    summoned: Annotated[
        list[Summoned], Doc("models its effects bring into play, counted up to a limit")
    ] = field(default_factory=list)
    note: Text | None = None


@frozen
class StatModifier(Strict):
    """A change a relic makes to its bearer's card: `add` is dice for a dice stat ("1R"),
    a number for MOVE, AP, HEARTS and POTIONS (may be negative)."""

    stat: ModifiedStat
    add: int | Dice

    def __post_init__(self) -> None:
        numeric = self.stat in ("MOVE", "AP", "HEARTS", "POTIONS")
        if numeric and not isinstance(self.add, int):
            raise ValueError(f"{self.stat} changes by a number, e.g. add: 2")
        if not numeric and isinstance(self.add, int):
            raise ValueError(f"{self.stat} changes by dice, e.g. add: 1R")


@frozen
class Relic(Entry):
    """Equipment the dungeon boss takes for each spawning point left when it spawns
    (1.0: a boss's Character Treasure). It takes up its equipment `slot`."""

    slot: Name
    effect: Text
    portrait: Annotated[
        list[Slug], Doc("bosses (or mini-bosses) whose portrait it bears; empty: any boss")
    ] = field(default_factory=list)
    modifiers: Annotated[
        list[StatModifier], Doc("stat changes its bearer gains, as if printed on its card")
    ] = field(default_factory=list)
    keywords: Annotated[list[Name], Doc("keywords its bearer gains")] = field(default_factory=list)
    abilities: Annotated[list[Name], Doc("abilities its bearer gains")] = field(
        default_factory=list
    )


@frozen
class Keyword(Entry):
    """A keyword's short text (in our own words); cards name keywords by `name`."""

    text: Text


@frozen
class Ability(Entry):
    """A named ability: its short text and, if it is an action, what it costs and rolls.

    `rolls` is the stat the acting model rolls and `against` the stat the target rolls
    ("WILL vs DEX"); an offensive ability without "vs" rolls against ARM."""

    text: Text
    type: Literal["offense", "support"] = "support"
    ap: Annotated[Annotated[int, Ge(0), Le(6)] | None, Doc("AP cost; None: not an action")] = None
    range: Annotated[Annotated[int, Ge(0), Le(20)] | None, Doc("1 = melee")] = None
    rolls: Stat | None = None
    against: Stat | None = None
    add: Annotated[Dice | None, Doc("dice the ability adds to its roll")] = None
    potion: Annotated[bool, Doc("a potion ability (costs a potion)")] = False

    def __post_init__(self) -> None:
        if self.against is not None and self.rolls is None:
            raise ValueError("`against` needs `rolls`: the stat the acting model rolls")


@frozen
class BonusTarget(Strict):
    """Which monsters a bonus applies to. Empty: every monster except the dungeon boss."""

    ranks: list[Literal["minion", "elite", "mini-boss", "pet"]] = field(default_factory=list)
    bits: list[SpawnBits] = field(default_factory=list)
    monsters: Annotated[list[Name], Doc("only monsters whose name contains one")] = field(
        default_factory=list
    )


@frozen
class DiceBonus(Strict):
    roll: Roll
    add: Dice


@frozen
class Bonus(Entry):
    """A Mighty Monster bonus (most are printed as reference cards)."""

    card: Annotated[bool, Doc("printed as a Mighty Monster reference card")] = False
    applies_to: BonusTarget = BonusTarget()
    dice: DiceBonus | None = None
    ability: Name | None = None
    status: Annotated[Slug | None, Doc("monsters cause this status effect")] = None
    text: Text

    def __post_init__(self) -> None:
        kinds = [k for k in (self.dice, self.ability, self.status) if k is not None]
        if len(kinds) != 1:
            raise ValueError("a bonus has exactly one of dice, ability or status")


@frozen
class StatusEffect(Entry):
    text: Text


@frozen
class ChartSpace(Strict):
    """One space of a Mighty Monster Chart (or one step of the Forgotten King ladder).

    The engine resolves a space in rule order: spawns, then bonuses, then boss sightings.
    """

    spawn: Annotated[Annotated[int, Ge(1), Le(20)] | None, Doc("skull points to spawn")] = None
    bits: list[SpawnBits] = field(default_factory=list)
    mini_boss: bool = False
    dungeon_boss: bool = False
    bonuses: list[Slug] = field(default_factory=list)
    choose_bonus: list[Slug] = field(default_factory=list)
    boss_sighting: Annotated[list[int], Doc("tile numbers, first tile = 1")] = field(
        default_factory=list
    )
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


@frozen
class Chart(Entry):
    """A Mighty Monster Chart. kind=ladder is the Forgotten King's chart of bonus steps."""

    kind: Literal["chart", "ladder"] = "chart"
    mode: Mode = "explore"
    size: ChartSize | None = None
    boss: Annotated[Slug | None, Doc("the boss this special chart belongs to")] = None
    verified: bool = False
    note: Text | None = None
    spaces: Annotated[list[ChartSpace], MinLen(1)]

    def __post_init__(self) -> None:
        if self.kind == "chart":
            bosses = [i for i, s in enumerate(self.spaces) if s.dungeon_boss]
            if len(bosses) != 1:
                raise ValueError("a chart needs exactly one dungeon_boss space")


@frozen
class PowerGauge(Entry):
    """SDE 1.0's power gauge: squares from 8-Bit through 16-Bit to Super."""

    squares: Annotated[int, Ge(3), Le(60)]
    sixteen_bit_at: Annotated[int, Ge(1)]
    super_at: Annotated[int, Ge(1)]
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


@frozen
class ContentFile(Strict):
    """One YAML file of a pack. `edition` here is the default for its entries."""

    edition: Edition | None = None
    monsters: list[Monster] = field(default_factory=list)
    spawning_points: list[SpawningPoint] = field(default_factory=list)
    mini_bosses: list[MiniBoss] = field(default_factory=list)
    dungeon_bosses: list[DungeonBoss] = field(default_factory=list)
    fight_cards: list[FightCard] = field(default_factory=list)
    relics: list[Relic] = field(default_factory=list)
    keywords: list[Keyword] = field(default_factory=list)
    abilities: list[Ability] = field(default_factory=list)
    bonuses: list[Bonus] = field(default_factory=list)
    status_effects: list[StatusEffect] = field(default_factory=list)
    charts: list[Chart] = field(default_factory=list)
    power_gauges: list[PowerGauge] = field(default_factory=list)
