"""The MD2 content cache: read back while no file changed, read anew when one did; a cache
that is not ours alone, or damaged, is not used."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from consul_app.md2.cache import NAME, load_md2_cached
from consul_app.md2.content import bundled_dir, load_md2


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    copy = tmp_path / "md2"
    shutil.copytree(bundled_dir(), copy)
    return copy


def test_the_cache_is_the_content_until_a_file_changes(folder: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    first = load_md2_cached(folder, cache)
    assert first == load_md2(folder) and (cache / NAME).is_file()
    assert load_md2_cached(folder, cache) == first
    songs = folder / "bards.yaml"
    songs.write_text(songs.read_text(encoding="utf-8").replace("Starting song 1", "Hymn"),
                     encoding="utf-8")
    assert load_md2_cached(folder, cache).songs["starting-song-1"].name == "Hymn"


def test_a_damaged_or_foreign_cache_is_not_used(folder: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    load_md2_cached(folder, cache)
    (cache / NAME).write_bytes(b"{not json")
    assert load_md2_cached(folder, cache) == load_md2(folder)
    os.chmod(cache / NAME, 0o666)  # anyone may write it: never read
    planted = (cache / NAME).read_bytes().replace(b"Starting song 1", b"Planted")
    (cache / NAME).write_bytes(planted)
    assert load_md2_cached(folder, cache).songs["starting-song-1"].name == "Starting song 1"


def test_a_start_from_the_cache_reads_no_yaml(tmp_path: Path) -> None:
    code = (
        "import sys; from consul_app.md2.game import bundled; bundled(); "
        "print(' '.join(m for m in sys.modules if m.split('.')[0] == 'yaml' "
        "or m.startswith('consul_app.content')))"
    )
    env = {**os.environ, "CONSUL_DATA_DIR": str(tmp_path)}
    run = [sys.executable, "-c", code]
    subprocess.run(run, capture_output=True, text=True, check=True, env=env)  # fills it
    loaded = subprocess.run(run, capture_output=True, text=True, check=True, env=env).stdout
    assert loaded.split() == []
