"""`consul list`: the saved games, most recently played first."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the command's own imports wait until it runs (`consul --help` is quick)
    from rich.table import Table

    from consul_app.session import SaveSummary


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "list",
        help="show the saved games",
        description="Show every saved game, numbered, with its boss, turn and chart position, "
        "and whether it is finished or damaged. `consul export`, `consul play --save` and "
        "`consul delete` take a save by its name here (with or without .jsonl) or its number.",
    )
    parser.set_defaults(run=run)


def _status(save: SaveSummary) -> str:
    if save.damaged:
        return "[red]damaged[/]"
    return "finished" if save.finished else "[green]in play[/]"


def _game(save: SaveSummary) -> str:
    """Boss, edition and chart space, in words that may wrap (the name never does)."""
    if save.damaged:
        return "-"
    chart = f", space {save.position}" if save.position is not None else ""
    return f"{save.boss}, {save.edition}{chart}"


def saves_table(saves: list[SaveSummary]) -> Table:
    """One row per save, numbered as `consul export`, `play --save` and `delete` take them;
    the name never wraps (at 80 columns the game's words do)."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from consul_app.paths import saves_dir
    from consul_app.shown import shown

    table = Table(
        title=f"Saved games in {shown(saves_dir())}",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        collapse_padding=True,
    )
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("save", no_wrap=True)
    table.add_column("game", ratio=1, overflow="fold")
    table.add_column("turn/round", justify="right", no_wrap=True)  # 1.0 plays rounds
    table.add_column("played", no_wrap=True)
    table.add_column("status", no_wrap=True)
    for number, save in enumerate(saves, 1):
        table.add_row(
            str(number),
            Text(shown(save.path.stem)),  # (a name is no markup)
            _game(save),
            str(save.turn) if save.turn is not None else "-",
            save.modified.strftime("%m-%d %H:%M"),
            _status(save),
        )
    return table


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    from consul_app.content import ContentError
    from consul_app.content.cache import load_pack_cached
    from consul_app.paths import saves_dir
    from consul_app.session import list_saves
    from consul_app.shown import shown

    try:
        saves = list_saves(load_pack_cached(args.content))
    except ContentError as err:
        print(f"consul list: {err}", file=sys.stderr)
        return 2
    console = Console(highlight=False)
    if not saves:
        console.print(f"No saved games in {shown(saves_dir())}.", markup=False, soft_wrap=True)
        return 0
    console.print(saves_table(saves))
    for save in saves:
        for problem in [save.damaged] if save.damaged else save.warnings:
            console.print(problem, markup=False)
    return 0
