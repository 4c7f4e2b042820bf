"""Setting up a game: the checks, the chart that follows, the spawning pool, the default."""

from __future__ import annotations

import pytest

from consul_app.content.models import Chart, ChartSpace
from consul_app.content.pack import EditionPack
from consul_app.rules import PlacedSpawningPoint, SetupError, default_setup, new_game, select_chart

from .packs import PACKS, make_setup

P = PlacedSpawningPoint


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"boss": "nobody"}, "unknown dungeon boss 'nobody'"),
        ({"boss": "sidekick"}, "Sidekick comes with another boss and cannot be chosen alone"),
        ({"mini_bosses": ["ghost"]}, "unknown mini-boss 'ghost'"),
        ({"mini_bosses": ["chief", "chief"]}, "a mini-boss is chosen twice"),
        ({"spawning_points": []}, "at least one spawning point"),
        ({"spawning_points": [P(id="cave", tile=2)]}, "unknown spawning point 'cave'"),
        ({"spawning_points": [P(id="burrow", tile=5)]}, "stands on tile 5; the dungeon has 4"),
        ({"spawning_points": [P(id="twin", tile=2)]}, "Twin Idol is a paired spawning point"),
        (
            {"spawning_points": [P(id="left-gate", tile=2), P(id="burrow", tile=3)]},
            "place it with Right Gate",
        ),
        ({"pets": ["kobold"]}, "Kobold is a minion, not a pet"),
        ({"mode": "arcade"}, "no arcade standard Mighty Monster Chart for 4 heroes"),
        ({"edition": "classic"}, "the setup is for classic but the content is sde2"),
    ],
)
def test_impossible_setups_are_refused_with_a_reason(
    sde2: EditionPack, changes: dict[str, object], reason: str
) -> None:
    with pytest.raises(SetupError, match=reason):
        new_game(sde2, make_setup(**changes))


def test_paired_spawning_points_stand_with_a_partner(sde2: EditionPack) -> None:
    twins = [P(id="twin", tile=2), P(id="twin", tile=3)]
    gates = [P(id="left-gate", tile=2), P(id="right-gate", tile=3)]
    assert new_game(sde2, make_setup(spawning_points=twins))
    assert new_game(sde2, make_setup(spawning_points=gates))


def test_the_spawning_pool_is_the_pools_of_the_spawning_points(sde2: EditionPack) -> None:
    state = new_game(sde2, make_setup())
    assert state.pool == {"kobold": 6, "kobold-elite": 2, "dragon": 1}
    assert sum(state.board.values()) == 0


def test_a_spawning_point_placed_twice_brings_its_pool_once(sde2: EditionPack) -> None:
    state = new_game(sde2, make_setup(spawning_points=[P(id="twin", tile=2), P(id="twin", tile=3)]))
    assert state.pool == {"kobold": 3}
    assert len(state.spawning_points) == 2


def test_pets_are_monster_ids_of_rank_pet_or_free_names(sde2: EditionPack) -> None:
    assert new_game(sde2, make_setup(pets=["cat", "Sprout the Dragonling"]))


@pytest.mark.parametrize(
    ("party_size", "chart"), [(3, "standard"), (4, "standard"), (5, "extended"), (6, "extended")]
)
def test_three_or_four_heroes_play_the_standard_chart_five_or_six_the_extended(
    sde2: EditionPack, party_size: int, chart: str
) -> None:
    assert new_game(sde2, make_setup(party_size=party_size)).chart == chart


def test_a_boss_with_its_own_chart_uses_it(sde2: EditionPack) -> None:
    """'Some Dungeon Bosses in 2.0 have their own Might Monster Chart.'"""
    assert new_game(sde2, make_setup(boss="special")).chart == "special-chart"
    assert new_game(sde2, make_setup(boss="special", party_size=6)).chart == "special-chart"


def test_charts_are_picked_by_mode_and_size(sde2: EditionPack) -> None:
    """'4 charts total - Explore:Standard/Extended - Arcade:Standard/Extended'"""
    spaces = [ChartSpace(dungeon_boss=True)]
    for size in ("standard", "extended"):
        chart = Chart(
            edition="sde2", id=f"arcade-{size}", name="A", mode="arcade", size=size, spaces=spaces
        )
        sde2.charts[chart.id] = chart
    for size, party in (("standard", 3), ("extended", 5)):
        assert (
            select_chart(sde2, make_setup(mode="arcade", party_size=party)).id == f"arcade-{size}"
        )


@pytest.mark.parametrize("edition", ["sde2", "forgotten-king", "classic"])
def test_the_default_setup_starts_a_game(edition: str) -> None:
    pack = PACKS[edition]()
    setup = default_setup(pack)
    state = new_game(pack, setup)
    assert setup.boss == "big"
    assert [(p.id, p.tile) for p in setup.spawning_points] == [("burrow", 2), ("nest", 3)]
    assert len(setup.mini_bosses) == 1
    assert setup.tiles == 4
    assert state.setup == setup


def test_the_default_setup_uses_a_proper_pair_when_there_is_no_unpaired_point(
    sde2: EditionPack,
) -> None:
    for sid in ("burrow", "nest"):
        del sde2.spawning_points[sid]
    setup = default_setup(sde2)
    assert [p.id for p in setup.spawning_points] == ["twin", "twin"]
    assert new_game(sde2, setup)


def test_the_default_setup_skips_bosses_that_cannot_be_played(sde2: EditionPack) -> None:
    del sde2.charts["standard"]
    assert default_setup(sde2).boss == "special"


def test_forgotten_king_needs_its_ladder(fk: EditionPack) -> None:
    fk.charts.clear()
    with pytest.raises(SetupError, match="no Mighty Monster ladder"):
        new_game(fk, make_setup("forgotten-king"))


def test_classic_needs_a_known_power_gauge(classic: EditionPack) -> None:
    with pytest.raises(SetupError, match="unknown power gauge 'tiny'"):
        new_game(classic, make_setup("classic", power_gauge="tiny"))
    classic.power_gauges.clear()
    with pytest.raises(SetupError, match="has no power gauge"):
        new_game(classic, make_setup("classic"))
