"""Snapshot tests of every screen in `scenarios.SHOTS`, at their fixed terminal sizes.

Update after a deliberate change with `pytest tests/tui --snapshot-update`, look at the
report, then regenerate screenshots/ with scripts/screenshots.py.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from consul_app.content import ContentPack

from .scenarios import SHOTS, Shot, make_app


@pytest.mark.parametrize("shot", SHOTS, ids=lambda shot: shot.name)
def test_screen(
    shot: Shot, content: ContentPack, tmp_path: Path, snap_compare: Callable[..., bool]
) -> None:
    app = make_app(content, shot.prepare(content, tmp_path))
    assert snap_compare(app, terminal_size=shot.size, run_before=shot.settle)
