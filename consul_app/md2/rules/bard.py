"""The Bard Musical dashboard: chords, notes, instruments and songs."""

from __future__ import annotations

from msgspec.structs import replace

from consul_app.md2.content import Md2Content
from consul_app.md2.rules import actions as a
from consul_app.md2.rules.errors import RuleError
from consul_app.md2.rules.state import COLUMNS, NOTE_TOKENS, BardState, Md2State, Note

NOTE_COST = 3
"""Mana to place a note, or to move one once all five are placed."""


def new_bard(content: Md2Content) -> BardState:
    """At setup: chords on the three leftmost slots, notes beside the dashboard, the Lute,
    Inspiring Drums and Angelic Flute set aside, the starting songs known."""
    return BardState(
        set_aside=tuple(i.id for i in content.instruments.values() if i.set_aside),
        songs=tuple(s.id for s in content.songs.values() if s.starting),
    )


def move_chords(bard: BardState) -> BardState:
    """At the start of the Bard's turn every chord moves one slot right, the rightmost to the
    leftmost."""
    return replace(bard, chords=tuple(sorted((c + 1) % COLUMNS for c in bard.chords)))


def under_chords(bard: BardState) -> tuple[Note, ...]:
    """Notes in columns under a chord (active while an instrument is equipped)."""
    return tuple(n for n in bard.notes if n.column in bard.chords)


def active_notes(bard: BardState) -> tuple[Note, ...]:
    """Notes in columns under a chord, while an instrument is equipped."""
    return under_chords(bard) if bard.instruments else ()


def place_note(bard: BardState, action: a.PlaceNote) -> BardState:
    if len(bard.notes) == NOTE_TOKENS:
        raise RuleError("All 5 notes are on the dashboard: move one instead")
    if any(n.column == action.column for n in bard.notes):
        raise RuleError(f"Column {action.column + 1} already holds a note")
    bard = _pay(bard, "place a note")
    notes = sorted((*bard.notes, Note(line=action.line, column=action.column)),
                   key=lambda n: n.column)
    return replace(bard, notes=tuple(notes))


def move_note(bard: BardState, action: a.MoveNote) -> BardState:
    if len(bard.notes) < NOTE_TOKENS:
        left = NOTE_TOKENS - len(bard.notes)
        raise RuleError(f"Notes move only once all 5 are placed ({left} still to place)")
    moved = next((n for n in bard.notes if n.column == action.column), None)
    if moved is None:
        raise RuleError(f"No note in column {action.column + 1}")
    target = Note(line=action.to_line, column=action.to_column)
    if target == moved:
        raise RuleError("The note is already there")
    others = [n for n in bard.notes if n is not moved]
    if any(n.column == target.column for n in others):
        raise RuleError(
            f"Column {target.column + 1} already holds a note: no two notes in one column"
        )
    bard = _pay(bard, "move a note")
    notes = sorted((*others, target), key=lambda n: n.column)
    return replace(bard, notes=tuple(notes))


def _pay(bard: BardState, what: str) -> BardState:
    if bard.mana < NOTE_COST:
        raise RuleError(f"To {what} costs {NOTE_COST} Mana; the Bard has {bard.mana}")
    return replace(bard, mana=bard.mana - NOTE_COST)


def equip_instrument(
    content: Md2Content, bard: BardState, action: a.EquipInstrument
) -> BardState:
    name = action.instrument.strip()
    if not action.bard_only:
        if name not in content.instruments:
            raise RuleError(f"{name} is not an instrument (a Bard-only card: say so)")
        if name in bard.set_aside:
            raise RuleError(
                f"{content.instruments[name].name} is set aside: discard two items of its "
                "tier to gain it"
            )
    if name in bard.instruments:
        raise RuleError(f"{name} is already equipped")
    return replace(bard, instruments=(*bard.instruments, name))


def unequip_instrument(bard: BardState, action: a.UnequipInstrument) -> BardState:
    if action.instrument not in bard.instruments:
        raise RuleError(f"{action.instrument} is not equipped")
    return replace(bard, instruments=tuple(i for i in bard.instruments
                                           if i != action.instrument))


def gain_instrument(
    content: Md2Content, bard: BardState, action: a.GainInstrument
) -> BardState:
    """Discard two items of a tier: gain and equip that tier's set-aside instrument."""
    found = content.set_aside_instrument(action.tier)
    if found is None:
        raise RuleError(f"No instrument of the {action.tier} tier is set aside")
    if found.id not in bard.set_aside:
        raise RuleError(f"{found.name} was gained already")
    return replace(
        bard,
        set_aside=tuple(i for i in bard.set_aside if i != found.id),
        instruments=(*bard.instruments, found.id),
    )


def learn_song(content: Md2Content, bard: BardState, action: a.LearnSong) -> BardState:
    if action.song not in content.songs:
        raise RuleError(f"No song is called {action.song}")
    if action.song in bard.songs:
        raise RuleError(f"The Bard knows {content.songs[action.song].name} already")
    return replace(bard, songs=(*bard.songs, action.song))


def require_bards_turn(state: Md2State) -> BardState:
    """The Bard's dashboard, if it is the Bard's turn."""
    if state.bard is None:
        raise RuleError("No Bard is playing")
    if state.turn != "bard":
        raise RuleError("Only during the Bard's turn")
    return state.bard
