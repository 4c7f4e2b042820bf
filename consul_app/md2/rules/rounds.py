"""The round: the hero phase (each hero's turn), the enemy phase (bombs first), and in
campaign mode the Town Phase between quests."""

from __future__ import annotations

from msgspec.structs import replace

from consul_app.md2.rules import actions as a
from consul_app.md2.rules.bard import move_chords
from consul_app.md2.rules.errors import RuleError
from consul_app.md2.rules.state import HERO_NAMES, Md2State


def start_turn(state: Md2State, action: a.StartTurn) -> Md2State:
    hero = action.hero
    if state.phase != "hero":
        raise RuleError("Turns are taken in the hero phase")
    if hero not in state.setup.heroes:
        raise RuleError(f"The {HERO_NAMES[hero]} is not playing")
    if state.turn is not None:
        raise RuleError(f"End the {HERO_NAMES[state.turn]}'s turn first")
    if hero in state.had_turn:
        raise RuleError(f"The {HERO_NAMES[hero]} had a turn this round")
    state = replace(state, turn=hero)
    if hero == "bard" and state.bard is not None:
        state = replace(state, bard=move_chords(state.bard))
    if hero == "tinkerer" and state.tinkerer is not None:
        state = replace(state, tinkerer=replace(state.tinkerer, activations=()))
    return state


def end_turn(state: Md2State) -> Md2State:
    if state.turn is None:
        raise RuleError("No hero's turn is under way")
    return replace(state, turn=None, had_turn=(*state.had_turn, state.turn))


def start_enemy_phase(state: Md2State) -> Md2State:
    """Bombs explode at the start of the enemy phase."""
    if state.phase != "hero":
        raise RuleError("The enemy phase follows the hero phase")
    if state.turn is not None:
        raise RuleError(f"End the {HERO_NAMES[state.turn]}'s turn first")
    waiting = [HERO_NAMES[h] for h in state.setup.heroes if h not in state.had_turn]
    if waiting:
        raise RuleError(f"The {' and the '.join(waiting)} still to take a turn")
    tinkerer = state.tinkerer
    if tinkerer is None:
        return replace(state, phase="enemy")
    return replace(
        state,
        phase="enemy",
        exploding=tinkerer.placed,
        zone=None,
        tinkerer=replace(tinkerer, placed=()),
    )


def end_round(state: Md2State) -> Md2State:
    """The next round: gizmo effects may be used again."""
    if state.phase != "enemy":
        raise RuleError("The round ends after the enemy phase")
    _require_no_bombs(state)
    tinkerer = state.tinkerer and replace(state.tinkerer, used_effects=())
    return replace(
        state, round=state.round + 1, phase="hero", had_turn=(), tinkerer=tinkerer
    )


def start_town_phase(state: Md2State) -> Md2State:
    """Campaign mode: before the Town Phase, gizmos go back to the treasure bag."""
    if not state.setup.campaign:
        raise RuleError("The Town Phase is in Campaign Mode only")
    if state.phase == "town":
        raise RuleError("The Town Phase is under way")
    if state.turn is not None:
        raise RuleError(f"End the {HERO_NAMES[state.turn]}'s turn first")
    _require_no_bombs(state)
    tinkerer = state.tinkerer and replace(
        state.tinkerer, gizmos=(), used_effects=(), placed=(), activations=()
    )
    small = large = 0
    if state.tinkerer is not None:
        small = sum(b.size == "small" for b in state.tinkerer.placed)
        large = len(state.tinkerer.placed) - small
    if tinkerer is not None:
        tinkerer = replace(tinkerer, small_bombs=tinkerer.small_bombs + small,
                           large_bombs=tinkerer.large_bombs + large)
    return replace(state, phase="town", had_turn=(), tinkerer=tinkerer)


def start_quest(state: Md2State) -> Md2State:
    if state.phase != "town":
        raise RuleError("A quest starts from the Town Phase")
    return replace(state, phase="hero", round=1, had_turn=())


def _require_no_bombs(state: Md2State) -> None:
    if state.exploding:
        raise RuleError(f"{len(state.exploding)} bomb(s) still to explode")
