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


def keyword_entry(pack: EditionPack, name: str) -> Keyword | None:
    return named(pack.keywords, name)


def ability_entry(pack: EditionPack, name: str) -> Ability | None:
    return named(pack.abilities, name)


def keyword_text(pack: EditionPack, name: str) -> str:
    """The keyword's short text, "" if the content has none."""
    entry = keyword_entry(pack, name)
    return entry.text if entry is not None else ""


def ability_text(pack: EditionPack, name: str) -> str:
    entry = ability_entry(pack, name)
    return entry.text if entry is not None else ""
