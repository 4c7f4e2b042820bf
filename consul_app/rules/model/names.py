"""Names from the pack for labels and texts (an unknown id is shown as itself), and the boss's
fight card as the step texts quote it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from consul_app.content.pack import EditionPack

if TYPE_CHECKING:
    from consul_app.content.models import CardEffect, FightCard
    from consul_app.rules.model.state import GameState

BITS_NAMES = {"8-bit": "8-Bit", "16-bit": "16-Bit", "super": "Super"}


def bits_name(bits: str) -> str:
    return BITS_NAMES.get(bits, bits)


def name_of(pack: EditionPack, kind: str, entry_id: str) -> str:
    """The display name of an entry of `kind` ("monsters", "relics", ...)."""
    entry = pack.kind(kind).get(entry_id)
    return entry.name if entry else entry_id


def point_name(pack: EditionPack, point_id: str, which: int | None) -> str:
    """A spawning point's name; one of a pair on one tile (`which`) numbered: "Twin Idol #2"."""
    name = name_of(pack, "spawning_points", point_id)
    return name if which is None else f"{name} #{which + 1}"


def counts_text(pack: EditionPack, counts: dict[str, int]) -> str:
    """{"leaping-spider": 2} -> "2 Leaping Spider"."""
    return ", ".join(f"{n} {name_of(pack, 'monsters', m)}" for m, n in counts.items())


def tiles_text(tiles: list[int]) -> str:
    """[1, 2] -> "tiles 1 and 2"."""
    numbers = [str(t) for t in sorted(tiles)]
    if len(numbers) == 1:
        return f"tile {numbers[0]}"
    return f"tiles {', '.join(numbers[:-1])} and {numbers[-1]}"


def boss_name(pack: EditionPack, state: GameState) -> str:
    """The name of this game's dungeon boss."""
    return pack.dungeon_bosses[state.setup.boss].name


def fight_card(pack: EditionPack, state: GameState) -> FightCard | None:
    """The boss fight card (1.0: Adventure Effects card), if the pack has it."""
    return pack.fight_cards.get(pack.dungeon_bosses[state.setup.boss].fight_card)


def card_effects(pack: EditionPack, state: GameState, section: str) -> str:
    """A section of the fight card ("boss_spawn", "timeout") quoted in one sentence (the caller
    ends it): "A: ...; B: ..."."""
    card = fight_card(pack, state)
    if card is None:
        return "the fight card is not in the content"
    effects: list[CardEffect] = getattr(card, section)
    return "; ".join(f"{e.name}: {e.text.rstrip('.')}" for e in effects) or "none listed"
