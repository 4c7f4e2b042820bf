"""The game the watch screen's snapshot and screenshot show: a 2.0 game with the boss in play,
the mini-boss on the dungeon, and monsters there that took wounds and suffer status effects."""

from __future__ import annotations

from pathlib import Path

from consul_app.content import ContentPack
from consul_app.rules import AddStatus, Wound, default_setup
from consul_app.session import Session

from .scenarios import idle, play_saved

MARKED = (
    Wound(target="monster", model="grobbit-barbarian", wounds=2),
    AddStatus(target="monster", model="grobbit-barbarian", which=0, status="slow"),
    AddStatus(target="monster", model="marauder-squawk", status="hex"),
    Wound(target="monster", model="marauder-squawk"),
    AddStatus(target="monster", model="billmen-bandit", status="poison"),
    Wound(target="mini-boss", wounds=2),
    AddStatus(target="mini-boss", status="ice"),
)
"""After the bot's game: what the heroes did to the Consul's models (each on the dungeon in the
bot's game: a Grobbit Barbarian of 4 hearts, 2 Marauder Squawks of 2, 4 Billmen Bandits,
Arachne)."""


def watched_game(content: ContentPack, save: Path) -> None:
    """Play and save the game at `save`."""
    setup = default_setup(content.edition("sde2"))
    play_saved(content, save, setup, idle(lambda pack, state: state.boss.spawned))
    with Session.resume(content, save) as session:
        for action in MARKED:
            session.dispatch(action)
