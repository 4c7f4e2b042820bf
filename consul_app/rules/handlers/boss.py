"""The dungeon boss in play: what to remember, its wounds, heals and status effects (its spawn
and relics: `boss_spawn`)."""

from __future__ import annotations

from consul_app.content.models import DungeonBoss
from consul_app.content.pack import EditionPack
from consul_app.rules.editions import edition_of
from consul_app.rules.handlers.fight_bosses import (
    boss_destroyed,
    heal_other,
    heroes_win,
    other_boss,
    wound_other,
)
from consul_app.rules.handlers.hearts import boss_hearts
from consul_app.rules.handlers.timeout import check_timeout
from consul_app.rules.model.errors import RuleError
from consul_app.rules.model.state import GameState
from consul_app.rules.views.rule_texts import ACTIVATES_TWICE


def boss_of(pack: EditionPack, state: GameState) -> DungeonBoss:
    return pack.dungeon_bosses[state.setup.boss]


def boss_reminders(state: GameState) -> list[str]:
    """What the Consul must remember while the boss is in play (spawned, not defeated): FK, "when
    in play, may be activated during each Consul Turn" besides four skull points; 1.0, special
    healing, and two activations in a round with a spawning point on the board."""
    if not state.boss.spawned or state.boss.defeated:
        return []
    played = edition_of(state)
    twice = played.twice_with_points and bool(state.standing_spawning_points())
    return [*played.boss_reminders, *([ACTIVATES_TWICE] if twice else [])]


def wound_boss(pack: EditionPack, state: GameState, wounds: int, model: str | None = None) -> None:
    """Wounds up to its hearts (then it is destroyed); the heroes win once every Dungeon Boss
    of the fight is; may trigger the timeout. `model`: another boss of the fight (Mugg)."""
    if _is_other(state, model):
        _require_spawned(pack, state)
        wound_other(pack, state, model, wounds)  # type: ignore[arg-type]
    else:
        _require_in_play(pack, state)
        hearts = boss_hearts(pack, state)
        state.boss.wounds = min(hearts, state.boss.wounds + wounds)
    state.boss.defeated = heroes_win(pack, state)
    check_timeout(pack, state)


def heal_boss(pack: EditionPack, state: GameState, wounds: int, model: str | None = None) -> None:
    if _is_other(state, model):
        _require_spawned(pack, state)
        heal_other(pack, state, model, wounds)  # type: ignore[arg-type]
        return
    _require_in_play(pack, state)
    if wounds > state.boss.wounds:
        raise RuleError(f"the boss has only {state.boss.wounds} wound(s) to heal")
    state.boss.wounds -= wounds


def _is_other(state: GameState, model: str | None) -> bool:
    """Does the action name another boss of the fight than the setup's (None: the setup's)? In
    a fight of one boss card the name is not read: journals written before fights had several
    boss cards replay as they were played, and a boss's other form (Nocturne) is the same."""
    return model is not None and model != state.setup.boss and bool(state.other_bosses)


def _require_spawned(pack: EditionPack, state: GameState) -> None:
    if not state.boss.spawned:
        raise RuleError(f"{boss_of(pack, state).name} has not spawned yet")
    if state.boss.defeated:
        raise RuleError(f"{boss_of(pack, state).name} is already defeated")


def _require_in_play(pack: EditionPack, state: GameState) -> None:
    _require_spawned(pack, state)
    if boss_destroyed(pack, state):
        raise RuleError(f"{boss_of(pack, state).name} is destroyed")


def boss_statuses(pack: EditionPack, state: GameState, model: str | None = None) -> list[str]:
    """The boss's status effect list, to change in place (only once it is in play); `model`:
    another boss of the fight."""
    if _is_other(state, model):
        _require_spawned(pack, state)
        return other_boss(pack, state, model).status  # type: ignore[arg-type]
    _require_in_play(pack, state)
    return state.boss.status
