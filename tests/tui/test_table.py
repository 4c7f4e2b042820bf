"""What the table screen shows a Consul at the moments that matter: the boss fight layout, the
fight card's effects when they are resolved, the mini-boss picker, long step texts, a damaged
save at start-up, and markers that do not rely on colour."""

from __future__ import annotations

from pathlib import Path

from msgspec.structs import replace
from textual.widgets import OptionList, Static, TabbedContent

from consul_app.base.paths import saves_dir
from consul_app.content import ContentPack
from consul_app.rules import (
    DestroyMiniBoss,
    DestroySpawningPoint,
    EndTurn,
    Wound,
    answer,
    boss_status,
    default_setup,
)
from consul_app.session import Session
from consul_app.tui.screens.new_game import NewGameScreen
from consul_app.tui.screens.pick_one import PickOneScreen
from consul_app.tui.screens.resume import ResumeScreen
from consul_app.tui.screens.table import TableScreen
from consul_app.tui.widgets.placements import Placements
from consul_app.tui.widgets.pool import MARK, PoolTable

from .helpers import notes, options, text, until
from .scenarios import (
    NOW,
    SMALL,
    WIDE,
    KeyConsul,
    current_step,
    idle,
    make_app,
    move_action,
    new_table,
    next_move,
    play_saved,
    step_is,
)


def _table(app: object) -> TableScreen:
    screen = app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, TableScreen)
    return screen


def _order(table: TableScreen) -> list[str]:
    return [child.id or "" for child in table.query_one("#panes").children]


async def test_the_boss_card_takes_the_left_column_once_the_boss_spawns(
    content: ContentPack, tmp_path: Path
) -> None:
    save = tmp_path / "boss.jsonl"
    play_saved(content, save, default_setup(content.edition("sde2")), step_is("boss-spawn"))
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        table = _table(app)
        assert _order(table)[:3] == ["chart", "steps", "boss"]
        await pilot.press("enter")  # the boss spawns
        assert _order(table)[:3] == ["boss", "steps", "chart"]
        assert table.query_one("#panes").has_class("-boss-fight")
        assert notes(app)[-1].startswith("The boss fight begins: ")
        assert len(notes(app)[-1]) <= 78  # whole on the notice line at 80 columns
        boss = table.query_one("#boss")
        assert boss.region.height > 30  # the whole left column
        assert boss.scroll_y == 0  # its wounds, then its card (stat line, attacks) on top
        assert "b: the whole card" in text(boss)
        await pilot.press("u")  # undone: back to the chart on the left
        assert _order(table)[:3] == ["chart", "steps", "boss"]
        assert not table.session.state.boss.spawned


async def test_no_line_of_the_boss_pane_is_cut_in_the_fight(
    content: ContentPack, tmp_path: Path
) -> None:
    """Beatrix the Witch Queen's name and hearts did not fit the left column: "(8 hea…"."""
    save = tmp_path / "fk.jsonl"
    fk = content.edition("forgotten-king")
    setup = replace(default_setup(fk), boss="beatrix-the-witch-queen")
    with Session.new(content, setup, path=save) as session:
        for point in setup.spawning_points:  # the last one falls: the boss arrives
            session.dispatch(DestroySpawningPoint(spawning_point=point.id, tile=point.tile))
        while (step := current_step(session.pack, session.state)) is not None:
            if step.key == "boss-spawn-effects":  # its card and fight card: the pane scrolls
                break
            assert step.action is not None
            session.dispatch(step.action)
        assert session.state.boss.spawned
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        pane = _table(app).query_one("#boss")
        await pilot.press("home")
        await pilot.pause()
        assert pane.max_scroll_y > 0  # with its scrollbar
        boss = text(pane, width=pane.scrollable_content_region.width)
        assert "Beatrix the Witch Queen" in boss and "8 hearts" in boss
        assert "…" not in boss


async def test_the_fight_card_section_being_resolved_is_marked_now(
    content: ContentPack, tmp_path: Path
) -> None:
    save = tmp_path / "effects.jsonl"
    setup = default_setup(content.edition("sde2"))
    play_saved(content, save, setup, step_is("boss-spawn-effects"))
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        table = _table(app)
        status = boss_status(table.session.pack, table.session.state)
        boss = text(table.query_one("#boss"))
        assert ">> Boss spawn: resolve NOW" in boss
        for effect in status.boss_spawn:
            assert effect.name in boss
            assert effect.name in text(table.query_one("#next-step"))  # the step quotes it
        assert f"Timeout (at {status.timeout_threshold} wounds)" in boss
        pane = table.query_one("#boss")  # the NOW line in sight, below the boss's card
        card = pane.query_one(".card", Static)
        lines = text(card, width=card.content_region.width).splitlines()
        now = next(n for n, line in enumerate(lines) if "NOW" in line)
        await until(pilot, lambda: card.region.y + now < pane.content_region.bottom)  # scrolled
        assert pane.content_region.y <= card.region.y + now
        assert pane.scroll_y > 0
        # the boss's name and wound track stay at the top of the pane, above what scrolled
        top = pane.query_one(".status", Static)
        assert top.region.y == pane.content_region.y
        assert top.region.bottom <= card.region.y + now
        assert status.name in text(top) and "Wounds" in text(top)
        await pilot.press("enter")
        assert "resolve NOW" not in text(table.query_one("#boss"))
        assert "Boss spawn (when it spawned)" in text(table.query_one("#boss"))


async def test_the_spawn_section_says_it_is_still_to_resolve_before_the_relics(
    content: ContentPack, tmp_path: Path
) -> None:
    """'When the dungeon boss spawns, it may choose and equip up to one relic equipment card for
    each spawning point remaining': the boss has spawned, but its spawn effects come after
    the relics, and the Boss pane says so (not "when it spawned")."""
    save = tmp_path / "relics.jsonl"
    play_saved(content, save, default_setup(content.edition("sde2")), step_is("relics"))
    app = make_app(content, save)
    async with app.run_test(size=WIDE):
        boss = text(_table(app).query_one("#boss"))
        assert "Boss spawn (to resolve after the relics)" in boss
        assert "when it spawned" not in boss


async def test_a_sighting_before_the_boss_spawns_counts_the_cards_models(
    content: ContentPack, tmp_path: Path
) -> None:
    """Henry's timeout tops up Loose Cannons "until four are on the board": at a boss
    sighting, before he spawns, the Boss pane counts them as `f` brings them."""
    save = tmp_path / "sighting.jsonl"
    play_saved(content, save, default_setup(content.edition("sde2")), step_is("boss-sighting"))
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        table = _table(app)
        assert not table.session.state.boss.spawned
        assert "Loose Cannons: " not in text(table.query_one("#boss"))  # none counted yet
        await pilot.press("enter", "1")  # heroes are on the sighted tiles
        assert "Loose Cannons: 0 of 4 out" in text(table.query_one("#boss"))
        await pilot.press("f")
        assert "Loose Cannons: 1 of 4 out" in text(table.query_one("#boss"))
        await pilot.press("enter")  # the effects are resolved: the count stays in sight
        assert "NOW on the sighted tiles" not in text(table.query_one("#boss"))
        assert "Loose Cannons: 1 of 4 out" in text(table.query_one("#boss"))


async def test_at_80x24_the_boss_tab_comes_up_for_the_timeout_effects(
    content: ContentPack, tmp_path: Path
) -> None:
    save = tmp_path / "timeout.jsonl"
    play_saved(content, save, default_setup(content.edition("sde2")), step_is("timeout-effects"))
    app = make_app(content, save)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        table = _table(app)
        tabs = table.query_one(TabbedContent)
        assert tabs.active == "tab-boss"
        assert ">> Timeout: resolve NOW" in text(table.query_one("#boss"))
        assert str(tabs.get_tab("tab-boss").label) == "[4 Boss]"  # not by colour alone
        assert str(tabs.get_tab("tab-pool").label) == " 2 Spawning pool "
        boss = table.query_one("#boss")
        await pilot.pause()
        assert boss.scroll_y > 0  # scrolled down to the fight card's timeout
        await pilot.press("enter")  # done: back to the top, the wound track in sight
        await pilot.pause()
        assert table.session.state.open_step() is None
        assert boss.scroll_y == 0


async def test_a_long_step_text_points_to_the_steps_pane(
    content: ContentPack, tmp_path: Path
) -> None:
    app = new_table(content, tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        consul = KeyConsul(pilot)
        await consul.press("e", "enter", "enter")  # equipment; the first space spawns
        bar = text(consul.table.query_one("#next-step"), width=78)
        assert "(more: 1 Steps)" in bar
        assert len(bar.strip().splitlines()) == 3  # the title and two lines of text
        step = consul.step()
        assert step is not None
        await consul.press("1")
        assert step.text in text(consul.table.query_one("#steps"), width=1000)


async def test_the_pool_marks_the_monster_under_the_cursor(
    content: ContentPack, tmp_path: Path
) -> None:
    app = new_table(content, tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        consul = KeyConsul(pilot)
        table = consul.table.query_one(PoolTable)

        def marked() -> list[int]:
            """The rows shown with the mark before the name (as drawn, not as stored)."""
            lines = [table.render_line(table.header_height + n) for n in range(table.row_count)]
            return [n for n, line in enumerate(lines) if line.text[1:].startswith(MARK)]

        assert marked() == [0]
        await consul.press("down")
        assert marked() == [1]
        await consul.press("e", "enter", "enter")  # a spawn step
        assert marked() == [table.cursor_row]
        await consul.press("space")  # the cells change; the mark stays with the cursor
        assert marked() == [table.cursor_row]


async def test_a_spent_spawn_budget_is_said_as_spent_not_as_a_wrong_reason(
    content: ContentPack, tmp_path: Path
) -> None:
    app = new_table(content, tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        consul = KeyConsul(pilot)
        await consul.press("e", "enter", "enter")  # space 1: 2 skull points of 8-Bit
        step = consul.step()
        assert step is not None and step.budget == 2
        await consul.press("down", "space", "space")  # two Leaping Spiders (1 skull point)
        budget = text(consul.table.query_one("#pool .budget", Static))
        assert "picked 2, 0 left" in budget
        assert "no more may spawn. Enter: done" in budget
        assert "16-Bit" not in budget  # not the first monster's reason: it is the budget


async def test_sde2_mini_bosses_come_only_from_the_chart(
    content: ContentPack, tmp_path: Path
) -> None:
    app = new_table(content, tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        consul = KeyConsul(pilot)
        await consul.press("m")
        assert not isinstance(app.screen, PickOneScreen)
        assert notes(app)[-1].startswith("No mini-boss may spawn now: ")
        assert "Spawn Mini-Boss space" in notes(app)[-1]
        assert consul.table.session.history == []


async def test_a_question_is_not_asked_when_every_answer_would_be_refused(
    content: ContentPack, tmp_path: Path
) -> None:
    """While a step is due ('before any further actions are carried out'), `p` says so at once
    instead of asking which spawning point fell and then refusing the answer."""
    app = new_table(content, tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        consul = KeyConsul(pilot)
        await consul.press("e")  # the 2.0 Equipment step is due
        assert consul.step() is not None
        done = len(consul.table.session.history)
        await consul.press("p")
        assert not isinstance(app.screen, PickOneScreen)
        assert "First finish the current step: Equipment" in notes(app)[-1]
        assert len(consul.table.session.history) == done


async def test_the_only_mini_boss_of_the_game_spawns_without_a_question(
    content: ContentPack, tmp_path: Path
) -> None:
    """QA at 80x24: with one mini-boss in the game, `m` asked which one (a list of one)."""
    app = new_table(content, tmp_path, "forgotten-king")  # mini-bosses spawn as played
    async with app.run_test(size=SMALL) as pilot:
        consul = KeyConsul(pilot)
        assert len(consul.state.setup.mini_bosses) == 1
        await consul.press("m")
        assert not isinstance(app.screen, PickOneScreen)
        assert consul.state.mini_boss is not None
        assert consul.state.mini_boss.id == consul.state.setup.mini_bosses[0]


async def test_the_last_spawning_point_standing_is_destroyed_without_a_question(
    content: ContentPack,
) -> None:
    """QA, Forgotten King at 80x24: with one spawning point left, `p` asked which (a list of
    one), as `k` does not."""
    app = make_app(content)
    async with app.run_test(size=SMALL) as pilot:
        consul = KeyConsul(pilot)
        await consul.new_game("right")
        await consul.press("p", "1")  # two stand: which one
        assert len(consul.state.standing_spawning_points()) == 1
        await consul.press("p")
        assert not isinstance(app.screen, PickOneScreen)
        assert not consul.state.standing_spawning_points()


async def test_the_only_mini_boss_of_the_game_shows_its_card_without_a_question(
    content: ContentPack, tmp_path: Path
) -> None:
    """`B` with none on the dungeon and one brought to the game: its card, not a list of one."""
    from consul_app.tui.screens.card import CardScreen

    app = new_table(content, tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        consul = KeyConsul(pilot)
        assert len(consul.state.setup.mini_bosses) == 1 and consul.state.mini_boss is None
        await consul.press("B")
        assert isinstance(app.screen, CardScreen)


async def test_the_mini_boss_picker_lists_those_that_may_spawn(content: ContentPack) -> None:
    fk = content.edition("forgotten-king")
    first, second = list(fk.mini_bosses)[:2]
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        consul = KeyConsul(pilot)
        await pilot.press("right", "enter")  # Forgotten King; page 2: tick a second mini-boss
        await pilot.press("down", "space", "enter", "enter")
        assert consul.state.setup.mini_bosses == [first, second]
        await consul.press("m", "1", "M")  # the first spawns and is destroyed
        await consul.press("m")
        picker = app.screen
        assert isinstance(picker, PickOneScreen)
        assert [c.id for c in picker.choices] == [second]
        listed = options(picker.query_one(OptionList))
        assert f"{fk.mini_bosses[first].name}" in listed and "(DESTROYED)" in listed
        await consul.press("2")  # no second number: the destroyed one cannot be picked
        assert isinstance(app.screen, PickOneScreen)
        await consul.press("1")
        assert consul.state.mini_boss is not None and consul.state.mini_boss.id == second


async def test_tiles_of_spawning_points_stop_at_the_dungeons_tiles(content: ContentPack) -> None:
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        await pilot.press("enter")
        screen.query_one(Placements).focus()
        await pilot.press(*["right"] * 6)
        assert screen.setup.spawning_points[0].tile == screen.setup.tiles == 4
        await pilot.press("escape")  # page 1: six tiles
        screen.query_one("#tiles").focus()
        await pilot.press("right", "right", "enter")
        assert screen.setup.tiles == 6
        screen.query_one(Placements).focus()
        await pilot.press(*["right"] * 6)
        assert screen.setup.spawning_points[0].tile == 6


async def test_sde1_says_it_has_no_bonuses(content: ContentPack, tmp_path: Path) -> None:
    app = new_table(content, tmp_path, "classic")
    async with app.run_test(size=WIDE) as pilot:
        consul = KeyConsul(pilot)
        bonuses = text(consul.table.query_one("#bonuses"))
        assert "SDE 1.0: monsters gain no bonuses" in bonuses
        assert "No bonuses yet" not in bonuses


async def test_a_damaged_game_played_last_is_explained_at_start_up(
    content: ContentPack,
) -> None:
    folder = saves_dir()
    folder.mkdir(parents=True)
    older = folder / "older.jsonl"
    play_saved(content, older, default_setup(content.edition("sde2")), idle(lambda p, s: True))
    damaged = folder / "damaged.jsonl"
    damaged.write_bytes(b"this is not a journal\n")
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ResumeScreen)
        banner = text(screen.query_one("#damaged"))
        assert banner.startswith("The game played last cannot be resumed: ")
        assert "n: start a new game beside it" in banner
        assert str(folder) not in banner  # the file is named in the list
        assert "Esc" not in text(screen.query_one("#resume-title"))  # nothing to go back to
        listed = options(screen.query_one(OptionList))
        assert "DAMAGED: cannot be resumed · damaged.jsonl" in listed
        assert screen.query_one(OptionList).highlighted == 1  # the game that can be resumed
        await pilot.press("up", "enter")
        assert isinstance(app.screen, ResumeScreen)
        assert notes(app)[-1].startswith("damaged.jsonl cannot be resumed: ")
        await pilot.press("n", "enter", "enter", "enter")
        assert isinstance(app.screen, TableScreen)
        assert app.screen.session.path not in (damaged, older)
    assert damaged.read_bytes() == b"this is not a journal\n"


async def test_only_a_damaged_save_still_opens_the_saved_games(content: ContentPack) -> None:
    folder = saves_dir()
    folder.mkdir(parents=True)
    (folder / "damaged.jsonl").write_bytes(b"this is not a journal\n")
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)


async def test_onibabas_timeout_brings_a_wounded_mini_boss_without_treasure(
    content: ContentPack, tmp_path: Path
) -> None:
    """Onibaba's timeout: one of the game's mini-bosses comes with three wounds (and gives no
    treasure); the Consul picks which at the table and the Boss pane shows its wounds."""
    sde2 = content.edition("sde2")
    setup = replace(default_setup(sde2), boss="onibaba", mini_bosses=list(sde2.mini_bosses)[:2])
    save = tmp_path / "onibaba.jsonl"
    with Session.new(content, setup, path=save) as session:
        for point in setup.spawning_points:  # none left: the boss spawns this power-up phase
            session.dispatch(DestroySpawningPoint(spawning_point=point.id, tile=point.tile))
        session.dispatch(EndTurn())
        while (step := current_step(session.pack, session.state)) is not None:
            first = [c.id for c in step.choices[:1]]
            session.dispatch(step.action or answer(step, first))
        if session.state.mini_boss is not None:  # (one came on a chart space: gone again)
            session.dispatch(DestroyMiniBoss(mini_boss=session.state.mini_boss.id))
        assert session.state.boss.spawned
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        consul = KeyConsul(pilot)
        hearts = sde2.dungeon_bosses["onibaba"].hearts
        await consul.press(str((hearts + 1) // 2), "w")  # the timeout
        await consul.until(step_is("timeout-mini-boss"))
        step = consul.step()
        assert step is not None and "no treasure" in step.text and "3 wounds" in step.text
        chosen = step.choices[0].id
        await consul.press("enter")  # one waiting comes at once; of two, the Consul picks
        if isinstance(app.screen, PickOneScreen):
            await consul.press("1")
        came = consul.state.mini_boss
        assert came is not None and (came.id, came.wounds, came.treasure) == (chosen, 3, False)
        hearts = sde2.mini_bosses[chosen].hearts
        assert f"3/{hearts}" in text(_table(app).query_one("#boss"))


async def test_a_summons_with_nothing_in_the_pool_says_so_and_offers_no_spawn(
    content: ContentPack, tmp_path: Path
) -> None:
    """1.0's timeout summons "a number of monsters"; those of the card not in the spawning
    pool are moved to the boss instead: the pool says that (not one monster's refusal), and
    the top bar offers Enter only."""
    pack = content.edition("classic")
    save = tmp_path / "summons.jsonl"
    with Session.new(content, default_setup(pack), path=save, clock=lambda: NOW) as session:
        for point in session.state.standing_spawning_points():
            session.dispatch(DestroySpawningPoint(spawning_point=point.id, tile=point.tile))
        while not (session.state.boss.spawned and current_step(pack, session.state) is None):
            session.dispatch(move_action(next_move(pack, session.state)))
        while not session.state.boss.timeout:
            session.dispatch(Wound())
        while (step := current_step(pack, session.state)) and step.key != "timeout-summons":
            assert step.action is not None
            session.dispatch(step.action)
    app = make_app(content, save)
    async with app.run_test(size=WIDE):
        table = _table(app)
        assert table.view().current is not None and table.view().current.spawns
        budget = text(table.query_one("#pool .budget"))
        assert "NOTHING MAY SPAWN" in budget and "none it summons is in the spawning pool" in budget
        bar = text(table.query_one("#next-step"))
        assert "Enter: done" in bar and "spawn one" not in bar


async def test_the_table_follows_every_change_the_session_publishes(
    content: ContentPack, tmp_path: Path
) -> None:
    """The table subscribes to the session (its listener): a change made through the session,
    by any path, shows without the table being told."""
    from consul_app.rules import Spawn

    from .scenarios import KeyConsul

    app = new_table(content, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        consul = KeyConsul(pilot)
        table = consul.table
        pool = table.query_one(PoolTable)
        monster = pool.highlighted()
        assert monster is not None
        table.session.dispatch(Spawn(monsters={monster: 1}))
        await pilot.pause()
        assert table.session.history[0] in text(table.query_one("#log"))
        assert table.view().state is table.session.state
