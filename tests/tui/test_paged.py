"""Option lists: the saved games mark the game to resume in text, and page keys in a list
with no room do nothing."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.widgets import OptionList

from consul_app.session import SaveSummary
from consul_app.tui.screens.resume import ResumeScreen
from consul_app.tui.widgets.paged import PagedOptionList

SAVES = [
    SaveSummary(Path(f"game-{n}.jsonl"), datetime(2026, 1, 1), "Ugg", "SDE 2.0", 3, 5, 40)
    for n in range(40)
]


async def test_the_game_to_resume_is_marked_in_text() -> None:
    """QA: the saved games marked the highlighted game by colour alone (README: nothing is).
    It starts with `>` from the first frame on, and the mark follows the highlight."""
    damaged = SaveSummary(Path("bad.jsonl"), datetime(2026, 1, 1), damaged="line 1: not JSON")

    class Host(App[None]):
        def on_mount(self) -> None:
            self.push_screen(ResumeScreen([damaged, *SAVES[:3]]))

    app = Host()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()

        def marked() -> list[int]:
            rows = app.screen.query_one(OptionList)
            count = rows.option_count
            prompts = [str(rows.get_option_at_index(n).prompt) for n in range(count)]
            return [n for n, prompt in enumerate(prompts) if prompt.startswith("> ")]

        assert marked() == [1]  # the latest game that can be resumed, not the damaged one
        await pilot.press("down")
        assert marked() == [2]


async def test_page_keys_in_a_list_with_no_room_do_nothing() -> None:
    """Found by the key monkey (make soak SEED=5000, setup 5021): the lookup squeezed to no
    rows by a resize, then PgUp: Textual's OptionList raised KeyError (it counts its lines
    only when it has room, then looked the highlighted option's line up)."""
    class Squeezed(App[None]):
        CSS = "OptionList { height: 0; }"

        def __init__(self, kind: type[OptionList]) -> None:
            super().__init__()
            self.kind = kind

        def compose(self) -> ComposeResult:
            yield self.kind("a", "b", "c")

    async with Squeezed(PagedOptionList).run_test() as pilot:
        pilot.app.query_one(OptionList).focus()
        await pilot.press("pageup", "pagedown")
    with pytest.raises(KeyError):  # (Textual's own, which the monkey met)
        async with Squeezed(OptionList).run_test() as pilot:
            pilot.app.query_one(OptionList).focus()
            await pilot.press("pageup")
