"""The bonuses pane: what each rank and bits gains now, cumulative, with the space that granted
each bonus; the pets with their stats."""

from __future__ import annotations

from textual.content import Content

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

    def body(self, view: TableView) -> Content:
        edition = view.state.setup.edition
        rule = texts.FK_BONUS_RULE if edition == "forgotten-king" else texts.PETS_RULE
        lines = [Content.styled(rule, "italic")]
        groups = bonuses_by_rank(view.pack, view.state)
        gained = [g for g in groups.values() if g.lines]
        if not gained:
            lines.append(Content("No bonuses yet."))
        for group in gained:
            lines += _group(group)
        empty = [GROUP_NAMES[g.group] for g in groups.values() if not g.lines]
        if gained and empty:
            lines.append(Content.styled(f"None yet: {', '.join(empty)}", "dim"))
        for pet in view.state.setup.pets:
            name = view.pack.monsters[pet].name if pet in view.pack.monsters else pet
            stats = "  ".join(s.text for s in monster_stats(view.pack, view.state, pet))
            lines.append(Content.assemble((f"Pet {name}: ", "bold"), stats))
        return Content("\n").join(lines)


def _group(group: GroupBonuses) -> list[Content]:
    totals = ", ".join(
        f"{symbols.ROLLS.get(roll, roll)} +{dice}" for roll, dice in group.dice.items()
    )
    lines = [Content.assemble((GROUP_NAMES[group.group], "bold underline"), f"  {totals}")]
    for line in group.lines:
        note = f" [{line.note}]" if line.note else ""
        lines.append(Content(f"  + {line.name}{note} ({line.reason})"))
    return lines
