"""The Log pane numbers its lines from the start of the game, also when every line shown has
the same label (it used to stop at the number it showed when the pane filled up)."""

from __future__ import annotations

from consul_app.content import ContentPack

from .helpers import text
from .scenarios import WIDE, KeyConsul, make_app


async def test_fourteen_equal_labels_are_numbered_up_to_fourteen(content: ContentPack) -> None:
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        consul = KeyConsul(pilot)
        await consul.new_game()
        log = consul.table.query_one("#log")
        for _ in range(14):
            await pilot.press("h")
        await pilot.pause()
        lines = [line.strip() for line in text(log).splitlines() if ". " in line]
        assert len(consul.table.session.history) == 14
        assert lines[0].startswith("14. A hero is destroyed")
        assert len(lines) < 14  # the pane was full: the equal labels filled it
        assert lines[-1].startswith(f"{15 - len(lines)}. ")
