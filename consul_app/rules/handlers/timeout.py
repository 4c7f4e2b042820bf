"""The dungeon boss's timeout: when it happens and what its steps change.

Threshold: the rules say "wound tokens equal to or greater than half of the number of hearts".
Wounds are whole, so that is `ceil(hearts / 2)`: half of 9 hearts is 4.5, so 5 wounds.
The same threshold serves all three editions (1.0: "lost half of its health").
Its steps (each edition's list: `EditionRules.timeout_steps`), their texts and effects are here.
"""

from __future__ import annotations

from consul_app.content.models import MiniBossSpawn
from consul_app.content.pack import EditionPack
from consul_app.rules.editions import edition_of, edition_rules
from consul_app.rules.handlers.fight_bosses import (
    boss_destroyed,
    one_dungeon_boss_destroyed,
    return_at_timeout,
    twin_bosses,
)
from consul_app.rules.handlers.hearts import boss_hearts
from consul_app.rules.handlers.mini_boss import (
    mini_boss_choices,
    spawn_chosen,
    the_only_mini_boss,
    timeout_brings,
    timeout_mini_boss,
)
from consul_app.rules.model.names import boss_name, card_effects, counts_text, fight_card, name_of
from consul_app.rules.model.state import GameState
from consul_app.rules.model.steps import StepDef, StepState
from consul_app.rules.views.rule_texts import SUMMON_1_0


def timeout_threshold(hearts: int) -> int:
    """Wounds that trigger the timeout: half the hearts, rounded up."""
    return (hearts + 1) // 2


def timeout_cause(pack: EditionPack, state: GameState) -> str:
    """What brought the timeout, as a clause: the boss's wounds ("Elrik has 4 wounds"), or in
    a fight of several Dungeon Bosses the one destroyed ("Mugg is destroyed")."""
    name = pack.dungeon_bosses[state.setup.boss].name
    if not one_dungeon_boss_destroyed(pack, state):
        return f"{name} has {state.boss.wounds} wounds"
    fallen = [name] if boss_destroyed(pack, state) else []
    fallen += [pack.dungeon_bosses[b.id].name for b in twin_bosses(pack, state) if b.destroyed]
    return f"{' and '.join(fallen)} {'is' if len(fallen) == 1 else 'are'} destroyed"


def check_timeout(pack: EditionPack, state: GameState) -> None:
    """Trigger the timeout once per game, as soon as the wounds reach the threshold (not if the
    same wounds defeat the boss; in a fight of several Dungeon Bosses, when one is destroyed).
    Its steps come before anything else."""
    boss = state.boss
    if boss.timeout or boss.defeated:
        return
    one_destroyed = one_dungeon_boss_destroyed(pack, state)
    if one_destroyed is None:
        if boss.wounds < timeout_threshold(boss_hearts(pack, state)):
            return
    elif not one_destroyed:  # Ugg: "Time Out is reached when one of the Dungeon Bosses is
        return  # destroyed", not at half its hearts
    boss.timeout = True
    return_at_timeout(pack, state)
    steps = edition_rules(state).timeout_steps(pack, state)
    after = next((n + 1 for n, s in enumerate(steps) if s.key == "timeout-effects"), len(steps))
    steps[after:after] = timeout_mini_boss(pack, state)
    state.steps.extend(steps)


def healed_back_wounds(hearts: int, wounds: int) -> int:
    """Forgotten King step 2, "heal the dungeon boss back to half of its remaining wounds
    (rounded up) if it went below": read as "if fewer than half its hearts (rounded up) are
    left, heal it until that many are left". 9 hearts: keep 5 left, so at most 4 wounds."""
    return min(wounds, hearts - timeout_threshold(hearts))


def _heal_hero(pack: EditionPack, state: GameState, step: StepState) -> str:
    return (
        f"{timeout_cause(pack, state)}: the timeout. The party may choose one "
        "hero and discard equipment cards from the backpack: that hero heals 1 per card."
    )


def _immune(pack: EditionPack, state: GameState, step: StepState) -> str:
    return (
        f"{boss_name(pack, state)} is immune to critical success for the rest of the game: no "
        "extra wounds or effects from critical successes."
    )


def _become_immune(pack: EditionPack, state: GameState, step: StepState) -> None:
    state.boss.immune_to_crits = True


def _status(pack: EditionPack, state: GameState, step: StepState) -> str:
    statuses = ", ".join(name_of(pack, "status_effects", s) for s in state.boss.status) or "none"
    return f"Remove all status effects from {boss_name(pack, state)} (now: {statuses})."


def _clear_status(pack: EditionPack, state: GameState, step: StepState) -> None:
    state.boss.status = []


def _heal_boss(pack: EditionPack, state: GameState, step: StepState) -> str:
    hearts = boss_hearts(pack, state)
    after = healed_back_wounds(hearts, state.boss.wounds)
    return (
        f"Heal {boss_name(pack, state)} back to half its hearts rounded up "
        f"({hearts - timeout_threshold(hearts)} wounds at most) if it went below: "
        f"wounds {state.boss.wounds} -> {after}."
    )


def _heal_back(pack: EditionPack, state: GameState, step: StepState) -> None:
    state.boss.wounds = healed_back_wounds(boss_hearts(pack, state), state.boss.wounds)


def _effects(pack: EditionPack, state: GameState, step: StepState) -> str:
    card = edition_of(state).words.card
    return f"Resolve the {card}'s timeout effects: {card_effects(pack, state, 'timeout')}."


def _spawn(pack: EditionPack, state: GameState, step: StepState) -> str:
    left = (step.budget or 0) - step.spent
    return (
        f"Spawn up to {step.budget} skull points of 8-Bit or 16-Bit monsters from the spawning "
        f"pool ({left} left), anywhere within two squares of {boss_name(pack, state)}."
    )


def _move(pack: EditionPack, state: GameState, step: StepState) -> str:
    return (
        f"{boss_name(pack, state)} may move to any square within ten squares of where it stands. "
        "A timeout happens only once."
    )


def _resummon(pack: EditionPack, state: GameState, step: StepState) -> str:
    return f"Re-summon {boss_name(pack, state)} in a different place, {SUMMON_1_0}."


def _summons(pack: EditionPack, state: GameState, step: StepState) -> str:
    card = fight_card(pack, state)
    named = card.timeout_summons if card is not None else []
    absent = {s.monster: s.count for s in named if s.monster not in step.summons}
    if not step.summons:  # (none of them in this game: nothing to spawn or move)
        return (
            f"None of the monsters the card summons comes: it names {counts_text(pack, absent)}, "
            "and no spawning point of this game brings them. Confirm the step."
        )
    left = {m: n for m, n in step.summons.items() if n}
    text = (
        f"Spawn these monsters in the boss's place, or move them there (moved ones keep their "
        f"wounds and status effects): {counts_text(pack, left) or 'all done'}."
    )
    outside = {m: n for m, n in left.items() if not state.pool.get(m, 0)}
    if outside:
        text += (
            f" Not in the spawning pool, so none can spawn: {counts_text(pack, outside)}; "
            "move those on the dungeon to its place, then confirm."
        )
    if absent:
        text += (
            f" The card also names {counts_text(pack, absent)}: no spawning point of this game "
            "brings them, so none come."
        )
    return text


def _mini_boss(pack: EditionPack, state: GameState, step: StepState) -> str:
    names = " or ".join(name_of(pack, "mini_bosses", m) for m in step.options)
    brings = timeout_brings(pack, state) or MiniBossSpawn()
    boss = boss_name(pack, state)
    text = f"{boss}'s timeout brings {names} onto the dungeon, next to a Hero of your choice"
    if brings.wounds:
        text += f"; it takes {brings.wounds} wound{'s' * (brings.wounds != 1)} at once"
    if not brings.treasure:
        text += ". The heroes draw no treasure for destroying it"
    return f"{text}."


RESOLVE_NOW = ("timeout", "resolve NOW")
"""The timeout section of the fight card, marked as what to resolve now."""

STEPS = {
    "timeout-heal-hero": StepDef("timeout-heal-hero", "Timeout: heal a hero", _heal_hero),
    "timeout-immune": StepDef(
        "timeout-immune", "Timeout: immune to critical success", _immune, confirm=_become_immune
    ),
    "timeout-status": StepDef(
        "timeout-status", "Timeout: remove status effects", _status, confirm=_clear_status
    ),
    "timeout-heal-boss": StepDef(
        "timeout-heal-boss", "Timeout: heal the boss back to half", _heal_boss, confirm=_heal_back
    ),
    "timeout-effects": StepDef(
        "timeout-effects",
        "Timeout: fight card effects",
        _effects,
        card_models=True,
        card_section=RESOLVE_NOW,
    ),
    "timeout-mini-boss": StepDef(
        "timeout-mini-boss",
        "Timeout: a mini-boss comes",
        _mini_boss,
        action=the_only_mini_boss,
        choices=mini_boss_choices,
        answer=spawn_chosen,
        card_section=RESOLVE_NOW,
    ),
    "timeout-spawn": StepDef("timeout-spawn", "Timeout: spawn monsters", _spawn, spawns=True),
    "timeout-move": StepDef("timeout-move", "Timeout: move the boss", _move),
    "timeout-resummon": StepDef("timeout-resummon", "Timeout: re-summon the boss", _resummon),
    "timeout-summons": StepDef(
        "timeout-summons", "Timeout: summon monsters", _summons, spawns=True
    ),
}
"""Every edition's timeout steps (2.0: heal a hero, immune, the card; Forgotten King: status,
heal back, the card, spawn, move; 1.0: status, the card, re-summon, summons; and a fight card's
mini-boss after the card's effects)."""
