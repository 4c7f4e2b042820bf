"""Keyword and ability names on cards, relics and bonuses must be known in their edition: a
misspelt name is an error with file, line and field, and the closest known name."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest

from consul_app.commands.cli import main
from consul_app.content import ContentError, Issue, load_pack
from consul_app.content.loader import load_dirs
from consul_app.content.name_checks import ENGINE_KEYWORDS

TROLL = """\
edition: sde2
monsters:
  - id: cave-troll
    name: Cave Troll
    rank: elite
    bits: 16-bit
    hearts: 4
    keywords: [$keywords]
    abilities: [$abilities]
"""
OWN = """\
edition: sde2
monsters:
  - {id: imp, name: Imp, rank: minion, bits: 8-bit, hearts: 1, keywords: ['$keyword']}
relics:
  - {id: crown, name: Crown, slot: Head, effect: Shiny., keywords: ['$keyword']}
bonuses:
  - {id: b-gain, name: Gain, ability: '$keyword', text: Monsters gain it.}
keywords:
  - {id: massive-damage, name: Massive Damage, text: Double wounds.}
  - {id: missile-6, name: Missile 6, text: Shoots far.}
abilities:
  - {id: boulder-toss, name: Boulder Toss, text: Throws a rock.}
status_effects:
  - {id: burn, name: Burn, text: Takes a wound.}
"""


def troll(folder: Path, keywords: str = "", abilities: str = "") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    text = TROLL.replace("$keywords", keywords).replace("$abilities", abilities)
    (folder / "troll.yaml").write_text(text, encoding="utf-8")
    return folder


def own(folder: Path, keyword: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "own.yaml").write_text(OWN.replace("$keyword", keyword), encoding="utf-8")
    return folder


def issues(*dirs: Path) -> list[Issue]:
    with pytest.raises(ContentError) as caught:
        load_dirs(dirs)
    return list(caught.value.issues)


def test_a_misspelt_keyword_on_a_bundled_edition_names_the_closest(tmp_path: Path) -> None:
    folder = troll(tmp_path / "mine", keywords="Masive Damage")
    with pytest.raises(ContentError) as caught:
        load_pack([folder], include_user=False)
    (issue,) = caught.value.issues
    assert issue.file.endswith("troll.yaml")
    assert (issue.line, issue.field) == (8, "monsters[0].keywords[0]")
    assert "unknown keyword 'Masive Damage' in sde2" in issue.message
    assert "did you mean 'Massive Damage'?" in issue.message
    assert "define it under keywords:" in issue.message


def test_a_misspelt_ability_names_the_closest(tmp_path: Path) -> None:
    (issue,) = issues(
        own(tmp_path / "own", "Mighty"), troll(tmp_path / "t", abilities="Bolder Toss")
    )
    assert (issue.line, issue.field) == (9, "monsters[0].abilities[0]")
    assert "unknown ability 'Bolder Toss' in sde2 (did you mean 'Boulder Toss'?)" in issue.message


def test_validate_exits_2_on_the_qa_example(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The report: `keywords: [Masive Damage]`, `abilities: [Bolder Toss]` gave Content OK."""
    folder = troll(tmp_path / "mine", keywords="Masive Damage", abilities="Bolder Toss")
    assert main(["validate", str(folder)]) == 2
    captured = capsys.readouterr()
    assert "Content OK" not in captured.out
    assert "troll.yaml:8: monsters[0].keywords[0]: unknown keyword 'Masive Damage'" in captured.err
    assert "troll.yaml:9: monsters[0].abilities[0]: unknown ability 'Bolder Toss'" in captured.err
    assert "2 problems found." in captured.err
    assert "Traceback" not in captured.err


def test_names_of_your_own_are_known_case_ignored(tmp_path: Path) -> None:
    pack = load_dirs([own(tmp_path / "own", "massive damage")]).edition("sde2")
    assert pack.monsters["imp"].keywords == ["massive damage"]


def test_relics_and_bonuses_are_checked_too(tmp_path: Path) -> None:
    found = issues(own(tmp_path / "own", "Masive Damage"))
    assert [i.field for i in found] == [
        "monsters[0].keywords[0]",
        "relics[0].keywords[0]",
        "bonuses[0].ability",
    ]
    assert "unknown keyword or ability 'Masive Damage'" in found[2].message


@pytest.mark.parametrize(
    "keyword",
    [
        "Forge Master",
        "Immune: Burn",
        "Immune: Status Effects",
        "Immune: Status Effects Except Burn",
        "Missile 7",
        "Missile (X)",
    ],
)
def test_engine_keywords_and_values_are_known(tmp_path: Path, keyword: str) -> None:
    """The engine applies these by name; a known keyword may carry another value."""
    assert load_dirs([own(tmp_path / "own", keyword)]).edition("sde2")


def test_a_bonus_may_give_an_ability(tmp_path: Path) -> None:
    folder = own(tmp_path / "own", "Mighty")
    text = OWN.replace("['$keyword']", "[Mighty]").replace("$keyword", "Boulder Toss")
    (folder / "own.yaml").write_text(text, encoding="utf-8")
    assert load_dirs([folder]).edition("sde2").bonuses["b-gain"].ability == "Boulder Toss"


@pytest.mark.parametrize(
    "keyword", ["Immune: Frost", "Immune: Status Effects Except Frost", "Misile 6"]
)
def test_near_misses_are_unknown(tmp_path: Path, keyword: str) -> None:
    found = issues(own(tmp_path / "own", keyword))
    assert len(found) == 3
    assert f"unknown keyword '{keyword}'" in found[0].message


def test_a_keyword_listed_as_an_ability_says_so(tmp_path: Path) -> None:
    (issue,) = issues(
        own(tmp_path / "own", "Mighty"), troll(tmp_path / "t", abilities="Massive Damage")
    )
    assert issue.message == (
        "'Massive Damage' is a keyword in sde2, not an ability: list it under keywords"
    )


def test_names_stay_within_their_edition(tmp_path: Path) -> None:
    folder = own(tmp_path / "own", "Mighty")
    (folder / "troll.yaml").write_text(
        TROLL.replace("sde2", "classic")
        .replace("$keywords", "Massive Damage")
        .replace("$abilities", ""),
        encoding="utf-8",
    )
    (issue,) = issues(folder)
    assert issue.message.startswith("unknown keyword 'Massive Damage' in classic")


def test_an_override_that_drops_a_keyword_reports_its_users(tmp_path: Path) -> None:
    """Names are checked after overrides: the entry replaced by another name is gone."""
    base = own(tmp_path / "base", "Massive Damage")
    later = tmp_path / "later"
    later.mkdir()
    (later / "k.yaml").write_text(
        "edition: sde2\nkeywords:\n  - {id: massive-damage, name: Huge Damage, text: Ouch.}\n",
        encoding="utf-8",
    )
    assert len(issues(base, later)) == 3


def _engine_names() -> set[str]:
    """Every keyword name the rules look for: `has_keyword(..., "Name")` and FIRST_TILE."""
    found: set[str] = set()
    for path in (Path(__file__).parents[2] / "consul_app" / "rules").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "has_keyword":
                name = node.args[1]
                if isinstance(name, ast.Constant):
                    found.add(name.value)
            if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "FIRST_TILE":
                found.update(k.value for k in node.value.keys)  # type: ignore[attr-defined]
    return found


def test_the_engine_keywords_are_those_the_rules_apply() -> None:
    """A keyword the engine applies is known in every edition, with or without an entry."""
    found = _engine_names()
    assert "Forge Master" in found and "Reserve" in found
    assert found == set(ENGINE_KEYWORDS), textwrap.shorten(str(found ^ set(ENGINE_KEYWORDS)), 200)
