"""The spawning pool fitted to its pane (QA, games played in tmux): during a spawn step the
skull points and the pool's count stay, no dice figure or roll mark is cut (names are cut and
dice stats wrap instead), what only some monsters gained is shown, and rows out of sight are
said. The figures checked come from the engine's card view: the screen only lays them out."""

from __future__ import annotations

from pathlib import Path

import pytest
from msgspec.structs import replace
from textual.widgets import Static

from consul_app.content import ContentPack
from consul_app.rules import (
    ROLL_MARKS,
    GameState,
    PlacedSpawningPoint,
    Setup,
    answer,
    card,
    default_setup,
    pool,
    stat_lines,
)
from consul_app.session import Session
from consul_app.tui.screens.table import TableScreen
from consul_app.tui.widgets.pool import ARCADE, PoolTable, _fitted, _some_gained

from .helpers import text
from .scenarios import (
    MAX_MOVES,
    NOW,
    SMALL,
    WIDE,
    Goal,
    KeyConsul,
    Move,
    classic_points_destroyed,
    current_step,
    idle,
    make_app,
    move_action,
    new_table,
    next_move,
    play_saved,
    step_is,
)


def _played(content: ContentPack, path: Path, setup: Setup, goal: Goal, *prefer: str) -> Path:
    """Play as the tester did: Enter through each step (no monster spawned), no hero at a
    sighting, the bonuses in `prefer` when offered."""
    with Session.new(content, setup, path=path, clock=lambda: NOW) as session:
        for _ in range(MAX_MOVES):
            if goal(session.pack, session.state):
                return path
            move = next_move(session.pack, session.state)
            if move.kind == "spawn":
                move = Move("do", move.step)
            if move.kind == "answer" and move.step is not None:
                ids = [c.id for c in move.step.choices]
                pick = "no" if "no" in ids else next((p for p in prefer if p in ids), ids[0])
                session.dispatch(answer(move.step, [pick]))
            else:
                session.dispatch(move_action(move))
    raise AssertionError("the goal was not reached")


def _spawn_on_turn(turn: int) -> Goal:
    spawn = step_is("spawn")
    return lambda pack, state: state.turn == turn and spawn(pack, state)


def _table(app: object) -> TableScreen:
    screen = app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, TableScreen), screen
    return screen


def _rows(table: PoolTable) -> dict[str, dict[str, str]]:
    """Each row's cells by column, a cell of two lines joined by a space."""
    columns = [str(c.value) for c in table.columns]
    return {
        str(row.value): {
            column: str(cell).replace("\n", " ")
            for column, cell in zip(columns, table.get_row(row), strict=True)
        }
        for row in table.rows
    }


def _sde2(content: ContentPack, **setup: object) -> Setup:
    return replace(default_setup(content.edition("sde2")), **setup)


@pytest.mark.parametrize("size", [WIDE, SMALL])
async def test_a_spawn_step_shows_skull_points_the_pool_and_every_figure_whole(
    content: ContentPack, tmp_path: Path, size: tuple[int, int]
) -> None:
    """'The Consul selects the indicated number of skull points worth of monsters from the
    spawning pool... Only monsters that are available in the spawning pool may spawn.' QA:
    five heroes, "+1ST def" on spaces 10 and 13, turn 14's spawn step: the pool dropped Sk and
    Pool at 120x40, and at 80x24 cut `+2ST°` off Trapdoor Spider's DEX."""
    setup = _sde2(content, party_size=5)
    goal = _spawn_on_turn(14)
    save = _played(content, tmp_path / "game.jsonl", setup, goal, "bonus-defensive-rolls")
    app = make_app(content, save)
    async with app.run_test(size=size) as pilot:
        table = _table(app)
        await pilot.press("2")
        await pilot.pause()
        pack, state = table.session.pack, table.session.state
        shown = table.query_one(PoolTable)
        rows = _rows(shown)
        assert {"Monster", "Spawn?", "Sk", "Pool"} <= set(next(iter(rows.values())))
        assert shown.virtual_size.width <= shown.scrollable_content_region.width
        marked = ""
        for line in pool(pack, state):
            row = rows[line.id]
            assert (row["Sk"], row["Pool"]) == (str(line.skull_points), str(line.in_pool))
            for stat in stat_lines(card(pack, state, line.id), ROLL_MARKS):
                assert row[stat.stat] == stat.cell
                marked += stat.cell
        assert "*" in marked and "°" in marked  # (the marks the QA saw cut)
        more = table.query_one("#pool .more", Static)
        assert not more.display  # every monster in sight, at 80x24 and 120x40 alike


async def test_an_offense_bonus_keeps_its_attack_mark(content: ContentPack, tmp_path: Path) -> None:
    """QA: after "Bonus Offensive Rolls" on space 2, turn 3's spawn step showed Trapdoor
    Spider's DEX as `3B +1ST`, its `*` cut (as if the bonus went to its defense rolls too):
    played by keys, Enter through each step."""
    goal = _spawn_on_turn(3)
    app = new_table(content, tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        consul = KeyConsul(pilot)
        for _ in range(MAX_MOVES):
            if goal(consul.table.session.pack, consul.state):
                break
            if next_move(consul.table.session.pack, consul.state).kind == "spawn":
                await consul.press("enter")  # (done: none spawned)
            else:
                await consul.move()
        assert [b.bonus for b in consul.state.bonuses] == ["bonus-offensive-rolls"]
        await consul.press("2")
        shown = consul.table.query_one(PoolTable)
        rows = _rows(shown)
        assert rows["trapdoor-spider"]["DEX"] == "3B +1ST*"
        assert {"Sk", "Pool"} <= set(rows["trapdoor-spider"])
        assert shown.virtual_size.width <= shown.scrollable_content_region.width  # (not cut)


async def test_a_bonus_only_some_monsters_gained_shows_on_their_rows(
    content: ContentPack, tmp_path: Path
) -> None:
    """README: the pool names what the monsters gained. QA: "Massive Damage (8-Bit only)" on
    Hoarfang's space 10 was on no row; the header said only what all of them gained (Ice)."""
    setup = _sde2(content, party_size=5, boss="hoarfang")
    goal = _spawn_on_turn(11)
    save = _played(content, tmp_path / "game.jsonl", setup, goal, "bonus-massive-damage")
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        table = _table(app)
        await pilot.pause()
        pack, state = table.session.pack, table.session.state
        rows = _rows(table.query_one(PoolTable))
        for line in pool(pack, state):
            gained = "Massive Damage" if line.bits == "8-bit" else "-"
            assert rows[line.id]["Gained"] == gained, line
        budget = text(table.query_one("#pool .budget", Static))
        assert "All of them gained: Ice" in budget


def test_without_its_column_a_line_names_who_gained_what() -> None:
    """When the Gained column does not fit, the line above the rows names who gained what."""
    columns = ["Monster", "Pool", "Board", "STR", "Gained"]
    rows = {
        "acolyte": ["Duskweaver Acolyte", "1", "0", "1B", "-"],
        "spider": ["Leaping Spider", "3", "0", "2B 1R", "Massive Damage"],
        "spider#0": ["└ #1 Slow", "", "w1/1", "2B 1R", ""],
        "bandit": ["Billmen Bandit", "4", "0", "3B", "Massive Damage, Poison"],
    }
    assert "Gained" not in _fitted((columns, rows), 40, spawning=False)[0]
    said = _some_gained(columns, rows)
    assert said == "Massive Damage: Leaping Spider, Billmen Bandit; Poison: Billmen Bandit"


def test_the_dice_stats_wrap_between_figures_rather_than_be_cut_or_dropped() -> None:
    """A spawn step too wide for its pane: skull points and the pool's count stay, the name is
    cut, and a dice stat too wide goes onto two lines, broken before a bonus, never inside one
    (its mark stays with it)."""
    columns = ["Monster", "Bits", "Sk", "Spawn?", "Pool", "Board", "STR", "WILL", "DEX", "Gained"]
    cells = ["2B 1R +1ST", "2R +1ST* +2ST°", "3B +1ST* +2ST°"]
    rows = {"trapdoor": ["Trapdoor Spider", "8B", "1", "yes", "3", "0", *cells, "-"]}
    kept, fitted = _fitted((columns, rows), 67, spawning=True)
    assert kept == ["Monster", "Sk", "Spawn?", "Pool", "STR", "WILL", "DEX"]
    row = dict(zip(kept, fitted["trapdoor"], strict=True))
    assert row["WILL"] == "2R +1ST*\n+2ST°" and row["DEX"] == "3B +1ST*\n+2ST°"
    assert row["STR"] == "2B 1R +1ST"
    assert row["Monster"].endswith("…")
    playing = {"trapdoor": [c for n, c in enumerate(rows["trapdoor"]) if n != 3]}
    narrow = _fitted(([c for c in columns if c != "Spawn?"], playing), 30, spawning=False)[0]
    assert narrow == ["Monster", "Pool", "Board", "STR", "WILL", "DEX"]  # (then it scrolls)


def _four_points(content: ContentPack) -> Setup:
    points = [("egg-clutch", 2), ("lava-whirl", 3), ("kobold-warrens", 4), ("kobold-warrens", 1)]
    placed = [PlacedSpawningPoint(id=i, tile=t) for i, t in points]
    return replace(default_setup(content.edition("classic")), spawning_points=placed)


def _started(pack: object, state: GameState) -> bool:
    return True


async def test_rows_out_of_sight_are_said_with_how_to_see_them(
    content: ContentPack, tmp_path: Path
) -> None:
    """QA: SDE 1.0 with four spawning points at 120x40: 15 rows in the pool, 7 in sight, and
    nothing said of the others. A line under the rows says how many are out of sight, above and
    below, and which keys show them. (At 120x40 the pool now takes the rows the 15 need: at
    120x34, the smallest size of panes side by side, they cannot all be in sight.)"""
    save = _played(content, tmp_path / "game.jsonl", _four_points(content), _started)
    app = make_app(content, save)
    async with app.run_test(size=(120, 34)) as pilot:
        table = _table(app)
        await pilot.pause()
        shown = table.query_one(PoolTable)
        more = table.query_one("#pool .more", Static)
        total = shown.row_count
        in_sight = shown.scrollable_content_region.height - shown.header_height
        assert more.display and in_sight < total
        assert text(more) == f"↓ {total - in_sight} more below: Up/Down, PgUp/PgDn to see them"
        shown.focus()
        await pilot.press(*["down"] * total)
        assert text(more).startswith(f"↑ {total - in_sight} more above:")
    app = make_app(content, save)
    async with app.run_test(size=SMALL) as pilot:
        table = _table(app)
        await pilot.press("2")
        await pilot.pause()
        assert not table.query_one("#pool .more", Static).display  # (the tab has room)


@pytest.mark.parametrize("mode", ["explore", "arcade"])
async def test_an_arcade_game_says_its_figures_are_the_explore_cards(
    content: ContentPack, mode: str
) -> None:
    """The content has no Arcade gang cards: the pool shows the Explore cards' figures and,
    in an Arcade game, says so rather than pass them off as the gang cards'."""
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        consul = KeyConsul(pilot)
        await consul.new_game(*(["tab", "right"] if mode == "arcade" else []))
        assert consul.state.setup.mode == mode
        said = text(app.screen.query_one("#pool .budget", Static))
        assert (ARCADE in said) == (mode == "arcade")


async def test_a_live_resize_keeps_every_figure(content: ContentPack, tmp_path: Path) -> None:
    """QA: after the terminal grew from 120 to 130 columns (a column more fits), the pool
    showed names of five letters and dropped dice (`2B` for `2B 1R`) until the next action."""
    app = new_table(content, tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        table = app.screen.query_one(PoolTable)
        await pilot.resize_terminal(130, 40)
        await pilot.pause()
        await pilot.pause()
        strips = app.screen._compositor.render_strips()
        region = table.region
        shown = "\n".join(
            "".join(s.text for s in strips[y])[region.x : region.right]
            for y in range(region.y, region.bottom)
        )
        assert "Sk" in shown  # the column the width made room for
        assert "Leaping Spider" in shown and "2B 1R" in shown


def test_names_cut_alike_keep_their_ends() -> None:
    """QA at 80x24: four rows of a spawn step read "Clan Kitsune…": which one to spawn could
    not be told. Names that would be cut alike keep their ends; the others keep their start."""
    columns = ["Monster", "Bits", "Sk", "Spawn?", "Pool", "Board", "STR", "WILL", "DEX", "Gained"]
    names = ["Clan Kitsune Kaiken", "Clan Kitsune Yajiri", "Clan Kitsune Oni", "Duskweaver Acolyte"]
    cells = ["8B", "1", "yes", "3", "0", "2B 1R +1ST", "2R +1ST*", "3B +2ST°", "-"]
    rows = {n: [n, *cells] for n in names}
    kept, fitted = _fitted((columns, rows), 62, spawning=True)
    shown = [cells[0] for cells in fitted.values()]
    assert len(set(shown)) == len(names)
    assert shown[:3] == ["Clan K…Kaiken", "Clan K…Yajiri", "Clan K…ne Oni"]
    assert shown[3] == "Duskweaver A…"


def test_names_are_never_cut_below_thirteen_letters() -> None:
    """QA at 80x24: names cut until they could not be told apart at a glance (`Neth…ling`,
    `Clan…unin`, `Shadow…` beside `Shadows…`) to spare rows a second line. A name keeps 13
    letters; a dice stat goes onto a second line instead."""
    columns = ["Monster", "Pool", "Board", "STR", "ARM", "WILL", "DEX", "Gained"]
    names = [
        "Nether Spawnling",
        "Clan Sohei Chunin",
        "Clan Yurei Chunin",
        "Shadow Walker",
        "Shadowspawn Brute",
        "Duskweaver Acolyte",
        "Kobold Sharpshooter",
        "Grobbit Executioner",
    ]
    dice = ["2B 1R +1ST", "2R +1ST* +2ST°", "3B +1ST* +2ST°", "1B +1ST"]
    rows = {name: [name, "3", "0", *dice, "-"] for name in names}
    kept, fitted = _fitted((columns, rows), 66, spawning=False, height=len(names))
    for name, cells in zip(names, fitted.values(), strict=True):
        shown = cells[0]
        assert shown == name or len(shown) >= 12, shown  # (12: "Shadowspawn…", its space cut)


@pytest.mark.parametrize("size, bonuses", [(SMALL, 0), (WIDE, 2)])
async def test_a_status_row_does_not_push_the_ap_column_out(
    content: ContentPack, tmp_path: Path, size: tuple[int, int], bonuses: int
) -> None:
    """QA at 80x24 and 120x40: once a monster suffered status effects, the AP column went, and
    Poison's AP showed only on the card. (Poisoned with Slow, in a game with bonuses: its row's
    `2 Poison` and `3 Slow` widened MOVE and AP until AP was dropped. A 2.0 spider is immune to
    Poison: the Grobbit Barbarian is not.) A figure a status effect changed matters more than
    hearts: those go first."""
    from consul_app.rules import AddStatus, Spawn

    save = tmp_path / "game.jsonl"
    play_saved(content, save, _sde2(content), idle(lambda p, s: len(s.bonuses) >= bonuses))
    app = make_app(content, save)
    async with app.run_test(size=size) as pilot:
        table = _table(app)
        if size == SMALL:
            await pilot.press("2")
        await pilot.pause()
        pool = table.query_one(PoolTable)
        before = [str(c.value) for c in pool.columns]
        assert "AP" in before
        monster = "grobbit-barbarian"
        if not table.session.state.board.get(monster):
            table.session.dispatch(Spawn(monsters={monster: 1}))
        for status in ("poison", "slow"):
            which = 0 if status == "slow" else None  # (then on the one marked)
            table.session.dispatch(
                AddStatus(target="monster", model=monster, status=status, which=which)
            )
        await pilot.pause()
        assert table.session.state.tracked[0].status == ["poison", "slow"]
        after = [str(c.value) for c in pool.columns]
        assert "AP" in after and "MOVE" in after  # (what Poison and Slow changed: not hearts)
        suffering = _rows(pool)[f"{monster}#0"]
        kind = _rows(pool)[monster]
        assert int(suffering["AP"].split()[0]) == int(kind["AP"]) - 1


async def test_a_spawn_step_gives_the_pool_the_rows_it_needs(
    content: ContentPack, tmp_path: Path
) -> None:
    """QA at 120x40: a spawn step with 14 monsters in the pool showed 4 of them (`↓ 10 more
    below`). While a spawn step runs, the pool takes the rows (the bonuses and the log less)."""

    def spawning(pack: object, state: GameState) -> bool:
        step = current_step(pack, state)  # type: ignore[arg-type]
        return step is not None and step.spawns and len(pool(pack, state)) >= 12  # type: ignore[arg-type]

    points = ["arcadian-spider-nest", "bandit-knight", "cursed-barrow", "crows-nest"]
    placed = [PlacedSpawningPoint(id=p, tile=2 + n % 2) for n, p in enumerate(points)]
    setup = _sde2(content, spawning_points=placed)
    save = _played(content, tmp_path / "game.jsonl", setup, spawning)
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        table = _table(app)
        await pilot.pause()
        step = table.current_step()
        assert step is not None and step.spawns
        shown = table.query_one(PoolTable)
        assert shown.row_count >= 12
        assert not table.query_one("#pool .more", Static).display


async def test_the_pool_shown_again_fits_the_game_it_missed(
    content: ContentPack, tmp_path: Path
) -> None:
    """QA, 1.0 at 80x24: once the boss fight began (its card brought to the front), the pool
    said `↓ 7 more below` with its 7 rows in sight, without MOVE and AP, and PgDn did nothing.
    A hidden pane has no room: the pool fitted the boss's summoning to none, and shown again at
    its old size it was neither resized nor shown by Textual, so nothing fitted it again."""
    save = tmp_path / "classic.jsonl"
    classic_points_destroyed(content, save)
    app = make_app(content, save)
    async with app.run_test(size=SMALL) as pilot:
        table = _table(app)
        await pilot.press("2", "e", "enter")  # the boss is summoned: its card comes to the front
        assert table.session.state.boss.spawned
        await pilot.press("enter", "2")  # its fight card's effects resolved; the pool again
        await pilot.pause()
        shown = table.query_one(PoolTable)
        assert shown.row_count == 7 and shown.max_scroll_y == 0
        assert not table.query_one("#pool .more", Static).display
        assert {"MOVE", "AP"} <= {str(c.value) for c in shown.columns}
