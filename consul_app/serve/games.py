"""The game `consul serve` serves: a save named when it started, or the game in progress.

The game in progress is the one `consul watch` would pick when the server starts (None: there
is none yet). It is then followed: when the save played last is another game, not over and
readable (the Consul started a new game, or resumed another), viewers are moved to it. A game
that ends stays on screen: the one played before it is not taken up again.
"""

from __future__ import annotations

import asyncio
import logging
import os
from pathlib import Path

from consul_app.content import ContentPack

log = logging.getLogger("consul.serve")

LOOK_SECONDS = 1.0
"""How often the saves folder is looked at for a new game."""


Judged = dict[Path, tuple[int, int]]
"""The saves summarized, with their modification time and size when they were."""


class Games:
    """The save viewers watch now (`current`, None: none yet), and when it changes."""

    def __init__(self, current: Path | None) -> None:
        self.current = current
        self._changed = asyncio.Event()

    async def changed(self) -> None:
        """Return once `current` is another save."""
        await self._changed.wait()

    def show(self, save: Path) -> None:
        self.current = save
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    async def follow(self, content: ContentPack, folder: Path | None = None) -> None:
        """Move to each new game in progress in the saves folder (until cancelled)."""
        judged: Judged = {}
        while True:
            await asyncio.sleep(LOOK_SECONDS)
            try:
                found = await asyncio.to_thread(newer_game, content, self.current, judged, folder)
            except OSError as err:  # (out of descriptors: looked at again next time)
                log.warning("Cannot look at the saves folder now: %s.", err.strerror or err)
                continue
            if found is not None:
                log.info("Viewers now watch the game in progress: %s", found)
                self.show(found)


def newer_game(
    content: ContentPack,
    current: Path | None,
    judged: dict[Path, tuple[int, int]],
    folder: Path | None,
) -> Path | None:
    """The save played last, if it is a game in progress other than `current`. A save is
    summarized once per change (see `Judged`)."""
    from consul_app.session import summarize
    from consul_app.session.save_files import save_paths

    try:
        newest = next(iter(save_paths(folder)), None)
        if newest is None or newest == current:
            return None
        stat = os.stat(newest)
    except FileNotFoundError:  # (a save deleted while the folder was read)
        return None
    stamp = (stat.st_mtime_ns, stat.st_size)
    if judged.get(newest) == stamp:
        return None
    judged[newest] = stamp
    summary = summarize(content, newest)
    return newest if summary.damaged is None and not summary.finished else None
