"""The watcher's delay against the length of the game, in one run.

Run: `.venv/bin/python benchmarks/bench_watch_size.py`. Three saves of a 2.0 game with the boss
in play, grown with `w` / `W` (the boss takes a wound / heals one) to about 11 KB, 648 KB and
3.2 MB (the sizes of the report in issue 22). For each:

1. Watcher: `consul watch` of the save (headless, 120x40, the inotify doorbell as on Linux)
   while a Session in the same process plays `w` / `W` on it: from just before the action is
   journaled (its fsync included) to the first frame of the watcher that shows it
   (`bench_watch.watch_latency`).
2. Reader: `Follower.poll()` alone, the read of one appended action.

Medians of N each. Goal: the watcher on 3.2 MB within 1.5x of the watcher on 11 KB (before the
watcher read on from the last offset it re-read the whole save: 11 KB 10-23 ms, 648 KB 56-114
ms, 3.2 MB 252-292 ms).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZES = {"11 KB": 11_000, "648 KB": 648_000, "3.2 MB": 3_200_000}
POLLS = 40


def grow(content: object, save: Path, size: int) -> None:
    """Append `w` / `W` pairs to `save` until it holds `size` bytes (fsync skipped: only the
    file's contents matter here)."""
    from consul_app.rules import Heal, Wound
    from consul_app.session import Session

    fsync = os.fsync
    os.fsync = lambda fd: None  # type: ignore[assignment]
    try:
        with Session.resume(content, save) as session:  # type: ignore[arg-type]
            while save.stat().st_size < size:
                session.dispatch(Wound())
                session.dispatch(Heal())
    finally:
        os.fsync = fsync


def poll_cost(content: object, save: Path) -> float:
    """Median seconds of `Follower.poll()` reading one appended action."""
    from consul_app.rules import Heal, Wound
    from consul_app.session import Session
    from consul_app.session.follow import Follower

    follower = Follower(content, save)  # type: ignore[arg-type]
    follower.poll()
    costs = []
    with Session.resume(content, save) as session:  # type: ignore[arg-type]
        for n in range(POLLS):
            session.dispatch(Wound() if n % 2 == 0 else Heal())
            start = time.perf_counter()
            assert follower.poll()
            costs.append(time.perf_counter() - start)
    return statistics.median(costs)


def main() -> int:
    sys.path.insert(0, str(ROOT / "tests"))
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_watch import ACTIONS, watch_latency
    from tui.scenarios import bundled, idle, play_saved

    from consul_app.rules import default_setup

    rows = []
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        os.environ["CONSUL_DATA_DIR"] = str(home)
        content = bundled()
        start = home / "start.jsonl"
        setup = default_setup(content.edition("sde2"))
        play_saved(content, start, setup, idle(lambda pack, state: state.boss.spawned))
        for name, size in SIZES.items():
            save = home / f"{size}.jsonl"
            shutil.copy(start, save)
            grow(content, save, size)
            grown = save.stat().st_size
            reader = poll_cost(content, save)
            watcher = asyncio.run(watch_latency(save, doorbell=True))
            rows.append((name, grown, reader, watcher))
    print(f"medians: watcher of {ACTIONS} actions, reader of {POLLS} polls")
    for name, grown, reader, watcher in rows:
        print(
            f"  {name:>6} ({grown / 1000:7.0f} KB)  watcher, journaled to frame "
            f"{watcher * 1000:6.1f} ms   reader, Follower.poll {reader * 1000:6.2f} ms"
        )
    ratio = rows[-1][3] / rows[0][3]
    print(f"  watcher 3.2 MB / 11 KB: {ratio:.2f}x (goal <= 1.5x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
