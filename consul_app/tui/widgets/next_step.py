"""The bar at the top of the table screen: what to do now and which key does it."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from consul_app.rules import boss_status, power_up_steps
from consul_app.tui.view import TableView


class NextStep(Static):
    """Always visible, at every size: the current step (or the turn) and its key."""

    def show(self, view: TableView, hint: str) -> None:
        """Show the current step of `view`; `hint` says which key does it."""
        step = next((s for s in power_up_steps(view.pack, view.state) if s.current), None)
        turn = f"Turn {view.state.turn}"
        if boss_status(view.pack, view.state).defeated:
            now = Content.styled("The dungeon boss is defeated: the heroes have won.", "bold")
        elif step is None:
            now = Content.styled("Consul turn: play your monsters.", "bold")
        else:
            now = Content.assemble((f"NOW >> {step.title}", "bold reverse"), f"  {step.text}")
        self.update(Content("\n").join([Content.assemble((f"{turn} · ", "bold"), now), hint]))
