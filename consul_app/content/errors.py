"""What is wrong with a content pack: every issue with its file, line and field."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import msgspec

Loc = tuple[str | int, ...]
"""A path into a YAML document: keys and list indexes, as pydantic reports them."""


def field_path(loc: Iterable[str | int]) -> str:
    """Write a loc the way a user reads it: `spawning_points[3].pool[0].count`."""
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text


class Issue(msgspec.Struct, frozen=True):
    """One problem in one file. `line` is 1-based; None when it concerns a whole file."""

    file: str
    line: int | None
    field: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return ": ".join(part for part in (where, self.field, self.message) if part)


class ContentError(Exception):
    """A content pack could not be loaded; `issues` lists the problems found in one run (at
    most a screenful per file, then one line counting the rest); `count` is how many in all."""

    def __init__(self, issues: Sequence[Issue], count: int | None = None) -> None:
        self.issues: tuple[Issue, ...] = tuple(issues)
        self.count = len(self.issues) if count is None else count
        super().__init__(self.issues)

    def __str__(self) -> str:
        count = self.count
        head = f"{count} problem{'s' if count != 1 else ''} in the content:"
        return "\n".join([head, *(f"  {issue}" for issue in self.issues)])
