"""The history's moment: the state after an action in a few lines, in the Boss pane's words."""

from __future__ import annotations

from msgspec.structs import replace
from rich.text import Text

from consul_app.content import ContentPack, EditionPack
from consul_app.rules import (
    AddStatus,
    DestroySpawningPoint,
    GameState,
    PlacedSpawningPoint,
    Spawn,
    apply,
    default_setup,
    new_game,
)
from consul_app.tui.widgets.moment import moment

from .scenarios import Goal, current_step, move_action, next_move


def _played(content: ContentPack, until: Goal) -> tuple[EditionPack, GameState]:
    """A 2.0 game played by the tests' policy until `until`."""
    pack = content.edition("sde2")
    state = new_game(pack, default_setup(pack))
    for _ in range(3000):
        if until(pack, state):
            return pack, state
        state = apply(pack, state, move_action(next_move(pack, state)))
    raise AssertionError("not reached")


def _said(pack: EditionPack, state: GameState) -> str:
    return "\n".join(
        line.plain for line in moment(pack, state).renderables if isinstance(line, Text)
    )


def test_the_timeout_is_now_while_its_steps_are_due_then_done(content: ContentPack) -> None:
    """As the Boss pane: "TIMEOUT NOW" while its steps run, "TIMEOUT DONE" after."""
    pack, running = _played(content, lambda p, s: s.boss.timeout)
    step = current_step(pack, running)
    assert step is not None and step.key.startswith("timeout-")
    said = _said(pack, running)
    assert "TIMEOUT NOW" in said and "TIMEOUT DONE" not in said
    pack, done = _played(content, lambda p, s: s.boss.timeout and s.open_step() is None)
    said = _said(pack, done)
    assert "TIMEOUT DONE" in said and "TIMEOUT NOW" not in said


def test_relics_are_named_only_where_the_edition_has_them(content: ContentPack) -> None:
    pack, state = _played(content, lambda p, s: s.boss.spawned)
    assert "relics:" in _said(pack, state)
    fk = content.edition("forgotten-king")  # its boss comes when the last spawning point falls
    state = new_game(fk, default_setup(fk))
    for point in state.standing_spawning_points():
        state = apply(fk, state, DestroySpawningPoint(spawning_point=point.id, tile=point.tile))
    while not state.boss.spawned:
        state = apply(fk, state, move_action(next_move(fk, state)))
    said = _said(fk, state)
    assert "wounds" in said and "relics:" not in said


def test_the_status_effects_of_monsters_and_spawning_points(content: ContentPack) -> None:
    """Who suffers what, as the pool's rows and the Boss pane say it."""
    pack = content.edition("sde2")
    points = [PlacedSpawningPoint(id="clan-ijin-madoushi", tile=2)]
    state = new_game(pack, replace(default_setup(pack), spawning_points=points))
    for action in (
        Spawn(monsters={"clan-ijin-kaiken": 2}),
        AddStatus(target="monster", model="clan-ijin-kaiken", status="slow"),
        AddStatus(target="monster", model="clan-ijin-kaiken", status="hex"),
        AddStatus(target="spawning-point", model="clan-ijin-madoushi", tile=2, status="bane"),
    ):
        state = apply(pack, state, action)
    said = _said(pack, state)
    assert "Clan Ijin Madoushi (tile 2, suffers Bane)" in said
    assert "suffering: Clan Ijin Kaiken #1: Slow; Clan Ijin Kaiken #2: Hex" in said
