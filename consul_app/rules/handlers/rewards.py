"""SDE 2.0 rewards in the power-up phase: loot and treasure for what the heroes destroyed this
turn."""

from __future__ import annotations

from consul_app.content.pack import EditionPack
from consul_app.rules.model.state import GameState, Tally
from consul_app.rules.model.steps import StepDef, StepState


def loot(tally: Tally) -> int:
    """One loot per full three skull points of 8-Bit monsters, two per 16-Bit monster,
    and a spawning point's tile number plus one for each spawning point destroyed."""
    return (
        tally.skull_points_8bit // 3
        + 2 * tally.models_16bit
        + sum(tile + 1 for tile in tally.spawning_point_tiles)
    )


def treasure(tally: Tally) -> int:
    """The party draws treasure for each mini-boss destroyed (the reference's fight cards and
    plots speak of "treasure for destroying the mini-boss"), but for one a fight card says
    gives none (Onibaba's timeout mini-boss)."""
    return tally.mini_bosses_destroyed - tally.without_treasure


def _rewards(pack: EditionPack, state: GameState, step: StepState) -> str:
    tally = state.tally
    drawn = f" and {treasure(tally)} treasure" if treasure(tally) else ""
    text = (
        f"The heroes take {loot(tally)} loot{drawn}: one loot per full 3 skull points of 8-Bit "
        f"monsters destroyed this turn ({tally.skull_points_8bit} skull points), two per 16-Bit "
        f"monster ({tally.models_16bit} destroyed), and a destroyed spawning point's tile number "
        "plus one "
        f"(tiles: {', '.join(map(str, tally.spawning_point_tiles)) or 'none'})."
    )
    if treasure(tally):
        text += (
            f" Treasure for {treasure(tally)} mini-boss(es) destroyed this turn: the party "
            "draws one for each."
        )
    return text


def _princess_coins(pack: EditionPack, state: GameState, step: StepState) -> str:
    return (
        f"{state.tally.heroes_destroyed} hero(es) destroyed this turn: the heroes spend "
        "princess coins."
    )


EQUIPMENT = (
    "The heroes' part: they may equip loot and treasure from the backpack, trade it between "
    "heroes or put it back. Go on when they are done."
)

STEPS = {
    "rewards": StepDef("rewards", "Rewards", _rewards),
    "princess-coins": StepDef("princess-coins", "Princess coins", _princess_coins),
    "equipment": StepDef("equipment", "Equipment", lambda pack, state, step: EQUIPMENT),
}
"""The steps that open 2.0's power-up phase: rewards, princess coins, the heroes' equipment
(reminders of the table: confirming them changes nothing)."""
