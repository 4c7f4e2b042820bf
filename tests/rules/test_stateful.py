"""Hypothesis drives random action sequences through whole games of every edition and checks
the engine's invariants after every step."""

from __future__ import annotations

from typing import Any

import msgspec
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from consul_app.content.models import Relic, StatModifier
from consul_app.content.pack import EditionPack
from consul_app.rules import (
    Action,
    AddStatus,
    AdvanceGauge,
    AnswerSighting,
    CancelSighting,
    ChooseBonus,
    ChooseRelics,
    ConfirmStep,
    DestroyHero,
    DestroyMarked,
    DestroyMiniBoss,
    DestroyMonsters,
    DestroySpawningPoint,
    DestroySummoned,
    EndTurn,
    EquipRelics,
    GameState,
    Heal,
    Hero,
    PlacedSpawningPoint,
    RemoveStatus,
    RuleError,
    Spawn,
    SpawnMiniBoss,
    Summon,
    Wound,
    apply,
    boss_status,
    new_game,
    power_up_steps,
)
from consul_app.rules.model.chart import spaces

from .packs import PACKS, make_setup

P = PlacedSpawningPoint
SPAWNING_POINTS = [
    [P(id="burrow", tile=2), P(id="nest", tile=3)],
    [P(id="twin", tile=2), P(id="twin", tile=3)],
    [P(id="left-gate", tile=2), P(id="right-gate", tile=3), P(id="burrow", tile=4)],
    [P(id="nest", tile=1)],
]
MINI_BOSSES = [[], ["chief"], ["chief", "queen"]]
HEROES = [
    [],
    [Hero(name="Ace", keywords=["clever"])],
    [Hero(name="Dee", keywords=["dark-reflection"]), Hero(name="Ace", keywords=["clever"])],
]
REPLAY_EVERY = 8


def step_answers(pack: EditionPack, state: GameState) -> list[Action]:
    """Every answer to the current step, spawns that fit included."""
    step = next(s for s in power_up_steps(pack, state) if s.current)
    answers: list[Action] = [] if step.action is None else [step.action]
    if step.key == "choose-bonus":
        answers += [ChooseBonus(bonus=c.id) for c in step.choices]
    elif step.key == "relics":
        ids = [c.id for c in step.choices]
        answers += [EquipRelics(relics=ids[:n]) for n in range((step.limit or 0) + 1)]
        answers += [EquipRelics(relics=ids[-1:])] if ids and step.limit else []
        answers += [ChooseRelics(relics=ids[:1])] if ids and step.limit else []  # old journals
    elif step.key == "boss-sighting":
        reflecting = state.setup.heroes_with("dark-reflection")
        answers += [
            AnswerSighting(heroes_present=present, reflected={h: tile for h in reflecting})
            for present in (True, False)
            for tile in (1, state.setup.tiles)
        ]
        answers += [CancelSighting(hero=h) for h in state.setup.heroes_with("clever")]
    elif step.key == "mini-boss":
        answers += [SpawnMiniBoss(mini_boss=c.id) for c in step.choices]
    elif step.key in ("spawn", "timeout-spawn", "timeout-summons"):
        answers += [Spawn(monsters={m: 1}) for m, n in state.pool.items() if n]
    return answers


def events(pack: EditionPack, state: GameState) -> list[Action]:
    """Things that happen on the table during a turn (most of them legal now)."""
    found: list[Action] = [DestroyHero()]
    found += [DestroyMonsters(monsters={m: 1}) for m, n in state.board.items() if n]
    found += [
        DestroySpawningPoint(spawning_point=p.id, tile=p.tile)
        for p in state.standing_spawning_points()
    ]
    found += [Spawn(monsters={m: 1}) for m, n in state.pool.items() if n]
    if state.boss.spawned and not state.boss.defeated:
        found += [Wound(wounds=n) for n in (1, 2, 4)] + [Heal(wounds=1)]
        found += [AddStatus(status="poison"), RemoveStatus(status="poison")]
        found += [Summon(model="Imps", count=n) for n in (1, 3)] + [DestroySummoned(model="Imps")]
    for p in state.spawning_points:  # destroyed ones too: they must refuse
        point = {"target": "spawning-point", "model": p.id, "tile": p.tile}
        found += [Wound(**point, wounds=n) for n in (1, 3)] + [Heal(**point)]
        found += [AddStatus(**point, status="stun")]
    for m, n in state.board.items():
        found += [Wound(target="monster", model=m, wounds=w) for w in (1, 2)] if n else []
        found += [
            Wound(target="monster", model=m, which=0),
            Heal(target="monster", model=m, which=0),
            AddStatus(target="monster", model=m, status="stun"),
            RemoveStatus(target="monster", model=m, which=0, status="stun"),
            DestroyMarked(model=m, which=0),
        ]
    if state.mini_boss is not None:
        mid = state.mini_boss.id
        found += [
            Wound(target="mini-boss", wounds=2),
            Heal(target="mini-boss"),
            AddStatus(target="mini-boss", status="stun"),
            DestroyMiniBoss(mini_boss=mid),
        ]
    found += [SpawnMiniBoss(mini_boss=m) for m in state.setup.mini_bosses]
    if state.gauge is not None:
        found += [AdvanceGauge(squares=n) for n in (1, 3, 6)]
    return found


HEART_RELICS = [
    Relic(
        id="jar",
        edition="sde2",
        name="Jar",
        slot="Jar",
        effect="+2 hearts.",
        modifiers=[StatModifier(stat="HEARTS", add=2)],
    ),
    Relic(
        id="boots",
        edition="sde2",
        name="Boots",
        slot="Feet",
        effect="+1 heart?",
        modifiers=[StatModifier(stat="HEARTS", add=1, not_applied="not known")],
    ),
]
"""Relics that change hearts (one the card cannot apply), beside the rules tests' own."""


def hearts_and_wounds(pack: EditionPack, state: GameState) -> dict[str, tuple[int, int]]:
    """Every tracked model in play: its hearts and wounds."""
    found = {"boss": (boss_status(pack, state).hearts, state.boss.wounds)}
    if state.mini_boss is not None:
        mini = state.mini_boss
        found["mini-boss"] = (pack.mini_bosses[mini.id].hearts, mini.wounds)
    for p in state.spawning_points:
        found[f"{p.id}@{p.tile}"] = (pack.spawning_points[p.id].hearts, p.wounds)
    for n, m in enumerate(state.tracked):
        found[f"{m.id}#{n}"] = (pack.monsters[m.id].hearts, m.wounds)
    return found


def acts_on_a_destroyed_model(state: GameState, action: Action) -> bool:
    """A destroyed (or removed) model takes no wound, heal or status effect."""
    if not isinstance(action, Wound | Heal | AddStatus | RemoveStatus):
        return False
    match action.target:
        case "boss":
            return state.boss.defeated
        case "mini-boss":
            return state.mini_boss is None
        case "spawning-point":
            return not any(
                p.id == action.model and p.tile == action.tile
                for p in state.standing_spawning_points()
            )
        case _:
            return not state.board.get(action.model or "", 0)


class GameMachine(RuleBasedStateMachine):
    """One game of `edition`; subclasses pick the edition."""

    edition = "sde2"

    def __init__(self) -> None:
        super().__init__()
        self.pack = PACKS[self.edition]()
        if self.edition == "sde2":  # first, so that the answers tried pick them
            own = dict(self.pack.relics)
            self.pack.relics.clear()
            self.pack.relics.update({r.id: r for r in HEART_RELICS}, **own)
        self.hearts: int | None = None
        """The boss's hearts as its relics make them (None: the printed ones)."""
        self.state: GameState
        self.actions: list[Action] = []
        self.timeouts = 0
        self.boss_spawns = 0
        self.slots_at_spawn: int | None = None

    @initialize(
        points=st.sampled_from(SPAWNING_POINTS),
        mini_bosses=st.sampled_from(MINI_BOSSES),
        party_size=st.integers(3, 6),
        boss=st.sampled_from(["big", "even"]),
        game_size=st.sampled_from(["16-bit", "super"]),
        heroes=st.sampled_from(HEROES),
    )
    def start(
        self,
        points: Any,
        mini_bosses: Any,
        party_size: int,
        boss: str,
        game_size: Any,
        heroes: Any,
    ) -> None:
        setup = make_setup(
            self.edition,
            spawning_points=points,
            mini_bosses=mini_bosses,
            party_size=party_size,
            boss=boss,
            game_size=game_size,
            heroes=heroes,
        )
        self.state = new_game(self.pack, setup)
        self.setup = setup

    def _apply(self, action: Action) -> None:
        before = self.state
        frozen = msgspec.json.encode(before)
        try:
            after = apply(self.pack, before, action)
        except RuleError as err:
            assert str(err)
            assert msgspec.json.encode(before) == frozen  # refused: nothing changed
            return
        assert msgspec.json.encode(before) == frozen  # the input is never changed
        assert not acts_on_a_destroyed_model(before, action)
        self._observe(before, after, action)
        self.actions.append(action)
        self.state = after

    def _observe(self, before: GameState, after: GameState, action: Action) -> None:
        if after.boss.timeout and not before.boss.timeout:
            self.timeouts += 1
        if isinstance(action, EquipRelics):
            self.hearts = self.pack.dungeon_bosses[self.setup.boss].hearts
            self.hearts += 2 * ("jar" in action.relics)
        if after.boss.spawned and not before.boss.spawned:
            self.boss_spawns += 1
            self.slots_at_spawn = len(before.standing_spawning_points())
        assert not (before.boss.timeout and not after.boss.timeout)
        assert not (before.boss.spawned and not after.boss.spawned)
        assert after.bonuses[: len(before.bonuses)] == before.bonuses  # bonuses never shrink
        totals = {m: after.pool[m] + after.board.get(m, 0) for m in after.pool}
        assert totals == {m: before.pool[m] + before.board.get(m, 0) for m in before.pool}

    @precondition(lambda self: self.state.open_step() is not None)
    @rule(data=st.data())
    def do_step(self, data: st.DataObject) -> None:
        self._apply(data.draw(st.sampled_from(step_answers(self.pack, self.state))))

    @precondition(lambda self: self.state.open_step() is None)
    @rule()
    def end_turn(self) -> None:
        self._apply(EndTurn())

    @precondition(lambda self: self.state.open_step() is None)
    @rule(data=st.data())
    def event(self, data: st.DataObject) -> None:
        self._apply(data.draw(st.sampled_from(events(self.pack, self.state))))

    @rule(data=st.data())
    def anything(self, data: st.DataObject) -> None:
        """Any action at all, legal or not."""
        pool = events(self.pack, self.state) + [EndTurn(), ConfirmStep(step="spawn")]
        self._apply(data.draw(st.sampled_from(pool)))

    @invariant()
    def chart_never_past_the_end(self) -> None:
        assert 0 <= self.state.position <= len(spaces(self.pack, self.state.chart))

    @invariant()
    def timeout_at_most_once(self) -> None:
        assert self.timeouts <= 1

    @invariant()
    def one_mini_boss_at_most(self) -> None:
        mini_boss = self.state.mini_boss
        assert mini_boss is None or mini_boss.id not in self.state.mini_bosses_destroyed
        assert len(set(self.state.mini_bosses_destroyed)) == len(self.state.mini_bosses_destroyed)

    @invariant()
    def boss_spawns_at_most_once(self) -> None:
        assert self.boss_spawns <= 1

    @invariant()
    def relics_within_the_spawning_points_at_spawn(self) -> None:
        relics = len(self.state.boss.relics)
        assert relics == 0 or relics <= (self.slots_at_spawn or 0)
        assert self.state.boss.relic_slots in (None, self.slots_at_spawn)

    @invariant()
    def pool_never_negative(self) -> None:
        assert min(self.state.pool.values()) >= 0
        assert min(self.state.board.values(), default=0) >= 0

    @invariant()
    def wounds_never_exceed_hearts(self) -> None:
        for hearts, wounds in hearts_and_wounds(self.pack, self.state).values():
            assert 0 <= wounds <= hearts

    @invariant()
    def boss_hearts_follow_its_relics(self) -> None:
        """Relic hearts count as printed ones (an old journal's ChooseRelics: the printed), and
        the timeout has come once the wounds reach half of them, unless they defeated it."""
        boss = self.state.boss
        printed = self.pack.dungeon_bosses[self.setup.boss].hearts
        hearts = boss_status(self.pack, self.state).hearts
        assert hearts == (printed if self.hearts is None else self.hearts)
        assert boss_status(self.pack, self.state).timeout_threshold == (hearts + 1) // 2
        if boss.spawned and not boss.defeated and not boss.timeout:
            assert boss.wounds < (hearts + 1) // 2
        assert boss.defeated == (boss.spawned and boss.wounds >= hearts)

    @invariant()
    def marked_monsters_are_on_the_dungeon(self) -> None:
        for monster, count in self.state.board.items():
            assert len([m for m in self.state.tracked if m.id == monster]) <= count
        assert all(m.wounds or m.status for m in self.state.tracked)
        assert all(0 <= n <= 4 for n in self.state.summoned.values())

    @invariant()
    def state_round_trips_through_json(self) -> None:
        encoded = msgspec.json.encode(self.state)
        assert msgspec.json.decode(encoded, type=GameState) == self.state

    @invariant()
    def replay_gives_the_same_state(self) -> None:
        if len(self.actions) % REPLAY_EVERY == 0:
            self._check_replay()

    def teardown(self) -> None:
        if hasattr(self, "state"):
            self._check_replay()
            # Shown by `pytest --hypothesis-show-statistics`: how far the games got.
            event(f"boss spawned: {self.state.boss.spawned}")
            event(f"timeout: {self.state.boss.timeout}")
            event(f"bonuses: {len(self.state.bonuses)}")

    def _check_replay(self) -> None:
        state = new_game(self.pack, self.setup)
        for action in self.actions:
            state = apply(self.pack, state, action)
        assert hearts_and_wounds(self.pack, state) == hearts_and_wounds(self.pack, self.state)
        assert state == self.state


class ForgottenKingMachine(GameMachine):
    edition = "forgotten-king"


class ClassicMachine(GameMachine):
    edition = "classic"


FAST = settings(
    max_examples=60,
    stateful_step_count=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

TestSde2Game = GameMachine.TestCase
TestSde2Game.settings = FAST
TestForgottenKingGame = ForgottenKingMachine.TestCase
TestForgottenKingGame.settings = FAST
TestClassicGame = ClassicMachine.TestCase
TestClassicGame.settings = FAST
