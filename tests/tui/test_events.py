"""What happens at the table in one or two keys: a hit of several wounds (`2w`), wounds on a
spawning point, the spawn cursor that stays put, boss sightings with hero keywords, the end."""

from __future__ import annotations

from pathlib import Path

import pytest
from msgspec.structs import replace
from textual.widgets import TabbedContent

from consul_app.content import ContentPack
from consul_app.rules import Hero, Setup, default_setup
from consul_app.tui import symbols
from consul_app.tui.screens.pick_one import PickOneScreen
from consul_app.tui.screens.table import TableScreen
from consul_app.tui.widgets.pool import PoolTable

from .helpers import notes, text, until
from .scenarios import SMALL, WIDE, KeyConsul, idle, make_app, new_table, play_saved, step_is

pytestmark = pytest.mark.usefixtures("count_clock")  # a digit and its key: typed together


def _table(app: object) -> TableScreen:
    screen = app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, TableScreen)
    return screen


def _setup(content: ContentPack, **changes: object) -> Setup:
    return replace(default_setup(content.edition("sde2")), **changes)


async def test_2w_is_a_hit_of_two_wounds(content: ContentPack, tmp_path: Path) -> None:
    save = tmp_path / "boss.jsonl"
    play_saved(content, save, _setup(content), idle(lambda p, s: s.boss.spawned))
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        table = _table(app)
        await pilot.press("2")
        assert "COUNT 2" in text(table.query_one("#next-step"))
        await pilot.press("w")
        assert table.session.state.boss.wounds == 2
        assert table.session.history[0] == "Boss takes 2 wounds"
        assert "COUNT" not in text(table.query_one("#next-step"))
        await pilot.press("2", "down", "w")  # another key in between: no count any more
        assert table.session.state.boss.wounds == 3
        await pilot.press("2", "2", "W")  # two digits: heal 22 is refused, with the reason
        assert table.session.state.boss.wounds == 3
        assert "has only 3 wound(s) to heal" in notes(app)[-1]
        await pilot.press("1", "3", "w")  # 1 shows the steps, 3 the chart: a hit of three
        assert table.session.state.boss.wounds == 6
        assert table.query_one("#chart").has_focus


async def test_in_tabs_a_digit_that_switches_the_tab_is_no_count(
    content: ContentPack, tmp_path: Path
) -> None:
    """At 80x24, `4` to see the Boss tab and then `w` is one wound; `4w` on the Boss tab
    is a hit of four."""
    save = tmp_path / "boss.jsonl"
    play_saved(content, save, _setup(content), idle(lambda p, s: s.boss.spawned))
    app = make_app(content, save)
    async with app.run_test(size=SMALL) as pilot:
        table = _table(app)
        await pilot.press("1", "4", "w")
        assert table.query_one(TabbedContent).active == "tab-boss"
        assert table.session.state.boss.wounds == 1
        await pilot.press("4", "w")  # the Boss tab is in front: 4 is a count
        assert table.session.state.boss.wounds == 5


async def test_hash_begins_a_count_that_works_on_every_tab(
    content: ContentPack, tmp_path: Path
) -> None:
    """At 80x24 on the Boss tab, `#2w` is a hit of two and `#5w` of five: digits after `#`
    are the count, never a tab (a hit is taken whole: it is not several single wounds)."""
    save = tmp_path / "boss.jsonl"
    play_saved(content, save, _setup(content), idle(lambda p, s: s.boss.spawned))
    app = make_app(content, save)
    async with app.run_test(size=SMALL) as pilot:
        table = _table(app)
        tabs = table.query_one(TabbedContent)
        await pilot.press("4")
        assert tabs.active == "tab-boss"
        await pilot.press("number_sign")
        assert "HOW MANY?" in text(table.query_one("#next-step"))
        await pilot.press("2")
        assert "COUNT 2" in text(table.query_one("#next-step"))
        await pilot.press("w")
        assert tabs.active == "tab-boss"
        assert table.session.state.boss.wounds == 2
        assert table.session.history[0] == "Boss takes 2 wounds"
        await pilot.press("number_sign", "3", "escape", "w")  # Esc forgets it: one wound
        assert table.session.state.boss.wounds == 3
        await pilot.press("number_sign", "5", "w")
        assert tabs.active == "tab-boss"
        assert table.session.history[0].startswith("Boss takes 5 wounds")
        assert table.session.state.boss.wounds == 8


async def test_hash_counts_for_a_spawning_point_from_the_boss_tab(
    content: ContentPack, tmp_path: Path
) -> None:
    """`#2k` on the Boss tab: a spawning point takes a hit of two (the pick says so)."""
    app = new_table(content, tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        consul = KeyConsul(pilot)
        table = consul.table
        await pilot.press("4", "number_sign", "2", "k")
        assert isinstance(app.screen, PickOneScreen)
        await pilot.press("enter")
        assert table.session.state.spawning_points[0].wounds == 2
        assert table.query_one(TabbedContent).active == "tab-boss"


async def test_hash_counts_for_the_mini_boss_and_a_monster_from_the_boss_tab(
    content: ContentPack, tmp_path: Path
) -> None:
    """`#3x` and `#2a` on the Boss tab at 80x24: a hit of three on the mini-boss, of two on
    the monster under the pool's cursor."""
    save = tmp_path / "mini.jsonl"
    play_saved(content, save, _setup(content), idle(lambda p, s: s.mini_boss is not None))
    app = make_app(content, save)
    async with app.run_test(size=SMALL) as pilot:
        table = _table(app)
        await pilot.press("4", "number_sign", "3", "x")
        mini = table.session.state.mini_boss
        assert mini is not None and mini.wounds == 3
        assert table.query_one(TabbedContent).active == "tab-boss"
        monster = next(m for m, n in table.session.state.board.items() if n)
        await pilot.press("2")
        pool = table.query_one(PoolTable)
        pool.move_cursor(row=pool.get_row_index(monster))
        await pilot.press("4", "number_sign", "2", "a")
        if isinstance(app.screen, PickOneScreen):  # a fresh one or one already marked
            await pilot.press("enter")
        hit = table.session.history[0]
        assert hit.startswith(f"{content.edition('sde2').monsters[monster].name} takes 2")


async def test_with_every_pane_on_screen_hash_digits_move_no_pane(
    content: ContentPack, tmp_path: Path
) -> None:
    """`#13w` at 120x40: a hit of thirteen, where `13w` would be three (1 and 3 move panes)."""
    save = tmp_path / "boss.jsonl"
    play_saved(content, save, _setup(content), idle(lambda p, s: s.boss.spawned))
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        table = _table(app)
        await pilot.press("2")  # the pool
        await pilot.press("number_sign", "1", "3", "w")
        assert table.session.history[0].startswith("Boss takes 13 wounds")
        assert table.query_one(PoolTable).has_focus


async def test_in_tabs_a_count_key_right_after_a_tab_digit_says_it_took_one(
    content: ContentPack, tmp_path: Path
) -> None:
    """At 80x24 on the Boss tab, `2w`: 2 brings the Spawning pool tab to the front and `w` is
    one wound, as documented; the notice line says so, and how to enter a hit of two."""
    save = tmp_path / "boss.jsonl"
    play_saved(content, save, _setup(content), idle(lambda p, s: s.boss.spawned))
    app = make_app(content, save)
    async with app.run_test(size=SMALL) as pilot:
        table = _table(app)
        await pilot.press("4")
        await pilot.press("2", "w")
        assert table.session.state.boss.wounds == 1
        assert table.query_one(TabbedContent).active == "tab-pool"
        said = "2 only showed the Spawning pool tab: counted 1. For 2: #2, then the key."
        assert said in notes(app)[-1]


async def test_a_spawning_point_takes_a_hit_and_shows_its_wounds(
    content: ContentPack, tmp_path: Path
) -> None:
    app = new_table(content, tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        consul = KeyConsul(pilot)
        table = consul.table
        point = table.session.state.spawning_points[0]
        await pilot.press("2", "k")
        assert isinstance(app.screen, PickOneScreen)
        await pilot.press("enter")  # the first spawning point
        hit = table.session.state.spawning_points[0]
        assert (hit.id, hit.wounds) == (point.id, 2)
        hearts = content.edition("sde2").spawning_points[point.id].hearts
        assert f" 2/{hearts} " in text(table.query_one("#boss"))
        assert f"(tile {point.tile})" in text(table.query_one("#boss"))
        assert table.session.history[0].endswith(f"on tile {point.tile} takes 2 wounds")


@pytest.mark.parametrize("size", [WIDE, SMALL])
async def test_the_spawn_cursor_moves_on_when_a_pool_empties(
    content: ContentPack, size: tuple[int, int], tmp_path: Path
) -> None:
    """QA: `Not now: only 0 Leaping Spider in the spawning pool, not 1`, the cursor left on
    the emptied row. Once a spawn in a spawn step empties a monster's pool, the cursor moves
    to the next one that may still spawn, and a notice says so (no other monster spawns
    unnoticed). Outside a spawn step it stays: the one spawned may be hit (`a`) next."""
    app = new_table(content, tmp_path)
    async with app.run_test(size=size) as pilot:
        consul = KeyConsul(pilot)
        if size == SMALL:
            await pilot.press("2")
        table = consul.table.query_one(PoolTable)
        pool = consul.table.view().pool  # (the first spawn step spawns 8-Bit monsters)
        monster = next(line.id for line in pool if symbols.bits(line.bits) == "8B")
        while table.highlighted() != monster:
            await pilot.press("down")
        for _ in range(consul.state.pool[monster] - 1):
            await pilot.press("space")
        assert table.highlighted() == monster  # (outside a spawn step: the row stays)
        await consul.press("e", "enter", "enter")
        if size == SMALL:
            await pilot.press("2")
        assert consul.state.pool[monster] == 1 and table.highlighted() == monster
        await pilot.press("space")
        assert consul.state.pool[monster] == 0
        moved = table.highlighted()
        assert moved is not None and moved != monster and consul.state.pool[moved] > 0
        pack = consul.table.session.pack
        said = notes(app)[-1]
        assert pack.monsters[monster].name in said and pack.monsters[moved].name in said


async def test_the_sighting_asks_dark_reflection_tiles_and_offers_clever(
    content: ContentPack, tmp_path: Path
) -> None:
    heroes = [Hero(name="Ace", keywords=["clever"]), Hero(name="Dee", keywords=["dark-reflection"])]
    save = tmp_path / "sighting.jsonl"
    play_saved(content, save, _setup(content, heroes=heroes), step_is("boss-sighting"))
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        table = _table(app)
        await pilot.press("enter")
        assert isinstance(app.screen, PickOneScreen)
        assert "Which tile is Dee on?" in text(app.screen)
        assert "Ace (Clever) may suffer a wound" in text(app.screen)
        await pilot.press("3")
        assert isinstance(app.screen, PickOneScreen)
        shown = text(app.screen)
        assert "Dark Reflection: Dee on tile 3." in shown and "tiles" in shown
        await pilot.press("2")  # the second choice: Ace (Clever) cancels it
        state = table.session.state
        assert state.hero_wounds == {"Ace": 1}
        assert table.session.history[0] == "Boss sighting cancelled: Ace (Clever) suffers a wound"


async def test_after_the_boss_is_defeated_the_turn_cannot_end(
    content: ContentPack, tmp_path: Path
) -> None:
    save = tmp_path / "won.jsonl"
    play_saved(content, save, _setup(content), idle(lambda p, s: s.boss.spawned))
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        table = _table(app)
        await pilot.press("9", "9", "w")
        assert table.session.state.boss.defeated
        assert table.session.history[0].endswith(": defeated")
        bar = text(table.query_one("#next-step"))
        assert "the heroes have won" in bar and "e: End" not in bar


async def test_heroes_with_sighting_keywords_are_named_at_setup(content: ContentPack) -> None:
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        await until(pilot, lambda: bool(app.screen.query("#hero-clever")))  # (after a frame)
        app.screen.query_one("#hero-clever").focus()
        await pilot.press("A", "c", "e", "comma", "space", "B", "o")
        app.screen.query_one("#hero-dark-reflection").focus()
        await pilot.press("D", "e", "e")
        await pilot.press("enter", "enter")
        assert "Clever: Ace, Bo" in text(app.screen.query_one("#review"))
        await pilot.press("enter")
        setup = _table(app).session.state.setup
        assert setup.heroes_with("clever") == ["Ace", "Bo"]
        assert setup.heroes_with("dark-reflection") == ["Dee"]


async def test_a_monster_in_play_takes_a_hit_and_shows_its_wounds(
    content: ContentPack, tmp_path: Path
) -> None:
    app = new_table(content, tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        consul = KeyConsul(pilot)
        table = consul.table
        pool = table.query_one(PoolTable)
        monster = next(
            m
            for m, n in consul.state.pool.items()
            if n and content.edition("sde2").monsters[m].hearts > 1
        )
        while pool.highlighted() != monster:
            await pilot.press("down")
        await pilot.press("space", "a")  # one on the dungeon: no dialog, a fresh one is hit
        hearts = content.edition("sde2").monsters[monster].hearts
        assert [(m.id, m.wounds) for m in consul.state.tracked] == [(monster, 1)]
        assert str(pool.get_cell(monster, "Board")) == f"1 w1/{hearts}"
        await pilot.press("a")  # none without wounds is left: the wounded one, no dialog
        assert app.screen is table
        assert [(m.id, m.wounds) for m in consul.state.tracked] == [(monster, 2)]
        await pilot.press("A")  # the only wounded one heals
        assert [(m.id, m.wounds) for m in consul.state.tracked] == [(monster, 1)]
        await pilot.press("A")
        assert consul.state.tracked == []
        await pilot.press("9", "a")
        assert consul.state.board[monster] == 0  # destroyed by wounds: back to the pool
        assert table.session.history[0].endswith(": destroyed")
