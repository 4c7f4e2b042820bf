"""Rooms of their own: no class in consul_app/tui is over 400 lines (the table screen's keys,
dialogs and typed count, the app's opening of games, each live in a module of their own)."""

from __future__ import annotations

import ast
from pathlib import Path

import consul_app.tui

MOST = 400


def test_no_class_in_the_tui_is_over_400_lines() -> None:
    big = []
    for path in Path(consul_app.tui.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                lines = node.end_lineno - node.lineno + 1
                if lines > MOST:
                    big.append(f"{path.name}: {node.name} ({lines} lines)")
    assert not big
