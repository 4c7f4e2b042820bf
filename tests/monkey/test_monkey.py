"""The key monkey: random setups of every edition, a short game each, random keys through the
real app. Any exception (or a key that hangs) fails, with the seed, the setup and the last
keys. A bounded run here; `make soak SEED=123 MINUTES=30` runs it for as long as asked."""

from __future__ import annotations

import asyncio
import json
import os
import time
from pathlib import Path

import pytest

from .keys import Run, monkey

BOUNDED_SEEDS = range(1, 5)
BOUNDED_KEYS = 40


async def test_random_keys_on_random_games_raise_nothing(tmp_path: Path) -> None:
    run = Run()
    await monkey(BOUNDED_SEEDS, BOUNDED_KEYS, tmp_path, run)
    assert not run.failures, "\n\n".join(run.failures)
    assert run.setups == len(BOUNDED_SEEDS)


@pytest.mark.soak
async def test_soak(tmp_path: Path) -> None:
    """`make soak` (scripts/soak.py runs one of these per core): MONKEY_SEED (the first
    setup's), MONKEY_STRIDE (from one setup's seed to the next), MONKEY_MINUTES, MONKEY_SETUPS
    (at most), MONKEY_KEYS (per setup), MONKEY_REPORT (a file for what it did, as JSON). Goes
    on past a failure; all are told at the end."""
    seed = int(os.environ.get("MONKEY_SEED") or 1)
    stride = int(os.environ.get("MONKEY_STRIDE") or 1)
    minutes = float(os.environ.get("MONKEY_MINUTES") or 5)
    setups = int(os.environ.get("MONKEY_SETUPS") or 1_000_000)
    keys = int(os.environ.get("MONKEY_KEYS") or 80)
    run, start = Run(), time.monotonic()
    until = asyncio.get_running_loop().time() + minutes * 60
    await monkey(range(seed, seed + setups * stride, stride), keys, tmp_path, run, until)
    minutes_run = (time.monotonic() - start) / 60
    said = {"setups": run.setups, "keys": run.keys, "failures": run.failures}
    if report := os.environ.get("MONKEY_REPORT"):
        Path(report).write_text(json.dumps(said))
    print(
        f"\nsoak: from seed {seed} by {stride}, {run.setups} setups, {run.keys} keys "
        f"in {minutes_run:.1f} min, {len(run.failures)} failure(s)"
    )
    assert not run.failures, "\n\n".join(run.failures)
