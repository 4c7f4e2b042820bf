"""What the MD2 screens show, worked out from the state: songs in effect, what each song
lacks, the bombs by zone, the gizmo effects used, and what to do now."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from consul_app.md2.content import Md2Content, Song
from consul_app.md2.rules.bard import under_chords
from consul_app.md2.rules.state import HERO_NAMES, BardState, Md2State, PlacedBomb
from consul_app.md2.rules.tinkerer import paid_activations

WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


@dataclass(frozen=True)
class SongView:
    song: Song
    plays: bool
    missing: str
    """Empty when it plays, else what it lacks ("needs one more active G")."""


def songs(content: Md2Content, bard: BardState) -> list[SongView]:
    """Each song the Bard knows: in effect when its notes are active (in any order) and an
    instrument is equipped."""
    active = Counter(n.line for n in under_chords(bard))
    views = []
    for song_id in bard.songs:
        song = content.songs[song_id]
        short = Counter(song.needs) - active
        lacks = [f"{WORDS.get(n, n)} more active {line}" for line, n in sorted(short.items())]
        if not bard.instruments:
            lacks.insert(0, "an equipped instrument")
        missing = f"needs {' and '.join(lacks)}" if lacks else ""
        views.append(SongView(song, not lacks, missing))
    return views


def bombs_by_zone(bombs: tuple[PlacedBomb, ...]) -> dict[str, Counter[str]]:
    """Placed bombs grouped by zone, in the order the zones were first used."""
    zones: dict[str, Counter[str]] = {}
    for bomb in bombs:
        zones.setdefault(bomb.zone, Counter())[bomb.size] += 1
    return zones


def item_count(state: Md2State) -> int:
    """The Tinkerer's items toward the campaign item limit: each Exo-Armor part counts as one."""
    tinkerer = state.tinkerer
    if tinkerer is None:
        return 0
    return len(tinkerer.items) + len(tinkerer.exo_armor)


def now(state: Md2State) -> str:
    """The steps line: what the rules ask for at this moment."""
    if state.phase == "town":
        return "Town Phase: gizmos are back in the bag. Start the next quest when ready"
    if state.phase == "enemy":
        if state.exploding:
            zone = state.zone or state.exploding[0].zone
            sizes = bombs_by_zone(tuple(b for b in state.exploding if b.zone == zone))[zone]
            told = ", ".join(f"{n} {size}" for size, n in sorted(sizes.items()))
            rest = "" if state.zone else " (or any zone first: players choose)"
            return (f"Enemy phase: the bombs explode. {zone}: {told}{rest}; "
                    "every bomb of a zone before the next")
        return f"Enemy phase of round {state.round}: play the enemies, then end the round"
    if state.turn == "bard":
        return "Bard's turn: the chords moved one slot right. Place or move notes (3 Mana each)"
    if state.turn == "tinkerer":
        extra = paid_activations(state.tinkerer) if state.tinkerer else 0
        spent = f"; {extra} construct activation(s) cost an action" if extra else ""
        return ("Tinkerer's turn: bombs, gizmos, Exo-Armor, constructs "
                f"(first activation free){spent}")
    waiting = [HERO_NAMES[h] for h in state.setup.heroes if h not in state.had_turn]
    if waiting:
        return f"Hero phase of round {state.round}: whose turn? ({' or '.join(waiting)})"
    return f"Hero phase of round {state.round} done: start the enemy phase"


def reminders(state: Md2State) -> list[str]:
    """Campaign-mode exceptions and other rules the app cannot see, shown as reminders."""
    notes = []
    if state.tinkerer is not None and state.tinkerer.constructs:
        notes.append(
            "Constructs: no Interact, Open Doors, Recover or carrying items; no Shadow die"
        )
    if state.setup.campaign:
        notes.append("Campaign: Blacksmith II and III never make your hero count as a Forge")
        if state.tinkerer is not None and state.tinkerer.exo_armor:
            notes.append(f"Campaign: Exo-Armor parts count toward the item limit "
                         f"({item_count(state)} items)")
    return notes
