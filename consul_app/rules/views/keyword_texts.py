"""Keyword and ability texts by the name a card prints (entries' ids are slugs of names)."""

from __future__ import annotations

import re
from typing import TypeVar

from consul_app.content.models import Ability, Entry, Keyword
from consul_app.content.pack import EditionPack

E = TypeVar("E", bound=Entry)


def name_slug(name: str) -> str:
    """The id a name gets in the bundled pack: "Immune: Poison" -> "immune-poison"."""
    text = name.lower().replace("'", "").replace("\u2019", "")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def named(entries: dict[str, E], name: str) -> E | None:
    """The entry called `name` (by its slug first, then by name, ignoring case)."""
    entry = entries.get(name_slug(name))
    if entry is not None and entry.name.lower() == name.lower():
        return entry
    lowered = name.lower()
    return next((e for e in entries.values() if e.name.lower() == lowered), None)


P = TypeVar("P", Keyword, Ability)


def printed(entries: dict[str, P], name: str, card: str | None) -> P | None:
    """The entry called `name` as `card` prints it: the version whose `cards` lists the card
    (ids `slug`, `slug-2`, ... as the bundled pack gives them), else the one for every card."""
    entry = named(entries, name)
    if entry is None or card is None:
        return entry
    base = entry.id
    number = 2
    while (other := entries.get(f"{base}-{number}")) is not None:
        if card in other.cards and other.name.lower() == entry.name.lower():
            return other
        number += 1
    return entry


def keyword_entry(pack: EditionPack, name: str, card: str | None = None) -> Keyword | None:
    return printed(pack.keywords, name, card)


def ability_entry(pack: EditionPack, name: str, card: str | None = None) -> Ability | None:
    return printed(pack.abilities, name, card)


def keyword_text(pack: EditionPack, name: str, card: str | None = None) -> str:
    """The keyword's short text as `card` prints it, "" if the content has none."""
    entry = keyword_entry(pack, name, card)
    return entry.text if entry is not None else ""


def ability_text(pack: EditionPack, name: str, card: str | None = None) -> str:
    entry = ability_entry(pack, name, card)
    return entry.text if entry is not None else ""
