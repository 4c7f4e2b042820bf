"""Fights with more than one boss card in play (the fight card's `with_bosses`): Ugg's "Mugg
also counts as a Dungeon Boss and the Heroes do not win until both Dungeon Bosses are destroyed.
Time Out is reached when one of the Dungeon Bosses is destroyed."; the Midnight Queen's Daemonus,
which her timeout brings back if it is not in play. A boss the card names without bringing it
(Nocturne, Rockin' Roxor) is another form of the same boss: one wound track."""

from __future__ import annotations

from consul_app.content.models import FightBoss
from consul_app.content.pack import EditionPack
from consul_app.rules.handlers.hearts import boss_hearts
from consul_app.rules.model.errors import RuleError
from consul_app.rules.model.names import fight_card
from consul_app.rules.model.state import GameState, OtherBossState


def brought_bosses(pack: EditionPack, state: GameState) -> list[FightBoss]:
    """The other boss cards the fight card brings with the boss (none for most)."""
    card = fight_card(pack, state)
    return list(card.with_bosses) if card is not None else []


def fight_boss(pack: EditionPack, state: GameState, boss_id: str) -> FightBoss | None:
    return next((b for b in brought_bosses(pack, state) if b.boss == boss_id), None)


def other_boss(pack: EditionPack, state: GameState, boss_id: str) -> OtherBossState:
    """The other boss `boss_id` of this fight, in play; a `RuleError` says why not."""
    found = next((b for b in state.other_bosses if b.id == boss_id), None)
    name = pack.dungeon_bosses[boss_id].name if boss_id in pack.dungeon_bosses else repr(boss_id)
    if found is None:
        raise RuleError(f"{name} is not a boss of this fight")
    if found.destroyed:
        raise RuleError(f"{name} is destroyed")
    return found


def twin_bosses(pack: EditionPack, state: GameState) -> list[OtherBossState]:
    """The other bosses in the game that also count as Dungeon Bosses (Mugg)."""
    return [
        b
        for b in state.other_bosses
        if (f := fight_boss(pack, state, b.id)) is not None and f.dungeon_boss
    ]


def boss_destroyed(pack: EditionPack, state: GameState) -> bool:
    """The setup's boss: its wounds reached its hearts."""
    return state.boss.spawned and state.boss.wounds >= boss_hearts(pack, state)


def heroes_win(pack: EditionPack, state: GameState) -> bool:
    """Every Dungeon Boss of the fight destroyed."""
    return boss_destroyed(pack, state) and all(b.destroyed for b in twin_bosses(pack, state))


def one_dungeon_boss_destroyed(pack: EditionPack, state: GameState) -> bool | None:
    """In a fight of several Dungeon Bosses: is one of them destroyed (its timeout)? None in a
    fight of one Dungeon Boss (the timeout comes at half its hearts)."""
    twins = twin_bosses(pack, state)
    if not twins:
        return None
    return boss_destroyed(pack, state) or any(b.destroyed for b in twins)


def bring_with_boss(pack: EditionPack, state: GameState, boss_ids: list[str]) -> None:
    """The boss spawns with these: exactly those its fight card brings."""
    expected = [b.boss for b in brought_bosses(pack, state)]
    if boss_ids != expected:
        names = ", ".join(pack.dungeon_bosses[b].name for b in expected) or "no other boss"
        raise RuleError(f"{pack.dungeon_bosses[state.setup.boss].name} comes with {names}")
    state.other_bosses = [OtherBossState(id=b) for b in boss_ids]


def wound_other(pack: EditionPack, state: GameState, boss_id: str, wounds: int) -> None:
    boss = other_boss(pack, state, boss_id)
    hearts = pack.dungeon_bosses[boss_id].hearts
    boss.wounds = min(hearts, boss.wounds + wounds)
    if boss.wounds >= hearts:
        boss.destroyed = True
        boss.status = []


def heal_other(pack: EditionPack, state: GameState, boss_id: str, wounds: int) -> None:
    boss = other_boss(pack, state, boss_id)
    if wounds > boss.wounds:
        raise RuleError(
            f"{pack.dungeon_bosses[boss_id].name} has only {boss.wounds} wound(s) to heal"
        )
    boss.wounds -= wounds


def return_at_timeout(pack: EditionPack, state: GameState) -> None:
    """The Midnight Queen's timeout: "If Daemonus is not in play, spawn Daemonus" (fresh)."""
    for boss in state.other_bosses:
        brought = fight_boss(pack, state, boss.id)
        if boss.destroyed and brought is not None and brought.returns_at_timeout:
            boss.wounds, boss.status, boss.destroyed = 0, [], False
