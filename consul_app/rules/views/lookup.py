"""Look up any keyword, ability, status effect, relic (1.0: treasure), monster or boss by a
few letters of its name, with its text."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from consul_app.content.models import (
    Ability,
    DungeonBoss,
    Entry,
    Keyword,
    MiniBoss,
    Monster,
    Relic,
    SpawningPoint,
    StatusEffect,
)
from consul_app.content.pack import EditionPack
from consul_app.rules.names import bits_name

LOOKUP_KINDS = (
    "keyword",
    "ability",
    "status effect",
    "relic",
    "treasure",
    "monster",
    "spawning point",
    "mini-boss",
    "dungeon boss",
)


@dataclass(frozen=True)
class LookupHit:
    """A match: its `kind` (one of LOOKUP_KINDS), id, name and text (a model: a short summary;
    open its card with `card(pack, state, id)`)."""

    kind: str
    id: str
    name: str
    text: str


def lookup(pack: EditionPack, query: str, limit: int = 50) -> list[LookupHit]:
    """Entries whose name matches `query` (case ignored): names that start with it first, then
    those with a word that starts with it, then those that contain it; shorter names first
    within each. An empty query finds nothing."""
    needle = " ".join(query.lower().split())
    if not needle:
        return []
    ranked: list[tuple[int, int, str, int, str, Entry]] = []
    for order, (kind, entry) in enumerate(_entries(pack)):
        name = entry.name.lower()
        if name.startswith(needle):
            rank = 0
        elif any(w.startswith(needle) for w in _words(name)):
            rank = 1
        elif needle in name:
            rank = 2
        else:
            continue
        ranked.append((rank, len(name), name, order, kind, entry))
    ranked.sort(key=lambda r: r[:4])
    return [LookupHit(r[4], r[5].id, r[5].name, _text(pack, r[5])) for r in ranked[:limit]]


def _words(name: str) -> list[str]:
    return name.replace("-", " ").replace("(", " ").replace(":", " ").split()


def _entries(pack: EditionPack) -> Iterator[tuple[str, Entry]]:
    relic_kind = "treasure" if pack.edition == "classic" else "relic"
    for kind, entries in (
        ("keyword", pack.keywords),
        ("ability", pack.abilities),
        ("status effect", pack.status_effects),
        (relic_kind, pack.relics),
        ("monster", pack.monsters),
        ("spawning point", pack.spawning_points),
        ("mini-boss", pack.mini_bosses),
        ("dungeon boss", pack.dungeon_bosses),
    ):
        for entry in entries.values():
            yield kind, entry


def _text(pack: EditionPack, entry: Entry) -> str:
    if isinstance(entry, (Keyword, Ability, StatusEffect)):
        return entry.text
    if isinstance(entry, Relic):
        return f"{entry.slot}: {entry.effect}"
    return model_summary(entry)  # type: ignore[arg-type]


def model_summary(model: Monster | MiniBoss | DungeonBoss | SpawningPoint) -> str:
    """ "Minion, 8-Bit, 1 skull point, 1 heart. MOVE 6 AP 1 STR 2B ARM 1ST ..."."""
    parts: list[str] = []
    if isinstance(model, Monster):
        parts.append(f"{model.rank.capitalize()}, {bits_name(model.bits)}")
        points = model.skull_points
        parts.append(f"{points} skull point{'s' if points != 1 else ''}")
    elif isinstance(model, (MiniBoss, DungeonBoss)):
        parts.append(bits_name(model.bits))
    parts.append(f"{model.hearts} heart{'s' if model.hearts != 1 else ''}")
    stats = model.stats
    line = [
        f"{key} {value}"
        for key, value in (("MOVE", stats.move), ("AP", stats.ap))
        if value is not None
    ]
    line += [
        f"{s} {getattr(stats, s)}"
        for s in ("STR", "ATT", "ARM", "WILL", "DEX")
        if getattr(stats, s) is not None
    ]
    text = ", ".join(parts) + "."
    if line:
        text += " " + " ".join(line) + "."
    if model.keywords:
        text += " " + ", ".join(model.keywords) + "."
    return text
