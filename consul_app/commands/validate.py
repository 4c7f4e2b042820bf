"""`consul validate [DIR ...]`: load every pack, report all problems or count the content."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the command's own imports wait until it runs (`consul --help` is quick)
    from rich.table import Table

    from consul_app.content import ContentPack


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "validate",
        help="check the content packs and count their entries",
        description="Load the bundled pack, your content folder and each DIR (in that order, "
        "later ones override entries by id) and report every problem found.",
    )
    parser.add_argument("dirs", nargs="*", type=Path, metavar="DIR", help="extra content folder")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    return validate([*args.content, *args.dirs])


def validate(dirs: Sequence[Path]) -> int:
    """Print the counts (exit 0) or every issue as `file:line: field: message` (exit 2)."""
    from rich.console import Console

    from consul_app.content import ContentError, load_pack

    try:
        pack = load_pack(dirs)
    except ContentError as err:
        for issue in err.issues:
            print(issue, file=sys.stderr)
        count = err.count
        print(f"{count} problem{'s' if count != 1 else ''} found.", file=sys.stderr)
        return 2
    for warning in pack.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    console = Console(highlight=False)
    console.print(counts_table(pack))
    console.print(f"From: {', '.join(pack.sources)}", markup=False)
    console.print(f"Content hash: {pack.content_hash[:16]}", markup=False)
    return 0


def counts_table(pack: ContentPack) -> Table:
    """Entries per kind (rows) and edition (columns)."""
    from rich.table import Table

    from consul_app.content import KINDS
    from consul_app.rules.editions import EDITIONS

    table = Table(title="Content OK")
    table.add_column("kind")
    for content_edition in pack.editions:
        played = EDITIONS.get(content_edition)
        table.add_column(played.name if played else content_edition, justify="right")
    for kind in KINDS:
        counts = [len(pack.edition(e).kind(kind)) for e in pack.editions]
        table.add_row(kind.replace("_", " "), *(str(n) if n else "-" for n in counts))
    return table
