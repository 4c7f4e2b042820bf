"""Reference checks: every id an entry names must exist in the same edition of the pack.

Checks run on the entries as written (dicts), so an entry that failed validation still has
its references checked, and an id that exists but is invalid is not reported as unknown.
"""

from __future__ import annotations

import difflib
from collections.abc import Collection, Iterator, Mapping
from typing import Any

from consul_app.content.errors import Loc

EACH = "*"
"""In a reference pattern: every item of a list."""

BOSSES = ("dungeon_bosses", "mini_bosses")

Rule = tuple[tuple[str, ...], tuple[str, ...], str]
"""(where an entry names an id, the kinds that id may be, what to call it in a message)."""

REFERENCES: dict[str, list[Rule]] = {
    "spawning_points": [
        (("pool", EACH, "monster"), ("monsters",), "monster"),
        (("paired_with", EACH), ("spawning_points",), "spawning point"),
    ],
    "dungeon_bosses": [
        (("fight_card",), ("fight_cards",), "fight card"),
        (("chart",), ("charts",), "chart"),
    ],
    "fight_cards": [
        (("bosses", EACH), ("dungeon_bosses",), "dungeon boss"),
        (("timeout_summons", EACH, "monster"), ("monsters",), "monster"),
        (("with_bosses", EACH, "boss"), ("dungeon_bosses",), "dungeon boss"),
    ],
    "relics": [(("portrait", EACH), BOSSES, "boss or mini-boss")],
    "bonuses": [(("status",), ("status_effects",), "status effect")],
    "charts": [
        (("boss",), ("dungeon_bosses",), "dungeon boss"),
        (("spaces", EACH, "bonuses", EACH), ("bonuses",), "bonus"),
        (("spaces", EACH, "choose_bonus", EACH), ("bonuses",), "bonus"),
    ],
}
"""Per kind, the rules for the ids its entries name."""

EntryKey = tuple[str, str, str]
"""(kind, edition, id)."""


def find_dangling(
    entries: Mapping[EntryKey, Any], known: Mapping[tuple[str, str], Collection[str]]
) -> Iterator[tuple[EntryKey, Loc, str]]:
    """(entry, path in the entry, message) for every reference to an unknown id.

    `entries` maps each entry's key to its data; `known` maps (edition, kind) to its ids.
    """
    for key, item in entries.items():
        kind, edition, _ = key
        for pattern, targets, noun in REFERENCES.get(kind, ()):
            for loc, ref in _named(item, pattern, ()):
                if not any(ref in known.get((edition, target), ()) for target in targets):
                    hint = _suggest(ref, [i for t in targets for i in known.get((edition, t), ())])
                    yield key, loc, f"unknown {noun} '{ref}' in {edition}{hint}"


def _named(value: Any, pattern: tuple[str, ...], loc: Loc) -> Iterator[tuple[Loc, str]]:
    """The ids found along `pattern` (values of the wrong type are validation's business)."""
    if not pattern:
        if isinstance(value, str):
            yield loc, value
        return
    step, rest = pattern[0], pattern[1:]
    if step == EACH and isinstance(value, list):
        for index, item in enumerate(value):
            yield from _named(item, rest, (*loc, index))
    elif isinstance(value, dict) and step in value:
        yield from _named(value[step], rest, (*loc, step))


def _suggest(ref: str, ids: list[str]) -> str:
    close = difflib.get_close_matches(ref, ids, n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""
