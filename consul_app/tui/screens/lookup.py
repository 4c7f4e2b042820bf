"""`LookupScreen`: find any keyword, ability, status effect, relic (1.0: treasure), monster or
boss by a few letters of its name, and read its text (the engine's `lookup`)."""

from __future__ import annotations

from collections.abc import Callable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from consul_app.content import EditionPack
from consul_app.rules import LookupHit, lookup
from consul_app.tui.screens.confirm import fit_height
from consul_app.tui.widgets.paged import PagedOptionList

MODELS = ("monster", "spawning point", "mini-boss", "dungeon boss")
"""Kinds of hit that have a card to open."""


class LookupScreen(ModalScreen[None]):
    """Type a few letters; Up/Down picks a hit, its text shows beside the list. Enter on a
    model opens its card (`open_card`, when given); Esc closes."""

    CSS_PATH = ["../dialogs.tcss", "../card.tcss"]

    BINDINGS = [
        Binding("escape", "dismiss", "Close the lookup", id="lookup.close"),
        Binding("down", "move(1)", "Next hit", show=False, id="lookup.down"),
        Binding("up", "move(-1)", "Previous hit", show=False, id="lookup.up"),
        Binding("enter", "open", "Open its card", priority=True, id="lookup.open"),
    ]

    def __init__(
        self, pack: EditionPack, open_card: Callable[[str], None] | None = None, query: str = ""
    ) -> None:
        super().__init__(classes="decision lookup")
        self.pack = pack
        self.open_card = open_card
        self.query_text = query
        self.hits: list[LookupHit] = []

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as dialog:
            dialog.border_title = "Look up"
            yield Input(
                self.query_text,
                placeholder="a few letters of a name: keyword, ability, relic, monster...",
                id="lookup-query",
            )
            with Horizontal(id="lookup-found"):
                yield PagedOptionList(id="lookup-hits")
                with VerticalScroll(id="lookup-text"):
                    yield Static()
            yield Static(
                "Type: search   Up/Down: pick   Enter: a model's card   Esc: close",
                classes="keys",
            )

    def on_mount(self) -> None:
        fit_height(self)
        self.query_one(Input).focus()
        self._search(self.query_text)

    def on_resize(self) -> None:
        fit_height(self)

    @on(Input.Changed)
    def _typed(self, event: Input.Changed) -> None:
        self._search(event.value)

    def _search(self, query: str) -> None:
        self.hits = lookup(self.pack, query)
        hits = self.query_one(OptionList)
        hits.clear_options()
        hits.add_options(_option(hit) for hit in self.hits)
        if self.hits:
            hits.highlighted = 0
        self._show()

    @on(OptionList.OptionHighlighted)
    def _highlighted(self) -> None:
        self._show()

    def _show(self) -> None:
        text = self.query_one("#lookup-text Static", Static)
        hit = self.highlighted()
        if hit is None:
            query = self.query_one(Input).value.strip()
            text.update(f"Nothing is called {query!r}." if query else "")
            return
        lines = [
            Content.styled(hit.name, "bold"),
            Content.styled(hit.kind, "italic"),
            Content(hit.text),
        ]
        if hit.kind in MODELS and self.open_card is not None:
            lines.append(Content.styled("Enter: its whole card", "italic"))
        text.update(Content("\n").join(lines))

    def highlighted(self) -> LookupHit | None:
        index = self.query_one(OptionList).highlighted
        return self.hits[index] if index is not None and index < len(self.hits) else None

    def action_move(self, step: int) -> None:
        hits = self.query_one(OptionList)
        if not self.hits:
            return
        index = (hits.highlighted or 0) + step
        hits.highlighted = max(0, min(len(self.hits) - 1, index))

    def action_open(self) -> None:
        hit = self.highlighted()
        if hit is None or hit.kind not in MODELS or self.open_card is None:
            return
        self.open_card(hit.id)


def _option(hit: LookupHit) -> Option:
    return Option(Content.assemble((hit.name, "bold"), f"  {hit.kind}"), id=f"{hit.kind}:{hit.id}")
