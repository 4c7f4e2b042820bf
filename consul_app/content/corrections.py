"""A chart space in a line of words, and a corrected chart as the YAML of the Consul's own
content: what the chart correction screen reads and writes (pure: no I/O).

A space is written as parts separated by ";", e.g. `spawn 4 8B 16B; mini-boss; sighting 1 2`:

    spawn N 8B 16B      spawn N skull points of those bits      mini-boss   Spawn Mini-Boss
    bonus ID ...        monsters gain these bonuses             boss        Spawn Dungeon Boss
    choose ID ID ...    choose one of these bonuses             colour C    a coloured space
    sighting T ...      boss sighting on these tiles (first tile = 1)

`bonus` and `sighting` may be repeated: their ids and tiles add up (`bonus A; bonus B` is
`bonus A B`). The other parts come once per space; a second one is refused, never dropped.
"""

from __future__ import annotations

from typing import Any

import msgspec

from consul_app.content.models import Chart, ChartSpace
from consul_app.content.pack import ContentPack
from consul_app.content.validate import changed_fields, validate

BITS = {"8b": "8-bit", "16b": "16-bit", "8-bit": "8-bit", "16-bit": "16-bit"}
MARK = "# Written by Consul: a chart corrected against the printed board."
"""The first line of every file the correction writes (only those may be replaced)."""
ABOUT = "# It overrides the bundled chart of its id; edit it here, or in Consul (v)."


class SpaceError(ValueError):
    """A space's words that cannot be read; the message says which part and why."""


def space_text(space: ChartSpace) -> str:
    """The space in the words `parse_space` reads."""
    parts = []
    if space.spawn is not None:
        bits = " ".join({"8-bit": "8B", "16-bit": "16B"}[b] for b in space.bits)
        parts.append(f"spawn {space.spawn} {bits}")
    if space.mini_boss:
        parts.append("mini-boss")
    if space.dungeon_boss:
        parts.append("boss")
    if space.bonuses:
        parts.append("bonus " + " ".join(space.bonuses))
    if space.choose_bonus:
        parts.append("choose " + " ".join(space.choose_bonus))
    if space.boss_sighting:
        parts.append("sighting " + " ".join(map(str, space.boss_sighting)))
    if space.colour:
        parts.append(f"colour {space.colour}")
    return "; ".join(parts)


def parse_space(text: str, bonuses: set[str], base: ChartSpace | None = None) -> ChartSpace:
    """The space these words describe (`base` keeps its note). Bonus ids must be in `bonuses`.
    Raises `SpaceError` naming the part that is wrong."""
    fields: dict[str, Any] = {"note": base.note} if base is not None and base.note else {}
    for part in filter(None, (p.strip() for p in text.split(";"))):
        word, *rest = part.split()
        word = word.lower()
        _read_part(ALIASES.get(word, word), rest, part, bonuses, fields)
    try:
        return validate(ChartSpace, fields)
    except ValueError as err:  # pydantic's ValidationError (imported only when one is checked)
        problems = err.errors()  # type: ignore[attr-defined]
        reasons = "; ".join(str(e["msg"]).removeprefix("Value error, ") for e in problems)
        raise SpaceError(reasons) from None


ALIASES = {"mini": "mini-boss", "dungeon-boss": "boss", "color": "colour"}
"""Other words for a part."""
ONCE = {
    "spawn": ("spawn", "give its skull points and bits in one part, e.g. 'spawn 4 8B 16B'"),
    "mini-boss": ("mini_boss", "write it once"),
    "boss": ("dungeon_boss", "write it once"),
    "choose": ("choose_bonus", "put every option in one part, e.g. 'choose ID ID ID'"),
    "colour": ("colour", "write it once"),
}
"""Parts a space has at most once: the field each sets, and what to write instead."""


def _read_part(
    word: str, rest: list[str], part: str, bonuses: set[str], fields: dict[str, Any]
) -> None:
    once = ONCE.get(word)
    if once is not None and once[0] in fields:
        raise SpaceError(f"{part!r}: a space has one {word!r}; {once[1]}")
    if word == "spawn":
        if not rest or not rest[0].isdigit():
            raise SpaceError(f"{part!r}: say how many skull points, e.g. 'spawn 4 8B'")
        unknown = [b for b in rest[1:] if b.lower() not in BITS]
        if unknown:
            raise SpaceError(f"{part!r}: bits are 8B and 16B, not {unknown[0]!r}")
        fields["spawn"] = int(rest[0])
        fields["bits"] = list(dict.fromkeys(BITS[b.lower()] for b in rest[1:]))
    elif word == "mini-boss":
        fields["mini_boss"] = True
    elif word == "boss":
        fields["dungeon_boss"] = True
    elif word in ("bonus", "choose"):
        unknown = [b for b in rest if b not in bonuses]
        if unknown:
            raise SpaceError(f"{part!r}: no bonus {unknown[0]!r} in this edition's content")
        if word == "bonus":
            fields["bonuses"] = [*fields.get("bonuses", []), *rest]
        else:
            fields["choose_bonus"] = rest
    elif word == "sighting":
        if not rest or not all(t.isdigit() for t in rest):
            raise SpaceError(f"{part!r}: give tile numbers, e.g. 'sighting 1 2'")
        fields["boss_sighting"] = [*fields.get("boss_sighting", []), *map(int, rest)]
    elif word == "colour":
        fields["colour"] = " ".join(rest)
    else:
        raise SpaceError(
            f"{part!r}: a part starts with spawn, mini-boss, boss, bonus, choose, sighting "
            "or colour"
        )


def chart_yaml(chart: Chart) -> str:
    """The chart as a content file of its own (its edition once at the top), marked as
    written by the correction."""
    import yaml  # only when a correction is saved: the table screen imports this module

    entry = changed_fields(chart)
    del entry["edition"]
    entry = {"id": entry.pop("id"), "name": entry.pop("name"), **entry}
    entry["spaces"] = [changed_fields(s) for s in chart.spaces]
    body = yaml.safe_dump(
        {"edition": chart.edition, "charts": [entry]}, sort_keys=False, allow_unicode=True
    )
    return f"{MARK}\n{ABOUT}\n{body}"


def with_chart(content: ContentPack, chart: Chart) -> ContentPack:
    """A copy of `content` with `chart` in place of the chart of its id (the games already in
    play keep the edition packs they started with)."""
    old = content.edition(chart.edition)
    edition = msgspec.structs.replace(old, charts={**old.charts, chart.id: chart})
    editions = {**content.editions, chart.edition: edition}
    return msgspec.structs.replace(content, editions=editions)
