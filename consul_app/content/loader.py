"""Load content packs (folders of YAML files), merge them by id and validate everything.

Packs load in order: the bundled pack, the user's content folder, then any extra folders.
A later pack adds entries or replaces them by (kind, edition, id); within one pack an id
may appear once. Every problem of every file is collected and raised as one ContentError.
With `editions=`, entries of other editions are neither validated nor kept, and a file that
surely holds nothing else is not even parsed.
"""

from __future__ import annotations

import hashlib
import heapq
import os
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import chain
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from consul_app.content.crossref import EntryKey, find_dangling
from consul_app.content.editions import declared_editions, unknown_edition
from consul_app.content.errors import ContentError, Issue, Loc, field_path
from consul_app.content.folders import (
    EDITIONS_FILE,
    SUFFIXES,
    pack_files,
    pack_folders,
    read_file,
    unique_folders,
)
from consul_app.content.models import (
    KINDS,
    NAME_PATTERN,
    ContentFile,
    Edition,
    Entry,
)
from consul_app.content.name_checks import find_unknown, known_names
from consul_app.content.pack import ContentPack
from consul_app.content.safeyaml import Document, parse
from consul_app.content.validate import validate

__all__ = ["SUFFIXES", "load_dirs", "load_pack", "pack_files", "pack_folders", "unique_folders"]

_FILE_EDITION = re.compile(rb"^edition:[ \t]*([a-z0-9-]+)[ \t]*$", re.MULTILINE)
MAX_ISSUES_PER_FILE = 20
"""Problems listed per file (the first by line), then one line counts the rest: a file with
thousands of mistakes is a few wrong lines repeated, and fixing the first shows the pattern."""

UNIQUE_NAMES = ("status_effects",)
"""Kinds whose names must differ within an edition (case ignored): the Consul picks a status
effect by its name (dialogs, the lookup, the log), so two of one name could not be told apart."""


def load_pack(
    dirs: Iterable[str | os.PathLike[str]] | None = None,
    *,
    include_user: bool = True,
    editions: Iterable[Edition] | None = None,
) -> ContentPack:
    """The bundled pack, then the user's content folder (if any), then `dirs`, merged.

    `editions` limits loading to those editions (faster start-up). Raises ContentError.
    """
    return load_dirs(pack_folders(dirs, include_user=include_user), editions=editions)


def load_dirs(
    dirs: Iterable[str | os.PathLike[str]], *, editions: Iterable[Edition] | None = None
) -> ContentPack:
    """Load exactly these pack folders, in order (a folder given twice loads once), for the
    editions that the bundled pack and these folders declare (`content/editions.py`)."""
    folders = unique_folders(dirs)
    known, issues = declared_editions(folders, _display)
    loader = _Loader(known, None if editions is None else frozenset(editions))
    loader.issues.extend(issues)
    loader.editions_broken = bool(issues)
    for folder in folders:
        loader.add_pack(folder)
    return loader.finish()


@dataclass(frozen=True)
class _Source:
    """Where entries came from: a file's display name, its document, kept list indexes."""

    file: str
    doc: Document
    kept: dict[str, list[int]]
    """Per kind, the original index of each entry validated (when editions were filtered)."""
    reported: set[Loc] = field(default_factory=set)
    """Locs that failed validation: a reference there is not checked again."""
    unknown: set[Loc] = field(default_factory=set)
    """Where an edition the content is not for is named (reported as such, not as a pattern
    mismatch)."""

    def index(self, kind: str, position: int) -> int:
        kept = self.kept.get(kind)
        return kept[position] if kept is not None else position

    def issue(self, loc: Loc, message: str) -> Issue:
        line, _ = self.doc.locate(loc)
        return Issue(self.file, line, field_path(loc), message)


class _Loader:
    """Accumulates packs into one ContentPack, collecting issues instead of stopping."""

    def __init__(self, known: list[Edition], editions: frozenset[Edition] | None) -> None:
        unknown = set(editions or ()) - set(known)
        if unknown:
            raise ValueError(f"unknown editions: {sorted(unknown)}")
        self.known = frozenset(known)
        """The editions the content may be for (`data/editions.yaml`)."""
        self.editions_broken = False
        """An `editions.yaml` has problems (reported): an edition it may have listed is not
        reported as unknown wherever it is named."""
        self.editions = editions
        self.pack = ContentPack.of(known)
        self.issues: list[Issue] = []
        self.hash = hashlib.sha256()
        self.origins: dict[EntryKey, tuple[_Source, int, dict[str, Any]]] = {}
        """The final (source, index, data) of every entry, valid or not, after overrides."""
        self.in_pack: dict[EntryKey, tuple[_Source, int]] = {}
        self.unreadable = False
        """A file could not be read at all: what it defines is unknown, so no reference is
        checked."""
        self.broken: list[str] = []
        """The text (case folded) of files read but not parsed (broken YAML): a reference to a
        name one of them mentions is not reported as unknown (it may be defined there)."""
        self.unlisted: Counter[str] = Counter()
        """Per file, problems counted but not worded: they are past MAX_ISSUES_PER_FILE."""

    def add_pack(self, folder: Path) -> None:
        if not folder.is_dir():
            problem = "not a folder of YAML files" if folder.exists() else "no such content folder"
            self.issues.append(Issue(_display(folder), None, "", problem))
            return
        self.pack.sources.append(str(folder))
        self.in_pack = {}
        try:
            files = pack_files(folder, strict=True)
        except OSError as err:
            where = Path(err.filename) if err.filename else folder
            self.issues.append(Issue(_display(where), None, "", f"cannot read: {err.strerror}"))
            self.unreadable = True
            return
        for rel, path in files:
            try:
                data = read_file(path)
            except OSError as err:
                self.issues.append(Issue(_display(path), None, "", f"cannot read: {err.strerror}"))
                self.unreadable = True
                continue
            self.hash.update(f"{rel}\0{len(data)}\0".encode())
            self.hash.update(data)
            if rel != EDITIONS_FILE and not self._only_other_editions(data):
                self._add_file(_display(path), data)

    def _only_other_editions(self, data: bytes) -> bool:
        """True when a file's one top-level `edition:` is not asked for and the word appears
        nowhere else, so that no entry can name its own edition: parsing it is wasted time."""
        if self.editions is None or data.count(b"edition") != 1:
            return False
        match = _FILE_EDITION.search(data)
        edition = match.group(1).decode() if match else None
        return edition in self.known and edition not in self.editions

    def _add_file(self, file: str, data: bytes) -> None:
        doc = parse(data)
        problems, more = doc.first_problems(MAX_ISSUES_PER_FILE)
        self.unlisted[file] += more
        self.issues.extend(Issue(file, p.line, field_path(p.loc), p.message) for p in problems)
        if not doc.readable:
            self.broken.append(data.decode("utf-8", "replace").casefold())
            return
        if doc.value is None or doc.value == {}:
            self.pack.warnings.append(f"{file}: empty file, no content in it")
            return
        if not isinstance(doc.value, dict):
            line, _ = doc.locate(())
            message = "the top level must be a mapping: edition, monsters, relics, ..."
            self.issues.append(Issue(file, line, "", message))
            self.broken.append(data.decode("utf-8", "replace").casefold())
            return
        prepared, kept, unknown = self._prepare(doc.value)
        source = _Source(file, doc, kept)
        for loc, edition in unknown:
            source.reported.add(loc)
            source.unknown.add(loc)
            if not self.editions_broken:
                self.issues.append(source.issue(loc, unknown_edition(edition, self.pack.editions)))
        for kind, position, entry in self._validate(source, prepared):
            index = source.index(kind, position)
            if self._claim(kind, prepared[kind][position], source, index) and entry is not None:
                self.pack.edition(entry.edition).kind(kind)[entry.id] = entry

    def _prepare(
        self, value: dict[str, Any]
    ) -> tuple[dict[str, Any], dict[str, list[int]], list[tuple[Loc, str]]]:
        """Give entries the file's edition; drop entries of editions not asked for, and those
        of an edition the content is not for (returned with where it is named: the file's
        `edition`, whose entries then fail as missing theirs, or an entry's own)."""
        default = value.get("edition")
        data = dict(value)
        kept: dict[str, list[int]] = {}
        unknown: list[tuple[Loc, str]] = []
        if isinstance(default, str) and default not in self.known:
            unknown.append((("edition",), default))
        for kind in KINDS:
            items = value.get(kind)
            if not isinstance(items, list):
                continue
            if self._known(default):
                for item in items:
                    if isinstance(item, dict) and "edition" not in item:
                        item["edition"] = default
            own = [
                (i, item["edition"])
                for i, item in enumerate(items)
                if isinstance(item, dict)
                and isinstance(item.get("edition"), str)
                and item["edition"] not in self.known
            ]
            unknown.extend(((kind, i, "edition"), edition) for i, edition in own)
            if self.editions is not None or own:
                wanted = [i for i, item in enumerate(items) if self._wanted(item)]
                if len(wanted) < len(items):
                    data[kind] = [items[i] for i in wanted]
                    kept[kind] = wanted
        return data, kept, unknown

    def _wanted(self, item: Any) -> bool:
        edition = item.get("edition") if isinstance(item, dict) else None
        if isinstance(edition, str) and edition not in self.known:
            return False
        return not self._known(edition) or self.editions is None or edition in self.editions

    def _known(self, edition: Any) -> bool:
        """Is `edition` (any value a file holds) one the content is for?"""
        return isinstance(edition, str) and edition in self.known

    def _validate(
        self, source: _Source, data: dict[str, Any]
    ) -> Iterator[tuple[str, int, Entry | None]]:
        """Validate the whole file at once; on errors, report them and keep the valid entries.

        Yields (kind, position, entry) for every entry, None for one that is not valid.
        """
        try:
            content = validate(ContentFile, data)
        except ValidationError as err:
            errors = err.errors(include_url=False)
        else:
            for kind in KINDS:
                for position, entry in enumerate(getattr(content, kind)):
                    yield kind, position, entry
            return
        errors = _plain(errors, data)
        failed: set[tuple[str, int]] = set()
        found: list[tuple[int, int, Loc]] = []  # (line, index in errors, loc) of each new one
        remap = bool(source.kept)
        for number, error in enumerate(errors):
            loc = _original_loc(source, error["loc"]) if remap else error["loc"]
            source.reported.add(loc)
            if len(loc) >= 2 and isinstance(loc[1], int):
                failed.add((str(loc[0]), loc[1]))
            if _follows_on(error, data) or loc in source.unknown:
                continue
            line, reported = source.doc.locate(loc)
            if not reported:
                found.append((line, number, loc))
        # Only those that can be listed are worded (see MAX_ISSUES_PER_FILE); the rest count.
        listed = heapq.nsmallest(MAX_ISSUES_PER_FILE, found)
        self.unlisted[source.file] += len(found) - len(listed)
        for line, number, loc in listed:
            self.issues.append(Issue(source.file, line, field_path(loc), _message(errors[number])))
        for kind, model in KINDS.items():
            items = data.get(kind)
            kept = source.kept.get(kind)
            for position, item in enumerate(items if isinstance(items, list) else ()):
                if (kind, kept[position] if kept else position) in failed:
                    yield kind, position, None
                else:
                    yield kind, position, validate(model, item)

    def _claim(self, kind: str, item: Any, source: _Source, index: int) -> bool:
        """Record an entry (valid or not) by id; False for a duplicate within this pack.

        Invalid entries are recorded too: naming them is then not reported as unknown.
        """
        if not isinstance(item, dict):
            return False
        id_, edition = item.get("id"), item.get("edition")
        if not isinstance(id_, str) or not self._known(edition):
            return False
        key = (kind, edition, id_)
        first = self.in_pack.get(key)
        if first is not None:
            first_source, first_index = first
            line, _ = first_source.doc.locate((kind, first_index, "id"))
            message = f"duplicate id '{id_}' in {edition} {kind}"
            where = f"{first_source.file}:{line}"
            self.issues.append(source.issue((kind, index, "id"), f"{message}; first at {where}"))
            return False
        self.in_pack[key] = (source, index)
        self.origins[key] = (source, index, item)
        return True

    def finish(self) -> ContentPack:
        """Check references across the merged pack; raise every issue found, or return it."""
        if not self.unreadable:
            self._check_references()
            self._check_names()
        if self.issues:
            count = len(self.issues) + self.unlisted.total()
            raise ContentError(_listed(self.issues, self.unlisted), count)
        self._warn_attackless()
        self.pack.content_hash = self.hash.hexdigest()
        return self.pack

    def _check_references(self) -> None:
        """Report every id named but not defined, and every keyword or ability name not known
        (in the same edition, after overrides)."""
        known: dict[tuple[str, str], set[str]] = {}
        for kind, edition, id_ in self.origins:
            known.setdefault((edition, kind), set()).add(id_)
        entries = {key: item for key, (_, _, item) in self.origins.items()}
        unknown = find_unknown(entries, known_names(entries))
        for key, path, message in chain(find_dangling(entries, known), unknown):
            source, index, item = self.origins[key]
            loc = (key[0], index, *path)
            if loc not in source.reported and not self._maybe_in_broken(_value_at(item, path)):
                self.issues.append(source.issue(loc, message))

    def _maybe_in_broken(self, value: Any) -> bool:
        """Is `value` (a name or id named) mentioned in a file that could not be parsed?"""
        if not isinstance(value, str) or not self.broken:
            return False
        word = re.compile(rf"(?<![\w-]){re.escape(value.strip().casefold())}(?![\w-])")
        return any(word.search(text) for text in self.broken)

    def _warn_attackless(self) -> None:
        """A monster the Consul spawns (skull points) with no attack and no offensive action
        that rolls: an offense bonus would reach none of its rolls."""
        for (kind, edition, id_), (source, index, _) in self.origins.items():
            monster = self.pack.edition(edition).monsters.get(id_) if kind == "monsters" else None
            if monster is None or monster.attacks or not monster.skull_points:
                continue
            abilities = self.pack.edition(edition).abilities.values()
            names = {a.casefold() for a in monster.abilities}
            if any(
                a.name.casefold() in names and a.type == "offense" and a.rolls for a in abilities
            ):
                continue
            line, _ = source.doc.locate((kind, index))
            self.pack.warnings.append(
                f"{source.file}:{line}: monster '{id_}' ({monster.name}) has no attack: an "
                "offense bonus reaches none of its rolls"
            )

    def _check_names(self) -> None:
        """Report a second entry of a kind in `UNIQUE_NAMES` with a name already taken in its
        edition by an entry of another id (after overrides), as a duplicate id is."""
        first: dict[tuple[str, str, str], tuple[_Source, int, str]] = {}
        for (kind, edition, id_), (source, index, item) in self.origins.items():
            name = item.get("name")
            if kind not in UNIQUE_NAMES or not isinstance(name, str):
                continue
            taken = first.setdefault((kind, edition, name.strip().casefold()), (source, index, id_))
            if taken[2] == id_:
                continue
            first_source, first_index, first_id = taken
            line, _ = first_source.doc.locate((kind, first_index, "name"))
            message = (
                f"duplicate name '{name}' in {edition} {kind} (id '{first_id}' has it); first at "
                f"{first_source.file}:{line} (to replace that entry, give this one its id)"
            )
            self.issues.append(source.issue((kind, index, "name"), message))


def _value_at(item: Any, path: tuple[int | str, ...]) -> Any:
    """The value found along `path` in an entry's data (None when it is not there)."""
    for step in path:
        try:
            item = item[step]
        except (KeyError, IndexError, TypeError):
            return None
    return item


def _listed(issues: list[Issue], unlisted: Counter[str]) -> list[Issue]:
    """The issues by file (in the order files were read) and line, at most MAX_ISSUES_PER_FILE
    per file followed by a line that counts the others (`unlisted`: those never worded)."""
    by_file: dict[str, list[Issue]] = {}
    for issue in issues:
        by_file.setdefault(issue.file, []).append(issue)
    listed: list[Issue] = []
    for file, found in by_file.items():
        found.sort(key=lambda i: i.line or 0)
        listed.extend(found[:MAX_ISSUES_PER_FILE])
        more = len(found) - MAX_ISSUES_PER_FILE + unlisted[file]
        if more > 0:
            what = f"problem{'s' if more != 1 else ''}"
            message = f"and {more:,} more {what} in this file (fix these first, then run again)"
            listed.append(Issue(file, None, "", message))
    return listed


def _plain(errors: list[ErrorDetails], data: Any) -> list[ErrorDetails]:
    """pydantic's errors as a content author reads them: one per field. A value that may take
    several forms (a number or dice, a mapping or nothing) fails once per form, each at a loc
    ending in the form's name (`add.int`, `add.function-plain[dice_from()]`): they are one
    problem of that field, said by our own check when there is one."""
    plain: dict[Loc, ErrorDetails] = {}
    for error in errors:
        loc = _in_data(data, tuple(error["loc"]), missing=error["type"] == "missing")
        shown = plain.get(loc)
        if shown is None or (shown["type"] != "value_error" and error["type"] == "value_error"):
            plain[loc] = {**error, "loc": loc}
    return list(plain.values())


def _follows_on(error: ErrorDetails, data: Any) -> bool:
    """An entry's missing `edition` when the file's top-level `edition` is there: that one is
    not valid, and is reported on its own (the entry fails all the same)."""
    loc = error["loc"]
    missing = error["type"] == "missing" and len(loc) == 3 and loc[-1] == "edition"
    return missing and isinstance(data, dict) and "edition" in data


def _in_data(data: Any, loc: Loc, *, missing: bool) -> Loc:
    """The part of `loc` that is in `data` (a missing field's name too): what follows it names
    one of the forms pydantic tried, not a field."""
    here = data
    for depth, part in enumerate(loc):
        listed = isinstance(here, list) and isinstance(part, int) and 0 <= part < len(here)
        if listed or (isinstance(here, dict) and part in here):
            here = here[part]
        else:
            last = missing and depth == len(loc) - 1 and isinstance(here, dict)
            return loc[: depth + 1] if last or depth == 0 else loc[:depth]
    return loc


def _original_loc(source: _Source, loc: tuple[int | str, ...]) -> Loc:
    """Map a loc in the filtered data back to the file's own list indexes."""
    if len(loc) >= 2 and isinstance(loc[1], int) and isinstance(loc[0], str):
        return (loc[0], source.index(loc[0], loc[1]), *loc[2:])
    return tuple(loc)


def _message(error: ErrorDetails) -> str:
    """pydantic's message, said the way a content author needs it."""
    kind, loc = error["type"], error["loc"]
    if kind == "missing":
        hint = " (give it here or once at the top of the file)" if loc[-1] == "edition" else ""
        return f"missing field '{loc[-1]}'{hint}"
    unknown = kind in ("extra_forbidden", "unexpected_keyword_argument")
    if unknown and len(loc) == 1:
        return f"unknown top-level key '{loc[0]}' (expected edition, {', '.join(KINDS)})"
    if unknown:
        return f"unknown field '{loc[-1]}'"
    if kind == "string_pattern_mismatch" and error.get("ctx", {}).get("pattern") == NAME_PATTERN:
        return (
            "a name must show at least one letter: blank or invisible names (only spaces or "
            "zero-width characters) and a NUL or a right-to-left override are refused"
        )
    if kind in ("value_error", "assertion_error"):
        return str(error.get("ctx", {}).get("error", error["msg"]))
    if kind in ("model_type", "dataclass_type", "dict_type", "model_attributes_type"):
        message = "should be a mapping of its fields"
    else:
        message = error["msg"][0].lower() + error["msg"][1:]
    value = error.get("input")
    if value is None or isinstance(value, str | int | float | bool):
        shown = repr(value)
        message += f" (got {shown if len(shown) <= 40 else shown[:36] + '...'})"
    return message


def _display(path: Path) -> str:
    """A path as the user will read it: relative to the working folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)
