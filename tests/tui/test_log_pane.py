"""The Log pane numbers its lines from the start of the game, also when every line shown has
the same label (it used to stop at the number it showed when the pane filled up)."""

from __future__ import annotations

from pathlib import Path
from textwrap import wrap

from hypothesis import given
from hypothesis import strategies as st
from textual.style import Style
from textual.visual import RenderOptions

from consul_app.content import ContentPack
from consul_app.tui.widgets.log import NUMBER, LogLines, entries

from .helpers import text
from .scenarios import WIDE, KeyConsul, new_table


async def test_fourteen_equal_labels_are_numbered_up_to_fourteen(
    content: ContentPack, tmp_path: Path
) -> None:
    app = new_table(content, tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        consul = KeyConsul(pilot)
        log = consul.table.query_one("#log")
        for _ in range(14):
            await pilot.press("h")
        await pilot.pause()
        lines = [line.strip() for line in text(log).splitlines() if ". " in line]
        assert len(consul.table.session.history) == 14
        assert lines[0].startswith("14. A hero is destroyed")
        assert len(lines) < 14  # the pane was full: the equal labels filled it
        assert lines[-1].startswith(f"{15 - len(lines)}. ")


def test_each_entry_is_whole_under_its_number() -> None:
    """QA: "Spawning point Bandit Knight on …" hid that it was destroyed; an entry too long
    for the pane goes on under its number, and only whole entries are shown."""
    history = ["Spawning point Bandit Knight on tile 3 takes 3 wounds: destroyed", "Spawn 1 Kobold"]
    lines = entries(history, height=3, width=40)
    assert lines == [
        "  2. Spawning point Bandit Knight on",
        "     tile 3 takes 3 wounds: destroyed",
        "  1. Spawn 1 Kobold",
    ]
    assert entries(history, height=2, width=40) == lines[:2]  # the older one does not fit
    assert entries(history[1:], height=1, width=40) == lines[2:]
    assert entries(history[:1], height=1, width=40) == ["  1. Spawning point Bandit Knight on"]


@given(
    st.lists(st.text(st.characters(codec="ascii", exclude_categories=["Cc"]), max_size=90)),
    st.integers(1, 12),
    st.integers(12, 60),
)
def test_the_entries_fit_the_pane(history: list[str], height: int, width: int) -> None:
    lines = entries(history, height, width)
    assert len(lines) <= height
    assert all(len(line) <= max(width, NUMBER + 10) for line in lines)
    numbers = [int(line[:3]) for line in lines if line[:3].strip()]
    assert numbers == list(range(len(history), len(history) - len(numbers), -1))
    if len(numbers) > 1:  # the entries shown are whole
        assert len(lines) == sum(
            len(
                wrap(history[len(history) - n], max(10, width - NUMBER), break_on_hyphens=False)
                or [""]
            )
            for n in numbers
        )


async def test_a_long_entry_shows_its_end_in_the_pane(content: ContentPack, tmp_path: Path) -> None:
    app = new_table(content, tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        consul = KeyConsul(pilot)
        await pilot.press("#", "2", "k", "enter")  # the first spawning point takes two wounds
        await pilot.pause()
        label = consul.table.session.history[0]
        shown = " ".join(text(consul.table.query_one("#log")).split())
        assert label in shown


def test_a_line_shown_before_is_not_drawn_again() -> None:
    """An action adds a line at the top of the log and moves the others down: only the new
    line is drawn (the whole log was, at every action); a line too long is cut at the edge."""
    drawn: dict[tuple[str, int, Style], object] = {}
    options = RenderOptions(Style.parse, {})
    style = Style(bold=True)
    before = LogLines(["  2. Spawn 1 Kobold", "  1. A hero is destroyed"], drawn)  # type: ignore[arg-type]
    first = before.render_strips(24, None, style, options)
    after = LogLines(["  3. Undo: spawn", *before.lines], drawn)  # type: ignore[arg-type]
    then = after.render_strips(24, None, style, options)
    assert then[1] is first[0] and then[2] is first[1]
    assert [s.text for s in then] == ["  3. Undo: spawn", *before.lines]
    assert len(drawn) == 3  # (only what is shown is kept)
    cut = LogLines(["  1. " + "x" * 40], {}).render_strips(24, None, style, options)
    assert [s.cell_length for s in cut] == [24]
