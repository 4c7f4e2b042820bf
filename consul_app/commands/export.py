"""`consul export SAVE --format md|json [-o FILE]`: a saved game as Markdown or JSON."""

from __future__ import annotations

import argparse
import codecs
import sys
from pathlib import Path
from typing import TextIO

from consul_app.commands.output import add_output_options, write_output


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "export",
        help="write a saved game as Markdown or JSON",
        description="Write a saved game's log as Markdown (turn by turn, for sharing) or as "
        "JSON (setup, actions and final state, for bug reports). The save is only read. "
        "With -o, an existing file is refused unless --force, and the save itself never.",
    )
    parser.add_argument(
        "save",
        type=Path,
        metavar="SAVE",
        help="a save file, its name in the saves folder (with or without .jsonl), or its "
        "number in `consul list`",
    )
    parser.add_argument("--format", choices=("md", "json"), default="md", help="default: md")
    add_output_options(parser, "the export")
    parser.set_defaults(run=run)


def resolve(save: Path) -> Path:
    """The save named as `consul list` shows it (name or number), else the path as given (a
    bare name: in the saves folder), for its error message."""
    from consul_app.base.paths import saves_dir
    from consul_app.session.save_files import find_save

    found = find_save(str(save))
    if found is not None or save.exists() or save.name != str(save):
        return found or save
    return saves_dir() / save


def _fail(message: str) -> int:
    print(f"consul export: {message}", file=sys.stderr)
    return 2


def _encoding(stream: TextIO) -> str:
    return getattr(stream, "encoding", None) or "utf-8"


def _utf8(stream: TextIO) -> bool:
    return codecs.lookup(_encoding(stream)).name == "utf-8"


def run(args: argparse.Namespace) -> int:
    from consul_app.base.shown import shown
    from consul_app.content import ContentError
    from consul_app.content.cache import load_pack_cached
    from consul_app.session import SaveError
    from consul_app.session.export import to_json, to_markdown
    from consul_app.session.load import load_game
    from consul_app.session.save_files import no_such_number

    missing = no_such_number(str(args.save))
    if missing is not None:
        return _fail(missing)
    save = resolve(args.save)
    to_stdout = args.output is None
    try:  # all of it: every line is read (and named if damaged) before a word is written
        game = load_game(load_pack_cached(args.content), save, full=True)
        for warning in game.warnings:
            print(f"consul export: warning: {warning}", file=sys.stderr)
        if args.format == "md":
            text = to_markdown(game)
        else:  # to a terminal that is not UTF-8, \u escapes keep the JSON whole and valid
            import json  # (not at import: `consul` imports every command to parse its line)

            ascii_only = to_stdout and not _utf8(sys.stdout)
            text = json.dumps(to_json(game), indent=2, ensure_ascii=ascii_only) + "\n"
    except (ContentError, SaveError) as err:
        return _fail(str(err))
    if to_stdout:
        # Markdown: what the terminal's encoding lacks becomes an HTML character reference
        # (`&#7838;`), which Markdown shows as the character: valid output in any locale.
        encoding = _encoding(sys.stdout)
        sys.stdout.write(text.encode(encoding, "xmlcharrefreplace").decode(encoding))
        return 0
    problem = write_output(args.output, text, force=args.force, protect=save)
    if problem is not None:
        return _fail(problem)
    print(f"Wrote {shown(args.output)}")
    return 0
