"""Keys as the Consul sees them: `consul` in a real pseudo-terminal, not under Pilot.

Run: `.venv/bin/python benchmarks/bench_terminal.py [--quick]`.

The app runs as a user starts it (`consul --save SAVE`, a game in progress on the table) with
its terminal a pty of the given size. The benchmark plays the terminal's part: it reads what
the app writes and answers the one query that matters here, synchronized output (mode 2026),
so that Textual wraps every frame in `ESC[?2026h ... ESC[?2026l`, as it does in a terminal
that supports it (kitty, WezTerm, recent xterm, Windows Terminal). A key is written to the pty;
from then on every frame end is counted, until the app writes nothing for `QUIET` seconds. The
key's figure is the time to its last frame (the settled frame), and how many frames it took.

Printed, as ratios within one run (keys pressed in turn, so each ratio compares the same
moments of a noisy machine):
- 120x40: `c` (open a card) and Escape (close it) against a no-op key (Down, then Up, in the
  spawning pool);
- 80x24: a pane switch (`1`, then `2`) against the same no-op key.
"""

from __future__ import annotations

import fcntl
import os
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

QUICK = "--quick" in sys.argv
PRESSES = 4 if QUICK else 12
QUIET = 0.6
"""No output for this long after a key: the screen has settled (longer than any animation
frame interval, so an animation still running is not taken for quiet)."""
START_DEADLINE = 60.0
SYNC_QUERY = b"\x1b[?2026$p"
SYNC_SUPPORTED = b"\x1b[?2026;2$y"
FRAME_END = b"\x1b[?2026l"
KEYS = {"down": b"\x1b[B", "up": b"\x1b[A", "escape": b"\x1b", "c": b"c", "1": b"1", "2": b"2"}


@dataclass
class Press:
    key: str
    settled: float
    """Seconds from the key to its last frame (0: it drew nothing)."""
    frames: int


class Terminal:
    """A pty of `size` with `argv` running in it; reads and answers what it writes."""

    def __init__(self, argv: list[str], size: tuple[int, int], env: dict[str, str]) -> None:
        self.master, slave = os.openpty()
        columns, rows = size
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.process = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True
        )
        os.close(slave)
        self.pending = b""

    def read_until_quiet(self, quiet: float, deadline: float) -> list[float]:
        """Read until nothing comes for `quiet` seconds; the times frames ended."""
        ends: list[float] = []
        stop = time.monotonic() + deadline
        while time.monotonic() < stop:
            ready, _, _ = select.select([self.master], [], [], quiet)
            if not ready:
                return ends
            try:
                data = os.read(self.master, 65536)
            except OSError:  # the app has gone
                return ends
            now = time.monotonic()
            data = self.pending + data
            if SYNC_QUERY in data:
                os.write(self.master, SYNC_SUPPORTED)
            ends += [now] * data.count(FRAME_END)
            self.pending = data[-16:]  # a marker split between two reads
            if FRAME_END in self.pending:
                self.pending = b""
        raise TimeoutError("the app never went quiet")

    def press(self, key: str) -> Press:
        start = time.monotonic()
        os.write(self.master, KEYS[key])
        ends = self.read_until_quiet(QUIET, 30.0)
        return Press(key, (ends[-1] - start) if ends else 0.0, len(ends))

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self.master)


def write_save(home: Path) -> Path:
    """A 2.0 game at its second turn with nothing due: the table as it is most of a game."""
    from tui.scenarios import bundled, idle, play_saved

    from consul_app.rules import default_setup

    content = bundled()
    save = home / "game.jsonl"
    play_saved(content, save, default_setup(content.edition("sde2")),
               idle(lambda pack, state: state.turn >= 2))
    return save


def run(save: Path, home: Path, size: tuple[int, int], cycle: list[str]) -> list[Press]:
    env = {**os.environ, "CONSUL_DATA_DIR": str(home), "TERM": "xterm-256color",
           "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
    env.pop("TEXTUAL", None)
    consul = Path(sys.executable).with_name("consul")
    terminal = Terminal([str(consul), "--save", str(save)], size, env)
    try:
        terminal.read_until_quiet(1.5, START_DEADLINE)  # the table, settled
        return [terminal.press(key) for _ in range(PRESSES) for key in cycle]
    finally:
        terminal.close()


def summary(presses: list[Press], *keys: str) -> tuple[float, int]:
    """The median time to the settled frame of these keys, and the most frames one took."""
    mine = [p for p in presses if p.key in keys]
    return statistics.median(p.settled for p in mine), max(p.frames for p in mine)


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        save = write_save(home)
        # (Down and Up in the spawning pool: in the card, or on a pane with nothing to scroll,
        # they drew nothing, and a no-op of 0 ms was half the figures)
        wide = run(save, home, (120, 40), ["c", "escape", "down", "up"])
        small = run(save, home, (80, 24), ["1", "2", "down", "up"])
    noop_wide, most = summary(wide, "down", "up")
    print(f"Real terminal (pty, synchronized output), median of {PRESSES} presses each")
    print(f"  120x40 no-op key (Down/Up)  {noop_wide * 1000:7.1f} ms  (up to {most} frames)")
    for key, what in (("c", "c: open a card"), ("escape", "Esc: close it")):
        settled, frames = summary(wide, key)
        print(f"  120x40 {what:21} {settled * 1000:7.1f} ms  {settled / noop_wide:5.2f}x no-op"
              f"  (up to {frames} frames)")
    noop_small, most = summary(small, "down", "up")
    print(f"  80x24 no-op key (Down/Up)   {noop_small * 1000:7.1f} ms  (up to {most} frames)")
    for key in ("1", "2"):
        settled, frames = summary(small, key)
        print(f"  80x24 pane switch ({key})      {settled * 1000:7.1f} ms  "
              f"{settled / noop_small:5.2f}x no-op  (up to {frames} frames)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
