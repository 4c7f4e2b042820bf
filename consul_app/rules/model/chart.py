"""The Mighty Monster Chart (2.0) and the Forgotten King ladder: which one, and its spaces."""

from __future__ import annotations

from typing import TYPE_CHECKING

from consul_app.content.models import Chart, ChartSpace
from consul_app.content.pack import EditionPack
from consul_app.rules.editions import edition
from consul_app.rules.model.errors import SetupError
from consul_app.rules.model.names import bits_name, name_of, tiles_text

if TYPE_CHECKING:
    from consul_app.rules.model.setup import Setup


def select_chart(pack: EditionPack, setup: Setup) -> Chart | None:
    """The chart this game plays (None in 1.0, which has the power gauge instead).

    2.0: the boss's own chart for this mode and size if it has one (its `DungeonBoss.chart`
    or a chart naming it as `boss`), else the general chart for the mode and size. A chart
    with no size fits both sizes, but one of the exact size is preferred.
    """
    track = edition(setup.edition).track
    if track == "gauge":
        return None
    if track == "ladder":
        ladder = next((c for c in pack.charts.values() if c.kind == "ladder"), None)
        if ladder is None:
            name = edition(setup.edition).name
            raise SetupError(f"the {name} content has no Mighty Monster ladder")
        return ladder
    boss = pack.dungeon_bosses[setup.boss]
    charts = [c for c in pack.charts.values() if c.kind == "chart" and c.mode == setup.mode]
    own = [c for c in charts if c.boss == boss.id or c.id == boss.chart]
    general = [c for c in charts if c.boss is None]
    for candidates in (own, general):
        for size in (setup.chart_size, None):
            chart = next((c for c in candidates if c.size == size), None)
            if chart is not None:
                return chart
    raise SetupError(
        f"no {setup.mode} {setup.chart_size} Mighty Monster Chart for "
        f"{setup.party_size} heroes (needed by {boss.name})"
    )


def spaces(pack: EditionPack, chart_id: str | None) -> list[ChartSpace]:
    """The chart's spaces (empty without a chart)."""
    return pack.charts[chart_id].spaces if chart_id else []


def space_summary(pack: EditionPack, space: ChartSpace) -> str:
    """A space's effects in rule order, as short text: "Spawn 4 (8-Bit) · Spawn Mini-Boss"."""
    parts: list[str] = []
    if space.spawn:
        parts.append(f"Spawn {space.spawn} ({', '.join(bits_name(b) for b in space.bits)})")
    if space.mini_boss:
        parts.append("Spawn Mini-Boss")
    if space.dungeon_boss:
        parts.append("Spawn Dungeon Boss")
    parts.extend(name_of(pack, "bonuses", b) for b in space.bonuses)
    if space.choose_bonus:
        options = " / ".join(name_of(pack, "bonuses", b) for b in space.choose_bonus)
        parts.append(f"Choose one: {options}")
    if space.boss_sighting:
        parts.append(f"Boss Sighting: {tiles_text(space.boss_sighting)}")
    return " · ".join(parts) or (space.note or "Nothing happens")
