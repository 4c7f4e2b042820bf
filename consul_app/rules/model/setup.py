"""What the Consul chooses before the game: `Setup`, its checks, and a playable default."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

import msgspec
from msgspec.structs import replace

from consul_app.content.models import ChartSize, DungeonBoss, Mode, Monster, SpawningPoint
from consul_app.content.pack import EditionPack
from consul_app.rules.editions import EDITIONS
from consul_app.rules.model.errors import SetupError

GameSize = Literal["16-bit", "super"]
"""SDE 1.0 game size: the boss comes when the power gauge fills once (16-Bit) or twice (Super)."""

MAX_TILES = 12
"""A dungeon has 1 to MAX_TILES tiles; spawning points stand on tiles 1 to `Setup.tiles`."""
MIN_PARTY, MAX_PARTY = 3, 6
PARTY_SIZES = range(MIN_PARTY, MAX_PARTY + 1)
"""How many heroes a 2.0 game may have (3-4: the standard chart, 5-6: the extended one)."""
MAX_NAME = 40
"""The longest hero name (characters)."""


def _check_range(name: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise ValueError(f"{name} must be {low} to {high}, not {value}")


class _Setup(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Base of the setup's parts: immutable, fields by name, unknown fields refused."""


class PlacedSpawningPoint(_Setup, kw_only=True):
    """One spawning point model on the dungeon and the tile it stands on (first tile = 1)."""

    id: str
    tile: int

    def __post_init__(self) -> None:
        _check_range("a spawning point's tile", self.tile, 1, MAX_TILES)


HeroKeyword = Literal["clever", "dark-reflection"]
"""Hero keywords that change a boss sighting. Clever: the hero may suffer a wound to cancel
it. Dark Reflection: it also affects the tile the hero is on."""

HERO_KEYWORDS: dict[str, str] = {"clever": "Clever", "dark-reflection": "Dark Reflection"}


class Hero(_Setup, kw_only=True):
    """A hero of the party whose keywords the Consul's rules must know (others need no entry)."""

    name: str
    keywords: list[HeroKeyword] = []

    def __post_init__(self) -> None:
        if not 1 <= len(self.name) <= MAX_NAME:
            raise ValueError(f"a hero's name must be 1 to {MAX_NAME} characters: {self.name!r}")


class Setup(_Setup, kw_only=True):
    """Everything a game follows from, besides the actions. Embedded in `GameState`.

    `mode` and `party_size` matter in SDE 2.0 only (they pick the chart); `game_size` and
    `power_gauge` in SDE 1.0 only (`power_gauge=None`: the pack's first gauge). Its ranges
    are checked however it is made (`ValueError`); a journal's is read by msgspec (types,
    unknown fields).
    """

    edition: str = "sde2"
    mode: Mode = "explore"
    party_size: int = 4
    boss: str
    mini_bosses: list[str] = []
    spawning_points: list[PlacedSpawningPoint] = []
    tiles: int = 4
    pets: list[str] = []
    game_size: GameSize = "16-bit"
    power_gauge: str | None = None
    heroes: list[Hero] = []

    def __post_init__(self) -> None:
        if self.edition not in EDITIONS:
            raise ValueError(f"unknown edition {self.edition!r}")
        _check_range("party_size", self.party_size, MIN_PARTY, MAX_PARTY)
        _check_range("tiles", self.tiles, 1, MAX_TILES)

    def heroes_with(self, keyword: HeroKeyword) -> list[str]:
        """The names of the heroes with this keyword, in setup order."""
        return [h.name for h in self.heroes if keyword in h.keywords]

    @property
    def chart_size(self) -> ChartSize:
        """3-4 heroes play the standard chart, 5-6 heroes the extended one."""
        return "standard" if self.party_size <= 4 else "extended"


def check_setup(pack: EditionPack, setup: Setup) -> None:
    """Raise `SetupError` with the first reason this setup cannot be played."""
    played = EDITIONS[setup.edition]
    if played.content != pack.edition:
        raise SetupError(f"the setup is for {setup.edition} but the content is {pack.edition}")
    boss = pack.dungeon_bosses.get(setup.boss)
    if boss is None:
        raise SetupError(f"unknown dungeon boss {setup.boss!r}")
    if boss.companion:
        raise SetupError(f"{boss.name} comes with another boss and cannot be chosen alone")
    for mini_boss in setup.mini_bosses:
        if mini_boss not in pack.mini_bosses:
            raise SetupError(f"unknown mini-boss {mini_boss!r}")
    if len(set(setup.mini_bosses)) != len(setup.mini_bosses):
        raise SetupError("a mini-boss is chosen twice")
    _check_spawning_points(pack, setup)
    names = [h.name for h in setup.heroes]
    if len(set(names)) != len(names):
        raise SetupError("two heroes have the same name")
    for pet in setup.pets:
        monster = pack.monsters.get(pet)
        if monster is not None and monster.rank != "pet":
            raise SetupError(f"{monster.name} is a {monster.rank}, not a pet")


def setup_fields(edition: str) -> tuple[str, ...]:
    """The `Setup` fields besides the boss, mini-bosses, spawning points and pets that matter
    in this edition (`Edition.setup_fields`)."""
    return EDITIONS[edition].setup_fields


def with_hero_keyword(setup: Setup, keyword: HeroKeyword, names: list[str]) -> Setup:
    """The setup with exactly these heroes having `keyword` (others keep their keywords; a
    hero left with none is dropped)."""
    wanted = list(dict.fromkeys(n.strip()[:MAX_NAME] for n in names if n.strip()))
    heroes: dict[str, set[str]] = {h.name: set(h.keywords) - {keyword} for h in setup.heroes}
    for name in wanted:
        heroes.setdefault(name, set()).add(keyword)
    order = list(HERO_KEYWORDS)
    listed = [
        Hero(name=name, keywords=sorted(kws, key=order.index))  # type: ignore[arg-type]
        for name, kws in heroes.items()
        if kws
    ]
    return replace(setup, heroes=listed)


def bosses_to_choose(pack: EditionPack) -> list[DungeonBoss]:
    """The dungeon bosses a setup may name (a companion comes with another boss)."""
    return [b for b in pack.dungeon_bosses.values() if not b.companion]


def pets_to_choose(pack: EditionPack) -> list[Monster]:
    """The monsters of the pack that may come as pets."""
    return [m for m in pack.monsters.values() if m.rank == "pet"]


def _check_spawning_points(pack: EditionPack, setup: Setup) -> None:
    if not setup.spawning_points:
        raise SetupError("a game needs at least one spawning point")
    for placed in setup.spawning_points:
        point = pack.spawning_points.get(placed.id)
        if point is None:
            raise SetupError(f"unknown spawning point {placed.id!r}")
        if placed.tile > setup.tiles:
            raise SetupError(
                f"{point.name} stands on tile {placed.tile}; the dungeon has {setup.tiles} tiles"
            )
        for entry in point.pool:
            if entry.monster not in pack.monsters:
                raise SetupError(f"{point.name}'s spawning pool lists unknown {entry.monster!r}")
    for index, placed in enumerate(setup.spawning_points):
        point = pack.spawning_points[placed.id]
        if point.paired and not _has_partner(setup, index, point):
            partners = ", ".join(_names(pack, point.paired_with))
            raise SetupError(f"{point.name} is a paired spawning point: place it with {partners}")


def _has_partner(setup: Setup, index: int, point: SpawningPoint) -> bool:
    return any(
        other.id in point.paired_with for i, other in enumerate(setup.spawning_points) if i != index
    )


def _names(pack: EditionPack, ids: list[str]) -> Iterator[str]:
    for sid in ids:
        point = pack.spawning_points.get(sid)
        yield point.name if point else sid


def default_setup(pack: EditionPack, edition: str | None = None) -> Setup:
    """A valid game of this pack's edition (or of `edition`, which plays this pack): the first
    boss that can be played, one mini-boss, two spawning points on tiles 2 and 3 (two
    unpaired ones, or a proper pair), 4 tiles."""
    from consul_app.rules.model.chart import select_chart

    placements = _default_spawning_points(pack)
    mini_bosses = list(pack.mini_bosses)[:1]
    for boss in pack.dungeon_bosses.values():
        if boss.companion:
            continue
        setup = Setup(
            edition=edition or pack.edition,
            boss=boss.id,
            mini_bosses=mini_bosses,
            spawning_points=placements,
        )
        try:
            check_setup(pack, setup)
            select_chart(pack, setup)
        except SetupError:
            continue
        return setup
    raise SetupError(f"the {pack.edition} content has no dungeon boss that can be played")


def _default_spawning_points(pack: EditionPack) -> list[PlacedSpawningPoint]:
    unpaired = [p.id for p in pack.spawning_points.values() if not p.paired]
    if len(unpaired) >= 2:
        return [
            PlacedSpawningPoint(id=unpaired[0], tile=2),
            PlacedSpawningPoint(id=unpaired[1], tile=3),
        ]
    for point in pack.spawning_points.values():
        partner = next((p for p in point.paired_with if p in pack.spawning_points), None)
        if point.paired and partner is not None:
            return [
                PlacedSpawningPoint(id=point.id, tile=2),
                PlacedSpawningPoint(id=partner, tile=3),
            ]
    if unpaired:
        return [PlacedSpawningPoint(id=unpaired[0], tile=2)]
    raise SetupError(f"the {pack.edition} content has no spawning point that can be placed")
