"""The footer offers only what can be done now, as the engine says: in 2.0's power-up phase
`e` (End turn) is refused ("First finish the current step"), so it is not offered until the
phase's steps are done (QA: it was, and pressing it was refused). Pressed anyway, `e` says
why."""

from __future__ import annotations

from pathlib import Path

from consul_app.content import ContentPack
from consul_app.rules import EndTurn, default_setup, refusal
from consul_app.rules.editions import EDITIONS
from consul_app.tui.screens.table import TableScreen
from consul_app.tui.table_bindings import TABLE_BINDINGS, game_keys
from consul_app.tui.widgets.footer import Footer

from .helpers import notes, until
from .scenarios import SMALL, idle, make_app, play_saved


def offered(table: TableScreen) -> set[str]:
    footer = table.query_one(Footer)
    return {key.key for key in footer.keys}


async def test_end_turn_is_offered_only_when_the_engine_would_take_it(
    content: ContentPack, tmp_path: Path
) -> None:
    save = tmp_path / "game.jsonl"
    play_saved(content, save, default_setup(content.edition("sde2")), idle(lambda p, s: True))
    app = make_app(content, save)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        session = table.session
        assert refusal(session.pack, session.state, EndTurn()) is None
        await until(pilot, lambda: "e" in offered(table))
        await pilot.press("e")  # the power-up phase: its steps come first
        await until(pilot, lambda: session.state.open_step() is not None)
        why = refusal(session.pack, session.state, EndTurn())
        assert why is not None and why.startswith("First finish the current step")
        await until(pilot, lambda: "e" not in offered(table))
        assert "e" not in table.active_bindings  # nor in the command palette
        assert "e" in {b.key for b in TableScreen.keys(table)}  # the help still lists it
        await pilot.press("e")  # pressed anyway: the engine's reason, nothing done
        await until(pilot, lambda: any(why in note for note in notes(app)))
        assert session.state.open_step() is not None
        while session.state.open_step() is not None:  # the phase's steps, one by one
            await pilot.press("enter")
            await until(pilot, lambda: not app.screen.is_modal)
        await until(pilot, lambda: "e" in offered(table))


def test_the_pane_keys_name_only_the_count_keys_the_edition_offers() -> None:
    """The keys help says which keys a count typed on a pane key goes to: `g` (power gauge +1)
    only in 1.0, the one edition with a power gauge (QA: a 2.0 help named `g` six times)."""
    for played in EDITIONS.values():
        panes = [
            b.description
            for b in game_keys(TABLE_BINDINGS, played, "End")
            if (b.id or "").startswith("table.pane_")
        ]
        assert len(panes) == 6
        gauge = "power-gauge" in played.offers
        for description in panes:
            assert description.endswith(" f F g: how many)" if gauge else " f F: how many)")
