"""Saves written before the engine's data were msgspec Structs (pydantic models then) resume
unchanged, and what this Consul writes for them is byte for byte what was written then (a
state gains the fields added since, at their defaults, after the old ones).

`old_saves/*.jsonl` were written by that code (one game per edition on the rules tests' packs,
checkpoints every 15 entries, undo and redo lines, a hero named with a non-ASCII letter)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import msgspec
import pytest
from rules.packs import PACKS

from consul_app.content.pack import ContentPack
from consul_app.rules import GameState, Setup, action_data, read_action
from consul_app.session import Session
from consul_app.session.checkpoint import Checkpoint, verify
from consul_app.session.journal import Do, _encode
from consul_app.session.load import load_game

OLD = Path(__file__).parent / "old_saves"


def _content(edition: str, content_hash: str) -> ContentPack:
    """The rules tests' pack, as the content of `content_hash` (the hash the old save was
    written with: the content format has gained fields since, which changes the hash of
    every pack)."""
    content = ContentPack(sources=["tests/rules/packs.py"], content_hash="fixture")
    content.editions[edition] = PACKS[edition]()  # type: ignore[index]
    content.editions[edition].known_hash(content_hash)  # type: ignore[index]
    return content


def _lines(edition: str) -> list[tuple[int, bytes]]:
    """Each line of the old save with the byte offset where it starts."""
    data = (OLD / f"{edition}.jsonl").read_bytes()
    found, offset = [], 0
    for raw in data.splitlines(keepends=True):
        found.append((offset, raw))
        offset += len(raw)
    return found


def _text(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def _as_old(again: object, old: object) -> object:
    """`again` without the fields `old` does not have (added since, at their defaults)."""
    if isinstance(again, dict) and isinstance(old, dict):
        return {k: _as_old(v, old[k]) for k, v in again.items() if k in old}
    if isinstance(again, list) and isinstance(old, list):
        return [_as_old(v, o) for v, o in zip(again, old, strict=False)]
    return again


@pytest.mark.parametrize("edition", sorted(PACKS))
def test_every_old_line_is_written_again_byte_for_byte(edition: str) -> None:
    """Header (setup, chart), actions and checkpoint states read back and written again
    give the bytes the old code wrote (so the digests of old checkpoints still verify and a
    game's lines look the same whichever version wrote them)."""
    (_, header), *entries = _lines(edition)
    head = json.loads(header)
    assert _text(msgspec.to_builtins(msgspec.convert(head["setup"], Setup))) == _text(
        head["setup"]
    )
    pack = PACKS[edition]()
    if head["chart"] is not None:
        assert _text(msgspec.to_builtins(pack.charts[head["chart"]["id"]])) == _text(head["chart"])
    checkpoints = 0
    for offset, raw in entries:
        value = json.loads(raw)
        if value["op"] == "do":
            again = Do(action=action_data(read_action(value["action"])), label=value["label"])
            assert _encode(again) == raw
        elif value["op"] == "checkpoint":
            found = verify(value)
            assert isinstance(found, Checkpoint), found
            assert found.offset == offset and found.chain is None
            state = msgspec.convert(found.state, GameState)
            again = msgspec.to_builtins(state)
            assert _text(_as_old(again, found.state)) == _text(found.state)
            checkpoints += 1
    assert checkpoints >= 2


@pytest.mark.parametrize("edition", sorted(PACKS))
def test_an_old_save_resumes_and_plays_on(edition: str, tmp_path: Path) -> None:
    """Its checkpoints have no chain to bind them to the journal: they are skipped without a
    word and the game replayed; the checkpoints this Consul adds are bound, and used."""
    path = tmp_path / f"{edition}.jsonl"
    shutil.copyfile(OLD / f"{edition}.jsonl", path)
    content = _content(edition, json.loads(_lines(edition)[0][1])["pack"]["content_hash"])
    full = load_game(content, path, full=True).timeline
    assert load_game(content, path).warnings == []
    with Session.resume(content, path) as resumed:
        assert resumed.warnings == []
        assert resumed.state == full.state
        assert len(resumed.actions) == len(full.done)
        resumed.undo()
        before = resumed.state
        resumed.redo()
    assert b'"chain": ' in path.read_bytes().splitlines()[-1]  # a checkpoint at closing
    with Session.resume(content, path) as again:  # the lines this Consul added read back
        assert again.warnings == []
        assert again.state == full.state
        again.undo()
        assert again.state == before
