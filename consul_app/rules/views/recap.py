"""Since your last turn: what the last power-up phase (FK: end of the turn, 1.0: end of the
round) did, from the states and actions of the journal. A pure view."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from consul_app.content import EditionPack
from consul_app.rules.editions import edition
from consul_app.rules.handlers.boss_sighting import sighted_tiles
from consul_app.rules.handlers.mini_boss import mini_bosses_waiting, no_mini_boss_left
from consul_app.rules.model.actions import (
    Action,
    AdvanceChart,
    AnswerSighting,
    CancelSighting,
    EndTurn,
    Spawn,
    SpawnMiniBoss,
)
from consul_app.rules.model.chart import spaces
from consul_app.rules.model.names import counts_text, name_of, tiles_text
from consul_app.rules.model.state import GameState
from consul_app.rules.views.chart import chart_status, current_space


@dataclass(frozen=True)
class Recap:
    """What a phase did, in short lines; `turn` is the turn (round) it ended."""

    title: str
    turn: int
    lines: list[str]
    start: int
    """Where the phase begins: the index of its EndTurn in the actions given."""


def phase_bounds(states: Sequence[GameState], actions: Sequence[Action]) -> tuple[int, int] | None:
    """(start, end) of the last finished phase: `actions[start]` ends a turn, and `states[end]`
    is the first state after it in the next turn with nothing due. `states[n]` is the state
    before `actions[n]`. None if no phase has finished."""
    for start in reversed(range(len(actions))):
        if not isinstance(actions[start], EndTurn):
            continue
        turn = states[start].turn
        for end in range(start + 1, len(states)):
            if states[end].turn > turn and states[end].open_step() is None:
                return start, end
    return None


def recap(
    pack: EditionPack, states: Sequence[GameState], actions: Sequence[Action]
) -> Recap | None:
    """The last finished phase told in short lines (None if none has finished yet).
    `states[n]` is the state before `actions[n]`; `states` has one more (the present)."""
    bounds = phase_bounds(states, actions)
    if bounds is None:
        return None
    start, end = bounds
    before, after, done = states[start], states[end], actions[start:end]
    said = edition(before.setup.edition).words
    lines = [
        *_chart(pack, before, after),
        *_spawned(pack, done),
        *_no_mini_boss(pack, states[start:end], done),
        *_bonuses(pack, before, after),
        *_sighting(states[start:end], done),
        *_boss(pack, before, after),
    ]
    title = f"Since your last turn: {said.turn} {before.turn}, {said.phase}"
    return Recap(title, before.turn, lines or ["Nothing to report."], start)


def _chart(pack: EditionPack, before: GameState, after: GameState) -> list[str]:
    if after.position == before.position:
        return []
    status = chart_status(pack, after)
    if status is not None and status.left_chart:
        return [f"The boss token {status.where}."]
    space = current_space(pack, after)
    if space is None:
        return []
    return [f"Reached {edition(after.setup.edition).words.step} {space.number}: {space.summary}."]


def _spawned(pack: EditionPack, done: Sequence[Action]) -> list[str]:
    counts: Counter[str] = Counter()
    for action in done:
        if isinstance(action, Spawn):
            counts.update(action.monsters)
    lines = [f"Spawned {counts_text(pack, dict(counts))}."] if counts else []
    lines += [
        f"Mini-boss {name_of(pack, 'mini_bosses', a.mini_boss)} came onto the dungeon."
        for a in done
        if isinstance(a, SpawnMiniBoss)
    ]
    return lines


def _no_mini_boss(
    pack: EditionPack, states: Sequence[GameState], done: Sequence[Action]
) -> list[str]:
    """A Spawn Mini-Boss space reached with none on the dungeon and none left to spawn."""
    for state, action in zip(states, done, strict=False):
        if not isinstance(action, AdvanceChart) or state.mini_boss is not None:
            continue
        space = spaces(pack, state.chart)[action.space - 1]
        if space.mini_boss and not mini_bosses_waiting(state):
            return [no_mini_boss_left(pack, state)]
    return []


def _bonuses(pack: EditionPack, before: GameState, after: GameState) -> list[str]:
    gained = [name_of(pack, "bonuses", b.bonus) for b in after.bonuses[len(before.bonuses) :]]
    return [f"Bonus gained: {name}." for name in gained]


def _sighting(states: Sequence[GameState], done: Sequence[Action]) -> list[str]:
    """How each boss sighting went: answered (the tiles it hit, with each Dark Reflection
    hero's), or cancelled by a Clever hero's wound. `states[n]` is the state before `done[n]`."""
    lines = []
    for state, action in zip(states, done, strict=False):
        if isinstance(action, CancelSighting):
            lines.append(
                f"Boss sighting cancelled: {action.hero} (Clever) suffered a wound to cancel it."
            )
        elif isinstance(action, AnswerSighting) and action.reflected:
            step = state.open_step()
            tiles = sighted_tiles(step.tiles if step else [], action.reflected)
            heroes = ", ".join(f"{h} on tile {t}" for h, t in action.reflected.items())
            lines.append(f"Boss sighting hit {tiles_text(tiles)} (Dark Reflection: {heroes}).")
        elif isinstance(action, AnswerSighting):
            lines.append(
                "Boss sighting: heroes were on the tiles."
                if action.heroes_present
                else "Boss sighting: no heroes on the tiles."
            )
    return lines


def _boss(pack: EditionPack, before: GameState, after: GameState) -> list[str]:
    boss, was = after.boss, before.boss
    name = name_of(pack, "dungeon_bosses", after.setup.boss)
    lines: list[str] = []
    if boss.spawned and not was.spawned:
        others = [name_of(pack, "dungeon_bosses", b.id) for b in after.other_bosses]
        brought = "".join(f" with {other}" for other in others)  # (Mugg came with Ugg)
        lines.append(f"{name} {edition(after.setup.edition).words.arrived}{brought}.")
    if boss.relics != was.relics:  # (1.0: its Treasure)
        relics = ", ".join(name_of(pack, "relics", r) for r in boss.relics) or "none"
        lines.append(f"{edition(after.setup.edition).words.relics}: {relics}.")
    if boss.timeout and not was.timeout:
        lines.append("The timeout came.")
    if boss.wounds < was.wounds:
        lines.append(f"{name} healed {was.wounds - boss.wounds} wounds.")
    removed = [p for p in after.spawning_points if p.status == "removed"]
    if len(removed) > sum(p.status == "removed" for p in before.spawning_points):
        lines.append("The spawning points left on the dungeon were removed.")
    return lines
