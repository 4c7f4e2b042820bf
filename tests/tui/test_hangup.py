"""A terminal that goes away ends the app: its window closed, or the SSH link lost, while
`consul` was started by another process (`make run`), so that no SIGHUP reaches it."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest


def _read_until(fd: int, wanted: bytes, deadline: float) -> bytes:
    seen = b""
    while wanted not in seen and time.monotonic() < deadline:
        if select.select([fd], [], [], 0.1)[0]:
            seen += os.read(fd, 65536)
    return seen


def test_the_app_quits_when_its_terminal_hangs_up(tmp_path: Path) -> None:
    """Before, Textual's input thread read the end of its input over and over: the app stayed
    at full CPU, holding its save's lock."""
    terminal, app_side = os.openpty()
    env = {**os.environ, "CONSUL_DATA_DIR": str(tmp_path), "TERM": "xterm-256color"}
    app = subprocess.Popen(
        [sys.executable, "-m", "consul_app"],
        stdin=app_side,
        stdout=app_side,
        stderr=app_side,
        env=env,
    )
    os.close(app_side)
    try:
        shown = _read_until(terminal, b"New game", time.monotonic() + 60)
        assert b"New game" in shown, shown[-500:]
        os.close(terminal)  # the window closes
        assert app.wait(timeout=30) == 0
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()


def test_where_there_is_no_poll_the_app_is_left_to_its_console(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Windows has no select.poll (a console closed ends its processes there): nothing is
    watched, and the app starts (it raised AttributeError)."""
    from types import SimpleNamespace

    from consul_app.tui.hangup import quit_on_hangup

    monkeypatch.delattr(select, "poll")
    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.web_driver:WebDriver")  # served
    with (tmp_path / "input").open("w+") as stdin:
        monkeypatch.setattr(sys, "__stdin__", stdin)
        quit_on_hangup(SimpleNamespace(is_headless=False))  # type: ignore[arg-type]
