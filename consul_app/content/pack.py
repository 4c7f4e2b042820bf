"""A loaded, validated content pack: every entry by edition, kind and id."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Any

import msgspec

from consul_app.content.models import (
    KINDS,
    Ability,
    Bonus,
    Chart,
    DungeonBoss,
    Edition,
    Entry,
    FightCard,
    Keyword,
    MiniBoss,
    Monster,
    PowerGauge,
    Relic,
    SpawningPoint,
    StatusEffect,
)
from consul_app.content.validate import dump_json


class EditionPack(msgspec.Struct, dict=True):
    """All content of one edition, each kind a dict keyed by id (in file order).

    (A msgspec Struct, not a dataclass: a dataclass's class takes a few tenths of a
    millisecond to make, before the first frame. `dict=True`: its `_hash` is no field.)"""

    edition: Edition
    monsters: dict[str, Monster] = msgspec.field(default_factory=dict)
    spawning_points: dict[str, SpawningPoint] = msgspec.field(default_factory=dict)
    mini_bosses: dict[str, MiniBoss] = msgspec.field(default_factory=dict)
    dungeon_bosses: dict[str, DungeonBoss] = msgspec.field(default_factory=dict)
    fight_cards: dict[str, FightCard] = msgspec.field(default_factory=dict)
    relics: dict[str, Relic] = msgspec.field(default_factory=dict)
    keywords: dict[str, Keyword] = msgspec.field(default_factory=dict)
    abilities: dict[str, Ability] = msgspec.field(default_factory=dict)
    bonuses: dict[str, Bonus] = msgspec.field(default_factory=dict)
    status_effects: dict[str, StatusEffect] = msgspec.field(default_factory=dict)
    charts: dict[str, Chart] = msgspec.field(default_factory=dict)
    power_gauges: dict[str, PowerGauge] = msgspec.field(default_factory=dict)

    def kind(self, name: str) -> dict[str, Entry]:
        """The dict for a kind by its file key ("monsters", "relics", ...)."""
        return getattr(self, name)

    def content_hash(self) -> str:
        """A hash of this edition's entries (not of files: comments and other editions don't
        count), so a saved game can tell whether the content it was played with changed.
        Fields left at their defaults do not count: a content format that gains a field keeps
        the hash of content that does not use it. Computed once (a pack is not changed after
        loading)."""
        known: str | None = getattr(self, "_hash", None)  # (no field: see the class)
        if known is not None:
            return known
        digest = hashlib.sha256()
        for kind in KINDS:
            for id_, entry in sorted(self.kind(kind).items()):
                digest.update(f"{kind}\0{id_}\0".encode())
                digest.update(dump_json(entry, exclude_defaults=True))
        self._hash = digest.hexdigest()
        return self._hash

    def known_hash(self, content_hash: str) -> None:
        """Take `content_hash()` as already computed from these same entries (the cache
        stores it), so it is not computed again."""
        self._hash = content_hash


class ContentPack(msgspec.Struct):
    """Every edition's content, plus where it came from and a hash of the files."""

    editions: dict[Edition, EditionPack] = msgspec.field(default_factory=dict)
    """Every edition the content is for (`data/editions.yaml`), in its order."""
    sources: list[str] = msgspec.field(default_factory=list)
    content_hash: str = ""
    warnings: list[str] = msgspec.field(default_factory=list)
    """What loaded but looks like a mistake ("x.yaml: empty file, no content in it")."""

    @classmethod
    def of(cls, editions: Iterable[Edition], **fields: Any) -> ContentPack:
        """A pack of these editions (in this order), each empty."""
        return cls(editions={e: EditionPack(e) for e in editions}, **fields)

    def edition(self, edition: Edition) -> EditionPack:
        """The content of this edition (empty for one the content is not for)."""
        found = self.editions.get(edition)
        return EditionPack(edition) if found is None else found
