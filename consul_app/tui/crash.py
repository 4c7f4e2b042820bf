"""A crash costs nothing: when an error nobody expected escapes, the app writes a report (the
traceback and the last keys) to the data folder, leaves the game's save as it was, and says in
plain words, once the screen is gone, that the game is safe, how to resume it and where the
report is. The next start says once that there is a report. Imports nothing but the standard
library and `paths` (the app imports it before its first frame)."""

from __future__ import annotations

import os
import traceback
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from consul_app import __version__
from consul_app.base.paths import crash_dir
from consul_app.base.shown import shown

UNREAD = "unread"
"""A file in the crash folder naming the report the next start has not mentioned yet."""


@dataclass(frozen=True)
class Crash:
    """A report written, and the save of the game that was open (None: none was)."""

    report: Path | None
    save: Path | None
    problem: str | None = None
    """Why no report could be written (the folder or the disk)."""

    def words(self) -> str:
        """What to tell on the terminal once the screen is gone."""
        lines = ["Consul stopped on an error it did not expect (a bug, not your mistake)."]
        if self.save is not None:
            lines.append(
                f"Your game is safe: every action you saw on the screen is in its save, "
                f"{shown(self.save)}, left as it was."
            )
            lines.append(
                f"To go on with it: consul play --save '{shown(self.save)}' (or just consul)."
            )
        else:
            lines.append("No game was open: no save was touched.")
        if self.report is not None:
            lines.append(f"What happened and your last keys are in {shown(self.report)}.")
            lines.append("Sending that file with a bug report helps to fix it.")
        else:
            lines.append(f"The report could not be written ({self.problem}).")
        return "\n".join(lines)


def write_report(error: BaseException, keys: Iterable[str], save: Path | None) -> Crash:
    """The report of `error` in the crash folder (never raises: a report that cannot be
    written is said so)."""
    now = datetime.now()
    text = "\n".join(
        [
            f"Consul {__version__} crash report, {now.isoformat(timespec='seconds')}",
            f"save: {save if save is not None else 'none open'}",
            f"last keys (oldest first): {' '.join(keys) or 'none'}",
            "",
            "".join(traceback.format_exception(error)),
        ]
    )
    try:
        folder = crash_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"crash-{now:%Y-%m-%d-%H%M%S}-{os.getpid()}.txt"
        path.write_text(text, encoding="utf-8")
        (folder / UNREAD).write_text(str(path), encoding="utf-8")
    except OSError as err:
        return Crash(None, save, err.strerror or str(err))
    return Crash(path, save)


def unread_report() -> str | None:
    """Once: the notice for the report of a crash the last start ended with (None: none)."""
    marker = crash_dir() / UNREAD
    try:
        report = marker.read_text(encoding="utf-8").strip()
        marker.unlink()
    except OSError:
        return None
    return (
        f"Consul stopped on an unexpected error last time; your game was kept as it was. "
        f"The report is {report}."
    )
