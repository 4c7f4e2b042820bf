"""The `consul` command: a thin dispatcher to the subcommands in `consul_app.commands`.

To add a subcommand, write `consul_app/commands/NAME.py` with its `NAME` and
`register(subparsers)` (which sets `run` as the parser default) and add the module to COMMANDS.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from consul_app import __version__
from consul_app.commands import delete, export, play, saves, schema, serve, validate, watch

COMMANDS = (play, watch, serve, validate, schema, saves, export, delete)
TAKE_A_VALUE = ("--content", "--save")
"""The options of `consul` itself that take a value."""


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """`consul`'s parser, every command in it; with `only` (a command's name, or "" for
    none), that command alone: the rest took about a millisecond of `consul play`'s start."""
    parser = argparse.ArgumentParser(
        prog="consul", description="A terminal companion for the Consul in Super Dungeon Explore."
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "--content",
        metavar="DIR",
        type=Path,
        action="append",
        default=[],
        help="an extra content folder, loaded after yours (repeatable)",
    )
    parser.add_argument(  # as README has it: `consul --save SAVE` is `consul play --save SAVE`
        "--save",
        dest="play_save",  # its own name: a command's SAVE argument must not hide it
        metavar="SAVE",
        type=Path,
        default=None,
        help="play this save: its name or number in `consul list`, or a path (a new game is "
        "saved there if no file is)",
    )
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND", dest="command")
    for command in COMMANDS:
        if only is None or only == command.NAME:
            command.register(subparsers)
    return parser


def named_command(argv: Sequence[str]) -> str | None:
    """The command `argv` names, "" when it names none (plain `consul`), or None when that is
    not sure at a glance (help, an abbreviated option, an unknown word): then every command is
    in the parser, for its help and its errors."""
    words = iter(argv)
    for word in words:
        if word in TAKE_A_VALUE:
            next(words, None)
        elif not word.startswith(tuple(f"{option}=" for option in TAKE_A_VALUE)):
            if word.startswith("-"):
                return None
            return word if word in {command.NAME for command in COMMANDS} else None
    return ""


def main(argv: Sequence[str] | None = None) -> int:
    """Run `consul` with `argv` (default: the command line); return the exit code."""
    argv = sys.argv[1:] if argv is None else argv
    args = build_parser(named_command(argv)).parse_args(argv)
    run = getattr(args, "run", play.run)
    if args.play_save is not None:
        if run is not play.run:
            print(misplaced_save(args), file=sys.stderr)
            return 2
        vars(args).setdefault("save", args.play_save)  # `play --save` is the nearer one
    return run(args)


def misplaced_save(args: argparse.Namespace) -> str:
    """Why `consul --save SAVE COMMAND` is refused for any command but play: it would be
    ignored (list), or a command's own SAVE argument would silently replace it (watch)."""
    command = args.command
    where = f"; name the save after the command: consul {command} SAVE" if "save" in args else ""
    return (
        f"consul {command}: --save SAVE plays that save (consul --save SAVE, or consul play "
        f"--save SAVE); {command} does not take it{where}"
    )
