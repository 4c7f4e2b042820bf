"""`consul play` (and plain `consul`): the table screen, on the bundled content plus yours."""

from __future__ import annotations

import codecs
import gc
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    import argparse

    parser = subparsers.add_parser(
        "play",
        help="open the table screen (the default command)",
        description="Resume the game in progress or start a new one.",
    )
    parser.add_argument(
        "--content",
        metavar="DIR",
        type=Path,
        action="append",
        default=argparse.SUPPRESS,
        help="an extra content folder, loaded after yours (repeatable)",
    )
    parser.add_argument(
        "--save",
        metavar="SAVE",
        type=Path,
        default=argparse.SUPPRESS,  # else it would hide a `consul --save SAVE` before `play`
        help="play this save: its name or number in `consul list`, or a path (a new game is "
        "saved there if no file is)",
    )
    parser.set_defaults(run=run)


def needs_utf8() -> str | None:
    """Why the table (or watch) screen cannot be drawn here (a terminal that is not UTF-8), or None.

    Its borders, markers and names need UTF-8; in another encoding they would come out as
    escapes like `\u2500`. Python itself uses UTF-8 in the plain C locale (PEP 538)."""
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    if codecs.lookup(encoding).name == "utf-8":
        return None
    return (
        f"consul: the table screen needs a UTF-8 terminal, and this one is {encoding}. "
        "Start it in a UTF-8 locale, e.g. `LANG=C.UTF-8 consul` (`consul export` works in "
        "any locale)."
    )


def needs_terminal() -> str | None:
    """Why the table (or watch) screen cannot run here (standard input is not a terminal), or
    None. It reads the keys from there: from /dev/null or a file, Textual's terminal driver
    would read the end of it over and over, a core at 100% for as long as the app runs.
    `consul serve` runs it with a driver of its own (`TEXTUAL_DRIVER`) that reads no terminal."""
    if os.environ.get("TEXTUAL_DRIVER") or sys.stdin.isatty():
        return None
    return (
        "consul: the table screen reads your keys from a terminal, and standard input is not "
        "one. Start it in a terminal (`consul serve` shows the game in a browser)."
    )


def refused() -> bool:
    """Say why the screen cannot be shown here, if it cannot (see the two `needs_`)."""
    refusal = needs_utf8() or needs_terminal()
    if refusal is not None:
        print(refusal, file=sys.stderr)
    return refusal is not None


def run(args: argparse.Namespace) -> int:
    """`consul play` with its options."""
    return start(getattr(args, "content", []), getattr(args, "save", None))


def start(content: list[Path] | None = None, save: Path | None = None) -> int:
    """Run the app. It shows its first screen at once (the content from its cache, else loaded
    behind a loading screen); the content's problems end it with exit code 2 and are printed
    here, once the screen is gone."""
    if refused():
        return 2
    if save is not None:
        from consul_app.session.save_files import find_save, no_such_number

        missing = no_such_number(str(save))
        if missing is not None:
            print(f"consul play: {missing}", file=sys.stderr)
            return 2
        save = find_save(str(save)) or save
        from consul_app.session.save_files import game_of

        if save.is_file() and (game := game_of(save)) not in (None, "sde"):
            print(f"consul play: {save}: a save of another game ({game}); play it with "
                  f"`consul {game} --save SAVE`", file=sys.stderr)
            return 2
    # No cyclic garbage collection while starting up: it is a third of the time spent loading
    # (and there is next to no garbage). The app turns it back on after its first usable frame.
    gc.disable()
    try:
        from consul_app.tui.app import ConsulApp  # textual only: the rest loads after a frame

        app = ConsulApp(content_dirs=content or [], save=save)
        app.run()
    finally:
        gc.enable()
    if app.load_error is not None:
        print(app.load_error, file=sys.stderr)
        return 2
    if app.crash is not None:  # (in plain words: the traceback is in the report)
        print(app.crash.words(), file=sys.stderr)
    return app.return_code or 0
