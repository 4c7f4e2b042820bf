"""The saved-games list speaks each edition's words: 1.0 plays rounds, the others turns; the
Forgotten King climbs a ladder. A summary carries the edition's id, the list its name."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from pathlib import Path

import pytest

from consul_app.commands.saves import _game
from consul_app.rules.editions import CLASSIC, EDITIONS
from consul_app.session.saves import SaveSummary
from consul_app.tui.screens.resume import _option


def _line(edition: str, position: int | None = None) -> str:
    day = datetime(2026, 11, 30)
    save = SaveSummary(Path("g.jsonl"), day, "Nocturne", edition, 2, position, 30)
    return str(_option(save).prompt)


def test_a_1_0_save_is_at_a_round_and_a_2_0_save_at_a_turn() -> None:
    assert "Nocturne · SDE 1.0\nround 2 · 30 actions" in _line("classic")
    assert "turn 2 · space 5 · 30 actions" in _line("sde2", 5)
    assert "turn 2 · ladder step 5 · 30 actions" in _line("forgotten-king", 5)


def test_a_1_0_save_says_its_power_gauge() -> None:
    day = datetime(2026, 11, 30)
    save = SaveSummary(Path("g.jsonl"), day, "Nocturne", "classic", 2, None, 30, gauge="7/20")
    assert "round 2 · power gauge 7/20 · 30 actions" in str(_option(save).prompt)


def test_a_gauge_is_said_in_its_edition_s_word(monkeypatch: pytest.MonkeyPatch) -> None:
    """An edition that calls its gauge otherwise (a toy copy of 1.0) is listed in its word, in
    the saved games and in `consul list`."""
    words = replace(CLASSIC.words, chart="Doom track")
    doom = replace(CLASSIC, id="doom", name="Doom", words=words)
    monkeypatch.setitem(EDITIONS, doom.id, doom)
    day = datetime(2026, 11, 30)
    save = SaveSummary(Path("g.jsonl"), day, "Nocturne", "doom", 2, None, 30, gauge="7/20")
    assert "round 2 · doom track 7/20 · 30 actions" in str(_option(save).prompt)
    assert _game(save) == "Nocturne, Doom, doom track 7/20"
