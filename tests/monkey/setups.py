"""The key monkey's games: a seeded random setup of any edition (every boss, spawning points
placed at random, pairs on one tile or on two, pets from `pets/`, Clever and Dark Reflection
heroes, a corrected chart), then a short legal game played through the session API so that
bonuses, monsters on the dungeon (some marked), a mini-boss and the boss come about."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from msgspec.structs import replace
from session.players import random_action
from tui.scenarios import NOW, next_move

from consul_app.content import ContentPack, EditionPack, load_pack
from consul_app.content.corrections import with_chart
from consul_app.rules import (
    Action,
    AddStatus,
    AdvanceGauge,
    DestroySpawningPoint,
    EndTurn,
    GameState,
    Hero,
    RuleError,
    Setup,
    SetupError,
    Spawn,
    SpawnMiniBoss,
    Wound,
    add_spawning_point,
    answer,
    boss_status,
    bosses_to_choose,
    new_game,
    pets_to_choose,
    select_chart,
)
from consul_app.rules.model.setup import PlacedSpawningPoint
from consul_app.session import Session

PETS = Path(__file__).parent / "pets"
EDITIONS = ("sde2", "forgotten-king", "classic")
HEROES = ("Ace", "Bea", "Cid", "Dee", "Ève")
TWIN_EVERY = 4
"""One game in four (seeds 2, 6, 10, ...) is a fight of two bosses, Ugg's first."""


@lru_cache(maxsize=1)
def monkey_content() -> ContentPack:
    """The bundled content and the monkey's pets (no user folder), loaded once a process."""
    return load_pack([PETS], include_user=False)


@dataclass(frozen=True)
class Game:
    """A game for the monkey: its content (a corrected chart in it), setup and save."""

    seed: int
    content: ContentPack
    setup: Setup
    save: Path
    said: str
    """The setup and where the game got to, in a few words (printed with a failure)."""


def random_setup(
    content: ContentPack, rng: random.Random, *, twin: int | None = None
) -> tuple[ContentPack, Setup, str]:
    """A valid setup of a random edition, with the content it is played on (a chart of it
    corrected at random, half of the time) and what was corrected. `twin`: the n-th (in turn)
    2.0 boss whose fight card brings another boss, Dungeon Bosses too first (Ugg and Mugg,
    then the Midnight Queen and Daemonus)."""
    for _ in range(100):
        edition = "sde2" if twin is not None else rng.choice(EDITIONS)
        pack = content.edition(edition)
        boss = rng.choice(bosses_to_choose(pack)).id if twin is None else _twin(pack, twin)
        setup = Setup(
            edition=edition,
            boss=boss,
            mini_bosses=rng.sample(sorted(pack.mini_bosses), rng.randint(0, 2)),
            tiles=rng.randint(3, 6),
            mode=rng.choice(("explore", "arcade")) if edition == "sde2" else "explore",
            party_size=rng.randint(3, 6),
            game_size=rng.choice(("16-bit", "super")),
        )
        setup = replace(setup, spawning_points=_points(pack, setup.tiles, rng))
        pets = [p.id for p in pets_to_choose(pack)]
        setup = replace(setup, pets=rng.sample(pets, rng.randint(0, len(pets))))
        if edition == "sde2":
            setup = replace(setup, heroes=_heroes(rng))
        try:
            new_game(pack, setup)
        except (SetupError, ValueError):
            continue
        chart = select_chart(pack, setup)
        if chart is None or rng.random() < 0.5:
            return content, setup, ""
        corrected = _corrected(pack, chart, rng)
        return with_chart(content, corrected), setup, f" chart {chart.id} corrected"
    raise AssertionError("no valid setup in 100 tries")


def _twin(pack: EditionPack, n: int) -> str:
    """The n-th (in turn) boss whose fight card brings another boss."""
    found = [
        (not any(w.dungeon_boss for w in card.with_bosses), b.id)
        for b in bosses_to_choose(pack)
        if (card := pack.fight_cards[b.fight_card]).with_bosses
    ]
    return sorted(found)[n % len(found)][1]


def _points(pack: EditionPack, tiles: int, rng: random.Random) -> list[PlacedSpawningPoint]:
    """One to four spawning points on random tiles; a paired one brings its partner onto its
    tile, and half of the time the partner moves to another tile."""
    placed: list[PlacedSpawningPoint] = []
    ids = sorted(pack.spawning_points)
    paired = [i for i in ids if pack.spawning_points[i].paired]
    for _ in range(rng.randint(1, 3)):
        point = rng.choice(paired) if paired and rng.random() < 0.4 else rng.choice(ids)
        placed = add_spawning_point(pack, placed, point, rng.randint(1, tiles))
    if len(placed) >= 2 and rng.random() < 0.5:
        last = placed[-1]
        placed[-1] = PlacedSpawningPoint(id=last.id, tile=rng.randint(1, tiles))
    return placed


def _heroes(rng: random.Random) -> list[Hero]:
    heroes = []
    for name in rng.sample(HEROES, rng.randint(0, 3)):
        keywords = rng.sample(["clever", "dark-reflection"], rng.randint(1, 2))
        heroes.append(Hero(name=name, keywords=keywords))  # type: ignore[arg-type]
    return heroes


def _corrected(pack: EditionPack, chart: object, rng: random.Random) -> object:
    """The chart with a few spaces changed as a Consul corrects them against the board: a bonus
    more, a choice of two, a sighting, a spawn of other bits; a space added or removed."""
    spaces = list(chart.spaces)  # type: ignore[attr-defined]
    bonuses = sorted(pack.bonuses)
    for _ in range(rng.randint(1, 3)):
        n = rng.randrange(len(spaces))
        space = spaces[n]
        if space.dungeon_boss:
            continue
        change = rng.choice(("bonus", "choose", "sighting", "spawn", "drop", "add"))
        if change == "bonus" and bonuses:
            spaces[n] = replace(space, bonuses=[*space.bonuses, rng.choice(bonuses)])
        elif change == "choose" and len(bonuses) >= 2:
            spaces[n] = replace(space, choose_bonus=rng.sample(bonuses, 2))
        elif change == "sighting":
            spaces[n] = replace(space, boss_sighting=sorted(rng.sample(range(1, 5), 2)))
        elif change == "spawn":
            spaces[n] = replace(space, spawn=rng.randint(1, 8), bits=["8-bit", "16-bit"])
        elif change == "drop" and len(spaces) > 3:
            del spaces[n]
        elif change == "add":
            spaces.insert(n, replace(space, dungeon_boss=False, mini_boss=rng.random() < 0.5))
    return replace(chart, spaces=spaces, verified=True)  # type: ignore[type-var]


def play_game(seed: int, folder: Path) -> Game:
    """The seeded setup and a short legal game of it, saved in `folder`: up to a random turn,
    or (a third of the games) until the boss is in play and a few moves after."""
    rng = random.Random(seed)
    twin = seed // TWIN_EVERY if seed % TWIN_EVERY == 2 else None
    content, setup, corrected = random_setup(monkey_content(), rng, twin=twin)
    path = folder / f"monkey-{seed}.jsonl"
    boss = rng.random() < 0.35 or twin is not None  # (the others play as they always did)
    turns = rng.randint(1, 14)
    with Session.new(content, setup, path=path, clock=lambda: NOW) as session:
        after = rng.randint(0, 12) + (6 if twin is not None else 0)  # (wounds on both)
        for _ in range(600):
            state = session.state
            if state.boss.defeated or state.ended:
                break
            if boss and state.boss.spawned:
                after -= 1
                if after < 0:
                    break
            elif not boss and state.turn > turns:
                break
            action = _next(session.pack, state, rng, boss)
            if action is None:
                break
            try:
                session.dispatch(action)
            except RuleError:
                continue
        said = _said(setup, session.state) + corrected
    return Game(seed, content, setup, path, said)


def _next(pack: EditionPack, state: GameState, rng: random.Random, boss: bool) -> Action | None:
    """Mostly the scenarios' policy (answers picked at random), sometimes any legal event, a
    free spawn, a status effect or wounds on a monster or a spawning point; on the way to the
    boss, Forgotten King's spawning points fall and 1.0's power gauge fills."""
    roll, idle = rng.random(), state.open_step() is None
    points = state.standing_spawning_points()
    if roll < 0.12:
        return random_action(pack, state, rng)
    if roll < 0.2 and idle and (pool := [m for m, n in state.pool.items() if n]):
        return Spawn(monsters={rng.choice(sorted(pool)): 1})
    if roll < 0.28 and state.board and idle:
        monster = rng.choice(sorted(state.board))
        status = rng.choice(sorted(pack.status_effects)) if pack.status_effects else None
        if status is not None and rng.random() < 0.6:
            return AddStatus(target="monster", model=monster, status=status)
        return Wound(target="monster", model=monster)
    if roll < 0.32 and points and idle:
        point = rng.choice(points)
        which = state.point_number(point)
        return Wound(target="spawning-point", model=point.id, tile=point.tile, which=which)
    minis = state.setup.mini_bosses
    if roll < 0.36 and idle and minis and state.mini_boss is None:
        return SpawnMiniBoss(mini_boss=rng.choice(minis))
    if boss and idle and roll < 0.45 and not state.boss.spawned:
        if state.setup.edition == "forgotten-king" and points:
            point = rng.choice(points)
            which = state.point_number(point)
            return DestroySpawningPoint(spawning_point=point.id, tile=point.tile, which=which)
        if state.setup.edition == "classic":
            return AdvanceGauge(squares=rng.randint(1, 6))
    twin_fight = state.other_bosses and not state.boss.timeout
    if twin_fight and idle and roll < 0.5:  # (a fight of two bosses: wound either, for a while)
        return _boss_wound(pack, state, rng)
    move = next_move(pack, state)
    if move.kind == "answer" and move.step is not None:
        step = move.step
        ids = [c.id for c in step.choices]
        limit = step.limit or 1
        if state.other_bosses:  # (a two-boss fight: one relic, so that its slots never clash)
            limit = min(limit, 1)
        picked = rng.sample(ids, min(len(ids), limit)) if ids else []
        return answer(step, picked if step.key == "relics" else picked[:1])
    if move.kind == "spawn" and move.monster is not None:
        return Spawn(monsters={move.monster: 1})
    if move.kind == "end":
        return EndTurn()
    if move.kind == "wound":
        return _boss_wound(pack, state, rng)
    return move.step.action if move.step is not None else None


def _boss_wound(pack: EditionPack, state: GameState, rng: random.Random) -> Wound:
    """A hit on a boss of the fight in play (Ugg or Mugg: either)."""
    bosses = boss_status(pack, state).in_play_ids() or [state.setup.boss]
    picked = rng.choice(bosses)
    model = None if picked == state.setup.boss else picked
    return Wound(model=model, wounds=rng.randint(1, 2))


def _said(setup: Setup, state: GameState) -> str:
    points = " ".join(f"{p.id}@{p.tile}" for p in setup.spawning_points)
    heroes = " ".join(f"{h.name}:{'+'.join(h.keywords)}" for h in setup.heroes)
    return (
        f"{setup.edition} {setup.mode} party {setup.party_size} boss {setup.boss} "
        f"minis {setup.mini_bosses} points [{points}] tiles {setup.tiles} pets {setup.pets} "
        f"heroes [{heroes}]; turn {state.turn} {state.phase}, bonuses "
        f"{[b.bonus for b in state.bonuses]}, board {sum(state.board.values())}, marked "
        f"{len(state.tracked)}, mini-boss {state.mini_boss.id if state.mini_boss else None}, "
        f"boss {'spawned' if state.boss.spawned else 'waiting'}"
        f"{' defeated' if state.boss.defeated else ''}"
    )
