"""A change drawn in one frame: the app's frames are held until what the change set going has
been handled, then the screen is drawn once.

A change of the table (a tab brought to the front, the focus moved to another pane) reaches
the screen in several hops of Textual's messages: the tab's layout request, the focus and
blur events and the repaints their handlers ask for, the style updates of the pseudo-classes
(`:focus`). Drawn as they arrive, each hop is a frame of its own (2 to 4 in a real terminal,
the same lines drawn again). Held (`App.batch_update`) until every node of the screen has
handled what it was sent, `ROUNDS` times over (a message handled may send another), they are
drawn together in the next frame.

And a screen whose focus moves asks to be painted whole (`Screen.focused` repaints): with a
layout due as well, Textual draws the layout, then the whole screen again, two frames in one
update. While a change is held, that whole repaint is a layout (which draws every widget
that changed, the focus's old and new ones included).
"""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.geometry import Region
from textual.screen import Screen

ROUNDS = 3
"""Rounds of messages waited for: a node's handler asks for a repaint, which the node sends
to the screen once it is idle, which the screen handles in turn."""
DEADLINE = 1.0
"""Seconds after which the frames are let go whatever is still on its way (a node that never
answers must not freeze the screen). Not shorter: on a busy machine the rounds of a pane
switch can take longer than 0.25 s, and frames let go before they are done draw it in two."""


class DrawsOnce(Screen[Any]):
    """A screen whose changes can be drawn in one frame (`draw_once_settled`)."""

    _holding = 0
    """Changes held now."""

    def refresh(
        self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> DrawsOnce:
        if self._holding and repaint and not (regions or layout or recompose):
            return super().refresh(repaint=False, layout=True)  # (see the module's docstring)
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def draw_once_settled(self) -> None:
        """Hold the app's frames until this screen and every node under it (and the app)
        have handled what they had been sent, `ROUNDS` times, or for `DEADLINE` seconds at
        most: what is changed from now on is drawn in one frame."""
        app: App[Any] = self.app
        hold = app.batch_update()
        hold.__enter__()
        self._holding += 1
        held = True

        def let_go() -> None:
            nonlocal held
            if held:
                held = False
                self._holding -= 1
                hold.__exit__(None, None, None)
                self.check_idle()  # (the end of a batch wakes the app, not the screen's frames)

        def round_of(rounds: int) -> None:
            if not held:
                return
            if not rounds or not app.is_running:
                let_go()
                return
            pending = 0

            def handled() -> None:
                nonlocal pending
                pending -= 1
                if not pending:
                    round_of(rounds - 1)

            for node in (app, *self.walk_children(with_self=True)):
                pending += bool(node.call_later(handled))
            if not pending:
                let_go()

        app.set_timer(DEADLINE, let_go)  # (the app's: a screen closed meanwhile runs none)
        round_of(ROUNDS)
