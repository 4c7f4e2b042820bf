"""Undo is a replay: `apply` is pure (never changes its input, shares nothing with its result)
and deterministic (the same actions from `new_game` give the same state, also after the
actions went through the journal's JSON)."""

from __future__ import annotations

import copy
import json
import typing
from collections.abc import Callable, Iterator
from typing import Any

import msgspec
import pytest

from consul_app.content.pack import EditionPack
from consul_app.rules import (
    Action,
    AddStatus,
    AdvanceChart,
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
    EndGame,
    EndTurn,
    EquipRelics,
    GameState,
    Heal,
    Hero,
    RemoveStatus,
    RuleError,
    Setup,
    Spawn,
    SpawnBoss,
    SpawnMiniBoss,
    Summon,
    Wound,
    action_data,
    apply,
    new_game,
    power_up_steps,
    read_action,
)

from .packs import PACKS, current, finish_steps, make_setup, play, run_to

# States where an action of each type is legal, built from a fresh pack.


def _sde2_start(pack: EditionPack) -> GameState:
    return new_game(pack, make_setup())


def _sde2_space(number: int, key: str | None = None) -> Callable[[EditionPack], GameState]:
    """The standard test chart with the chart advanced onto space `number`."""

    def build(pack: EditionPack) -> GameState:
        state = _sde2_start(pack)
        while state.position < number - 1:
            state = finish_steps(pack, apply(pack, state, EndTurn()))
        state = play(pack, state, EndTurn(), AdvanceChart(space=number))
        return run_to(pack, state, key) if key else state

    return build


def _sde2_after_end_turn(pack: EditionPack) -> GameState:
    return play(pack, _sde2_start(pack), EndTurn())


def _sde2_clever_sighting(pack: EditionPack) -> GameState:
    """Space 3's boss sighting, with a Clever hero in the party."""
    state = new_game(pack, make_setup(heroes=[Hero(name="Ace", keywords=["clever"])]))
    for number in (1, 2, 3):
        state = play(pack, finish_steps(pack, state), EndTurn(), AdvanceChart(space=number))
    return run_to(pack, state, "boss-sighting")


def _sde2_spawned(pack: EditionPack) -> GameState:
    return apply(pack, _sde2_start(pack), Spawn(monsters={"kobold": 2, "dragon": 1}))


def _sde2_marked(pack: EditionPack) -> GameState:
    slowed = AddStatus(target="monster", model="kobold", status="poison")
    return apply(pack, _sde2_spawned(pack), slowed)


def _sde2_relics(pack: EditionPack) -> GameState:
    return run_to(pack, apply(pack, _sde2_space(8)(pack), SpawnBoss(boss="big")), "relics")


def _sde2_boss_in_play(pack: EditionPack) -> GameState:
    state = finish_steps(pack, _sde2_relics(pack))
    return play(pack, state, Wound(wounds=2), AddStatus(status="poison"))


def _sde2_summoned(pack: EditionPack) -> GameState:
    return apply(pack, _sde2_boss_in_play(pack), Summon(model="Imps"))


def _fk_mini_boss(pack: EditionPack) -> GameState:
    state = new_game(pack, make_setup("forgotten-king"))
    state = apply(pack, state, SpawnMiniBoss(mini_boss="chief"))
    return play(
        pack,
        state,
        Wound(target="mini-boss", wounds=2),
        AddStatus(target="mini-boss", status="stun"),
    )


def _classic_start(pack: EditionPack) -> GameState:
    return new_game(pack, make_setup("classic"))


LEGAL: list[tuple[str, Callable[[EditionPack], GameState], Action]] = [
    ("sde2", _sde2_start, EndTurn()),
    ("sde2", _sde2_after_end_turn, AdvanceChart(space=1)),
    ("sde2", _sde2_space(1), Spawn(monsters={"kobold": 2})),
    ("sde2", _sde2_space(1), ConfirmStep(step="spawn")),
    ("sde2", _sde2_start, Spawn(monsters={"kobold": 1})),
    ("sde2", _sde2_spawned, DestroyMonsters(monsters={"kobold": 1, "dragon": 1})),
    ("sde2", _sde2_marked, DestroyMarked(model="kobold", which=0)),
    ("sde2", _sde2_start, DestroySpawningPoint(spawning_point="nest", tile=3)),
    ("sde2", _sde2_start, DestroyHero()),
    ("sde2", _sde2_start, EndGame(result="heroes-lost")),
    ("sde2", _sde2_space(4, "mini-boss"), SpawnMiniBoss(mini_boss="queen")),
    ("sde2", _sde2_space(8), SpawnBoss(boss="big")),
    ("sde2", _sde2_relics, ChooseRelics(relics=["crown", "big-sword"])),
    ("sde2", _sde2_relics, EquipRelics(relics=["crown", "big-sword"])),
    ("sde2", _sde2_space(2), ChooseBonus(bonus="defense")),
    ("sde2", _sde2_space(3), AnswerSighting(heroes_present=True)),
    ("sde2", _sde2_clever_sighting, CancelSighting(hero="Ace")),
    ("sde2", _sde2_space(5), ConfirmStep(step="bonuses")),
    ("sde2", _sde2_boss_in_play, Wound(wounds=3)),  # the timeout
    ("sde2", _sde2_boss_in_play, Heal(wounds=1)),
    ("sde2", _sde2_boss_in_play, AddStatus(status="stun")),
    ("sde2", _sde2_boss_in_play, RemoveStatus(status="poison")),
    ("sde2", _sde2_boss_in_play, Summon(model="Imps", count=2)),
    ("sde2", _sde2_summoned, DestroySummoned(model="Imps")),
    ("sde2", _sde2_spawned, Wound(target="monster", model="dragon", wounds=2)),
    ("sde2", _sde2_start, Wound(target="spawning-point", model="nest", tile=3, wounds=4)),
    ("forgotten-king", _fk_mini_boss, DestroyMiniBoss(mini_boss="chief")),
    ("forgotten-king", _fk_mini_boss, Wound(target="mini-boss", wounds=1)),
    ("forgotten-king", _fk_mini_boss, Heal(target="mini-boss", wounds=1)),
    ("forgotten-king", _fk_mini_boss, RemoveStatus(target="mini-boss", status="stun")),
    ("classic", _classic_start, AdvanceGauge(squares=10)),
]

EVERY_ACTION: list[Action] = [action for _, _, action in LEGAL] + [
    SpawnMiniBoss(mini_boss="chief"),
    AddStatus(target="mini-boss", status="poison"),
    ConfirmStep(step="timeout-immune"),
]


def _action_types() -> set[type]:
    return set(typing.get_args(Action))


def test_the_cases_cover_every_action_type() -> None:
    assert {type(action) for _, _, action in LEGAL} == _action_types()


def _mutables(value: Any, top: bool = True) -> Iterator[int]:
    """ids of every mutable object in a state (its frozen setup aside)."""
    if isinstance(value, msgspec.Struct):
        yield id(value)
        for name in value.__struct_fields__:
            if not (top and name == "setup"):
                yield from _mutables(getattr(value, name), top=False)
    elif isinstance(value, (list, dict)):
        yield id(value)
        for item in value.values() if isinstance(value, dict) else value:
            yield from _mutables(item, top=False)


def _check_pure(pack: EditionPack, state: GameState, action: Action) -> GameState | None:
    """Apply; whatever happens, the input is as it was and shares nothing with the result."""
    snapshot = copy.deepcopy(state)
    dumped = msgspec.json.encode(state)
    try:
        after = apply(pack, state, action)
    except RuleError:
        after = None
    assert state == snapshot
    assert msgspec.json.encode(state) == dumped
    if after is not None:
        assert not set(_mutables(state)) & set(_mutables(after))
        assert after.setup is state.setup or after.setup == state.setup
    return after


@pytest.mark.parametrize(
    ("edition", "build", "action"),
    LEGAL,
    ids=[f"{type(a).__name__}-{i}" for i, (_, _, a) in enumerate(LEGAL)],
)
def test_apply_never_changes_its_input(
    edition: str, build: Callable[[EditionPack], GameState], action: Action
) -> None:
    """The legal action changes a new state only; then every other action, legal or refused,
    leaves this state (and the pack) untouched too."""
    pack = PACKS[edition]()
    state = build(pack)
    after = _check_pure(pack, state, action)
    assert after is not None and after != state
    pack_before = {kind: dict(pack.kind(kind)) for kind in ("charts", "spawning_points")}
    for other in EVERY_ACTION:
        _check_pure(pack, state, other)
        _check_pure(pack, after, other)
    assert {kind: dict(pack.kind(kind)) for kind in ("charts", "spawning_points")} == pack_before


# Replay: a whole scripted game per edition, its actions recorded.


class Recorder:
    """Plays a game, keeping every action that was applied (refused ones are not kept)."""

    def __init__(self, pack: EditionPack, setup: Setup) -> None:
        self.pack = pack
        self.setup = setup
        self.state = new_game(pack, setup)
        self.actions: list[Action] = []

    def do(self, action: Action) -> bool:
        try:
            self.state = apply(self.pack, self.state, action)
        except RuleError:
            return False
        self.actions.append(action)
        return True

    def steps(self) -> None:
        """Do every step due: spawn what fits, take the last bonus offered, all relics
        allowed, heroes present at sightings."""
        while (step := current(self.pack, self.state)) is not None:
            if step.key in ("spawn", "timeout-spawn", "timeout-summons"):
                for monster in list(self.state.pool):
                    self.do(Spawn(monsters={monster: 1}))
            if step.key == "choose-bonus":
                self.do(ChooseBonus(bonus=step.choices[-1].id))
            elif step.key == "relics":
                self.do(EquipRelics(relics=[c.id for c in step.choices][: step.limit or 0]))
            elif step.key == "boss-sighting":
                self.do(AnswerSighting(heroes_present=True))
            elif step.key == "mini-boss":
                self.do(SpawnMiniBoss(mini_boss=step.choices[-1].id))
            else:
                assert step.action is not None
                assert self.do(step.action), step.key

    def turns(self, script: list[list[Action]]) -> None:
        for events in script:
            for event in events:
                self.do(event)
                self.steps()
            self.do(EndTurn())
            self.steps()


def _replay(pack: EditionPack, setup: Setup, actions: list[Action]) -> GameState:
    state = new_game(pack, setup)
    for action in actions:
        state = apply(pack, state, action)
    return state


KILL = [DestroyMonsters(monsters={"kobold": 1}), DestroyHero()]
SCRIPTS: dict[str, list[list[Action]]] = {
    "sde2": [
        [Spawn(monsters={"kobold": 1})],
        KILL,
        [],
        [Wound(target="mini-boss", wounds=2), AddStatus(target="mini-boss", status="poison")],
        [DestroySpawningPoint(spawning_point="nest", tile=3)],
        KILL,
        [],
        [],
        [AddStatus(status="stun"), Wound(wounds=5), Heal(wounds=2)],
        [Wound(wounds=9)],
    ],
    "forgotten-king": [
        [SpawnMiniBoss(mini_boss="chief"), DestroyMiniBoss(mini_boss="chief")],
        [Spawn(monsters={"dragon": 1}), DestroyMonsters(monsters={"dragon": 1})],
        [SpawnMiniBoss(mini_boss="queen"), Wound(target="mini-boss", wounds=8)],
        [DestroySpawningPoint(spawning_point="burrow", tile=2)],
        [DestroySpawningPoint(spawning_point="nest", tile=3), AddStatus(status="poison")],
        [Wound(wounds=7), Heal(wounds=1)],
        [Wound(wounds=9)],
    ],
    "classic": [
        [Spawn(monsters={"kobold": 2}), AdvanceGauge(squares=4)],
        [SpawnMiniBoss(mini_boss="chief"), AdvanceGauge(squares=6)],
        [AddStatus(status="stun"), Wound(wounds=5)],
        [DestroySpawningPoint(spawning_point="burrow", tile=2), Wound(wounds=2)],
        [Wound(wounds=9)],
    ],
}


@pytest.mark.parametrize("edition", sorted(SCRIPTS))
def test_replaying_the_actions_twice_gives_the_same_state(edition: str) -> None:
    """Undo by replay: `new_game` and the same actions give equal states every time, also when
    the actions were written to JSON and read back (as the journal does)."""
    pack = PACKS[edition]()
    recorder = Recorder(pack, make_setup(edition))
    recorder.turns(SCRIPTS[edition])
    final = recorder.state
    assert final.boss.defeated and final.boss.timeout  # the script played a whole game
    one = _replay(pack, recorder.setup, recorder.actions)
    two = _replay(pack, recorder.setup, recorder.actions)
    assert one == two == final
    assert msgspec.json.encode(one) == msgspec.json.encode(two) == msgspec.json.encode(final)
    journal = [json.dumps(action_data(a)) for a in recorder.actions]
    setup = msgspec.convert(json.loads(msgspec.json.encode(recorder.setup)), Setup)
    again = _replay(pack, setup, [read_action(json.loads(line)) for line in journal])
    assert again == final
    # Undo: replaying all but the last action gives the state before it.
    for cut in (len(recorder.actions) // 2, len(recorder.actions) - 1):
        before = _replay(pack, recorder.setup, recorder.actions[:cut])
        assert apply(pack, before, recorder.actions[cut]) == _replay(
            pack, recorder.setup, recorder.actions[: cut + 1]
        )
    assert power_up_steps(pack, one) == power_up_steps(pack, two)
