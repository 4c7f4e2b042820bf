"""The `Immune:` keywords' grammar, read the same by the name checks and by the engine."""

from __future__ import annotations

import pytest

from consul_app.content.immunity import Immunity, immunity, keeps_off


@pytest.mark.parametrize(
    ("keyword", "read"),
    [
        ("Immune: Poison", Immunity("poison")),
        ("immune: status effects", Immunity(None)),
        ("Immune: Status Effects Except Fire", Immunity(None, "fire")),
        ("Immunity", None),
        ("Massive Damage", None),
    ],
)
def test_what_an_immune_keyword_names(keyword: str, read: Immunity | None) -> None:
    assert immunity(keyword) == read


def test_what_each_keeps_off() -> None:
    """ "This model is never affected by the named status effect; any token it gets is removed
    at once." (the keyword's text, in our words)"""
    assert keeps_off("Immune: Poison", "Poison") and not keeps_off("Immune: Poison", "Fire")
    assert keeps_off("Immune: Status Effects", "Fire")
    assert keeps_off("Immune: Status Effects Except Fire", "Poison")
    assert not keeps_off("Immune: Status Effects Except Fire", "Fire")
    assert not keeps_off("Mighty", "Poison")
