"""What a fight card's effects (1.0: the Adventure Effects card's) change on monsters' cards:
its `modifiers` (who gains what, from when), as lines like the chart's bonuses, each with the
effect's name as its reason. Forgotten King's Last Stand: "Forgotten King, elite, and minion
monsters gain Immune: Status Effects." (from the timeout on); King Starfire's Zealotry: "All
kobolds and drakes gain +1B STR." (from the boss spawn on)."""

from __future__ import annotations

from consul_app.content.models import EffectModifier, FightCard
from consul_app.content.pack import EditionPack
from consul_app.rules.editions import edition
from consul_app.rules.model.names import fight_card
from consul_app.rules.model.state import GameState
from consul_app.rules.views.bonuses import BonusLine

SINCE = {"game": "all game", "boss-spawn": "since the boss came", "timeout": "since the timeout"}
"""From when a modifier applies, as its reason says it."""


def effect_lines(pack: EditionPack, state: GameState, model_id: str) -> list[BonusLine]:
    """What the fight card's effects give this model now (none before they apply)."""
    card = fight_card(pack, state)
    if card is None:
        return []
    where = edition(state.setup.edition).words.card
    return [
        BonusLine(
            bonus=f"effect:{mod.effect}",
            name=mod.effect,
            text=_text(card, mod),
            reason=f"{where} ({SINCE[mod.since]})",
            dice=mod.dice,
            ability=mod.keyword,
        )
        for mod in card.modifiers
        if _applies_now(state, mod) and _gains(pack, state, mod, model_id)
    ]


def _applies_now(state: GameState, mod: EffectModifier) -> bool:
    match mod.since:
        case "boss-spawn":
            return state.boss.spawned
        case "timeout":
            return state.boss.timeout
        case _:
            return True


def _gains(pack: EditionPack, state: GameState, mod: EffectModifier, model_id: str) -> bool:
    """Does the model gain it: by its rank (the fight's boss: "boss"), or by its family (a
    word of its name or creature type: "Kobold", "Drake")?"""
    monster = pack.monsters.get(model_id)
    model = monster or pack.mini_bosses.get(model_id) or pack.dungeon_bosses.get(model_id)
    if model is None:
        return False
    rank = monster.rank if monster is not None else None
    if model_id == state.setup.boss:
        rank = "boss"
    if rank in mod.who:
        return True
    names = f"{model.name} {model.creature_type or ''}".lower()
    return any(family.lower() in names for family in mod.families)


def _text(card: FightCard, mod: EffectModifier) -> str:
    effects = [*card.dungeon_effect, *card.boss_spawn, *card.timeout]
    return next((e.text for e in effects if e.name == mod.effect), mod.effect)
