"""Finding a keyword among a card's names (the engine acts on some: see `views.keyword_effects`
for those that change a card's dice, `boss` for those that change relics)."""

from __future__ import annotations


def has_keyword(names: list[str], keyword: str) -> bool:
    """Is `keyword` among the names (also as "Keyword 2" or "Keyword (X)")?"""
    lowered = keyword.lower()
    return any(n.lower() == lowered or n.lower().startswith(lowered + " ") for n in names)
