"""The cache of the validated pack: used while the files are unchanged, rebuilt when they (or
the code) change, and never an error itself: corrupt, stale or unwritable caches are ignored."""

from __future__ import annotations

import json
import pickle
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import platformdirs
import pytest

from consul_app.base import paths
from consul_app.content import KINDS, ContentError, ContentPack, load_pack, loader
from consul_app.content import cache as content_cache
from consul_app.content.cache import cache_file, load_pack_cached
from consul_app.content.folders import pack_folders

MONSTERS = """\
edition: sde2
monsters:
  - {id: kobold, name: Kobold, rank: minion, bits: 8-bit, hearts: 1}
"""


SMALL_BUNDLED = [("sde2", "status-effects.yaml"), ("classic", "power-gauge.yaml")]
"""Two small bundled files (two editions): the bundled pack of the tests of the cache's
behaviour, which does not depend on what the bundled pack holds (the whole of it goes through
the cache at the end); each of its loads takes milliseconds, not the half second of the
bundled pack's."""


@pytest.fixture
def mine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A content folder of one monster, over a bundled pack of SMALL_BUNDLED."""
    bundled = tmp_path / "bundled"
    for edition, name in SMALL_BUNDLED:
        (bundled / edition).mkdir(parents=True)
        shutil.copyfile(paths.bundled_data_dir() / edition / name, bundled / edition / name)
    shutil.copyfile(paths.bundled_data_dir() / "editions.yaml", bundled / "editions.yaml")
    monkeypatch.setattr(paths, "bundled_data_dir", lambda: bundled)
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "monsters.yaml").write_text(MONSTERS, encoding="utf-8")
    return folder


@pytest.fixture
def loads(monkeypatch: pytest.MonkeyPatch) -> list[list[Path]]:
    """The folders of every real load (parse and validate) from here on."""
    calls: list[list[Path]] = []
    load_dirs = loader.load_dirs

    def counted(dirs: list[Path], **kwargs: object) -> ContentPack:
        calls.append(list(dirs))
        return load_dirs(dirs, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(loader, "load_dirs", counted)
    return calls


def cached(*dirs: Path) -> Path:
    """The cache file of the bundled pack plus `dirs`."""
    return cache_file(pack_folders(dirs))


def same_pack(a: ContentPack, b: ContentPack) -> bool:
    return (
        a.sources == b.sources
        and a.content_hash == b.content_hash
        and list(a.editions) == list(b.editions)
        and all(a.edition(e).kind(k) == b.edition(e).kind(k) for e in a.editions for k in KINDS)
        and all(a.edition(e).content_hash() == b.edition(e).content_hash() for e in a.editions)
    )


def test_the_cache_lives_in_the_data_dir_when_it_is_set(monkeypatch: pytest.MonkeyPatch) -> None:
    assert paths.cache_dir() == paths.data_home() / "cache"  # conftest sets CONSUL_DATA_DIR
    monkeypatch.delenv(paths.ENV_HOME)
    assert paths.cache_dir() == Path(platformdirs.user_cache_dir("consul", appauthor=False))


def test_a_second_load_comes_from_the_cache(mine: Path, loads: list[list[Path]]) -> None:
    first = load_pack_cached([mine])
    assert len(loads) == 1
    assert cached(mine).is_file()
    second = load_pack_cached([mine])
    assert len(loads) == 1
    assert second is not first
    assert same_pack(second, first)
    assert same_pack(second, load_pack([mine]))


def test_a_changed_file_is_loaded_again(mine: Path, loads: list[list[Path]]) -> None:
    load_pack_cached([mine])
    (mine / "monsters.yaml").write_text(MONSTERS.replace("Kobold", "Big Kobold"), "utf-8")
    pack = load_pack_cached([mine])
    assert len(loads) == 2
    assert pack.edition("sde2").monsters["kobold"].name == "Big Kobold"
    load_pack_cached([mine])
    assert len(loads) == 2


def test_other_folders_are_another_pack(
    mine: Path, tmp_path: Path, loads: list[list[Path]]
) -> None:
    load_pack_cached([mine])
    empty = tmp_path / "empty"
    empty.mkdir()
    pack = load_pack_cached([mine, empty])
    assert len(loads) == 2
    assert str(empty) in pack.sources
    assert cached(mine, empty) != cached(mine)
    for dirs in ([mine], [mine, empty]):
        assert str(dirs[-1]) in load_pack_cached(dirs).sources
    assert len(loads) == 2  # each list of folders has its own cache file


def test_a_new_or_removed_file_is_loaded_again(mine: Path, loads: list[list[Path]]) -> None:
    load_pack_cached([mine])
    extra = mine / "more.yaml"
    extra.write_text(MONSTERS.replace("kobold", "imp"), "utf-8")
    assert "imp" in load_pack_cached([mine]).edition("sde2").monsters
    extra.unlink()
    assert "imp" not in load_pack_cached([mine]).edition("sde2").monsters
    assert len(loads) == 3


def test_changed_code_misses_the_cache(
    mine: Path, loads: list[list[Path]], monkeypatch: pytest.MonkeyPatch
) -> None:
    load_pack_cached([mine])
    monkeypatch.setattr(content_cache, "_code_fingerprint", lambda: b"other models")
    load_pack_cached([mine])
    assert len(loads) == 2


@pytest.mark.parametrize(
    "garbage",
    [b"", b"not json", b'{"format": 3, "key": "', pickle.dumps("an old pickled cache"), b"[]"],
    ids=["empty", "garbage", "truncated", "pickle", "not-a-pack"],
)
def test_a_corrupt_cache_is_ignored_and_rebuilt(
    mine: Path, loads: list[list[Path]], garbage: bytes
) -> None:
    first = load_pack_cached([mine])
    cached(mine).write_bytes(garbage)
    pack = load_pack_cached([mine])
    assert len(loads) == 2
    assert same_pack(pack, first)
    assert cached(mine).read_bytes() != garbage  # rebuilt
    load_pack_cached([mine])
    assert len(loads) == 2


def _first_monster(data: dict[str, Any], **changes: Any) -> dict[str, Any]:
    monsters = data["editions"]["sde2"]["monsters"]
    monsters[0] = {**monsters[0], **changes}
    return data


@pytest.mark.parametrize(
    "edit",
    [
        lambda data: {**data, "editions": {"sde2": {"monsters": "not a list"}}},
        lambda data: {**data, "format": 1},
        lambda data: {**data, "key": "another key"},
        lambda data: {**data, "editions": {"classic": data["editions"]["sde2"]}},  # wrong edition
        lambda data: {**data, "more": 1},
        lambda data: {**data, "edition_hashes": {"sde2": "a hash"}},  # not every edition's
        lambda data: _first_monster(data, hearts="many"),
        lambda data: _first_monster(data, hearts=99),  # more than any card has
        lambda data: _first_monster(data, stats={"STR": "2B"}),  # dice are their four counts
    ],
    ids=[
        "invalid-entries",
        "old-format",
        "other-key",
        "entries-of-another-edition",
        "extra",
        "edition-hashes-missing",
        "wrong-type",
        "out-of-range",
        "dice-as-text",
    ],
)
def test_a_cache_holding_something_else_is_ignored(
    mine: Path, loads: list[list[Path]], edit: Callable[[dict[str, Any]], dict[str, Any]]
) -> None:
    load_pack_cached([mine])
    data = json.loads(cached(mine).read_bytes())
    cached(mine).write_text(json.dumps(edit(data)), encoding="utf-8")
    assert "kobold" in load_pack_cached([mine]).edition("sde2").monsters
    assert len(loads) == 2


def test_a_cache_that_cannot_be_written_is_skipped(
    mine: Path, tmp_path: Path, loads: list[list[Path]]
) -> None:
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder would be")
    for _ in range(2):
        pack = load_pack_cached([mine], cache_dir=blocked / "cache")
        assert "kobold" in pack.edition("sde2").monsters
    assert len(loads) == 2
    assert not list(tmp_path.glob("**/.content-*"))  # no temporary file left


def test_content_errors_are_raised_and_never_cached(mine: Path, loads: list[list[Path]]) -> None:
    load_pack_cached([mine])
    before = cached(mine).read_bytes()
    (mine / "monsters.yaml").write_text(MONSTERS.replace("hearts: 1", "hearts: -1"), "utf-8")
    for _ in range(2):
        with pytest.raises(ContentError, match=r"monsters\.yaml:3"):
            load_pack_cached([mine])
    assert cached(mine).read_bytes() == before
    with pytest.raises(ContentError, match="no such content folder"):
        load_pack_cached([mine / "missing"])


def test_the_bundled_pack_from_the_cache_is_the_bundled_pack(content: ContentPack) -> None:
    load_pack_cached(include_user=False)
    assert same_pack(load_pack_cached(include_user=False), content)


def test_keywords_and_abilities_survive_the_cache(content: ContentPack) -> None:
    """The card texts and ability facts (issue 8's content kinds) come back from the cache."""
    load_pack_cached(include_user=False)
    sde2 = load_pack_cached(include_user=False).edition("sde2")
    assert sde2.keywords["mighty"].text
    bolt = next(a for a in sde2.abilities.values() if a.rolls == "WILL" and a.against == "DEX")
    assert bolt == content.edition("sde2").abilities[bolt.id]
    sandals = sde2.relics["blood-stained-sandals"]
    assert [(m.stat, m.add) for m in sandals.modifiers] == [("MOVE", 4)]


def test_the_cached_pack_is_read_only_while_it_is_fresh(
    mine: Path, loads: list[list[Path]]
) -> None:
    """`consul` reads it before its first frame: it never parses the files itself."""
    assert content_cache.cached_pack([mine]) is None  # no cache yet
    first = load_pack_cached([mine])
    again = content_cache.cached_pack([mine])
    assert again is not None and same_pack(again, first)
    (mine / "monsters.yaml").write_text(MONSTERS.replace("Kobold", "Big Kobold"), "utf-8")
    assert content_cache.cached_pack([mine]) is None  # stale
    cached(mine).write_bytes(b"{not json")
    assert content_cache.cached_pack([mine]) is None  # corrupt
    assert len(loads) == 1
