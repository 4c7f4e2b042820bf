"""`RULES_COVERAGE.md` maps every sentence of ../shared/rules/md2-bards-tinkerers.txt to the
tests that quote and check it (split as the SDE texts are); this keeps the map honest."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from tests.rules.test_rules_coverage import KINDS, core, docstrings_in, sentences

HERE = Path(__file__).resolve().parent
COVERAGE = HERE / "RULES_COVERAGE.md"
TEXT = HERE.parents[2] / "shared" / "rules" / "md2-bards-tinkerers.txt"


@cache
def rows() -> list[tuple[str, str, str]]:
    found = []
    for line in COVERAGE.read_text().splitlines():
        if re.match(r"\| B\d+ \|", line):
            number, sentence, coverage = (c.strip() for c in line.strip().strip("|").split("|"))
            found.append((number, sentence, coverage))
    return found


@pytest.mark.skipif(not TEXT.is_file(), reason="the rules texts (../shared/rules) are not here")
def test_every_sentence_of_the_text_has_a_row() -> None:
    expected = [s.replace("|", "/") for _, s in sentences(TEXT.read_text())]
    assert [(n, s) for n, s, _ in rows()] == [
        (f"B{i}", s) for i, s in enumerate(expected, 1)
    ]


def test_every_row_says_how_and_the_named_tests_quote_it() -> None:
    docs = docstrings_in(HERE)
    problems = []
    for number, sentence, coverage in rows():
        kind = next((k for k in KINDS if coverage.startswith(k + ":")), None)
        if kind is None:
            problems.append(f"{number}: no coverage kind")
            continue
        if kind != "test":
            if len(coverage) < len(kind) + 10:
                problems.append(f"{number}: say why")
            continue
        tests = re.findall(r"`(test_\w+\.py)::(test_\w+)`", coverage)
        if not tests:
            problems.append(f"{number}: name the test(s)")
        for file, name in tests:
            if (file, name) not in docs:
                problems.append(f"{number}: no test {file}::{name}")
            elif core(sentence) not in docs[(file, name)]:
                problems.append(f"{number}: {name} does not quote {core(sentence)!r}")
    assert not problems, "\n".join(problems)
