"""The table screen against a bare Textual app, in one harness.

Run: `.venv/bin/python benchmarks/bench_tui.py`. Prints:

1. Start to first frame: a fresh process runs `consul` headless at 120x40, the same for a bare
   `App` showing one Static. Median of N runs each, wall clock from spawning the process
   (both processes read the same CLOCK_MONOTONIC). `consul` draws a loading screen first and
   loads the content behind it, so two times are given for it: the *first frame* (the loading
   screen) and the *usable frame* (the first frame of the screen the Consul works with, here
   the new-game screen or the table), each as a ratio to the bare app's one frame. Three
   Consul starts: a first start (the new-game screen), `consul play --save` of a game in
   progress (the table screen), and a first start without the content cache (after an upgrade
   or an edit of the content). Goal <= 1.3x.
2. Peak memory (the process's VmHWM) at those frames, same runs. Goal <= 1.5x. Then where a
   Consul start spends its time and memory, stage by stage.
3. One Consul action against a no-op keypress, in one running app on the table screen:
   the time from the key event to the frame that shows its result. The action is `w`/`W`
   (the boss takes a wound / heals one: journaled, fsynced, every pane re-rendered); the
   no-op is Down/Up in the spawning pool (a cursor move, no action). Goal <= 2x.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 9
PRESSES = 40

CHILD = r"""
import sys, time
from textual.app import App

def peak_kib():  # this process's own high-water mark (ru_maxrss would count the parent's)
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmHWM"))

_display = App._display
def display(self, screen, renderable):
    _display(self, screen, renderable)
    if renderable is None or not screen.children or getattr(self, "_bench_framed", False):
        return
    now, peak = time.monotonic(), peak_kib()
    if not hasattr(self, "_bench_first"):
        self._bench_first = (now, peak)
    if type(screen).__name__ != "LoadingScreen":  # a screen to work with (bare: its one)
        self._bench_framed = True
        print(*self._bench_first, now, peak, flush=True)
        self.exit()
App._display = display
_run = App.run
App.run = lambda self, *a, **k: _run(self, headless=True, size=(120, 40))

if sys.argv[1] == "bare":
    from textual.widgets import Static
    class Bare(App):
        def compose(self):
            yield Static("Hello")
    Bare().run()
else:
    from consul_app.commands import play
    from consul_app.commands.cli import main
    play.needs_terminal = lambda: None  # headless: it reads no terminal
    main(sys.argv[2:])
"""

STAGES = r"""
import time
start = time.perf_counter()
marks = []
def mark(name):
    with open("/proc/self/status") as status:
        rss = next(int(l.split()[1]) for l in status if l.startswith("VmRSS"))
    marks.append((name, time.perf_counter() - start, rss))
import textual.app; mark("import textual.app (a bare app needs it too)")
import consul_app.commands.cli; mark("import consul_app.commands.cli (argparse, the commands)")
import gc; gc.disable()  # as `consul play` runs (until its first usable frame)
import consul_app.tui.app; mark("import consul_app.tui.app (the first frame needs no more)")
import consul_app.content.cache; mark("  worker: import pydantic, the content models")
from consul_app.content.cache import load_pack_cached
load_pack_cached(); mark("  worker: load_pack_cached() (every edition, from the cache)")
from consul_app.session import list_saves
from consul_app.tui.screens import new_game, resume
mark("  worker: import the new-game and saved-games screens (the engine's setup only)")
from consul_app.tui.warm_up import warm_up
warm_up(); mark("  warm-up after the first usable frame: the engine, the session, the table")
from consul_app.content import load_pack
load_pack(); mark("(for comparison: load_pack(), every edition, parsed and validated)")
gc.enable(); load_pack(); mark("(the same with the garbage collector on)")
before = 0.0
for name, at, rss in marks:
    print(f"    +{(at - before) * 1000:5.0f} ms  {rss / 1024:5.1f} MiB  {name}")
    before = at
"""


Frames = tuple[float, int, float, int]
"""Seconds to the first frame, its peak RSS (KiB), seconds to the usable frame, its peak."""


def frames(target: str, *args: str, home: Path, cold: bool = False) -> Frames:
    """Time and peak RSS from spawning the process to its first frame and its usable frame."""
    if cold:
        shutil.rmtree(home / "cache", ignore_errors=True)
    env = {**os.environ, "CONSUL_DATA_DIR": str(home)}
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", CHILD, target, *args],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        cwd=ROOT,
    )
    first, first_rss, usable, usable_rss = done.stdout.split()
    return float(first) - start, int(first_rss), float(usable) - start, int(usable_rss)


def starts(home: Path, save: Path) -> dict[str, Frames]:
    """Medians per target (each figure on its own), the targets interleaved run by run."""
    targets: dict[str, tuple[tuple[str, ...], bool]] = {
        "bare Textual app": (("bare",), False),
        "consul (new game)": (("consul", "play"), False),
        "consul play --save (table)": (("consul", "play", "--save", str(save)), False),
        "consul, no content cache": (("consul", "play"), True),
    }
    samples: dict[str, list[Frames]] = {name: [] for name in targets}
    for _ in range(RUNS):
        for name, (argv, cold) in targets.items():
            samples[name].append(frames(*argv, home=home, cold=cold))
    return {
        name: tuple(statistics.median(column) for column in zip(*runs, strict=True))  # type: ignore[misc]
        for name, runs in samples.items()
    }


async def key_latency(save: Path) -> tuple[float, float]:
    """Median seconds from a key event to its frame: (Consul action, no-op keypress)."""
    from textual import events
    from textual.app import App
    from tui.scenarios import WIDE, bundled, make_app

    from consul_app.tui.widgets.pool import PoolTable

    frames: list[float] = []
    _display = App._display

    def display(app: App[object], screen: object, renderable: object) -> None:
        _display(app, screen, renderable)  # type: ignore[arg-type]
        if renderable is not None:
            frames.append(time.monotonic())

    App._display = display  # type: ignore[method-assign,assignment]
    app = make_app(bundled(), save)
    async with app.run_test(size=WIDE) as pilot:
        app.screen.query_one(PoolTable).focus()
        await pilot.pause()

        async def latency(key: str) -> float:
            await pilot.pause()
            frames.clear()
            start = time.monotonic()
            app.post_message(events.Key(key, key if len(key) == 1 else None))
            while not frames:
                await asyncio.sleep(0)
            return frames[0] - start

        action = [await latency(key) for _ in range(PRESSES // 2) for key in ("w", "W")]
        no_op = [await latency(key) for _ in range(PRESSES // 2) for key in ("down", "up")]
    return statistics.median(action), statistics.median(no_op)


def main() -> int:
    sys.path.insert(0, str(ROOT / "tests"))
    from tui.scenarios import bundled, idle, play_saved

    from consul_app.content.cache import load_pack_cached
    from consul_app.rules import default_setup

    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        os.environ["CONSUL_DATA_DIR"] = str(home)
        content = bundled()
        save = home / "in-progress.jsonl"
        setup = default_setup(content.edition("sde2"))
        play_saved(content, save, setup, idle(lambda pack, state: state.boss.spawned))
        load_pack_cached()  # as after any start: the cold target removes it before its runs
        results = starts(home, save)
        env = {**os.environ, "CONSUL_DATA_DIR": str(home)}
        stages = subprocess.run(
            [sys.executable, "-c", STAGES],
            env=env,
            check=True,
            cwd=ROOT,
            capture_output=True,
            text=True,
        ).stdout
        action, no_op = asyncio.run(key_latency(save))

    _, _, bare_time, bare_rss = results.pop("bare Textual app")
    print(
        f"start to frame, median of {RUNS} (bare Textual app: {bare_time * 1000:.0f} ms, "
        f"{bare_rss / 1024:.1f} MiB peak; goals <= 1.3x time, <= 1.5x memory)"
    )
    for name, (first, first_rss, usable, usable_rss) in results.items():
        print(f"  {name}")
        for label, seconds, rss in (
            ("first frame", first, first_rss),
            ("usable", usable, usable_rss),
        ):
            print(
                f"    {label:<12} {seconds * 1000:5.0f} ms {seconds / bare_time:5.2f}x"
                f"   peak {rss / 1024:5.1f} MiB {rss / bare_rss:5.2f}x"
            )
    print("  where a Consul start goes (one fresh process; RSS after each stage):")
    print(stages, end="")
    print(f"key to frame, median of {PRESSES}")
    print(f"  Consul action (w / W)       {action * 1000:6.1f} ms")
    print(f"  no-op keypress (Down / Up)  {no_op * 1000:6.1f} ms")
    print(f"  ratio                       {action / no_op:6.2f}x (goal <= 2x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
