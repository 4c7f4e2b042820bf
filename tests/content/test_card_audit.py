"""Issue 23: every card as printed. The machine audit (`card_audit`) compares every action,
keyword and ability of every card of every edition (and of every relic on its boss) with the
reference row of that card: cost and what pays it, roll or none and its stat, range, area and
the dice of the Explore wording. It finds nothing, and it names a planted mistake."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from msgspec import structs

from consul_app.content.loader import load_dirs
from consul_app.content.pack import ContentPack

from .card_audit import Audit, audit
from .test_own_words import reference_dir

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = reference_dir()
pytestmark = pytest.mark.skipif(REFERENCE is None, reason="the reference is not beside the clone")


@pytest.fixture(scope="module")
def pack() -> ContentPack:
    return load_dirs([ROOT / "data"])


@pytest.fixture(scope="module")
def audited(pack: ContentPack) -> Audit:
    """The audit of the bundled cards, made once for the tests that read it."""
    assert REFERENCE is not None
    return audit(pack, REFERENCE)


def test_every_card_matches_the_reference_row_of_that_card(audited: Audit) -> None:
    result = audited
    assert result.checked > 1500  # every edition's cards were reached
    assert result.mismatches == []


def test_the_audit_names_each_number_that_differs(pack: ContentPack) -> None:
    """Planted: the boss's Pile-On (+1R) on the monsters, Soul Jar paid with AP."""
    assert REFERENCE is not None
    sde2 = pack.edition("sde2")
    keywords = dict(sde2.keywords)
    boss_text = "+1R STR on a Knockdown target."
    keywords["pile-on"] = structs.replace(keywords["pile-on"], text=boss_text)
    abilities = dict(sde2.abilities)
    abilities["soul-jar"] = structs.replace(abilities["soul-jar"], potion=False)
    planted = structs.replace(sde2, keywords=keywords, abilities=abilities)
    found = audit(structs.replace(pack, editions={"sde2": planted}), REFERENCE).mismatches
    assert "sde2 nether-wyrmling Pile-On: dice app=1R reference=1B" in found
    assert "sde2 black-handed-henry Soul Jar: cost app=1 AP reference=1 Potion" in found


def test_the_rows_the_reference_leaves_ambiguous_are_in_the_readme(audited: Audit) -> None:
    """Where one card's file has two Explore rows of a name that differ, README's "Where the
    rules leave room" says which reading Consul uses."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Where the rules leave room", 1)[1].split("\n### ", 1)[0]
    lines = audited.ambiguous
    names = {m.group(1) for line in lines if (m := re.match(r"\S+ \S+ (.+?): ", line))}
    assert names
    assert sorted(n for n in names if n not in section) == []
