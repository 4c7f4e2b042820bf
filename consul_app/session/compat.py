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
