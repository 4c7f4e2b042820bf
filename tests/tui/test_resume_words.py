"""The saved-games list speaks each edition's words: 1.0 plays rounds, the others turns."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from consul_app.session.saves import SaveSummary
from consul_app.tui.screens.resume import _option


def _line(edition: str) -> str:
    save = SaveSummary(Path("g.jsonl"), datetime(2026, 11, 30), "Nocturne", edition, 2, None, 30)
    return str(_option(save).prompt)


def test_a_1_0_save_is_at_a_round_and_a_2_0_save_at_a_turn() -> None:
    assert "round 2 · 30 actions" in _line("SDE 1.0")
    assert "turn 2 · 30 actions" in _line("SDE 2.0")
