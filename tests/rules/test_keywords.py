"""Keywords that change what the Consul keeps track of (2.0 keywords.json marks them as
touching spawning, the dungeon boss or relics). Mighty, Rampage and Trophies change a card's
dice (test_cards.py); Forge Master, Riches and Armory the relics (test_boss_sde2.py)."""

from __future__ import annotations

import pytest
from msgspec import structs

from consul_app.content.models import Monster
from consul_app.content.pack import EditionPack
from consul_app.rules import PlacedSpawningPoint, SetupError, new_game

from .packs import make_setup


def with_keywords(pack: EditionPack, point: str, *keywords: str) -> None:
    pack.spawning_points[point] = structs.replace(
        pack.spawning_points[point], keywords=list(keywords)
    )


def test_reserve_keeps_a_spawning_point_off_the_first_tile(sde2: EditionPack) -> None:
    """Reserve: 'This spawning point may not be placed on this first tile.'"""
    with_keywords(sde2, "burrow", "Reserve")
    first = [PlacedSpawningPoint(id="burrow", tile=1)]
    with pytest.raises(SetupError, match="Burrow has Reserve: it may not be set up on the first"):
        new_game(sde2, make_setup(spawning_points=first))
    second = [PlacedSpawningPoint(id="burrow", tile=2)]
    assert new_game(sde2, make_setup(spawning_points=second)).spawning_points[0].tile == 2


def test_dark_nexus_keeps_a_spawning_point_off_the_first_two_tiles(sde2: EditionPack) -> None:
    """Dark Nexus: 'This spawning point may not begin on the first or the second tile.'"""
    with_keywords(sde2, "nest", "Active Spawn", "Dark Nexus")
    for tile in (1, 2):
        with pytest.raises(SetupError, match="Nest has Dark Nexus: .* the first two tiles"):
            new_game(sde2, make_setup(spawning_points=[PlacedSpawningPoint(id="nest", tile=tile)]))
    third = [PlacedSpawningPoint(id="nest", tile=3)]
    assert new_game(sde2, make_setup(spawning_points=third)).pool == {"dragon": 1, "kobold": 2}


def test_oni_guards_adds_an_ijin_oni_to_the_pool(sde2: EditionPack) -> None:
    """Oni Guards: 'When Bomechan is the Dungeon Boss, add one Ijin Oni to the Spawning Pool for
    the duration of the game.'"""
    oni = Monster(
        edition="sde2",
        id="clan-ijin-oni",
        name="Clan Ijin Oni",
        rank="elite",
        bits="16-bit",
        hearts=4,
        skull_points=3,
    )
    sde2.monsters[oni.id] = oni
    assert new_game(sde2, make_setup()).pool.get("clan-ijin-oni") is None
    sde2.dungeon_bosses["big"] = structs.replace(
        sde2.dungeon_bosses["big"], keywords=["Oni Guards", "Rampage"]
    )
    state = new_game(sde2, make_setup())
    assert state.pool["clan-ijin-oni"] == 1
    assert state.board["clan-ijin-oni"] == 0
