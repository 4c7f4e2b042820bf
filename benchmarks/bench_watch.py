"""The watcher's delay against a keypress in the playing app, in one run.

Run: `.venv/bin/python benchmarks/bench_watch.py`. On a 2.0 game with the boss in play:

1. Keypress: `bench_tui.key_latency`, the playing app from the key event (`w`/`W`: the boss
   takes a wound / heals one, journaled, fsynced, every pane re-rendered) to its frame.
2. Watcher: `consul watch` of that save (headless, 120x40) while a Session in the same process
   plays the same `w`/`W` actions: from just before the action is journaled (its fsync
   included) to the first frame of the watcher that shows it. With the inotify doorbell (as on
   Linux), then with the stat poll alone (as elsewhere).

Medians of N each; the goal is watcher <= 3x keypress.
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
ACTIONS = 40


async def watch_latency(save: Path, *, doorbell: bool) -> float:
    """Median seconds from journaling an action to the watcher's frame showing it."""
    from textual.app import App
    from tui.scenarios import WIDE, bundled

    from consul_app.rules import Heal, Wound
    from consul_app.session import Session
    from consul_app.tui.screens import watch
    from consul_app.tui.screens.watch import WatchScreen
    from consul_app.tui.watch_app import WatchApp

    content = bundled()
    frames: list[tuple[float, int]] = []
    _display = App._display

    def display(app: App[object], screen: object, renderable: object) -> None:
        _display(app, screen, renderable)  # type: ignore[arg-type]
        if renderable is not None and isinstance(screen, WatchScreen):
            game = screen.follower.game
            frames.append((time.monotonic(), len(game.timeline.done) if game else -1))

    App._display = display  # type: ignore[method-assign,assignment]
    ring = watch.doorbell
    if not doorbell:
        watch.doorbell = lambda path: None  # type: ignore[assignment]
    delays = []
    try:
        app = WatchApp(content, save=save)
        async with app.run_test(size=WIDE) as pilot:
            while not isinstance(app.screen, WatchScreen):
                await pilot.pause(0.01)
            with Session.resume(content, save) as consul:
                for n in range(ACTIONS):
                    await pilot.pause(0.05)  # a moment between actions, as at the table
                    frames.clear()
                    start = time.monotonic()
                    consul.dispatch(Wound() if n % 2 == 0 else Heal())
                    shown = len(consul.history)
                    while not any(count == shown for _, count in frames):
                        await asyncio.sleep(0)
                    delays.append(next(t for t, count in frames if count == shown) - start)
    finally:
        App._display = _display  # type: ignore[method-assign]
        watch.doorbell = ring
    return statistics.median(delays)


def main() -> int:
    sys.path.insert(0, str(ROOT / "tests"))
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_tui import key_latency
    from tui.scenarios import bundled, idle, play_saved

    from consul_app.rules import default_setup

    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        os.environ["CONSUL_DATA_DIR"] = str(home)
        content = bundled()
        save = home / "in-progress.jsonl"
        setup = default_setup(content.edition("sde2"))
        play_saved(content, save, setup, idle(lambda pack, state: state.boss.spawned))
        watched = home / "watched.jsonl"
        shutil.copy(save, watched)
        action, no_op = asyncio.run(key_latency(save))
        rung = asyncio.run(watch_latency(watched, doorbell=True))
        polled = asyncio.run(watch_latency(watched, doorbell=False))
    print(f"median of {ACTIONS} actions each (w / W: the boss takes a wound / heals one)")
    print(f"  keypress in the playing app, key to frame   {action * 1000:6.1f} ms")
    print(f"  (no-op keypress, Down / Up)                 {no_op * 1000:6.1f} ms")
    print(
        f"  watcher, journaled to frame (inotify)       {rung * 1000:6.1f} ms"
        f"  {rung / action:5.2f}x the keypress (goal <= 3x)"
    )
    print(
        f"  watcher, journaled to frame (poll only)     {polled * 1000:6.1f} ms"
        f"  {polled / action:5.2f}x (systems without inotify)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
