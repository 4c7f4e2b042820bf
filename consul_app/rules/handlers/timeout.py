"""The dungeon boss's timeout: when it happens and what its steps change.

Threshold: the rules say "wound tokens equal to or greater than half of the number of hearts".
Wounds are whole, so that is `ceil(hearts / 2)`: half of 9 hearts is 4.5, so 5 wounds.
The same threshold serves all three editions (1.0: "lost half of its health").
"""

from __future__ import annotations

from consul_app.content.pack import EditionPack
from consul_app.rules.editions import edition_rules
from consul_app.rules.handlers.fight_bosses import (
    boss_destroyed,
    one_dungeon_boss_destroyed,
    return_at_timeout,
    twin_bosses,
)
from consul_app.rules.handlers.hearts import boss_hearts
from consul_app.rules.handlers.mini_boss import timeout_mini_boss
from consul_app.rules.model.state import GameState


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
