"""SDE 2.0: the Consul power-up phase, the boss fight, the timeout."""

from __future__ import annotations

from consul_app.content.pack import EditionPack
from consul_app.rules.handlers.rewards import loot, treasure
from consul_app.rules.model.chart import spaces
from consul_app.rules.model.state import GameState
from consul_app.rules.model.steps import StepState
from consul_app.rules.views.rule_texts import PLACE_AT_EXIT


def end_turn(pack: EditionPack, state: GameState) -> None:
    """The power-up phase in the rulebook's order (1. Rewards, 2. Princess Coins,
    3. Equipment, 4. Mighty Monsters): rewards if loot or treasure is due, princess coins if
    heroes were destroyed, the heroes' equipment, then the chart while the boss is on it."""
    state.phase = "power-up"
    if loot(state.tally) or treasure(state.tally):
        state.steps.append(StepState(key="rewards"))
    if state.tally.heroes_destroyed:
        state.steps.append(StepState(key="princess-coins"))
    state.steps.append(StepState(key="equipment"))
    on_chart = not state.boss.spawned
    if on_chart and state.position < len(spaces(pack, state.chart)):
        state.steps.append(StepState(key="advance-chart", space=state.position + 1))


def before_phase_ends(pack: EditionPack, state: GameState) -> list[StepState]:
    """After the chart's effects, with no spawning points in play, the boss spawns by itself."""
    if (
        state.phase == "power-up"
        and not state.boss.spawned
        and not state.standing_spawning_points()
    ):
        return [StepState(key="boss-spawn", auto=True)]
    return []


def boss_fight_steps(pack: EditionPack, state: GameState) -> list[StepState]:
    """As printed on the board: remove the spawning points, relics, then Boss Spawn effects."""
    steps: list[StepState] = []
    if state.standing_spawning_points():
        steps.append(StepState(key="remove-spawning-points"))
    if state.boss.relic_slots:
        steps.append(StepState(key="relics"))
    steps.append(StepState(key="boss-spawn-effects"))
    return steps


def timeout_steps(pack: EditionPack, state: GameState) -> list[StepState]:
    return [
        StepState(key="timeout-heal-hero"),
        StepState(key="timeout-immune"),
        StepState(key="timeout-effects"),
    ]


def spawning_point_destroyed(pack: EditionPack, state: GameState, tile: int) -> None:
    """Nothing now: the boss spawns in the power-up phase if none are left then."""


def turn_notes(pack: EditionPack, state: GameState) -> list[str]:
    return []


def boss_arrival(pack: EditionPack, state: GameState) -> str | None:
    """Its chart space shows when it comes, unless no spawning point is left."""
    if state.standing_spawning_points():
        return None
    when = "this" if state.phase == "power-up" else "the next"
    return (
        "No spawning point is left: it spawns by itself at the end of "
        f"{when} power-up phase, after the chart's effects."
    )


def boss_spawn_prompt(state: GameState, step: StepState, boss: str) -> str:
    why = (
        "No spawning points are in play after the chart's effects: the dungeon boss spawns "
        "automatically. "
        if step.auto
        else ""
    )
    return f"{why}Remove {boss} from the chart and place it {PLACE_AT_EXIT}. A Boss Fight begins."
