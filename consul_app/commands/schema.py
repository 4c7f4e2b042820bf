"""`consul schema [-o FILE]`: write the JSON Schema of a content file."""

from __future__ import annotations

import argparse
import sys

from consul_app.commands.output import add_output_options, write_output


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "schema",
        help="write the JSON Schema of content files",
        description="Write the JSON Schema of a content YAML file (for editors). With -o, an "
        "existing file is refused unless --force.",
    )
    add_output_options(parser, "the schema")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from consul_app.content.schema import schema_json

    text = schema_json()
    if args.output is None:
        sys.stdout.write(text)
        return 0
    problem = write_output(args.output, text, force=args.force)
    if problem is not None:
        print(f"consul schema: {problem}", file=sys.stderr)
        return 2
    print(f"Wrote {args.output}")
    return 0
