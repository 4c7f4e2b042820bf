"""Name checks: every keyword and ability a card, a relic or a bonus names must be known in its
edition, so that a misspelt name is caught at load instead of showing a card without its text.

Known are the names of the edition's `keywords` and `abilities` entries (bundled or the
Consul's own: defining an entry is how a new one is added), the keywords the engine applies by
name (`ENGINE_KEYWORDS`, `Immune: <status effect>`), and a known name with another value
("Missile 7" when "Missile 6" is known). Names are compared ignoring case, as cards find their
texts. Like `crossref`, the checks run on the entries as written (dicts).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from consul_app.content.crossref import EntryKey
from consul_app.content.errors import Loc
from consul_app.content.immunity import immunity

ENGINE_KEYWORDS = (
    "Reserve",
    "Dark Nexus",
    "Oni Guards",
    "Forge Master",
    "Riches",
    "Mighty",
    "Rampage",
    "The Consul's Wrath",
    "Trophies",
    "Spirit Call",
    "Death Lord",
)
"""Keywords the engine applies by name (`rules.handlers.keywords.has_keyword`): known in every
edition, with or without an entry of their own (a test checks the engine names no other)."""

_VALUE = re.compile(r"\s+(?:\d+\+?|X|\(.*\))$", re.IGNORECASE)
"""A value printed after a keyword's name: "Missile 6", "Potion Stash 3", "Reach (X)"."""

NAMED: dict[str, tuple[tuple[str, str], ...]] = {
    "monsters": (("keywords", "keyword"), ("abilities", "ability")),
    "spawning_points": (("keywords", "keyword"), ("abilities", "ability")),
    "mini_bosses": (("keywords", "keyword"), ("abilities", "ability")),
    "dungeon_bosses": (("keywords", "keyword"), ("abilities", "ability")),
    "relics": (("keywords", "keyword"), ("abilities", "ability")),
    "bonuses": (("ability", "either"),),
}
"""Per kind, its fields that name keywords or abilities, and which they name (a bonus's
`ability` is a keyword or an ability the monsters gain)."""


def base_name(name: str) -> str:
    """The name without a printed value, in lower case: "Missile 6" -> "missile"."""
    return _VALUE.sub("", name.strip()).casefold()


@dataclass
class Known:
    """The names one edition knows, by what they name."""

    names: dict[str, dict[str, str]] = field(default_factory=lambda: {"keyword": {}, "ability": {}})
    """Per "keyword"/"ability": every known name in lower case (and without its value) -> the
    name as written."""
    statuses: set[str] = field(default_factory=set)
    """Status effect names, lower case (`Immune: <name>`)."""

    def add(self, what: str, name: str) -> None:
        for key in (name.strip().casefold(), base_name(name)):
            self.names[what].setdefault(key, name)

    def knows(self, what: str, name: str) -> bool:
        lowered = name.strip().casefold()
        known = self.names[what]
        return lowered in known or base_name(lowered) in known or self._engine(lowered)

    def _engine(self, lowered: str) -> bool:
        if base_name(lowered) in _ENGINE:
            return True
        found = immunity(lowered)  # the engine keeps status effects off with these
        if found is None:
            return False
        named = found.status if found.status is not None else found.spared
        return named is None or named in self.statuses

    def suggest(self, what: Iterable[str], name: str) -> str | None:
        """The known name closest to `name` (difflib), or None."""
        written = {k: v for w in what for k, v in self.names[w].items()}
        written.update((k.casefold(), k) for k in ENGINE_KEYWORDS)
        close = difflib.get_close_matches(name.strip().casefold(), list(written), n=1)
        return written[close[0]] if close else None


_ENGINE = {k.casefold() for k in ENGINE_KEYWORDS}
SINGULAR = {"keywords": "keyword", "abilities": "ability"}
PLURAL = {"keyword": "keywords", "ability": "abilities"}
ARTICLE = {"keyword": "a keyword", "ability": "an ability"}


def known_names(entries: Mapping[EntryKey, Any]) -> dict[str, Known]:
    """Per edition, the names its `keywords`, `abilities` and `status_effects` entries give."""
    known: dict[str, Known] = {}
    for (kind, edition, _), item in entries.items():
        if kind not in SINGULAR and kind != "status_effects":
            continue
        name = item.get("name") if isinstance(item, dict) else None
        if not isinstance(name, str):
            continue
        names = known.get(edition) or known.setdefault(edition, Known())
        if kind == "status_effects":
            names.statuses.add(name.strip().casefold())
        else:
            names.add(SINGULAR[kind], name)
    return known


def find_unknown(
    entries: Mapping[EntryKey, Any], known: Mapping[str, Known]
) -> Iterator[tuple[EntryKey, Loc, str]]:
    """(entry, path in the entry, message) for every keyword or ability name not known."""
    for key, item in entries.items():
        fields = NAMED.get(key[0])
        if fields is None or not isinstance(item, dict):
            continue
        edition = key[1]
        names = known.get(edition) or Known()
        for name_field, what in fields:
            value = item.get(name_field)
            listed = enumerate(value) if isinstance(value, list) else [(None, value)]
            for index, name in listed:
                if not isinstance(name, str) or not name.strip():
                    continue  # (the wrong type is validation's business)
                message = _unknown(names, what, name, edition)
                if message is not None:
                    yield key, (name_field,) if index is None else (name_field, index), message


def _unknown(names: Known, what: str, name: str, edition: str) -> str | None:
    """Why `name`, given as `what`, is not known (None: it is)."""
    whats = ("keyword", "ability") if what == "either" else (what,)
    if names.knows(whats[0], name) or names.knows(whats[-1], name):
        return None
    noun = "keyword or ability" if what == "either" else what
    other = "ability" if what == "keyword" else "keyword"
    if what != "either" and names.knows(other, name):
        return (
            f"'{name}' is {ARTICLE[other]} in {edition}, not {ARTICLE[what]}: "
            f"list it under {PLURAL[other]}"
        )
    close = names.suggest(whats, name)
    hint = f" (did you mean '{close}'?)" if close else ""
    where = "keywords: or abilities:" if what == "either" else f"{PLURAL[what]}:"
    return f"unknown {noun} '{name}' in {edition}{hint}; to add your own, define it under {where}"
