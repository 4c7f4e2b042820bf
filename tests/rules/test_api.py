"""The engine's contract: pure, deterministic, JSON round-trips, readable labels and errors."""

from __future__ import annotations

import json
import subprocess
import sys

import msgspec
import pytest

from consul_app.content.pack import EditionPack
from consul_app.rules import (
    Action,
    AddStatus,
    AdvanceChart,
    AdvanceGauge,
    AnswerSighting,
    ChooseBonus,
    ChooseRelics,
    ConfirmStep,
    DestroyHero,
    DestroyMarked,
    DestroyMiniBoss,
    DestroyMonsters,
    DestroySpawningPoint,
    EndTurn,
    EquipRelics,
    GameState,
    Heal,
    RemoveStatus,
    RuleError,
    Spawn,
    SpawnBoss,
    SpawnMiniBoss,
    Wound,
    action_data,
    apply,
    describe,
    new_game,
    read_action,
)

from .packs import make_setup, next_turn, play, run_to

ALL_ACTIONS = [
    EndTurn(),
    AdvanceChart(space=7),
    ConfirmStep(step="spawn"),
    Spawn(monsters={"kobold": 2, "dragon": 1}),
    DestroyMonsters(monsters={"kobold": 1}),
    DestroyMarked(model="kobold", which=1),
    DestroySpawningPoint(spawning_point="burrow", tile=2),
    DestroyHero(),
    SpawnMiniBoss(mini_boss="chief"),
    DestroyMiniBoss(mini_boss="chief"),
    SpawnBoss(boss="big"),
    ChooseRelics(relics=["crown"]),
    EquipRelics(relics=["crown"]),
    ChooseBonus(bonus="offense"),
    AnswerSighting(heroes_present=True),
    Wound(wounds=2),
    Heal(target="mini-boss", wounds=1),
    AddStatus(status="poison"),
    RemoveStatus(target="mini-boss", status="stun"),
    AdvanceGauge(squares=3),
]


def test_importing_the_engine_does_not_import_textual_or_rich() -> None:
    code = (  # every name: the package imports its modules on first use
        "import sys, consul_app.rules as r; [getattr(r, name) for name in r.__all__]; "
        "print('textual' in sys.modules or 'rich' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("action", ALL_ACTIONS, ids=lambda a: type(a).__name__)
def test_every_action_round_trips_through_json(action: Action) -> None:
    assert read_action(json.loads(json.dumps(action_data(action)))) == action


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "fly"}, "Invalid value 'fly' - at `$.type`"),
        ({"type": 3}, "Expected `str`, got `int` - at `$.type`"),
        ({"wounds": 2}, "Object missing required field `type`"),
        (["wound"], "Expected `object`, got `array`"),
        ({"type": "wound", "wounds": "2"}, "Expected `int`, got `str` - at `$.wounds`"),
        (
            {"type": "spawn", "monsters": {"kobold": 0}},
            "Expected `int` >= 1 - at `$.monsters[...]`",
        ),
        ({"type": "heal", "which": -1}, "Expected `int` >= 0 - at `$.which`"),
        ({"type": "end_turn", "turn": 2}, "Object contains unknown field `turn`"),
    ],
)
def test_read_action_refuses_what_is_no_action_naming_the_field(
    data: object, message: str
) -> None:
    with pytest.raises(msgspec.ValidationError) as caught:
        read_action(data)
    assert str(caught.value) == message


@pytest.mark.parametrize("action", ALL_ACTIONS, ids=lambda a: type(a).__name__)
def test_every_action_has_a_label(sde2: EditionPack, action: object) -> None:
    assert describe(sde2, action)


def test_labels_use_names_from_the_pack(sde2: EditionPack) -> None:
    assert describe(sde2, AdvanceChart(space=7)) == "Advance the chart to space 7"
    assert describe(sde2, Wound(wounds=2)) == "Boss takes 2 wounds"
    assert describe(sde2, Wound(wounds=1)) == "Boss takes 1 wound"
    spawn = Spawn(monsters={"kobold": 2, "dragon": 1})
    assert describe(sde2, spawn) == "Spawn 2 Kobold, 1 Dragon"
    assert describe(sde2, SpawnBoss(boss="big")) == "Spawn the dungeon boss Big Boss"
    assert describe(sde2, EndTurn()) == "End the Consul turn"


def test_labels_follow_the_edition(fk: EditionPack, classic: EditionPack) -> None:
    assert describe(fk, AdvanceChart(space=2)) == "Climb the Mighty Monster ladder to step 2"
    assert describe(classic, EndTurn()) == "End the round"
    assert describe(classic, SpawnBoss(boss="big")) == "Summon the dungeon boss Big Boss"


def test_apply_never_changes_its_input(sde2: EditionPack) -> None:
    state = new_game(sde2, make_setup())
    before = msgspec.json.encode(state)
    after = play(sde2, state, EndTurn(), AdvanceChart(space=1), Spawn(monsters={"kobold": 2}))
    assert msgspec.json.encode(state) == before
    assert msgspec.json.encode(after) != before


def test_the_state_round_trips_through_json_with_its_setup(sde2: EditionPack) -> None:
    state = next_turn(sde2, new_game(sde2, make_setup()))
    again = msgspec.json.decode(msgspec.json.encode(state), type=GameState)
    assert again == state
    assert again.setup == make_setup()


def test_the_same_actions_give_the_same_state(sde2: EditionPack) -> None:
    actions = [EndTurn(), AdvanceChart(space=1), Spawn(monsters={"kobold": 3})]
    one = play(sde2, new_game(sde2, make_setup()), *actions)
    two = play(sde2, new_game(sde2, make_setup()), *actions)
    assert one == two


def test_an_illegal_action_gives_a_reason(sde2: EditionPack) -> None:
    state = new_game(sde2, make_setup())
    with pytest.raises(RuleError, match="has not spawned"):
        apply(sde2, state, Wound(wounds=2))
    with pytest.raises(RuleError, match="Choose one bonus is not the current step"):
        apply(sde2, state, ChooseBonus(bonus="offense"))
    with pytest.raises(RuleError, match="one space, to space 1"):
        play(sde2, state, EndTurn(), AdvanceChart(space=3))


def test_events_wait_until_the_current_step_is_done(sde2: EditionPack) -> None:
    state = run_to(sde2, apply(sde2, new_game(sde2, make_setup()), EndTurn()), "advance-chart")
    with pytest.raises(RuleError, match="First finish the current step"):
        apply(sde2, state, DestroyHero())


def test_a_decision_needs_an_answer_not_a_confirmation(sde2: EditionPack) -> None:
    state = next_turn(sde2, new_game(sde2, make_setup()))
    state = play(sde2, state, EndTurn(), AdvanceChart(space=2))
    with pytest.raises(RuleError, match="needs an answer"):
        apply(sde2, state, ConfirmStep(step="choose-bonus"))


def test_answer_turns_chosen_ids_into_the_action(sde2: EditionPack) -> None:
    from consul_app.rules import answer, pending_decision

    state = play(sde2, next_turn(sde2, new_game(sde2, make_setup())), EndTurn())
    state = apply(sde2, state, AdvanceChart(space=2))
    decision = pending_decision(sde2, state)
    assert answer(decision, ["defense"]) == ChooseBonus(bonus="defense")
    state = play(sde2, state, answer(decision, ["defense"]))
    sighting = pending_decision(sde2, play(sde2, state, EndTurn(), AdvanceChart(space=3)))
    assert answer(sighting, ["yes"]) == AnswerSighting(heroes_present=True)
    assert answer(sighting, ["no"]) == AnswerSighting(heroes_present=False)


def test_answer_covers_every_decision() -> None:
    from consul_app.rules import Step, answer

    def step(key: str) -> Step:
        return Step(key=key, title=key, text="", needs_answer=True, done=False, current=True)

    assert answer(step("relics"), ["crown", "ring"]) == EquipRelics(relics=["crown", "ring"])
    assert answer(step("mini-boss"), ["queen"]) == SpawnMiniBoss(mini_boss="queen")
    with pytest.raises(ValueError, match="is not a decision"):
        answer(step("spawn"), [])
