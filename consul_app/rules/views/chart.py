"""The Mighty Monster Chart (FK: the ladder) as the screen shows it: its spaces, where the
boss token stands, the turns until the mini-boss and the boss."""

from __future__ import annotations

from dataclasses import dataclass, field

from consul_app.content.models import ChartSpace
from consul_app.content.pack import EditionPack
from consul_app.rules.editions import edition_of
from consul_app.rules.model.chart import space_summary, spaces
from consul_app.rules.model.state import GameState

UPCOMING = 5


@dataclass(frozen=True)
class SpaceView:
    """A chart space (FK: ladder step) numbered from 1, with its effects as short text.

    `current`: the boss token stands on it (FK: the step reached); once the 2.0 boss has left
    the chart no space is current and its last space counts as passed. `gained`: the ids of
    the bonuses gained on this space (a "choose one" space: the one chosen)."""

    number: int
    space: ChartSpace
    summary: str
    passed: bool
    current: bool
    gained: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class ChartStatus:
    """Where the game stands on its Mighty Monster Chart (FK: its ladder).

    `where` says it in words: "space 8 of 18", "START of 18", "left the chart (it spawned from
    space 18)", FK "step 2 of 5 reached (the top)". `left_chart`: the 2.0 boss has spawned and
    its token is off the chart (`current` is then None, `position` its last space). FK's boss
    is never on the ladder (`ladder`), so it never leaves it."""

    chart: str
    name: str
    verified: bool
    ladder: bool
    spaces: int
    position: int
    current: SpaceView | None
    left_chart: bool
    at_top: bool
    where: str
    turns: TurnsUntil


@dataclass(frozen=True)
class TurnsUntil:
    """Chart advances until the next Spawn Mini-Boss space and the Spawn Dungeon Boss space
    (None: no such space ahead, or the boss has left the chart). In 2.0 one advance is one turn."""

    mini_boss: int | None
    boss: int | None


def left_chart(state: GameState) -> bool:
    """2.0: the dungeon boss has spawned, so its token has left the chart."""
    return state.boss.spawned and edition_of(state).boss_leaves_chart


def chart_spaces(pack: EditionPack, state: GameState) -> list[SpaceView]:
    """Every space of the chart (FK: the ladder), the passed and current ones marked."""
    gone = left_chart(state)
    gained: dict[int, list[str]] = {}
    for bonus in state.bonuses:
        gained.setdefault(bonus.space, []).append(bonus.bonus)
    return [
        SpaceView(
            n,
            s,
            space_summary(pack, s),
            passed=n < state.position or (gone and n == state.position),
            current=n == state.position and not gone,
            gained=gained.get(n, []),
        )
        for n, s in enumerate(spaces(pack, state.chart), 1)
    ]


def current_space(pack: EditionPack, state: GameState) -> SpaceView | None:
    """The space the boss token is on (FK: the step reached); None at START and once the boss
    has left the chart (see `chart_status`)."""
    return next((v for v in chart_spaces(pack, state) if v.current), None)


def upcoming_spaces(pack: EditionPack, state: GameState, count: int = UPCOMING) -> list[SpaceView]:
    """The next `count` spaces after the current one (none once the boss has left the chart)."""
    if left_chart(state):
        return []
    return chart_spaces(pack, state)[state.position : state.position + count]


def chart_status(pack: EditionPack, state: GameState) -> ChartStatus | None:
    """The chart (FK: ladder) and where the game stands on it; None without one (1.0)."""
    if state.chart is None:
        return None
    chart = pack.charts[state.chart]
    total = len(chart.spaces)
    ladder = edition_of(state).track == "ladder"
    gone = left_chart(state)
    at_top = ladder and state.position >= total
    if ladder:
        where = f"step {state.position} of {total} reached" + (" (the top)" if at_top else "")
    elif gone:
        where = f"left the chart (it spawned from space {state.position})"
    elif state.position:
        where = f"space {state.position} of {total}"
    else:
        where = f"START of {total}"
    return ChartStatus(
        chart=chart.id,
        name=chart.name,
        verified=chart.verified,
        ladder=ladder,
        spaces=total,
        position=state.position,
        current=current_space(pack, state),
        left_chart=gone,
        at_top=at_top,
        where=where,
        turns=turns_until(pack, state),
    )


def turns_until(pack: EditionPack, state: GameState) -> TurnsUntil:
    """Turns until the token reaches the next mini-boss and the boss space (the spaces after
    the current one; none once the boss has spawned). Read from the spaces alone: their
    summaries are not needed here."""
    ahead = [] if state.boss.spawned else list(enumerate(spaces(pack, state.chart), 1))
    ahead = ahead[state.position :]

    def first(found: list[int]) -> int | None:
        return found[0] - state.position if found else None

    return TurnsUntil(
        mini_boss=first([n for n, space in ahead if space.mini_boss]),
        boss=first([n for n, space in ahead if space.dungeon_boss]),
    )
