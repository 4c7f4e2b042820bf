"""What the bonuses gained so far give each kind of monster, with the reason for each."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from consul_app.content.dice import Dice
from consul_app.content.models import Bonus, DiceBonus
from consul_app.content.pack import EditionPack
from consul_app.rules.editions import edition, edition_of
from consul_app.rules.handlers.bonuses import applies_to
from consul_app.rules.model.errors import RuleError
from consul_app.rules.model.names import bits_name
from consul_app.rules.model.state import GameState
from consul_app.rules.views.rule_texts import NO_PETS, PETS_RULE

Group = Literal["minion", "elite", "mini-boss", "pet", "8-bit", "16-bit"]
GROUPS: tuple[Group, ...] = ("minion", "elite", "mini-boss", "pet", "8-bit", "16-bit")


@dataclass(frozen=True)
class BonusLine:
    """A bonus that applies, why (the space that granted it), and any limit (`note`)."""

    bonus: str
    name: str
    text: str
    reason: str
    note: str = ""
    dice: DiceBonus | None = None
    ability: str | None = None
    status: str | None = None


@dataclass(frozen=True)
class GroupBonuses:
    """The bonuses of one group and their dice added up per roll ("offense" -> +1B 1ST)."""

    group: Group
    lines: list[BonusLine] = field(default_factory=list)
    dice: dict[str, Dice] = field(default_factory=dict)


@dataclass(frozen=True)
class StatLine:
    """A card stat with the bonuses applied (built by `rules.views.cards.monster_stats`):
    `bonus` goes to every roll the model makes with the stat; `offense` / `defense` only to
    its offense / defense rolls of it, when those differ. `cell` reads "2B 1R +1ST",
    "3B +1B off +1ST def"; `text` is the stat's name and its cell."""

    stat: str
    base: Dice
    bonus: Dice
    cell: str
    offense: Dice = Dice()
    defense: Dice = Dice()

    @property
    def text(self) -> str:
        return f"{self.stat} {self.cell}"


def bonuses_by_rank(pack: EditionPack, state: GameState) -> dict[Group, GroupBonuses]:
    """For minion, elite, mini-boss, pet, 8-Bit and 16-Bit: the bonuses that apply now."""
    result: dict[Group, GroupBonuses] = {}
    for group in GROUPS:
        lines = [
            line
            for gained, bonus in _gained(pack, state)
            if (line := _group_line(state, bonus, gained, group)) is not None
        ]
        result[group] = GroupBonuses(group, lines, _dice_totals(lines))
    return result


def bonus_rules(pack: EditionPack, state: GameState) -> list[str]:
    """Who gains the bonuses in this edition, in short, to show beside them: 2.0 pets count as
    8-Bit monsters (said only with pets in the game; with none bundled, where they come from);
    FK: only elites and minions; 1.0 has no bonuses."""
    played = edition_of(state)
    if not played.gains_bonuses or played.bonus_ranks is not None:
        return [played.bonus_rule]
    if state.setup.pets:
        return [PETS_RULE]
    return [] if any(m.rank == "pet" for m in pack.monsters.values()) else [NO_PETS]


def monster_bonuses(pack: EditionPack, state: GameState, model_id: str) -> list[BonusLine]:
    """The bonuses that apply to one monster, pet or mini-boss of the pack, or to a pet the
    setup names without a card (as an 8-Bit monster). The dungeon boss gains none: []."""
    rank, bits, name = _model(pack, state, model_id)
    return [
        _line(bonus, space, state)
        for space, bonus in _gained(pack, state)
        if applies_to(state.setup.edition, bonus, rank, bits, name)
    ]


def _model(pack: EditionPack, state: GameState, model_id: str) -> tuple[str, str, str]:
    """(rank, bits, name) as `applies_to` reads them."""
    monster = pack.monsters.get(model_id)
    if monster is not None:
        return monster.rank, monster.bits, monster.name
    mini_boss = pack.mini_bosses.get(model_id)
    if mini_boss is not None:
        return "mini-boss", mini_boss.bits, mini_boss.name
    boss = pack.dungeon_bosses.get(model_id)
    if boss is not None:
        return "dungeon-boss", boss.bits, boss.name
    if model_id in state.setup.pets:
        return "pet", "8-bit", model_id
    raise RuleError(f"unknown monster {model_id!r}")


def _gained(pack: EditionPack, state: GameState) -> list[tuple[int, Bonus]]:
    return [(g.space, pack.bonuses[g.bonus]) for g in state.bonuses if g.bonus in pack.bonuses]


def _group_line(state: GameState, bonus: Bonus, space: int, group: Group) -> BonusLine | None:
    """Does the bonus apply to the group? Groups by rank do not fix the bits and groups by bits
    do not fix the rank, so a bonus for only some of them carries a note."""
    edition = state.setup.edition
    if group in ("8-bit", "16-bit"):
        ranks = [r for r in ("minion", "elite") if applies_to(edition, bonus, r, group, None)]
        notes = [f"{ranks[0]}s only"] if len(ranks) == 1 else []
    else:
        options = {"mini-boss": ("super",), "pet": ("8-bit",)}.get(group, ("8-bit", "16-bit"))
        ranks = [b for b in options if applies_to(edition, bonus, group, b, None)]
        notes = [f"{bits_name(ranks[0])} only"] if len(ranks) < len(options) and ranks else []
    if not ranks:
        return None
    if bonus.applies_to.monsters:
        notes.append("only " + ", ".join(bonus.applies_to.monsters))
    return _line(bonus, space, state, "; ".join(notes))


def _line(bonus: Bonus, space: int, state: GameState, note: str = "") -> BonusLine:
    where = edition(state.setup.edition).words.step
    return BonusLine(
        bonus=bonus.id,
        name=bonus.name,
        text=bonus.text,
        reason=f"{where} {space}",
        note=note,
        dice=bonus.dice,
        ability=bonus.ability,
        status=bonus.status,
    )


def _dice_totals(lines: list[BonusLine]) -> dict[str, Dice]:
    totals: dict[str, Dice] = {}
    for line in lines:
        if line.dice is not None and not line.note:
            roll = line.dice.roll
            totals[roll] = totals.get(roll, Dice()) + line.dice.add
    return totals
