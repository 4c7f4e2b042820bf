"""Checkpoint lines: the game after the first N entries of a journal, so that a save can be
resumed or summarized without replaying it all.

    {"op": "checkpoint", "entries": 200, "line": 203, "offset": 31377, "content_hash": "...",
     "chain": "...", "done": 180, "undone": 3, "state": {...}, "digest": "..."}

`entries`: how many entries precede it; `line`: its line number; `offset`: where the line
starts in the file; `chain`: the journal's running hash after those entries (chain.py: it binds
the checkpoint to this game and to the entries before it); `done` / `undone`: how many actions
the undo and redo stacks hold (which ones follows from the journal: the stacks of the
checkpoint before it and the entries in between, see past.py), so a checkpoint's size does not
grow with the game; `state`: the GameState after them, computed with the content of
`content_hash`; `digest`: SHA-256 of the line without it.

A checkpoint is only a cache of the journal: it is used only where it fits (its digest, its
chain and count against the entries before it, what its state names against the content);
anything else is named in a warning and the one before it is used, down to a full replay;
delete them all and the same game comes back. Checkpoints written before the chain existed
(their `done` and `undone` are runs of entry numbers) cannot be bound to their journal: they
are skipped without a word, and the game replayed.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from consul_app.session import chain
from consul_app.session.marks import CHECKPOINT, CHECKPOINT_START, RS

CHECKPOINT_EVERY = 100
"""Entries between two checkpoints of a journal (so a resume replays at most this many)."""
CLOSE_AFTER = 16
"""Closing a game adds a checkpoint if at least this many entries came since the last one."""

_STARTS = (b"\n", RS)
_FIELDS = ("entries", "line", "offset", "content_hash", "chain", "done", "undone", "state")
_OLD_FIELDS = ("entries", "line", "offset", "content_hash", "done", "undone", "state")
_END = re.compile(rb', "digest": "[0-9a-f]{64}"\}\Z')
"""How a checkpoint line ends (the digest last): a damaged one is known by it too."""
_LINE_START = b'{"op": '


def _digest(body: dict[str, Any]) -> str:
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def seal(body: dict[str, Any]) -> dict[str, Any]:
    """The line to write: `op` first (so a reader finds it by its start), the digest last."""
    line = {"op": CHECKPOINT, **body}
    return {**line, "digest": _digest(line)}


def looks_like_checkpoint(text: bytes) -> bool:
    """`text` (a damaged line, or the lines a lost or added newline made of one) was a
    checkpoint line: it starts or ends as the writer starts or ends one, and no other line's
    start follows in it (a checkpoint holds no `op` key but its own, and JSON strings escape
    their quotes), so no entry was joined onto it. One damage (a byte changed, added or taken
    away) leaves its start or its end; skipping such a line never skips an entry."""
    shaped = text.startswith(CHECKPOINT_START) or _END.search(text[-80:]) is not None
    return shaped and text.find(_LINE_START, 1) < 0


@dataclass(frozen=True)
class Checkpoint:
    """A checkpoint line whose digest verifies (not yet checked against the journal)."""

    entries: int
    line: int
    offset: int
    content_hash: str
    chain: bytes | None
    """None: written before the chain existed, so it cannot be bound (it is not used)."""
    done: int
    undone: int
    state: dict[str, Any]

    def fits(self, entries: int, running: bytes) -> bool:
        """It summarises the journal whose first `entries` entries hash to `running`."""
        return self.chain is not None and (self.entries, self.chain) == (entries, running)


def _runs(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(run, list) and len(run) == 2 and all(type(n) is int and n > 0 for n in run)
        for run in value
    )


def _count(runs: list[list[int]]) -> int:
    return sum(abs(last - first) + 1 for first, last in runs)


def _chain(value: Any) -> bytes | None:
    if not isinstance(value, str) or len(value) != 2 * chain.SIZE:
        return None
    try:
        return bytes.fromhex(value)
    except ValueError:
        return None


def verify(value: Any) -> Checkpoint | str:
    """The checkpoint in a parsed line (None: not JSON), or what is wrong with it."""
    if value is None:
        return "is damaged (not JSON)"
    if not isinstance(value, dict):
        return "is not a checkpoint line"
    keys = set(value)
    old = keys == {"op", "digest", *_OLD_FIELDS}
    if not old and keys != {"op", "digest", *_FIELDS}:
        return "is not a checkpoint line"
    body = {k: v for k, v in value.items() if k != "digest"}
    if value["digest"] != _digest(body):
        return "is damaged (it does not match its digest)"
    if not (
        all(type(value[k]) is int and value[k] >= 0 for k in ("entries", "line", "offset"))
        and isinstance(value["state"], dict)
        and isinstance(value["content_hash"], str)
    ):
        return "is not a checkpoint line"
    if old:
        if not (_runs(value["done"]) and _runs(value["undone"])):
            return "is not a checkpoint line"
        done, undone, bound = _count(value["done"]), _count(value["undone"]), None
    else:
        done, undone, bound = value["done"], value["undone"], _chain(value["chain"])
        if bound is None or not all(type(n) is int and n >= 0 for n in (done, undone)):
            return "is not a checkpoint line"
    fields = {name: value[name] for name in ("entries", "line", "offset", "content_hash")}
    return Checkpoint(**fields, chain=bound, done=done, undone=undone, state=value["state"])


def parse(raw: bytes) -> Any:
    """The JSON value of a line, or None if it is not JSON."""
    try:
        return json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):
        return None


def candidates(data: bytes, low: int, high: int) -> Iterator[tuple[int, int]]:
    """Where whole checkpoint lines start and stop (after the newline) in `data[low:high]`,
    the last first (each found by searching back from the one before: the cost is the
    distance walked). A line cut short (no newline, or a resync's RS in it) is not one."""
    end = high
    while (at := data.rfind(CHECKPOINT_START, low, end)) >= 0:
        end = at
        if data[at - 1 : at] not in _STARTS:
            continue
        stop = data.find(b"\n", at, high)
        if stop >= 0 and data.find(RS, at, stop) < 0:
            yield at, stop + 1

