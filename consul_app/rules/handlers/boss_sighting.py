"""Boss sightings: heroes on the sighted tiles trigger the boss's timeout effect there. Hero
keywords change that: Dark Reflection adds the hero's tile, Clever may cancel the sighting."""

from __future__ import annotations

from consul_app.content.pack import EditionPack
from consul_app.rules.model.actions import AnswerSighting, CancelSighting
from consul_app.rules.model.agenda import add_next, require_step
from consul_app.rules.model.errors import RuleError
from consul_app.rules.model.state import GameState
from consul_app.rules.model.steps import StepState


def sighted_tiles(tiles: list[int], reflected: dict[str, int]) -> list[int]:
    """The chart's tiles, then each Dark Reflection hero's tile, "in addition to any tiles
    listed by the Mighty Monster Chart"."""
    return sorted({*tiles, *reflected.values()})


def answer_sighting(pack: EditionPack, state: GameState, action: AnswerSighting) -> None:
    """Heroes on the sighted tiles: the boss's timeout effects hit those tiles (not a timeout).
    A hero with Dark Reflection stands on its own tile, so that tile is always hit."""
    step = require_step(state, "boss-sighting")
    reflecting = state.setup.heroes_with("dark-reflection")
    for hero in action.reflected:
        if hero not in reflecting:
            raise RuleError(f"{hero} has no Dark Reflection")
    missing = [h for h in reflecting if h not in action.reflected]
    if missing:
        raise RuleError(f"Dark Reflection: on which tile is {missing[0]}?")
    for hero, tile in action.reflected.items():
        if tile > state.setup.tiles:
            raise RuleError(f"{hero} on tile {tile}: the dungeon has {state.setup.tiles} tiles")
    step.done = True
    if action.heroes_present or action.reflected:
        tiles = sighted_tiles(step.tiles, action.reflected)
        add_next(state, [StepState(key="sighting-effects", space=step.space, tiles=tiles)])


def cancel_sighting(pack: EditionPack, state: GameState, action: CancelSighting) -> None:
    """ "A model with Clever may suffer a wound to cancel the Boss Sighting": the hero's wound
    is recorded, and the sighting has no effect."""
    step = require_step(state, "boss-sighting")
    if action.hero not in state.setup.heroes_with("clever"):
        raise RuleError(f"{action.hero} has no Clever")
    step.done = True
    state.hero_wounds[action.hero] = state.hero_wounds.get(action.hero, 0) + 1
