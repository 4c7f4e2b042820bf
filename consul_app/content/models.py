"""The content format: pydantic models for every kind of game content.

Every entry has a stable `id` (a slug, unique per kind and edition) and an `edition`.
A YAML file may give `edition:` once at the top; its entries inherit it.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from consul_app.content.dice import DiceField

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

Slug = Annotated[str, Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", min_length=1, max_length=80)]
Name = Annotated[str, Field(min_length=1, max_length=120)]
Text = Annotated[str, Field(min_length=1, max_length=600)]


class Strict(BaseModel):
    """Base for content: unknown fields are errors, values are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class Entry(Strict):
    """Fields every content entry has."""

    id: Slug
    edition: Edition
    name: Name


class Stats(Strict):
    """A stat card's line. Dice stats are pools; MOVE and AP are numbers."""

    move: int | None = Field(default=None, ge=0, le=20)
    ap: int | None = Field(default=None, ge=0, le=10)
    STR: DiceField | None = None
    ARM: DiceField | None = None
    WILL: DiceField | None = None
    DEX: DiceField | None = None
    ATT: DiceField | None = None  # 1.0 cards attack with ATT instead of STR


class Attack(Strict):
    """A basic attack printed on the card: the stat it rolls and its range (1 = melee).
    Basic attacks cost 1 AP and roll against the defender's ARM."""

    rolls: AttackStat
    range: int = Field(default=1, ge=0, le=20)


class Model(Entry):
    """What every miniature's card has. `keywords` and `abilities` are names; their texts and
    facts are entries of the kinds `keywords` and `abilities` of the same edition."""

    bits: Bits
    hearts: int = Field(ge=1, le=40)
    skull_points: int = Field(default=0, ge=0, le=20)
    base: Base = "small"
    stats: Stats = Stats()
    attacks: list[Attack] = []
    defends_with: list[Stat] = Field(
        default=[], description="the stat(s) it defends basic attacks with; empty: ARM"
    )
    keywords: list[Name] = []
    abilities: list[Name] = []


class Monster(Model):
    """A monster that can be in the spawning pool (or a pet)."""

    rank: Literal["minion", "elite", "denizen", "pet"]
    bits: Literal["8-bit", "16-bit"]
    warband: Name | None = None
    note: Text | None = None


class PoolEntry(Strict):
    """How many of one monster a spawning point adds to the spawning pool."""

    monster: Slug
    count: int = Field(ge=1, le=20)


class SpawningPoint(Entry):
    """A spawning point and the spawning pool it brings."""

    hearts: int = Field(ge=1, le=40)
    base: Base = "small"
    stats: Stats = Stats()
    defends_with: list[Stat] = Field(
        default=[], description="the stat(s) it defends basic attacks with; empty: ARM"
    )
    keywords: list[Name] = []
    abilities: list[Name] = []
    models: int = Field(default=1, ge=1, le=4, description="spawning point models it comes with")
    paired: bool = False
    paired_with: list[Slug] = Field(
        default=[], description="spawning points that may stand as its pair (itself included)"
    )
    pool: list[PoolEntry] = Field(min_length=1)
    note: Text | None = None

    @model_validator(mode="after")
    def _pairing(self) -> SpawningPoint:
        if self.paired and not self.paired_with:
            raise ValueError("a paired spawning point needs paired_with")
        return self


class MiniBoss(Model):
    bits: Bits = "super"


class DungeonBoss(Model):
    bits: Bits = "super"
    fight_card: Slug = Field(description="id of its boss fight card (1.0: Adventure Effects)")
    chart: Slug | None = Field(default=None, description="its own Mighty Monster Chart, if any")
    companion: bool = Field(default=False, description="comes with another boss, not chosen alone")


class CardEffect(Strict):
    """One named effect on a boss fight card, in short words."""

    name: Name
    text: Text


class Summon(Strict):
    monster: Slug
    count: int = Field(ge=1, le=20)


class Summoned(Strict):
    """Models a fight card brings into play ("until four are out"): never more than `up_to`."""

    name: Name
    up_to: int = Field(ge=1, le=20)


class FightCard(Entry):
    """2.0/FK boss fight card, or 1.0 Adventure Effects card."""

    bosses: list[Slug] = Field(min_length=1)
    dungeon_effect: list[CardEffect] = []
    boss_spawn: list[CardEffect] = []
    timeout: list[CardEffect] = []
    timeout_summons: list[Summon] = []
    summoned: list[Summoned] = Field(
        default=[], description="models its effects bring into play, counted up to a limit"
    )
    note: Text | None = None


class StatModifier(Strict):
    """A change a relic makes to its bearer's card: `add` is dice for a dice stat ("1R"),
    a number for MOVE, AP, HEARTS and POTIONS (may be negative)."""

    stat: ModifiedStat
    add: int | DiceField

    @model_validator(mode="after")
    def _matches_stat(self) -> StatModifier:
        numeric = self.stat in ("MOVE", "AP", "HEARTS", "POTIONS")
        if numeric and not isinstance(self.add, int):
            raise ValueError(f"{self.stat} changes by a number, e.g. add: 2")
        if not numeric and isinstance(self.add, int):
            raise ValueError(f"{self.stat} changes by dice, e.g. add: 1R")
        return self


class Relic(Entry):
    """Equipment the dungeon boss takes for each spawning point left when it spawns
    (1.0: a boss's Character Treasure). It takes up its equipment `slot`."""

    slot: Name
    effect: Text
    portrait: list[Slug] = Field(
        default=[], description="bosses (or mini-bosses) whose portrait it bears; empty: any boss"
    )
    modifiers: list[StatModifier] = Field(
        default=[], description="stat changes its bearer gains, as if printed on its card"
    )
    keywords: list[Name] = Field(default=[], description="keywords its bearer gains")
    abilities: list[Name] = Field(default=[], description="abilities its bearer gains")


class Keyword(Entry):
    """A keyword's short text (in our own words); cards name keywords by `name`."""

    text: Text


class Ability(Entry):
    """A named ability: its short text and, if it is an action, what it costs and rolls.

    `rolls` is the stat the acting model rolls and `against` the stat the target rolls
    ("WILL vs DEX"); an offensive ability without "vs" rolls against ARM."""

    text: Text
    type: Literal["offense", "support"] = "support"
    ap: int | None = Field(default=None, ge=0, le=6, description="AP cost; None: not an action")
    range: int | None = Field(default=None, ge=0, le=20, description="1 = melee")
    rolls: Stat | None = None
    against: Stat | None = None
    add: DiceField | None = Field(default=None, description="dice the ability adds to its roll")
    potion: bool = Field(default=False, description="a potion ability (costs a potion)")

    @model_validator(mode="after")
    def _against_needs_rolls(self) -> Ability:
        if self.against is not None and self.rolls is None:
            raise ValueError("`against` needs `rolls`: the stat the acting model rolls")
        return self


class BonusTarget(Strict):
    """Which monsters a bonus applies to. Empty: every monster except the dungeon boss."""

    ranks: list[Literal["minion", "elite", "mini-boss", "pet"]] = []
    bits: list[SpawnBits] = []
    monsters: list[Name] = Field(default=[], description="only monsters whose name contains one")


class DiceBonus(Strict):
    roll: Roll
    add: DiceField


class Bonus(Entry):
    """A Mighty Monster bonus (most are printed as reference cards)."""

    card: bool = Field(default=False, description="printed as a Mighty Monster reference card")
    applies_to: BonusTarget = BonusTarget()
    dice: DiceBonus | None = None
    ability: Name | None = None
    status: Slug | None = Field(default=None, description="monsters cause this status effect")
    text: Text

    @model_validator(mode="after")
    def _one_kind(self) -> Bonus:
        kinds = [k for k in (self.dice, self.ability, self.status) if k is not None]
        if len(kinds) != 1:
            raise ValueError("a bonus has exactly one of dice, ability or status")
        return self


class StatusEffect(Entry):
    text: Text


class ChartSpace(Strict):
    """One space of a Mighty Monster Chart (or one step of the Forgotten King ladder).

    The engine resolves a space in rule order: spawns, then bonuses, then boss sightings.
    """

    spawn: int | None = Field(default=None, ge=1, le=20, description="skull points to spawn")
    bits: list[SpawnBits] = []
    mini_boss: bool = False
    dungeon_boss: bool = False
    bonuses: list[Slug] = []
    choose_bonus: list[Slug] = []
    boss_sighting: list[int] = Field(default=[], description="tile numbers, first tile = 1")
    colour: Name | None = None
    note: Text | None = None

    @field_validator("boss_sighting")
    @classmethod
    def _tiles(cls, tiles: list[int]) -> list[int]:
        if any(t < 1 or t > 12 for t in tiles):
            raise ValueError("tiles are numbered from 1 to 12")
        return tiles

    @model_validator(mode="after")
    def _consistent(self) -> ChartSpace:
        if self.spawn is not None and not self.bits:
            raise ValueError("a spawn needs bits: [8-bit], [16-bit] or both")
        if self.bits and self.spawn is None:
            raise ValueError("bits are given but no spawn")
        if len(self.choose_bonus) == 1:
            raise ValueError("choose_bonus needs at least two options")
        return self

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


class Chart(Entry):
    """A Mighty Monster Chart. kind=ladder is the Forgotten King's chart of bonus steps."""

    kind: Literal["chart", "ladder"] = "chart"
    mode: Mode = "explore"
    size: ChartSize | None = None
    boss: Slug | None = Field(default=None, description="the boss this special chart belongs to")
    verified: bool = False
    note: Text | None = None
    spaces: list[ChartSpace] = Field(min_length=1)

    @model_validator(mode="after")
    def _boss_space(self) -> Chart:
        if self.kind == "chart":
            bosses = [i for i, s in enumerate(self.spaces) if s.dungeon_boss]
            if len(bosses) != 1:
                raise ValueError("a chart needs exactly one dungeon_boss space")
        return self


class PowerGauge(Entry):
    """SDE 1.0's power gauge: squares from 8-Bit through 16-Bit to Super."""

    squares: int = Field(ge=3, le=60)
    sixteen_bit_at: int = Field(ge=1)
    super_at: int = Field(ge=1)
    verified: bool = False
    note: Text | None = None

    @model_validator(mode="after")
    def _order(self) -> PowerGauge:
        if not (1 <= self.sixteen_bit_at < self.super_at <= self.squares):
            raise ValueError("need 1 <= sixteen_bit_at < super_at <= squares")
        return self


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


class ContentFile(Strict):
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
