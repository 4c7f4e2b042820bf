"""The MD2 content as it was last read, kept as JSON beside SDE's content cache: a start reads
it back (msgspec, no YAML parser) while no file of the folder changed (their names, sizes and
times, and the app's version, are its key). Only a file of ours that no one else may write is
read (`files.read_private`); one that cannot be written is skipped."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import msgspec

from consul_app import __version__
from consul_app.base.files import MB, private_folder, read_private
from consul_app.base.paths import cache_dir
from consul_app.md2.content import Md2Content, bundled_dir, load_md2

NAME = "md2-content.json"
MAX_BYTES = 4 * MB


class _Cached(msgspec.Struct, frozen=True):
    key: list[str]
    content: Md2Content


def key_of(folder: Path) -> list[str]:
    """The app's version and each YAML file's name, size and time."""
    found = [__version__]
    for path in sorted(folder.glob("*.yaml")):
        info = path.stat()
        found.append(f"{path.name}:{info.st_size}:{info.st_mtime_ns}")
    return found


def load_md2_cached(folder: Path | None = None, cache: Path | None = None) -> Md2Content:
    """`load_md2(folder)`, from the cache while it fits (`ContentError` as `load_md2`)."""
    folder = folder or bundled_dir()
    path = (cache or cache_dir()) / NAME
    try:
        key = key_of(folder)
    except OSError:
        return load_md2(folder)
    usable = private_folder(path.parent)
    data = read_private(path, MAX_BYTES) if usable else None
    if data is not None:
        try:
            cached = msgspec.json.decode(data, type=_Cached)
        except (ValueError, msgspec.MsgspecError):
            cached = None
        if cached is not None and cached.key == key:
            return cached.content
    content = load_md2(folder)
    if usable:
        _write(path, msgspec.json.encode(_Cached(key=key, content=content)))
    return content


def _write(path: Path, data: bytes) -> None:
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
        os.replace(name, path)
    except OSError:
        Path(name).unlink(missing_ok=True)
