"""Opening a card and the lookup's first result, against a no-op keypress, in one running app.

Run: `.venv/bin/python benchmarks/bench_cards.py`. Plays an SDE 2.0 game (bundled content)
until the monsters gained two bonuses, starts the app on it at 120x40 and measures, from the key
event to the first frame that shows the result (median of N each, interleaved in one run):

- no-op keypress: Down or Up in the spawning pool (a cursor move, nothing else: three Downs,
  then three Ups, so that the cursor visits four monsters);
- open a card: `c` on the monster the cursor has just moved to, until the card screen is
  drawn (Esc closes it, untimed): each card another than the last, of another height. As at
  the table: the card under the cursor is drawn ahead once the cursor rests (`CARD_AHEAD`),
  and a card opened again in the same state is the one drawn then;
- open a card cold: the same, with nothing kept or drawn ahead (the engine computes the card:
  each roll with its bonuses and reasons, every text; it is laid out and drawn), as when `c`
  comes within `CARD_AHEAD` of a cursor move in a new state;
- the lookup's first result: in the lookup (`/`), one letter typed (s, u, r in turn, the query
  growing to "sur"), until the frame that lists the hits for it (Backspace, untimed).

Also the CPU time (this process's, which a busy machine or niceness does not inflate) from
each key to that frame. The first card composes the card screen (once a game): not measured.

Goal: each <= 2x the no-op keypress (`c`: 1.5x).
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROUNDS = 20


async def latencies(save: Path) -> dict[str, list[float]]:
    """Seconds from a key event to the first frame for which `shown()` holds."""
    from textual import events
    from textual.app import App
    from textual.widgets import Input
    from tui.scenarios import WIDE, bundled, make_app

    from consul_app.tui.card_views import CardViews
    from consul_app.tui.screens.card import CardScreen
    from consul_app.tui.screens.lookup import LookupScreen
    from consul_app.tui.screens.table import TableScreen
    from consul_app.tui.screens.table_keys import CARD_AHEAD
    from consul_app.tui.widgets.card_body import CardBody
    from consul_app.tui.widgets.pool import PoolTable

    frames: list[float] = []
    shown: Callable[[], bool] = lambda: True  # noqa: E731
    _display = App._display

    def display(app: App[object], screen: object, renderable: object) -> None:
        _display(app, screen, renderable)  # type: ignore[arg-type]
        if renderable is not None and shown():
            frames.append(time.monotonic())

    App._display = display  # type: ignore[method-assign,assignment]
    app = make_app(bundled(), save)
    times: dict[str, list[float]] = {"no-op": [], "card": [], "cold card": [], "lookup": []}
    cpu: dict[str, list[float]] = {"no-op": [], "card": [], "cold card": [], "lookup": []}
    async with app.run_test(size=WIDE) as pilot:
        app.screen.query_one(PoolTable).focus()
        await pilot.pause()

        async def press(
            key: str, until: Callable[[], bool] = lambda: True, name: str = ""
        ) -> float:
            nonlocal shown
            await pilot.pause()
            frames.clear()
            shown = until
            start, cpu_start = time.monotonic(), time.process_time()
            app.post_message(events.Key(key, key if len(key) == 1 else None))
            while not frames:
                await asyncio.sleep(0)
            if name:
                cpu[name].append(time.process_time() - cpu_start)
            shown = lambda: True  # noqa: E731
            return frames[0] - start

        def query_is(text: str) -> Callable[[], bool]:
            def listed() -> bool:
                screen = app.screen
                return (
                    isinstance(screen, LookupScreen)
                    and screen.query_one(Input).value == text
                    and bool(screen.hits)
                )

            return listed

        def card_shown() -> bool:
            return isinstance(app.screen, CardScreen)

        def forget_cards() -> None:
            """Nothing kept, nothing drawn ahead (the app's own attributes: a benchmark's)."""
            table = app.screen
            assert isinstance(table, TableScreen)
            if table._card_ahead is not None:
                table._card_ahead.stop()
            table._card_views = CardViews()
            app.get_screen(CardScreen.NAME).query_one(CardBody)._kept.clear()

        await press("c", card_shown)  # (the first card composes the card screen)
        await press("escape", lambda: not card_shown())
        for n in range(ROUNDS):
            times["no-op"].append(await press("down" if n // 3 % 2 == 0 else "up", name="no-op"))
            await asyncio.sleep(2 * CARD_AHEAD)  # (the Consul looks at the row first)
            while app.screen._card_ahead is not None:
                await asyncio.sleep(0.01)
            times["card"].append(await press("c", card_shown, name="card"))
            await press("escape", lambda: not card_shown())
            forget_cards()
            times["cold card"].append(await press("c", card_shown, name="cold card"))
            await press("escape", lambda: not card_shown())
            await press("slash", lambda: isinstance(app.screen, LookupScreen))
            for n, letter in enumerate("sur", 1):
                times["lookup"].append(await press(letter, query_is("sur"[:n]), name="lookup"))
            for n in (2, 1, 0):
                await press("backspace", lambda n=n: app.screen.query_one(Input).value == "sur"[:n])
            await press("escape", lambda: not isinstance(app.screen, LookupScreen))
    return {**times, **{f"{name} CPU": seconds for name, seconds in cpu.items()}}


def main() -> int:
    sys.path.insert(0, str(ROOT / "tests"))
    from tui.scenarios import bundled, idle, play_saved

    from consul_app.rules import default_setup

    with tempfile.TemporaryDirectory() as folder:
        os.environ["CONSUL_DATA_DIR"] = folder
        content = bundled()
        save = Path(folder) / "mid-game.jsonl"
        setup = default_setup(content.edition("sde2"))
        play_saved(content, save, setup, idle(lambda pack, state: len(state.bonuses) >= 2))
        times = asyncio.run(latencies(save))
    no_op = statistics.median(times["no-op"])
    print(f"key to frame, median ({ROUNDS} rounds; goal <= 2x the no-op keypress)")
    print(f"  no-op keypress (Down / Up)          {no_op * 1000:6.1f} ms")
    for name, label in (("card", "open a card (c)"), ("cold card", "open a card cold (c)"),
                        ("lookup", "lookup's first result (s, u, r)")):
        median = statistics.median(times[name])
        print(f"  {label:<35} {median * 1000:6.1f} ms {median / no_op:6.2f}x")
    no_op = statistics.median(times["no-op CPU"])
    print("CPU time from the key to that frame, median")
    print(f"  no-op keypress (Down / Up)          {no_op * 1000:6.1f} ms")
    for name, label in (("card", "open a card (c)"), ("cold card", "open a card cold (c)"),
                        ("lookup", "lookup's first result (s, u, r)")):
        median = statistics.median(times[f"{name} CPU"])
        print(f"  {label:<35} {median * 1000:6.1f} ms {median / no_op:6.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
