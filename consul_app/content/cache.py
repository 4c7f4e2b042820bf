"""A cache of the validated content pack, keyed by a hash of its files, kept as plain JSON.

Parsing and validating every YAML file is most of what loading costs; validating the JSON of
the pack that came out of it last time takes a few milliseconds. The key hashes every file of
every pack folder (names and bytes, as the loader reads them), the folders' names (the pack
records them as its sources), and the code that builds a pack (the source of
`consul_app/content/`, the app, Python and msgspec versions), so any change to the content or
to its models misses the cache.

The cache is one file per list of pack folders, `content-<hash of the folder names>.json` in
`paths.cache_dir()` (so `consul` and `consul --content mine/` do not evict each other): the
key, the pack's sources and hash, and every entry as JSON (with each edition's hash of its
entries, `EditionPack.content_hash()`). Nothing in it can run: it is read as data by msgspec into
the same Structs as the YAML, which checks its structure, types, the constraints in their
annotations and each class's `__post_init__` (pydantic, which checks the YAML, is not needed:
it takes longer than the rest of the start). It is read only from a regular file
(never through a symlink) that belongs to this account and that neither group nor others may
write, in a folder of this account that they may not write either; anything else (another
account's file in a shared folder, say) is not read, and the pack is loaded from the files.
A missing, unreadable, corrupt or stale cache is ignored and rebuilt; failing to write it is
not an error either. Only a pack that loaded without a problem is ever written, so content
errors are always found in (and reported from) the files themselves.
"""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Literal

import msgspec

from consul_app import __version__
from consul_app.base import paths
from consul_app.base.files import private_folder, read_private
from consul_app.content.folders import pack_files, pack_folders, read_file, unique_folders
from consul_app.content.models import KINDS, ContentFile, Edition
from consul_app.content.pack import ContentPack

FORMAT = 4
"""Bump to drop every existing cache (a change in what is stored). 2: JSON, was a pickle.
3: each edition's `content_hash()` stored (a saved game's summary and resume check it).
4: read by msgspec into the content Structs (every field written, defaults too)."""
MAX_BYTES = 64 * 1024 * 1024
"""A cache file larger than this is not read (the bundled pack's is about 0.2 MB)."""
_CODE = Path(__file__).resolve().parent


class _CacheFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a cache file holds: the key it was written for and the pack, entry by entry."""

    format: Literal[4]
    key: str
    sources: list[str]
    content_hash: str
    warnings: list[str]
    editions: dict[Edition, ContentFile]
    edition_hashes: dict[Edition, str]


def load_pack_cached(
    dirs: Iterable[str | os.PathLike[str]] | None = None,
    *,
    include_user: bool = True,
    cache_dir: Path | None = None,
) -> ContentPack:
    """`load_pack(dirs, include_user=...)`, from the cache when the files have not changed.

    Raises ContentError exactly as `load_pack` does (a pack with problems is never cached).
    """
    folders, path, key = _where(dirs, include_user, cache_dir)
    if key is not None:
        pack = read_cache(path, key)
        if pack is not None:
            return pack
    from consul_app.content.loader import load_dirs  # the YAML parser only when needed

    pack = load_dirs(folders)
    if key is not None:
        write_cache(path, key, pack)
    return pack


def cached_pack(
    dirs: Iterable[str | os.PathLike[str]] | None = None,
    *,
    include_user: bool = True,
    cache_dir: Path | None = None,
) -> ContentPack | None:
    """The pack `load_pack_cached` would return, if its cache is fresh; else None (then only
    `load_pack_cached` can say what is wrong with the files)."""
    _, path, key = _where(dirs, include_user, cache_dir)
    return None if key is None else read_cache(path, key)


def _where(
    dirs: Iterable[str | os.PathLike[str]] | None, include_user: bool, cache_dir: Path | None
) -> tuple[list[Path], Path, str | None]:
    """The pack's folders, its cache file and the key it must hold (None: no cache to use)."""
    folders = unique_folders(pack_folders(dirs, include_user=include_user))
    path = cache_file(folders, cache_dir)
    key = cache_key(folders)
    usable = key is not None and _private_folder(path.parent)
    return folders, path, key if usable else None


def cache_file(folders: Iterable[Path], cache_dir: Path | None = None) -> Path:
    """Where the pack of these folders is cached."""
    names = hashlib.sha256("\0".join(map(str, folders)).encode()).hexdigest()[:16]
    return (cache_dir or paths.cache_dir()) / f"content-{names}.json"


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
                data = read_file(path)
            except OSError:
                return None
            digest.update(f"{rel}\0{len(data)}\0".encode())
            digest.update(data)
    return digest.hexdigest()


def _code_fingerprint() -> bytes:
    """What the cached entries depend on: the content package's code and the versions."""
    digest = hashlib.sha256(
        f"{FORMAT}\0{__version__}\0{sys.version}\0{msgspec.__version__}\0".encode()
    )
    for source in sorted(_CODE.glob("*.py")):
        digest.update(source.name.encode() + b"\0")
        digest.update(source.read_bytes())
    return digest.digest()


_private_folder = private_folder


def _read_private(path: Path) -> bytes | None:
    """`files.read_private` of at most MAX_BYTES."""
    return read_private(path, MAX_BYTES)


def read_cache(path: Path, key: str) -> ContentPack | None:
    """The cached pack if `path` holds a valid one for `key`; None for anything else."""
    data = _read_private(path)
    if data is None:
        return None
    try:
        cached = msgspec.json.decode(data, type=_CacheFile)
    except (ValueError, msgspec.MsgspecError):  # not JSON, not a pack
        return None
    if cached.key != key or cached.edition_hashes.keys() != cached.editions.keys():
        return None
    pack = ContentPack.of(
        cached.editions,
        sources=cached.sources,
        content_hash=cached.content_hash,
        warnings=cached.warnings,
    )
    for edition, content in cached.editions.items():
        into = pack.edition(edition)
        for kind in KINDS:
            entries = into.kind(kind)
            for entry in getattr(content, kind):
                if entry.edition != edition:
                    return None
                entries[entry.id] = entry
        into.known_hash(cached.edition_hashes[edition])
    return pack


def _as_json(key: str, pack: ContentPack) -> bytes:
    editions = {
        edition: ContentFile(
            **{kind: list(pack.edition(edition).kind(kind).values()) for kind in KINDS}
        )
        for edition in pack.editions
    }
    cached = _CacheFile(
        format=FORMAT,
        key=key,
        sources=pack.sources,
        content_hash=pack.content_hash,
        warnings=pack.warnings,
        editions=editions,
        edition_hashes={e: pack.edition(e).content_hash() for e in pack.editions},
    )
    return msgspec.json.encode(cached)


def write_cache(path: Path, key: str, pack: ContentPack) -> None:
    """Store `pack` under `key`, atomically (a reader sees the old file or the new one), in a
    folder only this account may write; a cache that cannot be written is skipped."""
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        data = _as_json(key, pack)
        fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except (OSError, ValueError):
        return
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
        os.replace(name, path)
    except OSError:  # a full disk, a read-only folder
        Path(name).unlink(missing_ok=True)
