"""Snapshot tests of the MD2 screen (`scenarios.SHOTS`) at their fixed terminal sizes.

Update after a deliberate change with `pytest tests/md2/test_snapshots.py --snapshot-update`,
then `make screenshots`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from consul_app.md2.content import Md2Content

from .scenarios import SHOTS, Shot, make_app


@pytest.mark.parametrize("shot", SHOTS, ids=lambda shot: shot.name)
def test_screen(
    shot: Shot, content: Md2Content, tmp_path: Path, snap_compare: Callable[..., bool]
) -> None:
    assert snap_compare(make_app(content, shot, tmp_path), terminal_size=shot.size)
