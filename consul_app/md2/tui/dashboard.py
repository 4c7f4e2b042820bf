"""The two hero dashboards drawn as text, laid out like the printed ones: the Bard's G/B/E grid
(chords above their columns, notes in their slots), songs and instruments; the Tinkerer's bomb
pool and placed bombs by zone, gizmos and this round's used effects, Exo-Armor, constructs."""

from __future__ import annotations

from collections import Counter

from rich.text import Text

from consul_app.md2.content import Md2Content
from consul_app.md2.rules.bard import active_notes, under_chords
from consul_app.md2.rules.labels import TIER_NAMES
from consul_app.md2.rules.state import (
    BOMBS_EACH,
    COLUMNS,
    LINES,
    NOTE_TOKENS,
    BardState,
    Md2State,
    TinkererState,
)
from consul_app.md2.rules.tinkerer import EXO_NAMES, paid_activations
from consul_app.md2.rules.views import bombs_by_zone, item_count, songs

CHORD = "♪"
NOTE = "●"
ACTIVE = "◉"
EMPTY = "·"
TIERS = ("common", "rare", "epic", "legendary")


def bard_text(content: Md2Content, bard: BardState) -> Text:
    """The Bard Musical dashboard: Mana, the grid, the active notes, instruments, songs."""
    out = Text()
    out.append(f"Mana {bard.mana}", "bold")
    out.append(f"  · notes beside: {NOTE_TOKENS - len(bard.notes)}\n")
    out.append("     ")
    for column in range(COLUMNS):  # the chord tokens on the slots above their columns
        if column in bard.chords:
            out.append(f"{CHORD}{column + 1} ", "bold yellow")
        else:
            out.append(f" {column + 1} ", "dim")
    out.append(f" {CHORD} chord\n", "dim")
    lit = set(active_notes(bard))
    heard = set(under_chords(bard))
    for line in LINES:
        out.append(f"  {line}  ", "bold")
        for column in range(COLUMNS):
            note = next((n for n in bard.notes if n.line == line and n.column == column), None)
            if note is None:
                out.append(f" {EMPTY} ", "dim")
            elif note in lit:
                out.append(f" {ACTIVE} ", "bold green")
            else:
                out.append(f" {NOTE} ", "yellow" if note in heard else "")
        out.append("\n")
    active = Counter(n.line for n in lit)
    out.append("Active: ", "bold")
    if not bard.instruments:
        out.append("none (no instrument)\n", "red")
    else:
        told = " ".join(f"{line}×{active[line]}" for line in LINES if active[line])
        out.append(f"{told or 'none'}\n")
    names = [_instrument(content, i) for i in bard.instruments]
    out.append("Instruments: ", "bold")
    out.append(", ".join(names) if names else "none", "" if names else "dim")
    out.append("\n")
    if bard.set_aside:
        aside = ", ".join(_aside(content, i) for i in bard.set_aside if i in content.instruments)
        out.append(f"Aside: {aside}\n", "dim")
    stand_in = False
    for view in songs(content, bard):
        star = "" if view.song.verified else "*"
        stand_in = stand_in or not view.song.verified
        if view.plays:
            out.append(f"♫ {view.song.name}{star}: plays\n", "bold green")
        else:
            out.append(f"· {view.song.name}{star}: {view.missing}\n")
    if not bard.songs:
        out.append("No song known\n", "dim")
    if stand_in:
        out.append("*a stand-in: its notes are not checked (README)\n", "dim")
    return out


def tinkerer_text(content: Md2Content, state: Md2State, tinkerer: TinkererState) -> Text:
    """The Tinkerer's dashboard: Mana and XP, bombs, gizmos, Exo-Armor, constructs."""
    out = Text()
    out.append(f"Mana {tinkerer.mana}   XP {tinkerer.xp}\n", "bold")
    out.append("Bomb pool: ", "bold")
    pool = (_tokens("small", tinkerer.small_bombs), _tokens("large", tinkerer.large_bombs))
    out.append("  ".join(pool) + "\n")
    zones = bombs_by_zone(tinkerer.placed)
    out.append("Placed: ", "bold")
    if not zones:
        out.append("none\n", "dim")
    else:
        out.append("\n")
        for zone, sizes in zones.items():
            told = ", ".join(f"{n} {size}" for size, n in sorted(sizes.items()))
            out.append(f" {zone}: {told}\n")
    if state.exploding:
        out.append("To explode now:\n", "bold yellow")
        for zone, sizes in bombs_by_zone(state.exploding).items():
            told = ", ".join(f"{n} {size}" for size, n in sorted(sizes.items()))
            now = " (under way)" if zone == state.zone else ""
            out.append(f" {zone}: {told}{now}\n", "yellow")
    held = Counter(tinkerer.gizmos)
    out.append("Gizmos: ", "bold")
    out.append(
        ", ".join(f"{TIER_NAMES[t]} ×{held[t]}" for t in TIERS if held[t]) or "none", ""
    )
    out.append("\n")
    effects = content.gizmo_effects
    used = [effects[e].name if e in effects else e for e in tinkerer.used_effects]
    out.append("Used this round: ", "bold")
    out.append(", ".join(used) if used else "none", "" if used else "dim")
    out.append("\n")
    out.append("Exo-Armor: ", "bold")
    parts = [EXO_NAMES[p].split()[0] for p in ("upper", "lower") if p in tinkerer.exo_armor]
    if parts:
        out.append(" + ".join(parts) + " ")
        out.append("◆ active", "bold magenta")
    else:
        out.append("none" if tinkerer.skill("exo-armor") else "no skill", "dim")
    out.append("\n")
    if state.setup.campaign and tinkerer.exo_armor:
        out.append(f" items toward the limit: {item_count(state)}\n", "dim")
    level = tinkerer.skill("constructs")
    out.append(f"Constructs (skill {level}): ", "bold")
    if not tinkerer.constructs:
        out.append("none\n", "dim")
    else:
        out.append("\n")
        times = Counter(tinkerer.activations)
        for kind in tinkerer.constructs:
            name = content.constructs[kind].name if kind in content.constructs else kind
            done = f"activated {times[kind]}×" if times[kind] else "not activated"
            out.append(f" {name}: {done}\n")
        if paid := paid_activations(tinkerer):
            out.append(f" {paid} activation(s) cost an action\n", "yellow")
    if tinkerer.constructs:
        out.append("They never Interact, Open Doors, Recover, carry items; no Shadow die\n",
                   "dim")
    if state.setup.campaign:
        out.append("Blacksmith II/III never count as a Forge\n", "dim")
    if tinkerer.items:
        worn = ", ".join(f"{i.name} ({i.slot or 'inventory'})" for i in tinkerer.items)
        out.append(f"Items: {worn}\n", "dim")
    return out


def _tokens(size: str, left: int) -> str:
    """"small ○○·": the tokens left in the pool, a dot for each one placed."""
    mark = "○" if size == "small" else "◎"
    return f"{size} {mark * left}{EMPTY * (BOMBS_EACH - left)}"


def _aside(content: Md2Content, instrument: str) -> str:
    found = content.instruments[instrument]
    return f"{found.name.split()[-1]} {TIER_NAMES.get(found.tier or '', '?')[0]}"


def _instrument(content: Md2Content, name: str) -> str:
    found = content.instruments.get(name)
    return found.name if found else f"{name} (Bard-only)"
