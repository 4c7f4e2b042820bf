"""Views derived from the state for the screen: the chart, the boss, the pool, the gauge."""

from __future__ import annotations

from dataclasses import dataclass, field

from consul_app.content.models import CardEffect, ChartSpace
from consul_app.content.pack import EditionPack
from consul_app.rules.boss import boss_of, boss_reminders, fight_card_of
from consul_app.rules.chart import space_summary, spaces
from consul_app.rules.power_gauge import fills_needed, gauge_of
from consul_app.rules.state import GameState
from consul_app.rules.timeout import timeout_threshold

UPCOMING = 5


@dataclass(frozen=True)
class SpaceView:
    """A chart space (FK: ladder step) numbered from 1, with its effects as short text."""

    number: int
    space: ChartSpace
    summary: str
    passed: bool
    current: bool


@dataclass(frozen=True)
class TurnsUntil:
    """Chart advances until the next Spawn Mini-Boss space and the Spawn Dungeon Boss space
    (None: no such space ahead, or the boss has left the chart). In 2.0 one advance is one turn."""

    mini_boss: int | None
    boss: int | None


@dataclass(frozen=True)
class BossStatus:
    """The dungeon boss card: wounds against hearts and the timeout threshold, and more.

    `relic_slots` is what it has (spawned) or would get if it spawned now (one per standing
    spawning point; 2.0 only, else 0). `activations` is how often it may activate per Consul
    turn (1.0: twice in a round with a spawning point on the board)."""

    id: str
    name: str
    hearts: int
    wounds: int
    timeout_threshold: int
    timeout: bool
    immune_to_crits: bool
    status: list[str]
    spawned: bool
    defeated: bool
    relic_slots: int
    relics: list[str]
    activations: int
    dungeon_effect: list[CardEffect] = field(default_factory=list)
    boss_spawn: list[CardEffect] = field(default_factory=list)
    timeout_effects: list[CardEffect] = field(default_factory=list)
    reminders: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class PoolLine:
    """One monster of the spawning pool: how many are in the pool and on the dungeon."""

    id: str
    name: str
    rank: str
    bits: str
    skull_points: int
    in_pool: int
    on_board: int


@dataclass(frozen=True)
class GaugeStatus:
    """SDE 1.0's power gauge: `section` is where the skull counter stands (8-Bit, 16-Bit, Super)."""

    squares: int
    filled: int
    fills: int
    fills_needed: int
    section: str
    sixteen_bit_at: int
    super_at: int


def chart_spaces(pack: EditionPack, state: GameState) -> list[SpaceView]:
    """Every space of the chart (FK: the ladder), the passed and current ones marked."""
    return [
        SpaceView(n, s, space_summary(pack, s), n < state.position, n == state.position)
        for n, s in enumerate(spaces(pack, state.chart), 1)
    ]


def current_space(pack: EditionPack, state: GameState) -> SpaceView | None:
    """The space the boss token is on (FK: the step reached); None at START."""
    views = chart_spaces(pack, state)
    return views[state.position - 1] if state.position else None


def upcoming_spaces(pack: EditionPack, state: GameState, count: int = UPCOMING) -> list[SpaceView]:
    """The next `count` spaces after the current one (none once the boss has left the chart)."""
    if state.boss.spawned and state.setup.edition == "sde2":
        return []
    return chart_spaces(pack, state)[state.position : state.position + count]


def turns_until(pack: EditionPack, state: GameState) -> TurnsUntil:
    ahead = (
        []
        if state.boss.spawned
        else upcoming_spaces(pack, state, count=len(spaces(pack, state.chart)))
    )

    def first(found: list[int]) -> int | None:
        return found[0] - state.position if found else None

    return TurnsUntil(
        mini_boss=first([v.number for v in ahead if v.space.mini_boss]),
        boss=first([v.number for v in ahead if v.space.dungeon_boss]),
    )


def boss_status(pack: EditionPack, state: GameState) -> BossStatus:
    boss = boss_of(pack, state)
    card = fight_card_of(pack, state)
    standing = len(state.standing_spawning_points())
    edition = state.setup.edition
    if state.boss.spawned:
        slots = state.boss.relic_slots or 0
    else:
        slots = standing if edition == "sde2" else 0
    twice = edition == "classic" and state.boss.spawned and standing > 0
    reminders = boss_reminders(state)
    return BossStatus(
        id=boss.id,
        name=boss.name,
        hearts=boss.hearts,
        wounds=state.boss.wounds,
        timeout_threshold=timeout_threshold(boss.hearts),
        timeout=state.boss.timeout,
        immune_to_crits=state.boss.immune_to_crits,
        status=list(state.boss.status),
        spawned=state.boss.spawned,
        defeated=state.boss.defeated,
        relic_slots=slots,
        relics=list(state.boss.relics),
        activations=2 if twice else 1,
        dungeon_effect=list(card.dungeon_effect) if card else [],
        boss_spawn=list(card.boss_spawn) if card else [],
        timeout_effects=list(card.timeout) if card else [],
        reminders=reminders,
    )


def pool(pack: EditionPack, state: GameState) -> list[PoolLine]:
    """The spawning pool: every monster the spawning points brought."""
    lines = []
    for mid, in_pool in state.pool.items():
        monster = pack.monsters[mid]
        lines.append(
            PoolLine(
                mid,
                monster.name,
                monster.rank,
                monster.bits,
                monster.skull_points,
                in_pool,
                state.board.get(mid, 0),
            )
        )
    return lines


def spawning_points_remaining(state: GameState) -> list[tuple[str, int]]:
    """(spawning point id, tile) of every spawning point still standing."""
    return [(p.id, p.tile) for p in state.standing_spawning_points()]


def gauge_status(pack: EditionPack, state: GameState) -> GaugeStatus | None:
    """SDE 1.0's power gauge (None in the other editions)."""
    if state.gauge is None:
        return None
    gauge = gauge_of(pack, state)
    filled = state.gauge.filled
    section = (
        "Super"
        if filled >= gauge.super_at
        else "16-Bit"
        if filled >= gauge.sixteen_bit_at
        else "8-Bit"
    )
    return GaugeStatus(
        squares=gauge.squares,
        filled=filled,
        fills=state.gauge.fills,
        fills_needed=fills_needed(state),
        section=section,
        sixteen_bit_at=gauge.sixteen_bit_at,
        super_at=gauge.super_at,
    )
