"""The running hash of a journal: what binds a checkpoint to the lines it summarises.

    chain(0) = key[:16]                               key = BLAKE2b-256 of the header line
    chain(n) = BLAKE2b-128(chain(n - 1) + entry n, keyed with `key`)

Entry n is the bytes of the n-th do/undo/redo line as written (without its newline, and
without what a resync dropped before an RS). A checkpoint stores `chain(entries)` in hex: it
fits the journal only if the entries before it hash to it, in this game (the key is its
header: a checkpoint of another game never fits). One hash per entry (about 1 us), so the
writer keeps it up to date as it appends, and a reader checks a checkpoint from the one before
it by hashing only the entries in between.
"""

from __future__ import annotations

from hashlib import blake2b

SIZE = 16


def game_key(header: bytes) -> bytes:
    """The key of a journal whose header line (without its newline) is `header`."""
    return blake2b(header, digest_size=32).digest()


def start(key: bytes) -> bytes:
    """The chain before any entry."""
    return key[:SIZE]


def step(key: bytes, chain: bytes, entry: bytes) -> bytes:
    """The chain after one more entry."""
    return blake2b(chain + entry, key=key, digest_size=SIZE).digest()
