"""SDE 1.0 Von Drakk's (and Nocturne's) Adventure Effects timeout, "Summon: 2 Dread Knights, 2
Dust Mages, 4 Boneheads": the summons step asks only for monsters of this game's spawning pool;
those no spawning point of the game brings are named as not coming."""

from __future__ import annotations

from session.players import bundled_pack

from consul_app.rules import (
    AdvanceGauge,
    EndTurn,
    GameState,
    PlacedSpawningPoint,
    Setup,
    Wound,
    apply,
    new_game,
    power_up_steps,
)
from consul_app.rules.views.prompts import Step

from .packs import finish_steps


def _summons_step(points: list[PlacedSpawningPoint]) -> tuple[GameState, Step]:
    pack = bundled_pack().edition("classic")
    setup = Setup(edition="classic", boss="nocturne", spawning_points=points)
    state = apply(pack, new_game(pack, setup), AdvanceGauge(squares=30))
    state = finish_steps(pack, apply(pack, state, EndTurn()))
    state = apply(pack, state, Wound(wounds=3))
    steps = power_up_steps(pack, state)
    return state, next(s for s in steps if s.key == "timeout-summons")


def test_without_a_shallow_grave_none_of_the_summons_come() -> None:
    state, step = _summons_step([PlacedSpawningPoint(id="egg-clutch", tile=2)])
    assert state.steps[-1].summons == {}
    assert "2 Dread Knight, 2 Dust Mage, 4 Bone Head, and no spawning point of" in step.text


def test_with_none_of_the_summons_in_the_game_the_step_says_none_come_first() -> None:
    """Seen in a real terminal at 80x24: the top bar read "Spawn these monsters in the boss's
    place, or move them there (...): all done. The card also na… (more: 1 Steps)", as if
    monsters were to spawn; with none of them in the game, it says so first."""
    _, step = _summons_step([PlacedSpawningPoint(id="egg-clutch", tile=2)])
    assert step.text.startswith("None of the monsters the card summons comes: ")
    assert "Spawn these monsters" not in step.text and "all done" not in step.text


def test_with_a_shallow_grave_every_summons_is_asked_for() -> None:
    grave = PlacedSpawningPoint(id="shallow-grave", tile=2)
    state, step = _summons_step([grave, grave])
    assert state.steps[-1].summons == {"dread-knight": 2, "dust-mage": 2, "bone-head": 4}
    assert "no spawning point of this game" not in step.text
