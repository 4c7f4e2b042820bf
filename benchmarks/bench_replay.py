"""Resuming a 1,000-action journal, against the app's start time.

Run: `.venv/bin/python benchmarks/bench_replay.py`. Writes a 1,000-action SDE 2.0 game through
a real Session (a fixed, legal sequence: every step answered, then table events in turn),
then prints best-of-N times of `Session.resume` (read, check, replay) and of starting the app
(`python -c "import consul_app.tui.app"` in a fresh process; `import textual.app` stands in
while there is no TUI), and their ratio. The goal is <= 0.2x. Also prints the cost of one
undo at the end of that game.
"""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
import tempfile
import timeit
from collections.abc import Callable
from pathlib import Path

from consul_app.content import ContentPack, EditionPack, load_pack
from consul_app.rules import (
    Action,
    AnswerSighting,
    ChooseBonus,
    DestroyHero,
    DestroyMonsters,
    EndTurn,
    EquipRelics,
    GameState,
    Heal,
    RuleError,
    Spawn,
    SpawnMiniBoss,
    Wound,
    apply,
    default_setup,
    power_up_steps,
)
from consul_app.session import Session

ACTIONS = 1000
ROUNDS = 7


def best(run: Callable[[], object], rounds: int = ROUNDS) -> float:
    """The fastest of `rounds` runs, in seconds."""
    return min(timeit.repeat(run, number=1, repeat=rounds))


def _candidates(pack: EditionPack, state: GameState, n: int) -> list[Action]:
    step = next((s for s in power_up_steps(pack, state) if s.current), None)
    if step is not None and step.action is not None:
        return [step.action]
    if step is not None:  # a decision: the first answer the rules accept
        first = step.choices[0].id
        return [
            ChooseBonus(bonus=first),
            SpawnMiniBoss(mini_boss=first),
            EquipRelics(),
            AnswerSighting(heroes_present=False),
        ]
    pool = [m for m, k in state.pool.items() if k]
    board = [m for m, k in state.board.items() if k]
    events: list[Action] = [
        *(Spawn(monsters={pool[n % len(pool)]: 1}) for _ in pool[:1]),
        *(DestroyMonsters(monsters={board[n % len(board)]: 1}) for _ in board[:1]),
        DestroyHero(),
        Wound() if n % 2 else Heal(),
    ]
    return ([EndTurn()] if n % 10 == 0 else []) + events[n % len(events) :] + events


def next_action(pack: EditionPack, state: GameState, n: int) -> Action:
    """The first legal candidate for the n-th action; wounds stop short of defeating the boss."""
    for action in _candidates(pack, state, n):
        if isinstance(action, Wound) and state.boss.wounds >= 2:
            continue
        try:
            apply(pack, state, action)
        except RuleError:
            continue
        return action
    raise RuntimeError(f"no legal action at {n}")


UNDO = 0.035
"""How often the player undoes (as a Consul does, about 3.5% of the time measured)."""
REDO = 0.005


def play(session: Session, count: int, seed: int = 21) -> None:
    """`count` moves of `next_action`'s player, with undos and redos mixed in (seeded)."""
    rng = random.Random(seed)
    for n in range(count):
        roll = rng.random()
        if roll < UNDO and session.can_undo:
            session.undo()
        elif roll < UNDO + REDO and session.can_redo:
            session.redo()
        else:
            session.dispatch(next_action(session.pack, session.state, n))


def write_game(content: ContentPack, path: Path) -> Session:
    session = Session.new(content, default_setup(content.edition("sde2")), path=path)
    for n in range(ACTIONS):
        session.dispatch(next_action(session.pack, session.state, n))
    return session


def app_start() -> tuple[str, float]:
    """What stands for the app's start, and its best time in a fresh interpreter."""
    module = "consul_app.tui.app" if importlib.util.find_spec("consul_app.tui") else "textual.app"
    command = [sys.executable, "-c", f"import {module}"]
    return module, best(lambda: subprocess.run(command, check=True))


def main() -> None:
    content = load_pack(include_user=False)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.jsonl"
        live = write_game(content, path)
        live.close()  # it holds the save's lock; its state stays readable
        size = path.stat().st_size

        def resume() -> None:
            Session.resume(content, path).close()

        replay = best(resume)
        with Session.resume(content, path) as resumed:
            assert resumed.state == live.state
            undo = best(lambda: (resumed.undo(), resumed.redo()), rounds=50) / 2
    module, start = app_start()
    print(f"journal: {ACTIONS} actions, {size / 1024:.0f} KiB, turn {live.state.turn}")
    print(f"resume (read + check + replay): {replay * 1000:7.1f} ms")
    print(f"app start (import {module}): {start * 1000:7.1f} ms")
    print(f"ratio: {replay / start:.2f}x (goal <= 0.2x)")
    print(f"one undo at action {ACTIONS} (journaled): {undo * 1000:.2f} ms")


if __name__ == "__main__":
    main()
