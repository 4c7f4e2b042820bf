"""`consul watch`: the table read-only, following a game another process plays; a second
Consul on a save in play (or a read-only save) is offered to watch it instead."""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from session.lock_child import Child
from textual.pilot import Pilot

from consul_app.content import ContentPack
from consul_app.rules import DestroyHero, default_setup
from consul_app.session import Session
from consul_app.tui.screens.card import CardScreen
from consul_app.tui.screens.pick_one import PickOneScreen
from consul_app.tui.screens.watch import WatchScreen
from consul_app.tui.watch_app import WatchApp
from consul_app.tui.widgets.next_step import NextStep
from consul_app.tui.widgets.pool import PoolPane, PoolTable

from .helpers import text
from .scenarios import NOW, WIDE, make_app, play_saved, step_is
from .watch_scenario import watched_game

DEADLINE = 30.0


async def until(pilot: Pilot[object], condition: Callable[[], bool], what: str) -> None:
    """Let the app run until `condition` holds; fail after DEADLINE seconds."""
    end = time.monotonic() + DEADLINE
    while not condition():
        assert time.monotonic() < end, f"not within {DEADLINE} s: {what}"
        await pilot.pause(0.02)


def screen_text(app: WatchApp) -> str:
    """The watch screen's words, each line's wrapping undone (a long path wraps)."""
    return " ".join(text(app.screen).split()) if isinstance(app.screen, WatchScreen) else ""


@pytest.fixture
def child(tmp_path: Path, warm_content_cache: None) -> Iterator[Child]:
    """Another process playing tmp_path/game.jsonl through a real Session (it reads the
    content's cache)."""
    child = Child(tmp_path / "game.jsonl")
    child.expect("ready")
    yield child
    child.process.kill()
    child.process.wait(timeout=DEADLINE)


async def test_watch_follows_another_process_actions_and_undo(
    content: ContentPack, child: Child, tmp_path: Path
) -> None:
    app = WatchApp(content, save=tmp_path / "game.jsonl")
    async with app.run_test(size=WIDE) as pilot:
        await until(pilot, lambda: "WATCHING" in screen_text(app), "the watch screen")
        assert "A hero is destroyed" not in screen_text(app)
        child.send("hero")
        child.expect("done")
        await until(pilot, lambda: "1. A hero is destroyed" in screen_text(app), "the action")
        assert "Last: A hero is destroyed" in screen_text(app)
        child.send("undo")
        child.expect("done")
        await until(pilot, lambda: "Undone: A hero is destroyed" in screen_text(app), "undo")
        assert "1. A hero is destroyed" not in screen_text(app)
        for key in ("e", "w", "enter", "u", "n", "o"):  # no key reaches an action
            await pilot.press(key)
        assert isinstance(app.screen, WatchScreen)
        await pilot.press("b")  # cards may be read
        await until(pilot, lambda: isinstance(app.screen, CardScreen), "the boss's card")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, WatchScreen), "back to watching")
    child.send("hero")  # the game goes on: the watcher held no lock
    child.expect("done")


async def test_watch_never_changes_the_save(content: ContentPack, tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    with Session.new(content, default_setup(content.edition("sde2")), path=save) as session:
        session.dispatch(DestroyHero())
    stat, digest = save.stat(), hashlib.sha256(save.read_bytes()).hexdigest()
    app = WatchApp(content, save=save)
    async with app.run_test(size=(80, 24)) as pilot:  # the small layout: tabs
        await until(pilot, lambda: "WATCHING" in screen_text(app), "the watch screen")
        screen = app.screen
        assert isinstance(screen, WatchScreen)
        polls = 0
        while polls < 5:
            screen.poll()
            polls += 1
            await pilot.pause(0.02)
    assert hashlib.sha256(save.read_bytes()).hexdigest() == digest
    assert save.stat().st_mtime_ns == stat.st_mtime_ns
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.jsonl"]  # no lock, no holder


async def test_watch_of_a_damaged_save_says_so_and_keeps_the_last_state(
    content: ContentPack, tmp_path: Path
) -> None:
    save = tmp_path / "game.jsonl"
    with Session.new(content, default_setup(content.edition("sde2")), path=save) as session:
        session.dispatch(DestroyHero())
    app = WatchApp(content, save=save)
    async with app.run_test(size=WIDE) as pilot:
        await until(pilot, lambda: "WATCHING" in screen_text(app), "the watch screen")
        with save.open("ab") as f:
            f.write(b"not json\n{}\n")
        await until(pilot, lambda: "Showing the last good state" in screen_text(app), "damage")
        assert "cannot be read now" in screen_text(app)
        assert "1. A hero is destroyed" in screen_text(app)


async def test_a_save_in_play_is_offered_to_watch(
    content: ContentPack, child: Child, tmp_path: Path
) -> None:
    save = tmp_path / "game.jsonl"
    before = save.read_bytes()
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, PickOneScreen), "the offer")
        assert f"pid {child.process.pid}" in text(app.screen)
        assert "only one Consul plays a save at a time" in text(app.screen)
        await pilot.press("1")
        await until(pilot, lambda: isinstance(app.screen, WatchScreen), "the watch screen")
        assert app.session is None
    assert save.read_bytes() == before


async def test_a_read_only_save_is_offered_to_watch(
    content: ContentPack, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "game.jsonl"
    with Session.new(content, default_setup(content.edition("sde2")), path=save) as session:
        session.dispatch(DestroyHero())
    save.chmod(0o444)
    if os.access(save, os.W_OK):  # root writes anyway: act as an account that may not
        real = os.access
        monkeypatch.setattr(os, "access", lambda p, m: m != os.W_OK and real(p, m))
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, PickOneScreen), "the offer")
        assert "the save is read-only" in text(app.screen)
        await pilot.press("1")
        await until(pilot, lambda: "1. A hero is destroyed" in screen_text(app), "watching")


def watch_app(content: ContentPack, folder: Path) -> WatchApp:
    """The watch screen of a 2.0 game with the boss in play, at a stopped clock."""
    save = folder / "table-game.jsonl"
    watched_game(content, save)
    return WatchApp(content, save=save, clock=lambda: NOW)


async def opened(pilot: Pilot[object]) -> None:
    await until(pilot, lambda: isinstance(pilot.app.screen, WatchScreen), "the watch screen")
    await pilot.pause()


@pytest.mark.parametrize("size", [WIDE, (80, 24)], ids=["wide", "small"])
def test_watch_snapshot(
    content: ContentPack, tmp_path: Path, size: tuple[int, int], snap_compare: Callable[..., bool]
) -> None:
    assert snap_compare(watch_app(content, tmp_path), terminal_size=size, run_before=opened)


async def test_the_heroes_see_the_pool_and_every_monster_on_the_dungeon(
    content: ContentPack, tmp_path: Path
) -> None:
    """At 120x40: every kind on the dungeon in sight with its count and its dice as they play
    now; each monster that took wounds or suffers status effects on a row of its own, with
    them; and the mini-boss with its wounds and status effects, without opening its card."""
    app = watch_app(content, tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        await opened(pilot)
        screen = app.screen
        pane = screen.query_one("#pool", PoolPane)
        assert not pane.query_one(".more").display  # every row in sight
        table = pane.query_one(PoolTable)
        columns = [str(c.value) for c in table.columns]
        assert {"Monster", "Board", "STR", "ARM", "WILL", "DEX"} <= set(columns)  # every die
        rows = {
            str(row.value): dict(zip(columns, map(str, table.get_row(row)), strict=True))
            for row in table.rows
        }
        state = screen.follower.game.timeline.state
        for monster, count in state.board.items():
            assert rows[monster]["Board"].startswith(str(count)), monster
        barbarian, squawk = rows["grobbit-barbarian#0"], rows["marauder-squawk#0"]
        assert "Slow" in barbarian["Monster"] and barbarian["Board"] == "w2/4"
        assert "Hex" in squawk["Monster"] and squawk["STR"].endswith("↓")  # its best die dropped
        assert rows["marauder-squawk"]["Board"] == "2 w1/2"  # (wounded, no status effect)
        assert "Poison" in rows["billmen-bandit#0"]["Monster"]
        said = text(pane)
        assert "Suffering: Grobbit Barbarian #1 Slow. Marauder Squawk #1 Hex." in said
        boss = text(screen.query_one("#boss"))
        assert "Mini-boss on the dungeon: Arachne" in boss
        assert "2/7" in boss and "Ice" in boss


async def test_the_layout_follows_the_boss_in_and_out_of_play(
    content: ContentPack, tmp_path: Path
) -> None:
    """Its card takes the tall column while the boss is in play; undone, the chart has it."""
    app = watch_app(content, tmp_path)
    save = app.save_path
    assert save is not None
    async with app.run_test(size=WIDE) as pilot:
        await opened(pilot)
        panes = app.screen.query_one("#watch-panes")
        assert panes.has_class("-boss-fight")
        with Session.resume(content, save) as consul:
            while consul.state.boss.spawned:
                consul.undo()

        def laid_out(fight: bool) -> bool:
            found = app.screen.query("#watch-panes")
            return bool(found) and found.first().has_class("-boss-fight") == fight

        await until(pilot, lambda: laid_out(False), "the chart's layout")
        chart = app.screen.query_one("#chart")
        await until(pilot, lambda: "Boss token >>" in text(chart), "the chart shown")
        assert app.screen.query_one("#pool", PoolPane).display
        with Session.resume(content, save) as consul:
            consul.redo()
        await until(pilot, lambda: laid_out(True), "the boss fight's layout")


async def test_the_watch_screen_shows_every_state_its_follower_publishes(
    content: ContentPack, tmp_path: Path
) -> None:
    """The follower publishes each new state it reads to its listener (as the session does to
    the table's): the watch screen shows it whoever made the follower read (no path of its own
    that could forget to show it)."""
    app = watch_app(content, tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        await opened(pilot)
        screen = app.screen
        assert isinstance(screen, WatchScreen)
        assert "A hero is destroyed" not in screen_text(app)
        with Session.resume(content, tmp_path / "table-game.jsonl") as session:
            session.dispatch(DestroyHero())
        assert screen.follower.poll()  # (read here, not by the screen's poll)
        assert "A hero is destroyed" in screen_text(app)


async def test_a_cut_step_text_points_to_no_steps_pane(
    content: ContentPack, tmp_path: Path
) -> None:
    """The watch screen has no Steps pane: a step text its bar cuts at 80x24 ends with `…`,
    never with `(more: 1 Steps)` (the table's pointer)."""
    save = tmp_path / "spawning.jsonl"
    play_saved(content, save, default_setup(content.edition("sde2")), step_is("spawn"))
    app = WatchApp(content, save=save, clock=lambda: NOW)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, WatchScreen), "the watch screen")
        await pilot.pause()
        bar = app.screen.query_one(NextStep)
        assert not bar.whole
        said = " ".join(text(bar, width=78).split())
        assert said.endswith("…") and "Steps" not in said
