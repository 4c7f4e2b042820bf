"""A fourth edition touches `rules/editions/` and `data/` and nothing else.

Here a toy copy of 1.0 that calls its rounds "bouts": its content is a tmp copy of `data/`
with one more folder (1.0's files naming the edition `bouts`) and one more line in
`editions.yaml`; its rules are one more `Edition` in the registry, added by the test alone.
The new-game screen offers it, and it plays through the session, the table and the export
in its own words."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import msgspec
import pytest

from consul_app.base import paths
from consul_app.content import ContentPack
from consul_app.content.loader import load_dirs
from consul_app.rules import (
    AdvanceGauge,
    EndTurn,
    RuleError,
    SetupError,
    apply,
    default_setup,
    new_game,
)
from consul_app.rules.editions import CLASSIC, EDITIONS, SDE2
from consul_app.session import Session
from consul_app.session.export import to_markdown
from consul_app.session.load import load_game
from consul_app.tui.screens.help import HelpScreen
from consul_app.tui.screens.new_game import NewGameScreen
from consul_app.tui.screens.table import TableScreen
from consul_app.tui.widgets.cycle_field import CycleField

from .helpers import notes, text
from .scenarios import NOW, WIDE, current_step, make_app, move_action, next_move

BOUTS = replace(
    CLASSIC,
    id="bouts",
    name="SDE 1.0 in bouts",
    content="bouts",
    words=replace(CLASSIC.words, turn="Bout", end_turn="End the bout", phase="end of the bout"),
)


@pytest.fixture(scope="module")
def bouts_content(tmp_path_factory: pytest.TempPathFactory) -> ContentPack:
    """A copy of `data/` with the toy edition's folder (1.0's files, edition `bouts`) and its
    id added to `editions.yaml`: all a content author writes for a new edition."""
    data = tmp_path_factory.mktemp("toy") / "data"
    shutil.copytree(paths.bundled_data_dir(), data)
    shutil.copytree(data / "classic", data / "bouts")
    for file in (data / "bouts").iterdir():
        text_ = file.read_text(encoding="utf-8")
        assert text_.count("\nedition: classic\n") == 1  # (no entry names its own edition)
        file.write_text(text_.replace("\nedition: classic\n", "\nedition: bouts\n"), "utf-8")
    with (data / "editions.yaml").open("a", encoding="utf-8") as listed:
        listed.write("  - bouts\n")
    return load_dirs([data], editions=["sde2", "bouts"])


@pytest.fixture
def bouts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy edition's rules: one more `Edition` in the registry."""
    monkeypatch.setitem(EDITIONS, BOUTS.id, BOUTS)


def test_the_content_learns_the_edition_from_data(
    bouts_content: ContentPack, content: ContentPack
) -> None:
    assert list(bouts_content.editions) == [*content.editions, "bouts"]
    assert bouts_content.edition("bouts").dungeon_bosses.keys() == (
        content.edition("classic").dungeon_bosses.keys()
    )


@pytest.mark.usefixtures("bouts")
async def test_the_new_game_screen_offers_it(bouts_content: ContentPack) -> None:
    app = make_app(bouts_content)
    async with app.run_test(size=WIDE):
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        offered = screen.query_one("#edition", CycleField)
        assert [name for _, name in offered.options] == ["SDE 2.0", "SDE 1.0 in bouts"]


@pytest.mark.usefixtures("bouts")
async def test_a_toy_edition_speaks_its_own_words(
    bouts_content: ContentPack, tmp_path: Path
) -> None:
    content = bouts_content
    save = tmp_path / "bouts.jsonl"
    setup = default_setup(BOUTS.pack(content), BOUTS.id)
    with Session.new(content, setup, path=save, clock=lambda: NOW) as session:
        session.dispatch(EndTurn())
        session.dispatch(EndTurn())
        assert session.state.turn == 3
    exported = to_markdown(load_game(content, save))
    assert exported.startswith("# Nocturne: SDE 1.0 in bouts\n")
    assert "## Bout 1" in exported and "## Round" not in exported
    assert "### Bout by bout" in exported
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        table = app.screen
        assert isinstance(table, TableScreen)
        bar = text(table.query_one("#next-step"))
        assert "Bout 3" in bar and "End the bout" in bar
        assert "Since your last turn: Bout 2, end of the bout" in text(table.query_one("#steps"))
        log = text(table.query_one("#log"))
        assert "End the bout" in log and "End the round" not in log
        assert "Round" not in text(table)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        helped = text(app.screen)
        assert "End bout" in helped and "round" not in helped.lower() and "1.0" not in helped


RUNGS = replace(
    SDE2,
    id="sde2-rungs",
    name="SDE 2.0 on rungs",
    words=replace(SDE2.words, advance="Climb to rung {space}"),
)
"""An edition that plays SDE 2.0's content (`content="sde2"`) in words of its own."""


async def test_the_enter_hint_speaks_the_game_s_edition_not_its_content_s(
    content: ContentPack, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The top bar's `Enter: ...` said the step's action in the words of the content's edition
    (`Advance the chart to space 1`), not of the game's."""
    monkeypatch.setitem(EDITIONS, RUNGS.id, RUNGS)
    save = tmp_path / "rungs.jsonl"
    setup = default_setup(RUNGS.pack(content), RUNGS.id)
    with Session.new(content, setup, path=save, clock=lambda: NOW) as session:
        session.dispatch(EndTurn())
        while (step := current_step(session.pack, session.state)).key != "advance-chart":
            session.dispatch(move_action(next_move(session.pack, session.state)))
        assert step.action is not None
    app = make_app(content, save)
    async with app.run_test(size=WIDE):
        bar = text(app.screen.query_one("#next-step"))
        assert "Enter: Climb to rung 1" in bar and "Advance the chart" not in bar


@pytest.mark.usefixtures("bouts")
async def test_what_the_toy_edition_lacks_is_said_with_its_name(
    bouts_content: ContentPack,
) -> None:
    """Messages about what an edition plays with name the game's edition, never "SDE 1.0"."""
    pack = BOUTS.pack(bouts_content)
    setup = default_setup(pack, BOUTS.id)
    gaugeless = msgspec.structs.replace(pack, power_gauges={})
    with pytest.raises(SetupError, match="^the SDE 1.0 in bouts content has no power gauge$"):
        new_game(gaugeless, setup)
    with pytest.raises(RuleError, match="^SDE 2.0 has no power gauge$"):
        sde2 = SDE2.pack(bouts_content)
        apply(sde2, new_game(sde2, default_setup(sde2)), AdvanceGauge())
    app = make_app(bouts_content)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("right")  # Edition: SDE 2.0 -> the toy
        screen = app.screen
        assert isinstance(screen, NewGameScreen) and screen.setup.edition == BOUTS.id
        screen.action_correct_chart()  # (`v` is offered only where there is a chart)
        await pilot.pause()
        assert "SDE 1.0 in bouts plays with a power gauge, not a chart" in notes(app)[-1]
