"""The choices the table screen's dialogs offer, and the action each answer dispatches.

Content and state are only read here, to name things; the engine decides what is allowed
(a refused answer comes back as a `RuleError` with its reason).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Literal

from consul_app.content import EditionPack
from consul_app.rules import (
    Action,
    AddStatus,
    AnswerSighting,
    Choice,
    ChooseBonus,
    ChooseRelics,
    DestroySpawningPoint,
    GameState,
    RemoveStatus,
    SpawnMiniBoss,
    spawning_points_remaining,
)

Target = Literal["boss", "mini-boss"]

ANSWERS: dict[str, Callable[[list[str]], Action]] = {
    "choose-bonus": lambda ids: ChooseBonus(bonus=ids[0]),
    "mini-boss": lambda ids: SpawnMiniBoss(mini_boss=ids[0]),
    "boss-sighting": lambda ids: AnswerSighting(heroes_present=ids[0] == "yes"),
    "relics": lambda ids: ChooseRelics(relics=ids),
}
"""The action that answers each decision step, from the ids of the choices taken."""


def relic_choice(pack: EditionPack, choice: Choice) -> Choice:
    """A relic the engine offers, named with the portrait it bears (if any)."""
    relic = pack.relics.get(choice.id)
    if relic is None or not relic.portrait:
        return replace(choice, name=f"{choice.name}  (no portrait: any boss)")
    names = ", ".join(_name(pack.dungeon_bosses, b) for b in relic.portrait)
    return replace(choice, name=f"{choice.name}  (portrait: {names})")


def statuses_of(state: GameState, target: Target) -> list[str]:
    """The status effects the boss or the mini-boss has now."""
    if target == "boss":
        return state.boss.status
    return state.mini_boss.status if state.mini_boss else []


def status_choices(pack: EditionPack, has: list[str]) -> list[Choice]:
    """Every status effect; those the model has are marked (choosing one takes it off)."""
    return [
        Choice(s.id, s.name, ("HAS IT: choose to take it off. " if s.id in has else "") + s.text)
        for s in pack.status_effects.values()
    ]


def status_action(target: Target, status: str, has: list[str]) -> Action:
    """Take off a status effect the model has, else put it on."""
    if status in has:
        return RemoveStatus(target=target, status=status)
    return AddStatus(target=target, status=status)


def mini_boss_choices(pack: EditionPack, state: GameState) -> list[Choice]:
    """The mini-bosses brought to this game; destroyed ones are marked."""
    return [
        Choice(
            m, _name(pack.mini_bosses, m), "destroyed" if m in state.mini_bosses_destroyed else ""
        )
        for m in state.setup.mini_bosses
    ]


def spawning_point_choices(pack: EditionPack, state: GameState) -> list[Choice]:
    """The spawning points still standing, by name and tile."""
    return [
        Choice(f"{point}@{tile}", f"{_name(pack.spawning_points, point)} on tile {tile}")
        for point, tile in spawning_points_remaining(state)
    ]


def spawning_point_destroyed(choice: str) -> Action:
    """The action for a chosen spawning point (`id@tile`)."""
    point, tile = choice.rsplit("@", 1)
    return DestroySpawningPoint(spawning_point=point, tile=int(tile))


def _name(entries: Mapping[str, object], entry_id: str) -> str:
    entry = entries.get(entry_id)
    return str(getattr(entry, "name", entry_id))
