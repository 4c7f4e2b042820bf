"""Quit when the terminal goes away: its window closed, or the SSH link lost.

A process started by another (`make run`) is not told (no SIGHUP reaches it), and Textual's
input thread then reads the end of its input over and over: the app would stay, at full CPU,
holding its save's lock, so the game could not be opened again until it was killed."""

from __future__ import annotations

import contextlib
import os
import select
import sys
import threading

from textual.app import App


def quit_on_hangup(app: App[object]) -> None:
    """Watch the terminal on stdin (in a daemon thread) and exit `app` once it hangs up. Not
    for a headless app, nor for an input that is no terminal (a pipe ends as it ends), but
    for the pipe of `consul serve`: a watcher whose server was killed would stay."""
    try:
        fd = sys.__stdin__.fileno() if sys.__stdin__ is not None else -1
    except (OSError, ValueError):
        return
    if app.is_headless or fd < 0 or not (os.isatty(fd) or served()):
        return
    if not hasattr(select, "poll"):  # (Windows: a console closed ends its processes)
        return
    poller = select.poll()
    poller.register(fd, 0)  # no events asked: only a hang-up or an error wakes it

    def wait() -> None:
        poller.poll()
        with contextlib.suppress(RuntimeError):  # (the app had already stopped)
            app.call_from_thread(app.exit)

    threading.Thread(target=wait, name="consul-hangup", daemon=True).start()


def served() -> bool:
    """Run by `consul serve`: Textual's web driver, on the server's pipes."""
    return os.environ.get("TEXTUAL_DRIVER", "").startswith("textual.drivers.web_driver")
