"""How the TUI tests wait for the app (their bundled content is tests/conftest.py's `content`)."""

from __future__ import annotations

from textual import _wait
from textual.pilot import Pilot

# Pilot waits after every key until the app looks idle: less than SLEEP_IDLE of CPU time in a
# sleep of SLEEP_GRANULARITY (20 ms), twice a key. Much of a Pilot test was that sleeping. With
# 5 ms sleeps (the same 5% share of CPU for "idle") the TUI tests take about a third less.
# A 5 ms wait can end before the next frame (every 1/60 s), so `press` then draws that frame
# itself (as `pause` does: the layout, so regions are current) and lets what the app does
# after it (`call_after_refresh`) run before the test reads the screen. (Not through `pause`:
# its own idle wait came right after the one that ends every key, a third of a key's time.)
_wait.SLEEP_GRANULARITY = 1 / 200
_wait.SLEEP_IDLE = _wait.SLEEP_GRANULARITY / 20
_press = Pilot.press


async def _press_then_frame(self: Pilot[object], *keys: str) -> None:
    await _press(self, *keys)
    self.app.screen._on_timer_update()
    await self._wait_for_screen()


Pilot.press = _press_then_frame  # type: ignore[method-assign]
