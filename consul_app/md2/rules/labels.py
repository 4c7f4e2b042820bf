"""What each MD2 action is called in the log and the history."""

from __future__ import annotations

import re

from consul_app.md2.content import Md2Content
from consul_app.md2.rules import actions as a
from consul_app.md2.rules.state import HERO_NAMES, Md2State
from consul_app.md2.rules.tinkerer import EXO_NAMES

TIER_NAMES = {"common": "Common", "rare": "Rare", "epic": "Epic", "legendary": "Legendary"}
PAID = {"mana": "for Mana", "item": "discarding an item", "gizmo": "a gizmo",
        "exo-armor": "an Exo-Armor part"}


def label(content: Md2Content, state: Md2State | None, action: a.Md2Action) -> str:
    """A short line for the log: what the action did, in the rulebook's words. Without the
    state before (`state` None: a resume reading the journal), the three labels that name
    the hero or the round say less (`STATEFUL`)."""
    match action:
        case a.StartTurn(hero=hero):
            moved = " (the chords move one slot right)" if hero == "bard" else ""
            return f"The {HERO_NAMES[hero]}'s turn{moved}"
        case a.EndTurn():
            hero = state.turn if state is not None else None
            return f"End of the {HERO_NAMES[hero] if hero else 'hero'}'s turn"
        case a.StartEnemyPhase():
            return f"{_round(state)}: the enemy phase"
        case a.ExplodeBomb(zone=zone, size=size):
            return f"A {size} bomb explodes in {zone}"
        case a.EndRound():
            return f"{_round(state)} ends"
        case a.StartTownPhase():
            return "The Town Phase (gizmos back to the bag)"
        case a.StartQuest():
            return "A new quest: round 1"
        case a.ChangeMana(hero=hero, by=by):
            return f"The {HERO_NAMES[hero]} {'gains' if by >= 0 else 'spends'} {abs(by)} Mana"
        case a.SetSkill(skill=skill, level=level):
            return f"{skill.replace('-', ' ').title()} skill: level {level}"
        case a.PlaceNote(line=line, column=column):
            return f"Note {line} placed in column {column + 1} (3 Mana)"
        case a.MoveNote(column=column, to_line=line, to_column=to):
            return f"Note from column {column + 1} moved to {line}, column {to + 1} (3 Mana)"
        case a.EquipInstrument(instrument=name):
            return f"{_instrument(content, name)} equipped"
        case a.UnequipInstrument(instrument=name):
            return f"{_instrument(content, name)} unequipped"
        case a.GainInstrument(tier=tier):
            found = content.set_aside_instrument(tier)
            name = found.name if found else f"the {TIER_NAMES[tier]} instrument"
            return f"Two {TIER_NAMES[tier]} items discarded: {name} gained and equipped"
        case a.LearnSong(song=song):
            found = content.songs.get(song)
            return f"Song learned: {found.name if found else song}"
        case a.PlaceBomb(size=size, zone=zone, pay=pay, mana=mana):
            paid = f"for {mana} Mana" if pay == "mana" else PAID[pay]
            return f"A {size} bomb placed in {zone} ({paid})"
        case a.DrawGizmo(tier=tier):
            return f"A {TIER_NAMES[tier]} gizmo drawn"
        case a.SpendGizmo(effect=effect):
            found = content.gizmo_effects.get(effect)
            return f"Gizmo spent: {found.name if found else effect}"
        case a.TradeGizmo(tier=tier):
            return f"A {TIER_NAMES[tier]} gizmo traded at the Forge"
        case a.EquipItem(name=name, slot=slot):
            return f"{name} {'to the inventory' if slot is None else f'equipped ({slot})'}"
        case a.DropItem(name=name):
            return f"{name} discarded"
        case a.GainExoArmor(part=part):
            return f"Exo-Armor {EXO_NAMES[part]} gained and equipped"
        case a.CreateConstruct(construct=kind):
            return f"The {kind.title()} construct created"
        case a.ActivateConstruct(construct=kind):
            return f"The {kind.title()} activates"
        case a.ConstructKill(construct=kind, xp=xp):
            return f"The {kind.title()} kills an enemy: {xp} XP to the Tinkerer"
        case a.ConstructKilled(construct=kind):
            return f"The {kind.title()} is killed (back to the pool)"
    raise TypeError(f"no label for {type(action).__name__}")


def _round(state: Md2State | None) -> str:
    return "The round" if state is None else f"Round {state.round}"


STATEFUL: dict[type, re.Pattern[str]] = {
    a.EndTurn: re.compile(r"End of the (Bard|Tinkerer|hero)'s turn"),
    a.StartEnemyPhase: re.compile(r"(Round [1-9][0-9]{0,3}|The round): the enemy phase"),
    a.EndRound: re.compile(r"(Round [1-9][0-9]{0,3}|The round) ends"),
}
"""The labels that depend on the state before: a written one of this shape is kept."""


def relabel(content: Md2Content, action: a.Md2Action, written: str) -> str:
    """The label of a journaled action, rebuilt from it; the written one only where the label
    depends on the state before and it has the shape of one (`STATEFUL`)."""
    shape = STATEFUL.get(type(action))
    if shape is not None and shape.fullmatch(written):
        return written
    return label(content, None, action)


def _instrument(content: Md2Content, name: str) -> str:
    found = content.instruments.get(name)
    return found.name if found else name
