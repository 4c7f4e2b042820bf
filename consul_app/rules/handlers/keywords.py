"""Keywords that change the Consul's bookkeeping, found by name on a card. Here: the setup
(Reserve, Dark Nexus) and the spawning pool (Oni Guards); `views.keyword_effects` has those
that change a card's dice (Mighty, Rampage, Trophies), `boss` those that change relics
(Forge Master, Riches, Armory)."""

from __future__ import annotations

from consul_app.content.pack import EditionPack


def has_keyword(names: list[str], keyword: str) -> bool:
    """Is `keyword` among the names (also as "Keyword 2" or "Keyword (X)")?"""
    lowered = keyword.lower()
    return any(n.lower() == lowered or n.lower().startswith(lowered + " ") for n in names)


FIRST_TILE = {"Reserve": 2, "Dark Nexus": 3}
"""Spawning point keywords that keep it off the first tiles: Reserve ("may not be placed on the
first tile"), Dark Nexus ("may not begin on the first or the second tile"): the lowest tile."""


def tile_refusal(pack: EditionPack, point_id: str, tile: int) -> str | None:
    """Why a spawning point may not stand on `tile` at setup (None: it may)."""
    point = pack.spawning_points.get(point_id)
    if point is None:
        return None
    for keyword, lowest in FIRST_TILE.items():
        if has_keyword(point.keywords, keyword) and tile < lowest:
            tiles = "the first tile" if lowest == 2 else "the first two tiles"
            return f"{point.name} has {keyword}: it may not be set up on {tiles}"
    return None


def boss_pool_extras(pack: EditionPack, boss_id: str) -> dict[str, int]:
    """Monsters the dungeon boss adds to the spawning pool for the game. Oni Guards: "When
    Bomechan is the Dungeon Boss, add one Ijin Oni to the Spawning Pool"."""
    boss = pack.dungeon_bosses.get(boss_id)
    if boss is None or not has_keyword(boss.keywords, "Oni Guards"):
        return {}
    oni = next((m.id for m in pack.monsters.values() if m.name.endswith("Ijin Oni")), None)
    return {oni: 1} if oni else {}
