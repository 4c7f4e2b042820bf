"""What MD2 games are called: the game's name, and who plays ("Bard & Tinkerer")."""

from __future__ import annotations

from consul_app.md2.rules import Md2Setup
from consul_app.md2.rules.state import HERO_NAMES

NAME = "Massive Darkness 2"


def heroes_name(setup: Md2Setup) -> str:
    """"Bard & Tinkerer", "Bard": who plays."""
    return " & ".join(HERO_NAMES[h] for h in setup.heroes)
