"""`consul list`: the saved games, most recently played first."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the command's own imports wait until it runs (`consul --help` is quick)
    from collections.abc import Callable

    from rich.console import Console

    from consul_app.session import SaveSummary

    Paint = Callable[[str, str], str]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "list",
        help="show the saved games",
        description="Show every saved game, numbered, with its boss, turn and chart position, "
        "and whether it is finished or damaged. `consul export`, `consul play --save` and "
        "`consul delete` take a save by its name here (with or without .jsonl) or its number.",
    )
    parser.set_defaults(run=run)


STATUS_STYLE = {"damaged": "red", "finished": "", "in play": "green"}
HEADERS = ("#", "save", "game", "turn/round", "played", "status")
GAPS = ("  ", " ")
"""Between columns: two spaces, one when two do not fit."""
NARROWEST_GAME = 12
"""A game's line under its row is never narrower: a long save name makes the lines longer
instead (the name never wraps, nor is it cut)."""


def _status(save: SaveSummary) -> str:
    if save.damaged:
        return "damaged"
    return "finished" if save.finished else "in play"


def _game(save: SaveSummary) -> str:
    """Boss, edition and chart space (1.0: power gauge), in words that may wrap."""
    if save.damaged:
        return "-"
    from consul_app.rules.editions import EDITIONS

    played = EDITIONS.get(save.edition or "")
    place = played.words.place if played else "space"
    chart = f", {place} {save.position}" if save.position is not None else ""
    if save.gauge is not None:
        chart = f", {played.words.chart.lower() if played else 'power gauge'} {save.gauge}"
    return f"{save.boss}, {played.name if played else save.edition}{chart}"


def saves_table(
    saves: list[SaveSummary], width: int, paint: Paint = lambda text, style: text
) -> str:
    """One row per save, numbered as `consul export`, `play --save` and `delete` take them,
    in columns laid out here (rich's Table measured every cell: 1 to 4 ms a row, most of the
    time of a list of 500 saves); when the game's words do not fit beside the rest in
    `width`, each goes on the line under its row. `paint(text, style)`:
    `text` in that style, for the terminal."""
    from consul_app.base.shown import shown

    rows = [
        (
            str(number),
            shown(save.path.stem),
            _game(save),
            str(save.turn) if save.turn is not None else "-",
            save.modified.strftime("%m-%d %H:%M"),
            _status(save),
        )
        for number, save in enumerate(saves, 1)
    ]
    widths = [max(len(row[k]) for row in [HEADERS, *rows]) for k in range(len(HEADERS))]
    for gap in GAPS:
        rest = sum(widths) - widths[2] + len(gap) * (len(HEADERS) - 1)
        if rest + widths[2] <= width:
            break
    else:  # the game in words does not fit beside the rest: on a line of its own under it
        return _stacked(rows, widths, width, paint)
    total = rest + widths[2]
    out = _title(total, paint)
    out.append(paint(_line(HEADERS, widths, [HEADERS[2]], gap).rstrip(), "bold"))
    out.append("─" * total)
    for row in rows:
        first = _line((*row[:5], ""), widths, [row[2]], gap)
        out.append(first[: len(first) - widths[5]] + paint(row[5], STATUS_STYLE[row[5]]))
    return "\n".join(out) + "\n"


def _stacked(rows: list[tuple[str, ...]], widths: list[int], width: int, paint: Paint) -> str:
    """The table with each game's words on the line under its row (wrapped between words
    when even that line is too short), so that a narrow terminal never splits a name."""
    gap = " "
    widths = [*widths[:2], 0, *widths[3:]]
    total = sum(widths) + len(gap) * (len(HEADERS) - 2)
    indent = " " * (widths[0] + len(gap))
    room = max(width - len(indent), NARROWEST_GAME)
    out = _title(min(max(total, width), width), paint)
    out.append(paint(_line(HEADERS, widths, [""], gap, stacked=True).rstrip(), "bold"))
    out.append(paint(f"{indent}{HEADERS[2]}", "bold"))
    out.append("─" * min(max(total, len(indent) + len(HEADERS[2])), max(width, total)))
    for row in rows:
        first = _line((*row[:5], ""), widths, [""], gap, stacked=True)
        out.append(first[: len(first) - widths[5]] + paint(row[5], STATUS_STYLE[row[5]]))
        out += [f"{indent}{line}" for line in _wrap(row[2], room)]
    return "\n".join(out) + "\n"


def _title(over: int, paint: Paint) -> list[str]:
    """The title, centred over the table's `over` columns (it wraps as it must)."""
    from consul_app.base.paths import saves_dir
    from consul_app.base.shown import shown

    return [
        paint(t.center(over).rstrip(), "italic")
        for t in _wrap(f"Saved games in {shown(saves_dir())}", over)
    ]


def painter(console: Console) -> Paint:
    """Text in a style as `console`'s terminal shows it (plain when it shows no colours)."""
    from rich.console import COLOR_SYSTEMS
    from rich.style import Style

    system = console.color_system
    if system is None or console.no_color:
        return lambda text, style: text
    colors = COLOR_SYSTEMS[system]
    return lambda text, style: (
        Style.parse(style).render(text, color_system=colors) if style else text
    )


def _wrap(text: str, width: int) -> list[str]:
    """`text` in lines of at most `width`, broken between words (a longer word: within it)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        while len(word) > width:
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:width])
            word = word[width:]
        if line and len(line) + 1 + len(word) <= width:
            line = f"{line} {word}"
        elif word:
            if line:
                lines.append(line)
            line = word
    return [*lines, line] if line or not lines else lines


def _line(
    cells: tuple[str, ...], widths: list[int], game: list[str], gap: str, *, stacked: bool = False
) -> str:
    """A row's first line: numbers and turns to the right, the rest to the left (`stacked`:
    without the game, which goes under it)."""
    number, name, _, turn, played, status = cells
    parts = [
        number.rjust(widths[0]),
        name.ljust(widths[1]),
        *([] if stacked else [game[0].ljust(widths[2])]),
        turn.rjust(widths[3]),
        played.ljust(widths[4]),
        status.ljust(widths[5]),
    ]
    return gap.join(parts)


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    from consul_app.base.paths import saves_dir
    from consul_app.base.shown import shown
    from consul_app.content import ContentError
    from consul_app.content.cache import load_pack_cached
    from consul_app.session import list_saves

    try:
        saves = list_saves(load_pack_cached(args.content))
    except ContentError as err:
        print(f"consul list: {err}", file=sys.stderr)
        return 2
    console = Console(highlight=False)
    if not saves:
        console.print(f"No saved games in {shown(saves_dir())}.", markup=False, soft_wrap=True)
        return 0
    console.file.write(saves_table(saves, console.width, painter(console)))
    for save in saves:
        for problem in [save.damaged] if save.damaged else save.warnings:
            console.print(problem, markup=False)
    return 0
