"""`RULES_COVERAGE.md` maps every rule sentence of ../shared/rules/ to the tests that quote and
check it. This keeps the map honest: every sentence of the texts has a row (when the texts are
at hand), and every test a row names exists, belongs to the row's edition and quotes the
sentence in its docstring."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
COVERAGE = HERE / "RULES_COVERAGE.md"
RULES = HERE.parents[2] / "shared" / "rules"
TEXTS = {"M": "mighty-monster-chart.txt", "D": "dungeon-boss.txt"}
KINDS = ("test", "table-side", "flavour/no behaviour")
EDITION_FILES = {
    "FK": {"test_forgotten_king.py"},
    "1.0": {"test_classic.py"},
    "2.0": {
        "test_chart_sde2.py",
        "test_boss_sde2.py",
        "test_bonuses.py",
        "test_cards.py",
        "test_power_up_sde2.py",
        "test_setup.py",
        "test_relics.py",
    },
}

# Splitting the texts into sentences: wiki headings end in "[]"; a few lines are leftovers of
# the transcription; a list item ("- ...", "1. ...") is a sentence; a label ("BOSS SPAWN:")
# stays with its sentence.
LEFTOVERS = {"Advertisement", "Superdungeonexplore Wiki"}
SPLIT = re.compile(r"(?<!pg\.)(?<=[.!?)])\s+(?=[A-Z0-9(\"])")


def normal(text: str) -> str:
    for fancy, plain in (("\u2019", "'"), ("\u2018", "'"), ("\u201c", '"'), ("\u201d", '"')):
        text = text.replace(fancy, plain)
    return re.sub(r"\s+", " ", text.replace("\u2014", "-")).strip()


def sentences(text: str) -> list[tuple[str, str]]:
    """(section heading, sentence) in text order."""
    found: list[tuple[str, str]] = []
    section = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line in LEFTOVERS:
            continue
        if line.endswith("[]"):
            section = line[:-2]
            continue
        parts: list[str] = []
        for part in SPLIT.split(line):
            if parts and re.fullmatch(r"\d+\.|[A-Z ]+:", parts[-1]):
                parts[-1] += " " + part
            else:
                parts.append(part)
        found += [(section, normal(part)) for part in parts]
    return found


def core(sentence: str) -> str:
    """What a test must quote: the sentence without its list marker, label and end stop."""
    sentence = re.sub(r"^(- |\d+\. )", "", sentence)
    sentence = re.sub(r"^[A-Z ]+: ", "", sentence)
    return sentence.rstrip(".:")


class Row:
    def __init__(self, line: str) -> None:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        self.id, self.edition, self.sentence, self.coverage = cells
        self.kind = next((k for k in KINDS if self.coverage.startswith(k + ":")), None)
        self.tests = re.findall(r"`(test_\w+\.py)::(test_\w+)`", self.coverage)


@cache
def rows() -> list[Row]:
    lines = COVERAGE.read_text().splitlines()
    return [Row(line) for line in lines if re.match(r"\| [MDC]\d+ \|", line)]


@cache
def docstrings_in(folder: Path) -> dict[tuple[str, str], str]:
    """(file name, test name) -> the test's docstring, normalised, for the tests of `folder`."""
    docs = {}
    for path in folder.glob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                docs[(path.name, node.name)] = normal(ast.get_docstring(node) or "")
    return docs


def docstrings() -> dict[tuple[str, str], str]:
    return docstrings_in(HERE)


@pytest.mark.skipif(not RULES.is_dir(), reason="the rules texts (../shared/rules) are not here")
@pytest.mark.parametrize("prefix", sorted(TEXTS))
def test_every_sentence_of_the_texts_has_a_row(prefix: str) -> None:
    expected = [s for _, s in sentences((RULES / TEXTS[prefix]).read_text())]
    listed = [(r.id, r.sentence) for r in rows() if r.id.startswith(prefix)]
    assert listed == [(f"{prefix}{n}", s) for n, s in enumerate(expected, 1)]


def test_every_row_says_how_it_is_covered() -> None:
    assert rows()
    for row in rows():
        assert row.kind is not None, row.id
        assert row.edition in EDITION_FILES, row.id
        if row.kind == "flavour/no behaviour":
            assert len(row.coverage) > len(row.kind) + 10, f"{row.id}: say why"
        else:
            assert row.tests, f"{row.id}: name the test(s)"


def test_the_named_tests_exist_belong_to_the_edition_and_quote_the_sentence() -> None:
    docs = docstrings()
    problems = []
    for row in rows():
        for file, name in row.tests:
            if (file, name) not in docs:
                problems.append(f"{row.id}: no test {file}::{name}")
            elif row.id.startswith("C"):
                continue  # charts.md facts are paraphrased
            elif file not in EDITION_FILES[row.edition]:
                problems.append(f"{row.id}: {file} is not a {row.edition} test file")
            elif core(row.sentence) not in docs[(file, name)]:
                problems.append(f"{row.id}: {name} does not quote {core(row.sentence)!r}")
    assert not problems, "\n".join(problems)


def test_the_splitter_keeps_labels_numbers_and_page_references() -> None:
    text = "TIMEOUT[]\nBOSS SPAWN: Resolve it. (Aside.) Then (pg. 25) more.\n  1. Remove all."
    assert sentences(text) == [
        ("TIMEOUT", "BOSS SPAWN: Resolve it."),
        ("TIMEOUT", "(Aside.)"),
        ("TIMEOUT", "Then (pg. 25) more."),
        ("TIMEOUT", "1. Remove all."),
    ]
