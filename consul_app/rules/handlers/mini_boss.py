"""The mini-boss: one at a time on the dungeon, chosen from those the Consul brought."""

from __future__ import annotations

from consul_app.content.models import MiniBossSpawn
from consul_app.content.pack import EditionPack
from consul_app.rules.editions import edition_of
from consul_app.rules.model.actions import Action, DestroyMiniBoss, SpawnMiniBoss
from consul_app.rules.model.agenda import require_no_step, require_step
from consul_app.rules.model.errors import RuleError
from consul_app.rules.model.names import name_of
from consul_app.rules.model.state import GameState, MiniBossState
from consul_app.rules.model.steps import Choice, StepDef, StepState
from consul_app.rules.views.rule_texts import NONE_LEFT, ONE_MINI_BOSS, PLACE_AT_EXIT


def mini_bosses_waiting(state: GameState) -> list[str]:
    """Mini-bosses brought that are neither on the dungeon nor destroyed."""
    on_board = state.mini_boss.id if state.mini_boss else None
    gone = set(state.mini_bosses_destroyed)
    return [m for m in state.setup.mini_bosses if m not in gone and m != on_board]


def timeout_brings(pack: EditionPack, state: GameState) -> MiniBossSpawn | None:
    """The mini-boss the boss's fight card says its timeout brings, if it says so."""
    card = pack.fight_cards.get(pack.dungeon_bosses[state.setup.boss].fight_card)
    return card.timeout_mini_boss if card is not None else None


def timeout_mini_boss(pack: EditionPack, state: GameState) -> list[StepState]:
    """The timeout step of a fight card that brings a mini-boss (Onibaba: "Battle Without
    End"), only if none is on the dungeon: any of the mini-bosses selected for this game, a
    destroyed one too (by then the game's one mini-boss is usually gone)."""
    brought = state.setup.mini_bosses
    if timeout_brings(pack, state) is None or state.mini_boss is not None or not brought:
        return []
    return [StepState(key="timeout-mini-boss", options=list(brought))]


def spawn_mini_boss(pack: EditionPack, state: GameState, action: SpawnMiniBoss) -> None:
    """2.0: only on a Spawn Mini-Boss space. FK and 1.0: whenever the Consul spawns one, and on
    a ladder step that says Spawn Mini-Boss (if the content has one). In any edition, the
    timeout step of a fight card that brings one."""
    step = state.open_step()
    if step is not None and step.key == "timeout-mini-boss":
        _brought_by_the_timeout(pack, state, step, action.mini_boss)
        return
    on_chart_only = edition_of(state).mini_boss_on_chart_only
    if on_chart_only or (step is not None and step.key == "mini-boss"):
        if step is None:
            raise RuleError("a mini-boss spawns when the chart reaches a Spawn Mini-Boss space")
        step = require_step(state, "mini-boss")
        if action.mini_boss not in step.options:
            raise RuleError(f"{name_of(pack, 'mini_bosses', action.mini_boss)} cannot spawn now")
        step.done = True
    else:
        require_no_step(state)
        if state.mini_boss is not None:
            raise RuleError("only one mini-boss may be on the dungeon at a time")
        if action.mini_boss not in mini_bosses_waiting(state):
            raise RuleError(f"{name_of(pack, 'mini_bosses', action.mini_boss)} is not available")
    state.mini_boss = MiniBossState(id=action.mini_boss)


def _brought_by_the_timeout(
    pack: EditionPack, state: GameState, step: StepState, mini_boss: str
) -> None:
    """It comes with the wounds the card says at once (enough of them destroy it), and gives
    treasure only if the card says so."""
    brings = timeout_brings(pack, state) or MiniBossSpawn()  # (a card edited since: plain)
    if mini_boss not in step.options:
        raise RuleError(f"{name_of(pack, 'mini_bosses', mini_boss)} cannot come now")
    step.done = True
    hearts = pack.mini_bosses[mini_boss].hearts
    came = MiniBossState(id=mini_boss, wounds=min(brings.wounds, hearts), treasure=brings.treasure)
    state.mini_boss = came
    if came.wounds >= hearts:
        _remove_destroyed(state, came)


def destroy_mini_boss(pack: EditionPack, state: GameState, action: DestroyMiniBoss) -> None:
    if state.mini_boss is None or state.mini_boss.id != action.mini_boss:
        raise RuleError(f"{name_of(pack, 'mini_bosses', action.mini_boss)} is not on the dungeon")
    _remove_destroyed(state, state.mini_boss)


def _remove_destroyed(state: GameState, mini_boss: MiniBossState) -> None:
    state.mini_bosses_destroyed.append(mini_boss.id)
    state.mini_boss = None
    state.tally.mini_bosses_destroyed += 1
    if not mini_boss.treasure:
        state.tally.without_treasure += 1


def wound_mini_boss(pack: EditionPack, state: GameState, wounds: int) -> None:
    """Wounds up to its hearts destroy it: the same event as `DestroyMiniBoss`."""
    mini_boss = _on_board(state)
    hearts = pack.mini_bosses[mini_boss.id].hearts
    mini_boss.wounds = min(hearts, mini_boss.wounds + wounds)
    if mini_boss.wounds >= hearts:
        _remove_destroyed(state, mini_boss)


def heal_mini_boss(state: GameState, wounds: int) -> None:
    mini_boss = _on_board(state)
    if wounds > mini_boss.wounds:
        raise RuleError(f"the mini-boss has only {mini_boss.wounds} wound(s) to heal")
    mini_boss.wounds -= wounds


def mini_boss_statuses(state: GameState) -> list[str]:
    return _on_board(state).status


def _on_board(state: GameState) -> MiniBossState:
    if state.mini_boss is None:
        raise RuleError("no mini-boss is on the dungeon")
    return state.mini_boss


def no_mini_boss_left(pack: EditionPack, state: GameState) -> str:
    """A Spawn Mini-Boss space with none left to spawn: it brings none (the recap says so)."""
    gone = [name_of(pack, "mini_bosses", m) for m in state.mini_bosses_destroyed]
    why = f" ({' and '.join(gone)} destroyed)" if gone else ""
    return f"No mini-boss is left to spawn{why}: this space brings none."


def mini_boss_choices(pack: EditionPack, state: GameState, step: StepState) -> list[Choice]:
    """The mini-bosses that may come (the step's options)."""
    return [Choice(m, name_of(pack, "mini_bosses", m)) for m in step.options]


def the_only_mini_boss(pack: EditionPack, state: GameState, step: StepState) -> Action | None:
    """Enter spawns the one mini-boss that may come; with several, the Consul chooses."""
    return SpawnMiniBoss(mini_boss=step.options[0]) if len(step.options) == 1 else None


def spawn_chosen(chosen: list[str], reflected: dict[str, int]) -> Action:
    """The mini-boss the Consul chose comes."""
    return SpawnMiniBoss(mini_boss=chosen[0])


def _mini_boss(pack: EditionPack, state: GameState, step: StepState) -> str:
    if not step.options:
        return no_mini_boss_left(pack, state)
    names = " or ".join(name_of(pack, "mini_bosses", m) for m in step.options)
    return f"Place {names} {PLACE_AT_EXIT}. {ONE_MINI_BOSS}"


def _refresh(pack: EditionPack, state: GameState, step: StepState) -> str:
    name = name_of(pack, "mini_bosses", state.mini_boss.id) if state.mini_boss else "The mini-boss"
    return (
        f"{name} is already on the dungeon: remove all its wound and status effect tokens "
        f"instead of spawning a new mini-boss. {ONE_MINI_BOSS}"
    )


def _refresh_mini_boss(pack: EditionPack, state: GameState, step: StepState) -> None:
    if state.mini_boss is not None:
        state.mini_boss.wounds = 0
        state.mini_boss.status = []


STEPS = {
    "mini-boss": StepDef(
        "mini-boss",
        "Spawn the mini-boss",
        _mini_boss,
        action=the_only_mini_boss,
        choices=mini_boss_choices,
        answer=spawn_chosen,
        title_note=lambda step: None if step.options else NONE_LEFT,
    ),
    "mini-boss-refresh": StepDef(
        "mini-boss-refresh",
        "Mini-boss already on the dungeon",
        _refresh,
        confirm=_refresh_mini_boss,
        in_a_dialog=True,
    ),
}
"""A Spawn Mini-Boss space: one of those brought comes, or the one on the dungeon is refreshed
(the timeout's mini-boss is the timeout's step)."""
