"""Forgotten King: the ladder climbed after a mini-boss falls; the boss on the last spawning
point's tile; a five-step timeout."""

from __future__ import annotations

from consul_app.content.pack import EditionPack
from consul_app.rules.model.chart import spaces
from consul_app.rules.model.names import tiles_text
from consul_app.rules.model.state import GameState
from consul_app.rules.model.steps import StepState

TIMEOUT_SPAWN_SKULL_POINTS = 6


def end_turn(pack: EditionPack, state: GameState) -> None:
    """One ladder step at the end of a turn in which a mini-boss was destroyed; none at the top."""
    state.phase = "power-up"
    at_top = state.position >= len(spaces(pack, state.chart))
    if state.tally.mini_bosses_destroyed and not at_top:
        state.steps.append(StepState(key="advance-chart", space=state.position + 1))


def before_phase_ends(pack: EditionPack, state: GameState) -> list[StepState]:
    return []


def boss_fight_steps(pack: EditionPack, state: GameState) -> list[StepState]:
    return [StepState(key="boss-spawn-effects")]


def timeout_steps(pack: EditionPack, state: GameState) -> list[StepState]:
    return [
        StepState(key="timeout-status"),
        StepState(key="timeout-heal-boss"),
        StepState(key="timeout-effects"),
        StepState(
            key="timeout-spawn",
            budget=TIMEOUT_SPAWN_SKULL_POINTS,
            bits=["8-bit", "16-bit"],
        ),
        StepState(key="timeout-move"),
    ]


def spawning_point_destroyed(pack: EditionPack, state: GameState, tile: int) -> None:
    """The last spawning point destroyed: the boss comes onto its tile."""
    if not state.boss.spawned and not state.standing_spawning_points():
        state.steps.append(StepState(key="boss-spawn", tiles=[tile]))


def turn_notes(pack: EditionPack, state: GameState) -> list[str]:
    """The ladder climbs after a turn in which a mini-boss fell."""
    if not state.tally.mini_bosses_destroyed:
        return []
    if state.position >= len(spaces(pack, state.chart)):
        return ["A mini-boss was destroyed this turn, but the ladder is at the top: stop!"]
    return ["A mini-boss was destroyed this turn: the ladder climbs one step when it ends."]


def boss_arrival(pack: EditionPack, state: GameState) -> str | None:
    standing = len(state.standing_spawning_points())
    return (
        "Arrives when the last spawning point is destroyed, anywhere on that point's tile "
        f"({standing} standing)."
    )


def boss_spawn_prompt(state: GameState, step: StepState, boss: str) -> str:
    where = tiles_text(step.tiles)
    return f"The last spawning point was destroyed: place {boss} anywhere on {where}."
