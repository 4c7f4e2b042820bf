"""A cache of the validated content pack, keyed by a hash of its files.

Parsing and validating every YAML file is most of what loading costs; unpickling the pack that
came out of it last time takes a few milliseconds. The key hashes every file of every pack
folder (names and bytes, as the loader reads them), the folders' names (the pack records them
as its sources), and the code that builds a pack (the source of `consul_app/content/`, the
app, Python and pydantic versions), so any change to the content or to its models misses the
cache.

The cache is one file per list of pack folders, `content-<hash of the folder names>.pickle` in
`paths.cache_dir()` (so `consul` and `consul --content mine/` do not evict each other): the
key, then the pack. A missing, unreadable, corrupt or stale cache is ignored and rebuilt;
failing to write it is not an error either. Only a pack that loaded without a problem is ever
written, so content errors are always found in (and reported from) the files themselves.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

import pydantic

from consul_app import __version__, paths
from consul_app.content.folders import pack_files, pack_folders, unique_folders
from consul_app.content.pack import ContentPack

FORMAT = 1
"""Bump to drop every existing cache (a change in what is stored)."""
_CODE = Path(__file__).resolve().parent


def load_pack_cached(
    dirs: Iterable[str | os.PathLike[str]] | None = None,
    *,
    include_user: bool = True,
    cache_dir: Path | None = None,
) -> ContentPack:
    """`load_pack(dirs, include_user=...)`, from the cache when the files have not changed.

    Raises ContentError exactly as `load_pack` does (a pack with problems is never cached).
    """
    folders = unique_folders(pack_folders(dirs, include_user=include_user))
    path = cache_file(folders, cache_dir)
    key = cache_key(folders)
    if key is not None:
        pack = read_cache(path, key)
        if pack is not None:
            return pack
    from consul_app.content.loader import load_dirs  # the YAML parser only when needed

    pack = load_dirs(folders)
    if key is not None:
        write_cache(path, key, pack)
    return pack


def cache_file(folders: Iterable[Path], cache_dir: Path | None = None) -> Path:
    """Where the pack of these folders is cached."""
    names = hashlib.sha256("\0".join(map(str, folders)).encode()).hexdigest()[:16]
    return (cache_dir or paths.cache_dir()) / f"content-{names}.pickle"


def cache_key(folders: Iterable[Path]) -> str | None:
    """A hash of the pack these folders make, or None when it cannot be cached (a folder or
    a file that cannot be read: the loader reports that)."""
    digest = hashlib.sha256(_code_fingerprint())
    for folder in folders:
        if not folder.is_dir():
            return None
        digest.update(f"folder\0{folder}\0".encode())
        try:
            files = pack_files(folder, strict=True)
        except OSError:
            return None
        for rel, path in files:
            try:
                data = path.read_bytes()
            except OSError:
                return None
            digest.update(f"{rel}\0{len(data)}\0".encode())
            digest.update(data)
    return digest.hexdigest()


def _code_fingerprint() -> bytes:
    """What the pickled objects depend on: the content package's code and the versions."""
    digest = hashlib.sha256(
        f"{FORMAT}\0{__version__}\0{sys.version}\0{pydantic.VERSION}\0".encode()
    )
    for source in sorted(_CODE.glob("*.py")):
        digest.update(source.name.encode() + b"\0")
        digest.update(source.read_bytes())
    return digest.digest()


def read_cache(path: Path, key: str) -> ContentPack | None:
    """The cached pack if `path` holds one for `key`; None for anything else."""
    try:
        with path.open("rb") as file:
            if pickle.load(file) != key:
                return None
            pack = pickle.load(file)
    except Exception:  # missing, truncated, garbage, classes that changed: just rebuild
        return None
    return pack if isinstance(pack, ContentPack) else None


def write_cache(path: Path, key: str, pack: ContentPack) -> None:
    """Store `pack` under `key`, atomically (a reader sees the old file or the new one);
    a cache that cannot be written is skipped."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as file:
            pickle.dump(key, file, protocol=pickle.HIGHEST_PROTOCOL)
            pickle.dump(pack, file, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(name, path)
    except Exception:  # a full disk, a read-only folder, an object that does not pickle
        Path(name).unlink(missing_ok=True)
