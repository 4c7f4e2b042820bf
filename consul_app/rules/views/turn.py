"""What the screen says about the turn itself: its name in this edition's words, its phase,
and what is pending while no step is open (FK's ladder, 1.0's summoning)."""

from __future__ import annotations

from consul_app.content.pack import EditionPack
from consul_app.rules.editions import edition_of, edition_rules
from consul_app.rules.handlers.spawning import check_free_spawn
from consul_app.rules.model.errors import RuleError
from consul_app.rules.model.state import GameState


def turn_name(state: GameState) -> str:
    """ "Turn 3"; in 1.0, which plays in rounds, "Round 3"."""
    return f"{edition_of(state).words.turn} {state.turn}"


def phase_name(state: GameState) -> str:
    """ "play", or what the steps at the end of the turn are called: the 2.0 power-up phase,
    FK's end of the turn (1.0 has none: the next round begins at once)."""
    if state.phase != "power-up":
        return "play"
    return edition_of(state).words.phase


def turn_notes(pack: EditionPack, state: GameState) -> list[str]:
    """What this turn has set in motion and the end of the turn (round) will bring, to show
    while no step is open (FK: the ladder climbs after a mini-boss fell; 1.0: the boss is
    summoned at the start of the next round once its conditions are met)."""
    return edition_rules(state).turn_notes(pack, state)


def boss_arrival(pack: EditionPack, state: GameState) -> str | None:
    """Before the boss is in the dungeon, how it gets there in this edition. None once it has
    spawned."""
    if state.boss.spawned:
        return None
    return edition_rules(state).boss_arrival(pack, state)


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
