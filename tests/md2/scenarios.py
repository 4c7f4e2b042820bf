"""MD2 screens at fixed sizes, for the snapshot tests and scripts/screenshots.py: a save is
played to a moment with the session, then the app resumes it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from consul_app.md2.content import Md2Content
from consul_app.md2.rules import Md2Setup
from consul_app.md2.rules import actions as a
from consul_app.md2.tui.app import Md2App
from consul_app.session import Session

WHEN = datetime(2026, 12, 1, 19, 0, tzinfo=UTC)
BARD_TURN = [
    a.StartTurn(hero="bard"),
    a.ChangeMana(hero="bard", by=9),
    a.EquipInstrument(instrument="magical-ocarina"),
    a.PlaceNote(line="G", column=1),
    a.PlaceNote(line="B", column=2),
    a.PlaceNote(line="E", column=4),
]
TINKERER_TURN = [
    a.EndTurn(),
    a.StartTurn(hero="tinkerer"),
    a.SetSkill(skill="constructs", level=2),
    a.SetSkill(skill="exo-armor", level=1),
    a.CreateConstruct(construct="guard"),
    a.ActivateConstruct(construct="guard"),
    a.PlaceBomb(size="small", zone="Hall", pay="item"),
    a.PlaceBomb(size="large", zone="Hall", pay="item"),
    a.PlaceBomb(size="small", zone="Crypt", pay="item"),
    a.DrawGizmo(tier="rare"),
    a.DrawGizmo(tier="common"),
    a.SpendGizmo(effect="orb-of-darkness"),
    a.GainExoArmor(part="upper"),
]
ENEMY = [a.EndTurn(), a.StartEnemyPhase(), a.ExplodeBomb(zone="Crypt", size="small")]


@dataclass(frozen=True)
class Shot:
    name: str
    size: tuple[int, int]
    actions: tuple[a.Md2Action, ...]


SHOTS = [
    Shot("md2-bard-80x24", (80, 24), tuple(BARD_TURN)),
    Shot("md2-tinkerer-120x40", (120, 40), tuple(BARD_TURN + TINKERER_TURN)),
    Shot("md2-enemy-phase-80x24", (80, 24), tuple(BARD_TURN + TINKERER_TURN + ENEMY)),
]


def make_app(content: Md2Content, shot: Shot, folder: Path) -> Md2App:
    """The app resuming a campaign game of both heroes played through `shot.actions`."""
    path = folder / "game.jsonl"
    setup = Md2Setup(heroes=("bard", "tinkerer"), campaign=True)
    with Session.new(content, setup, path=path, clock=lambda: WHEN, game="md2") as session:
        for action in shot.actions:
            session.dispatch(action)
    return Md2App(content, save=path)
