"""Does the content in use still have every entry a saved game refers to?"""

from __future__ import annotations

from collections.abc import Iterator

from consul_app.content import EditionPack
from consul_app.rules import (
    Action,
    AddStatus,
    ChooseBonus,
    ChooseRelics,
    DestroyMarked,
    DestroyMiniBoss,
    DestroyMonsters,
    DestroySpawningPoint,
    EquipRelics,
    GameState,
    RemoveStatus,
    Setup,
    Spawn,
    SpawnBoss,
    SpawnMiniBoss,
)
from consul_app.session.timeline import Done

KIND_NAMES = {
    "dungeon_bosses": "dungeon boss",
    "mini_bosses": "mini-boss",
    "spawning_points": "spawning point",
    "monsters": "monster",
    "power_gauges": "power gauge",
    "relics": "relic",
    "bonuses": "bonus",
    "status_effects": "status effect",
    "charts": "chart",
}


def _setup_refs(setup: Setup) -> Iterator[tuple[str, str]]:
    yield "dungeon_bosses", setup.boss
    yield from (("mini_bosses", m) for m in setup.mini_bosses)
    yield from (("spawning_points", p.id) for p in setup.spawning_points)
    if setup.power_gauge is not None:
        yield "power_gauges", setup.power_gauge


def _action_refs(action: Action) -> Iterator[tuple[str, str]]:
    match action:
        case Spawn(monsters=counts) | DestroyMonsters(monsters=counts):
            yield from (("monsters", m) for m in counts)
        case DestroyMarked(model=monster):
            yield "monsters", monster
        case DestroySpawningPoint(spawning_point=point):
            yield "spawning_points", point
        case SpawnMiniBoss(mini_boss=mini) | DestroyMiniBoss(mini_boss=mini):
            yield "mini_bosses", mini
        case SpawnBoss(boss=boss):
            yield "dungeon_bosses", boss
        case ChooseRelics(relics=relics) | EquipRelics(relics=relics):
            yield from (("relics", r) for r in relics)
        case ChooseBonus(bonus=bonus):
            yield "bonuses", bonus
        case AddStatus(status=status) | RemoveStatus(status=status):
            yield "status_effects", status


def missing_ids(pack: EditionPack, setup: Setup, actions: list[Done]) -> list[str]:
    """Each id the setup or an action needs that `pack` lacks, as "relic 'x' (line 7)"."""
    refs = [(kind, entry, "the setup") for kind, entry in _setup_refs(setup)]
    for done in actions:
        refs += [(kind, entry, f"line {done.line}") for kind, entry in _action_refs(done.action)]
    missing = {
        f"{KIND_NAMES[kind]} {entry!r} ({where})": None
        for kind, entry, where in refs
        if entry not in pack.kind(kind)
    }
    return list(missing)


def _state_refs(state: GameState) -> Iterator[tuple[str, str]]:
    if state.chart is not None:
        yield "charts", state.chart
    for counts in (state.pool, state.board):
        yield from (("monsters", m) for m in counts)
    for tracked in state.tracked:
        yield "monsters", tracked.id
        yield from (("status_effects", s) for s in tracked.status)
    for point in state.spawning_points:
        yield "spawning_points", point.id
        yield from (("status_effects", s) for s in point.status_effects)
    yield from (("bonuses", b.bonus) for b in state.bonuses)
    if state.mini_boss is not None:
        yield "mini_bosses", state.mini_boss.id
        yield from (("status_effects", s) for s in state.mini_boss.status)
    yield from (("mini_bosses", m) for m in state.mini_bosses_destroyed)
    yield from (("relics", r) for r in state.boss.relics)
    yield from (("status_effects", s) for s in state.boss.status)


def state_missing(pack: EditionPack, state: GameState) -> list[str]:
    """Each id a state (a checkpoint's) names that `pack` lacks, as "monster 'x'"."""
    missing = {
        f"{KIND_NAMES[kind]} {entry!r}": None
        for kind, entry in [*_setup_refs(state.setup), *_state_refs(state)]
        if entry not in pack.kind(kind)
    }
    return list(missing)
