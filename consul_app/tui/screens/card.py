"""`CardScreen`: a model's whole card as it plays now, laid out like the printed card."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from consul_app.rules import CardView
from consul_app.tui.card_layout import card_body
from consul_app.tui.screens.confirm import fit_height


class CardScreen(ModalScreen[None]):
    """The card of one model (the engine's `card` view); it scrolls when it is long. Esc, q or
    c closes it. One is installed on the app and shown again for every card (`open`): opening
    a card then costs little more than drawing it."""

    CSS_PATH = ["../dialogs.tcss", "../card.tcss"]

    BINDINGS = [
        Binding("escape,q,c", "dismiss", "Close the card", id="card.close"),
    ]

    NAME = "card"

    def __init__(self) -> None:
        super().__init__(classes="decision card")
        self.view: CardView | None = None
        self._ready = False

    @classmethod
    def open(cls, app: App[object], view: CardView) -> None:
        """Show `view` on the app's card screen (installed on first use)."""
        if not app.is_screen_installed(cls.NAME):
            app.install_screen(cls(), cls.NAME)
        screen = app.get_screen(cls.NAME)
        assert isinstance(screen, CardScreen)
        app.push_screen(screen)
        screen.show(view)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            with VerticalScroll(id="card-body"):
                yield Static()
            yield Static("Up/Down, PgUp/PgDn: scroll   Esc, q or c: close", classes="keys")

    def show(self, view: CardView) -> None:
        self.view = view
        if not self._ready:
            return  # (on_mount shows it)
        self.query_one(".dialog").border_title = f"Card: {view.name}"
        self.query_one("#card-body Static", Static).update(card_body(view))
        body = self.query_one("#card-body", VerticalScroll)
        body.scroll_home(animate=False)
        body.focus()

    def on_mount(self) -> None:
        fit_height(self)
        self._ready = True
        if self.view is not None:
            self.show(self.view)

    def on_resize(self) -> None:
        fit_height(self)
