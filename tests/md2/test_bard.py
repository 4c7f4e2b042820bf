"""The Bard Musical dashboard: chords, notes, instruments, songs."""

from __future__ import annotations

import pytest

from consul_app.md2.content import Md2Content
from consul_app.md2.rules import Md2State, apply
from consul_app.md2.rules import actions as a
from consul_app.md2.rules.bard import active_notes
from consul_app.md2.rules.errors import RuleError
from consul_app.md2.rules.state import Note
from consul_app.md2.rules.views import songs
from tests.md2.conftest import play


def bards_turn(content: Md2Content, game: Md2State, mana: int = 30) -> Md2State:
    return play(content, game, a.StartTurn(hero="bard"), a.ChangeMana(hero="bard", by=mana))


def all_five(content: Md2Content, game: Md2State) -> Md2State:
    state = bards_turn(content, game)
    for column, line in enumerate("GBEGB"):
        state = apply(content, state, a.PlaceNote(line=line, column=column))  # type: ignore[arg-type]
    return state


def test_setup_places_the_chords_leftmost_and_keeps_the_notes_aside(game: Md2State) -> None:
    """Place the 3 Chord tokens on the 3 leftmost slots of the first line of the Bard Musical
    dashboard. Then take all 5 Note tokens and keep them close to the Bard Musical dashboard.
    Notes and Chords: The Bard begins the game with no Note tokens on their dashboard."""
    assert game.bard is not None
    assert game.bard.chords == (0, 1, 2)
    assert game.bard.notes == ()


def test_the_three_instruments_are_set_aside_not_in_the_inventory(
    content: Md2Content, game: Md2State
) -> None:
    """- Remove the following cards from their respective Treasure decks and place them close
    to the Bard Musical dashboard: Lute (Common), Inspiring Drums (Rare), and Angelic Flute
    (Epic). They are not considered to be in the Bard's Inventory."""
    assert game.bard is not None
    assert game.bard.set_aside == ("lute", "inspiring-drums", "angelic-flute")
    assert game.bard.instruments == ()
    tiers = {content.instruments[i].tier for i in game.bard.set_aside}
    assert tiers == {"common", "rare", "epic"}


def test_active_notes_are_under_a_chord_and_need_an_instrument(
    content: Md2Content, game: Md2State
) -> None:
    """Any Note tokens placed on columns under a Chord token are considered Active Notes, as
    long as the Bard has an equipped Instrument on their dashboard (see below)."""
    state = play(content, bards_turn(content, game),  # chords now on columns 2, 3, 4
                 a.PlaceNote(line="G", column=1), a.PlaceNote(line="E", column=0))
    assert state.bard is not None
    assert active_notes(state.bard) == ()  # no instrument
    state = apply(content, state, a.EquipInstrument(instrument="magical-ocarina"))
    assert state.bard is not None
    assert active_notes(state.bard) == (Note(line="G", column=1),)


def test_placing_a_note_costs_3_mana_and_needs_an_empty_column(
    content: Md2Content, game: Md2State
) -> None:
    """During their turn, they may spend 3 Mana to place a Note token on any Note slot on
    their dashboard as long as there is no other Note token already placed in that same
    column."""
    state = play(content, bards_turn(content, game, mana=7), a.PlaceNote(line="B", column=3))
    assert state.bard is not None and state.bard.mana == 4
    with pytest.raises(RuleError, match="Column 4 already holds a note"):
        apply(content, state, a.PlaceNote(line="G", column=3))
    state = apply(content, state, a.PlaceNote(line="G", column=4))
    with pytest.raises(RuleError, match="costs 3 Mana; the Bard has 1"):
        apply(content, state, a.PlaceNote(line="E", column=0))


def test_notes_are_placed_only_during_the_bards_turn(
    content: Md2Content, game: Md2State
) -> None:
    """During their turn, they may spend 3 Mana to place a Note token on any Note slot on
    their dashboard as long as there is no other Note token already placed in that same
    column."""
    state = apply(content, game, a.ChangeMana(hero="bard", by=9))
    with pytest.raises(RuleError, match="Only during the Bard's turn"):
        apply(content, state, a.PlaceNote(line="G", column=0))
    state = play(content, state, a.StartTurn(hero="tinkerer"))
    with pytest.raises(RuleError, match="Only during the Bard's turn"):
        apply(content, state, a.PlaceNote(line="G", column=0))


def test_a_note_is_the_letter_of_its_line(content: Md2Content, game: Md2State) -> None:
    """A Note token is either a G, B, or E according to the line where it was placed on the
    Bard Musical dashboard."""
    state = play(content, bards_turn(content, game), a.PlaceNote(line="E", column=2),
                 a.EquipInstrument(instrument="magical-ocarina"))
    assert state.bard is not None
    assert [n.line for n in active_notes(state.bard)] == ["E"]


def test_moving_a_note_needs_all_five_placed_and_leaves_no_two_in_a_column(
    content: Md2Content, game: Md2State
) -> None:
    """If the Bard has all Note tokens placed on their dashboard and wants to move any of them
    from one slot to another, they may spend 3 Mana to move each Note token as long as after
    moving Note tokens, there are no 2 tokens in the same column."""
    state = play(content, bards_turn(content, game), a.PlaceNote(line="G", column=0))
    with pytest.raises(RuleError, match="only once all 5 are placed"):
        apply(content, state, a.MoveNote(column=0, to_line="B", to_column=0))
    state = all_five(content, game)
    assert state.bard is not None
    mana = state.bard.mana
    with pytest.raises(RuleError, match="no two notes in one column"):
        apply(content, state, a.MoveNote(column=0, to_line="G", to_column=1))
    state = apply(content, state, a.MoveNote(column=0, to_line="E", to_column=0))
    assert state.bard is not None
    assert state.bard.notes[0] == Note(line="E", column=0)
    assert state.bard.mana == mana - 3


def test_a_move_without_3_mana_is_refused(content: Md2Content, game: Md2State) -> None:
    """If the Bard has all Note tokens placed on their dashboard and wants to move any of them
    from one slot to another, they may spend 3 Mana to move each Note token as long as after
    moving Note tokens, there are no 2 tokens in the same column."""
    state = all_five(content, game)
    assert state.bard is not None
    state = apply(content, state, a.ChangeMana(hero="bard", by=2 - state.bard.mana))
    with pytest.raises(RuleError, match="To move a note costs 3 Mana; the Bard has 2"):
        apply(content, state, a.MoveNote(column=1, to_line="E", to_column=1))


def test_placing_and_moving_repeat_within_a_turn(content: Md2Content, game: Md2State) -> None:
    """Bards can place and move Notes in this manner multiple times during their turn."""
    state = all_five(content, game)
    state = play(content, state, a.MoveNote(column=1, to_line="G", to_column=1),
                 a.MoveNote(column=1, to_line="E", to_column=1),
                 a.MoveNote(column=2, to_line="G", to_column=2))
    assert state.bard is not None
    assert state.bard.mana == 30 - 8 * 3


def test_the_last_note_goes_in_the_empty_column_only(
    content: Md2Content, game: Md2State
) -> None:
    """Example: Dylan has been playing for a while and already has 4 Note tokens placed on his
    dashboard. Spending 3 Mana, Dylan places the last Note token on B in the empty column.
    Dylan is unable to place the note in another column as he already has 1 note on each."""
    state = bards_turn(content, game)
    for column in range(4):
        state = apply(content, state, a.PlaceNote(line="G", column=column))
    with pytest.raises(RuleError, match="Column 1 already holds a note"):
        apply(content, state, a.PlaceNote(line="B", column=0))
    state = apply(content, state, a.PlaceNote(line="B", column=4))
    assert state.bard is not None and len(state.bard.notes) == 5
    with pytest.raises(RuleError, match="All 5 notes are on the dashboard"):
        apply(content, state, a.PlaceNote(line="E", column=4))


def test_chords_move_right_at_the_start_of_the_bards_turn_and_wrap(
    content: Md2Content, game: Md2State
) -> None:
    """At the start of the Bard's turn, they must move all Chord tokens 1 slot to the right.
    If a Chord token is at the rightmost slot, move it to the leftmost slot."""
    seen = []
    state = game
    for _ in range(4):
        state = play(content, state, a.StartTurn(hero="bard"))
        assert state.bard is not None
        seen.append(state.bard.chords)
        state = play(content, state, a.EndTurn(), a.StartTurn(hero="tinkerer"), a.EndTurn(),
                     a.StartEnemyPhase(), a.EndRound())
    assert seen == [(1, 2, 3), (2, 3, 4), (0, 3, 4), (0, 1, 4)]


def test_moving_a_note_within_its_column_keeps_a_song_playing(
    content: Md2Content, game: Md2State
) -> None:
    """Example: At the beginning of the turn, Dylan moves each of the Chord tokens 1 space to
    the right. Now, Dylan no longer has an active G note. Spending 3 Mana, Dylan moves his
    Note token from B to G so he can continue to play a specific song during his turn. As all
    of Dylan's columns were full, he was only able to move the Note token to another note in
    the same column."""
    state = all_five(content, game)  # G B E G B; chords on 1, 2, 3: B E G active
    state = play(content, state, a.EquipInstrument(instrument="magical-ocarina"),
                 a.EndTurn(), a.StartTurn(hero="tinkerer"), a.EndTurn(),
                 a.StartEnemyPhase(), a.EndRound(), a.StartTurn(hero="bard"))
    assert state.bard is not None  # chords on 2, 3, 4: E G B
    state = play(content, state, a.MoveNote(column=3, to_line="B", to_column=3))
    assert state.bard is not None
    assert sorted(n.line for n in active_notes(state.bard)) == ["B", "B", "E"]
    state = apply(content, state, a.MoveNote(column=4, to_line="G", to_column=4))
    assert state.bard is not None
    assert sorted(n.line for n in active_notes(state.bard)) == ["B", "E", "G"]


def test_a_song_plays_with_its_active_notes_in_any_order_and_an_instrument(
    content: Md2Content, game: Md2State
) -> None:
    """Some of the Bard's skills represent songs that they are playing, such as the 2 Starting
    Songs on the Bard Musical dashboard. These skills require Active Notes (in any order) and
    an Instrument equipped to be in effect."""
    state = play(content, bards_turn(content, game),  # chords on 1, 2, 3
                 a.PlaceNote(line="B", column=1), a.PlaceNote(line="G", column=3))
    assert state.bard is not None
    first, second = songs(content, state.bard)
    assert first.song.starting and second.song.starting
    assert not first.plays
    assert first.missing == "needs an equipped instrument"
    state = apply(content, state, a.EquipInstrument(instrument="magical-ocarina"))
    assert state.bard is not None
    first, second = songs(content, state.bard)
    assert first.plays and first.missing == ""  # needs G and B: B then G on the dashboard
    assert not second.plays and second.missing == "needs one more active E"


def test_the_instruments_are_the_ones_listed_and_any_bard_only_card(
    content: Md2Content, game: Md2State
) -> None:
    """Instruments: Some items and weapons are Instruments. They are specifically as listed:
    - Magical Ocarina; - Lute; - Inspiring Drums; - Angelic Flute; - Any Bard only card."""
    names = {i.name for i in content.instruments.values()}
    assert names == {"Magical Ocarina", "Lute", "Inspiring Drums", "Angelic Flute"}
    state = apply(content, game, a.EquipInstrument(instrument="magical-ocarina"))
    with pytest.raises(RuleError, match="not an instrument"):
        apply(content, state, a.EquipInstrument(instrument="Rusty Sword"))
    state = apply(content, state, a.EquipInstrument(instrument="Siren Harp", bard_only=True))
    assert state.bard is not None
    assert state.bard.instruments == ("magical-ocarina", "Siren Harp")


def test_two_items_of_a_tier_gain_and_equip_its_instrument_without_an_action(
    content: Md2Content, game: Md2State
) -> None:
    """During the Bard's turn, they may discard 2 items of the same tier to gain and equip
    the Instrument of that corresponding tier (from the Instruments set aside during Setup).
    This does not require an action."""
    with pytest.raises(RuleError, match="Only during the Bard's turn"):
        apply(content, game, a.GainInstrument(tier="rare"))
    state = play(content, game, a.StartTurn(hero="bard"))
    with pytest.raises(RuleError, match="set aside: discard two items"):
        apply(content, state, a.EquipInstrument(instrument="lute"))
    state = apply(content, state, a.GainInstrument(tier="rare"))
    assert state.bard is not None
    assert state.bard.instruments == ("inspiring-drums",)
    assert "inspiring-drums" not in state.bard.set_aside
    with pytest.raises(RuleError, match="gained already"):
        apply(content, state, a.GainInstrument(tier="rare"))
    with pytest.raises(RuleError, match="No instrument of the legendary tier"):
        apply(content, state, a.GainInstrument(tier="legendary"))
