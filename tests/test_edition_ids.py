"""Issue 24, done when "the engine and the TUI hold no edition-id comparison outside
`rules/editions/` and the content": every edition difference is asked of the `Edition`.

Read by machine: no module of `consul_app` outside those two compares a value with an
edition's id or name (`==`, `!=`, `is`, `in`, a `match` case) or with one of the `Edition`
objects, or keys a table by them."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from consul_app.content.editions import declared_editions
from consul_app.rules import editions
from consul_app.rules.editions import EDITIONS, Edition

APP = Path(__file__).resolve().parent.parent / "consul_app"
OWN_PLACES = (APP / "rules" / "editions", APP / "content")
"""Where an edition's id may be named: its own module, and the content that lists them."""


def _edition_words() -> frozenset[str]:
    ids, _ = declared_editions([])
    objects = {name for name, value in vars(editions).items() if isinstance(value, Edition)}
    return frozenset({*ids, *EDITIONS, *(e.name for e in EDITIONS.values()), *objects})


def _constants(node: ast.AST) -> Iterator[str]:
    """The strings a comparison's side holds: itself, or the items of a tuple, list or set;
    a name (`CLASSIC`, `editions.SDE2`) as the name itself."""
    items = node.elts if isinstance(node, ast.Tuple | ast.List | ast.Set) else [node]
    for item in items:
        if isinstance(item, ast.Constant) and isinstance(item.value, str):
            yield item.value
        elif isinstance(item, ast.Name):
            yield item.id
        elif isinstance(item, ast.Attribute):
            yield item.attr


def _uses(tree: ast.AST, words: frozenset[str]) -> Iterator[tuple[int, str]]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                for value in _constants(side):
                    if value in words:
                        yield node.lineno, f"compares with {value!r}"
        elif isinstance(node, ast.Dict):
            for key in node.keys:
                for value in _constants(key) if key is not None else ():
                    if value in words:
                        yield key.lineno, f"a table keyed by {value!r}"
        elif isinstance(node, ast.MatchValue):
            for value in _constants(node.value):
                if value in words:
                    yield node.lineno, f"a match case {value!r}"


def test_the_words_looked_for_are_the_editions() -> None:
    assert {"sde2", "forgotten-king", "classic", "SDE 1.0", "CLASSIC"} <= _edition_words()


def test_no_edition_id_is_compared_outside_the_editions_and_the_content() -> None:
    words = _edition_words()
    found = [
        f"{path.relative_to(APP.parent)}:{line}: {what}"
        for path in sorted(APP.rglob("*.py"))
        if not any(path.is_relative_to(own) for own in OWN_PLACES)
        for line, what in _uses(ast.parse(path.read_text(encoding="utf-8")), words)
    ]
    assert found == [], "\n".join(found)


def test_the_check_finds_a_comparison() -> None:
    """(The check itself: each form it looks for is found.)"""
    words = _edition_words()
    code = (
        'if edition == "classic": pass\n'
        'if played.id in ("sde2", "forgotten-king"): pass\n'
        'WORDS = {"SDE 1.0": "round"}\n'
        'match edition:\n    case "sde2": pass\n'
        "if edition_of(state) is not editions.CLASSIC: pass\n"
    )
    assert sorted(line for line, _ in _uses(ast.parse(code), words)) == [1, 2, 2, 3, 5, 6]
