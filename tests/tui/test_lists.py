"""Long lists: typing a name's first letters finds it (never a word of its description), the
highlighted row carries a marker, a paired spawning point brings its partner, the palette names
each command once."""

from __future__ import annotations

from pathlib import Path

from textual.app import App, ComposeResult
from textual.coordinate import Coordinate
from textual.screen import Screen
from textual.widgets import OptionList, Static

from consul_app.content import ContentPack
from consul_app.rules import Choice, default_setup
from consul_app.tui.screens.new_game import NewGameScreen
from consul_app.tui.screens.pick_many import PickManyScreen
from consul_app.tui.screens.pick_one import PickOneScreen
from consul_app.tui.screens.table import TableScreen
from consul_app.tui.widgets.marked_list import MARK
from consul_app.tui.widgets.placements import Placements
from consul_app.tui.widgets.tick_list import HERE

from .helpers import options, text, until
from .scenarios import SMALL, WIDE, idle, make_app, new_table, play_saved


async def test_type_to_find_picks_the_boss_by_three_letters(content: ContentPack) -> None:
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#boss").focus()
        await pilot.press("o", "n")
        assert screen.pack.dungeon_bosses[screen.setup.boss].name == "Onibaba"
        await pilot.press("r")  # the third letter: the other boss whose name starts so
        assert screen.pack.dungeon_bosses[screen.setup.boss].name == "Onryo"
        assert isinstance(app.screen, NewGameScreen)  # `o` found, it did not open the saves
        await pilot.press("h", "o", "a")  # no match for "onrh": a new search
        assert screen.setup.boss == "hoarfang"
        assert "(*) Hoarfang" in options(screen.query_one("#boss"))  # type: ignore[arg-type]


def _boss_in_play(content: ContentPack, tmp_path: Path) -> App[None]:
    save = tmp_path / "boss.jsonl"
    setup = default_setup(content.edition("sde2"))
    play_saved(content, save, setup, idle(lambda pack, state: state.boss.spawned))
    return make_app(content, save)


def _highlighted(screen: Screen[object]) -> str | None:
    option = screen.query_one(OptionList).highlighted_option
    return option.id if option is not None else None


async def test_the_status_dialog_finds_a_status_effect_by_its_name(
    content: ContentPack, tmp_path: Path
) -> None:
    app = _boss_in_play(content, tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        table = app.screen
        assert isinstance(table, TableScreen)
        await pilot.press("s")
        dialog = app.screen
        assert isinstance(dialog, PickOneScreen)
        await pilot.press("p", "o")  # not Knockdown, whose description "pays" 1 action "point"
        assert _highlighted(dialog) == "poison"
        await pilot.press("enter")
        assert "Status effects: Poison" in text(table.query_one("#boss"))
        await pilot.press("s", "h")  # not Bane's "has", nor Poison's "HAS IT" note
        assert _highlighted(app.screen) == "hex"


async def test_a_letter_only_in_descriptions_leaves_the_highlight(
    content: ContentPack, tmp_path: Path
) -> None:
    app = _boss_in_play(content, tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("s", "down")
        dialog = app.screen
        assert _highlighted(dialog) == "fire"
        await pilot.press("d")  # Bane's and Hex's "Drop", "die": in no name
        assert _highlighted(dialog) == "fire"
        await pilot.press("s", "a")  # Slow; then "Arcade", "action": descriptions only
        assert _highlighted(dialog) == "slow"


class _Relics(App[None]):
    def compose(self) -> ComposeResult:
        yield Static()

    def on_mount(self) -> None:
        choices = [
            Choice("staff", "Cursed Staff", "Plus one action point."),
            Choice("belt", "Potion Belt", "Heals a wound."),
            Choice("hat", "Wizard Hat", "Plus one magic die."),
        ]
        self.push_screen(PickManyScreen("Relics", "Pick up to two.", choices, 2))


async def test_the_relic_dialog_finds_by_name_first_then_by_a_word_of_it() -> None:
    app = _Relics()
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        await pilot.press("p")  # the staff's "Plus" is its description
        assert _highlighted(app.screen) == "belt"
        await pilot.press("h")  # "ph": a new search; "Heals" is a description, "Hat" a name
        assert _highlighted(app.screen) == "hat"
        await pilot.press("s", "t")  # no name starts "st": the word "Staff" does
        assert _highlighted(app.screen) == "staff"


async def test_mini_bosses_find_by_typing_and_mark_the_highlighted_row(
    content: ContentPack,
) -> None:
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        await pilot.press("enter")  # page 2
        minis = screen.query_one("#mini-bosses")
        minis.focus()
        wanted = list(screen.pack.mini_bosses.values())[3]
        await pilot.press(*wanted.name.lower()[:4])
        rows = options(minis).splitlines()  # type: ignore[arg-type]
        marked = [row for row in rows if row.startswith(HERE)]
        assert len(marked) == 1 and wanted.name in marked[0]


async def test_a_paired_spawning_point_brings_its_partner(content: ContentPack) -> None:
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        await pilot.press("enter")
        screen.query_one(Placements).focus()
        await pilot.press("x", "x", "a")
        picker = app.screen
        assert isinstance(picker, PickOneScreen)
        await pilot.press(*"kits")  # Clan Kitsune Madoushi, a self-paired spawning point
        highlighted = [r for r in options(picker.query_one("OptionList")).splitlines()]  # type: ignore[arg-type]
        assert any(r.startswith(MARK) and "Kitsune" in r for r in highlighted)
        await pilot.press("enter")
        assert [p.id for p in screen.setup.spawning_points] == ["clan-kitsune-madoushi"] * 2


async def test_the_palette_names_each_command_once(content: ContentPack, tmp_path: Path) -> None:
    app = new_table(content, tmp_path)
    async with app.run_test(size=WIDE):
        table = app.screen
        assert isinstance(table, TableScreen)
        titles = [c.title.lower() for c in app.get_system_commands(table)]
        assert len(titles) == len(set(titles))
        assert "keys" in titles and "quit" in titles and "history" in titles


async def test_the_list_the_keys_go_to_is_marked_in_text(content: ContentPack) -> None:
    """README: nothing is told by colour alone. Of the lists on a page, only the one with
    focus marks its row with `>`: the boss list on page 1, then the mini-bosses and the
    spawning points on page 2 as Tab moves between them."""
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        boss = screen.query_one("#boss")
        assert not any(row.startswith(HERE) for row in options(boss).splitlines())  # type: ignore[arg-type]
        boss.focus()
        await pilot.press("down")
        chosen = [r for r in options(boss).splitlines() if r.startswith(HERE)]  # type: ignore[arg-type]
        assert len(chosen) == 1
        assert chosen[0].startswith(
            f"{HERE}(*) {screen.pack.dungeon_bosses[screen.setup.boss].name}"
        )
        await pilot.press("enter")  # page 2: the mini-bosses have focus
        minis = screen.query_one("#mini-bosses")
        await until(pilot, lambda: minis.has_focus)

        def marked() -> list[str]:
            return [r for r in options(minis).splitlines() if r.startswith(HERE)]  # type: ignore[arg-type]

        assert len(marked()) == 1
        points = screen.query_one(Placements)
        await pilot.press("tab")
        await until(pilot, lambda: points.has_focus)
        assert marked() == []
        names = [str(points.get_cell_at(Coordinate(r, 0))) for r in range(points.row_count)]
        assert [n for n in names if n.startswith(HERE)] == [names[points.cursor_row]]


async def test_v_finds_in_the_boss_list_where_the_chart_key_is_off(content: ContentPack) -> None:
    """Seen in play: `v` (the review page's chart key, off on the first page) was swallowed in
    the new-game boss list, so "vu" landed on Ugg."""
    app = make_app(content)
    async with app.run_test(size=SMALL) as pilot:
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#boss").focus()
        await pilot.press("v", "u")
        assert screen.pack.dungeon_bosses[screen.setup.boss].name == "Lord Vulcanis"


async def test_a_space_goes_on_with_the_search_it_follows(content: ContentPack) -> None:
    """Seen in play: type-to-find ignored spaces, so "shadow w" jumped to Watch Tower."""
    app = make_app(content)
    async with app.run_test(size=SMALL) as pilot:
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        await pilot.press("enter")
        screen.query_one(Placements).focus()
        await pilot.press("a")
        picker = app.screen
        assert isinstance(picker, PickOneScreen)
        await pilot.press(*"shadow w")
        assert _highlighted(picker) == "shadow-warrens"


async def test_a_dialog_choice_goes_on_under_its_own_text(
    content: ContentPack, tmp_path: Path
) -> None:
    """QA at 80x24: the choose-one-bonus dialog wrapped a bonus's description to column 0
    (`offense rolls.` under the numbers) instead of under the description."""
    from consul_app.rules import default_setup
    from consul_app.tui.screens.pick_one import PickOneScreen

    from .scenarios import SMALL, make_app, play_saved, step_is

    save = tmp_path / "bonus.jsonl"
    play_saved(content, save, default_setup(content.edition("sde2")), step_is("choose-bonus"))
    app = make_app(content, save)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("escape", "enter")
        assert isinstance(app.screen, PickOneScreen)
        await pilot.pause()
        listed = app.screen.query_one("OptionList")
        strips = app.screen._compositor.render_strips()
        region = listed.content_region
        lines = [
            "".join(s.text for s in strips[y])[region.x : region.right].rstrip()
            for y in range(region.y, region.bottom)
        ]
        said = [line for line in lines if line.strip()]
        assert any("offense rolls." in line for line in said), said
        for line in said:
            if not line.lstrip().startswith((">", "1.", "2.")):
                assert line.startswith("   "), said  # under the description, not at column 0
