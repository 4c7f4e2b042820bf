"""The bundled content ships inside the wheel, so `pip install .` works without the source tree."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(out),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    (built,) = out.glob("consul_app-*.whl")
    return built


def test_wheel_carries_every_bundled_yaml_file(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    bundled = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "data").rglob("*.yaml"))
    assert bundled, "data/ holds no YAML"
    missing = [b for b in bundled if f"consul_app/{b}" not in names]
    assert missing == []


def test_wheel_has_console_script(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        (entry_points,) = [n for n in zf.namelist() if n.endswith("entry_points.txt")]
        assert "consul = consul_app.commands.cli:main" in zf.read(entry_points).decode()
