"""Short plain-text symbols for the screen: they read the same in any terminal, colour or not.

Formatting only: every fact comes from the content or the engine's views.
"""

from __future__ import annotations

from collections.abc import Sequence

from consul_app.content import Bonus, ChartSpace, EditionPack

BITS = {"8-bit": "8B", "16-bit": "16B", "super": "SUPER"}
ROLLS = {"offense": "off", "defense": "def"}
WOUND, HEART, THRESHOLD = "█", "░", "┃"


def bits(value: str) -> str:
    """Bits in short: 8-bit is 8B."""
    return BITS.get(value, value)


def bits_list(values: Sequence[str]) -> str:
    """Several bits in short: 8B+16B."""
    return "+".join(bits(v) for v in values)


def bonus(pack: EditionPack, bonus_id: str) -> str:
    """A bonus in a few characters: "+1ST off", "Backlash", "causes Poison"."""
    entry: Bonus | None = pack.bonuses.get(bonus_id)
    if entry is None:
        return bonus_id
    if entry.dice is not None:
        return f"+{entry.dice.add} {ROLLS.get(entry.dice.roll, entry.dice.roll)}"
    if entry.status is not None:
        status = pack.status_effects.get(entry.status)
        return f"causes {status.name if status else entry.status}"
    return entry.ability or entry.name


def space(pack: EditionPack, chart_space: ChartSpace) -> str:
    """A chart space's effects in rule order: "4sk 8B+16B", "MINI", "+1ST off", "SIGHT 1,2"."""
    parts: list[str] = []
    if chart_space.spawn:
        parts.append(f"{chart_space.spawn}sk {bits_list(chart_space.bits)}")
    if chart_space.mini_boss:
        parts.append("MINI")
    if chart_space.dungeon_boss:
        parts.append("BOSS")
    parts.extend(bonus(pack, b) for b in chart_space.bonuses)
    if chart_space.choose_bonus:
        parts.append("1 of: " + " | ".join(bonus(pack, b) for b in chart_space.choose_bonus))
    if chart_space.boss_sighting:
        parts.append("SIGHT " + ",".join(str(t) for t in chart_space.boss_sighting))
    return "  ".join(parts) or "-"


def hearts(count: int) -> str:
    """ "8 hearts", "1 heart"."""
    return f"{count} heart{'s' * (count != 1)}"


def wound_track(hearts: int, wounds: int, threshold: int) -> str:
    """One box per heart (███░┃░░░░░), wounds filled, a bar after the timeout threshold."""
    boxes = [WOUND if n < wounds else HEART for n in range(hearts)]
    if 0 < threshold < hearts:
        boxes.insert(threshold, THRESHOLD)
    return "".join(boxes)
