"""How the TUI tests wait for the app (their bundled content is tests/conftest.py's `content`)."""

from __future__ import annotations

from functools import partial

import pytest
from textual import _wait
from textual._context import visible_screen_stack
from textual.app import App
from textual.geometry import Region
from textual.notifications import Notification, Notifications
from textual.pilot import Pilot
from textual.screen import Screen

from consul_app.tui.screens import table as table_screen
from consul_app.tui.typed_count import TypedCount

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

# A frame of a headless app: Textual renders every widget in the screen's changed regions, then
# cuts their lines into the compositor's chops for the terminal, and the headless driver throws
# that update away (a third of a Pilot test's CPU time). Headless, each widget still renders
# its lines, as in a terminal (a crash in a widget's rendering still fails the test), but the
# chops are not cut. A test that watches the frames (it replaces `App._display`) gets them
# whole; screenshots (`export_screenshot`, `render_strips`) draw their own.
_compositor_refresh, _display = Screen._compositor_refresh, App._display


def _headless_compositor_refresh(self: Screen[object]) -> None:
    app = self.app
    watched = getattr(app._display, "__func__", None) is not _display
    if watched or not app.is_headless or app.is_inline or self is not app.screen:
        _compositor_refresh(self)
        return
    compositor = self._compositor
    if compositor._dirty_regions:
        visible_screen_stack.set(app._background_screens)
        crop = Region.from_union(list(compositor._dirty_regions))
        for _region, _clip, _lines in compositor._get_renders(
            crop.intersection(compositor.size.region)
        ):
            pass
        compositor._dirty_regions.clear()
    self._dirty_widgets.clear()
    app._update_mouse_over(self)
    app.post_display_hook()


Screen._compositor_refresh = _headless_compositor_refresh  # type: ignore[method-assign]

# A notification is dropped once its timeout (5 s by default) has gone by on the wall clock: a
# test starved of CPU read `notes()` after it had gone (`... in []`). Every one shown is kept
# here for `notes()` (and forgotten with the app's own `clear_notifications`).
_add, _clear = Notifications.add, Notifications.clear


def _add_and_keep(self: Notifications, notification: Notification) -> Notifications:
    vars(self).setdefault("shown", []).append(notification)
    return _add(self, notification)


def _clear_kept(self: Notifications) -> Notifications:
    vars(self)["shown"] = []
    return _clear(self)


Notifications.add = _add_and_keep  # type: ignore[method-assign]
Notifications.clear = _clear_kept  # type: ignore[method-assign]


@pytest.fixture
def count_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """The typed count's clock stands still: a digit and the key after it are typed together
    however long a loaded machine takes between the two keys (`2w` is a hit of two, not a
    count that expired after COUNT_WINDOW seconds of a starved process and one wound)."""
    monkeypatch.setattr(table_screen, "TypedCount", partial(TypedCount, lambda: 1000.0))
