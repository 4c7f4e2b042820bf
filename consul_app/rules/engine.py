"""`apply`: the one way a game changes. Pure: it returns a new state, the input is untouched."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from consul_app.content.pack import EditionPack
from consul_app.rules.confirm import confirm_step
from consul_app.rules.editions import edition_rules
from consul_app.rules.handlers.advance import advance_chart
from consul_app.rules.handlers.bonuses import choose_bonus
from consul_app.rules.handlers.boss import boss_of
from consul_app.rules.handlers.boss_sighting import answer_sighting, cancel_sighting
from consul_app.rules.handlers.boss_spawn import choose_relics, spawn_boss
from consul_app.rules.handlers.mini_boss import destroy_mini_boss, spawn_mini_boss
from consul_app.rules.handlers.power_gauge import advance_gauge
from consul_app.rules.handlers.spawning import (
    destroy_marked,
    destroy_monsters,
    destroy_spawning_point,
    spawn,
)
from consul_app.rules.handlers.summons import destroy_summoned, summon
from consul_app.rules.handlers.tracked import add_status, heal, remove_status, wound
from consul_app.rules.model import actions as a
from consul_app.rules.model.agenda import require_no_step
from consul_app.rules.model.errors import RuleError
from consul_app.rules.model.state import GameState

Handler = Callable[[EditionPack, GameState, Any], None]


def apply(pack: EditionPack, state: GameState, action: a.Action) -> GameState:
    """The state after `action`; raises `RuleError` (with a reason) if the rules forbid it."""
    handler, is_event = _HANDLERS[type(action)]
    if state.ended is not None:
        raise RuleError(f"The game has ended ({ENDED[state.ended]}): undo to play on")
    new = state.evolve()
    if is_event:
        require_no_step(new)
    handler(pack, new, action)
    if new.ended is None:
        settle(pack, new)
    return new


def settle(pack: EditionPack, state: GameState) -> None:
    """With every step done: add what the edition adds last (2.0: the automatic boss spawn),
    else end the power-up phase (a new turn starts) or clear the finished steps."""
    if state.open_step() is not None:
        return
    last = edition_rules(state).before_phase_ends(pack, state)
    if last:
        state.steps.extend(last)
    elif state.phase == "power-up":
        state.next_turn()
    else:
        state.steps = []


def _end_turn(pack: EditionPack, state: GameState, action: a.EndTurn) -> None:
    if state.boss.defeated:
        raise RuleError(f"{boss_of(pack, state).name} is defeated: the heroes have won")
    edition_rules(state).end_turn(pack, state)


ENDED = {"heroes-lost": "the heroes lost", "ended": "the Consul ended it"}


def _end_game(pack: EditionPack, state: GameState, action: a.EndGame) -> None:
    if state.boss.defeated:
        raise RuleError(f"{boss_of(pack, state).name} is defeated: the game is already over")
    state.ended = action.result
    state.steps = []  # the game stops wherever it stands, even in the middle of a phase


def _destroy_hero(pack: EditionPack, state: GameState, action: a.DestroyHero) -> None:
    state.tally.heroes_destroyed += 1


_HANDLERS: dict[type, tuple[Handler, bool]] = {
    # action: (handler, is_event). Events wait until the current steps are done; the
    # others answer a step themselves (spawning also works outside steps).
    a.EndTurn: (_end_turn, True),
    a.AdvanceChart: (advance_chart, False),
    a.ConfirmStep: (confirm_step, False),
    a.Spawn: (spawn, False),
    a.DestroyMonsters: (destroy_monsters, True),
    a.DestroyMarked: (destroy_marked, True),
    a.DestroySpawningPoint: (destroy_spawning_point, True),
    a.DestroyHero: (_destroy_hero, True),
    a.EndGame: (_end_game, False),
    a.SpawnMiniBoss: (spawn_mini_boss, False),
    a.DestroyMiniBoss: (destroy_mini_boss, True),
    a.SpawnBoss: (spawn_boss, False),
    a.ChooseRelics: (choose_relics, False),
    a.EquipRelics: (choose_relics, False),
    a.ChooseBonus: (choose_bonus, False),
    a.AnswerSighting: (answer_sighting, False),
    a.CancelSighting: (cancel_sighting, False),
    a.Wound: (wound, True),
    a.Heal: (heal, True),
    a.AddStatus: (add_status, True),
    a.RemoveStatus: (remove_status, True),
    a.Summon: (summon, False),
    a.DestroySummoned: (destroy_summoned, True),
    a.AdvanceGauge: (advance_gauge, True),
}
