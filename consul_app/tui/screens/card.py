"""`CardScreen`: a model's whole card as it plays now, laid out like the printed card."""

from __future__ import annotations

from collections.abc import Callable
from typing import Self

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.geometry import Region
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

from consul_app.rules import CardView
from consul_app.tui.card_layout import card_body
from consul_app.tui.kept_lines import KeptLines
from consul_app.tui.screens.confirm import fit_height
from consul_app.tui.widgets.card_body import CardBody

COME_UP = 1.0
"""Seconds after which the card comes up even if a widget has not answered (one that never
would must not keep every card away)."""


class CardScreen(KeptLines, ModalScreen[None]):
    """The card of one model (the engine's `card` view); it scrolls when it is long. Esc, q or
    c closes it. One is installed on the app and shown again for every card (`open`): opening
    a card then costs little more than drawing it."""

    CSS_PATH = ["../dialogs.tcss", "../card.tcss"]

    BINDINGS = [
        Binding("escape,q,c", "dismiss", "Close the card", id="card.close"),
    ]

    NAME = "card"

    AUTO_FOCUS = "#card-body"

    def __init__(self) -> None:
        super().__init__(classes="decision card")
        self.view: CardView | None = None
        self._ready = False
        self._coming = False
        """It is to be pushed once its widgets have handed over their changes."""
        self._fallback: Timer | None = None
        self._styled_for: tuple[object, ...] | None = None
        """What its nodes' styles were last worked out from (`update_node_styles`)."""

    @classmethod
    def open(cls, app: App[object], view: CardView) -> None:
        """Show `view` on the app's card screen (installed on first use)."""
        if not app.is_screen_installed(cls.NAME):
            app.install_screen(cls(), cls.NAME)
        screen = app.get_screen(cls.NAME)
        assert isinstance(screen, CardScreen)
        screen.present(view)

    @classmethod
    def prepare(cls, app: App[object], view: CardView) -> None:
        """Draw `view`'s lines ahead, as `open` would show them now (once the card screen
        has shown a first card: its room is known)."""
        if not app.is_screen_installed(cls.NAME):
            return
        screen = app.get_screen(cls.NAME)
        if isinstance(screen, CardScreen):
            screen.draw_ahead(view)

    def draw_ahead(self, view: CardView) -> None:
        """`view`'s lines drawn and kept for a later `show` (once composed)."""
        for body in self.query(CardBody) if self._ready else ():  # (none as the app closes)
            body.prepare(lambda: card_body(view), kept_as=view)

    def present(self, view: CardView) -> None:
        """Show `view` and come up, in one frame: the card is laid out while this screen is
        hidden, and it is pushed once each of its widgets has handed its change to it (pushed
        at once, it drew what it had, then each change in a frame of its own). The first card
        is composed as it is pushed."""
        self.show(view)
        if self.is_current or self._coming:
            return
        if not self._ready:
            self.app.push_screen(self)
            return
        self._coming = True
        after_each(list(self.query("*")), self._come_up)
        self._fallback = self.set_timer(COME_UP, self._come_up)

    def _come_up(self) -> None:
        if self._fallback is not None:
            self._fallback.stop()
        if self._coming and not self.is_current:
            self.app.push_screen(self)
        self._coming = False

    def refresh(
        self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> Self:
        """As any widget's; but the regions of the screen below, which Textual repaints on this
        one when they change (the table's own refresh as this screen is pushed: a second frame
        after the card's first), are not seen through an opaque card: nothing to draw."""
        if regions and not (layout or recompose):
            return self
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def update_node_styles(self, animate: bool = True) -> None:
        """Its nodes are styled again only when what styles them changed since: the rules (a
        theme, a stylesheet parsed), the app's or this screen's classes. Textual restyles a
        screen each time it is pushed: for a card, that was a tenth of `c`'s time."""
        app = self.app
        rules = app.stylesheet.rules
        styled_for = (len(rules), app.classes, app.pseudo_classes, self.classes,
                      self.pseudo_classes)
        last = self._styled_for
        if last is not None and last[0] is rules and last[1:] == styled_for:
            return
        self._styled_for = (rules, *styled_for)
        super().update_node_styles(animate)

    def compose(self) -> ComposeResult:
        with CardDialog(classes="dialog"):
            yield CardBody(id="card-body")
            yield Static("Up/Down, PgUp/PgDn: scroll   Esc, q or c: close", classes="keys")

    def show(self, view: CardView) -> None:
        self.view = view
        if not self._ready:
            return  # (on_mount shows it)
        self.query_one(CardDialog).retitle(f"Card: {view.name}")
        self.query_one(CardBody).show(lambda: card_body(view), kept_as=view)

    def on_mount(self) -> None:
        fit_height(self)
        self._ready = True
        if self.view is not None:
            self.show(self.view)

    def on_resize(self) -> None:
        fit_height(self)


class CardDialog(Vertical):
    """The card's frame: a new title draws again its top line only (the frame's other lines
    stay as they were drawn)."""

    def __init__(self, *, classes: str) -> None:
        super().__init__(classes=classes)
        self._retitling = False

    def retitle(self, title: str) -> None:
        self._retitling = True
        try:
            self.border_title = title
        finally:
            self._retitling = False

    def refresh(
        self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> Self:
        if self._retitling and not regions:
            x, y = self.content_offset  # (regions are given inside the frame)
            regions = (Region(-x, -y, self.outer_size.width, 1),)
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)


def after_each(widgets: list[Widget], then: Callable[[], None]) -> None:
    """Call `then` once each of `widgets` has handled the messages it has now (and so has
    posted the refresh they asked for to its screen)."""
    left = len(widgets)

    def done() -> None:
        nonlocal left
        left -= 1
        if not left:
            then()

    for widget in widgets:
        widget.call_next(done)
