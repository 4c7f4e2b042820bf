"""`CardScreen`: a model's whole card as it plays now, laid out like the printed card."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from consul_app.rules import CardView
from consul_app.tui.card_layout import card_body
from consul_app.tui.screens.confirm import fit_height


class CardScreen(ModalScreen[None]):
    """The card of one model (the engine's `card` view); it scrolls when it is long. Esc, q or
    c closes it."""

    BINDINGS = [
        Binding("escape,q,c", "dismiss", "Close the card", id="card.close"),
    ]

    def __init__(self, view: CardView) -> None:
        super().__init__(classes="decision card")
        self.view = view

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as dialog:
            dialog.border_title = f"Card: {self.view.name}"
            with VerticalScroll(id="card-body"):
                yield Static(card_body(self.view))
            yield Static("Up/Down, PgUp/PgDn: scroll   Esc, q or c: close", classes="keys")

    def on_mount(self) -> None:
        fit_height(self)
        self.query_one("#card-body").focus()

    def on_resize(self) -> None:
        fit_height(self)
