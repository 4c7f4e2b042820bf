"""The dungeon boss's hearts as it plays: its card's, plus its relics' ("The dungeon boss gains
all the abilities and bonuses listed on the relic card exactly as though they were printed on
the model's card"). Its wound track, timeout and defeat all count these."""

from __future__ import annotations

from consul_app.content.models import Relic
from consul_app.content.pack import EditionPack
from consul_app.rules.model.state import GameState


def relic_hearts(relics: list[Relic]) -> list[tuple[Relic, int]]:
    """Each relic that changes hearts and by how many (those the card says are not applied
    count for nothing here)."""
    return [
        (relic, mod.add)
        for relic in relics
        for mod in relic.modifiers
        if mod.stat == "HEARTS" and isinstance(mod.add, int) and mod.not_applied is None
    ]


def hearts_with(pack: EditionPack, state: GameState, relic_ids: list[str]) -> int:
    """The boss's hearts with these relics equipped (never below one)."""
    printed = pack.dungeon_bosses[state.setup.boss].hearts
    relics = [pack.relics[r] for r in relic_ids if r in pack.relics]
    return max(1, printed + sum(n for _, n in relic_hearts(relics)))


def boss_hearts(pack: EditionPack, state: GameState) -> int:
    """The hearts the boss plays with now: set when it equips its relics, else its card's
    (also in games whose journal chose relics before their hearts counted)."""
    if state.boss.hearts is not None:
        return state.boss.hearts
    return pack.dungeon_bosses[state.setup.boss].hearts
