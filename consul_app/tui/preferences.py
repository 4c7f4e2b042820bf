"""The Consul's preferences (the theme), kept in a TOML file in the platform's config folder.

A missing file means the defaults. A broken one is reported (file, line, field) and the
defaults are used; it is only overwritten when a preference is changed. Written by a tiny
writer (a few `key = value` lines), atomically.
"""

from __future__ import annotations

import os
from pathlib import Path

import msgspec

from consul_app.base.paths import config_file

DEFAULT_THEME = "textual-dark"


class Preferences(msgspec.Struct, frozen=True):
    theme: str = DEFAULT_THEME
    """One of Textual's themes (the command palette's "Theme")."""


def load_preferences(path: Path | None = None) -> tuple[Preferences, str | None]:
    """The preferences, and what is wrong with the file (None: nothing): a broken file gives
    the defaults and a message naming it."""
    path = path or config_file()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Preferences(), None
    except IsADirectoryError:
        return Preferences(), _unreadable(path, "a folder, not a file")
    except OSError as err:
        return Preferences(), _unreadable(path, err.strerror or str(err))
    except UnicodeDecodeError:
        return Preferences(), _unreadable(path, "not UTF-8 text")
    import tomllib  # only when there is a file: not before the first frame of most starts

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        return Preferences(), f"{path}: not valid TOML ({err}); using the defaults"
    known = set(Preferences.__struct_fields__)
    for key, value in data.items():
        if key not in known:
            return Preferences(), f"{path}: unknown preference {key!r}; using the defaults"
        if not isinstance(value, str):
            return Preferences(), f"{path}: {key} must be a string; using the defaults"
    return Preferences(**data), None


def _unreadable(path: Path, why: str) -> str:
    return f"{path}: cannot read the preferences ({why}); using the defaults"


def save_preferences(preferences: Preferences, path: Path | None = None) -> None:
    """Write the preferences (replacing the file atomically). Raises OSError."""
    import json
    import tempfile

    path = path or config_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    # A JSON string is a TOML basic string: the same quotes and escapes.
    chosen = msgspec.structs.asdict(preferences)
    text = "".join(f"{key} = {json.dumps(value)}\n" for key, value in chosen.items())
    fd, name = tempfile.mkstemp(dir=path.parent, prefix=".config.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(name, path)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise
