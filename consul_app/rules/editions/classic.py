"""SDE 1.0: the power gauge, the boss summoned at the start of a round, the Adventure Effects
card, and the timeout at half health."""

from __future__ import annotations

from consul_app.content.pack import EditionPack
from consul_app.rules.handlers.power_gauge import fills_needed, gauge_full
from consul_app.rules.model.state import GameState
from consul_app.rules.model.steps import StepState
from consul_app.rules.views.rule_texts import SUMMON_1_0


def end_turn(pack: EditionPack, state: GameState) -> None:
    """The round ends. The next begins with the boss's summoning once it is due."""
    state.next_turn()
    if summon_due(pack, state):
        state.steps.append(StepState(key="boss-spawn"))


def summon_due(pack: EditionPack, state: GameState) -> bool:
    """All spawning points destroyed, or the power gauge filled (once at 16-Bit, twice at Super)."""
    if state.boss.spawned:
        return False
    return not state.standing_spawning_points() or gauge_full(state)


def before_phase_ends(pack: EditionPack, state: GameState) -> list[StepState]:
    return []


def boss_fight_steps(pack: EditionPack, state: GameState) -> list[StepState]:
    """The boss equips its treasure (the Character Treasure cards bearing its portrait, which
    it gains "as though printed on its card", as a 2.0 relic), then the Adventure Effects
    card's boss fight effects. The rules texts say not how many: it may take each of them."""
    treasure = [r for r in pack.relics.values() if state.setup.boss in r.portrait]
    if not treasure:
        return [StepState(key="boss-spawn-effects")]
    state.boss.relic_slots = len(treasure)
    return [StepState(key="relics"), StepState(key="boss-spawn-effects")]


def timeout_steps(pack: EditionPack, state: GameState) -> list[StepState]:
    """The timeout: status effects off, the card's effects, the boss re-summoned, then the
    card's summons: those of this game's spawning pool (a monster no spawning point of this
    game brings cannot be summoned; the step says so)."""
    steps = [
        StepState(key="timeout-status"),
        StepState(key="timeout-effects"),
        StepState(key="timeout-resummon"),
    ]
    card = pack.fight_cards.get(pack.dungeon_bosses[state.setup.boss].fight_card)
    if card is not None and card.timeout_summons:
        summons: dict[str, int] = {}
        for summon in card.timeout_summons:
            if summon.monster in state.pool or summon.monster in state.board:
                summons[summon.monster] = summons.get(summon.monster, 0) + summon.count
        steps.append(StepState(key="timeout-summons", summons=summons))
    return steps


def spawning_point_destroyed(pack: EditionPack, state: GameState, tile: int) -> None:
    """Nothing now: the boss is summoned at the start of the next round."""


def turn_notes(pack: EditionPack, state: GameState) -> list[str]:
    """The boss is summoned at the start of the next round once its conditions are met."""
    if summon_due(pack, state):
        return [
            "The boss's summoning conditions are met: it is summoned at the start of the next "
            "round."
        ]
    return []


def boss_arrival(pack: EditionPack, state: GameState) -> str | None:
    """The summoning conditions and how far along they are."""
    if summon_due(pack, state):
        return "Summoning conditions met: summoned at the start of the next round."
    standing = len(state.standing_spawning_points())
    needed = fills_needed(state)
    fills = state.gauge.fills if state.gauge else 0
    times = "once" if needed == 1 else "twice"
    return (
        "Summoned at the start of the round after all spawning points are destroyed "
        f"({standing} standing) or the power gauge has filled {times} ({fills} of {needed})."
    )


def boss_spawn_prompt(state: GameState, step: StepState, boss: str) -> str:
    return f"Summon {boss} {SUMMON_1_0}. The boss fight begins."
