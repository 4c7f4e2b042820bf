"""Write screenshots/*.svg from the snapshot tests' scenarios (tests/tui/scenarios.py).

Each shot is taken exactly as pytest-textual-snapshot takes it, at the shot's fixed terminal
size, with a throw-away data folder (never your saves) and the bundled content only.

    .venv/bin/python scripts/screenshots.py [NAME ...]
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "screenshots"


def main(names: list[str]) -> int:
    sys.path.insert(0, str(ROOT / "tests"))
    from textual._doc import take_svg_screenshot
    from tui.scenarios import SHOTS, bundled, make_app

    from consul_app.base.paths import ENV_HOME

    content = bundled()
    OUT.mkdir(exist_ok=True)
    for shot in SHOTS:
        if names and shot.name not in names:
            continue
        with tempfile.TemporaryDirectory() as home:
            os.environ[ENV_HOME] = home
            app = make_app(content, shot.prepare(content, Path(home)))
            svg = take_svg_screenshot(
                app=app,
                terminal_size=shot.size,
                run_before=shot.settle,
                title=f"Consul: {shot.name}",
            )
        (OUT / f"{shot.name}.svg").write_text(svg, encoding="utf-8")
        print(f"screenshots/{shot.name}.svg")
    md2_shots(names, take_svg_screenshot, ENV_HOME)
    return 0


def md2_shots(names: list[str], take_svg_screenshot: Callable[..., str], env_home: str) -> None:
    """The MD2 screens (tests/md2/scenarios.py), each on a save played to its moment."""
    from md2.scenarios import SHOTS, make_app

    from consul_app.md2.game import bundled

    for shot in SHOTS:
        if names and shot.name not in names:
            continue
        with tempfile.TemporaryDirectory() as home:
            os.environ[env_home] = home
            app = make_app(bundled(), shot, Path(home))
            title = f"Consul: {shot.name}"
            svg = take_svg_screenshot(app=app, terminal_size=shot.size, title=title)
        (OUT / f"{shot.name}.svg").write_text(svg, encoding="utf-8")
        print(f"screenshots/{shot.name}.svg")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
