"""`CardViews`: the engine's cards of one game state, each computed once.

A monster's card is opened again and again in a turn (once per activation of its kind): in
the same state it is the same card, so the same view object, whose drawn lines the card body
keeps (`CardBody.show`'s `kept_as`). A new state (any action, an undo) starts afresh.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from consul_app.rules import card

if TYPE_CHECKING:
    from consul_app.content import EditionPack
    from consul_app.rules import CardView, GameState


class CardViews:
    """`card(pack, state, model, marked=...)`, remembered for the last (pack, state) asked."""

    def __init__(self) -> None:
        self._of: tuple[EditionPack, GameState] | None = None
        self._views: dict[tuple[str, int | None], CardView] = {}

    def card(
        self, pack: EditionPack, state: GameState, model: str, marked: int | None = None
    ) -> CardView:
        """The engine's card (its `RuleError` too, never remembered)."""
        if self._of is None or self._of[0] is not pack or self._of[1] is not state:
            self._of = (pack, state)
            self._views = {}
        view = self._views.get((model, marked))
        if view is None:
            view = self._views[model, marked] = card(pack, state, model, marked=marked)
        return view
