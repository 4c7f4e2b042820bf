"""The new-game screen: every field by keys, the chart that follows, refusals with reasons."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App
from textual.screen import Screen
from textual.widgets import Input, OptionList

from consul_app.content import ContentPack
from consul_app.rules import default_setup, select_chart
from consul_app.tui.screens.new_game import NewGameScreen
from consul_app.tui.screens.pick_one import PickOneScreen
from consul_app.tui.screens.resume import ResumeScreen
from consul_app.tui.screens.table import TableScreen
from consul_app.tui.widgets.footer import Footer
from consul_app.tui.widgets.placements import Placements

from .helpers import notes, options, text, until
from .scenarios import WIDE, make_app


async def test_five_heroes_show_the_extended_chart_before_the_start(content: ContentPack) -> None:
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        await pilot.press("tab", "tab", "right")  # Heroes: 4 -> 5
        assert screen.setup.party_size == 5
        await pilot.press("enter", "enter")
        chart = select_chart(screen.pack, screen.setup)
        assert chart is not None
        review = text(screen.query_one("#review"))
        assert f"The chart: {chart.name}" in review
        assert f"{len(chart.spaces):>2} BOSS" in review
        await pilot.press("enter")
        assert isinstance(app.screen, TableScreen)
        assert app.screen.session.state.setup.party_size == 5


async def test_spawning_points_are_added_removed_and_moved(content: ContentPack) -> None:
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        await pilot.press("enter")  # page 2: mini-bosses, spawning points, pets
        screen.query_one(Placements).focus()
        await pilot.press("x", "x")
        assert screen.setup.spawning_points == []
        await pilot.press("enter", "enter")  # the review refuses, with the engine's reason
        assert "This game cannot start" in text(screen.query_one("#review"))
        assert isinstance(app.screen, NewGameScreen)
        assert notes(app)[-1].startswith("This game cannot start: ")

        await pilot.press("escape")
        screen.query_one(Placements).focus()
        await pilot.press("a")
        assert isinstance(app.screen, PickOneScreen)
        first = content.edition("sde2").spawning_points
        unpaired = next(p for p in first.values() if not p.paired)
        index = list(first).index(unpaired.id)
        await pilot.press(*["down"] * index, "enter")
        await pilot.press("right", "right")  # from tile 2 to tile 4
        assert [(p.id, p.tile) for p in screen.setup.spawning_points] == [(unpaired.id, 4)]
        await pilot.press("enter")
        assert f"{unpaired.name} (tile 4)" in text(screen.query_one("#review"))
        await pilot.press("enter")
        assert isinstance(app.screen, TableScreen)


async def test_each_edition_asks_for_what_it_needs(content: ContentPack) -> None:
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        await pilot.press("right")  # Forgotten King: no mode or party size
        assert screen.setup == default_setup(content.edition("forgotten-king"))
        # the page's title (and its keys) stay after the page is rebuilt for the edition
        assert "New game 1/3: Game and dungeon boss" in text(screen.query_one("#setup-title"))
        assert not screen.query("#mode") and not screen.query("#party_size")
        await pilot.press("right")  # SDE 1.0: a game size, the power gauge
        assert screen.query("#game_size")
        await pilot.press("tab", "right", "enter", "enter")
        assert screen.setup.game_size == "super"
        assert "Power gauge" in text(screen.query_one("#review"))
        boss = screen.pack.dungeon_bosses[screen.setup.boss]
        await pilot.press("escape", "escape")
        assert f"(*) {boss.name}" in options(screen.query_one("#boss"))  # type: ignore[arg-type]


async def test_the_monsters_page_is_filled_in_behind_the_first_page(content: ContentPack) -> None:
    """Not with the first page (its first frame comes sooner): `FILL_AFTER` seconds later, or
    when it is shown first, for the edition chosen by then; the review page with it."""
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert not screen.query(Placements) and not screen.query("#page-review")
        await until(pilot, lambda: bool(screen.query(Placements)))
        assert not screen.query_one("#page-monsters").display  # behind the first page
        await pilot.press("right")  # Forgotten King: the screen is composed again
        assert not screen.query(Placements)
        await pilot.press("enter")
        assert screen.query_one(Placements).pack is content.edition("forgotten-king")
        assert screen.query_one("#page-monsters").has_focus_within
        assert not screen.query_one("#page-review").display
        await pilot.press("enter")
        assert screen.query_one("#page-review").display
        assert not screen.query_one("#page-monsters").display
        assert "Forgotten King" in text(screen.query_one("#review"))


async def test_a_damaged_save_is_named_and_left_as_it_is(
    content: ContentPack, tmp_path: Path
) -> None:
    save = tmp_path / "damaged.jsonl"
    save.write_bytes(b"this is not a journal\n")
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        assert "damaged.jsonl" in options(app.screen.query_one(OptionList))
        await pilot.press("enter")  # it says again why, and stays
        assert any(n.startswith("damaged.jsonl cannot be resumed: ") for n in notes(app))
        assert isinstance(app.screen, ResumeScreen)
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
    assert save.read_bytes() == b"this is not a journal\n"


def footer_keys(app: App[None]) -> list[str]:
    return [key.description for key in app.screen.query_one(Footer).keys]


async def test_the_first_frame_of_the_screen_has_its_keys(
    content: ContentPack, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The footer composes as the bindings change, not after the next refresh: its keys are in
    the screen's first frame (with Textual's they came a frame or two later)."""
    frames: list[list[str]] = []
    display = App._display

    def spy(app: App[None], screen: Screen[object], renderable: object) -> None:
        if renderable is not None and isinstance(screen, NewGameScreen):
            frames.append([key.description for key in screen.query_one(Footer).keys])
        display(app, screen, renderable)  # type: ignore[arg-type]

    monkeypatch.setattr(App, "_display", spy)
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        await until(pilot, lambda: bool(frames))
    assert "Next page / start" in frames[0]


async def test_a_1_0_review_offers_no_chart_to_correct(content: ContentPack) -> None:
    """SDE 1.0 plays with a power gauge: its review page does not offer `v` in the footer."""
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        await until(pilot, lambda: "Next page / start" in footer_keys(app))
        await pilot.press("left", "enter", "enter")  # SDE 1.0; the review page
        await until(pilot, lambda: "Power gauge" in text(app.screen.query_one("#review")))
        await pilot.pause()
        assert "Correct the chart" not in footer_keys(app)


async def test_the_footer_follows_the_pages_keys_and_is_composed_only_when_they_change(
    content: ContentPack,
) -> None:
    """tui/widgets/footer.py: the chart's key comes with the review page and goes with it; the
    same keys are not composed again (Textual's footer did, four times as a screen opened)."""
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        await until(pilot, lambda: "Next page / start" in footer_keys(app))
        assert "Correct the chart" not in footer_keys(app)
        footer = app.screen.query_one(Footer)
        shown = footer.keys
        app.screen.refresh_bindings()  # the footer is told the bindings may have changed
        await pilot.pause()
        await pilot.pause()
        assert footer.keys is shown  # the same keys: not drawn again
        await pilot.press("enter", "enter")
        await until(pilot, lambda: "Correct the chart" in footer_keys(app))
        await pilot.press("escape")
        await until(pilot, lambda: "Correct the chart" not in footer_keys(app))
        await app.push_screen(Screen())  # over it, then gone: the footer is as it was
        footer.screen.refresh_bindings()
        await pilot.pause()
        app.pop_screen()
        await until(pilot, lambda: "Next page / start" in footer_keys(app))
        assert "Correct the chart" not in footer_keys(app)


async def test_the_hero_keyword_fields_keep_their_names_once_names_are_typed(
    content: ContentPack,
) -> None:
    """Seen at the table: the fields were named only by their placeholder ("Clever: none"),
    gone once a name was typed, so the two fields could not be told apart."""
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        await pilot.press("tab", "tab", "tab", "tab", *"Alice", "tab", *"Bob")
        assert screen.setup.heroes_with("clever") == ["Alice"]  # type: ignore[arg-type]
        assert screen.setup.heroes_with("dark-reflection") == ["Bob"]  # type: ignore[arg-type]
        names = [text(label) for label in screen.query(".hero-keyword-name")]
        assert names == ["Clever:", "Dark Reflection:"]
        fields = list(screen.query(".hero-keyword"))
        for label, field in zip(screen.query(".hero-keyword-name"), fields, strict=True):
            assert label.region.bottom == field.region.y  # right above its field


async def test_the_review_names_the_mode_and_the_party_size(content: ContentPack) -> None:
    """They pick the 2.0 chart: the review says what they are (QA: it showed only "SDE 2.0")."""
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("tab", "right", "tab", "right")  # Arcade, 5 heroes
        await pilot.press("enter", "enter")
        review = text(app.screen.query_one("#review"))
        assert "Mode: Arcade   Heroes: 5" in review


async def test_esc_back_is_offered_only_where_it_goes_back(content: ContentPack) -> None:
    """QA: on the first page of the first new game, the title and the footer offered "Esc:
    back", and Esc did nothing (there is no game to go back to)."""
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        screen = app.screen
        assert isinstance(screen, NewGameScreen)

        def offered() -> tuple[bool, bool]:
            title = text(screen.query_one("#setup-title"))
            return "Esc: back" in title, "Back" in footer_keys(app)

        await until(pilot, lambda: "Next page / start" in footer_keys(app))
        assert offered() == (False, False)
        await pilot.press("escape")
        assert app.screen is screen and screen.page == 0
        await pilot.press("enter")  # page 2: back to page 1
        await until(pilot, lambda: offered() == (True, True))
        await pilot.press("escape", "escape")
        assert screen.page == 0 and offered() == (False, False)
        await pilot.press("enter", "enter", "enter")  # a game: `n` can go back to it
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        screen = app.screen
        await until(pilot, lambda: offered() == (True, True))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))


async def test_the_highlighted_spawning_point_is_never_cut(content: ContentPack) -> None:
    """Seen at 80x24: the longest name, highlighted, lost its end to its `>` (`> Bramble
    Knig`): the column keeps room for the mark."""
    from consul_app.tui.widgets.placements import Placements

    app = make_app(content)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        await pilot.press("enter")
        placements = screen.query_one(Placements)
        placements.focus()
        await pilot.pause()
        names = [screen.pack.spawning_points[p.id].name for p in screen.setup.spawning_points]
        assert placements.cursor_row == 0 and len(names[0]) == max(map(len, names))
        name = names[0]  # the longest, highlighted
        assert f"> {name} " in placements.render_line(1).text


async def test_up_and_down_move_between_the_setup_fields(content: ContentPack) -> None:
    """Seen in play: the fields (each marked `>` when it has the keys) moved only with Tab."""
    app = make_app(content)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "edition"
        await pilot.press("down")
        second = app.focused
        assert second is not None and second.id not in ("edition", "boss")
        await pilot.press("up")
        assert app.focused is not None and app.focused.id == "edition"


async def test_a_new_edition_keeps_the_hero_names_and_a_boss_it_has(
    content: ContentPack,
) -> None:
    """Seen in play: changing the edition put back the default boss and forgot the heroes.
    The boss chosen stays where the edition has it; the names come back with an edition that
    asks for them."""
    from consul_app.rules import bosses_to_choose

    app = make_app(content)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        await pilot.pause()
        sde2 = {b.id for b in bosses_to_choose(content.edition("sde2"))}
        edition, boss = next(
            (e, b)
            for e in content.editions
            if e != "sde2"
            for b in sorted(sde2 & {b.id for b in bosses_to_choose(content.edition(e))})
        )
        screen.query_one("#boss").focus()
        await pilot.press(*content.edition("sde2").dungeon_bosses[boss].name.lower()[:5])
        await until(pilot, lambda: isinstance(screen.query_one("#hero-clever"), Input))
        screen.query_one("#hero-clever").focus()
        await pilot.press("A", "c", "e")
        assert (screen.setup.boss, screen.setup.heroes_with("clever")) == (boss, ["Ace"])

        async def change_to(wanted: str) -> None:
            while screen.setup.edition != wanted:
                screen.query_one("#edition").focus()
                await pilot.press("right")
                await pilot.pause()

        await change_to(edition)
        assert screen.setup.boss == boss
        await change_to("sde2")
        assert screen.setup.boss == boss
        assert screen.setup.heroes_with("clever") == ["Ace"]


async def test_two_of_a_kind_on_one_tile_are_numbered_before_the_start(
    content: ContentPack,
) -> None:
    """README: two of a kind on one tile are numbered wherever you pick one or read about
    it. Seen at 80x24: Shadow Warrens brought its partner onto its tile, and the spawning
    points' list and the review read "Shadow Warrens (tile 3), Shadow Warrens (tile 3)"."""
    app = make_app(content)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        await pilot.press("enter")
        screen.query_one(Placements).focus()
        await pilot.press("a", *"shadow w", "enter")
        await pilot.pause()
        placed = [p for p in screen.setup.spawning_points if p.id == "shadow-warrens"]
        assert len(placed) == 2 and placed[0].tile == placed[1].tile
        rows = [screen.query_one(Placements).render_line(y).text for y in range(2, 8)]
        assert any("Shadow Warrens #1" in row for row in rows), rows
        assert any("Shadow Warrens #2" in row for row in rows), rows
        await pilot.press("enter")
        review = text(screen.query_one("#review"))
        tile = placed[0].tile
        assert f"Shadow Warrens #1 (tile {tile}), Shadow Warrens #2 (tile {tile})" in review


def _lines_of(app: App[None], widget: object) -> list[str]:
    """The lines of `widget` as drawn on the screen (its border left out)."""
    strips = app.screen._compositor.render_strips()
    region = widget.content_region  # type: ignore[attr-defined]
    return [
        "".join(s.text for s in strips[y])[region.x : region.right].rstrip()
        for y in range(region.y, region.bottom)
    ]


@pytest.mark.parametrize("page, list_id", [(1, "#boss"), (2, "#mini-bosses")])
async def test_a_wrapped_entry_keeps_its_hearts_together_under_its_name(
    content: ContentPack, page: int, list_id: str
) -> None:
    """QA at 80x24: long names wrapped `(5` / `hearts)`, the mini-bosses' `hearts)` at column 0
    under the ticks. A wrapped entry goes on under its name, its hearts on one line."""
    app = make_app(content)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        if page == 2:
            await pilot.press("enter")
        shown = screen.query_one(list_id)
        shown.focus()
        await pilot.pause()
        lines = [line for line in _lines_of(app, shown) if line.strip()]
        assert any("(" in line and ")" in line and "hearts" in line for line in lines), lines
        wrapped = [line for line in lines if not line.lstrip().startswith(("> ", "(", "["))]
        wrapped += [line for line in lines if line.startswith("    (")]
        assert wrapped, lines  # (some entries are too long for the list at 80x24)
        marks = ("> ", "(*) ", "( ) ", "[x] ", "[ ] ")
        for line in lines:
            assert not line.lstrip().startswith("hearts"), lines
            if not line.lstrip().startswith(marks):  # the next line of an entry
                assert len(line) - len(line.lstrip()) >= 4, lines  # under its name
