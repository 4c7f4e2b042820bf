"""Keyword and ability entries, and relic modifiers, for scripts/convert_reference.py.

Texts come from scripts/texts/<edition>/keywords.yaml and abilities.yaml (exact card name ->
our own short text). Ability facts come from the reference's ability rows: the type, the AP
cost, the range, and the stats it rolls: "X vs Y" in its text, else the attack icon it opens
with (SW: STR, MI: DEX, MA: WILL), else the DB's attribute column for an offensive ability.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

CARD_FILES = [
    ("monsters.json", "monsters"),
    ("mini_bosses.json", "mini_bosses"),
    ("bosses.json", "bosses"),
    ("spawning_points.json", "spawning_points"),
    ("relics.json", "relics"),
    ("treasure.json", "treasure"),
]
VS = re.compile(r"\b(STR|DEX|WILL|ARM|ATT)\s+vs\.?\s+(STR|DEX|WILL|ARM)\b")
ICON = re.compile(r"^(?:\+?\s*)?(?:DANGEROUS,\s*)?(\d*)\s*(SW|MI|MA)\s*(\d*)\b", re.IGNORECASE)
RANGE = re.compile(
    r"\b(\d+)\s*(?:SW|MI|MA|RG|RNG|RANGE)\b|\b(?:SW|MI|MA|RANGE|Range|Missle|Magic)\s*(\d+)\b"
)
OWN_DICE = re.compile(r"^\+\s*(\d*\s*(?:ST|B|R|G))\s+(STR|DEX|WILL|ATT|Attack|Strength)$")
ICON_STATS = {"SW": "STR", "MI": "DEX", "MA": "WILL"}
ATTRIBUTES = {"Strength": "STR", "Dexterity": "DEX", "Will": "WILL"}
DICE_STATS = {"STR", "ARM", "WILL", "DEX", "ATT"}
NUMBER_STATS = {"MOVE", "AP", "HEARTS", "POTIONS"}
DICE = re.compile(r"^\+?(\d+)\s*(ST|B|R|G)$", re.IGNORECASE)


def ability_rows(ref: Path, folder: str) -> dict[str, list[dict[str, Any]]]:
    """Every ability row of the edition's card files, by name."""
    rows: dict[str, list[dict[str, Any]]] = {}
    for fname, _ in CARD_FILES:
        path = ref / folder / fname
        if not path.exists():
            continue
        data = json.loads(path.read_text(encoding="utf-8"))
        for name, variants in data.get("ability_texts", {}).items():
            rows.setdefault(name, []).extend(v for v in variants if isinstance(v, dict))
    return rows


def explore_row(variants: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The Explore printing (else Default, else any but Arcade)."""
    for mode in ("Explore", "Default"):
        for row in variants:
            if row.get("play_mode") == mode:
                return row
    return next((r for r in variants if r.get("play_mode") != "Arcade"), None)


def ability_facts(row: dict[str, Any] | None, ed: str) -> dict[str, Any]:
    """type, ap, range, rolls, against, add, potion of one ability row."""
    if row is None:
        return {}
    text = row.get("text") or ""
    offense = row.get("type") == "Offense" and not re.match(r"^\s*augment\b", text, re.I)
    facts: dict[str, Any] = {"type": "offense" if offense else "support"}
    if row.get("resource") == "Potion":
        facts["potion"] = True
    if isinstance(row.get("cost"), int) and row.get("resource") in ("Action", "Potion"):
        facts["ap"] = min(row["cost"], 6)
    rng = _range(text, row.get("range"))
    if rng is not None:
        facts["range"] = rng
    rolls, against = _stats(text, row.get("attribute"), facts["type"], ed)
    if rolls:
        facts["rolls"] = rolls
    if against:
        facts["against"] = against
    own = _own_dice(text, rolls)
    if own:
        facts["add"] = own
    return facts


def _range(text: str, column: Any) -> int | None:
    match = RANGE.search(text)
    if match:
        value = int(match.group(1) or match.group(2))
        return value if 0 < value <= 20 else None
    if isinstance(column, int) and 0 < column <= 20:
        return column
    return None


def _stats(text: str, attribute: str | None, kind: str, ed: str) -> tuple[str | None, str | None]:
    vs = VS.search(text)
    if vs:
        return vs.group(1), vs.group(2)
    if re.match(r"^\s*augment\b", text, re.IGNORECASE):  # a support effect: it rolls nothing
        return None, None
    if kind != "offense":
        return None, None
    icon = ICON.match(text.strip())
    if icon:
        return ICON_STATS[icon.group(2).upper()], None
    if re.match(r"^\s*Miss(i)?le\b", text):
        return "DEX", None
    if re.match(r"^\s*Magic\b", text):
        return "WILL", None
    if attribute == "Attack":
        return ("ATT" if ed == "classic" else "STR"), None
    return ATTRIBUTES.get(attribute or ""), None


def _own_dice(text: str, rolls: str | None) -> str | None:
    """ "+1R STR" as a term of the ability's first clause, for the stat it rolls."""
    if rolls is None:
        return None
    first = text.split(".")[0]
    for term in first.split(","):
        match = OWN_DICE.match(term.strip())
        if match is None:
            continue
        stat = {"Attack": "ATT" if rolls == "ATT" else "STR", "Strength": "STR"}.get(
            match.group(2), match.group(2)
        )
        if stat == rolls:
            dice = match.group(1).replace(" ", "").upper()
            return dice if dice[0].isdigit() else f"1{dice}"  # "+ST DEX": one star
    return None


OWN_FILE = {
    "monsters": "monsters.json",
    "spawning_points": "monsters.json",
    "mini_bosses": "mini_bosses.json",
    "dungeon_bosses": "bosses.json",
}
"""The reference file that holds the rows of a card of each kind (relics: `relic_file`)."""
VARIANT = " @ "
"""A text key "Pile-On @ black-handed-henry": the text of the printing on that card (and on the
other cards that print the name the same way), when another printing of the name differs."""
DICE_TOKEN = re.compile(r"(?<![A-Za-z0-9])(?:\+\s*(\d*)|(\d+))\s*(ST|B|R|G)(?![A-Za-z0-9])", re.I)
ARCADE_ASIDE = re.compile(r"\(Arcade:[^)]*\)", re.IGNORECASE)
"""An Explore row's aside with the Arcade wording ("(Arcade: ... 1ST)"): never read."""
AREA = re.compile(r"\b(Wave|Aura|Burst|Sweep|Lance|Spray|Cone|Blast)\s*(\d+)", re.IGNORECASE)


def relic_file(ed: str) -> str:
    return "relics.json" if ed == "sde2" else "treasure.json"


def file_rows(ref: Path, folder: str, fname: str) -> dict[str, dict[str, list[dict[str, Any]]]]:
    """The keyword and ability rows of one reference file: kind -> name -> rows."""
    path = ref / folder / fname
    if not path.exists():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return {
        kind: {
            re.sub(r"\s+", " ", name).strip(): [v for v in variants if isinstance(v, dict)]
            for name, variants in data.get(f"{single}_texts", {}).items()
        }
        for kind, single in (("keywords", "keyword"), ("abilities", "ability"))
    }


def printing(kind: str, row: dict[str, Any] | None, ed: str) -> tuple[Any, ...]:
    """What a card's printing of a name says that the card view shows: an ability's facts, and
    the dice and areas its text names (a keyword: only these)."""
    if row is None:
        return ()
    text = ARCADE_ASIDE.sub("", row.get("text") or "")
    dice = sorted(f"{(a or b or '1')}{c.upper()}" for a, b, c in DICE_TOKEN.findall(text))
    areas = sorted(f"{k.title()} {n}" for k, n in AREA.findall(text))
    facts = sorted(ability_facts(row, ed).items()) if kind == "abilities" else []
    return (tuple(facts), tuple(dice), tuple(areas))


def named_entries(
    kind: str,
    texts: dict[str, str],
    rows: dict[str, list[dict[str, Any]]],
    printed: dict[str, list[tuple[dict[str, Any] | None, list[str]]]],
    ed: str,
    slug: Any,
) -> tuple[list[dict[str, Any]], list[str]]:
    """One entry per name with a text, sorted by name; ids are slugs (a clash gets -2). A name
    printed differently on some cards gets an entry per printing: the one most cards print, then
    each other with the `cards` that print it and its own text ("Name @ card-id"). Facts come
    from the cards' own rows (`printed`); a name no card prints from any row of the edition.
    Returns the entries and the variant texts that are missing."""
    out: list[dict[str, Any]] = []
    missing: list[str] = []
    used: set[str] = set()
    seen: dict[str, int] = {}
    bases = [n for n in texts if VARIANT not in n]
    for name in sorted(bases, key=str.lower):
        variants = printed.get(name) or [(explore_row(rows.get(name, [])), [])]
        for index, (row, cards) in enumerate(variants):
            key = name if index == 0 else f"{name}{VARIANT}{cards[0]}"
            if key not in texts:
                missing.append(key)
                continue
            used.add(key)
            base = slug(name) or "x"
            seen[base] = seen.get(base, 0) + 1
            entry: dict[str, Any] = {"id": base if seen[base] == 1 else f"{base}-{seen[base]}"}
            entry["name"] = name
            if index > 0:
                entry["cards"] = cards
            if kind == "abilities":
                entry.update(ability_facts(row, ed))
            entry["text"] = texts[key]
            out.append(entry)
    missing += [f"{k} (no such printing)" for k in texts if VARIANT in k and k not in used]
    return out, missing


def relic_modifiers(relic: dict[str, Any]) -> tuple[list[dict[str, Any]], list[str]]:
    """The relic's stat modifiers as content, and notes on how some were read. A dice stat
    given as a bare number ("+1 DEX": no die colour) is read as that many static stars ("1ST":
    +1 on the result); a number stat given as dice ("+2R" hearts) is read as the number."""
    mods: list[dict[str, Any]] = []
    notes: list[str] = []
    for mod in relic.get("stat_modifiers") or []:
        stat, value = mod["attribute"], str(mod["value"]).strip()
        if mod.get("affinity"):
            notes.append(f"Left out: {stat} {value} (only for {mod['affinity']}).")
            continue
        number = re.match(r"^([+-]?\d+)([BRG]?)$", value, re.IGNORECASE)
        if stat in DICE_STATS and DICE.match(value):
            mods.append({"stat": stat, "add": value.lstrip("+").upper()})
        elif stat in DICE_STATS and number and not number.group(2) and int(value) > 0:
            mods.append({"stat": stat, "add": f"{int(value)}ST"})
            notes.append(
                f"The reference prints {value} {stat} with no die colour: read as {int(value)}ST "
                "(a fixed star, +1 on the result)."
            )
        elif stat in DICE_STATS and number and not number.group(2):
            why = f"printed as a bare {value}, with no die colour"
            mods.append({"stat": stat, "add": int(value), "not_applied": why})
        elif stat in NUMBER_STATS and number:
            mods.append({"stat": stat, "add": int(number.group(1))})
            if number.group(2):
                notes.append(
                    f"The reference prints {value} on {stat.lower()} (a die colour typed on a "
                    f"number): read as {int(number.group(1))} {stat.lower()}."
                )
        else:
            notes.append(f"Left out: {stat} {value} (not readable).")
    return mods, notes
