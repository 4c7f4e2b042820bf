"""`consul schema [-o FILE]`: write the JSON Schema of a content file."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "schema",
        help="write the JSON Schema of content files",
        description="Write the JSON Schema of a content YAML file (for editors).",
    )
    parser.add_argument("-o", "--output", metavar="FILE", type=Path, help="write to FILE")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from consul_app.content.schema import schema_json

    text = schema_json()
    if args.output is None:
        sys.stdout.write(text)
        return 0
    try:
        args.output.write_text(text, encoding="utf-8")
    except OSError as err:
        print(f"consul schema: cannot write {args.output}: {err.strerror}", file=sys.stderr)
        return 2
    print(f"Wrote {args.output}")
    return 0
