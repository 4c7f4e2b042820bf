"""Export: the Markdown log and the JSON bug report of a saved game."""

from __future__ import annotations

import msgspec
import pytest

from consul_app.content import ContentPack
from consul_app.content.validate import dump
from consul_app.rules import (
    AdvanceGauge,
    DestroyHero,
    EndTurn,
    EquipRelics,
    Wound,
    action_data,
    boss_status,
    chart_spaces,
    default_setup,
    pending_decision,
    story_sections,
)
from consul_app.sde.export import final_summary
from consul_app.session import Session
from consul_app.session.export import to_json, to_markdown
from consul_app.session.load import Game, load_game
from session.players import first_answer


def _settle(session: Session) -> None:
    """Do every open step: confirm it or take its first choice (all the relics allowed)."""
    while (action := first_answer(session.pack, session.state)) is not None:
        if isinstance(action, EquipRelics):
            step = pending_decision(session.pack, session.state)
            assert step is not None and step.limit
            action = EquipRelics(relics=[c.id for c in step.choices][: step.limit])
        session.dispatch(action)


@pytest.fixture(scope="module")
def played(content: ContentPack, tmp_path_factory: pytest.TempPathFactory) -> Session:
    """An SDE 2.0 game played until the boss spawns, wounded into timeout, then one undo."""
    path = tmp_path_factory.mktemp("export") / "game.jsonl"
    session = Session.new(content, default_setup(content.edition("sde2")), path=path)
    while not session.state.boss.spawned:
        session.dispatch(EndTurn())
        _settle(session)
    session.dispatch(Wound(wounds=boss_status(session.pack, session.state).hearts // 2 + 1))
    _settle(session)
    session.dispatch(DestroyHero())
    session.undo()
    session.close()
    return session


@pytest.fixture
def game(content: ContentPack, played: Session) -> Game:
    return load_game(content, played.path)


def test_markdown_tells_the_game_turn_by_turn(played: Session, game: Game) -> None:
    text = to_markdown(game)
    pack, state = played.pack, played.state
    boss = boss_status(pack, state)
    assert text.startswith(f"# {boss.name}: SDE 2.0\n\n- Save: `game.jsonl`, started 20")
    bullets = [line[2:] for line in text.splitlines() if line.startswith("- ")]
    labels = [done.label for done in played.actions]
    assert [b for b in bullets if b in labels] == labels  # every action, in order
    assert "A hero is destroyed" not in bullets  # undone
    for turn in range(1, state.turn + 1):
        assert f"\n## Turn {turn}\n" in text
    first = chart_spaces(pack, state)[0]
    assert f"- Advance the chart to space 1\n  - Chart: space 1: {first.summary}\n" in text
    for gained in state.bonuses:
        assert f"  - Bonus gained: {pack.bonuses[gained.bonus].name}\n" in text
    relics = ", ".join(pack.relics[r].name for r in state.boss.relics)
    assert state.boss.relics and f"  - Relics: {relics}\n" in text
    assert f"  - {boss.name} spawned\n" in text
    assert f"  - Boss wounds: {state.boss.wounds} of {boss.hearts}\n  - Timeout!\n" in text
    assert (
        f"- Boss wounds: {state.boss.wounds} of {boss.hearts}; timeout: yes\n"
        f"- Relics: {relics}\n"
        "- Finished: no, still in play\n\n## The game's story\n"
    ) in text


def test_markdown_carries_the_story_of_the_summary_screen(played: Session, game: Game) -> None:
    told = played.story()
    story = to_markdown(game).split("\n## The game's story\n\n", 1)[1]
    for heading, items in story_sections(told):
        assert f"### {heading}\n\n" + "".join(f"- {item}\n" for item in items) in story
    assert "- Turns played: " in story and "- Black-Handed Henry: " in story
    rows = [line for line in story.splitlines() if line.startswith("| ") and line[2].isdigit()]
    assert len(rows) == told.turns == played.state.turn
    assert rows[-1] == f"| {told.turns} | {played.state.position} | {played.state.boss.wounds} |"


def test_json_has_setup_actions_and_final_state(played: Session, game: Game) -> None:
    report = to_json(game)
    state = played.state
    assert report["setup"] == dump(state.setup)
    assert report["actions"][0]["line"] == 2
    assert [(a["label"], a["action"]) for a in report["actions"]] == [
        (d.label, action_data(d.action)) for d in played.actions
    ]
    assert [a["label"] for a in report["undone"]] == ["A hero is destroyed"]
    final = report["final"]
    assert final == final_summary(played.pack, state)
    assert final["position"] == state.position and final["pool"] == state.pool
    assert final["boss"]["wounds"] == state.boss.wounds and final["boss"]["timeout"]
    assert final["boss"]["relics"] == state.boss.relics
    assert [b["bonus"] for b in final["bonuses"]] == [b.bonus for b in state.bonuses]
    assert report["state"] == msgspec.to_builtins(state)


def test_models_destroyed_by_wounds_are_logged_as_destroyed(
    content: ContentPack, tmp_path: pytest.TempPathFactory
) -> None:
    """A spawning point worn down by wounds is destroyed in the log and the export alike."""
    path = tmp_path / "wounds.jsonl"  # type: ignore[operator]
    with Session.new(content, default_setup(content.edition("sde2")), path=path) as session:
        point = session.state.spawning_points[0]
        hearts = session.pack.spawning_points[point.id].hearts
        hit = Wound(target="spawning-point", model=point.id, tile=point.tile, wounds=hearts)
        session.dispatch(hit)
        assert f"takes {hearts} wounds: destroyed, loot equal to" in session.history[0]
    text = to_markdown(load_game(content, path))
    name = session.pack.spawning_points[point.id].name
    assert f"  - Spawning point {name} on tile {point.tile} destroyed" in text


def test_two_of_a_kind_on_one_tile_are_numbered_in_the_setup(
    content: ContentPack, tmp_path: pytest.TempPathFactory
) -> None:
    """README: two of a kind on one tile are numbered wherever you read about them. Seen in a
    1.0 export: "Kobold Warrens (tile 3), Kobold Warrens (tile 3)", while the table and the
    log say #1 and #2."""
    pack = content.edition("sde2")
    setup = default_setup(pack)
    twin = setup.spawning_points[0]
    setup = msgspec.structs.replace(setup, spawning_points=[*setup.spawning_points, twin])
    path = tmp_path / "twins.jsonl"  # type: ignore[operator]
    Session.new(content, setup, path=path).close()
    name = pack.spawning_points[twin.id].name
    text = to_markdown(load_game(content, path))
    assert f"{name} #1 (tile {twin.tile})" in text
    assert f"{name} #2 (tile {twin.tile})" in text


def test_a_gauge_move_that_filled_it_keeps_its_label_on_resume(
    content: ContentPack, tmp_path: pytest.TempPathFactory
) -> None:
    """1.0: the log says what the power gauge really moved ("+24: full, 88 typed"); a resumed
    game reads the same label back, and a label changed by hand is rebuilt from the action."""
    path = tmp_path / "gauge.jsonl"  # type: ignore[operator]
    with Session.new(content, default_setup(content.edition("classic")), path=path) as session:
        session.dispatch(AdvanceGauge(squares=88))
        said = session.history[0]
    assert said.startswith("Power gauge +") and said.endswith(": full, 88 typed")
    with Session.resume(content, path) as resumed:
        assert resumed.history[0] == said
    path.write_text(path.read_text().replace(said, "Power gauge +5: full, 87 typed"))
    with Session.resume(content, path) as resumed:
        assert resumed.history[0] == "Power gauge +88"
