"""An action paints again only what it changed: an end of turn and its undo leave the boss
card alone (its view is the same before and after) and lays nothing out again (a pane of one
section keeps its height), a spawn renders only the pool's cells it changed."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from textual.geometry import Region
from textual.widget import Widget

from consul_app.content import ContentPack
from consul_app.rules import default_setup
from consul_app.tui.app import ConsulApp
from consul_app.tui.screens.table import TableScreen
from consul_app.tui.widgets.pane import Section
from consul_app.tui.widgets.pool import PoolTable

from .helpers import text
from .scenarios import WIDE, idle, make_app, play_saved


def _at_turn_two(content: ContentPack, folder: Path) -> ConsulApp:
    """The app on a 2.0 game at turn 2 with nothing due."""
    save = folder / "idle.jsonl"
    setup = default_setup(content.edition("sde2"))
    play_saved(content, save, setup, idle(lambda pack, state: state.turn >= 2))
    return make_app(content, save)


async def test_end_of_turn_and_undo_paint_only_the_sections_they_change(
    content: ContentPack, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = _at_turn_two(content, tmp_path)
    painted: Counter[str] = Counter()
    laid_out: list[str] = []
    refresh = Section.refresh

    def counted(self: Section, *regions: object, **kwargs: bool) -> Section:
        where = f"{self.parent.id if self.parent else ''}.{' '.join(self.classes)}"
        painted[where] += 1
        if kwargs.get("layout"):
            laid_out.append(where)
        return refresh(self, *regions, **kwargs)  # type: ignore[arg-type]

    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("down")  # (the recap shown on resuming goes)
        await pilot.pause()
        table = app.screen
        boss = text(table.query_one("#boss"))
        monkeypatch.setattr(Section, "refresh", counted)
        for key in "eu":
            await pilot.press(key)
            await pilot.pause()
        assert painted["steps.body"] and painted["log.body"]
        assert not [section for section in painted if section.startswith("boss.")]
        assert not laid_out  # the steps and the log fill their panes: no height changed
        assert text(table.query_one("#boss")) == boss


async def test_a_spawn_renders_only_the_cells_of_the_pool_it_changed(
    content: ContentPack, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = _at_turn_two(content, tmp_path)
    rendered: list[tuple[int, int]] = []
    render = PoolTable.cell_lines

    def counted(self: PoolTable, row: int, column: int, *args: object) -> object:
        rendered.append((row, column))
        return render(self, row, column, *args)  # type: ignore[arg-type]

    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        table = app.screen.query_one(PoolTable)
        monster = table.highlighted()
        assert monster is not None
        before = table.get_row(monster)
        monkeypatch.setattr(PoolTable, "cell_lines", counted)
        await pilot.press("space")
        await pilot.pause()
        after = table.get_row(monster)
        changed = sum(a != b for a, b in zip(after, before, strict=True))
        body = [cell for cell in rendered if cell[0] >= 0]
        assert changed and len(body) == changed  # (the header is DataTable's)


async def test_a_section_paints_again_only_its_lines_that_changed(
    content: ContentPack, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An end of turn changes the top bar's first lines, not the blank ones under them, and
    shifts the log down a line, but for its oldest entry: only the lines that differ are
    painted again (the screen's update covers no more rows than changed)."""
    app = _at_turn_two(content, tmp_path)
    painted: dict[str, set[int]] = {}
    changed: dict[str, set[int]] = {}
    update, refresh = Section.update, Section.refresh

    def compared(self: Section, content: object = "", **kwargs: object) -> None:
        width = self.content_region.width
        before = self._rendered.lines(width) if self._rendered is not None else []
        update(self, content, **kwargs)  # type: ignore[arg-type]
        after = self._rendered.lines(width) if self._rendered is not None else []
        rows = {y for y, (old, new) in enumerate(zip(before, after, strict=True)) if old != new}
        changed[self.parent.id or self.id or ""] = rows  # type: ignore[union-attr]

    def counted(self: Section, *regions: Region, **kwargs: bool) -> Section:
        rows = {y for region in regions for y in region.line_range}
        painted.setdefault(self.parent.id or self.id or "", set()).update(rows)  # type: ignore[union-attr]
        return refresh(self, *regions, **kwargs)

    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("down")  # (the recap shown on resuming goes)
        await pilot.pause()
        monkeypatch.setattr(Section, "update", compared)
        monkeypatch.setattr(Section, "refresh", counted)
        await pilot.press("e")
        await pilot.pause()
    assert {"next-step", "steps", "log"} <= painted.keys()
    assert painted == {where: rows for where, rows in changed.items() if rows}
    assert 0 < len(painted["next-step"]) < 5 and 0 < len(painted["log"]) < 8


async def test_end_of_turn_to_a_long_step_text_and_its_undo_lay_nothing_out(
    content: ContentPack, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rewards step's text is in the bar above, not under its title in the Steps pane: the
    steps still fit their pane."""
    app = _at_turn_two(content, tmp_path)
    laid_out: list[object] = []
    refresh = Widget.refresh

    def counted(self: Widget, *regions: object, **kwargs: bool) -> Widget:
        if kwargs.get("layout"):
            laid_out.append(self)
        return refresh(self, *regions, **kwargs)  # type: ignore[arg-type]

    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("down", *"   dddh")  # three spawned, three destroyed: loot; a hero
        await pilot.press("e", "u")  # (the notice line shown once: the undo's notice)
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        monkeypatch.setattr(Widget, "refresh", counted)
        await pilot.press("e")
        await pilot.pause()
        step = table.current_step()
        assert step is not None and step.key == "rewards"
        assert step.text in " ".join(text(table.query_one("#next-step")).split())
        await pilot.press("u")
        await pilot.pause()
        assert table.current_step() is None
        assert not laid_out
