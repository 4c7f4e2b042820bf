"""A chart corrected against the printed board: a space in words and back, and the file the
correction writes into the user's content folder (atomic, never over a file not its own)."""

from __future__ import annotations

from pathlib import Path

import pytest
from msgspec import structs

from consul_app.commands.cli import main
from consul_app.content import ContentPack, load_pack
from consul_app.content.corrections import (
    MARK,
    SpaceError,
    chart_yaml,
    parse_space,
    space_text,
    with_chart,
)
from consul_app.content.models import Chart, ChartSpace
from consul_app.content.user_content import CorrectionError, chart_file, save_chart


@pytest.fixture(scope="module")
def bundled(content: ContentPack) -> ContentPack:
    return content


def test_every_bundled_space_reads_back_from_its_words(bundled) -> None:  # type: ignore[no-untyped-def]
    for edition in ("sde2", "forgotten-king"):
        pack = bundled.edition(edition)
        for chart in pack.charts.values():
            for space in chart.spaces:
                assert parse_space(space_text(space), set(pack.bonuses), space) == space


@pytest.mark.parametrize(
    ("words", "problem"),
    [
        ("spawn four 8B", "say how many skull points"),
        ("spawn 4", "a spawn needs bits"),
        ("spawn 4 32B", "bits are 8B and 16B"),
        ("bonus nope", "no bonus 'nope'"),
        ("choose bonus-offensive-rolls", "choose_bonus needs at least two options"),
        ("sighting one", "give tile numbers"),
        ("sighting 13", "tiles are numbered from 1 to 12"),
        ("treasure 2", "a part starts with spawn"),
    ],
)
def test_words_that_cannot_be_read_say_why(bundled, words: str, problem: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SpaceError, match=problem):
        parse_space(words, set(bundled.edition("sde2").bonuses))


def test_a_space_in_words() -> None:
    space = parse_space("spawn 5 8B 16B; mini-boss; sighting 1 2", set())
    assert space == ChartSpace(
        spawn=5, bits=["8-bit", "16-bit"], mini_boss=True, boss_sighting=[1, 2]
    )
    assert space_text(space) == "spawn 5 8B 16B; mini-boss; sighting 1 2"


def _corrected(bundled) -> Chart:  # type: ignore[no-untyped-def]
    chart = next(iter(bundled.edition("sde2").charts.values()))
    spaces = [ChartSpace(spawn=5, bits=["8-bit"]), *chart.spaces[1:]]
    return structs.replace(chart, spaces=spaces, verified=True)


def test_the_correction_is_valid_content_that_overrides_the_chart(
    bundled, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:  # type: ignore[no-untyped-def]
    chart = _corrected(bundled)
    path = save_chart(chart, tmp_path)
    assert path == tmp_path / "charts" / f"sde2-{chart.id}.yaml"
    assert path.read_text(encoding="utf-8").startswith(MARK)
    loaded = load_pack([tmp_path], include_user=False).edition("sde2").charts[chart.id]
    assert loaded == chart
    assert main(["validate", str(tmp_path)]) == 0
    assert list(tmp_path.glob("charts/.*")) == []  # no temporary file left behind
    again = structs.replace(chart, verified=False)
    save_chart(again, tmp_path)  # its own file is replaced
    assert load_pack([tmp_path], include_user=False).edition("sde2").charts[chart.id] == again


def test_a_file_not_written_by_consul_is_never_overwritten(bundled, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    chart = _corrected(bundled)
    target = chart_file(chart, tmp_path)
    target.parent.mkdir(parents=True)
    target.write_text("# my own notes\n", encoding="utf-8")
    with pytest.raises(CorrectionError, match="not written by Consul"):
        save_chart(chart, tmp_path)
    assert target.read_text(encoding="utf-8") == "# my own notes\n"


def test_a_chart_the_consul_defined_elsewhere_is_corrected_there(bundled, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    chart = _corrected(bundled)
    mine = tmp_path / "mine.yaml"
    mine.write_text(chart_yaml(chart).split("\n", 2)[2], encoding="utf-8")  # without the mark
    with pytest.raises(CorrectionError, match="already defines the chart"):
        save_chart(chart, tmp_path)
    assert not chart_file(chart, tmp_path).exists()


def test_with_chart_leaves_the_packs_in_play_alone(bundled) -> None:  # type: ignore[no-untyped-def]
    chart = _corrected(bundled)
    before = bundled.edition("sde2")
    after = with_chart(bundled, chart)
    assert after.edition("sde2").charts[chart.id] == chart
    assert before.charts[chart.id] != chart and bundled.edition("sde2") is before


def test_repeated_bonus_parts_add_up(bundled) -> None:  # type: ignore[no-untyped-def]
    """The report: `bonus A; bonus B` was kept as `bonus B` (the first dropped unsaid)."""
    words = "spawn 6 8B 16B; bonus bonus-red-offensive-rolls; bonus bonus-defensive-rolls"
    space = parse_space(words, set(bundled.edition("sde2").bonuses))
    assert space.bonuses == ["bonus-red-offensive-rolls", "bonus-defensive-rolls"]
    assert space_text(space) == (
        "spawn 6 8B 16B; bonus bonus-red-offensive-rolls bonus-defensive-rolls"
    )


def test_repeated_sighting_parts_add_up() -> None:
    assert parse_space("sighting 1; sighting 2 3", set()).boss_sighting == [1, 2, 3]


@pytest.mark.parametrize(
    ("words", "problem"),
    [
        ("spawn 4 8B; spawn 2 16B", "'spawn 2 16B': a space has one 'spawn'; give its skull"),
        ("choose a b; choose c d", "'choose c d': a space has one 'choose'; put every option"),
        ("mini-boss; mini", "'mini': a space has one 'mini-boss'"),
        ("boss; boss", "'boss': a space has one 'boss'"),
        ("colour red; color blue", "'color blue': a space has one 'colour'"),
    ],
)
def test_a_part_given_twice_is_refused_not_dropped(words: str, problem: str) -> None:
    with pytest.raises(SpaceError) as caught:
        parse_space(words, {"a", "b", "c", "d"})
    assert str(caught.value).startswith(problem)
