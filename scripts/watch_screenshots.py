"""Write the watch screen's screenshots: screenshots/watch.svg (the terminal, 120x40, as the
snapshot test takes it) and screenshots/serve-browser.png (`consul serve` in headless Chromium,
taken by the end-to-end test of tests/serve, which needs Debian's chromium).

    .venv/bin/python scripts/watch_screenshots.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "screenshots"


def main() -> int:
    sys.path.insert(0, str(ROOT / "tests"))
    from textual._doc import take_svg_screenshot
    from tui.scenarios import NOW, WIDE, bundled
    from tui.watch_scenario import watched_game

    from consul_app.base.paths import ENV_HOME
    from consul_app.tui.screens.watch import WatchScreen
    from consul_app.tui.watch_app import WatchApp

    content = bundled()
    with tempfile.TemporaryDirectory() as home:
        os.environ[ENV_HOME] = home
        save = Path(home) / "table-game.jsonl"
        watched_game(content, save)

        async def opened(pilot: object) -> None:
            while not isinstance(app.screen, WatchScreen):
                await pilot.pause(0.02)  # type: ignore[attr-defined]
            await pilot.pause()  # type: ignore[attr-defined]

        app = WatchApp(content, save=save, clock=lambda: NOW)
        svg = take_svg_screenshot(
            app=app, terminal_size=WIDE, run_before=opened, title="Consul: watch"
        )
    (OUT / "watch.svg").write_text(svg, encoding="utf-8")
    print("screenshots/watch.svg")
    shot = OUT / "serve-browser.png"
    test = "tests/serve/test_serve.py::test_the_browser_shows_each_new_action"
    subprocess.run(
        [sys.executable, "-m", "pytest", "-q", test],
        cwd=ROOT,
        env={**os.environ, "CONSUL_BROWSER_SHOT": str(shot)},
        check=True,
    )
    print(f"screenshots/{shot.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
