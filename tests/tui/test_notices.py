"""Notices at the table: one line over the footer's row, never over the Steps or Pool pane;
undos in a row make one notice; an error stays until a key is pressed."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual._compositor import ChopsUpdate, CompositorUpdate

from consul_app.content import ContentPack
from consul_app.rules import default_setup
from consul_app.tui.screens.table import TableScreen
from consul_app.tui.widgets.notice_line import NoticeLine

from .helpers import notes, text
from .scenarios import SMALL, WIDE, idle, make_app, play_saved


def _saved(content: ContentPack, tmp_path: Path) -> Path:
    save = tmp_path / "notices.jsonl"
    setup = default_setup(content.edition("sde2"))
    play_saved(content, save, setup, idle(lambda p, s: s.turn >= 3))
    return save


@pytest.mark.parametrize("size", [WIDE, SMALL], ids=["120x40", "80x24"])
async def test_no_notice_covers_the_steps_or_the_pool(
    content: ContentPack, tmp_path: Path, size: tuple[int, int]
) -> None:
    app = make_app(content, _saved(content, tmp_path))
    async with app.run_test(size=size, notifications=True) as pilot:
        table = app.screen
        assert isinstance(table, TableScreen)
        line = table.query_one(NoticeLine)
        assert not line.display
        await pilot.press("M")  # no mini-boss on the dungeon: a warning
        assert notes(app)[-1] == ": No mini-boss is on the dungeon."
        assert line.display and line.region.height == 1
        assert line.region.y == size[1] - 1  # the footer's row
        for pane in ("#steps", "#pool"):
            region = table.query_one(pane).region
            assert not region.overlaps(line.region)
        rack = table.query_one("#textual-toastrack")  # Textual's toasts: not on the table
        await pilot.pause()
        toasts = list(rack.query("Toast"))
        assert toasts and all(not toast.visible for toast in toasts)


async def test_undos_in_a_row_make_one_notice_and_errors_wait_to_be_read(
    content: ContentPack, tmp_path: Path
) -> None:
    app = make_app(content, _saved(content, tmp_path))
    async with app.run_test(size=WIDE) as pilot:
        table = app.screen
        assert isinstance(table, TableScreen)
        labels = table.session.history[:3]
        line = table.query_one(NoticeLine)
        await pilot.press("u")
        assert text(line) == f"Undone: {labels[0]}"
        await pilot.press("u", "u")
        assert text(line) == f"Undone 3 in a row, the last: {labels[2]}"
        await pilot.press("r")
        assert text(line) == f"Redone: {labels[2]}"
        await pilot.press("u")
        assert text(line) == f"Undone: {labels[2]}"  # a new run of undos
        app.notify(
            "The disk refused the save\nmore about it", title="Cannot save", severity="error"
        )
        await pilot.pause()
        assert text(line) == "ERROR Cannot save: The disk refused the save"
        await pilot.press("3")  # read: any key
        assert not line.display


async def test_a_refusal_goes_with_the_next_key(content: ContentPack, tmp_path: Path) -> None:
    """Seen in a real terminal: "No mini-boss may spawn now" stood over the footer's keys
    while the Consul spawned monsters, three keys later."""
    app = make_app(content, _saved(content, tmp_path))
    async with app.run_test(size=WIDE) as pilot:
        line = app.screen.query_one(NoticeLine)
        await pilot.press("M")  # no mini-boss on the dungeon: a warning
        assert line.display and line.severity == "warning"
        await pilot.press("down")  # any key: it has been read
        assert not line.display
        for refused in ("m", "enter"):  # no mini-boss may spawn now; nothing is due
            await pilot.press("escape", "1", refused)  # (from the Steps pane: no card opens)
            assert line.display and line.severity == "warning", refused
            await pilot.press("down")
            assert not line.display, refused
        await pilot.press("2", "u")  # an undo's notice is no warning: the next key leaves it
        assert line.display and text(line).startswith("Undone: ")
        await pilot.press("down")
        assert line.display


async def test_a_notice_that_goes_is_wiped_off_the_terminal(
    content: ContentPack, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seen in a real terminal: a warning stayed on the footer's row long after it went, over
    every key hint, because Textual repainted nothing where it had been (textual#5056). The
    compositor is put in the state its scroll fast path leaves (its full map built before the
    notice showed); the footer's row must still be sent to the terminal when the notice goes.
    The notice is let go as its timer lets it go (a timer of a fixed 0.3 s ran out before the
    first look under a loaded machine)."""
    app = make_app(content, _saved(content, tmp_path))
    repainted: list[set[int] | None] = []  # the rows of each update sent (None: all of them)
    display = app._display

    def record(screen: object, update: object) -> None:
        if isinstance(update, CompositorUpdate):
            repainted.append(
                {y for y, _, _ in update.spans} if isinstance(update, ChopsUpdate) else None
            )
        display(screen, update)  # type: ignore[arg-type]

    monkeypatch.setattr(app, "_display", record)
    async with app.run_test(size=WIDE) as pilot:
        compositor = app.screen._compositor
        line = app.screen.query_one(NoticeLine)
        await pilot.pause()
        before = dict(compositor.full_map)  # without the notice
        await pilot.press("M")  # no mini-boss on the dungeon: a warning
        await pilot.pause()
        assert line.display and line in compositor.full_map
        assert line._timer is not None  # it goes by itself
        compositor._full_map, compositor._full_map_invalidated = before, True
        repainted.clear()
        line.clear()  # what its timer does
        await pilot.pause()
        assert not line.display
        assert any(rows is None or WIDE[1] - 1 in rows for rows in repainted)


async def test_the_tables_notices_do_not_follow_onto_a_dialog_as_toasts(
    content: ContentPack, tmp_path: Path
) -> None:
    """Seen in a real terminal: "The boss fight begins" stood as a toast over the Log pane
    beside the relic dialog, and "TIMEOUT!" over the story's plots."""
    app = make_app(content, _saved(content, tmp_path))
    async with app.run_test(size=WIDE, notifications=True) as pilot:
        await pilot.press("M")  # no mini-boss on the dungeon: a warning on the notice line
        assert notes(app)[-1] == ": No mini-boss is on the dungeon."
        await pilot.press("question_mark")
        await pilot.pause()
        assert not isinstance(app.screen, TableScreen)
        toasts = app.screen.query("Toast")
        assert not [toast for toast in toasts if toast.visible]


async def test_a_notice_the_same_as_the_one_shown_is_not_painted_again(
    content: ContentPack, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An end of turn undone, done and undone again: the second notice says what the first
    still shows, so the notice line (and the footer's keys under its row) are not painted
    again; a notice that differs is."""
    app = make_app(content, _saved(content, tmp_path))
    painted: list[str] = []
    update = NoticeLine.update

    def counted(self: NoticeLine, content: object = "", **kwargs: bool) -> None:
        painted.append(str(content))
        update(self, content, **kwargs)  # type: ignore[arg-type]

    async with app.run_test(size=WIDE) as pilot:
        line = app.screen.query_one(NoticeLine)
        await pilot.press("e", "u")
        said = text(line)
        monkeypatch.setattr(NoticeLine, "update", counted)
        await pilot.press("e", "u")
        assert line.display and text(line) == said and not painted
        await pilot.press("M")  # no mini-boss on the dungeon: another notice
        assert painted == ["! No mini-boss is on the dungeon."] == [text(line)]


async def test_enter_that_does_the_step_puts_a_refusal_away(
    content: ContentPack, tmp_path: Path
) -> None:
    """Seen in a real terminal at 80x24: `e` in the power-up phase was refused ("Not now:
    First finish the current step: Advance the Mighty Monster Chart"), and the Enter that then
    did that step left the refusal standing over the footer's keys, naming a step done."""
    app = make_app(content, _saved(content, tmp_path))
    async with app.run_test(size=SMALL) as pilot:
        line = app.screen.query_one(NoticeLine)
        await pilot.press("e")  # the power-up phase begins
        await pilot.press("e")  # refused: a step is due
        assert line.display and line.severity == "warning"
        await pilot.press("enter")  # does that step
        assert not line.display
