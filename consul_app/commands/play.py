"""`consul play` (and plain `consul`): the table screen, on the bundled content plus yours."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from consul_app.content import ContentError, load_pack


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
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
        "--save", metavar="PATH", type=Path, help="play this save (created if it does not exist)"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Load the content (its problems are printed, exit 2), then run the app."""
    try:
        content = load_pack(getattr(args, "content", []))
    except ContentError as err:
        print(err, file=sys.stderr)
        return 2
    from consul_app.tui.app import ConsulApp  # textual only when the screen is wanted

    ConsulApp(content, save=getattr(args, "save", None)).run()
    return 0
