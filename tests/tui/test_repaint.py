"""An action paints again only the sections of the panes whose lines it changed: an end of
turn and its undo leave the boss card alone (its view is the same before and after)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from consul_app.content import ContentPack
from consul_app.rules import default_setup
from consul_app.tui.widgets.pane import Section

from .helpers import text
from .scenarios import WIDE, idle, make_app, play_saved


async def test_end_of_turn_and_undo_paint_only_the_sections_they_change(
    content: ContentPack, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "idle.jsonl"
    setup = default_setup(content.edition("sde2"))
    play_saved(content, save, setup, idle(lambda pack, state: state.turn >= 2))
    app = make_app(content, save)
    painted: Counter[str] = Counter()
    refresh = Section.refresh

    def counted(self: Section, *regions: object, **kwargs: bool) -> Section:
        painted[f"{self.parent.id if self.parent else ''}.{' '.join(self.classes)}"] += 1
        return refresh(self, *regions, **kwargs)  # type: ignore[arg-type]

    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        table = app.screen
        boss = text(table.query_one("#boss"))
        monkeypatch.setattr(Section, "refresh", counted)
        for key in "eu":
            await pilot.press(key)
            await pilot.pause()
        assert painted["steps.body"] and painted["log.body"]
        assert not [section for section in painted if section.startswith("boss.")]
        assert text(table.query_one("#boss")) == boss
