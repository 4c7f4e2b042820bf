"""An MD2 game as frozen data: the round and phase, and each hero's dashboard."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from consul_app.md2.content import ConstructKind, NoteLine, Tier

Hero = Literal["bard", "tinkerer"]
HEROES: tuple[Hero, ...] = ("bard", "tinkerer")
HERO_NAMES: dict[Hero, str] = {"bard": "Bard", "tinkerer": "Tinkerer"}
Phase = Literal["hero", "enemy", "town"]
BombSize = Literal["small", "large"]
ExoPart = Literal["upper", "lower"]
Slot = Literal["hand", "head", "torso", "legs", "misc"]
COLUMNS = 5
LINES: tuple[NoteLine, ...] = ("G", "B", "E")
NOTE_TOKENS = 5
BOMBS_EACH = 3
"""The Tinkerer's pool: 3 small and 3 large bomb tokens."""
Column = Annotated[int, msgspec.Meta(ge=0, lt=COLUMNS)]
Zone = Annotated[str, msgspec.Meta(min_length=1, max_length=40, pattern=r"\S")]


class _Frozen(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    pass


class Md2Setup(_Frozen, frozen=True):
    """Who plays (one hero or both) and whether this is a campaign."""

    heroes: Annotated[tuple[Hero, ...], msgspec.Meta(min_length=1, max_length=2)]
    campaign: bool = False

    def __post_init__(self) -> None:
        if len(set(self.heroes)) != len(self.heroes):
            raise ValueError("each hero plays once")


class Note(_Frozen, frozen=True):
    """A note token on the musical dashboard: its line (G, B or E) and column (0 leftmost)."""

    line: NoteLine
    column: Column


class BardState(_Frozen, frozen=True):
    mana: int = 0
    chords: tuple[int, ...] = (0, 1, 2)
    """The columns of the three chord tokens (the first line: they start leftmost)."""
    notes: tuple[Note, ...] = ()
    """The notes placed, by column; the others are beside the dashboard."""
    instruments: tuple[str, ...] = ()
    """Equipped instruments: instrument ids, or the names of Bard-only cards."""
    set_aside: tuple[str, ...] = ()
    """Instruments set aside at setup and not yet gained (ids)."""
    songs: tuple[str, ...] = ()
    """The song skills the Bard has (ids)."""


class PlacedBomb(_Frozen, frozen=True):
    size: BombSize
    zone: Zone


class Item(_Frozen, frozen=True):
    """An item the Tinkerer has equipped (`slot`) or in the inventory (`slot` None)."""

    name: Zone
    slot: Slot | None = None


class TinkererState(_Frozen, frozen=True):
    mana: int = 0
    xp: int = 0
    small_bombs: int = BOMBS_EACH
    large_bombs: int = BOMBS_EACH
    """Bomb tokens in the pool."""
    placed: tuple[PlacedBomb, ...] = ()
    gizmos: tuple[Tier, ...] = ()
    """Treasure tokens held as gizmos, by tier."""
    used_effects: tuple[str, ...] = ()
    """Gizmo effects used this round (ids)."""
    exo_armor: tuple[ExoPart, ...] = ()
    items: tuple[Item, ...] = ()
    constructs: tuple[ConstructKind, ...] = ()
    """Constructs in the dungeon."""
    activations: tuple[ConstructKind, ...] = ()
    """Construct activations this turn, in order (a kind twice: activated again)."""
    skills: tuple[tuple[str, int], ...] = ()
    """Skill levels that change what the app allows: constructs, exo-armor, blacksmith."""

    def skill(self, name: str) -> int:
        return dict(self.skills).get(name, 0)


class Md2State(_Frozen, frozen=True):
    setup: Md2Setup
    round: int = 1
    phase: Phase = "hero"
    turn: Hero | None = None
    """Whose turn it is in the hero phase (None between turns)."""
    had_turn: tuple[Hero, ...] = ()
    bard: BardState | None = None
    tinkerer: TinkererState | None = None
    exploding: tuple[PlacedBomb, ...] = ()
    """Bombs still to resolve at the start of this enemy phase."""
    zone: str | None = None
    """The zone whose bombs are being resolved (all of it before the next)."""
