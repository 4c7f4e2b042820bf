"""`consul watch [SAVE]`: the table read-only, following a game another Consul plays."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "watch",
        help="follow a game read-only (for the heroes' players)",
        description="Show a game read-only as the Consul plays it: the chart, the bonuses, the "
        "boss card and what happened last. It never writes, locks or repairs the save.",
    )
    add_save_argument(parser)
    parser.set_defaults(run=run)


def add_save_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "save",
        type=Path,
        nargs="?",
        metavar="SAVE",
        help="a save file, or its name in the saves folder (default: the game in progress)",
    )


def find_save(save: Path | None) -> Path | None:
    """The save named: a bare name not in the current folder is one in the saves folder."""
    from consul_app.commands.export import resolve

    return None if save is None else resolve(save)


def no_such_save(command: str, given: Path | None, save: Path | None) -> bool:
    """Say so (exit 2 follows) if a save is named (`given`, found as `save`) but is no file."""
    from consul_app.base.files import kind
    from consul_app.base.shown import shown
    from consul_app.session.save_files import no_such_number

    if given is None or save is None or save.is_file():
        return False
    if save.exists():  # a FIFO, a device, a folder: said as `consul export` says it
        problem = f"{shown(save)}: cannot read the save (not a regular file but {kind(save)})"
    else:
        problem = no_such_number(str(given)) or f"{shown(save)}: no such save"
    print(f"consul {command}: {problem}", file=sys.stderr)
    return True


def run(args: argparse.Namespace) -> int:
    from consul_app.commands.play import refused
    from consul_app.tui.watch_app import WatchApp

    if refused():  # the watch screen has the table's borders and markers, and reads keys
        return 2
    save = find_save(args.save)
    if no_such_save("watch", args.save, save):
        return 2
    app = WatchApp(content_dirs=args.content, save=save)
    app.run()
    if app.load_error is not None:
        print(app.load_error, file=sys.stderr)
        return 2
    return app.return_code or 0
