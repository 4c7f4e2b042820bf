"""An MD2 game on the session layer: the same journal, undo and redo, checkpoints, resume,
saves list and exports as SDE's, with a header naming its game."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from session.players import bundled_pack

from consul_app.md2.content import Md2Content
from consul_app.md2.rules import Md2Setup
from consul_app.md2.rules import actions as a
from consul_app.session import SaveError, Session, latest_unfinished, list_saves
from consul_app.session import checkpoint as checkpoints
from consul_app.session.export import to_json, to_markdown
from consul_app.session.load import load_game

WHEN = datetime(2026, 12, 1, 19, 0, tzinfo=UTC)
ROUND = [
    a.StartTurn(hero="bard"),
    a.ChangeMana(hero="bard", by=6),
    a.PlaceNote(line="G", column=1),
    a.PlaceNote(line="B", column=2),
    a.EquipInstrument(instrument="magical-ocarina"),
    a.EndTurn(),
    a.StartTurn(hero="tinkerer"),
    a.PlaceBomb(size="small", zone="Hall", pay="item"),
    a.PlaceBomb(size="large", zone="Crypt", pay="item"),
    a.DrawGizmo(tier="rare"),
    a.SpendGizmo(effect="orb-of-darkness"),
    a.EndTurn(),
    a.StartEnemyPhase(),
    a.ExplodeBomb(zone="Crypt", size="large"),
    a.ExplodeBomb(zone="Hall", size="small"),
    a.EndRound(),
]


def _new(content: Md2Content, path: Path) -> Session:
    setup = Md2Setup(heroes=("bard", "tinkerer"), campaign=True)
    return Session.new(content, setup, path=path, clock=lambda: WHEN, game="md2")


def test_a_round_is_journaled_undone_and_resumed(
    content: Md2Content, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(checkpoints, "CHECKPOINT_EVERY", 5)
    path = tmp_path / "md2.jsonl"
    with _new(content, path) as session:
        for action in ROUND:
            session.dispatch(action)
        assert session.history[0] == "Round 1 ends"
        assert session.history[-1] == "The Bard's turn (the chords move one slot right)"
        assert session.undo() == "Round 1 ends"
        end = session.state
        session.redo()
        state, history = session.state, list(session.history)
    header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    assert header["game"] == "md2" and header["setup"]["heroes"] == ["bard", "tinkerer"]
    assert '"op": "checkpoint"' in path.read_text(encoding="utf-8")
    with Session.resume(content, path) as again:
        assert again.state == state and list(again.history) == history
        assert again.warnings == []
        again.undo()
        assert again.state == end
    full = load_game(content, path, full=True).timeline
    assert full.state == end


def test_it_exports_as_markdown_and_json(content: Md2Content, tmp_path: Path) -> None:
    path = tmp_path / "md2.jsonl"
    with _new(content, path) as session:
        for action in ROUND[:12]:
            session.dispatch(action)
    game = load_game(content, path)
    markdown = to_markdown(game)
    assert markdown.startswith("# Massive Darkness 2: Bard & Tinkerer\n")
    assert "## Round 1, hero phase" in markdown
    assert "- A large bomb placed in Crypt (discarding an item)" in markdown
    assert "  - placed: Hall small 1, Crypt large 1" in markdown
    exported = to_json(game)
    assert exported["game"] == "md2"
    assert exported["final"]["bard"]["songs playing"] == ["Starting song 1"]
    assert exported["actions"][2]["action"] == {"type": "place_note", "line": "G", "column": 1}


def test_the_saves_list_tells_the_games_apart(content: Md2Content, tmp_path: Path) -> None:
    """`consul` offers to resume only SDE games, `consul md2` only MD2 games."""
    with _new(content, tmp_path / "md2.jsonl") as session:
        session.dispatch(ROUND[0])
    sde = bundled_pack()
    (found,) = list_saves(sde, tmp_path)
    assert (found.game, found.boss, found.turn, found.actions) == ("md2", "Bard & Tinkerer", 1, 1)
    assert found.edition == "Massive Darkness 2 (campaign)"
    assert latest_unfinished(sde, tmp_path) is None
    latest = latest_unfinished(sde, tmp_path, game="md2")
    assert latest is not None and latest.path.name == "md2.jsonl"


def test_a_header_naming_an_unknown_game_is_refused(content: Md2Content, tmp_path: Path) -> None:
    path = tmp_path / "md2.jsonl"
    with _new(content, path):
        pass
    text = path.read_text(encoding="utf-8").replace('"game": "md2"', '"game": "chess"')
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveError, match=r"line 1: a game this Consul does not play: 'chess'"):
        load_game(content, path)


def test_a_relabelled_line_keeps_only_a_label_of_its_shape(
    content: Md2Content, tmp_path: Path
) -> None:
    """Labels are derived data: a label changed in the file does not reach the log."""
    path = tmp_path / "md2.jsonl"
    with _new(content, path) as session:
        for action in ROUND[:6]:
            session.dispatch(action)
    text = path.read_text(encoding="utf-8")
    text = text.replace("Magical Ocarina equipped", "\\u001b[2Jhacked")
    text = text.replace("End of the Bard's turn", "End of the Tinkerer's turn")
    path.write_text(text, encoding="utf-8")
    game = load_game(content, path, full=True)
    labels = [d.label for d in game.timeline.done]
    assert "Magical Ocarina equipped" in labels
    assert "End of the Tinkerer's turn" in labels  # (a shape a resume cannot check)
