"""Speed that does not grow with history: every figure of issue 12 as a ratio, in one run.

Run: `.venv/bin/python benchmarks/bench_speed.py [--quick]`. Prints:

1. Start-up to the *settled* frame: a fresh process runs `consul` headless at 120x40 (the same
   for a bare Textual `App` showing one Static) and records every frame whose screen differs
   from the one before; once the screen has not changed for `QUIET` seconds (on a screen the
   Consul works with, not the loading screen), the last change is the settled frame. Median of
   `RUNS` runs each, interleaved, after one unmeasured run each that compiles the modules
   (kept in a bytecode folder of the benchmark's own, as an installed app has them). Ratios:
   usable settled frame and its peak memory (VmHWM) vs the bare app (goals <= 1.3x, <= 1.5x),
   and the peak once the app's warm-up (what it loads behind the settled frame) is done; the
   start screen with 50 saves of 1,000 actions vs no save (goal <= 1.1x); `consul play --save`
   of a game in progress (the table); `consul md2` resuming an MD2 game in progress (its own
   data folder: its first, unmeasured run starts the game) vs the bare app. Each also in CPU
   time (the process's, to that frame), which a machine busy with other work skews less than
   the wall clock the goals are set in.
   `--starts`: only these start-up figures of `consul`, `consul md2` and the bare app (no
   journals of 50,000 actions to write first).
   Then the first keys of a first start (Enter three times: page 2, the review, the table),
   each from the key to its settled frame, `READ` seconds after the new-game screen settled
   (the warm-up is done by then): what moving work behind the settled frame must not slow.
2. Resume (`Session.resume`: read, check, replay) of 50,000 actions vs 1,000 (goal <= 2x).
3. Keys in one running app on the table screen, from the key event to its settled frame (the
   last frame that changes the screen before it is quiet for `KEY_QUIET` seconds), and how many
   changed frames that took: a keypress (`space` and `d` in turn, one monster spawned, one
   destroyed: journaled) at 50,000 actions vs at 10 (the games grown by `h`, a hero destroyed)
   (goal <= 1.2x); `e` (end turn) and `u` (undo) vs a no-op keypress (Down/Up in the spawning
   pool), pressed in turn in one app (e, Down, u, Up), so that the ratio compares the same
   moments of a noisy machine (goal <= 2x, one frame).

The journals are written through a real `Session` with `os.fsync` stubbed out (the figures
measure reading and playing them, not writing them).
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
import timeit
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

QUICK = "--quick" in sys.argv
STARTS_ONLY = "--starts" in sys.argv
RUNS = 3 if QUICK else 7
QUIET = 0.6
DEADLINE = 30.0
KEY_QUIET = 0.25
PRESSES = 6 if QUICK else 16
SAVES = 50

CHILD = r"""
import sys, time
from textual.app import App

QUIET, DEADLINE = float(sys.argv[1]), float(sys.argv[2])

def peak_kib():  # this process's own high-water mark (ru_maxrss would count the parent's)
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmHWM"))

def look(screen):
    return tuple(tuple(strip) for strip in screen._compositor.render_strips())

_display = App._display
def display(self, screen, renderable):
    _display(self, screen, renderable)
    if renderable is None:
        return
    now, cpu = time.monotonic(), time.process_time()
    seen = look(screen)
    if seen == getattr(self, "_seen", None):
        return
    self._seen = seen
    self._changed = (now, peak_kib(), type(screen).__name__, cpu)
    self.set_timer(QUIET, lambda: settled(self))
App._display = display

def settled(app):
    at, peak, screen, cpu = app._changed
    if getattr(app, "_settled", None) is None and screen != "LoadingScreen" and (
        time.monotonic() - at >= QUIET * 0.99
    ):
        app._settled = app._changed
        warmed_up(app, time.monotonic() + DEADLINE)

def warmed_up(app, deadline):
    # Consul loads the rest of the app once the screen has settled (its warm-up): the peak
    # memory counts that too, once it is done (the bare app has none)
    if hasattr(app, "warmer") and time.monotonic() < deadline and (
        app.warmer is None or app.warmer.is_alive()
    ):
        app.set_timer(0.05, lambda: warmed_up(app, deadline))
        return
    at, peak, screen, cpu = app._settled
    print(at, peak, peak_kib(), screen, cpu, flush=True)
    app.exit()

def give_up(app):
    print("deadline", file=sys.stderr)
    app.exit(return_code=3)

_run = App.run
def run(self, *args, **kwargs):
    self.call_later(lambda: self.set_timer(DEADLINE, lambda: give_up(self)))
    return _run(self, headless=True, size=(120, 40))
App.run = run

if sys.argv[3] == "bare":
    from textual.widgets import Static
    class Bare(App):
        def compose(self):
            yield Static("Hello")
    Bare().run()
else:
    from consul_app.commands import play
    from consul_app.commands.cli import main
    play.needs_terminal = lambda: None  # headless: it reads no terminal
    main(sys.argv[4:])
"""

FIRST = r"""
import asyncio, sys, time
from textual import events
from textual.app import App

QUIET, DEADLINE, READ = float(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
changes = [0.0]

_display = App._display
def display(self, screen, renderable):
    _display(self, screen, renderable)
    if renderable is None:
        return
    seen = tuple(tuple(strip) for strip in screen._compositor.render_strips())
    if seen != getattr(self, "_seen", None):
        self._seen = seen
        changes.append(time.monotonic())
App._display = display

async def quiet(since):
    while time.monotonic() - max(changes[-1], since) < QUIET:
        await asyncio.sleep(0.01)

async def enter_three_times(app):
    while type(app.screen).__name__ != "NewGameScreen":
        await asyncio.sleep(0.01)
    await quiet(0.0)
    await asyncio.sleep(READ)  # the Consul reads the screen (the app warms up meanwhile)
    took = []
    for _ in range(3):
        start = time.monotonic()
        app.post_message(events.Key("enter", None))
        await quiet(start)
        took.append(changes[-1] - start)
    print(*took, type(app.screen).__name__, flush=True)
    app.exit()

def give_up(app):
    print("deadline", file=sys.stderr)
    app.exit(return_code=3)

_run = App.run
def run(self, *args, **kwargs):
    def begin():
        self.set_timer(DEADLINE, lambda: give_up(self))
        self._bench_task = asyncio.get_running_loop().create_task(enter_three_times(self))
    self.call_later(begin)
    return _run(self, headless=True, size=(120, 40))
App.run = run

from consul_app.commands import play
from consul_app.commands.cli import main
play.needs_terminal = lambda: None  # headless: it reads no terminal
main(["play"])
"""
READ = 1.5
"""Seconds the new-game screen is read before the first Enter (`first_keys`)."""

Settled = tuple[float, int, int, float]
"""Seconds from spawning the process to its settled frame, its peak RSS then and its peak RSS
once the app's warm-up after that frame is done (KiB), and its CPU seconds to that frame."""


def settled_start(home: Path, bytecode: Path, *argv: str) -> Settled:
    # compiled modules kept in `bytecode` (as an installed app has them), whatever the
    # environment says (PYTHONDONTWRITEBYTECODE would compile every module at every start)
    env = {**os.environ, "CONSUL_DATA_DIR": str(home), "PYTHONPYCACHEPREFIX": str(bytecode)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(QUIET), str(DEADLINE), *argv],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        cwd=ROOT,
    )
    at, peak, warm, _screen, cpu = done.stdout.split()
    return float(at) - start, int(peak), int(warm), float(cpu)


def no_fsync() -> AbstractContextManager[None]:
    """Writing the benchmark's journals (not what is measured): unsynced, as the tests' saves."""
    from tui.scenarios import unsynced

    return unsynced()


def write_games(folder: Path) -> dict[str, Path]:
    """The saves the figures use: realistic games of 1,000 and 50,000 moves (the replay
    benchmark's player, with its undos and redos), and two table-idle games of 10 and 50,000
    actions for the keys."""
    from bench_replay import play
    from tui.scenarios import NOW, bundled, idle, play_saved

    from consul_app.rules import DestroyHero, default_setup
    from consul_app.session import Session

    content = bundled()
    setup = default_setup(content.edition("sde2"))
    paths: dict[str, Path] = {}
    with no_fsync():
        for count in (1_000, 50_000):
            path = paths[f"play-{count}"] = folder / f"play-{count}.jsonl"
            with Session.new(content, setup, path=path, clock=lambda: NOW) as session:
                play(session, count)  # with undos (3.5%): they shaped old checkpoints
        # the table with no step open, the same screen whatever the length of the game
        base = folder / "idle.jsonl"
        play_saved(content, base, setup, idle(lambda pack, state: state.turn >= 2))
        for count in (10, 50_000):
            path = paths[f"idle-{count}"] = folder / f"idle-{count}.jsonl"
            shutil.copy(base, path)
            with Session.resume(content, path) as session:
                for _ in range(count - len(session.history)):
                    session.dispatch(DestroyHero())
    return paths


def starts(home: Path, games: dict[str, Path] | None) -> dict[str, Settled]:
    """Medians per target, the targets interleaved run by run (`games` None: only the bare
    app, `consul` and `consul md2`)."""
    saves = home / "saves"
    md2 = home / "md2"
    md2.mkdir()
    targets: dict[str, tuple[Path, tuple[str, ...]]] = {
        "bare": (home, ("bare",)),
        "new": (home, ("consul", "play")),
        "md2": (md2, ("consul", "md2")),
    }
    if games is not None:
        many = home / "many"
        (many / "saves").mkdir(parents=True)
        for n in range(SAVES):
            shutil.copy(games["play-1000"], many / "saves" / f"game-{n:02}.jsonl")
        shutil.copytree(home / "cache", many / "cache")
        targets["saves"] = (many, ("consul", "play"))
        targets["table"] = (home, ("consul", "play", "--save", str(games["play-1000"])))
    assert not saves.exists() or not any(saves.iterdir())
    samples: dict[str, list[Settled]] = {name: [] for name in targets}
    bytecode = home / "bytecode"
    for data, argv in targets.values():  # once unmeasured: the modules get compiled
        settled_start(data, bytecode, *argv)
    for _ in range(RUNS):
        for name, (data, argv) in targets.items():
            samples[name].append(settled_start(data, bytecode, *argv))
    return {
        name: (
            statistics.median(r[0] for r in runs),
            int(statistics.median(r[1] for r in runs)),
            int(statistics.median(r[2] for r in runs)),
            statistics.median(r[3] for r in runs),
        )
        for name, runs in samples.items()
    }


def first_keys(home: Path) -> list[float]:
    """Medians of the first three keys of a first start (Enter: page 2, the review, the table),
    from the key to its settled frame, `READ` seconds after the new-game screen settled."""
    runs: list[list[float]] = []
    for n in range(RUNS + 1):  # the first run unmeasured, as for the starts
        data = home / f"first-{n}"
        shutil.copytree(home / "cache", data / "cache")
        env = {**os.environ, "CONSUL_DATA_DIR": str(data)}
        env["PYTHONPYCACHEPREFIX"] = str(home / "bytecode")
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        done = subprocess.run(
            [sys.executable, "-c", FIRST, str(KEY_QUIET), str(DEADLINE), str(READ)],
            capture_output=True,
            text=True,
            env=env,
            check=True,
            cwd=ROOT,
        )
        *took, screen = done.stdout.split()
        assert screen == "TableScreen", done.stdout
        if n:
            runs.append([float(t) for t in took])
    return [statistics.median(key) for key in zip(*runs, strict=True)]


def best(run: Callable[[], object], rounds: int) -> float:
    return min(timeit.repeat(run, number=1, repeat=rounds))


def resumes(games: dict[str, Path]) -> tuple[float, float]:
    """Best-of times of `Session.resume` of 1,000 and 50,000 actions."""
    from tui.scenarios import bundled

    from consul_app.session import Session

    content = bundled()

    def resume(path: Path) -> Callable[[], None]:
        return lambda: Session.resume(content, path).close()

    small = best(resume(games["play-1000"]), 3 if QUICK else 9)
    large = best(resume(games["play-50000"]), 2 if QUICK else 4)
    return small, large


class Frames:
    """Every frame whose screen differs from the one before, with its time."""

    def __init__(self) -> None:
        self.changes: list[float] = []
        self._seen: object = None

    @contextmanager
    def installed(self) -> Iterator[None]:
        """Record frames while inside (the hook is taken off after: hooks left on from an
        earlier run would each compare whole screens inside the next run's frames)."""
        from textual.app import App

        _display = App._display
        frames = self

        def display(app: App[object], screen: object, renderable: object) -> None:
            _display(app, screen, renderable)  # type: ignore[arg-type]
            if renderable is None:
                return
            now = time.monotonic()
            seen = tuple(tuple(s) for s in screen._compositor.render_strips())  # type: ignore[attr-defined]
            if seen != frames._seen:
                frames._seen = seen
                frames.changes.append(now)

        App._display = display  # type: ignore[method-assign,assignment]
        try:
            yield
        finally:
            App._display = _display  # type: ignore[method-assign]

    async def quiet(self, since: float = 0.0) -> None:
        """Wait until no frame has changed the screen for `KEY_QUIET` seconds (counted from
        `since` at the earliest)."""
        deadline = time.monotonic() + DEADLINE
        while time.monotonic() < deadline:
            last = max(self.changes[-1] if self.changes else 0.0, since)
            if time.monotonic() - last >= KEY_QUIET:
                return
            await asyncio.sleep(0.01)
        raise TimeoutError("the screen did not settle")


Latency = tuple[float, float]
"""Median seconds from a key event to its settled frame, and the median count of frames."""


async def key_latencies(save: Path, cycle: list[str]) -> dict[str, Latency]:
    """The keys of `cycle` pressed in turn, `PRESSES` times each, in one running app (the
    spawning pool focused): each key's median latency and frames."""
    from textual import events
    from tui.scenarios import WIDE, bundled, make_app

    from consul_app.tui.widgets.pool import PoolTable

    frames = Frames()
    app = make_app(bundled(), save)
    took: dict[str, list[float]] = {key: [] for key in cycle}
    count: dict[str, list[int]] = {key: [] for key in cycle}
    with frames.installed():
        async with app.run_test(size=WIDE) as pilot:
            app.screen.query_one(PoolTable).focus()
            await pilot.pause()
            for n in range(PRESSES * len(cycle)):
                key = cycle[n % len(cycle)]
                app.clear_notifications()
                await frames.quiet()
                frames.changes.clear()
                start = time.monotonic()
                app.post_message(events.Key(key, key if len(key) == 1 else None))
                await frames.quiet(since=start)
                if frames.changes:
                    took[key].append(frames.changes[-1] - start)
                count[key].append(len(frames.changes))
    return {key: (statistics.median(took[key]), statistics.median(count[key])) for key in cycle}


def main() -> int:
    from tui.scenarios import bundled  # noqa: F401 (imports the app before any timing)

    from consul_app.content.cache import load_pack_cached

    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        os.environ["CONSUL_DATA_DIR"] = str(home)
        if STARTS_ONLY:
            load_pack_cached()
            print_starts(starts(home, None))
            return 0
        made = time.monotonic()
        games = write_games(home / "games")
        print(f"(journals written in {time.monotonic() - made:.0f} s)", flush=True)
        load_pack_cached()  # the cache, as after any start
        print_starts(starts(home, games))
        page, review, table = first_keys(home)
        print(
            f"first keys, {READ:.1f} s after the new-game screen settled, key to settled frame, "
            f"median of {RUNS}: Enter (page 2) {page * 1000:.0f} ms, Enter (the review) "
            f"{review * 1000:.0f} ms, Enter (start: the table) {table * 1000:.0f} ms",
            flush=True,
        )
        small, large = resumes(games)
        print("resume (Session.resume: read, check, replay)")
        print(
            f"  1,000 actions {small * 1000:7.1f} ms   50,000 actions {large * 1000:7.1f} ms   "
            f"{large / small:.2f}x (goal <= 2x)",
            flush=True,
        )
        few, many = (
            _together(asyncio.run(key_latencies(games[name], ["space", "d"])))
            for name in ("idle-10", "idle-50000")
        )
        # e and u each between two no-op keys, in one app: the ratios from the same moments
        keys = asyncio.run(key_latencies(games["idle-10"], ["e", "down", "u", "up"]))
        no_op = _together({k: keys[k] for k in ("down", "up")})
        end_undo = [keys["e"], keys["u"]]
    print(f"keys, key event to settled frame, median of {PRESSES}")
    print(f"  space/d at 10 actions  {few[0] * 1000:6.1f} ms  {few[1]:.0f} frame(s)")
    print(
        f"  space/d at 50,000      {many[0] * 1000:6.1f} ms  {many[1]:.0f} frame(s)   "
        f"{many[0] / few[0]:.2f}x (goal <= 1.2x)"
    )
    print(f"  no-op (Down/Up)        {no_op[0] * 1000:6.1f} ms  {no_op[1]:.0f} frame(s)")
    for name, (took, count) in zip(("e (end turn)", "u (undo)"), end_undo, strict=True):
        print(
            f"  {name:<22} {took * 1000:6.1f} ms  {count:.0f} frame(s)   "
            f"{took / no_op[0]:.2f}x no-op (goal <= 2x, one frame)"
        )
    return 0


def print_starts(started: dict[str, Settled]) -> None:
    bare_time, bare_rss, _, bare_cpu = started["bare"]
    print(
        f"start to the settled frame, median of {RUNS}, at 120x40; peak memory at that frame "
        "and once the warm-up after it is done; CPU time to that frame"
    )
    print(
        f"  bare Textual app              {bare_time * 1000:6.0f} ms  {bare_rss / 1024:5.1f} MiB"
        f"{'':<54}cpu {bare_cpu * 1000:4.0f} ms"
    )
    for name, label in (
        ("new", "consul (new game, no save)"),
        ("md2", "consul md2 (resume)"),
        ("saves", f"consul ({SAVES} saves of 1,000)"),
        ("table", "consul play --save (table)"),
    ):
        if name not in started:
            continue
        at, rss, warm, cpu = started[name]
        print(
            f"  {label:<29} {at * 1000:6.0f} ms  {rss / 1024:5.1f} MiB  warm {warm / 1024:5.1f}"
            f"   {at / bare_time:4.2f}x time {rss / bare_rss:4.2f}x ({warm / bare_rss:4.2f}x) "
            f"memory vs bare   cpu {cpu * 1000:4.0f} ms {cpu / bare_cpu:4.2f}x"
        )
    new_time, new_rss, new_warm, new_cpu = started["new"]
    print(
        f"  usable settled frame vs bare: {new_time / bare_time:.2f}x (goal <= 1.3x), "
        f"peak memory {new_rss / bare_rss:.2f}x (goal <= 1.5x), "
        f"{new_warm / bare_rss:.2f}x once warmed up; CPU time {new_cpu / bare_cpu:.2f}x"
    )
    md2_time, md2_rss, _, md2_cpu = started["md2"]
    print(
        f"  consul md2 settled frame vs bare: {md2_time / bare_time:.2f}x (goal <= 1.3x), "
        f"peak memory {md2_rss / bare_rss:.2f}x (goal <= 1.5x); CPU time {md2_cpu / bare_cpu:.2f}x",
        flush=True,
    )
    if "saves" in started:
        print(
            f"  {SAVES} saves of 1,000 actions vs none: "
            f"{started['saves'][0] / started['new'][0]:.2f}x (goal <= 1.1x)",
            flush=True,
        )


def _together(latencies: dict[str, Latency]) -> Latency:
    """The mean of the keys' medians (keys pressed in turn, as many times each)."""
    return (
        statistics.mean(took for took, _ in latencies.values()),
        statistics.mean(count for _, count in latencies.values()),
    )


if __name__ == "__main__":
    raise SystemExit(main())
