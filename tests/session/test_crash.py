"""Crash test: a child process plays through a real Session and is killed with SIGKILL at
random moments; every resume must succeed and keep every entry whose result was published."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import msgspec
import pytest

from consul_app.content import ContentPack
from consul_app.session import Session
from consul_app.session.journal import Op
from consul_app.session.reading import read_journal

TESTS = Path(__file__).resolve().parents[1]
TORN = b'{"op": "do", "action": {"type": "destroy_hero"}, "label": "A hero is destroyed"}'
"""An entry a torn write leaves a prefix of (a SIGKILL alone never splits a small write)."""

pytestmark = [
    pytest.mark.skipif(sys.platform == "win32", reason="needs SIGKILL"),
    pytest.mark.usefixtures("warm_content_cache"),  # the children read the cache
]


def _entry(op: Op) -> dict[str, object]:
    """A journal entry as the child prints it (without the label)."""
    return {key: value for key, value in msgspec.to_builtins(op).items() if key != "label"}


def _run_child(save: Path, seed: int, rng: random.Random) -> list[dict[str, object]]:
    """Start the child, kill it at a random moment, return the entries it published."""
    child = subprocess.Popen(
        [sys.executable, "-m", "session.crash_child", str(save), str(seed)],
        cwd=TESTS,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        bufsize=0,  # unbuffered: readline must not swallow lines communicate() should see
    )
    if rng.random() < 0.2:  # anywhere, start-up and resume included
        time.sleep(rng.uniform(0.0, 0.5))
    else:  # in play
        child.stdout.readline()  # type: ignore[union-attr]
        time.sleep(rng.uniform(0.0, 0.05))
    child.send_signal(signal.SIGKILL)
    out, err = child.communicate()
    assert child.returncode == -signal.SIGKILL, err.decode()
    lines = out.split(b"\n")[:-1]  # a line without its newline was not published
    return [json.loads(line) for line in lines if line != b"ready"]


def crash_loop(content: ContentPack, folder: Path, runs: int, seed: int) -> int:
    """Kill `runs` children in turn on one save, sometimes tearing its last line as a power
    cut would; return how many resumes dropped a torn line."""
    rng = random.Random(seed)
    save = folder / "crash.jsonl"
    kept: list[dict[str, object]] = []
    torn = 0
    for run in range(runs):
        published = _run_child(save, seed * 1000 + run, rng)
        if not save.exists():
            assert not kept and not published
            continue
        entries = [_entry(line.op) for line in read_journal(save).lines]
        expected = kept + published
        assert entries[: len(expected)] == expected, f"run {run} lost a published entry"
        assert len(entries) <= len(expected) + 1  # at most one written but not yet published
        with Session.resume(content, save) as resumed:
            torn += bool(resumed.warnings)
        kept = entries
        if rng.random() < 0.3:  # as if power failed mid-write: the next child must resync
            with save.open("ab") as f:
                f.write(TORN[: rng.randint(1, len(TORN) - 1)])
    return torn


def test_sigkill_never_loses_a_published_entry(content: ContentPack, tmp_path: Path) -> None:
    crash_loop(content, tmp_path, runs=6, seed=1)


@pytest.mark.slow
def test_sigkill_many_times(content: ContentPack, tmp_path: Path) -> None:
    torn = crash_loop(content, tmp_path, runs=60, seed=2)
    assert torn  # the torn-line path was exercised
