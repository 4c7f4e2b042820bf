"""Keys as the Consul sees them: `consul` in a real pseudo-terminal, not under Pilot.

Run: `.venv/bin/python benchmarks/bench_terminal.py [--quick]`.

The app runs as a user starts it (`consul --save SAVE`, a game in progress on the table) with
its terminal a pty of the given size. The benchmark plays the terminal's part: it reads what
the app writes and answers the one query that matters here, synchronized output (mode 2026),
so that Textual wraps every frame in `ESC[?2026h ... ESC[?2026l`, as it does in a terminal
that supports it (kitty, WezTerm, recent xterm, Windows Terminal). A key is written to the pty;
from then on every frame end is counted, until the app writes nothing for `QUIET` seconds. The
key's figures are the time to its last frame (the settled frame), how many frames it took, and
the CPU time the app's threads took to that frame, and until quiet (the kernel's per-thread
counters: a busy machine or niceness does not inflate them; until quiet counts what the app
does once the frame is drawn, such as the card under the cursor drawn ahead). The benchmark
starts pressing keys once the table is drawn and quiet (not at the first quiet moment: on a
busy machine the content loads for seconds).

Printed, as ratios within one run (keys pressed in turn, so each ratio compares the same
moments of a noisy machine):
- 120x40: `c` (open a card) and Escape or q (close it) against a no-op key (Down or Up in the
  spawning pool, pressed on the table: the cursor moves to another monster, so each `c` opens
  another card than the last; the cursor visits four monsters, so most of these cards were
  opened before in the same state, and are shown as drawn then);
- 120x40 again, an undo and a redo (a new state) before each `c`: `c` opening a card not
  opened before in this state, against the no-op key of the same run (pressed after the
  key that closed the redo's notice);
- 80x24: a pane switch (`1`, then `2`) against the same no-op key.
"""

from __future__ import annotations

import contextlib
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
TABLE_DRAWN = b"Steps"
"""A word of the table screen (its first pane's title), not of the loading screen."""
KEYS = {"down": b"\x1b[B", "up": b"\x1b[A", "escape": b"\x1b", "q": b"q", "c": b"c", "1": b"1",
        "u": b"u", "r": b"r", "down, notice": b"\x1b[B",
        "2": b"2"}


@dataclass
class Press:
    key: str
    settled: float
    """Seconds from the key to its last frame (0: it drew nothing)."""
    frames: int
    cpu: float
    """Seconds of CPU the app's threads took from the key to its last frame."""
    cpu_quiet: float
    """...and until it went quiet (what it did after its frame too: a card drawn ahead)."""


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
        self.seen = b""
        """Everything written so far, until `started`."""
        self.cpu_at_frame = 0.0
        """`cpu()` when the last frame's end was read."""

    def cpu(self) -> float:
        """Seconds of CPU the app's threads have taken so far."""
        total = 0
        for task in Path(f"/proc/{self.process.pid}/task").iterdir():
            with contextlib.suppress(OSError, ValueError, IndexError):  # (a thread just ended)
                total += int((task / "schedstat").read_text().split()[0])
        return total / 1e9

    def started(self, deadline: float) -> None:
        """Read until the table is drawn, then until it is quiet."""
        stop = time.monotonic() + deadline
        while TABLE_DRAWN not in self.seen:
            if time.monotonic() > stop:
                raise TimeoutError("the table was never drawn")
            self.read_until_quiet(0.2, deadline)
        self.read_until_quiet(1.5, deadline)
        self.seen = b""

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
            if len(self.seen) < 10_000_000:
                self.seen += data
            if SYNC_QUERY in data:
                os.write(self.master, SYNC_SUPPORTED)
            ends += [now] * data.count(FRAME_END)
            if FRAME_END in data:
                self.cpu_at_frame = self.cpu()
            self.pending = data[-16:]  # a marker split between two reads
            if FRAME_END in self.pending:
                self.pending = b""
        raise TimeoutError("the app never went quiet")

    def press(self, key: str) -> Press:
        cpu = self.cpu_at_frame = self.cpu()
        start = time.monotonic()
        os.write(self.master, KEYS[key])
        ends = self.read_until_quiet(QUIET, 30.0)
        return Press(key, (ends[-1] - start) if ends else 0.0, len(ends),
                     self.cpu_at_frame - cpu, self.cpu() - cpu)

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


def run(
    save: Path, home: Path, size: tuple[int, int], keys: list[str], warm_up: tuple[str, ...] = ()
) -> list[Press]:
    """`keys` pressed in turn, after `warm_up` (not measured)."""
    env = {**os.environ, "CONSUL_DATA_DIR": str(home), "TERM": "xterm-256color",
           "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
    env.pop("TEXTUAL", None)
    consul = Path(sys.executable).with_name("consul")
    terminal = Terminal([str(consul), "--save", str(save)], size, env)
    try:
        terminal.started(START_DEADLINE)
        for key in warm_up:
            terminal.press(key)
        return [terminal.press(key) for key in keys]
    finally:
        terminal.close()


def cards(presses: int) -> list[str]:
    """Down or Up in the pool (three of one, then three of the other), then `c` on the monster
    it lands on, then Escape or q in turn: each card another than the last (the table opens on
    the pool's first row; the game has more than three monsters). (A lone Escape byte is read
    as the key only after Textual's ESCDELAY, 100 ms, in case it starts a sequence: q is the
    same close without that wait.)"""
    return [k for n in range(presses)
            for k in ("down" if n // 3 % 2 == 0 else "up", "c", ("escape", "q")[n % 2])]


def new_cards(presses: int) -> list[str]:
    """As `cards`, but an undo and a redo before each `c` (a new game state, the same game):
    each card is one not opened before in that state (a card opened again in the same state
    is the one drawn the last time). The first key after the redo closes its notice (not a
    no-op: `down, notice`), the next is the no-op measured."""
    return [k for n in range(presses)
            for k in ("u", "r", "down, notice", "down" if n // 3 % 2 == 0 else "up", "c", "q")]


def summary(presses: list[Press], *keys: str) -> tuple[float, int, int, float, float]:
    """Of these keys: the median time to the settled frame, the fewest and the most frames one
    took, the mean CPU time to that frame and until quiet."""
    mine = [p for p in presses if p.key in keys]
    frames = [p.frames for p in mine]
    return (statistics.median(p.settled for p in mine), min(frames), max(frames),
            statistics.mean(p.cpu for p in mine), statistics.mean(p.cpu_quiet for p in mine))


def line(label: str, figures: tuple[float, ...], no_op: tuple[float, ...] = ()) -> str:
    settled, fewest, most, cpu, cpu_quiet = figures
    text = f"  {label:30} {settled * 1000:7.1f} ms"
    text += f" {settled / no_op[0]:5.2f}x" if no_op else " " * 7
    text += f"   CPU {cpu * 1000:6.1f} ms"
    text += f" {cpu / no_op[3]:5.2f}x" if no_op else " " * 7
    text += f" ({cpu_quiet * 1000:5.1f} ms"
    text += f" {cpu_quiet / no_op[4]:5.2f}x)" if no_op else ")      "
    frames = f"{fewest}" if fewest == most else f"{fewest} to {most}"
    return text + f"   {frames} frame{'s' * (most != 1)}"


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        save = write_save(home)
        # (the first card composes the card screen: once a game, not measured)
        wide = run(save, home, (120, 40), cards(PRESSES), warm_up=("c", "escape"))
        first = run(save, home, (120, 40), new_cards(PRESSES), warm_up=("c", "escape"))
        # (Down and Up in the spawning pool (pane 2 at 80x24): on a pane with nothing to
        # scroll they drew nothing, and a no-op of 0 ms was half the figures)
        small = run(save, home, (80, 24), ["1", "2", "down", "up"] * PRESSES)
    print(f"Real terminal (pty, synchronized output), {PRESSES} presses each: median time to")
    print("the settled frame (and x the no-op key), mean CPU time to that frame (and until")
    print("quiet), each also x the no-op key's, frames")
    no_op = summary(wide, "down", "up")
    print(line("120x40 no-op key (Down/Up)", no_op))
    for key, what in (("c", "c: open a card"), ("escape", "Esc: close it"), ("q", "q: close it")):
        print(line(f"120x40 {what}", summary(wide, key), no_op))
    no_op = summary(first, "down", "up")
    print(line("120x40 no-op key (Down/Up)", no_op))
    print(line("120x40 c: a card new this state", summary(first, "c"), no_op))
    no_op = summary(small, "down", "up")
    print(line("80x24 no-op key (Down/Up)", no_op))
    for key in ("1", "2"):
        print(line(f"80x24 pane switch ({key})", summary(small, key), no_op))
    return 0


if __name__ == "__main__":
    sys.exit(main())
