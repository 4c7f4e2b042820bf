"""The Boss pane renders again only the sections whose text a change touches: a wound or a
heal moves the wound track (its status section), not the fight card below it (its effects,
wrapped in tables, were most of what `w` cost: 2.3x a no-op key, goal 2x). The card still
says when the timeout has been reached."""

from __future__ import annotations

from pathlib import Path

import pytest

from consul_app.content import ContentPack
from consul_app.rules import default_setup
from consul_app.tui.view import TableView
from consul_app.tui.widgets.boss_card import BossPane

from .helpers import text, until
from .scenarios import WIDE, idle, make_app, play_saved


async def test_a_wound_renders_the_track_not_the_fight_card(
    content: ContentPack, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "game.jsonl"
    play_saved(
        content, save, default_setup(content.edition("sde2")), idle(lambda p, s: s.boss.spawned)
    )
    rendered: list[str] = []
    body = BossPane.body

    def counted(pane: BossPane, view: TableView, section: str) -> object:
        rendered.append(section)
        return body(pane, view, section)

    monkeypatch.setattr(BossPane, "body", counted)
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        session = app.screen.session  # type: ignore[attr-defined]
        pane = app.screen.query_one(BossPane)
        threshold = app.screen.view().boss.timeout_threshold  # type: ignore[attr-defined]
        assert f"Timeout (at {threshold} wounds)" in text(pane)
        for key in ("w", "W", "w"):
            wounds = session.state.boss.wounds
            rendered.clear()
            await pilot.press(key)
            await until(pilot, lambda wounds=wounds: session.state.boss.wounds != wounds)
            await pilot.pause()
            assert rendered == ["status"], key
        while not session.state.boss.timeout:  # up to the threshold: the card says so
            await pilot.press("w")
            await pilot.pause()
        await until(pilot, lambda: f"Timeout (reached {threshold} wounds)" in text(pane))
