"""Relic hearts through the session (bundled content, Elrik The Lich King, 8 hearts, and Frozen
Soul, +2): undo and redo take them off and put them back, a resumed save keeps them, and a save
written before they counted (`choose_relics`) resumes as it was played."""

from __future__ import annotations

from pathlib import Path

from msgspec.structs import replace
from tui.scenarios import play_saved, step_is

from consul_app.content import ContentPack
from consul_app.rules import ChooseRelics, EquipRelics, Setup, Wound, boss_status
from consul_app.session import Session
from session.players import first_answer

ELRIK = "elrik-the-lich-king"


def _at_relics(content: ContentPack, setup: Setup, path: Path) -> None:
    play_saved(content, path, replace(setup, boss=ELRIK), step_is("relics"))


def _hearts(session: Session) -> tuple[int, int]:
    status = boss_status(session.pack, session.state)
    return status.hearts, status.timeout_threshold


def test_undo_redo_and_resume_keep_the_hearts_with_the_relics(
    content: ContentPack, setup: Setup, tmp_path: Path
) -> None:
    path = tmp_path / "elrik.jsonl"
    _at_relics(content, setup, path)
    with Session.resume(content, path) as session:
        assert _hearts(session) == (8, 4)
        session.dispatch(EquipRelics(relics=["frozen-soul"]))
        assert _hearts(session) == (10, 5)
        session.undo()
        assert _hearts(session) == (8, 4) and session.state.boss.hearts is None
        session.redo()
        assert _hearts(session) == (10, 5)
    with Session.resume(content, path) as session:
        assert _hearts(session) == (10, 5)


def test_a_save_that_chose_relics_before_they_counted_resumes_as_played(
    content: ContentPack, setup: Setup, tmp_path: Path
) -> None:
    path = tmp_path / "old.jsonl"
    _at_relics(content, setup, path)
    with Session.resume(content, path) as session:
        session.dispatch(ChooseRelics(relics=["frozen-soul"]))
        while (action := first_answer(session.pack, session.state)) is not None:
            session.dispatch(action)
        session.dispatch(Wound(wounds=4))  # its timeout came at 4 of 8 hearts
        assert session.state.boss.timeout
        while (action := first_answer(session.pack, session.state)) is not None:
            session.dispatch(action)  # the timeout's steps, as that Consul did them
    assert b'"type": "choose_relics"' in path.read_bytes()
    with Session.resume(content, path) as session:
        assert _hearts(session) == (8, 4) and session.state.boss.timeout
