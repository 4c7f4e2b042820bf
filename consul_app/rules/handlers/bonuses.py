"""Mighty Monster bonuses: gaining them, and which monsters they apply to.

Which roll a dice bonus adds to (each offensive action's roll, every defense roll, or the
rolls of one stat) is decided per card by `rules.views.cards`.
"""

from __future__ import annotations

from consul_app.content.models import Bonus
from consul_app.content.pack import EditionPack
from consul_app.rules.editions import EDITIONS, edition_of
from consul_app.rules.model.actions import Action, ChooseBonus
from consul_app.rules.model.agenda import require_step
from consul_app.rules.model.errors import RuleError
from consul_app.rules.model.names import name_of
from consul_app.rules.model.state import GainedBonus, GameState
from consul_app.rules.model.steps import Choice, StepDef, StepState
from consul_app.rules.views.rule_texts import PETS_RULE

PET_AS_RANKS = {"minion", "elite", "pet"}
"""A pet gains what an 8-Bit monster of any of these ranks would gain."""


def gain_bonuses(state: GameState, bonus_ids: list[str], space: int) -> None:
    state.bonuses.extend(GainedBonus(bonus=b, space=space) for b in bonus_ids)


def choose_bonus(pack: EditionPack, state: GameState, action: ChooseBonus) -> None:
    """A "choose one" space: the Consul keeps only the chosen bonus."""
    step = require_step(state, "choose-bonus")
    if action.bonus not in step.options:
        raise RuleError("choose one of the bonuses this space offers")
    step.done = True
    gain_bonuses(state, [action.bonus], step.space or state.position)


def applies_to(edition: str, bonus: Bonus, rank: str, bits: str, name: str | None) -> bool:
    """Does `bonus` apply to a monster of this rank, bits and name (never the dungeon boss)?
    `name=None` skips the bonus's monster-name condition.

    Only the ranks its edition's bonuses go to (Forgotten King: elite and minion monsters).
    Pets: as if they were 8-Bit monsters.
    """
    if rank == "dungeon-boss":
        return False
    ranks_gaining = EDITIONS[edition].bonus_ranks
    if ranks_gaining is not None and rank not in ranks_gaining:
        return False
    target = bonus.applies_to
    ranks = set(target.ranks)
    if rank == "pet":
        bits = "8-bit"
        ranks_ok = not ranks or bool(ranks & PET_AS_RANKS)
    else:
        ranks_ok = not ranks or rank in ranks
    if not ranks_ok:
        return False
    if target.bits and bits not in target.bits:
        return False
    if name is None or not target.monsters:
        return True
    return any(part.lower() in name.lower() for part in target.monsters)


def _gain(pack: EditionPack, state: GameState, step: StepState) -> None:
    gain_bonuses(state, step.options, step.space or state.position)


def _bonus_rule(state: GameState) -> str:
    played = edition_of(state)
    pets = played.bonus_ranks is None and state.setup.pets
    return f"{played.bonus_rule} {PETS_RULE}" if pets else played.bonus_rule


def _bonuses(pack: EditionPack, state: GameState, step: StepState) -> str:
    names = ", ".join(name_of(pack, "bonuses", b) for b in step.options)
    return f"New bonus for the monsters: {names}. {_bonus_rule(state)}"


def _choose_bonus(pack: EditionPack, state: GameState, step: StepState) -> str:
    names = " / ".join(name_of(pack, "bonuses", b) for b in step.options)
    return f"Choose only one bonus: {names}. {_bonus_rule(state)}"


def _choices(pack: EditionPack, state: GameState, step: StepState) -> list[Choice]:
    return [
        Choice(b, name_of(pack, "bonuses", b), pack.bonuses[b].text if b in pack.bonuses else "")
        for b in step.options
    ]


def _answer(chosen: list[str], reflected: dict[str, int]) -> Action:
    return ChooseBonus(bonus=chosen[0])


STEPS = {
    "bonuses": StepDef("bonuses", "Monsters gain bonuses", _bonuses, confirm=_gain),
    "choose-bonus": StepDef(
        "choose-bonus", "Choose one bonus", _choose_bonus, choices=_choices, answer=_answer
    ),
}
"""A chart space's bonuses: gained, or one chosen of those it offers."""
