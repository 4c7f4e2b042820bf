"""The game's story: what happened over the whole game, turn by turn, from the journal's
states and actions (the summary screen and `consul export --format md`). A pure view."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from consul_app.content import EditionPack
from consul_app.rules.editions import edition
from consul_app.rules.model.actions import Action, DestroyHero
from consul_app.rules.model.names import name_of, point_name
from consul_app.rules.model.state import GameState
from consul_app.rules.views.boss import boss_status


@dataclass(frozen=True)
class Event:
    """Something that happened on a turn (1.0: round): "Arachne spawned"."""

    turn: int
    text: str


@dataclass(frozen=True)
class Story:
    """A whole game. The series have one value per turn (index 0: turn 1), at its end."""

    boss: str
    turn_word: str
    turns: int
    result: str
    finished: bool
    positions: list[int]
    """The chart space (FK: ladder step) reached at the end of each turn; [] without a chart."""
    chart_spaces: int
    wounds: list[int]
    """The boss's wounds at the end of each turn (0 before it is in play)."""
    hearts: int
    timeout_at: int
    timeout_turn: int | None
    spawned: dict[str, int]
    """Monsters that came onto the dungeon, by name, in the order they first came."""
    destroyed: dict[str, int]
    spawning_points: list[Event] = field(default_factory=list)
    mini_bosses: list[Event] = field(default_factory=list)
    bonuses: list[Event] = field(default_factory=list)
    heroes_destroyed: int = 0
    points_standing: int = 0
    """Spawning points still on the dungeon at the end."""
    step_word: str = "chart space"
    """A place on the chart in the edition's words (FK: "ladder step")."""


def story(pack: EditionPack, states: Sequence[GameState], actions: Sequence[Action]) -> Story:
    """The story of a game: `states[0]` is its start, `states[n]` the state after `actions[:n]`."""
    final = states[-1]
    boss = boss_status(pack, final)
    spawned: Counter[str] = Counter()
    destroyed: Counter[str] = Counter()
    points: list[Event] = []
    minis: list[Event] = []
    bonuses: list[Event] = []
    timeout_turn = None
    for before, after in zip(states, states[1:], strict=False):
        turn = before.turn
        for monster in {*before.board, *after.board}:
            change = after.board.get(monster, 0) - before.board.get(monster, 0)
            name = name_of(pack, "monsters", monster)
            if change > 0:
                spawned[name] += change
            elif change < 0:
                destroyed[name] -= change
        points += _points(pack, before, after)
        minis += _minis(pack, before, after)
        bonuses += [
            Event(
                turn,
                f"{name_of(pack, 'bonuses', b.bonus)} ({edition(after.setup.edition).words.step}"
                f" {b.space})",
            )
            for b in after.bonuses[len(before.bonuses) :]
        ]
        if after.boss.timeout and not before.boss.timeout:
            timeout_turn = turn
    ends = _turn_ends(states)
    return Story(
        boss=boss.name,
        turn_word=edition(final.setup.edition).words.turn,
        step_word=edition(final.setup.edition).words.step,
        turns=len(ends),
        result=_result(pack, final),
        finished=final.boss.defeated or final.ended is not None,
        positions=[s.position for s in ends] if final.chart else [],
        chart_spaces=_chart_size(pack, final),
        wounds=[s.boss.wounds for s in ends],
        hearts=boss.hearts,
        timeout_at=boss.timeout_threshold,
        timeout_turn=timeout_turn,
        spawned=dict(spawned),
        destroyed=dict(destroyed),
        spawning_points=points,
        mini_bosses=minis,
        bonuses=bonuses,
        heroes_destroyed=sum(isinstance(a, DestroyHero) for a in actions),
        points_standing=len(final.standing_spawning_points()),
    )


def _turn_ends(states: Sequence[GameState]) -> list[GameState]:
    """The last state of each turn, in order."""
    ends: dict[int, GameState] = {}
    for state in states:
        ends[state.turn] = state
    return [ends[t] for t in sorted(ends)]


def _chart_size(pack: EditionPack, state: GameState) -> int:
    chart = pack.charts.get(state.chart) if state.chart else None
    return len(chart.spaces) if chart else 0


def _result(pack: EditionPack, state: GameState) -> str:
    name = name_of(pack, "dungeon_bosses", state.setup.boss)
    turn = f"{edition(state.setup.edition).words.turn.lower()} {state.turn}"
    if state.boss.defeated:
        return f"The heroes won: {name} was defeated on {turn}."
    if state.ended == "heroes-lost":
        return f"The heroes lost on {turn}: {name} stands."
    if state.ended == "ended":
        return f"The Consul ended the game on {turn}."
    return f"Still in play on {turn}."


def _points(pack: EditionPack, before: GameState, after: GameState) -> list[Event]:
    events = []
    for old, new in zip(before.spawning_points, after.spawning_points, strict=False):
        if old.status == new.status:
            continue
        name = f"{point_name(pack, new.id, after.point_number(new))} (tile {new.tile})"
        how = "destroyed" if new.status == "destroyed" else "removed when the boss spawned"
        events.append(Event(before.turn, f"{name} {how}"))
    return events


def _minis(pack: EditionPack, before: GameState, after: GameState) -> list[Event]:
    events = []
    if after.mini_boss is not None and (
        before.mini_boss is None or before.mini_boss.id != after.mini_boss.id
    ):
        events.append(
            Event(
                before.turn,
                f"{name_of(pack, 'mini_bosses', after.mini_boss.id)} came onto the dungeon",
            )
        )
    for gone in after.mini_bosses_destroyed[len(before.mini_bosses_destroyed) :]:
        events.append(Event(before.turn, f"{name_of(pack, 'mini_bosses', gone)} was destroyed"))
    return events


def story_sections(story: Story) -> list[tuple[str, list[str]]]:
    """The story told in headed lists (the summary screen and the Markdown export)."""
    word = story.turn_word.lower()
    game = [story.result, f"{story.turn_word}s played: {story.turns}"]
    if story.positions:
        passed = f"{story.step_word.capitalize()}s passed"
        game.append(f"{passed}: {story.positions[-1]} of {story.chart_spaces}")
    if story.heroes_destroyed:
        game.append(f"Heroes destroyed: {story.heroes_destroyed}")
    names = list(dict.fromkeys([*story.spawned, *story.destroyed]))
    monsters = [
        f"{name}: {story.spawned.get(name, 0)} spawned, {story.destroyed.get(name, 0)} destroyed"
        for name in names
    ] or ["none spawned"]
    timeout = (
        f"the timeout came on {word} {story.timeout_turn}"
        if story.timeout_turn is not None
        else "no timeout"
    )
    wounds = story.wounds[-1] if story.wounds else 0
    boss = [
        f"{story.boss}: {wounds} of {story.hearts} wounds; timeout at {story.timeout_at}, {timeout}"
    ]

    def told(events: list[Event], none: str = "none") -> list[str]:
        return [f"{story.turn_word} {e.turn}: {e.text}" for e in events] or [none]

    points = told(story.spawning_points, "none destroyed")
    if story.points_standing:
        points.append(f"Still standing: {story.points_standing}")
    return [
        ("The game", game),
        ("Monsters", monsters),
        ("Spawning points", points),
        ("Mini-bosses", told(story.mini_bosses)),
        ("Bonuses gained", told(story.bonuses)),
        ("The dungeon boss", boss),
    ]
