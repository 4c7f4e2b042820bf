"""Scenarios for the Pilot tests, the snapshot tests and scripts/screenshots.py.

A bot Consul plays by one policy (`next_move`: do the current step, spawn what fits, take the
first answer, end the turn when nothing is due) in one of two ways:
- `KeyConsul` presses the keys a Consul would press (the Pilot tests: keys only);
- `play_saved` dispatches the same moves through a `Session` (fast), so a snapshot scenario
  starts the app on that save and presses only the last few keys.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Literal

from msgspec.structs import replace
from textual.pilot import Pilot
from textual.widgets import Input

from consul_app.base.paths import saves_dir
from consul_app.content import ContentPack, Edition, EditionPack, load_pack
from consul_app.rules import (
    Action,
    DestroySpawningPoint,
    EndTurn,
    EquipRelics,
    GameState,
    Hero,
    Setup,
    Spawn,
    Step,
    Wound,
    answer,
    boss_status,
    default_setup,
    pool,
    power_up_steps,
)
from consul_app.session import Session
from consul_app.tui.app import ConsulApp
from consul_app.tui.screens.confirm import ConfirmScreen
from consul_app.tui.screens.pick_many import PickManyScreen
from consul_app.tui.screens.pick_one import PickOneScreen
from consul_app.tui.screens.table import TableScreen
from consul_app.tui.widgets.pool import PoolTable

NOW = datetime(2026, 11, 30, 20, 15, tzinfo=timezone(timedelta(hours=1)))
WIDE = (120, 40)
SMALL = (80, 24)
MAX_MOVES = 800

Goal = Callable[[EditionPack, GameState], bool]
"""When a scenario has got where it should."""


def bundled() -> ContentPack:
    """The bundled content only (never the developer's own folder)."""
    return load_pack(include_user=False)


def make_app(content: ContentPack, save: Path | None = None) -> ConsulApp:
    """The app as `consul` starts it, with a stopped clock."""
    return ConsulApp(content, save=save, clock=lambda: NOW)


def new_table(content: ContentPack, folder: Path, edition: str = "sde2") -> ConsulApp:
    """The app on the table of a game just started with the new-game screen's setup for
    `edition` (what `KeyConsul.new_game` leads to, Enter on each page), saved in `folder`: it
    opens on the table, as `consul --save` does. For the tests whose point is the table, not
    the new-game screen (going through it took half a second of CPU a test)."""
    from consul_app.tui.screens.new_game import _default_setup

    path = folder / f"new-{edition}.jsonl"
    with (
        unsynced(),
        Session.new(content, _default_setup(content, edition), path=path, clock=lambda: NOW),
    ):
        pass
    return make_app(content, path)


# -- the policy ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Move:
    """What the bot does next: end the turn (or, once the boss is in play, wound it), spawn
    one monster, do or answer the current step."""

    kind: Literal["end", "wound", "spawn", "do", "answer"]
    step: Step | None = None
    monster: str | None = None


def current_step(pack: EditionPack, state: GameState) -> Step | None:
    return next((s for s in power_up_steps(pack, state) if s.current), None)


def next_move(pack: EditionPack, state: GameState) -> Move:
    step = current_step(pack, state)
    if step is None:
        in_play = state.boss.spawned and not state.boss.defeated
        return Move("wound" if in_play else "end")
    if step.spawns and step.left is not None:
        for line in pool(pack, state):
            if line.may_spawn and line.skull_points > 0:
                return Move("spawn", step, line.id)
    return Move("answer" if step.needs_answer else "do", step)


def move_action(move: Move) -> Action:
    """The action a move dispatches (the same the keys lead to)."""
    if move.kind == "end":
        return EndTurn()
    if move.kind == "wound":
        return Wound()
    if move.kind == "spawn":
        assert move.monster is not None
        return Spawn(monsters={move.monster: 1})
    assert move.step is not None
    if move.kind == "answer":
        return answer(move.step, [c.id for c in move.step.choices[:1]])
    assert move.step.action is not None
    return move.step.action


# -- through the session: fast set-ups for the snapshots -------------------------------------


def classic_points_destroyed(content: ContentPack, path: Path, *, end_round: bool = False) -> None:
    """A 1.0 game journaled at `path`: played to round 2 with nothing due, then every spawning
    point destroyed (the boss's conditions met); `end_round`: that round ended too (round 3
    begins with the boss's summons)."""
    with Session.new(
        content, default_setup(content.edition("classic")), path=path, clock=lambda: NOW
    ) as session:
        while not (session.state.turn >= 2 and session.state.open_step() is None):
            move = next_move(session.pack, session.state)
            session.dispatch(EndTurn() if move.kind == "wound" else move_action(move))
        for point in session.state.standing_spawning_points():
            session.dispatch(DestroySpawningPoint(spawning_point=point.id, tile=point.tile))
        if end_round:
            session.dispatch(EndTurn())


def bonus_taken_app(content: ContentPack, folder: Path) -> ConsulApp:
    """The app on a 2.0 game saved in `folder` once the monsters gained "+1ST offense"
    (`offense_bonus_taken`): the pool has cards that fit and cards that scroll."""
    save = folder / "game.jsonl"
    play_saved(content, save, default_setup(content.edition("sde2")), offense_bonus_taken)
    return make_app(content, save)


def play_saved(
    content: ContentPack, path: Path, setup: Setup, goal: Goal, then: Action | None = None
) -> None:
    """Play `setup` by the policy until `goal(state)`, journaled at `path` (then `then`)."""
    with unsynced(), Session.new(content, setup, path=path, clock=lambda: NOW) as session:
        for _ in range(MAX_MOVES):
            if goal(session.pack, session.state):
                if then is not None:
                    session.dispatch(then)
                return
            session.dispatch(move_action(next_move(session.pack, session.state)))
    raise AssertionError("the goal was not reached")


@contextmanager
def unsynced() -> Iterator[None]:
    """The save a test starts on is written line by line as the app writes it, but never
    fsynced: it is what the test starts from, not what it checks (its 90 fsyncs took a second
    of a test's time, waiting on the disk)."""
    fsync = os.fsync
    os.fsync = lambda fd: None
    try:
        yield
    finally:
        os.fsync = fsync


# -- through the keys: the Pilot tests -------------------------------------------------------


class KeyConsul:
    """Plays through keys only, by the same policy."""

    def __init__(self, pilot: Pilot[None]) -> None:
        self.pilot = pilot

    @property
    def app(self) -> ConsulApp:
        return self.pilot.app  # type: ignore[return-value]

    @property
    def table(self) -> TableScreen:
        screen = self.app.screen
        assert isinstance(screen, TableScreen), f"not on the table screen: {screen!r}"
        return screen

    @property
    def state(self) -> GameState:
        """The game's state (also while a screen stands over the table)."""
        assert self.app.session is not None
        return self.app.session.state

    def step(self) -> Step | None:
        return self.table.current_step()

    async def press(self, *keys: str) -> None:
        await self.pilot.press(*keys)

    async def new_game(self, *page_one_keys: str) -> None:
        """Enter, Enter, Enter on the new-game screen (after `page_one_keys` on page one)."""
        await self.press(*page_one_keys, "enter", "enter", "enter")
        assert isinstance(self.app.screen, TableScreen)

    async def move(self) -> None:
        """One move of the policy, as keys."""
        move = next_move(self.table.session.pack, self.state)
        if move.kind == "end":
            await self.press("e")
        elif move.kind == "wound":
            await self.press("w")
        elif move.kind == "spawn":
            ids = [line.id for line in pool(self.table.session.pack, self.state)]
            moves = ids.index(move.monster or "") - self.table.query_one(PoolTable).cursor_row
            await self.press(*(["down"] * moves if moves > 0 else ["up"] * -moves), "space")
        else:
            await self.press("enter")
            await self.answer_dialog()

    async def answer_dialog(self) -> None:
        """The first answer of an open dialog (relics: tick the first one)."""
        screen = self.app.screen
        if isinstance(screen, PickManyScreen):
            await self.press("space", "enter")
        elif isinstance(screen, PickOneScreen | ConfirmScreen):
            await self.press("enter")

    async def until(self, goal: Goal) -> None:
        """Play until `goal(state)` holds (checked before each move)."""
        for _ in range(MAX_MOVES):
            assert self.app.session is not None
            if goal(self.app.session.pack, self.state):
                return
            await self.move()
        raise AssertionError("the goal was not reached")


# -- the snapshot scenarios ----------------------------------------------------------------


def step_is(key: str) -> Goal:
    """The goal "the current step is `key`" (not done yet)."""

    def goal(pack: EditionPack, state: GameState) -> bool:
        step = state.open_step()
        return step is not None and step.key == key

    return goal


def idle(goal: Goal) -> Goal:
    """`goal` reached with nothing due."""
    return lambda pack, state: goal(pack, state) and state.open_step() is None


def before_timeout(pack: EditionPack, state: GameState) -> bool:
    """The boss is in play, one wound short of its timeout, nothing due."""
    boss = boss_status(pack, state)
    return boss.spawned and boss.wounds + 1 == boss.timeout_threshold and not state.steps


def one_wound_left(pack: EditionPack, state: GameState) -> bool:
    """The boss is in play, one wound from defeat, nothing due."""
    boss = boss_status(pack, state)
    return boss.spawned and boss.wounds + 1 == boss.hearts and not state.steps


def offense_bonus_taken(pack: EditionPack, state: GameState) -> bool:
    """The monsters gained "+1ST offense" (chart space 2: the bot takes the first choice),
    nothing due."""
    gained = any(b.bonus == "bonus-offensive-rolls" for b in state.bonuses)
    return gained and state.open_step() is None


def first_monster_left(pack: EditionPack, state: GameState) -> bool:
    """Turn 2 or later, nothing due, the monster of the pool's first row still in the pool (a
    free spawn of it with space, then status effects on it with `t`)."""
    first = pool(pack, state)[0]
    return state.turn >= 2 and first.in_pool > 0 and state.open_step() is None


def boss_with_relic(pack: EditionPack, state: GameState) -> bool:
    """The boss is in play with its relics (the first one offered: Cursed Staff, +1 AP)."""
    return state.boss.spawned and bool(state.boss.relics) and state.open_step() is None


@dataclass(frozen=True)
class Shot:
    """A named screen: the size, the game saved before the app starts, the keys after."""

    name: str
    size: tuple[int, int]
    goal: Goal | None = None
    keys: tuple[str, ...] = ()
    heroes: int = 4
    edition: Edition = "sde2"
    damaged: bool = False
    """Start as `consul` does, on the saves folder: the game played last is damaged, an older
    one (played to `goal`) can be resumed."""
    keywords: tuple[Hero, ...] = ()
    """Heroes whose keywords change boss sightings (Clever, Dark Reflection)."""
    screen: str | None = None
    """The screen (class name) the keys open: the shot waits for it (under load it can come
    frames after the key)."""
    boss: str | None = None
    """The dungeon boss (None: the edition's default)."""
    then: Action | None = None
    """Dispatched once the goal is reached (e.g. the relics chosen), before the app starts."""

    async def settle(self, pilot: Pilot[None], deadline: float = 20.0) -> None:
        """Press the keys, then wait until the screen they open is on top."""
        await pilot.pause()
        await pilot.press(*self.keys)
        end = time.monotonic() + deadline
        while self.screen and type(pilot.app.screen).__name__ != self.screen:
            assert time.monotonic() < end, f"{self.screen} never opened"
            await pilot.pause(0.05)
        # The cursor stays drawn: on a slow machine its blink (every 0.5 s) would otherwise
        # catch a shot with it off.
        for field in pilot.app.screen.query(Input):
            field.cursor_blink = False
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()

    def prepare(self, content: ContentPack, folder: Path) -> Path | None:
        """Write the save this shot starts from (None: start on the new-game screen, or on the
        saves folder)."""
        if self.damaged:
            saves = saves_dir()
            saves.mkdir(parents=True, exist_ok=True)
            assert self.goal is not None
            older = saves / "2026-11-29-black-handed-henry.jsonl"
            play_saved(content, older, default_setup(content.edition(self.edition)), self.goal)
            damaged = saves / "2026-11-30-black-handed-henry.jsonl"
            damaged.write_text('{"format": "consul-journal", "version": 1, "setu\n')
            os.utime(older, (NOW.timestamp() - 3600,) * 2)
            os.utime(damaged, (NOW.timestamp(),) * 2)
            return None
        if self.goal is None:
            return None
        setup = default_setup(content.edition(self.edition))
        if self.boss is not None:
            setup = replace(setup, boss=self.boss)
        if self.edition == "sde2":
            setup = replace(setup, party_size=self.heroes, heroes=list(self.keywords))
        path = folder / f"{self.name}.jsonl"
        play_saved(content, path, setup, self.goal, self.then)
        return path


SHOTS = [
    Shot("new-game", WIDE),
    Shot("new-game-review", WIDE, keys=("enter", "enter")),
    Shot("chart-correction", WIDE, keys=("enter", "enter", "v", "down", "enter")),
    Shot("table-start", WIDE, keys=("enter", "enter", "enter")),
    Shot("table-mid-game", WIDE, idle(lambda p, s: len(s.bonuses) >= 2)),
    Shot("table-boss-spawned", WIDE, idle(lambda p, s: s.boss.spawned)),
    Shot("table-timeout", WIDE, before_timeout, keys=("w",)),
    Shot("decision-choose-bonus", WIDE, step_is("choose-bonus"), keys=("enter",)),
    Shot("decision-sighting", WIDE, step_is("boss-sighting"), keys=("enter",)),
    Shot(
        "decision-sighting-keywords",
        WIDE,
        step_is("boss-sighting"),
        keys=("enter", "3"),
        keywords=(
            Hero(name="Ace", keywords=["clever"]),
            Hero(name="Dee", keywords=["dark-reflection"]),
        ),
    ),
    Shot("table-spawning-point-wounds", WIDE, idle(lambda p, s: s.turn >= 2), ("2", "k", "enter")),
    Shot("decision-relics", WIDE, step_is("relics"), keys=("enter", "space")),
    Shot("decision-mini-boss-present", WIDE, step_is("mini-boss-refresh"), ("enter",), 5),
    Shot("small-start", SMALL, keys=("enter", "enter", "enter")),
    Shot("small-spawn", SMALL, step_is("spawn"), keys=("space",)),
    Shot("help", WIDE, idle(lambda p, s: s.turn >= 2), keys=("question_mark",)),
    Shot(
        "table-status-effects",
        WIDE,
        first_monster_left,
        ("space", "t", "s", "l", "enter", "down", "t", "h", "e", "enter"),
    ),
    Shot("forgotten-king", WIDE, idle(lambda p, s: s.turn >= 2), edition="forgotten-king"),
    Shot("sde1-power-gauge", WIDE, idle(lambda p, s: s.turn >= 2), ("g",) * 10, edition="classic"),
    Shot("table-boss-spawn-effects", WIDE, step_is("boss-spawn-effects")),
    Shot("small-timeout", SMALL, step_is("timeout-effects")),
    Shot("saves-damaged", WIDE, idle(lambda p, s: s.turn >= 3), damaged=True),
    Shot("card-will-attacker", WIDE, offense_bonus_taken, keys=("c",)),
    Shot(
        "decision-relics-slot",
        SMALL,
        step_is("relics"),
        ("enter", "down", "space", "down", "down", "space"),
    ),
    Shot("card-boss-relic", WIDE, boss_with_relic, keys=("b",)),
    Shot(
        "table-relic-hearts",
        WIDE,
        step_is("relics"),
        boss="elrik-the-lich-king",
        then=EquipRelics(relics=["frozen-soul"]),
    ),
    Shot(
        "card-relic-not-applied",
        WIDE,
        step_is("relics"),
        keys=("enter", "b"),
        screen="CardScreen",
        then=EquipRelics(relics=["fire-breath-potion"]),
    ),
    Shot("lookup-keyword", WIDE, offense_bonus_taken, keys=("slash", "s", "u", "r")),
    Shot("small-card", SMALL, offense_bonus_taken, keys=("c",)),
    Shot("small-boss-card", SMALL, boss_with_relic, keys=("4",)),
    Shot("small-lookup", SMALL, offense_bonus_taken, keys=("slash", "m", "i", "g")),
    Shot("history", WIDE, idle(lambda p, s: s.turn >= 4), keys=("H", "down", "down")),
    Shot("small-history", SMALL, idle(lambda p, s: s.turn >= 4), keys=("H",)),
    Shot("table-recap", WIDE, idle(lambda p, s: s.turn >= 4)),
    Shot("small-recap", SMALL, idle(lambda p, s: s.turn >= 4)),
    Shot("summary", WIDE, one_wound_left, keys=("w",), screen="SummaryScreen"),
    Shot("small-summary", SMALL, one_wound_left, keys=("w",), screen="SummaryScreen"),
]
"""Every screen the snapshot tests pin and scripts/screenshots.py writes."""
