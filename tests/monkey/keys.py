"""The key monkey: random key sequences through the real app (Textual's Pilot) on a game of
`setups.py`. Every table key, counts (`#3w`), the dialogs they open answered or put off,
type-to-find letters, history, story, the end of the game, undo and redo, and resizes between
80x24 and 120x40, also with keys already on their way (a burst sent without waiting)."""

from __future__ import annotations

import asyncio
import random
import traceback
import unicodedata
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

from textual import events
from textual.geometry import Size
from textual.keys import _get_unicode_name_from_key
from textual.pilot import Pilot
from tui.scenarios import make_app

from .setups import Game, play_game

TABLE = [
    *"edwWsSxXmMpkKPfFaAtvhgcbBurHTE",
    *("space", "plus", "slash", "enter", "escape", "up", "down", "pageup", "pagedown"),
    *("home", "end", "tab", "shift+tab", "question_mark", "ctrl+z", "ctrl+y"),
]
DIGITS = [str(n) for n in range(10)]
LETTERS = list("abcdefghijklmnopqrstuvwxyz")
SIZES = ((80, 24), (120, 40), (100, 30), (80, 40), (120, 24))
KEY_WAIT = 60.0
"""The longest one key may take (a hang is a failure too)."""
SETTLE = 0.3
"""How often the monkey lets the screen settle (drawn, the app idle) after a stroke; else
the next stroke comes as soon as the screen has handled the last, as fast typing does."""


@dataclass
class Run:
    """What the monkey did: counted, and the last keys (printed with a failure)."""

    keys: int = 0
    setups: int = 0
    last: deque[str] = field(default_factory=lambda: deque(maxlen=60))
    failures: list[str] = field(default_factory=list)


def _strokes(rng: random.Random) -> list[str]:
    """The next few keys: one table key, a count and a key, a few letters (type to find), a
    digit (a tab or a choice), Enter or Esc (a dialog answered or put off), or a resize."""
    roll = rng.random()
    if roll < 0.45:
        return [rng.choice(TABLE)]
    if roll < 0.55:
        return ["number_sign", rng.choice(DIGITS[1:]), rng.choice("wWxXkKaAdg")]
    if roll < 0.68:
        return rng.sample(LETTERS, rng.randint(1, 3))
    if roll < 0.8:
        return [rng.choice(DIGITS)]
    if roll < 0.93:
        return [rng.choice(("enter", "escape", "down", "space"))]
    return [f"resize:{rng.randrange(len(SIZES))}"]


def _resize(pilot: Pilot[object], size: tuple[int, int]) -> None:
    """A terminal resize, posted as the terminal would (keys may already be on their way)."""
    app = pilot.app
    new = Size(*size)
    app._driver._size = new  # type: ignore[union-attr]  # (the headless driver's size)
    app.post_message(events.Resize(new, new))


def _key(key: str) -> events.Key:
    """The event a terminal sends for `key` (a name like `space`, or one character)."""
    try:
        char: str | None = unicodedata.lookup(_get_unicode_name_from_key(key))
    except KeyError:
        char = key if len(key) == 1 else None
    return events.Key(key, char)


def _burst(pilot: Pilot[object], keys: list[str]) -> None:
    """Keys sent at once, as fast typing does: none waits for the app to finish the last."""
    app = pilot.app
    for key in keys:
        event = _key(key)
        event.set_sender(app)
        app._driver.send_message(event)  # type: ignore[union-attr]


async def _type(pilot: Pilot[object], keys: list[str], settle: bool) -> None:
    """`keys` one by one, each once the screen has handled the last (so a key that opens a
    dialog sends the next to it); then, if `settle`, until the app is idle and drawn."""
    for key in keys:
        _burst(pilot, [key])
        await pilot._wait_for_screen()
    if settle:
        await pilot.pause()


async def play_keys(game: Game, count: int, rng: random.Random, run: Run) -> None:
    """`count` random keys on `game`'s table; a failure is recorded in `run` with the seed,
    the setup and the last keys."""
    run.setups += 1
    run.last.clear()
    app = make_app(game.content, game.save)
    size = rng.choice(SIZES[:2])
    run.last.append(f"(start {size[0]}x{size[1]})")
    try:
        async with app.run_test(size=size) as pilot:
            for _ in range(count):
                if app._exit:
                    break
                strokes = _strokes(rng)
                if strokes[0].startswith("resize:"):
                    size = SIZES[int(strokes[0].partition(":")[2])]
                    run.last.append(f"(resize {size[0]}x{size[1]})")
                    _resize(pilot, size)
                    if rng.random() < 0.5:  # keys already on their way
                        burst = [rng.choice(TABLE + DIGITS) for _ in range(rng.randint(1, 5))]
                        run.last.append(f"(burst {' '.join(burst)})")
                        _burst(pilot, burst)
                    await asyncio.wait_for(pilot.pause(), KEY_WAIT)
                    continue
                run.last.extend(strokes)
                run.keys += len(strokes)
                settle = rng.random() < SETTLE
                await asyncio.wait_for(_type(pilot, strokes, settle), KEY_WAIT)
            await pilot.pause()  # (a layout switch done before the test ends the app)
    except Exception:  # (the app's own exception comes back out of run_test)
        run.failures.append(_failure(game, run, traceback.format_exc()))


def _failure(game: Game, run: Run, trace: str) -> str:
    return (
        f"seed {game.seed}: {game.said}\n"
        f"again: make soak SEED={game.seed} SETUPS=1\n"
        f"last keys: {' '.join(run.last)}\n{trace}"
    )


async def monkey(
    seeds: range, keys: int, folder: Path, run: Run, until: float | None = None
) -> None:
    """A game of each seed (until the clock passes `until`), `keys` random keys on each."""
    loop = asyncio.get_running_loop()
    for seed in seeds:
        if until is not None and loop.time() > until:
            return
        game = play_game(seed, folder)
        await play_keys(game, keys, random.Random(seed), run)
