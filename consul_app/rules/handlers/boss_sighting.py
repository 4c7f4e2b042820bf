"""Boss sightings: heroes on the sighted tiles trigger the boss's timeout effect there. Hero
keywords change that: Dark Reflection adds the hero's tile, Clever may cancel the sighting."""

from __future__ import annotations

from consul_app.content.pack import EditionPack
from consul_app.rules.model.actions import Action, AnswerSighting, CancelSighting
from consul_app.rules.model.agenda import add_next, require_step
from consul_app.rules.model.errors import RuleError
from consul_app.rules.model.names import boss_name, card_effects, tiles_text
from consul_app.rules.model.state import GameState
from consul_app.rules.model.steps import Choice, StepDef, StepState

CLEVER = "clever:"
"""A boss sighting's choice id for a Clever hero who cancels it: "clever:HERO"."""


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


def _sighting(pack: EditionPack, state: GameState, step: StepState) -> str:
    """The effect and the tiles first, then the question (and what hero keywords change)."""
    reflecting = state.setup.heroes_with("dark-reflection")
    also = "".join(f" and the tile {hero} is on (Dark Reflection)" for hero in reflecting)
    text = (
        f"Boss sighting on {tiles_text(step.tiles)}{also}. If any hero is there, "
        f"{boss_name(pack, state)}'s timeout effect hits all models on those tiles: "
        f"{card_effects(pack, state, 'timeout')}."
    )
    clever = state.setup.heroes_with("clever")
    if clever:
        text += f" {' or '.join(clever)} (Clever) may suffer a wound to cancel the sighting."
    return f"{text} Are any heroes on those tiles?"


def reflected_sighting_text(
    pack: EditionPack, state: GameState, step: StepState, reflected: dict[str, int]
) -> tuple[str, Choice]:
    """The sighting's text once each Dark Reflection hero's tile is known, and the choice that
    resolves it on the tiles it hits (no "no hero there": those heroes stand there)."""
    tiles = sighted_tiles(step.tiles, reflected)
    where = ", ".join(f"{hero} on tile {tile}" for hero, tile in reflected.items())
    text = (
        f"Dark Reflection: {where}. The sighting hits {tiles_text(tiles)}: "
        f"{boss_name(pack, state)}'s timeout effect applies to all models there: "
        f"{card_effects(pack, state, 'timeout')}."
    )
    return text, Choice("yes", f"Resolve it on {tiles_text(tiles)}")


def _choices(pack: EditionPack, state: GameState, step: StepState) -> list[Choice]:
    clever = [
        Choice(f"{CLEVER}{hero}", f"{hero} (Clever) suffers a wound to cancel it")
        for hero in state.setup.heroes_with("clever")
    ]
    return [Choice("yes", "Heroes are on those tiles"), Choice("no", "No hero is there"), *clever]


def _answer(chosen: list[str], reflected: dict[str, int]) -> Action:
    """ "yes", "no" or "clever:HERO" (that hero cancels it), with the tile of each Dark
    Reflection hero."""
    picked = chosen[0]
    if picked.startswith(CLEVER):
        return CancelSighting(hero=picked.removeprefix(CLEVER))
    if picked not in ("yes", "no"):
        raise ValueError(f"answer 'yes' or 'no', not {picked!r}")
    return AnswerSighting(heroes_present=picked == "yes", reflected=reflected)


def _sighting_effects(pack: EditionPack, state: GameState, step: StepState) -> str:
    return (
        f"Apply {boss_name(pack, state)}'s timeout effects to all models on "
        f"{tiles_text(step.tiles)}: {card_effects(pack, state, 'timeout')}. Range is measured "
        "from a hero on those tiles that the Consul chooses, not from the boss. This is not "
        "the boss's timeout."
    )


STEPS = {
    "boss-sighting": StepDef(
        "boss-sighting", "Boss sighting", _sighting, choices=_choices, answer=_answer
    ),
    "sighting-effects": StepDef(
        "sighting-effects",
        "Boss sighting: timeout effects",
        _sighting_effects,
        announced=True,
        card_models=True,
        card_section=("timeout", "NOW on the sighted tiles"),
    ),
}
"""The boss sighting's steps: the question, then (heroes there) its effects."""
