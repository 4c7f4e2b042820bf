"""Game content: the YAML schema (frozen msgspec Structs), loading and validating content packs.

Never imports textual or rich. `load_pack` (and with it the YAML parser and pydantic, which
validates the YAML) is imported when first used: reading a cached pack needs neither (msgspec
reads it).
"""

from typing import Any

from consul_app.content.dice import Dice
from consul_app.content.errors import ContentError, Issue
from consul_app.content.models import (
    KINDS,
    Bonus,
    BonusTarget,
    CardEffect,
    Chart,
    ChartSpace,
    ContentFile,
    DiceBonus,
    DungeonBoss,
    Edition,
    Entry,
    FightCard,
    MiniBoss,
    Monster,
    PoolEntry,
    PowerGauge,
    Relic,
    SpawningPoint,
    Stats,
    StatusEffect,
    Summon,
)
from consul_app.content.pack import ContentPack, EditionPack

__all__ = [
    "KINDS",
    "Bonus",
    "BonusTarget",
    "CardEffect",
    "Chart",
    "ChartSpace",
    "ContentError",
    "ContentFile",
    "ContentPack",
    "Dice",
    "DiceBonus",
    "DungeonBoss",
    "Edition",
    "EditionPack",
    "Entry",
    "FightCard",
    "Issue",
    "MiniBoss",
    "Monster",
    "PoolEntry",
    "PowerGauge",
    "Relic",
    "SpawningPoint",
    "Stats",
    "StatusEffect",
    "Summon",
    "load_pack",
]


def __getattr__(name: str) -> Any:
    if name == "load_pack":
        from consul_app.content.loader import load_pack

        return load_pack
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
