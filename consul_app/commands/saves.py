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
        description="Show every saved game with its boss, turn and chart position.",
    )
    parser.set_defaults(run=run)


def _status(save: SaveSummary) -> str:
    if save.damaged:
        return "[red]damaged[/]"
    return "finished" if save.finished else "[green]in play[/]"


def saves_table(saves: list[SaveSummary]) -> Table:
    from rich.table import Table

    from consul_app.paths import saves_dir

    table = Table(title=f"Saved games in {saves_dir()}")
    for column in ("save", "boss", "edition", "turn", "chart", "played", "status"):
        table.add_column(column, justify="right" if column in ("turn", "chart") else "left")
    for save in saves:
        table.add_row(
            save.path.name,
            save.boss or "-",
            save.edition or "-",
            str(save.turn) if save.turn is not None else "-",
            str(save.position) if save.position is not None else "-",
            save.modified.strftime("%Y-%m-%d %H:%M"),
            _status(save),
        )
    return table


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    from consul_app.content import ContentError
    from consul_app.content.cache import load_pack_cached
    from consul_app.paths import saves_dir
    from consul_app.session import list_saves

    try:
        saves = list_saves(load_pack_cached(args.content))
    except ContentError as err:
        print(f"consul list: {err}", file=sys.stderr)
        return 2
    console = Console(highlight=False)
    if not saves:
        console.print(f"No saved games in {saves_dir()}.", markup=False)
        return 0
    console.print(saves_table(saves))
    for save in saves:
        for problem in [save.damaged] if save.damaged else save.warnings:
            console.print(problem, markup=False)
    return 0
