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
from consul_app.rules.editions import edition
from consul_app.rules.model.names import bits_name
from consul_app.rules.views.keyword_texts import name_slug

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
    "fight-card model",
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
    ranked: list[tuple[int, int, str, int, str, Entry | None]] = []
    extra: dict[int, tuple[str, str, str]] = {}
    for kind, entry in _entries(pack):
        name = entry.name.lower()
        if needle not in name:  # (most names: one test, no word split)
            continue
        rank = 0 if name.startswith(needle) else 1 if _word_starts(name, needle) else 2
        ranked.append((rank, len(name), name, len(ranked), kind, entry))
    for model_id, name, text in _fight_models(pack):
        rank = _rank(name.lower(), needle)
        if rank is not None:
            ranked.append((rank, len(name), name.lower(), len(ranked), "fight-card model", None))
            extra[len(ranked) - 1] = (model_id, name, text)
    ranked.sort(key=lambda r: r[:4])
    hits = []
    for r in ranked[:limit]:
        entry = r[5]
        if entry is None:
            model_id, name, text = extra[r[3]]
            hits.append(LookupHit(r[4], model_id, name, text))
        else:
            hits.append(LookupHit(r[4], entry.id, entry.name, _text(pack, entry)))
    return hits


def _rank(name: str, needle: str) -> int | None:
    """0: the name starts with it; 1: a word does; 2: it is inside; None: no match."""
    if needle not in name:
        return None
    return 0 if name.startswith(needle) else 1 if _word_starts(name, needle) else 2


def _word_starts(name: str, needle: str) -> bool:
    return any(w.startswith(needle) for w in _words(name))


def _fight_models(pack: EditionPack) -> Iterator[tuple[str, str, str]]:
    """(id, name, text) of the models fight cards bring that have no stat card: what is known
    of them and which printed card to play them from."""
    for fight_card in pack.fight_cards.values():
        for model in fight_card.models:
            yield f"{fight_card.id}:{name_slug(model.name)}", model.name, model.text


def _words(name: str) -> list[str]:
    return name.replace("-", " ").replace("(", " ").replace(":", " ").split()


def _entries(pack: EditionPack) -> Iterator[tuple[str, Entry]]:
    relic_kind = edition(pack.edition).words.relic
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
    hearts_note = getattr(model, "hearts_note", None)
    if hearts_note:
        text += f" Hearts: {hearts_note}"
    return text
