"""Which editions the content is for: the `editions.yaml` at the top of a pack folder.

The bundled `data/editions.yaml` lists the editions in the order the new-game screen offers
them; a pack folder may add an `editions.yaml` of its own (its editions come after). Every
content file's `edition` must be one of them. What an edition plays (its name, words and
steps) is in `consul_app.rules.editions`, which registers one `Edition` per id.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path

from consul_app.base import paths
from consul_app.content.errors import Issue, field_path
from consul_app.content.folders import EDITIONS_FILE, read_file

_SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def declared_editions(
    folders: Iterable[Path], shown: Callable[[Path], str] = str
) -> tuple[list[str], list[Issue]]:
    """The edition ids the bundled pack and then `folders` declare, in order (each once), and
    what is wrong with their `editions.yaml` (file, line, field). `shown`: how to name a file."""
    from consul_app.content.safeyaml import parse

    ids: list[str] = []
    issues: list[Issue] = []
    for folder in (paths.bundled_data_dir(), *folders):
        path = folder / EDITIONS_FILE
        if not path.is_file():
            continue
        file = shown(path)
        try:
            data = read_file(path)
        except OSError as err:
            issues.append(Issue(file, None, "", f"cannot read: {err.strerror}"))
            continue
        doc = parse(data)
        problems = doc.problems
        issues.extend(Issue(file, p.line, field_path(p.loc), p.message) for p in problems)
        if problems:
            continue
        value = doc.value
        listed = value.get("editions") if isinstance(value, dict) else None
        if not isinstance(listed, list) or set(value) != {"editions"}:
            line, _ = doc.locate(())
            message = "should hold `editions:` and a list of edition ids, nothing else"
            issues.append(Issue(file, line, "", message))
            continue
        for index, edition in enumerate(listed):
            if isinstance(edition, str) and _SLUG.match(edition):
                if edition not in ids:
                    ids.append(edition)
                continue
            line, _ = doc.locate(("editions", index))
            message = f"an edition id is lowercase letters, digits and dashes, got {edition!r}"
            issues.append(Issue(file, line, f"editions[{index}]", message))
    return ids, issues


def unknown_edition(edition: object, known: Iterable[str]) -> str:
    """The message for an `edition` that is not one of the `known` ids."""
    return (
        f"unknown edition {edition!r}: the editions are {', '.join(known)} "
        f"(listed in data/{EDITIONS_FILE})"
    )

