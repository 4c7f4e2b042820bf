"""Issue 23: every problem of every file in one run. A broken YAML file does not hide the
cross-reference problems of the others (what the broken file may define is not reported as
unknown); a blank or invisible name is refused with its file and line; a monster with no
attack loads with a warning."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from consul_app.content import ContentError
from consul_app.content.loader import load_dirs


def write(root: Path, name: str, text: str) -> Path:
    path = root / name
    path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return path


GOOD = """
    edition: sde2
    monsters:
      - id: kobold
        name: Kobold
        rank: minion
        bits: 8-bit
        hearts: 1
        skull_points: 1
        attacks: [{{rolls: STR}}]
        stats: {{STR: 1B}}
        keywords: [{keyword}]
    spawning_points:
      - id: den
        name: Den
        hearts: 3
        pool:
          - monster: {monster}
            count: 3
    keywords:
      - {{id: tough, name: Tough, text: Harder to wound.}}
    """


def test_a_broken_file_does_not_hide_the_problems_of_the_others(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", "edition: sde2\nmonsters:\n\t- id: x\n")  # a tab: not YAML
    write(tmp_path, "b.yaml", GOOD.format(keyword="Toughh", monster="gremlin"))
    with pytest.raises(ContentError) as caught:
        load_dirs([tmp_path])
    messages = [(Path(i.file).name, i.message) for i in caught.value.issues]
    assert any(f == "a.yaml" for f, _ in messages)
    assert any(f == "b.yaml" and "unknown keyword 'Toughh'" in m for f, m in messages)
    assert any(f == "b.yaml" and "unknown monster 'gremlin'" in m for f, m in messages)


def test_what_a_broken_file_may_define_is_not_called_unknown(tmp_path: Path) -> None:
    """The broken file names 'gremlin': it may well define it, so that is not reported."""
    write(tmp_path, "a.yaml", "edition: sde2\nmonsters:\n\t- id: gremlin\n")
    write(tmp_path, "b.yaml", GOOD.format(keyword="Tough", monster="gremlin"))
    with pytest.raises(ContentError) as caught:
        load_dirs([tmp_path])
    assert [Path(i.file).name for i in caught.value.issues] == ["a.yaml"]


@pytest.mark.parametrize(
    "name",
    ["'   '", "'\\u200b\\u200b'", "'Kob\\0old'", "'\\u202eKobold'", "'\\u00a0\\u2060'"],
)
def test_a_blank_or_invisible_name_is_refused_with_file_and_line(tmp_path: Path, name: str) -> None:
    text = GOOD.format(keyword="Tough", monster="kobold").replace(
        "name: Kobold", f'name: "{name[1:-1]}"'
    )
    path = write(tmp_path, "b.yaml", text)
    with pytest.raises(ContentError) as caught:
        load_dirs([tmp_path])
    (issue,) = caught.value.issues
    assert (issue.file, issue.line, issue.field) == (str(path), 4, "monsters[0].name")
    assert "name" in issue.message and ("blank" in issue.message or "invisible" in issue.message)


def test_a_monster_with_no_attack_gets_a_warning(tmp_path: Path) -> None:
    text = GOOD.format(keyword="Tough", monster="kobold").replace(
        "        attacks: [{rolls: STR}]\n", ""
    )
    path = write(tmp_path, "b.yaml", text)
    pack = load_dirs([tmp_path])
    assert pack.warnings == [
        f"{path}:3: monster 'kobold' (Kobold) has no attack: an offense bonus reaches none "
        "of its rolls"
    ]
