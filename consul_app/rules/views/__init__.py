"""Views derived from the state for the screen: the chart, the boss, the pool, the gauge."""

from __future__ import annotations

from dataclasses import dataclass, field

from consul_app.content.models import CardEffect, ChartSpace
from consul_app.content.pack import EditionPack
from consul_app.rules.actions import Spawn
from consul_app.rules.boss import boss_of, boss_reminders, extra_relics, fight_card_of
from consul_app.rules.chart import space_summary, spaces
from consul_app.rules.editions import edition_of
from consul_app.rules.fight_bosses import boss_destroyed, fight_boss
from consul_app.rules.hearts import boss_hearts, relic_hearts
from consul_app.rules.names import point_name
from consul_app.rules.options import refusal
from consul_app.rules.power_gauge import fills_needed, gauge_of
from consul_app.rules.state import GameState
from consul_app.rules.timeout import timeout_threshold
from consul_app.rules.turn_view import boss_arrival

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
    spawning_points: int = 0
    """Spawning points standing now."""
    gets_relics: bool = False
    """The edition gives the boss relics when it spawns (2.0: one per standing spawning point)."""
    spawn_space: int | None = None
    """Before it spawns (2.0): the chart space that spawns it (None: none ahead, or spawned)."""
    turns_until_spawn: int | None = None
    """Before it spawns (2.0): chart advances (turns) until that space."""
    timeout_running: bool = False
    """The timeout has triggered and its steps are not all done yet."""
    arrival: str | None = None
    """Before it spawns (FK, 1.0): how it comes into the dungeon, with what is left to do."""
    spawn_section: str = "Boss spawn"
    """The fight card's section resolved when it spawns (1.0: the Adventure Effects card's
    boss fight)."""
    came_in: str = "spawned"
    """How the boss came into play, in its edition's words ("spawned", 1.0: "was summoned")."""
    hearts_from: list[str] = field(default_factory=list)
    """What its relics add to the hearts its card prints ("+2 Frozen Soul"; empty: none)."""
    destroyed: bool = False
    """Its wounds reached its hearts (the heroes win once every Dungeon Boss of the fight is)."""
    others: list[OtherBoss] = field(default_factory=list)
    """The other boss cards the fight card brought with it (Mugg, Daemonus)."""
    timeout_when: str = ""
    """When its timeout comes: "at 5 wounds", or "when Ugg or Mugg is destroyed"."""

    @property
    def in_play(self) -> bool:
        """Spawned and not defeated: it can be wounded, healed and given status effects."""
        return self.spawned and not self.defeated

    def in_play_ids(self) -> list[str]:
        """The bosses that can be wounded, healed and given status effects now, the setup's
        first (none once defeated or before it spawned)."""
        if not self.in_play:
            return []
        first = [] if self.destroyed else [self.id]
        return first + [o.id for o in self.others if not o.destroyed]


@dataclass(frozen=True)
class OtherBoss:
    """Another boss card of the fight: its own wound track and status effects; `dungeon_boss`:
    it counts as a Dungeon Boss too (the heroes must destroy it to win)."""

    id: str
    name: str
    hearts: int
    wounds: int
    status: list[str]
    destroyed: bool
    dungeon_boss: bool


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
    may_spawn: bool = False
    """The engine would accept spawning one now (in a spawn step: within its skull points and
    bits; outside steps: a free spawn while a spawning point stands)."""


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
    verified: bool = False
    """Checked against a printed gauge (the bundled one is a reconstruction)."""


@dataclass(frozen=True)
class SpawningPointLine:
    """A spawning point of the setup: its hearts, wounds and status effects, and whether it
    still stands ("standing", "destroyed", "removed")."""

    id: str
    name: str
    tile: int
    hearts: int
    wounds: int
    status_effects: list[str]
    where: str
    which: int | None = None
    """One of a pair on one tile: the n-th of its id there (its name says #n+1); None: the
    only one."""


def spawning_point_lines(pack: EditionPack, state: GameState) -> list[SpawningPointLine]:
    """Every spawning point of the game, in setup order."""
    return [
        SpawningPointLine(
            p.id,
            point_name(pack, p.id, which := state.point_number(p)),
            p.tile,
            pack.spawning_points[p.id].hearts,
            p.wounds,
            list(p.status_effects),
            p.status,
            which,
        )
        for p in state.spawning_points
    ]


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


def boss_status(pack: EditionPack, state: GameState) -> BossStatus:
    boss = boss_of(pack, state)
    card = fight_card_of(pack, state)
    standing = len(state.standing_spawning_points())
    played = edition_of(state)
    if state.boss.spawned:
        slots = state.boss.relic_slots or 0
    else:
        extra = sum(n for _, n in extra_relics(pack, state))
        slots = standing + extra if played.relics_at_spawn else 0
    twice = played.twice_with_points and state.boss.spawned and standing > 0
    reminders = boss_reminders(state)
    turns_to_boss = turns_until(pack, state).boss
    if played.spawns_without_points and not standing:  # at the end of the power-up phase
        turns_to_boss = None
    spawn_space = None if turns_to_boss is None else state.position + turns_to_boss
    hearts = boss_hearts(pack, state)
    others = _other_bosses(pack, state)
    twins = [boss.name, *(o.name for o in others if o.dungeon_boss)]
    threshold = timeout_threshold(hearts) if len(twins) == 1 else 0
    timeout_when = f"when {' or '.join(twins)} is destroyed"
    if threshold:
        timeout_when = f"at {threshold} wounds"
    hearts_from = []
    if state.boss.hearts is not None:
        relics = [pack.relics[r] for r in state.boss.relics if r in pack.relics]
        hearts_from = [f"{n:+d} {relic.name}" for relic, n in relic_hearts(relics)]
    return BossStatus(
        id=boss.id,
        name=boss.name,
        hearts=hearts,
        wounds=state.boss.wounds,
        timeout_threshold=threshold,
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
        spawning_points=standing,
        gets_relics=played.relics_at_spawn,
        spawn_space=spawn_space,
        hearts_from=hearts_from,
        turns_until_spawn=turns_to_boss,
        arrival=boss_arrival(pack, state),
        spawn_section=played.words.boss_spawn,
        came_in=played.words.arrived,
        timeout_running=any(s.key.startswith("timeout-") and not s.done for s in state.steps),
        destroyed=boss_destroyed(pack, state),
        others=others,
        timeout_when=timeout_when,
    )


def _other_bosses(pack: EditionPack, state: GameState) -> list[OtherBoss]:
    lines = []
    for other in state.other_bosses:
        entry = pack.dungeon_bosses[other.id]
        brought = fight_boss(pack, state, other.id)
        lines.append(
            OtherBoss(
                id=other.id,
                name=entry.name,
                hearts=entry.hearts,
                wounds=other.wounds,
                status=list(other.status),
                destroyed=other.destroyed,
                dungeon_boss=brought is not None and brought.dungeon_boss,
            )
        )
    return lines


def pool(pack: EditionPack, state: GameState) -> list[PoolLine]:
    """The spawning pool: every monster the spawning points brought, and whether one more of
    it may spawn now (as the engine decides: it is tried)."""
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
                may_spawn=in_pool > 0 and refusal(pack, state, Spawn(monsters={mid: 1})) is None,
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
        verified=gauge.verified,
    )
