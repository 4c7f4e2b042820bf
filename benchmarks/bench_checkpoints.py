"""Checkpoints that cost nothing as a game grows (issue 21): every figure as a ratio, one run.

Run: `.venv/bin/python benchmarks/bench_checkpoints.py [--quick]`. The games are written by a
seeded player that undoes about 3.5% of the time (and redoes now and then: bench_replay's
`play`), through a real
`Session` with `os.fsync` stubbed out: 1,000 and 50,000 actions. Prints:

1. The table of `consul play --save` of each, in a fresh process headless at 120x40, to its
   settled frame (bench_speed.py's measure), and its peak memory then: median of `RUNS`, the
   two interleaved. Goal: 50,000 within 1.2x of 1,000, time and memory.
2. `Session.resume` (read, check, replay) of each, best of: goal 50,000 within 1.2x.
3. The size of the last checkpoint line of each: goal 50,000 within 1.5x of 1,000.
4. `consul list` in a fresh process with 500 saves (copies of the 1,000-action game) and with
   none, median of `RUNS`: goal within 1.5x.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_replay import play  # noqa: E402
from bench_speed import best, no_fsync, settled_start  # noqa: E402

QUICK = "--quick" in sys.argv
RUNS = 3 if QUICK else 7
SAVES = 500
LIST = "from consul_app.commands.cli import main; raise SystemExit(main(['list']))"


def write_game(path: Path, count: int) -> None:
    """`count` moves of the replay benchmark's player, with undos and redos mixed in."""
    from tui.scenarios import NOW, bundled

    from consul_app.rules import default_setup
    from consul_app.session import Session

    content = bundled()
    setup = default_setup(content.edition("sde2"))
    with Session.new(content, setup, path=path, clock=lambda: NOW) as session:
        play(session, count)


def last_checkpoint(path: Path) -> int:
    """The size of the last checkpoint line, in bytes."""
    lines = path.read_bytes().splitlines()
    return len(next(line for line in reversed(lines) if line.startswith(b'{"op": "checkpoint"')))


def tables(home: Path, games: dict[int, Path]) -> dict[int, tuple[float, int]]:
    """Median time to the settled table and peak memory (KiB), per game, interleaved."""
    bytecode = home / "bytecode"
    argv = {count: ("consul", "play", "--save", str(path)) for count, path in games.items()}
    for args in argv.values():  # once unmeasured: the modules get compiled
        settled_start(home, bytecode, *args)
    samples: dict[int, list[tuple[float, int, int, float]]] = {count: [] for count in games}
    for _ in range(RUNS):
        for count, args in argv.items():
            samples[count].append(settled_start(home, bytecode, *args))
    return {
        count: (statistics.median(s[0] for s in runs), int(statistics.median(s[1] for s in runs)))
        for count, runs in samples.items()
    }


def resumes(games: dict[int, Path]) -> dict[int, float]:
    from tui.scenarios import bundled

    from consul_app.session import Session

    content = bundled()
    return {
        count: best(lambda path=path: Session.resume(content, path).close(), 3 if QUICK else 9)
        for count, path in games.items()
    }


def listing(homes: dict[str, Path], bytecode: Path) -> dict[str, float]:
    """Median wall time of `consul list` in a fresh process, per data folder, interleaved."""

    def once(home: Path) -> float:
        env = {**os.environ, "CONSUL_DATA_DIR": str(home), "PYTHONPYCACHEPREFIX": str(bytecode)}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        start = time.monotonic()
        subprocess.run(
            [sys.executable, "-c", LIST], env=env, check=True, capture_output=True, cwd=ROOT
        )
        return time.monotonic() - start

    for home in homes.values():
        once(home)  # unmeasured: compiled modules, and whatever the list keeps for next time
    samples: dict[str, list[float]] = {name: [] for name in homes}
    for _ in range(RUNS):
        for name, home in homes.items():
            samples[name].append(once(home))
    return {name: statistics.median(runs) for name, runs in samples.items()}


def main() -> int:
    from consul_app.content.cache import load_pack_cached

    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        os.environ["CONSUL_DATA_DIR"] = str(home)
        made = time.monotonic()
        games = {count: home / "games" / f"play-{count}.jsonl" for count in (1_000, 50_000)}
        games[1_000].parent.mkdir()
        with no_fsync():
            for count, path in games.items():
                write_game(path, count)
        print(f"(journals written in {time.monotonic() - made:.0f} s)", flush=True)
        load_pack_cached()  # the cache, as after any start
        small, large = (games[c].stat().st_size for c in (1_000, 50_000))
        print(
            f"saves: 1,000 actions {small / 1024:.0f} KiB, 50,000 actions {large / 2**20:.1f} MiB"
        )

        sizes = {count: last_checkpoint(path) for count, path in games.items()}
        print(
            f"last checkpoint line: 1,000 actions {sizes[1_000]} B, 50,000 actions "
            f"{sizes[50_000]} B   {sizes[50_000] / sizes[1_000]:.2f}x (goal <= 1.5x)",
            flush=True,
        )

        took = resumes(games)
        print(
            f"Session.resume, best of: 1,000 actions {took[1_000] * 1000:.1f} ms, 50,000 actions "
            f"{took[50_000] * 1000:.1f} ms   {took[50_000] / took[1_000]:.2f}x (goal <= 1.2x)",
            flush=True,
        )

        table = tables(home, games)
        (t1, m1), (t50, m50) = table[1_000], table[50_000]
        print(
            f"consul play --save, to the settled table at 120x40, median of {RUNS}: 1,000 actions "
            f"{t1 * 1000:.0f} ms {m1 / 1024:.1f} MiB, 50,000 actions {t50 * 1000:.0f} ms "
            f"{m50 / 1024:.1f} MiB   {t50 / t1:.2f}x time, {m50 / m1:.2f}x memory (goal <= 1.2x)",
            flush=True,
        )

        empty, full = home / "none", home / "many"
        (empty / "saves").mkdir(parents=True)
        (full / "saves").mkdir(parents=True)
        for data in (empty, full):
            shutil.copytree(home / "cache", data / "cache")
        for n in range(SAVES):
            shutil.copy(games[1_000], full / "saves" / f"game-{n:03}.jsonl")
        listed = listing({"none": empty, "many": full}, home / "bytecode")
        none, many = listed["none"], listed["many"]
        print(
            f"consul list, median of {RUNS}: no save {none * 1000:.0f} ms, {SAVES} saves "
            f"{many * 1000:.0f} ms   {many / none:.2f}x (goal <= 1.5x)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
