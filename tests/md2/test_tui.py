"""The MD2 screen driven by its keys (Pilot), and `consul md2` on the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import Static

from consul_app.commands import md2 as command
from consul_app.commands.cli import main
from consul_app.md2.content import Md2Content
from consul_app.md2.rules import Md2Setup
from consul_app.md2.tui.app import Md2App
from consul_app.md2.tui.dialogs import KeysScreen
from consul_app.md2.tui.keys import KEYS
from consul_app.md2.tui.screen import DashboardScreen
from consul_app.session import Session
from tests.tui.helpers import until


def _text(app: Md2App, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


async def test_a_bard_turn_by_its_keys(content: Md2Content, tmp_path: Path) -> None:
    """Rule: "Placing a note costs 3 Mana"; a refusal says why and changes nothing; undo
    and redo as in SDE."""
    path = tmp_path / "game.jsonl"
    app = Md2App(content, setup=Md2Setup(heroes=("bard",)), path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1", "o", "1", "2")  # no Mana yet: refused
        await pilot.pause()
        assert "Refused: To place a note costs 3 Mana; the Bard has 0" in _text(app, "#notice")
        assert app.session is not None and app.session.state.bard.notes == ()
        await pilot.press("M", "o", "1", "2")  # G, in the second free column (column 2)
        await pilot.pause()
        bard = app.session.state.bard
        assert [(n.line, n.column) for n in bard.notes] == [("G", 1)]
        assert "Note G placed in column 2" in _text(app, "#notice")
        await pilot.press("u")
        await pilot.pause()
        assert app.session.state.bard.notes == ()
        assert "Undone: Note G placed in column 2 (3 Mana)" in _text(app, "#notice")
        await pilot.press("r")
        await pilot.pause()
        assert len(app.session.state.bard.notes) == 1
        assert "Starting song 1" in _text(app, "#bard")
    lines = path.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["game"] == "md2"
    assert [json.loads(x)["op"] for x in lines[1:]] == ["do", "do", "do", "undo", "redo"]


async def test_the_enemy_phase_explodes_bombs_by_zone(
    content: Md2Content, tmp_path: Path
) -> None:
    """Rule: at the start of the enemy phase the placed bombs explode, every bomb of a zone
    before the next; the steps line names them."""
    path = tmp_path / "game.jsonl"
    app = Md2App(content, setup=Md2Setup(heroes=("tinkerer",)), path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("2", "b", "1")  # a small bomb...
        await pilot.pause()
        await pilot.press(*"Hall", "enter", "1")  # ...in the Hall, by an item
        await pilot.pause()
        await pilot.press("b", "2", *"Crypt", "enter", "1", "e", "p")
        await pilot.pause()
        assert "Enemy phase: the bombs explode. Hall: 1 small" in _text(app, "#steps")
        assert "To explode now" in _text(app, "#tinkerer")
        await pilot.press("x", "2")  # the Crypt's
        await pilot.pause()
        await pilot.press("x", "1")
        await pilot.pause()
        state = app.session.state
        assert state.exploding == () and state.tinkerer.small_bombs == 3
        assert "play the enemies, then end the round" in _text(app, "#steps")


async def test_the_log_is_beside_when_wide_and_the_keys_follow_the_moment(
    content: Md2Content, tmp_path: Path
) -> None:
    app = Md2App(content, path=tmp_path / "game.jsonl")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, DashboardScreen) and screen.has_class("-wide")
        assert "1 Bard  2 Tinkerer" in _text(app, "#keys")
        await pilot.press("2")
        await pilot.pause()
        assert "b bomb  d gizmo" in _text(app, "#keys")
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        await pilot.press("escape", "L")
        await pilot.pause()
        assert "The Tinkerer's turn" in " ".join(
            str(s.render()) for s in app.screen.query(Static)
        )


def test_every_action_has_a_key_and_a_method() -> None:
    names = [k.action.split("(")[0] for k in KEYS]
    for name in names:
        assert hasattr(DashboardScreen, f"action_{name}"), name
    shown = [k.shown for k in KEYS]
    assert len(shown) == len(set(shown))


def test_md2_help_names_both_heroes(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["md2", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "Bard" in out and "Tinkerer" in out


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["md2", "--heroes", "wizard"], "name the heroes who play"),
        (["md2", "--heroes", "bard,bard"], "once each"),
        (["md2", "--save", "99"], "no save number 99"),
    ],
)
def test_bad_input_exits_2(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as done:
        code = main(argv)
        raise SystemExit(code)
    assert done.value.code == 2
    assert said in capsys.readouterr().err.lower()


def test_an_sde_save_is_not_played_as_md2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sde = tmp_path / "sde.jsonl"
    sde.write_text('{"format": "consul-journal", "version": 1}\n', encoding="utf-8")
    assert main(["md2", "--save", str(sde)]) == 2
    assert "a save of another game (sde); play it with `consul --save SAVE`" in (
        capsys.readouterr().err
    )


def test_md2_resumes_the_game_in_progress(
    content: Md2Content, monkeypatch: pytest.MonkeyPatch
) -> None:
    from consul_app.base.paths import saves_dir

    saves_dir().mkdir(parents=True)
    path = saves_dir() / "2026-12-01-md2-bard.jsonl"
    Session.new(content, Md2Setup(heroes=("bard",)), path=path, game="md2").close()
    started: dict[str, object] = {}
    monkeypatch.setattr(command, "start", lambda **kw: started.update(kw) or 0)
    assert main(["md2"]) == 0
    assert started["save"] == path
    assert main(["md2", "--new", "--heroes", "tinkerer"]) == 0
    assert started["save"] is None and started["heroes"] == ("tinkerer",)



def test_readme_lists_every_md2_key() -> None:
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    for key in KEYS:
        assert f"| `{key.shown}` | {key.section} | {key.description} |" in readme, key.shown


async def test_resuming_says_so_in_the_first_frame(
    content: Md2Content, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The screen `consul md2` settles on is its first frame: the notice ("Resumed ...") is
    drawn with the dashboards, not in a frame of its own after them."""
    from textual.app import App

    path = tmp_path / "game.jsonl"
    Session.new(content, Md2Setup(heroes=("bard",)), path=path, game="md2").close()
    notices: list[str] = []
    display = App._display

    def spy(app: App[None], screen: object, renderable: object) -> None:
        if renderable is not None and isinstance(screen, DashboardScreen):
            notices.append(str(screen.query_one("#notice", Static).render()))
        display(app, screen, renderable)  # type: ignore[arg-type]

    monkeypatch.setattr(App, "_display", spy)
    app = Md2App(content, save=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: bool(notices), "no frame of the dashboard was drawn")
    assert notices[0] == "Resumed game.jsonl. ? shows every key"


async def test_the_garbage_collector_is_off_until_the_first_frame(
    content: Md2Content, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`consul md2` starts with the cyclic garbage collector off (a full collection could fall
    before the first frame); the app freezes what it loaded and turns it back on after it."""
    import gc

    from textual.app import App

    seen: list[bool] = []
    with monkeypatch.context() as patch:
        patch.setattr(Md2App, "run", lambda app: seen.append(gc.isenabled()))
        assert main(["md2", "--save", str(tmp_path / "game.jsonl")]) == 0
    assert seen == [False] and gc.isenabled()
    at_frames: list[bool] = []
    display = App._display

    def spy(app: App[None], screen: object, renderable: object) -> None:
        if renderable is not None:
            at_frames.append(gc.isenabled())
        display(app, screen, renderable)  # type: ignore[arg-type]

    monkeypatch.setattr(App, "_display", spy)
    gc.unfreeze()
    gc.disable()
    try:
        app = Md2App(content, path=tmp_path / "game.jsonl")
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, gc.isenabled, "the collector stayed off")
            assert gc.get_freeze_count() > 0
    finally:
        gc.enable()
        gc.unfreeze()
    assert at_frames and at_frames[0] is False
