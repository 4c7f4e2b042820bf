"""Starting a game: `new_game` checks the setup and builds the first state."""

from __future__ import annotations

from consul_app.content.pack import EditionPack
from consul_app.rules.editions import edition
from consul_app.rules.handlers.keywords import boss_pool_extras, tile_refusal
from consul_app.rules.handlers.spawning import spawning_pool
from consul_app.rules.model.chart import select_chart
from consul_app.rules.model.errors import SetupError
from consul_app.rules.model.setup import Setup, check_setup
from consul_app.rules.model.state import GameState, Gauge, SpawningPointState


def new_game(pack: EditionPack, setup: Setup) -> GameState:
    """The state before the first action; raises `SetupError` for a setup that cannot be played."""
    check_setup(pack, setup)
    chart = select_chart(pack, setup)
    gauge = None
    if edition(setup.edition).track == "gauge":
        _check_gauge(pack, setup)
        gauge = Gauge()
    for point in setup.spawning_points:
        if (why := tile_refusal(pack, point.id, point.tile)) is not None:
            raise SetupError(why)
    pool = spawning_pool(pack, [p.id for p in setup.spawning_points])
    for monster, count in boss_pool_extras(pack, setup.boss).items():
        pool[monster] = pool.get(monster, 0) + count
    return GameState(
        setup=setup,
        chart=chart.id if chart else None,
        pool=pool,
        board=dict.fromkeys(pool, 0),
        spawning_points=[SpawningPointState(id=p.id, tile=p.tile) for p in setup.spawning_points],
        gauge=gauge,
    )


def _check_gauge(pack: EditionPack, setup: Setup) -> None:
    if setup.power_gauge is None and not pack.power_gauges:
        raise SetupError(f"the {edition(setup.edition).name} content has no power gauge")
    if setup.power_gauge is not None and setup.power_gauge not in pack.power_gauges:
        raise SetupError(f"unknown power gauge {setup.power_gauge!r}")
