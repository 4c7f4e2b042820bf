"""Models a boss fight card brings into play ("until four are out"): counted, never more than
the card's limit at once."""

from __future__ import annotations

from consul_app.content.models import Summoned
from consul_app.content.pack import EditionPack
from consul_app.rules.editions import step_title
from consul_app.rules.model.actions import DestroySummoned, Summon
from consul_app.rules.model.errors import RuleError
from consul_app.rules.model.names import fight_card
from consul_app.rules.model.state import GameState
from consul_app.rules.model.steps import step_def


def summoned_models(pack: EditionPack, state: GameState) -> list[Summoned]:
    """What this game's fight card may bring into play, with its limits."""
    card = fight_card(pack, state)
    return list(card.summoned) if card else []


def summons_out(pack: EditionPack, state: GameState) -> list[tuple[str, int, int]]:
    """(name, how many are out, the card's limit) of each model the fight card brings."""
    return [(k.name, state.summoned.get(k.name, 0), k.up_to) for k in summoned_models(pack, state)]


def summon(pack: EditionPack, state: GameState, action: Summon) -> None:
    """While the card's effects are resolved (boss spawn, timeout, a boss sighting), or freely
    while the boss is in play; never beyond the card's limit."""
    kind = _kind(pack, state, action.model)
    step = state.open_step()
    if step is not None and not step_def(step.key).card_models:
        title = step_title(state.setup.edition, step.key)
        raise RuleError(f"First finish the current step: {title}")
    if step is None and not (state.boss.spawned and not state.boss.defeated):
        raise RuleError(f"{kind.name} come with the fight card's effects, with the boss in play")
    out = state.summoned.get(kind.name, 0)
    if out + action.count > kind.up_to:
        raise RuleError(
            f"{out} {kind.name} are out: at most {kind.up_to}, so {kind.up_to - out} more"
        )
    state.summoned[kind.name] = out + action.count


def destroy_summoned(pack: EditionPack, state: GameState, action: DestroySummoned) -> None:
    kind = _kind(pack, state, action.model)
    out = state.summoned.get(kind.name, 0)
    if action.count > out:
        raise RuleError(f"only {out} {kind.name} are out, not {action.count}")
    state.summoned[kind.name] = out - action.count


def _kind(pack: EditionPack, state: GameState, name: str) -> Summoned:
    for kind in summoned_models(pack, state):
        if kind.name == name:
            return kind
    raise RuleError(f"the fight card brings no {name}")
