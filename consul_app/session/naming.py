"""Save file names: the date and the boss, `2026-11-30-black-handed-henry.jsonl`."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from datetime import date
from pathlib import Path

from consul_app.session.save_files import SUFFIX


def slug(name: str) -> str:
    """`"Black-Handed Henry"` -> `"black-handed-henry"`; never empty."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "game"


def save_names(folder: Path, day: date, boss: str) -> Iterator[Path]:
    """Candidate paths for a new save, first the plain name, then `-2`, `-3`, ..."""
    stem = f"{day.isoformat()}-{slug(boss)}"
    yield folder / f"{stem}{SUFFIX}"
    for n in itertools.count(2):
        yield folder / f"{stem}-{n}{SUFFIX}"
