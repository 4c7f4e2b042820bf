"""What a viewer's page may say to `consul serve`, read without trusting it.

textual-serve's page sends JSON lists: `["stdin", text]`, `["resize", {"width", "height"}]`,
`["ping", text]`, `["focus"]`, `["blur"]`. Anything else, or any of these with a value of
another type, is ignored; a size is a whole number held within what a screen can be (a size of
1e308 made a watcher grow by 500 MB/s).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass

COLUMNS = (20, 500)
ROWS = (10, 200)
"""The smallest and largest terminal a viewer may ask for."""

DEFAULT_SIZE = (80, 24)
"""The size of a viewer that gives none (or none that is a size)."""

LONGEST = 64 * 1024
"""The longest message read (keys pasted at once, at most)."""

PING_LENGTH = 32
"""The longest ping echoed (the page sends a time in milliseconds)."""


@dataclass(frozen=True)
class Keys:
    text: str


@dataclass(frozen=True)
class Resize:
    columns: int
    rows: int


@dataclass(frozen=True)
class Ping:
    text: str


@dataclass(frozen=True)
class Focus:
    focused: bool


Message = Keys | Resize | Ping | Focus


def _held(value: int, bounds: tuple[int, int]) -> int:
    return min(max(value, bounds[0]), bounds[1])


def size(width: object, height: object) -> tuple[int, int] | None:
    """(columns, rows) from a viewer's width and height: whole numbers only (not true or
    false), held within COLUMNS and ROWS; None for anything else."""
    if type(width) is not int or type(height) is not int:
        return None
    return _held(width, COLUMNS), _held(height, ROWS)


def size_in_query(query: Mapping[str, str]) -> tuple[int, int]:
    """The size a viewer's address asks for (`?width=80&height=24`), else DEFAULT_SIZE."""
    try:
        asked = size(int(query.get("width", "")), int(query.get("height", "")))
    except ValueError:
        return DEFAULT_SIZE
    return asked or DEFAULT_SIZE


def read(text: str) -> Message | None:
    """The message in a text frame from a viewer, or None if it is not one of the page's."""
    if len(text) > LONGEST:
        return None
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(envelope, list) or not envelope:
        return None
    kind, body = envelope[0], envelope[1] if len(envelope) > 1 else None
    if kind == "stdin" and isinstance(body, str):
        return Keys(body)
    if kind == "resize" and isinstance(body, dict):
        asked = size(body.get("width"), body.get("height"))
        return Resize(*asked) if asked else None
    if kind == "ping" and isinstance(body, str) and len(body) <= PING_LENGTH:
        return Ping(body)
    if kind in ("focus", "blur"):
        return Focus(kind == "focus")
    return None
