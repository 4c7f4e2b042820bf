"""Long lists: typing a name's first letters finds it, the highlighted row carries a marker,
a paired spawning point brings its partner, the palette names each command once."""

from __future__ import annotations

from consul_app.content import ContentPack
from consul_app.tui.screens.new_game import NewGameScreen
from consul_app.tui.screens.pick_one import PickOneScreen
from consul_app.tui.screens.table import TableScreen
from consul_app.tui.widgets.marked_list import MARK
from consul_app.tui.widgets.placements import Placements
from consul_app.tui.widgets.tick_list import HERE

from .helpers import options
from .scenarios import WIDE, KeyConsul, make_app


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


async def test_the_palette_names_each_command_once(content: ContentPack) -> None:
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        await KeyConsul(pilot).new_game()
        table = app.screen
        assert isinstance(table, TableScreen)
        titles = [c.title.lower() for c in app.get_system_commands(table)]
        assert len(titles) == len(set(titles))
        assert "keys" in titles and "quit" in titles and "history" in titles
