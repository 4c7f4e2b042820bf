"""The bonuses pane: what each rank and bits gains now, cumulative, with the space that granted
each bonus; the pets with their stats."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from consul_app.rules import GroupBonuses, bonuses_by_rank, monster_stats, texts
from consul_app.tui import symbols
from consul_app.tui.view import TableView
from consul_app.tui.widgets.pane import Pane

GROUP_NAMES = {
    "minion": "Minions",
    "elite": "Elites",
    "mini-boss": "Mini-boss",
    "pet": "Pets (as 8-Bit)",
    "8-bit": "8-Bit monsters",
    "16-bit": "16-Bit monsters",
}


class BonusesPane(Pane):
    """Bonuses by rank and bits; the dungeon boss never gains them."""

    TITLE = "5 Bonuses"

    def key(self, view: TableView) -> object:
        return view.state.bonuses, view.state.setup.pets

    def body(self, view: TableView) -> RenderableType:
        edition = view.state.setup.edition
        rule = texts.FK_BONUS_RULE if edition == "forgotten-king" else texts.PETS_RULE
        lines = [Text(rule, "italic")]
        groups = bonuses_by_rank(view.pack, view.state)
        gained = [g for g in groups.values() if g.lines]
        if not gained:
            lines.append(Text("No bonuses yet."))
        for group in gained:
            lines += _group(group)
        empty = [GROUP_NAMES[g.group] for g in groups.values() if not g.lines]
        if gained and empty:
            lines.append(Text(f"None yet: {', '.join(empty)}", "dim"))
        for pet in view.state.setup.pets:
            name = view.pack.monsters[pet].name if pet in view.pack.monsters else pet
            stats = "  ".join(s.text for s in monster_stats(view.pack, view.state, pet))
            lines.append(Text.assemble((f"Pet {name}: ", "bold"), stats))
        return Group(*lines)


def _group(group: GroupBonuses) -> list[Text]:
    totals = ", ".join(
        f"{symbols.ROLLS.get(roll, roll)} +{dice}" for roll, dice in group.dice.items()
    )
    lines = [Text.assemble((GROUP_NAMES[group.group], "bold underline"), f"  {totals}")]
    for line in group.lines:
        note = f" [{line.note}]" if line.note else ""
        lines.append(Text(f"  + {line.name}{note} ({line.reason})"))
    return lines
