"""The table screen's keys, declared once, each with its id (`table.*`): the screen binds
them, and the footer, the help screen (`TableScreen.keys`) and the command palette read them
from the screen's bindings. A keymap may change a key; the id stays."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from textual.binding import Binding, BindingType

if TYPE_CHECKING:
    from consul_app.rules.editions import Edition, Offer

COUNT_KEYS = ("w", "W", "x", "X", "k", "K", "a", "A", "f", "F", "g")
"""Keys a count typed before them applies to (`2w`: a hit of two wounds)."""
HOW_MANY = "number_sign"
"""`#`: the digits typed next are a count at every layout, never a pane (`#2w`)."""

PANES = ("steps", "pool", "chart", "boss", "bonuses", "log")
"""Pane ids in the order of their keys 1-6 (and of the tabs)."""

TABLE_BINDINGS: list[Binding] = [
    Binding(
        "enter",
        "confirm",
        "Do the step; if none, the card",
        priority=True,
        show=False,
        id="table.confirm",
    ),
    Binding("e", "end_turn", "End turn", id="table.end_turn"),
    Binding("space,plus", "spawn_one", "Spawn", key_display="space", id="table.spawn"),
    Binding("d", "destroy_one", "Destroyed", id="table.destroy"),
    Binding("w", "wound('boss')", "Boss wound", id="table.boss_wound"),
    Binding(
        HOW_MANY,
        "how_many",
        "Count",
        key_display="#",
        tooltip="how many, on any tab (# then the number, then the key: #2w is a hit of two)",
        id="table.how_many",
    ),
    Binding("W", "heal('boss')", "Boss heal", show=False, id="table.boss_heal"),
    Binding("s", "status('boss')", "Boss status", show=False, id="table.boss_status"),
    Binding("x", "wound('mini-boss')", "Mini-boss wound", show=False, id="table.mini_wound"),
    Binding("X", "heal('mini-boss')", "Mini-boss heal", show=False, id="table.mini_heal"),
    Binding("S", "status('mini-boss')", "Mini-boss status", show=False, id="table.mini_status"),
    Binding("m", "spawn_mini_boss", "Spawn a mini-boss", show=False, id="table.mini_spawn"),
    Binding("M", "destroy_mini_boss", "Mini-boss destroyed", show=False, id="table.mini_dead"),
    Binding(
        "p",
        "destroy_spawning_point",
        "Spawning point destroyed",
        show=False,
        id="table.point_dead",
    ),
    Binding("k", "wound_point", "Spawning point wound", show=False, id="table.point_wound"),
    Binding("K", "heal_point", "Spawning point heal", show=False, id="table.point_heal"),
    Binding("P", "point_status", "Spawning point status", show=False, id="table.point_status"),
    Binding("f", "summon", "Fight card model out", show=False, id="table.summon"),
    Binding(
        "F", "summoned_destroyed", "Fight card model destroyed", show=False, id="table.unsummon"
    ),
    Binding("a", "wound_monster", "Selected monster wound", show=False, id="table.mon_wound"),
    Binding("A", "heal_monster", "Selected monster heal", show=False, id="table.mon_heal"),
    Binding(
        "t", "monster_status", "Selected monster status", show=False, id="table.mon_status"
    ),
    Binding("v", "correct_chart", "Correct the chart", show=False, id="table.chart"),
    Binding("h", "destroy_hero", "A hero destroyed", show=False, id="table.hero_dead"),
    Binding("g", "gauge", "Power gauge +1", show=False, id="table.gauge"),
    Binding("c", "card", "Card of the selected monster", show=False, id="table.card"),
    Binding("b", "boss_card", "The boss's card", show=False, id="table.boss_card"),
    Binding("B", "mini_boss_card", "The mini-boss's card", show=False, id="table.mini_card"),
    Binding("slash", "lookup", "Look up", key_display="/", id="table.lookup"),
    Binding("u,ctrl+z", "undo", "Undo", id="table.undo"),
    Binding("r,ctrl+y", "redo", "Redo", show=False, id="table.redo"),
    Binding("H", "history", "History", show=False, id="table.history"),
    Binding("T", "story", "The game's story", show=False, id="table.story"),
    Binding("E", "end_game", "End the game", show=False, id="table.end_game"),
    *[
        Binding(
            str(n),
            f"digit({n}, '{pane}')",
            f"Show the {pane} pane (just before {' '.join(COUNT_KEYS)}: how many)",
            show=False,
            id=f"table.pane_{pane}",
        )
        for n, pane in enumerate(PANES, 1)
    ],
]

OFFERED_BY: dict[str, Offer] = {"table.chart": "correct-chart", "table.gauge": "power-gauge"}
"""The keys an edition offers (`Edition.offers`), by binding id: the help lists them only in
a game of an edition that has them."""


def game_keys(bindings: list[BindingType], played: Edition, end_turn: str) -> list[Binding]:
    """The table's keys as the help lists them in a game of `played`: its own keys only, `e`
    saying what it ends (`end_turn`), pane 3 named in its words."""
    pane = f"{played.words.chart.lower()} pane"
    return [
        replace(b, description=end_turn)
        if b.action == "end_turn"
        else replace(b, description=b.description.replace("chart pane", pane))
        if b.id == "table.pane_chart"
        else b
        for b in bindings
        if isinstance(b, Binding) and OFFERED_BY.get(b.id or "", "") in {"", *played.offers}
    ]
