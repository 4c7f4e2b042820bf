"""The history screen: every action by turn, newest first, the state just after the one
highlighted, and "undo to here" (confirmed first, journaled as undos, redo-able)."""

from __future__ import annotations

import json
from pathlib import Path

from consul_app.content import ContentPack
from consul_app.rules import apply, default_setup, new_game
from consul_app.tui.screens.confirm import ConfirmScreen
from consul_app.tui.screens.history import HistoryScreen, undo_notice
from consul_app.tui.screens.table import TableScreen
from consul_app.tui.widgets.marked_list import MARK, MarkedList

from .helpers import notes, options, text, until
from .scenarios import SMALL, WIDE, idle, make_app, play_saved


def _saved(content: ContentPack, tmp_path: Path, turns: int = 3) -> Path:
    save = tmp_path / "history.jsonl"
    play_saved(
        content, save, default_setup(content.edition("sde2")), idle(lambda p, s: s.turn > turns)
    )
    return save


async def test_history_lists_the_actions_by_turn_newest_first(
    content: ContentPack, tmp_path: Path
) -> None:
    app = make_app(content, _saved(content, tmp_path))
    async with app.run_test(size=WIDE) as pilot:
        table = app.screen
        assert isinstance(table, TableScreen)
        labels = table.session.history
        await pilot.press("H")
        assert isinstance(app.screen, HistoryScreen)
        listed = options(app.screen.query_one(MarkedList)).splitlines()
        assert listed[0] == "Turn 3"
        assert listed[1] == f"{MARK}{len(labels)}. {labels[0]}"  # newest, highlighted
        assert listed[2] == f"{len(labels) - 1}. {labels[1]}"
        assert listed[-2:] == ["Start", "0. The game begins"]
        shown = [line.split(". ", 1)[1] for line in listed if ". " in line]
        assert shown[:-1] == labels
        assert [line for line in listed if line.startswith("Turn")] == [
            "Turn 3",
            "Turn 2",
            "Turn 1",
        ]
        side = text(app.screen.query_one("#history-moment"))
        assert f"Just after {len(labels)}. {labels[0]}  (now)" in side
        assert "Turn 4: play" in side
        await pilot.press("escape")
        assert app.screen is table


async def test_undo_to_here_restores_the_chosen_state_and_redo_brings_it_back(
    content: ContentPack, tmp_path: Path
) -> None:
    save = _saved(content, tmp_path)
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        table = app.screen
        assert isinstance(table, TableScreen)
        session = table.session
        actions = [d.action for d in session.actions]
        await pilot.press("H", "down", "down", "down", "down")  # past the heading of turn 2
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen), "no history")
        history = app.screen
        assert isinstance(history, HistoryScreen)
        count = history.chosen()
        assert 0 < count < len(actions) - 2
        side = text(history.query_one("#history-moment"))
        assert f"Just after {count}. {session.actions[count - 1].label}" in side
        await pilot.press("u")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "no confirmation")
        assert f"Take back the {len(actions) - count} actions" in text(app.screen)
        assert "Enter: take them back" in text(app.screen)  # (not "done on the table")
        await pilot.press("escape")  # not now: nothing undone
        await until(pilot, lambda: app.screen is history, "the history is not back")
        assert len(session.actions) == len(actions)
        await pilot.press("u", "enter")
        await until(pilot, lambda: app.screen is table, "the table is not back")
        pack = session.pack
        replayed = new_game(pack, session.state.setup)
        for action in actions[:count]:
            replayed = apply(pack, replayed, action)
        assert session.state == replayed
        assert notes(app)[-1].startswith(f"Undone: {len(actions) - count} actions: ")
        ops = [json.loads(line).get("op") for line in save.read_text().splitlines()]
        assert ops[-(len(actions) - count) :] == ["undo"] * (len(actions) - count)
        await pilot.press("r")
        await until(pilot, lambda: len(session.actions) > count, "nothing redone")
        assert len(session.actions) == count + 1
        assert session.actions[-1].action == actions[count]


async def test_history_shows_the_recap_and_fits_80_columns(
    content: ContentPack, tmp_path: Path
) -> None:
    app = make_app(content, _saved(content, tmp_path))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("H", "t")
        side = text(app.screen.query_one("#history-moment"))
        assert "Since your last turn: Turn 3, power-up phase" in side
        assert "Reached chart space 3" in side
        assert app.screen.query_one(MarkedList).region.width >= 38


def test_several_undos_make_one_notice() -> None:
    assert undo_notice(["Boss takes a wound"]) == "Boss takes a wound"
    assert undo_notice(["c", "b", "a"]) == "3 actions: c ... a"


async def test_undo_to_here_after_the_table_changed_layout_under_the_history(
    content: ContentPack, tmp_path: Path
) -> None:
    """Found by the key monkey (make soak SEED=1033 SETUPS=1): the terminal resized from panes
    to tabs while the history was open, then "undo to here": the table showed the game on
    panes just recomposed, whose sections did not exist yet (KeyError: 'body')."""
    app = make_app(content, _saved(content, tmp_path))
    async with app.run_test(size=WIDE) as pilot:
        table = app.screen
        assert isinstance(table, TableScreen)
        await pilot.press("H")
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen), "no history")
        history = app.screen
        assert isinstance(history, HistoryScreen)
        newest = len(history.entries)
        await until(pilot, lambda: bool(history.query(MarkedList)), "no history list")
        await pilot.press("down", "down")  # (after the history is up: under load, keys typed
        # ahead of it went to the table and "u" then found nothing to undo)
        await until(pilot, lambda: history.chosen() < newest, "the history's cursor did not move")
        await pilot.resize_terminal(*SMALL)
        await pilot.press("u", "enter")  # (keys wait while the table recomposes as tabs)
        await until(pilot, lambda: app.screen is table, "the table is not back")
        await until(pilot, lambda: bool(notes(app)), "no notice")
        assert notes(app)[-1].startswith("Undone: ")
        assert "Turn" in text(table.query_one("#next-step"))
