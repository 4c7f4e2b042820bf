"""How each edition names the same things: the words the steps and views put on the screen."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, kw_only=True)
class Words:
    turn: str
    """What the game counts: "Turn" (1.0: "Round")."""
    end_turn: str
    """Ending one, as the log says it: "End the Consul turn" (1.0: "End the round")."""
    phase: str
    """The steps at the end of a turn: the 2.0 "power-up phase", FK's "end of the turn", 1.0's
    "end of the round" (1.0 has no power-up phase)."""
    chart: str
    """What tracks the Consul's might: "Chart" (FK: "Ladder", 1.0: "Power gauge")."""
    step: str
    """A place on the chart: "chart space" (FK: "ladder step")."""
    place: str
    advance: str
    """Moving the boss token, as the log says it ("{space}": where to)."""
    """The same, short, after the chart's name: "space" (FK: "ladder step")."""
    card: str
    """The boss's card of effects: "fight card" (1.0: "Adventure Effects card")."""
    boss_spawn: str
    """The card's section resolved when the boss arrives, as a heading."""
    spawn_effects: str
    """The same in a sentence: "the Boss Spawn effects"."""
    arrive: str
    """The verb for the boss's arrival: "Spawn" (1.0: "Summon")."""
    arrived: str
    """The same, done: "spawned" (1.0: "was summoned")."""
    relics: str
    """What the boss equips: "Relics" (1.0: "Treasure")."""
    relic: str
    """One of them, in a sentence: "relic" (1.0: "treasure")."""


SDE2 = Words(
    turn="Turn",
    end_turn="End the Consul turn",
    phase="power-up phase",
    chart="Chart",
    step="chart space",
    place="space",
    advance="Advance the chart to space {space}",
    card="fight card",
    boss_spawn="Boss spawn",
    spawn_effects="the Boss Spawn effects",
    arrive="Spawn",
    arrived="spawned",
    relics="Relics",
    relic="relic",
)
FORGOTTEN_KING = Words(
    turn="Turn",
    end_turn="End the turn",
    phase="end of the turn",
    chart="Ladder",
    step="ladder step",
    place="ladder step",
    advance="Climb the Mighty Monster ladder to step {space}",
    card="fight card",
    boss_spawn="Boss spawn",
    spawn_effects="the Boss Spawn effects",
    arrive="Spawn",
    arrived="spawned",
    relics="Relics",
    relic="relic",
)
CLASSIC = Words(
    turn="Round",
    end_turn="End the round",
    phase="end of the round",
    chart="Power gauge",
    step="chart space",
    place="space",
    advance="Advance the chart to space {space}",
    card="Adventure Effects card",
    boss_spawn="Adventure Effects: boss fight",
    spawn_effects="the Adventure Effects card's boss fight effects",
    arrive="Summon",
    arrived="was summoned",
    relics="Treasure",
    relic="treasure",
)

