"""MD2 content: the bundled YAML, and mistakes reported with file, line and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from consul_app.base import paths
from consul_app.content.errors import ContentError
from consul_app.content.loader import load_dirs
from consul_app.md2.content import load_md2


def test_the_bundled_content_loads() -> None:
    content = load_md2()
    assert len(content.gizmo_effects) == 12
    assert set(content.constructs) == {"guard", "sentry", "scout"}
    assert sum(s.starting for s in content.songs.values()) == 2


def test_the_starting_songs_say_they_are_not_checked_against_the_card() -> None:
    """The rules text does not transcribe the dashboard's two songs: stand-ins, marked."""
    assert all(not s.verified for s in load_md2().songs.values() if s.starting)


def test_a_mistake_is_named_with_file_line_and_field(tmp_path: Path) -> None:
    (tmp_path / "songs.yaml").write_text(
        "game: md2\nsongs:\n  - id: lullaby\n    name: Lullaby\n    needs: [G, X]\n"
        "    text: Sleep.\n"
    )
    (tmp_path / "broken.yaml").write_text("game: md2\nsongs: [\n")
    with pytest.raises(ContentError) as caught:
        load_md2(tmp_path)
    issues = {issue.file: issue for issue in caught.value.issues}
    assert issues["songs.yaml"].line == 5
    assert issues["songs.yaml"].field == "songs[0].needs[1]"
    assert issues["broken.yaml"].line is not None


def test_the_sde_pack_does_not_read_the_md2_folder() -> None:
    pack = load_dirs([paths.bundled_data_dir()])
    assert pack.edition("sde2").monsters
