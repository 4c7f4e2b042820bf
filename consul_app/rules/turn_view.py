"""What the screen says about the turn itself: its name in this edition's words, its phase,
and what is pending while no step is open (FK's ladder, 1.0's summoning)."""

from __future__ import annotations

from consul_app.content.pack import EditionPack
from consul_app.rules.chart import spaces
from consul_app.rules.editions.classic import summon_due
from consul_app.rules.editions.words import words
from consul_app.rules.errors import RuleError
from consul_app.rules.power_gauge import fills_needed
from consul_app.rules.spawning import check_free_spawn
from consul_app.rules.state import GameState


def turn_name(state: GameState) -> str:
    """ "Turn 3"; in 1.0, which plays in rounds, "Round 3"."""
    return f"{words(state.setup.edition).turn} {state.turn}"


def phase_name(state: GameState) -> str:
    """ "play", or what the steps at the end of the turn are called: the 2.0 power-up phase,
    FK's end of the turn (1.0 has none: the next round begins at once)."""
    if state.phase != "power-up":
        return "play"
    return words(state.setup.edition).phase


def turn_notes(pack: EditionPack, state: GameState) -> list[str]:
    """What this turn has set in motion and the end of the turn (round) will bring, to show
    while no step is open: FK, the ladder climbs after a mini-boss fell; 1.0, the boss is
    summoned at the start of the next round once its conditions are met."""
    edition = state.setup.edition
    if edition == "forgotten-king" and state.tally.mini_bosses_destroyed:
        if state.position >= len(spaces(pack, state.chart)):
            return ["A mini-boss was destroyed this turn, but the ladder is at the top: stop!"]
        return ["A mini-boss was destroyed this turn: the ladder climbs one step when it ends."]
    if edition == "classic" and not state.boss.spawned and summoning_met(pack, state):
        return [
            "The boss's summoning conditions are met: it is summoned at the start of the next "
            "round."
        ]
    return []


def summoning_met(pack: EditionPack, state: GameState) -> bool:
    """1.0: all spawning points destroyed, or the power gauge filled (once at 16-Bit, twice at
    Super), and the boss not summoned yet."""
    return state.setup.edition == "classic" and summon_due(pack, state)


def boss_arrival(pack: EditionPack, state: GameState) -> str | None:
    """Before the boss is in the dungeon, how it gets there (FK, 1.0; 2.0 shows its chart
    space instead, unless no spawning point is left). None once it has spawned."""
    if state.boss.spawned:
        return None
    standing = len(state.standing_spawning_points())
    edition = state.setup.edition
    if edition == "forgotten-king":
        return (
            "Arrives when the last spawning point is destroyed, anywhere on that point's tile "
            f"({standing} standing)."
        )
    if edition == "sde2":
        if standing:
            return None
        when = "this" if state.phase == "power-up" else "the next"
        return (
            "No spawning point is left: it spawns by itself at the end of "
            f"{when} power-up phase, after the chart's effects."
        )
    if edition == "classic":
        if summoning_met(pack, state):
            return "Summoning conditions met: summoned at the start of the next round."
        needed = fills_needed(state)
        fills = state.gauge.fills if state.gauge else 0
        times = "once" if needed == 1 else "twice"
        return (
            "Summoned at the start of the round after all spawning points are destroyed "
            f"({standing} standing) or the power gauge has filled {times} ({fills} of {needed})."
        )
    return None


def free_spawn_refusal(state: GameState) -> str | None:
    """Why no monster may spawn outside a step now (1.0: the boss is summoned; no spawning point
    left), or None: free spawns are allowed, or a step is open (it says what spawns)."""
    if state.open_step() is not None:
        return None
    try:
        check_free_spawn(state)
    except RuleError as err:
        return str(err)
    return None
