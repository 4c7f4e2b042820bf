"""The bundled 2.0 charts: every boss with a chart card of its own plays it, at both sizes."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from consul_app.content import ContentPack
from consul_app.rules import default_setup, select_chart

# 2.0/charts.json: the bosses with their own chart cards, and the modes they exist in.
OWN_CHARTS = {
    "bomechan": ("explore",),
    "hoarfang": ("explore", "arcade"),
    "sleighride-candy": ("explore", "arcade"),
}


@pytest.mark.parametrize(
    ("boss", "mode"), [(boss, mode) for boss, modes in OWN_CHARTS.items() for mode in modes]
)
@pytest.mark.parametrize(("party_size", "size"), [(3, "standard"), (6, "extended")])
def test_a_boss_with_its_own_chart_plays_it_at_every_party_size(
    boss: str, mode: str, party_size: int, size: str, content: ContentPack
) -> None:
    pack = content.edition("sde2")
    setup = replace(default_setup(pack), boss=boss, mode=mode, party_size=party_size)
    chart = select_chart(pack, setup)
    assert chart is not None
    assert (chart.boss, chart.mode, chart.size) == (boss, mode, size)


@pytest.mark.parametrize(("party_size", "size"), [(4, "standard"), (5, "extended")])
@pytest.mark.parametrize("mode", ["explore", "arcade"])
def test_other_bosses_play_the_general_chart(
    party_size: int, size: str, mode: str, content: ContentPack
) -> None:
    pack = content.edition("sde2")
    setup = replace(default_setup(pack), mode=mode, party_size=party_size)
    chart = select_chart(pack, setup)
    assert chart is not None
    assert (chart.boss, chart.mode, chart.size) == (None, mode, size)
