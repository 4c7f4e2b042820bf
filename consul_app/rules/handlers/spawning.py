"""The spawning pool: monsters spawn from it and go back to it when destroyed; spawning points."""

from __future__ import annotations

from consul_app.content.models import Monster
from consul_app.content.pack import EditionPack
from consul_app.rules.editions import edition_of, edition_rules, step_title
from consul_app.rules.model.actions import (
    DestroyMarked,
    DestroyMonsters,
    DestroySpawningPoint,
    Spawn,
)
from consul_app.rules.model.errors import RuleError
from consul_app.rules.model.names import bits_name, point_name
from consul_app.rules.model.state import GameState, SpawningPointState
from consul_app.rules.model.steps import StepDef, StepState, step_def
from consul_app.rules.views.rule_texts import PLACE_MONSTERS


def spawning_pool(pack: EditionPack, spawning_point_ids: list[str]) -> dict[str, int]:
    """The pool entries of every distinct spawning point id (a pair of the same card brings its
    pool once)."""
    pool: dict[str, int] = {}
    for point_id in dict.fromkeys(spawning_point_ids):
        for entry in pack.spawning_points[point_id].pool:
            pool[entry.monster] = pool.get(entry.monster, 0) + entry.count
    return pool


def spawn(pack: EditionPack, state: GameState, action: Spawn) -> None:
    """Spawn from the pool: in a spawn step within its skull points and bits; in a 1.0
    timeout only the listed monsters; outside steps freely while spawning points stand."""
    monsters = {mid: _monster(pack, mid) for mid in action.monsters}
    step = state.open_step()
    if step is not None and not step_def(step.key).spawns:
        title = step_title(state.setup.edition, step.key)
        raise RuleError(f"First finish the current step: {title}")
    for mid, count in action.monsters.items():
        available = state.pool.get(mid, 0)
        if not available:
            raise RuleError(f"no {monsters[mid].name} is left in the spawning pool")
        if count > available:
            raise RuleError(
                f"only {available} {monsters[mid].name} in the spawning pool, not {count}"
            )
    if step is not None and step.budget is not None:  # (spawn, timeout-spawn)
        if step.key == "spawn":
            _require_spawning_point(state)
        _check_budget(step, monsters, action.monsters)
    elif step is not None:
        _check_summons(step, monsters, action.monsters)
    else:
        check_free_spawn(state)
    for mid, count in action.monsters.items():
        state.pool[mid] -= count
        state.board[mid] = state.board.get(mid, 0) + count


def _monster(pack: EditionPack, monster_id: str) -> Monster:
    monster = pack.monsters.get(monster_id)
    if monster is None:
        raise RuleError(f"unknown monster {monster_id!r}")
    return monster


def _check_budget(step: StepState, monsters: dict[str, Monster], counts: dict[str, int]) -> None:
    budget = step.budget or 0
    for monster in monsters.values():
        if monster.bits not in step.bits:
            allowed = " or ".join(bits_name(b) for b in step.bits)
            raise RuleError(
                f"{monster.name} is {bits_name(monster.bits)}: only {allowed} may spawn"
            )
    cost = sum(monsters[mid].skull_points * n for mid, n in counts.items())
    if step.spent + cost > budget:
        raise RuleError(
            f"that is {cost} skull point{'' if cost == 1 else 's'}, but only"
            f" {budget - step.spent} of {budget} are left"
        )
    step.spent += cost


def _check_summons(step: StepState, monsters: dict[str, Monster], counts: dict[str, int]) -> None:
    for mid, count in counts.items():
        left = step.summons.get(mid, 0)
        if count > left:
            raise RuleError(f"the timeout summons {left} more {monsters[mid].name}, not {count}")
    for mid, count in counts.items():
        step.summons[mid] -= count


def check_free_spawn(state: GameState) -> None:
    """Outside steps: refused once the 1.0 boss is summoned, or with no spawning point left."""
    if edition_of(state).points_stop_at_summon and state.boss.spawned:
        raise RuleError("the spawning points stop producing monsters once the boss is summoned")
    _require_spawning_point(state)


def _require_spawning_point(state: GameState) -> None:
    """Monsters are placed near a spawning point; without one they stay in the pool."""
    if not state.standing_spawning_points():
        raise RuleError("no spawning point is left to place monsters near")


def destroy_monsters(pack: EditionPack, state: GameState, action: DestroyMonsters) -> None:
    """Back to the pool; 8-Bit skull points and 16-Bit models are noted for the rewards."""
    for mid, count in action.monsters.items():
        monster = _monster(pack, mid)
        on_board = state.board.get(mid, 0)
        if count > on_board:
            raise RuleError(f"only {on_board} {monster.name} on the dungeon, not {count}")
    remove_destroyed_monsters(pack, state, action.monsters)


def destroy_marked(pack: EditionPack, state: GameState, action: DestroyMarked) -> None:
    """The marked monster destroyed, as by wounds: back to the pool, counted for the rewards."""
    monster = _monster(pack, action.model)
    marked = [m for m in state.tracked if m.id == action.model]
    if action.which >= len(marked):
        raise RuleError(f"only {len(marked)} {monster.name} carry wounds or status effects")
    state.tracked.remove(marked[action.which])
    remove_destroyed_monsters(pack, state, {action.model: 1})


def remove_destroyed_monsters(pack: EditionPack, state: GameState, counts: dict[str, int]) -> None:
    """Destroyed monsters go back to the pool and count for the rewards. Those destroyed by key
    are taken from the unmarked ones first, then the most wounded."""
    for mid, count in counts.items():
        monster = pack.monsters[mid]
        state.board[mid] -= count
        state.pool[mid] = state.pool.get(mid, 0) + count
        if monster.bits == "8-bit":
            state.tally.skull_points_8bit += monster.skull_points * count
        else:
            state.tally.models_16bit += count
        marked = sorted(
            (m for m in state.tracked if m.id == mid), key=lambda m: m.wounds, reverse=True
        )
        for gone in marked[: max(0, len(marked) - state.board[mid])]:
            state.tracked.remove(gone)


def destroy_spawning_point(
    pack: EditionPack, state: GameState, action: DestroySpawningPoint
) -> None:
    point = state.standing_point(action.spawning_point, action.tile, action.which)
    if point is None:
        name = point_name(pack, action.spawning_point, action.which)
        raise RuleError(f"no standing {name} spawning point on tile {action.tile}")
    spawning_point_falls(pack, state, point)


def spawning_point_falls(pack: EditionPack, state: GameState, point: SpawningPointState) -> None:
    """Destroyed by the heroes (by key or by wounds): its loot is due (2.0: its tile number plus
    one), and the edition's rules follow (FK: the last one brings the boss)."""
    point.status = "destroyed"
    state.tally.spawning_point_tiles.append(point.tile)
    edition_rules(state).spawning_point_destroyed(pack, state, point.tile)


def _spawn(pack: EditionPack, state: GameState, step: StepState) -> str:
    bits = " or ".join(bits_name(b) for b in step.bits)
    if not state.standing_spawning_points():
        return (
            f"The space spawns {step.budget} skull points of {bits} monsters, but no spawning "
            "point is left to place them near: they stay in the spawning pool. Confirm the step."
        )
    left = (step.budget or 0) - step.spent
    return (
        f"Spawn up to {step.budget} skull points of {bits} monsters from the spawning pool "
        f"({left} left). {PLACE_MONSTERS}"
    )


STEPS = {"spawn": StepDef("spawn", "Spawn monsters", _spawn, spawns=True)}
"""A chart space's spawn: its skull points of monsters from the pool, near a spawning point."""
