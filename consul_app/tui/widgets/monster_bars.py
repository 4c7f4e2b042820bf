"""`MonsterBars`: monsters spawned and destroyed, by kind, as bars of text.

Drawn with text rather than a plot so that each name and its bars always share rows, and the
two counts differ by their marks (█ spawned, ▒ destroyed), not by colour alone.
"""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

SPAWNED, DESTROYED = "█", "▒"
TITLE = "Monsters spawned and destroyed"


class MonsterBars(Widget):
    """Two rows a kind: its name and the spawned bar, then the destroyed bar under it."""

    DEFAULT_CSS = """
    MonsterBars {
        height: auto;
        padding: 0 1;
        text-wrap: nowrap;
    }
    """

    def __init__(
        self, spawned: dict[str, int], destroyed: dict[str, int], *, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self.spawned = spawned
        self.destroyed = destroyed

    def render(self) -> Text:
        return monster_bars(self.spawned, self.destroyed, self.content_size.width)


def monster_bars(spawned: dict[str, int], destroyed: dict[str, int], width: int) -> Text:
    """The bars at `width` columns, the longest one filling what the names and counts leave."""
    names = list(dict.fromkeys([*spawned, *destroyed]))
    # (the padding apart from the words: an SVG screenshot may drop leading spaces in a run)
    lines = [Text.assemble(" " * max((width - len(TITLE)) // 2, 0), (TITLE, "bold"))]
    if not names:
        lines.append(Text("None yet.", "italic"))
        return Text("\n").join(lines)
    lines.append(
        Text.assemble((SPAWNED, "medium_purple"), " spawned   ", (DESTROYED, "red3"), " destroyed")
    )
    label = min(max(map(len, names)), max(width // 3, 8))
    most = max([*spawned.values(), *destroyed.values(), 1])
    room = max(width - label - 1 - len(str(most)) - 1, 1)
    for name in names:
        for count, mark, style, shown in (
            (spawned.get(name, 0), SPAWNED, "medium_purple", name),
            (destroyed.get(name, 0), DESTROYED, "red3", ""),
        ):
            bar = mark * (max(round(count * room / most), 1) if count else 0)
            if len(shown) > label:
                shown = shown[: label - 1] + "…"
            line = Text(shown.ljust(label) + " ")
            line.append(bar, style)
            line.append(f"{' ' if bar else ''}{count}", "bold")
            lines.append(line)
    return Text("\n").join(lines)
