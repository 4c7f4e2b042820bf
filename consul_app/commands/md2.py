"""`consul md2`: Massive Darkness 2's Bard and Tinkerer dashboards: a new game, or the MD2 game
in progress resumed. (Only this module's parser is built at `consul`'s start: the game is
imported when the command runs.)"""

from __future__ import annotations

import gc
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse

HEROES = {"bard": "Bard", "tinkerer": "Tinkerer"}
"""A journal's header line is read within this many bytes (its chart is a few KB)."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    import argparse

    parser = subparsers.add_parser(
        "md2",
        help="Massive Darkness 2: the Bard's and the Tinkerer's dashboards",
        description="Massive Darkness 2, Bards & Tinkerers: the Bard's musical dashboard "
        "(chords, notes, songs, instruments) and the Tinkerer's (bombs by zone, gizmos, "
        "Exo-Armor, constructs), on the same journal, undo and redo as SDE. Resumes the MD2 "
        "game in progress, else starts a new one.",
    )
    parser.add_argument(
        "--new", action="store_true", help="start a new game even if one is in progress"
    )
    parser.add_argument(
        "--heroes",
        type=_heroes,
        default=("bard", "tinkerer"),
        metavar="HEROES",
        help="who plays a new game: bard, tinkerer, or bard,tinkerer (the default: both)",
    )
    parser.add_argument(
        "--campaign", action="store_true", help="a new game in campaign mode (the Town Phase)"
    )
    parser.add_argument(
        "--save",
        metavar="SAVE",
        type=Path,
        default=argparse.SUPPRESS,
        help="play this MD2 save: its name or number in `consul list`, or a path (a new game "
        "is saved there if no file is)",
    )
    parser.set_defaults(run=run)


def _heroes(text: str) -> tuple[str, ...]:
    import argparse

    names = tuple(n.strip().lower() for n in text.split(",") if n.strip())
    unknown = [n for n in names if n not in HEROES]
    if unknown or not names or len(set(names)) != len(names):
        raise argparse.ArgumentTypeError(
            f"{text!r}: name the heroes who play, once each: bard, tinkerer or bard,tinkerer"
        )
    return names


def in_progress() -> Path | None:
    """The MD2 save played last (the saves folder, most recently played first)."""
    from consul_app.session.save_files import game_of, save_paths

    return next((p for p in save_paths() if game_of(p) == "md2"), None)


def run_plain() -> int:
    """`consul md2` alone, as `run` would run it (the parser is not built)."""
    return run(SimpleNamespace(new=False, heroes=("bard", "tinkerer"), campaign=False))


def run(args: argparse.Namespace | SimpleNamespace) -> int:
    # No cyclic garbage collection while starting up, as `consul play`: there is next to no
    # garbage, and a full collection (tens of ms) fell before or after the first frame as the
    # modules' sizes moved. `Md2App` turns it back on after its first frame.
    gc.disable()
    try:
        return _run(args)
    finally:
        gc.enable()


def _run(args: argparse.Namespace | SimpleNamespace) -> int:
    from consul_app.commands.play import refused

    if refused():
        return 2
    save, path = None, None
    given = getattr(args, "save", None)
    if given is not None:
        from consul_app.session.save_files import find_save, game_of, no_such_number

        missing = no_such_number(str(given))
        if missing is not None:
            print(f"consul md2: {missing}", file=sys.stderr)
            return 2
        found = find_save(str(given))
        if found is None:
            path = given
        else:
            game = game_of(found)
            if game != "md2":
                what = "not a Consul save" if game is None else f"a save of another game ({game})"
                hint = "; play it with `consul --save SAVE`" if game == "sde" else ""
                print(f"consul md2: {found}: {what}{hint}", file=sys.stderr)
                return 2
            save = found
    elif not args.new:
        save = in_progress()
    return start(save=save, path=path, heroes=args.heroes, campaign=args.campaign)


def start(
    *, save: Path | None, path: Path | None, heroes: tuple[str, ...], campaign: bool
) -> int:
    from consul_app.md2.game import bundled
    from consul_app.md2.rules import Md2Setup
    from consul_app.md2.tui.app import Md2App

    try:
        content = bundled()
    except Exception as err:
        from consul_app.content.errors import ContentError  # (only now: a start needs none)

        if not isinstance(err, ContentError):
            raise
        print(f"consul md2: {err}", file=sys.stderr)
        return 2
    setup = Md2Setup(heroes=heroes, campaign=campaign)  # type: ignore[arg-type]
    app = Md2App(content, save=save, setup=setup, path=path)
    app.run()
    if app.load_error is not None:
        print(f"consul md2: {app.load_error}", file=sys.stderr)
        return 2
    return app.return_code or 0
