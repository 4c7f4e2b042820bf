"""The `consul` command: a thin dispatcher to the subcommands in `consul_app.commands`.

To add a subcommand, write `consul_app/commands/NAME.py` with `register(subparsers)` (which
sets `run` as the parser default) and add the module to `commands()`.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING

from consul_app.commands import play

if TYPE_CHECKING:
    import argparse


def commands() -> tuple[ModuleType, ...]:
    """Every subcommand's module, in the order `consul --help` lists them."""
    from consul_app.commands import delete, export, md2, saves, schema, serve, validate, watch

    return (play, md2, watch, serve, validate, schema, saves, export, delete)


def build_parser() -> argparse.ArgumentParser:
    import argparse
    from pathlib import Path

    from consul_app import __version__

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
    for command in commands():
        command.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run `consul` with `argv` (default: the command line); return the exit code."""
    if list(sys.argv[1:] if argv is None else argv) in ([], ["play"]):
        # Most starts: the app at once, no parser (argparse and every command's module took
        # about 1.5 ms of the first frame).
        return play.start()
    if list(sys.argv[1:] if argv is None else argv) == ["md2"]:
        from consul_app.commands import md2  # (as above: no parser, no other command)

        return md2.run_plain()
    args = build_parser().parse_args(argv)
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
