"""Lock-test child: holds a save open through a real Session and plays on command.

Run from tests/ as `python -m session.lock_child SAVE`: creates SAVE (or resumes it), prints
`ready`, then for each line on stdin plays it and prints `done`: `hero` dispatches "a hero is
destroyed", `undo` undoes the last action. `Child` runs it from a test.
"""

from __future__ import annotations

import queue
import subprocess
import sys
import threading
from pathlib import Path

from consul_app.rules import DestroyHero, default_setup
from consul_app.session import Session
from session.players import child_pack

TESTS = Path(__file__).resolve().parents[1]
DEADLINE = 60.0
"""Seconds to wait for the child (loading the content included) before failing."""


class Child:
    """A `lock_child` process; its stdout lines arrive in a queue (read with a deadline)."""

    def __init__(self, save: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "session.lock_child", str(save)],
            cwd=TESTS,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.strip())
        self.lines.put("<eof>")

    def expect(self, wanted: str) -> None:
        line = self.lines.get(timeout=DEADLINE)
        assert line == wanted, self.process.stderr.read() if line == "<eof>" else line  # type: ignore[union-attr]

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()


def main(save: Path) -> None:
    content = child_pack()
    if save.exists():
        session = Session.resume(content, save)
    else:
        session = Session.new(content, default_setup(content.edition("sde2")), path=save)
    print("ready", flush=True)
    for line in sys.stdin:
        if line.strip() == "hero":
            session.dispatch(DestroyHero())
        elif line.strip() == "undo":
            session.undo()
        print("done", flush=True)
    session.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
