"""An SDE game as Markdown (the log, turn by turn, with what each action led to) and its end
state in short for the JSON export (`consul_app.session.export` writes the rest)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgspec

from consul_app.base.shown import shown
from consul_app.content import EditionPack
from consul_app.rules import (
    GameState,
    Story,
    apply,
    boss_status,
    chart_status,
    current_space,
    edition_of,
    gauge_status,
    story,
    story_sections,
)
from consul_app.sde.ended import finished
from consul_app.session.load import Game


def _name(pack: EditionPack, kind: str, entry_id: str) -> str:
    entry = pack.kind(kind).get(entry_id)
    return entry.name if entry else entry_id


def _names(pack: EditionPack, kind: str, ids: list[str]) -> str:
    return ", ".join(_name(pack, kind, i) for i in ids) or "none"


def _chart(pack: EditionPack, state: GameState) -> str:
    space = current_space(pack, state)
    step = edition_of(state).words.place
    if space is None and (status := chart_status(pack, state)) and status.left_chart:
        return f"the boss has {status.where}"
    return f"{step} {space.number}: {space.summary}" if space else "START"


def _gauge(pack: EditionPack, state: GameState) -> str:
    gauge = gauge_status(pack, state)
    return f"{gauge.filled} of {gauge.squares} ({gauge.section})" if gauge else "none"


def _wounds(pack: EditionPack, state: GameState) -> str:
    return f"{state.boss.wounds} of {boss_status(pack, state).hearts}"


def _consequences(pack: EditionPack, old: GameState, new: GameState) -> Iterator[str]:
    """What an action led to, beyond its label: chart, bonuses, boss, relics, gauge."""
    said = edition_of(new).words
    if new.position != old.position:
        yield f"{said.chart}: {_chart(pack, new)}"
    for gained in new.bonuses[len(old.bonuses) :]:
        yield f"Bonus gained: {_name(pack, 'bonuses', gained.bonus)}"
    if new.gauge and old.gauge and new.gauge != old.gauge:
        yield f"Power gauge: {_gauge(pack, new)}"
    if new.boss.spawned and not old.boss.spawned:
        yield f"{_name(pack, 'dungeon_bosses', new.setup.boss)} {said.arrived}"
    if new.boss.wounds != old.boss.wounds:
        yield f"Boss wounds: {_wounds(pack, new)}"
    if new.boss.timeout and not old.boss.timeout:
        yield "Timeout!"
    if new.boss.relics != old.boss.relics:
        yield f"{said.relics}: {_names(pack, 'relics', new.boss.relics)}"
    if new.boss.defeated and not old.boss.defeated:
        yield "The dungeon boss is defeated: the heroes win"
    for gone in new.mini_bosses_destroyed[len(old.mini_bosses_destroyed) :]:
        yield f"Mini-boss {_name(pack, 'mini_bosses', gone)} destroyed"
    for was, point in zip(old.spawning_points, new.spawning_points, strict=False):
        if point.status == "destroyed" and was.status == "standing":
            name = _name(pack, "spawning_points", point.id)
            number = _number(new.point_number(point))
            loot = edition_of(new).point_loot(point.tile)
            yield f"Spawning point {name}{number} on tile {point.tile} destroyed: {loot}"
    for hero, wounds in new.hero_wounds.items():
        if wounds != old.hero_wounds.get(hero, 0):
            yield f"{hero} suffers a wound ({wounds} so far)"


def _number(which: int | None) -> str:
    return "" if which is None else f" #{which + 1}"


def _setup_lines(pack: EditionPack, game: Game) -> Iterator[str]:
    setup = game.timeline.initial.setup
    first = game.timeline.initial
    points = ", ".join(  # (two of a kind on one tile numbered, as the table says them)
        f"{_name(pack, 'spawning_points', p.id)}{_number(first.point_number(p))} (tile {p.tile})"
        for p in first.spawning_points
    )
    started = game.header.created or "at an unknown time"
    yield f"- Save: `{shown(game.path.name)}`, started {started}"
    fields = edition_of(game.timeline.initial).setup_fields
    size = "".join(f"{_SETUP_WORDS[f].format(setup=setup)}, " for f in fields if f in _SETUP_WORDS)
    yield f"- Setup: {size}{setup.tiles} tiles"
    yield f"- Mini-bosses: {_names(pack, 'mini_bosses', setup.mini_bosses)}"
    yield f"- Spawning points: {points}"


_SETUP_WORDS = {
    "mode": "{setup.mode} mode",
    "party_size": "{setup.party_size} heroes",
    "game_size": "{setup.game_size} game",
}
"""The setup's choices an edition plays with (`Edition.setup_fields`), as the export says them."""


def _result_lines(pack: EditionPack, state: GameState) -> Iterator[str]:
    said = edition_of(state).words
    if state.chart:
        yield f"- {said.chart}: {_chart(pack, state)}"
    if state.gauge:
        yield f"- Power gauge: {_gauge(pack, state)}"
    yield f"- Bonuses: {_names(pack, 'bonuses', [b.bonus for b in state.bonuses])}"
    pool = ", ".join(f"{n} {_name(pack, 'monsters', m)}" for m, n in state.pool.items() if n)
    yield f"- Spawning pool: {pool or 'empty'}"
    timeout = "yes" if state.boss.timeout else "no"
    yield f"- Boss wounds: {_wounds(pack, state)}; timeout: {timeout}"
    yield f"- {said.relics}: {_names(pack, 'relics', state.boss.relics)}"
    yield f"- Finished: {'yes, the heroes won' if finished(state) else 'no, still in play'}"


def to_markdown(game: Game) -> str:
    """The game's log: setup, then each turn's actions with what they led to, then the result."""
    pack = game.timeline.pack
    state = game.timeline.initial
    played = edition_of(state)
    word = played.words.turn
    boss = _name(pack, "dungeon_bosses", state.setup.boss)
    out = [f"# {boss}: {played.name}", "", *_setup_lines(pack, game)]
    turn = None
    states = [state]
    for done in game.timeline.done:
        if state.turn != turn:
            turn = state.turn
            out += ["", f"## {word} {turn}", ""]
        new = apply(pack, state, done.action)
        out.append(f"- {done.label}")
        out += [f"  - {line}" for line in _consequences(pack, state, new)]
        state = new
        states.append(state)
    out += ["", "## Result", "", *_result_lines(pack, state)]
    told = story(pack, states, [done.action for done in game.timeline.done])
    out += ["", "## The game's story", "", *_story_lines(told)]
    return "\n".join(out) + "\n"


def _story_lines(told: Story) -> Iterator[str]:
    """The story as in the summary screen: headed lists, then a table turn by turn."""
    for heading, items in story_sections(told):
        yield f"### {heading}"
        yield ""
        yield from (f"- {item}" for item in items)
        yield ""
    yield f"### {told.turn_word} by {told.turn_word.lower()}"
    yield ""
    chart = f" {told.step_word.capitalize()} |" if told.positions else ""
    yield f"| {told.turn_word} |{chart} Boss wounds |"
    yield f"| ---: |{' ---: |' if told.positions else ''} ---: |"
    for n, wounds in enumerate(told.wounds):
        space = f" {told.positions[n]} |" if told.positions else ""
        yield f"| {n + 1} |{space} {wounds} |"


def final_summary(pack: EditionPack, state: GameState) -> dict[str, Any]:
    """The end state in short: chart position, bonuses, pool, boss wounds, timeout, relics."""
    return {
        "turn": state.turn,
        "phase": state.phase,
        "chart": state.chart,
        "position": state.position,
        "bonuses": msgspec.to_builtins(state.bonuses),
        "pool": state.pool,
        "board": state.board,
        "boss": {
            "spawned": state.boss.spawned,
            "wounds": state.boss.wounds,
            "hearts": boss_status(pack, state).hearts,
            "timeout": state.boss.timeout,
            "relics": state.boss.relics,
            "defeated": state.boss.defeated,
        },
        "finished": finished(state),
    }
