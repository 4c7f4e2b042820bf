"""MD2 content: the songs, instruments, gizmo effects and constructs the dashboards name.

Read from `data/md2/*.yaml` with the safe YAML reader; every problem is reported with its
file, line and field (`ContentError`), as for SDE content."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

import msgspec

from consul_app.base import paths
from consul_app.base.files import MB, read_limited

if TYPE_CHECKING:
    from consul_app.content.errors import Issue

Tier = Literal["common", "rare", "epic", "legendary"]
"""A treasure tier (rarity); gizmos have the tier of the token drawn."""
NoteLine = Literal["G", "B", "E"]
ConstructKind = Literal["guard", "sentry", "scout"]
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=60, pattern=r"\S")]
Text = Annotated[str, msgspec.Meta(min_length=1, max_length=400)]
Slug = Annotated[str, msgspec.Meta(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=60)]
MAX_FILE_BYTES = 2 * MB


class _Entry(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    id: Slug
    name: Name


class Song(_Entry, frozen=True):
    """A song skill: in effect while its notes are active and an instrument is equipped."""

    needs: Annotated[list[NoteLine], msgspec.Meta(min_length=1, max_length=5)]
    """The active notes it needs, in any order (a letter twice: two of that note)."""
    text: Text
    starting: bool = False
    """One of the two starting songs printed on the Bard Musical dashboard."""
    verified: bool = True
    """False: not checked against the printed card (the screen says so)."""


class Instrument(_Entry, frozen=True):
    """An item that counts as an instrument; `set_aside`: put beside the dashboard at setup,
    gained by discarding two items of its tier."""

    tier: Tier | None = None
    set_aside: bool = False


class GizmoEffect(_Entry, frozen=True):
    """One effect of the Tinkerer's rules card, paid by spending a gizmo of its tier."""

    tier: Tier
    text: Text


class Construct(_Entry, frozen=True):
    id: ConstructKind
    text: Text


class Md2Content(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Everything of MD2's content, by id."""

    songs: dict[str, Song]
    instruments: dict[str, Instrument]
    gizmo_effects: dict[str, GizmoEffect]
    constructs: dict[str, Construct]

    def set_aside_instrument(self, tier: Tier) -> Instrument | None:
        """The instrument of `tier` set aside at setup, if any."""
        return next(
            (i for i in self.instruments.values() if i.set_aside and i.tier == tier), None
        )


class _File(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    game: Literal["md2"]
    songs: list[Song] = []
    instruments: list[Instrument] = []
    gizmo_effects: list[GizmoEffect] = []
    constructs: list[Construct] = []


_PATH = re.compile(r"\.(\w+)|\[(\d+)\]")


def bundled_dir() -> Path:
    """The bundled MD2 content folder."""
    return paths.bundled_data_dir() / "md2"


def load_md2(folder: Path | None = None) -> Md2Content:
    """The MD2 content in `folder` (the bundled one by default). Raises `ContentError` with
    every problem of every file (file, line, field). (The YAML reader and SDE's content
    package are imported here: a start that reads the cache (cache.py) needs neither.)"""
    from consul_app.content.errors import ContentError, Issue

    folder = folder or bundled_dir()
    issues: list[Issue] = []
    kinds: dict[str, dict[str, _Entry]] = {
        "songs": {}, "instruments": {}, "gizmo_effects": {}, "constructs": {}
    }
    for path in sorted(folder.glob("*.yaml")):
        parsed = _read(path, issues)
        if parsed is None:
            continue
        for kind, found in kinds.items():
            for entry in getattr(parsed, kind):
                if entry.id in found:
                    issues.append(Issue(path.name, None, f"{kind}.{entry.id}", "duplicate id"))
                found[entry.id] = entry
    if issues:
        raise ContentError(issues)
    return Md2Content(**kinds)  # type: ignore[arg-type]


def _read(path: Path, issues: list[Issue]) -> _File | None:
    from consul_app.content import safeyaml
    from consul_app.content.errors import Issue, field_path

    try:
        data = read_limited(path, MAX_FILE_BYTES)
    except OSError as err:
        issues.append(Issue(path.name, None, "", err.strerror or str(err)))
        return None
    doc = safeyaml.parse(data)
    for problem in doc.problems:
        issues.append(Issue(path.name, problem.line, field_path(problem.loc), problem.message))
    if not doc.readable or doc.problems:
        return None
    try:
        return msgspec.convert(doc.value, _File)
    except msgspec.ValidationError as err:
        message, _, where = str(err).partition(" - at `$")
        loc = tuple(
            int(index) if index else key for key, index in _PATH.findall(where.rstrip("`"))
        )
        line, _ = doc.locate(loc)
        issues.append(Issue(path.name, line, field_path(loc), message))
        return None

