"""How each edition names the same things: the words the steps and views put on the screen."""

from __future__ import annotations

from dataclasses import dataclass

from consul_app.content.models import Edition


@dataclass(frozen=True)
class Words:
    turn: str
    """What the game counts: "Turn" (1.0: "Round")."""
    phase: str
    """The steps at the end of a turn: the 2.0 "power-up phase", FK's "end of the turn"."""
    chart: str
    """What tracks the Consul's might: "Chart" (FK: "Ladder", 1.0: "Power gauge")."""
    step: str
    """A place on the chart: "chart space" (FK: "ladder step")."""
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


WORDS: dict[Edition, Words] = {
    "sde2": Words(
        "Turn",
        "power-up phase",
        "Chart",
        "chart space",
        "fight card",
        "Boss spawn",
        "the Boss Spawn effects",
        "Spawn",
        "spawned",
    ),
    "forgotten-king": Words(
        "Turn",
        "end of the turn",
        "Ladder",
        "ladder step",
        "fight card",
        "Boss spawn",
        "the Boss Spawn effects",
        "Spawn",
        "spawned",
    ),
    "classic": Words(
        "Round",
        "power-up phase",
        "Power gauge",
        "chart space",
        "Adventure Effects card",
        "Adventure Effects: boss fight",
        "the Adventure Effects card's boss fight effects",
        "Summon",
        "was summoned",
    ),
}


def words(edition: Edition) -> Words:
    """The words of `edition`."""
    return WORDS[edition]
