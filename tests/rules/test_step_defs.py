"""Each step has one definition (issue 24): a step moved to its rule's module (`STEP_RULES`)
is defined there and nowhere else; every other step still has its title in the old table."""

from __future__ import annotations

from typing import get_args

from consul_app.rules.model.steps import STEP_RULES, StepKey, step_def
from consul_app.rules.views import rule_texts


def test_each_step_is_defined_in_one_place() -> None:
    keys = set(get_args(StepKey))
    assert set(STEP_RULES) <= keys
    for key in keys:
        defined = step_def(key)
        if key in STEP_RULES:
            assert defined is not None and defined.key == key
            assert key not in rule_texts.STEP_TITLES
        else:
            assert defined is None and key in rule_texts.STEP_TITLES


def test_a_step_is_found_by_its_rules_name() -> None:
    """The boss sighting's steps are in the boss sighting's module."""
    assert STEP_RULES["boss-sighting"] == STEP_RULES["sighting-effects"] == "boss_sighting"
    defined = step_def("boss-sighting")
    assert defined is not None and defined.answer is not None
    assert defined.text.__module__ == "consul_app.rules.handlers.boss_sighting"
