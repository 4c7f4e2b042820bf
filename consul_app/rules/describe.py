"""`describe`: an action's human label, with names from the pack (for the log and undo)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from consul_app.content.pack import EditionPack
from consul_app.rules import actions as a
from consul_app.rules.editions.words import words
from consul_app.rules.names import counts_text, name_of
from consul_app.rules.texts import step_title

_END_TURN = {
    "sde2": "End the Consul turn",
    "forgotten-king": "End the turn",
    "classic": "End the round",
}
_WHO = {"boss": "Boss", "mini-boss": "Mini-boss"}


def describe(pack: EditionPack, action: a.Action) -> str:
    """A short label: "Advance the chart to space 7", "Boss takes 2 wounds"."""
    return _LABELS[type(action)](pack, action)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _advance(pack: EditionPack, action: a.AdvanceChart) -> str:
    if pack.edition == "forgotten-king":
        return f"Climb the Mighty Monster ladder to step {action.space}"
    return f"Advance the chart to space {action.space}"


def _spawn_boss(pack: EditionPack, action: a.SpawnBoss) -> str:
    boss = name_of(pack, "dungeon_bosses", action.boss)
    return f"{words(pack.edition).arrive} the dungeon boss {boss}"


def _relics(pack: EditionPack, action: a.ChooseRelics) -> str:
    if not action.relics:
        return "Boss equips no relic"
    return "Boss equips " + ", ".join(name_of(pack, "relics", r) for r in action.relics)


def _sighting(pack: EditionPack, action: a.AnswerSighting) -> str:
    return "Boss sighting: " + ("heroes on the tiles" if action.heroes_present else "no hero there")


_LABELS: dict[type, Callable[[EditionPack, Any], str]] = {
    a.EndTurn: lambda pack, _: _END_TURN[pack.edition],
    a.AdvanceChart: _advance,
    a.ConfirmStep: lambda pack, act: f"Done: {step_title(pack.edition, act.step)}",
    a.Spawn: lambda pack, act: f"Spawn {counts_text(pack, act.monsters)}",
    a.DestroyMonsters: lambda pack, act: f"Destroyed {counts_text(pack, act.monsters)}",
    a.DestroySpawningPoint: lambda pack, act: (
        f"Spawning point {name_of(pack, 'spawning_points', act.spawning_point)} "
        f"on tile {act.tile} destroyed"
    ),
    a.DestroyHero: lambda *_: "A hero is destroyed",
    a.SpawnMiniBoss: lambda pack, act: (
        f"Spawn the mini-boss {name_of(pack, 'mini_bosses', act.mini_boss)}"
    ),
    a.DestroyMiniBoss: lambda pack, act: (
        f"Mini-boss {name_of(pack, 'mini_bosses', act.mini_boss)} destroyed"
    ),
    a.SpawnBoss: _spawn_boss,
    a.ChooseRelics: _relics,
    a.ChooseBonus: lambda pack, act: f"Monsters gain {name_of(pack, 'bonuses', act.bonus)}",
    a.AnswerSighting: _sighting,
    a.Wound: lambda _, act: f"{_WHO[act.target]} takes {_plural(act.wounds, 'wound')}",
    a.Heal: lambda _, act: f"{_WHO[act.target]} heals {_plural(act.wounds, 'wound')}",
    a.AddStatus: lambda pack, act: (
        f"{_WHO[act.target]} gains {name_of(pack, 'status_effects', act.status)}"
    ),
    a.RemoveStatus: lambda pack, act: (
        f"{_WHO[act.target]} loses {name_of(pack, 'status_effects', act.status)}"
    ),
    a.AdvanceGauge: lambda _, act: f"Power gauge +{act.squares}",
}
