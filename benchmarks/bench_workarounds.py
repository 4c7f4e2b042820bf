"""What each start-up workaround saves against plain Textual, measured in one run.

Run: `.venv/bin/python benchmarks/bench_workarounds.py [RUNS]`.

Three starts at 120x40, headless: a first start (the new-game screen), a game in progress
(`--save`: the table screen) and a start with 50 saved games (their list). Each is run with
every workaround (`all`) and with one of them taken back to what plain Textual does, the
variants interleaved run by run. The figure is CPU time (`time.process_time()`, all threads),
not the wall clock, so that the machine's load does not decide; what a workaround saves is
the plain variant's figure minus `all`'s (median of RUNS each).

- In one process (its modules imported once, then each start run RUNS times per variant):
  CPU time from the app's start to its *settled* frame (the last before nothing is drawn for
  `QUIET` seconds). The work the app defers on purpose (the warm-up, the new-game screen's
  monsters page) is put off past the measurement in every run.
- What a plain widget would add once per process, in a fresh one: importing its Textual
  module when the first screen imports nothing of it (median of `IMPORTS` processes).
- The garbage collector: `consul play` starts with it off, and freezes what the start loaded.
  Plain, it is on: the CPU time of its collections during a fresh `consul play` up to the first
  usable frame (`gc.callbacks`; median of `IMPORTS` processes of each start).

The workarounds:
- `footer`: tui/widgets/footer.py's one-widget footer; plain: textual.widgets.Footer;
- `choice`: the new-game boss list's `ChoiceList`; plain: an OptionList of the same entries;
- `css`: a screen's own CSS_PATH parsed alone (`screen_css.load_screen_css`); plain:
  Textual's `_load_screen_css` (every source parsed again);
- `gc`: the collector off during start-up.

Measured 2026-12-02 in the lead's run meant for a quiet machine (the load rose to 8 while it
ran: other engineers' installs; CPU time, which load inflates less), median of 15, with the
two workarounds since dropped still in (IQR of each variant's figures: 15 to 150 ms;
the table start's are the widest, 60 to 150 ms):

| workaround | new game: ms saved | table: ms saved | saved games: ms saved | by the 1 ms rule |
| --- | --- | --- | --- | --- |
| footer | 68.9 | 253.7 | 78.8 | kept |
| input | -22.2 | -7.2 | -8.0 | dropped |
| choice | 23.0 | 36.0 | 6.2 | kept |
| css | -19.0 | 25.2 | 6.5 | kept |
| laid-out | -15.8 | 28.6 | -0.3 | dropped |
| gc | 62.7 | 79.6 | 0.0 | kept |

- `input` (`InputStandIn`, the new-game hero-name fields drawn as Inputs until the Inputs
  came after the first frame) saved nothing at any start (and Textual's Input module costs a
  first start nothing: 0.0 ms, the first screens import it anyway): dropped, the fields are
  plain Inputs.
- `laid-out` (`LaidOutOptionList`, an OptionList counting its lines when laid out) saved
  nothing where it acts: the saved games' list (-0.3) and the new game's lists (-15.8). Its
  28.6 ms at the table start is noise: that start shows no option list (the table's IQR is
  60 to 150 ms). Dropped, with its Textual touch point (`count_option_lines`).
- The 2026-12-01 run under heavy load (five engineers, median of 20) had found the same
  two with no saving (input -31.2 / -18.5 / 5.9 where not used; laid-out -3.2 / -13.6 / 0.8).

Plain Textual's footer module costs a first start 3.6 ms more (imported in a fresh process).
"""

from __future__ import annotations

import asyncio
import gc
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 20
IMPORTS = 9
QUIET = 0.3
"""Seconds without a frame after which the last frame is the settled one."""
SAVES = 50
SIZE = (120, 40)
WIDGETS = ("footer", "choice", "css")
PLAIN_MODULES = {
    "footer": "textual.widgets._footer",
    "choice": "textual.widgets._option_list",
}
"""The module each plain widget brings (css brings none)."""

IMPORT_CHILD = r"""
import sys, time
import consul_app.tui.app, consul_app.tui.screens.new_game, consul_app.tui.screens.resume
import consul_app.tui.screens.table
module = sys.argv[1]
if module in sys.modules:
    print(0.0)
else:
    begun = time.process_time()
    __import__(module)
    print(time.process_time() - begun)
"""

GC_CHILD = r"""
import gc, sys, time
from textual.app import App
spent = [0.0, None]
def collecting(phase, info):
    if phase == "start":
        spent[1] = time.process_time()
    elif spent[1] is not None:
        spent[0] += time.process_time() - spent[1]
gc.callbacks.append(collecting)
gc.disable = lambda: None  # (plain: `consul play` leaves the collector on)
_display = App._display
def display(self, screen, renderable):
    _display(self, screen, renderable)
    if renderable is not None and screen.children and type(screen).__name__ != "LoadingScreen":
        print(spent[0], flush=True)
        self.exit()
App._display = display
_run = App.run
App.run = lambda self, *a, **k: _run(self, headless=True, size=(120, 40))
from consul_app.commands import play
from consul_app.commands.cli import main
play.needs_terminal = lambda: None
main(sys.argv[1:])
"""


class Plain:
    """Takes one workaround back to plain Textual (in this process's modules) and back."""

    def __init__(self) -> None:
        from textual.app import App
        from textual.message import Message
        from textual.widgets import Footer, OptionList

        from consul_app.tui import app, screens
        from consul_app.tui.screens import new_game, resume, table

        class PlainChoiceList(OptionList):
            class Changed(Message):
                control = None

            def __init__(self, items: list[tuple[str, str]], chosen: str, *, id: str) -> None:
                ids = [i for i, _ in items]
                super().__init__(*(f"( ) {text}" for _, text in items), id=id)
                self.highlighted = ids.index(chosen) if chosen in ids else 0

        footers = [app, new_game, resume, table]  # (the modules that name it)
        self.patches: dict[str, list[tuple[Any, str, Any]]] = {
            "footer": [(module, "Footer", Footer) for module in footers],
            "choice": [(new_game, "ChoiceList", PlainChoiceList)],
            "css": [(app.ConsulApp, "_load_screen_css", App._load_screen_css)],
        }
        assert screens

    def apply(self, variant: str) -> Callable[[], None]:
        patches = self.patches.get(variant, [])
        saved = [(owner, name, getattr(owner, name)) for owner, name, _ in patches]
        for owner, name, value in patches:
            setattr(owner, name, value)

        def undo() -> None:
            for owner, name, value in saved:
                setattr(owner, name, value)

        return undo


async def settled(make: Callable[[], Any]) -> float:
    """CPU seconds from the app's start to its settled frame."""
    from textual.app import App

    frames: list[tuple[float, float]] = []
    _display = App._display

    def display(app: App[Any], screen: Any, renderable: Any) -> None:
        _display(app, screen, renderable)
        if renderable is not None and screen.children:
            frames.append((time.monotonic(), time.process_time()))

    App._display = display  # type: ignore[method-assign]
    try:
        begun = time.process_time()
        app = make()
        async with app.run_test(size=SIZE):
            while not frames or time.monotonic() - frames[-1][0] < QUIET:
                await asyncio.sleep(QUIET / 6)
        return frames[-1][1] - begun
    finally:
        App._display = _display  # type: ignore[method-assign]


def in_one_process(content: Any, save: Path, home: Path, many: Path) -> dict[str, dict[str, float]]:
    """Median CPU ms to the settled frame, by start and variant."""
    from consul_app.tui import app as tui_app
    from consul_app.tui.app import ConsulApp
    from consul_app.tui.screens import new_game

    tui_app.WARM_UP_AFTER = 1e9  # type: ignore[attr-defined]
    new_game.FILL_AFTER = 1e9  # type: ignore[attr-defined]
    plain = Plain()
    starts: dict[str, tuple[Path, Callable[[], Any]]] = {
        "new game": (home, lambda: ConsulApp(content)),
        "table": (home, lambda: ConsulApp(content, save=save)),
        "saved games": (many, lambda: ConsulApp(content)),
    }
    samples: dict[tuple[str, str], list[float]] = {}
    for run in range(RUNS + 1):  # (the first: everything imported once)
        for name, (data, make) in starts.items():
            for variant in ("all", *WIDGETS):
                os.environ["CONSUL_DATA_DIR"] = str(data)
                shutil.rmtree(home / "saves", ignore_errors=True)  # (a first start)
                undo = plain.apply(variant)
                try:
                    gc.collect()
                    seconds = asyncio.run(settled(make))
                finally:
                    undo()
                if run:
                    samples.setdefault((name, variant), []).append(seconds * 1000)
        print(f"run {run}/{RUNS}", file=sys.stderr, flush=True)
    table: dict[str, dict[str, float]] = {}
    for (name, variant), values in samples.items():
        table.setdefault(name, {})[variant] = statistics.median(values)
        quartiles = statistics.quantiles(values, n=4)
        table[name][f"{variant} iqr"] = quartiles[2] - quartiles[0]
    return table


def fresh(code: str, argv: list[str], data: Path) -> float:
    env = {**os.environ, "CONSUL_DATA_DIR": str(data)}
    done = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True,
                          env=env, check=True, cwd=ROOT, timeout=300)
    return float(done.stdout.split()[0]) * 1000


def main() -> int:
    from tui.scenarios import bundled, idle, play_saved

    from consul_app.content.cache import load_pack_cached
    from consul_app.rules import default_setup

    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder) / "home"
        many = Path(folder) / "many"
        (many / "saves").mkdir(parents=True)
        os.environ["CONSUL_DATA_DIR"] = str(home)
        content = bundled()
        save = Path(folder) / "in-progress.jsonl"
        play_saved(content, save, default_setup(content.edition("sde2")),
                   idle(lambda pack, state: state.boss.spawned))
        for n in range(SAVES):
            shutil.copy(save, many / "saves" / f"game-{n:02}.jsonl")
        load_pack_cached()
        shutil.copytree(home / "cache", many / "cache")
        imports = {
            variant: statistics.median(fresh(IMPORT_CHILD, [module], home) for _ in range(IMPORTS))
            for variant, module in PLAIN_MODULES.items()
        }
        collections = {
            "new game": statistics.median(fresh(GC_CHILD, ["play"], home) for _ in range(IMPORTS)),
            "table": statistics.median(
                fresh(GC_CHILD, ["play", "--save", str(save)], home) for _ in range(IMPORTS)
            ),
        }
        settle = in_one_process(content, save, home, many)

    print(f"CPU ms to the settled frame, median of {RUNS} (one process)")
    for name, variants in settle.items():
        figures = "  ".join(
            f"{v} {ms:.1f} (IQR {variants[v + ' iqr']:.1f})" for v, ms in variants.items()
            if not v.endswith(" iqr")
        )
        print(f"  {name:12} {figures}")
    print(f"CPU ms importing a plain widget's module, fresh process, median of {IMPORTS}:",
          ", ".join(f"{v} {ms:.1f}" for v, ms in imports.items()))
    print(f"CPU ms in garbage collections up to the usable frame, collector on, median of "
          f"{IMPORTS}:", ", ".join(f"{name} {ms:.1f}" for name, ms in collections.items()))
    starts = list(settle)
    print("| workaround | " + " | ".join(f"{s}: ms saved" for s in starts) + " | kept/dropped |")
    print("| --- " * (len(starts) + 2) + "|")
    for variant in WIDGETS:
        saved = [settle[s][variant] - settle[s]["all"] + imports.get(variant, 0.0)
                 for s in starts]
        verdict = "kept" if max(saved) >= 1.0 else "dropped"
        print(f"| {variant} | " + " | ".join(f"{ms:.1f}" for ms in saved) + f" | {verdict} |")
    gc_saved = [collections.get(s, 0.0) for s in starts]
    verdict = "kept" if max(gc_saved) >= 1.0 else "dropped"
    print("| gc | " + " | ".join(f"{ms:.1f}" for ms in gc_saved) + f" | {verdict} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
