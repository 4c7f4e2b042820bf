"""`consul` builds only the command named on its line: every line parses (or fails, with the
same message) as with every command in the parser."""

from __future__ import annotations

import contextlib
import io

import pytest

from consul_app.cli import build_parser, named_command

LINES = [
    [],
    ["play"],
    ["--save", "3"],
    ["--save=3"],
    ["--save", "play", "play"],  # a save named "play", then the command
    ["--content", "mine", "--content=more", "list"],
    ["play", "--save", "game.jsonl"],
    ["watch", "game.jsonl"],
    ["export", "game.jsonl", "--format", "json", "-o", "out.json"],
    ["validate", "mine"],
    ["schema"],
    ["serve", "--port", "8001"],
    ["delete", "2"],
    ["list"],
    ["--cont", "mine", "play"],  # an abbreviation: every command is built
]
WRONG = [
    ["bogus"],
    ["play", "--bogus"],
    ["--bogus"],
    ["--save"],
    ["list", "extra", "words"],
    ["--help"],
    ["play", "--help"],
    ["--version"],
]


@pytest.mark.parametrize("argv", LINES, ids=" ".join)
def test_a_line_parses_as_with_every_command(argv: list[str]) -> None:
    assert vars(build_parser(named_command(argv)).parse_args(argv)) == vars(
        build_parser().parse_args(argv)
    )


@pytest.mark.parametrize("argv", WRONG, ids=" ".join)
def test_a_wrong_line_fails_as_with_every_command(argv: list[str]) -> None:
    def said(only: str | None) -> tuple[object, str]:
        out = io.StringIO()
        with (
            contextlib.redirect_stdout(out),
            contextlib.redirect_stderr(out),
            pytest.raises(SystemExit) as ended,
        ):
            build_parser(only).parse_args(argv)
        return ended.value.code, out.getvalue()

    assert said(named_command(argv)) == said(None)


def test_the_command_named() -> None:
    assert named_command([]) == "" and named_command(["--save", "x"]) == ""
    assert named_command(["--save", "list", "play"]) == "play"
    assert named_command(["--content=d", "list", "-h"]) == "list"
    assert named_command(["--help"]) is None and named_command(["bogus"]) is None
