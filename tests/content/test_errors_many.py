"""A file with thousands of mistakes: reported in time linear in its size, at most
MAX_ISSUES_PER_FILE problems listed (the first by line) and one line counting the rest."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest

from consul_app.commands.cli import main
from consul_app.content import ContentError
from consul_app.content.loader import MAX_ISSUES_PER_FILE, load_dirs


def unknown_keys(count: int) -> str:
    return "edition: sde2\n" + "".join(f"unknown{n}: {n}\n" for n in range(count))


def unsupported_tags(count: int) -> str:
    return "edition: sde2\nmonsters:\n" + "".join(f"  - !thing{n} x\n" for n in range(count))


def problems(folder: Path, text: str) -> ContentError:
    (folder / "bad.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_dirs([folder])
    return caught.value


def test_the_first_problems_are_listed_and_the_rest_counted(tmp_path: Path) -> None:
    err = problems(tmp_path, unknown_keys(30))
    assert err.count == 30
    listed, last = err.issues[:-1], err.issues[-1]
    assert len(listed) == MAX_ISSUES_PER_FILE == 20
    assert [i.line for i in listed] == list(range(2, 22))  # line 1 is `edition:`
    assert [i.field for i in listed] == [f"unknown{n}" for n in range(20)]
    assert listed[0].message.startswith("unknown top-level key 'unknown0'")
    assert (last.line, last.field) == (None, "")
    assert last.message == "and 10 more problems in this file (fix these first, then run again)"
    assert str(err).startswith("30 problems in the content:")


def test_parse_problems_are_capped_too(tmp_path: Path) -> None:
    err = problems(tmp_path, unsupported_tags(25))
    assert err.count == 25
    assert [i.field for i in err.issues[:2]] == ["monsters[0]", "monsters[1]"]
    assert err.issues[0].message == "unsupported YAML tag !thing0"
    assert err.issues[-1].message.startswith("and 5 more problems in this file")


def test_each_file_has_its_own_cap(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(unknown_keys(21), encoding="utf-8")
    (tmp_path / "b.yaml").write_text(unknown_keys(3), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_dirs([tmp_path])
    files = [Path(i.file).name for i in caught.value.issues]
    assert files == ["a.yaml"] * 21 + ["b.yaml"] * 3
    assert caught.value.issues[20].message.startswith("and 1 more problem in this file")
    assert caught.value.count == 24


def test_consul_validate_counts_every_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "bad.yaml").write_text(unknown_keys(500), encoding="utf-8")
    assert main(["validate", str(tmp_path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == MAX_ISSUES_PER_FILE + 2
    assert err[-2].endswith(
        "bad.yaml: and 480 more problems in this file (fix these first, then run again)"
    )
    assert err[-1] == "500 problems found."


@pytest.mark.parametrize(
    ("make", "count"),
    [(unknown_keys, 20_000), (unsupported_tags, 20_000)],
    ids=["unknown-keys", "unsupported-tags"],
)
def test_thousands_of_problems_take_well_under_two_seconds(
    tmp_path: Path, make: Callable[[int], str], count: int
) -> None:
    """Was 33 s for 20,000 unknown keys (each problem walked the whole tree). CPU time, so that
    other work on the machine does not count; `benchmarks/bench_errors.py` has the ratios."""
    (tmp_path / "bad.yaml").write_text(make(count), encoding="utf-8")
    start = time.process_time()
    with pytest.raises(ContentError) as caught:
        load_dirs([tmp_path])
    assert time.process_time() - start < 2.0
    assert caught.value.count == count
