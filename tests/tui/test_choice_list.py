"""The choice list (the dungeon boss on the new-game screen): keys, a click and typing choose,
the choice stays in sight, a long entry wraps under its name."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.containers import Vertical

from consul_app.tui.widgets.choice_list import CHOSEN, HERE, INDENT, OTHER, ChoiceList

NAMES = [
    "Black-Handed Henry  (8 hearts)",
    "Bomechan  (7 hearts)",
    "Professor Cackle-Clink  (10 hearts)",
    *(f"Boss {n}  ({n} hearts)" for n in range(3, 20)),
    "Ymnaur Wintersson  (1 heart)",
]
ITEMS = [(f"b{n}", name) for n, name in enumerate(NAMES)]


class Host(App[None]):
    CSS = "Vertical { width: 30; height: 10; } ChoiceList { height: 1fr; }"
    AUTO_FOCUS = None

    def __init__(self) -> None:
        super().__init__()
        self.changes: list[str] = []

    def compose(self) -> ComposeResult:
        with Vertical():
            yield ChoiceList(ITEMS, "b1", id="list")

    def on_choice_list_changed(self, event: ChoiceList.Changed) -> None:
        self.changes.append(event.chosen)


def drawn(choices: ChoiceList) -> list[str]:
    """The lines in sight, as drawn inside the border and padding (now: `render_lines`
    takes what its lines are drawn with, as for a frame)."""
    choices.render_lines(choices.region.reset_offset)
    height = choices.scrollable_content_region.height
    return [choices.render_line(y).text.rstrip() for y in range(height)]


def starting(lines: list[str], start: str) -> list[int]:
    """The rows of `lines` that start with `start`."""
    return [row for row, line in enumerate(lines) if line.startswith(start)]


async def test_keys_choose_and_the_choice_stays_in_sight() -> None:
    app = Host()
    async with app.run_test() as pilot:
        choices = app.query_one(ChoiceList)
        assert starting(drawn(choices), f"{CHOSEN}Bomechan") and choices.chosen == "b1"
        choices.focus()
        await pilot.press("down")
        assert choices.chosen == "b2" and app.changes == ["b2"]
        await pilot.press("end")
        assert choices.chosen == ITEMS[-1][0]
        assert starting(drawn(choices), f"{HERE}{CHOSEN}Ymnaur")  # scrolled to it
        await pilot.press("home")
        assert choices.chosen == "b0" and choices.scroll_offset.y == 0
        await pilot.press("pagedown")
        assert choices.index == choices.scrollable_content_region.height - 1
        await pilot.press("up", "up", "up", "up", "up", "up", "up", "up", "up", "up")
        assert choices.chosen == "b0"  # not beyond the first
        assert app.changes[-1] == "b0"


async def test_focus_marks_the_choice_in_text_and_typing_finds() -> None:
    app = Host()
    async with app.run_test() as pilot:
        choices = app.query_one(ChoiceList)
        assert not any(line.startswith(HERE) for line in drawn(choices))
        choices.focus()
        await pilot.pause()
        assert starting(drawn(choices), f"{HERE}{CHOSEN}Bomechan")
        await pilot.press("y", "m")
        assert choices.chosen == ITEMS[-1][0]
        await pilot.press("c")  # no "ymc": a new search, by a word ("Cackle-Clink")
        assert choices.chosen == "b2"


async def test_a_long_entry_wraps_under_its_name() -> None:
    app = Host()
    async with app.run_test():
        lines = drawn(app.query_one(ChoiceList))
        start = starting(lines, f"{OTHER}Professor")[0]
        assert lines[start + 1].startswith(INDENT) and lines[start + 1][len(INDENT)] != " "
        assert " ".join(lines[start : start + 3]).split() == f"{OTHER}{NAMES[2]}".split()
        width = app.query_one(ChoiceList).scrollable_content_region.width
        assert all(len(line) <= width for line in lines)


async def test_a_click_chooses_the_entry_under_it() -> None:
    app = Host()
    async with app.run_test() as pilot:
        choices = app.query_one(ChoiceList)
        region = choices.content_region
        lines = drawn(choices)
        row = starting(lines, f"{OTHER}Boss 3 ")[0]
        await pilot.click(offset=(region.x + 2, region.y + row))
        assert choices.chosen == "b3" and app.changes == ["b3"]
        row = starting(lines, f"{OTHER}Professor")[0] + 1  # its second line
        await pilot.click(offset=(region.x + 2, region.y + row))
        assert choices.chosen == "b2"
