"""Resume: replay rebuilds the live game exactly; damaged or foreign saves are refused intact."""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec import structs

from consul_app.base.paths import saves_dir
from consul_app.content import ContentPack
from consul_app.rules import DestroyHero, EndTurn, Setup, default_setup
from consul_app.session import SaveError, Session
from consul_app.session.naming import slug
from consul_app.session.session import Clock
from session.players import random_action


def _assert_same(live: Session, resumed: Session) -> None:
    assert msgspec.json.encode(resumed.state) == msgspec.json.encode(live.state)
    assert resumed.history == live.history
    assert (resumed.undo_label, resumed.redo_label) == (live.undo_label, live.redo_label)
    assert [d.action for d in resumed.actions] == [d.action for d in live.actions]


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    edition=st.sampled_from(["sde2", "forgotten-king", "classic"]),
    length=st.integers(0, 100),
    seed=st.integers(0, 2**32),
)
def test_resume_equals_live_after_random_games(
    content: ContentPack, tmp_path: Path, edition: str, length: int, seed: int
) -> None:
    """A random game of legal actions with undos and redos mixed in (hypothesis picks the
    edition, the length and the seed of the choices)."""
    rng = random.Random(seed)
    setup = default_setup(content.edition(edition))
    live = Session.new(content, setup, path=Path(tempfile.mkdtemp(dir=tmp_path)) / "g.jsonl")
    for _ in range(length):
        roll = rng.random()
        if roll < 0.15:
            live.undo()
        elif roll < 0.25:
            live.redo()
        elif action := random_action(live.pack, live.state, rng):
            live.dispatch(action)
    copy = live.path.with_name("copy.jsonl")  # the live game holds its own save's lock
    copy.write_bytes(live.path.read_bytes())
    with Session.resume(content, copy) as resumed:
        assert resumed.warnings == []
        _assert_same(live, resumed)
        while live.can_undo:  # and undo/redo still agree after the replay
            assert resumed.undo() == live.undo()
            _assert_same(live, resumed)
        while live.can_redo:
            assert resumed.redo() == live.redo()
            _assert_same(live, resumed)
    live.close()


def _game(content: ContentPack, setup: Setup, path: Path) -> Session:
    """A short game: lines 2-4 are a hero destroyed, the end of the turn, its undo."""
    session = Session.new(content, setup, path=path)
    session.dispatch(DestroyHero())
    session.dispatch(EndTurn())
    session.undo()
    return session


def _repack(content: ContentPack, drop: tuple[str, str] | None = None) -> ContentPack:
    """The same content with one status effect's text edited (so another hash), optionally
    without one entry (kind, id)."""
    editions = dict(content.editions)
    pack = editions["sde2"]
    status = {k: structs.replace(v, text="Edited.") for k, v in pack.status_effects.items()}
    pack = structs.replace(pack, status_effects=status)
    if drop is not None:
        kind, entry = drop
        entries = {k: v for k, v in pack.kind(kind).items() if k != entry}
        pack = structs.replace(pack, **{kind: entries})
    editions["sde2"] = pack
    return ContentPack(editions=editions, sources=content.sources, content_hash="0" * 64)


def test_changed_content_warns_and_resumes(
    content: ContentPack, setup: Setup, tmp_path: Path
) -> None:
    live = _game(content, setup, tmp_path / "game.jsonl")
    live.close()
    changed = _repack(content)
    with Session.resume(changed, live.path) as resumed:
        assert resumed.warnings == [
            f"{live.path}: this game was saved with other content (hash "
            f"{content.edition('sde2').content_hash()[:12]}, now "
            f"{changed.edition('sde2').content_hash()[:12]}); everything it needs is still "
            "there, so it resumes"
        ]
        _assert_same(live, resumed)


def test_changed_content_missing_ids_is_refused(
    content: ContentPack, setup: Setup, tmp_path: Path
) -> None:
    status = next(iter(content.edition("sde2").status_effects))
    live = _game(content, setup, tmp_path / "game.jsonl")
    lines = live.path.read_text().splitlines()
    live.close()
    action = {"type": "add_status", "target": "boss", "status": status}
    extra = json.dumps({"op": "do", "action": action, "label": "Boss gains it"})
    live.path.write_text("\n".join([*lines, extra]) + "\n")
    before = live.path.read_bytes()
    changed = _repack(content, drop=("status_effects", status))
    with pytest.raises(SaveError) as caught:
        Session.resume(changed, live.path)
    assert str(caught.value) == (
        f"{live.path}: the content has changed since this game was saved: it lacks "
        f"status effect {status!r} (line 5)"
    )
    assert live.path.read_bytes() == before
    no_boss = _repack(content, drop=("dungeon_bosses", setup.boss))
    with pytest.raises(SaveError, match=f"it lacks dungeon boss {setup.boss!r} \\(the setup\\)"):
        Session.resume(no_boss, live.path)
    assert live.path.read_bytes() == before


def _append(path: Path, data: bytes) -> bytes:
    """Append raw bytes to a file; return all its bytes."""
    with path.open("ab") as f:
        f.write(data)
    return path.read_bytes()


def _refused(content: ContentPack, path: Path, message: str) -> None:
    """Resuming fails with exactly `message` after the path, and the file is untouched."""
    before = path.read_bytes()
    with pytest.raises(SaveError) as caught:
        Session.resume(content, path)
    assert str(caught.value) == f"{path}{message}"
    assert path.read_bytes() == before


def test_rule_refusal_on_replay_names_the_line(
    content: ContentPack, setup: Setup, tmp_path: Path
) -> None:
    live = _game(content, setup, tmp_path / "game.jsonl")
    live.close()
    wound = {"op": "do", "action": {"type": "wound", "wounds": 2}, "label": "Boss takes 2 wounds"}
    _append(live.path, json.dumps(wound).encode() + b"\n")
    boss = content.edition("sde2").dungeon_bosses[setup.boss].name
    _refused(
        content,
        live.path,
        f", line 5: the rules refuse 'Boss takes 2 wounds' here: {boss} has not spawned yet",
    )


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            b'{"op": "do", "action": {"type": "fly"}, "label": "x"}',
            ", line 5: unknown action (type: Invalid value 'fly')",
        ),
        (
            b'{"op": "do", "action": {"type": "wound", "wounds": 0}, "label": "x"}',
            ", line 5: unknown action (wounds: Expected `int` >= 1)",
        ),
        (
            b'{"op": "do", "action": {"type": "spawn", "monsters": {}}, "label": "x"}',
            ", line 5: unknown action (monsters: Expected `object` of length >= 1)",
        ),
        (
            b'{"op": "do", "action": {"type": "end_turn", "turn": 2}, "label": "x"}',
            ", line 5: unknown action (Object contains unknown field `turn`)",
        ),
        (b'{"op": "redo"}\n{"op": "redo"}', ", line 6: redo with nothing to redo"),
        (b'{"op": "undo"}\n{"op": "undo"}', ", line 6: undo with nothing to undo"),
        (b"\x00\x01\x02\n{}", ", line 5: unreadable line in the middle of the journal (not JSON)"),
    ],
    ids=[
        "unknown-action",
        "no-wounds",
        "no-monsters",
        "unknown-field",
        "redo-too-far",
        "undo-too-far",
        "corrupt-middle",
    ],
)
def test_damaged_journal_is_refused_intact(
    content: ContentPack, setup: Setup, tmp_path: Path, line: bytes, message: str
) -> None:
    live = _game(content, setup, tmp_path / "game.jsonl")
    live.close()
    _append(live.path, line + b"\n")
    before = live.path.read_bytes()
    with pytest.raises(SaveError) as caught:
        Session.resume(content, live.path)
    assert str(caught.value) == f"{live.path}{message}"
    assert live.path.read_bytes() == before


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"tiles": 13}, "tiles must be 1 to 12, not 13"),
        ({"party_size": "4"}, "party_size: Expected `int`, got `str`"),
        ({"boss": None}, "boss: Expected `str`, got `null`"),
        ({"heroes": [{"name": ""}]}, "heroes.0: a hero's name must be 1 to 40 characters: ''"),
        (
            {"spawning_points": [{"id": "x", "tile": 0}]},
            "spawning_points.0: a spawning point's tile must be 1 to 12, not 0",
        ),
        ({"rounds": 3}, "Object contains unknown field `rounds`"),
        ({"heroes": [{"name": "Ann", "age": 3}]}, "heroes.0: Object contains unknown field `age`"),
    ],
    ids=["tiles", "type", "null", "hero", "tile", "unknown", "unknown-nested"],
)
def test_a_bad_setup_is_refused_naming_the_field(
    content: ContentPack, setup: Setup, tmp_path: Path, change: dict[str, object], message: str
) -> None:
    live = _game(content, setup, tmp_path / "game.jsonl")
    live.close()
    header, *rest = live.path.read_text().splitlines(keepends=True)
    data = json.loads(header)
    data["setup"].update(change)
    live.path.write_text(json.dumps(data) + "\n" + "".join(rest))
    _refused(content, live.path, f", line 1: the game setup is not valid ({message})")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", ", line 1: empty file, not a Consul journal"),
        (
            b"\xff\xd8\xff\xe0\x00\x10JFIF\n\x00",
            ", line 1: not a Consul journal (no journal header)",
        ),
        (b'{"players": 4}\n', ", line 1: not a Consul journal (no journal header)"),
        (
            b'{"format": "consul-journal", "version": 99}\n',
            ", line 1: journal format version 99; this Consul reads version 1",
        ),
    ],
    ids=["empty", "binary", "other-json", "version"],
)
def test_foreign_file_is_refused_and_a_new_game_starts_beside_it(
    content: ContentPack, setup: Setup, clock: Clock, data: bytes, message: str
) -> None:
    boss = content.edition("sde2").dungeon_bosses[setup.boss].name
    path = saves_dir() / f"2026-11-30-{slug(boss)}.jsonl"  # the name a new game would take
    path.parent.mkdir(parents=True)
    path.write_bytes(data)
    _refused(content, path, message)
    with Session.new(content, setup, clock=clock) as beside:
        assert beside.path == path.with_name(f"{path.stem}-2.jsonl")
    assert path.read_bytes() == data


def test_torn_last_line_resumes_and_keeps_going(
    content: ContentPack, setup: Setup, tmp_path: Path
) -> None:
    live = _game(content, setup, tmp_path / "game.jsonl")
    live.close()
    before = _append(live.path, b'{"op": "do", "action": {"type": "end_t')
    with Session.resume(content, live.path) as resumed:
        assert live.path.read_bytes() == before
        assert resumed.warnings == [
            f"{live.path}, line 5: cut short (the app stopped while writing it); dropped it, "
            "the game resumes from the line before"
        ]
        _assert_same(live, resumed)
        resumed.dispatch(DestroyHero())
        state = resumed.state
    assert live.path.read_bytes().startswith(before)
    with Session.resume(content, live.path) as again:
        assert again.warnings == []
        assert again.state == state
        assert again.history == ["A hero is destroyed", "A hero is destroyed"]
        assert not again.can_redo
