"""`describe`: an action's human label, with names from the pack (for the log and undo)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from consul_app.content.pack import EditionPack
from consul_app.rules.editions import Edition, edition
from consul_app.rules.handlers.hearts import boss_hearts
from consul_app.rules.handlers.power_gauge import fills_needed, gauge_full, gauge_of
from consul_app.rules.handlers.tracked import immune_to
from consul_app.rules.model import actions as a
from consul_app.rules.model.names import counts_text, name_of, point_name
from consul_app.rules.model.state import GameState

_WHO = {"boss": "Boss", "mini-boss": "Mini-boss"}


def describe(
    pack: EditionPack,
    action: a.Action,
    before: GameState | None = None,
    played: Edition | None = None,
) -> str:
    """A short label: "Advance the chart to space 7", "Boss takes 2 wounds", in the words of
    the game's edition (`played`, else that of the state `before`, else the pack's: an edition
    may play another's content). Given the state `before` the action, a hit that destroys its
    model says so ("...: destroyed")."""
    if played is None:
        played = edition(before.setup.edition if before is not None else pack.edition)
    worded = _WORDED.get(type(action))
    label = worded(pack, played, action) if worded else _LABELS[type(action)](pack, action)
    if _on_the_mini_boss(action) and before is not None and before.mini_boss is not None:
        name = name_of(pack, "mini_bosses", before.mini_boss.id)
        label = label.replace(_WHO["mini-boss"], f"{_WHO['mini-boss']} {name}", 1)
    if isinstance(action, a.Wound) and before is not None and _destroys(pack, before, action):
        if action.target == "boss" and before.other_bosses:
            label += ": destroyed"  # (Ugg: one of two bosses)
        else:
            label += wound_endings(pack, action, played)[-1]
    if isinstance(action, a.AddStatus) and before is not None:
        keyword = immune_to(pack, before, action)
        if keyword is not None:
            label += f": removed at once ({keyword})"
    if isinstance(action, a.AdvanceGauge) and before is not None:
        label = _gauge(pack, before, action) or label
    return label


def wound_endings(pack: EditionPack, action: a.Wound, played: Edition | None = None) -> list[str]:
    """What a hit's label may end with: nothing, or (the last) what a hit that destroys its
    model adds: the boss "defeated", a spawning point "destroyed" with what it gives in this
    edition (`played`, else the pack's; a journal written before that said only "destroyed")."""
    if action.target == "boss":
        return ["", ": destroyed", ": defeated"]
    if action.target == "spawning-point" and action.tile is not None:
        loot = (played or edition(pack.edition)).point_loot(action.tile)
        return ["", ": destroyed", f": destroyed, {loot}"]
    return ["", ": destroyed"]


def _on_the_mini_boss(action: a.Action) -> bool:
    """An action on the mini-boss (its label names it when the state before it is known: a
    game may bring several mini-bosses one after the other)."""
    on = (a.Wound, a.Heal, a.AddStatus, a.RemoveStatus)
    return isinstance(action, on) and action.target == "mini-boss"


def _gauge(pack: EditionPack, state: GameState, action: a.AdvanceGauge) -> str | None:
    """The squares the gauge really moved: it stops once full ("Power gauge +3: full, 88
    typed"); None when all of them were taken (or the gauge is unknown)."""
    if state.gauge is None or gauge_full(state):
        return None
    try:
        squares = gauge_of(pack, state).squares
    except (KeyError, StopIteration):
        return None
    room = fills_needed(state) * squares - state.gauge.fills * squares - state.gauge.filled
    return gauge_full_label(room, action.squares) if action.squares >= room else None


def gauge_full_label(moved: int, typed: int) -> str:
    """The label of a gauge move that filled it: `moved` squares of the `typed` ones."""
    return f"Power gauge +{moved}: full" + (f", {typed} typed" if typed > moved else "")


def who(pack: EditionPack, action: a.Wound | a.Heal | a.AddStatus | a.RemoveStatus) -> str:
    """The model an action is on, by name: "Boss", "Spawning point Cursed Barrow on tile 2"."""
    match action.target:
        case "spawning-point":
            name = point_name(pack, action.model or "", action.which)
            return f"Spawning point {name} on tile {action.tile}"
        case "monster":
            name = name_of(pack, "monsters", action.model or "")
            return name if action.which is None else f"{name} #{action.which + 1}"
        case "boss" if action.model is not None:  # a boss of a fight with several (Mugg)
            return name_of(pack, "dungeon_bosses", action.model)
        case target:
            return _WHO[target]


def _destroys(pack: EditionPack, state: GameState, action: a.Wound) -> bool:
    """Whether this hit brings its model's wounds to its hearts."""
    try:
        hearts, wounds = _hearts_and_wounds(pack, state, action)
    except (KeyError, IndexError, StopIteration):
        return False
    return wounds + action.wounds >= hearts


def _hearts_and_wounds(pack: EditionPack, state: GameState, action: a.Wound) -> tuple[int, int]:
    match action.target:
        case "boss":
            other = next((b for b in state.other_bosses if b.id == action.model), None)
            if other is not None:
                return pack.dungeon_bosses[other.id].hearts, other.wounds
            return boss_hearts(pack, state), state.boss.wounds
        case "mini-boss":
            mini = state.mini_boss
            if mini is None:
                raise KeyError("mini-boss")
            return pack.mini_bosses[mini.id].hearts, mini.wounds
        case "spawning-point":
            point = state.standing_point(action.model or "", action.tile or 0, action.which)
            if point is None:
                raise KeyError(action.model)
            return pack.spawning_points[point.id].hearts, point.wounds
        case _:
            marked = [m for m in state.tracked if m.id == action.model]
            wounds = 0 if action.which is None else marked[action.which].wounds
            return pack.monsters[action.model or ""].hearts, wounds


def _cancel(pack: EditionPack, action: a.CancelSighting) -> str:
    return f"Boss sighting cancelled: {action.hero} (Clever) suffers a wound"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _advance(pack: EditionPack, played: Edition, action: a.AdvanceChart) -> str:
    return played.words.advance.format(space=action.space)


def _spawn_boss(pack: EditionPack, played: Edition, action: a.SpawnBoss) -> str:
    boss = name_of(pack, "dungeon_bosses", action.boss)
    return f"{played.words.arrive} the dungeon boss {boss}"


def _relics(pack: EditionPack, played: Edition, action: a.EquipRelics | a.ChooseRelics) -> str:
    if not action.relics:
        return f"Boss equips no {played.words.relic}"
    return "Boss equips " + ", ".join(name_of(pack, "relics", r) for r in action.relics)


def _sighting(pack: EditionPack, action: a.AnswerSighting) -> str:
    label = "Boss sighting: " + (
        "heroes on the tiles" if action.heroes_present else "no hero there"
    )
    reflected = ", ".join(f"{hero} on tile {tile}" for hero, tile in action.reflected.items())
    return f"{label} (Dark Reflection: {reflected})" if reflected else label


_WORDED: dict[type, Callable[[EditionPack, Edition, Any], str]] = {
    a.EndTurn: lambda pack, played, _: played.words.end_turn,
    a.AdvanceChart: _advance,
    a.ConfirmStep: lambda pack, played, act: f"Done: {played.step_title(act.step)}",
    a.SpawnBoss: _spawn_boss,
    a.ChooseRelics: _relics,
    a.EquipRelics: _relics,
    a.DestroySpawningPoint: lambda pack, played, act: (
        f"Spawning point {point_name(pack, act.spawning_point, act.which)} "
        f"on tile {act.tile} destroyed: {played.point_loot(act.tile)}"
    ),
}
"""The labels said in the edition's words."""

_LABELS: dict[type, Callable[[EditionPack, Any], str]] = {
    a.Spawn: lambda pack, act: f"Spawn {counts_text(pack, act.monsters)}",
    a.DestroyMonsters: lambda pack, act: f"Destroyed {counts_text(pack, act.monsters)}",
    a.DestroyMarked: lambda pack, act: (
        f"Destroyed {name_of(pack, 'monsters', act.model)} #{act.which + 1}"
    ),
    a.DestroyHero: lambda *_: "A hero is destroyed",
    a.EndGame: lambda _, act: (
        "The heroes lost: the game ends" if act.result == "heroes-lost" else "End the game here"
    ),
    a.SpawnMiniBoss: lambda pack, act: (
        f"Spawn the mini-boss {name_of(pack, 'mini_bosses', act.mini_boss)}"
    ),
    a.DestroyMiniBoss: lambda pack, act: (
        f"Mini-boss {name_of(pack, 'mini_bosses', act.mini_boss)} destroyed"
    ),
    a.ChooseBonus: lambda pack, act: f"Bonus chosen: {name_of(pack, 'bonuses', act.bonus)}",
    a.AnswerSighting: _sighting,
    a.CancelSighting: _cancel,
    a.Wound: lambda pack, act: f"{who(pack, act)} takes {_plural(act.wounds, 'wound')}",
    a.Heal: lambda pack, act: f"{who(pack, act)} heals {_plural(act.wounds, 'wound')}",
    a.AddStatus: lambda pack, act: (
        f"{who(pack, act)} gains {name_of(pack, 'status_effects', act.status)}"
    ),
    a.RemoveStatus: lambda pack, act: (
        f"{who(pack, act)} loses {name_of(pack, 'status_effects', act.status)}"
    ),
    a.Summon: lambda _, act: f"{act.count} {act.model} brought into play",
    a.DestroySummoned: lambda _, act: f"{act.count} {act.model} destroyed",
    a.AdvanceGauge: lambda _, act: f"Power gauge +{act.squares}",
}
