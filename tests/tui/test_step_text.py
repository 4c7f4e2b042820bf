"""The current step's rule text is said once: in the top bar when it shows it whole; in the
Steps pane too only when the bar cut it (so the steps keep their height from step to step)."""

from __future__ import annotations

from pathlib import Path

from consul_app.content import ContentPack
from consul_app.tui.widgets.next_step import MORE, MORE_SHOWN, NextStep

from .helpers import text
from .scenarios import SMALL, WIDE, KeyConsul, new_table


def _flat(said: str) -> str:
    """The words of a text, however it was wrapped."""
    return " ".join(said.split())


async def test_at_120x40_the_bar_says_the_step_text_and_the_steps_pane_its_title(
    content: ContentPack, tmp_path: Path
) -> None:
    app = new_table(content, tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        consul = KeyConsul(pilot)
        await consul.press("e", "enter", "enter")  # equipment, the chart: the first spawn
        step = consul.step()
        assert step is not None and step.key == "spawn"
        bar = _flat(text(consul.table.query_one("#next-step")))
        assert _flat(step.text) in bar and MORE.strip() not in bar
        steps = _flat(text(consul.table.query_one("#steps"), width=1000))
        assert f">> {step.title}" in steps
        assert step.text not in steps and step.text[:40] not in steps


async def test_a_text_the_bar_cuts_is_whole_in_the_steps_pane(
    content: ContentPack, tmp_path: Path
) -> None:
    app = new_table(content, tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        consul = KeyConsul(pilot)
        await consul.press("e", "enter", "enter")
        step = consul.step()
        assert step is not None
        table = consul.table
        assert MORE.strip() in _flat(text(table.query_one("#next-step"), width=78))
        assert not table.query_one(NextStep).whole
        assert step.text in text(table.query_one("#steps"), width=1000)

        await pilot.resize_terminal(80, 36)  # (still tabs) the bar has room for it all now
        await pilot.pause()
        assert table.query_one(NextStep).whole
        assert _flat(step.text) in _flat(text(table.query_one("#next-step")))
        steps = text(table.query_one("#steps"), width=1000)
        assert f">> {step.title}" in steps and step.text[:40] not in steps

        await pilot.resize_terminal(*SMALL)  # and back: cut again, whole in the pane
        await pilot.pause()
        assert not table.query_one(NextStep).whole
        assert step.text in text(table.query_one("#steps"), width=1000)


async def test_the_bar_points_to_the_steps_pane_only_when_it_is_not_shown(
    content: ContentPack, tmp_path: Path
) -> None:
    """QA at 80x24: the bar said `(more: 1 Steps)` with the Steps pane already in front. Its
    pointer then says the text goes on below; `1` again once another tab is in front."""
    app = new_table(content, tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        consul = KeyConsul(pilot)
        await consul.press("e", "enter", "enter")  # the first spawn step: the pool in front
        bar = consul.table.query_one("#next-step")
        assert MORE.strip() in _flat(text(bar, width=78))
        await consul.press("1")
        said = _flat(text(bar, width=78))
        assert "1 Steps" not in said and MORE_SHOWN.strip() in said
        await consul.press("2")
        assert MORE.strip() in _flat(text(bar, width=78))
