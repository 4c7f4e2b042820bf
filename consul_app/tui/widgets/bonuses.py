"""The bonuses pane: which bonus each rank and bits has gained, from which space, and what the
dice add up to; the pets with their stats."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from consul_app.rules import GroupBonuses, bonus_rules, bonuses_by_rank, monster_stats
from consul_app.tui import symbols
from consul_app.tui.view import TableView
from consul_app.tui.widgets.pane import Pane

GROUP_NAMES = {
    "minion": "minions",
    "elite": "elites",
    "mini-boss": "mini-boss",
    "pet": "pets",
    "8-bit": "8-Bit",
    "16-bit": "16-Bit",
}
SOME = "~"
"""After a group that gains the bonus only in part (the note below says how)."""


class BonusesPane(Pane):
    """Each bonus gained, where from and who gains it; the limits; the dice added up."""

    TITLE = "5 Bonuses"

    def key(self, view: TableView, section: str) -> object:
        return view.state.bonuses, view.state.setup.pets

    def body(self, view: TableView, section: str) -> RenderableType:
        groups = list(bonuses_by_rank(view.pack, view.state).values())
        parts: list[RenderableType] = [
            Text(rule, "italic") for rule in bonus_rules(view.pack, view.state)
        ]
        if not any(g.lines for g in groups):
            if view.state.chart:  # without a chart (1.0) the rule above says there are none
                parts.append(Text("No bonuses yet."))
        else:
            parts += [*_gained(view, groups), *_notes(groups), *_totals(groups)]
        for pet in view.state.setup.pets:
            name = view.pack.monsters[pet].name if pet in view.pack.monsters else pet
            stats = "  ".join(s.text for s in monster_stats(view.pack, view.state, pet))
            parts.append(Text.assemble((f"Pet {name}: ", "bold"), stats))
        return Group(*parts)


def _gained(view: TableView, groups: list[GroupBonuses]) -> list[Text]:
    """One line per bonus: "Bonus Offensive Rolls (+1ST off, chart space 2) for all"."""
    who: dict[tuple[str, str, str], list[str]] = {}
    for group in groups:
        for line in group.lines:
            mark = SOME if line.note else ""
            key = (line.bonus, line.name, line.reason)
            who.setdefault(key, []).append(GROUP_NAMES[group.group] + mark)
    return [
        Text.assemble(
            (name, "bold"), f" ({symbols.bonus(view.pack, bonus)}, {reason}) for {_who(names)}"
        )
        for (bonus, name, reason), names in who.items()
    ]


def _notes(groups: list[GroupBonuses]) -> list[Text]:
    """What a `~` means: the limit the engine gives."""
    notes: dict[str, list[str]] = {}
    for group in groups:
        for line in group.lines:
            if line.note:
                notes.setdefault(f"{line.name}: {line.note}", []).append(GROUP_NAMES[group.group])
    return [Text(f"{SOME} {note} (for {', '.join(who)})") for note, who in notes.items()]


def _totals(groups: list[GroupBonuses]) -> list[Text]:
    """The dice each rank and bits adds up to, one line per distinct total."""
    totals: dict[str, list[str]] = {}
    for group in groups:
        dice = ", ".join(
            f"{symbols.ROLLS.get(roll, roll)} +{add}" for roll, add in group.dice.items()
        )
        if dice:
            totals.setdefault(dice, []).append(GROUP_NAMES[group.group])
    return [
        Text.assemble((f"Dice for {_who(names)}: ", "bold"), dice) for dice, names in totals.items()
    ]


def _who(names: list[str]) -> str:
    """ "all" when every rank and bits is named, else the names."""
    return "all" if len(names) == len(GROUP_NAMES) else ", ".join(names)
