"""The bar at the top of the table screen: what to do now and which key does it."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.widgets import Static

from consul_app.tui.view import TableView


class NextStep(Static):
    """Always visible, at every size: the current step (or the turn), its key, its rule text."""

    _shown: object = None

    def show(self, view: TableView, hint: str) -> None:
        """Show the current step of `view`; `hint` says which keys do it."""
        step = view.current
        key = (step, hint, view.state.turn, view.state.boss.defeated)
        if key == self._shown:
            return
        self._shown = key
        if view.state.boss.defeated:
            now, text = "The dungeon boss is defeated: the heroes have won!", ""
        elif step is None:
            now, text = "Consul turn: play your monsters.", ""
        else:
            now, text = f"NOW >> {step.title}", step.text
        head = Text.assemble(
            (f"Turn {view.state.turn} · ", "bold"), (now, "bold reverse"), "   ", (hint, "bold")
        )
        self.update(Group(head, Text(text, style="italic")) if text else head)
