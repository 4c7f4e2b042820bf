"""Each step has one definition (issue 24): its `StepDef`, in the handler module named after its
rule (`STEP_RULES`), and nowhere else: no table of titles, texts, effects, card sections or
dialogs keyed by step outside it, and no fallback to one."""

from __future__ import annotations

import ast
import pkgutil
from importlib import import_module
from pathlib import Path
from typing import get_args

import pytest

import consul_app
from consul_app.rules import handlers
from consul_app.rules.model.steps import STEP_RULES, StepDef, StepKey, step_def

ROOT = Path(consul_app.__file__).parent
KEYS = set(get_args(StepKey))


def _defined_steps() -> dict[str, list[str]]:
    """Step key -> every handler module whose `STEPS` define it."""
    found: dict[str, list[str]] = {}
    for module in pkgutil.iter_modules(handlers.__path__):
        steps = getattr(import_module(f"{handlers.__name__}.{module.name}"), "STEPS", {})
        for key, defined in steps.items():
            assert isinstance(defined, StepDef) and defined.key == key
            found.setdefault(key, []).append(module.name)
    return found


def _keys_in_source() -> set[str]:
    """Every step key the code makes a step of (`StepState(key="...")`): the editions' step
    lists, the chart's spaces, the sighting, the timeout."""
    keys = set()
    for path in ROOT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and ast.unparse(node.func) == "StepState":
                for word in node.keywords:
                    if word.arg == "key" and isinstance(word.value, ast.Constant):
                        keys.add(word.value.value)
    return keys


def test_every_step_has_exactly_one_definition_in_its_rules_module() -> None:
    defined = _defined_steps()
    assert set(STEP_RULES) == KEYS == set(defined)
    assert {key: where for key, where in defined.items() if len(where) != 1} == {}
    assert {key: where[0] for key, where in defined.items()} == STEP_RULES
    for key in KEYS:
        assert step_def(key).key == key


def test_every_step_key_the_editions_use_resolves() -> None:
    """The three editions' steps (and the chart's, the sighting's, the timeout's) are all
    defined: a key made anywhere is a `StepKey` with its `StepDef`."""
    used = _keys_in_source()
    assert len(used) > 20
    assert used <= KEYS
    for key in used:
        assert step_def(key).key == key


def test_there_is_no_fallback() -> None:
    """A key no rule defines is an error, not a step from another table."""
    with pytest.raises(KeyError):
        step_def("no-such-step")


OLD_TABLES = {
    "rules/views/rule_texts.py": "STEP_TITLES",
    "rules/views/prompts.py": ("_TEXTS", "_CARD", "SPAWNING_STEPS", "_action", "_choices"),
    "rules/confirm.py": "_EFFECTS",
    "rules/model/steps.py": "ANSWERED",
    "tui/screens/table.py": "CONFIRM_IN_A_DIALOG",
    "rules/handlers/summons.py": "SUMMONING_STEPS",
    "rules/handlers/spawning.py": "BUDGET_STEPS",
}
"""The tables that defined a step's parts before its `StepDef` did."""


def test_the_old_step_tables_are_gone() -> None:
    for path, names in OLD_TABLES.items():
        tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
        defined = {
            target.id
            for node in ast.walk(tree)
            if isinstance(node, (ast.Assign, ast.AnnAssign))
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
            if isinstance(target, ast.Name)
        } | {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
        assert defined.isdisjoint({names} if isinstance(names, str) else set(names)), path


@pytest.mark.parametrize(
    ("key", "module"),
    [
        ("boss-sighting", "boss_sighting"),
        ("sighting-effects", "boss_sighting"),
        ("timeout-heal-boss", "timeout"),
        ("timeout-mini-boss", "timeout"),
        ("timeout-summons", "timeout"),
        ("mini-boss-refresh", "mini_boss"),
        ("spawn", "spawning"),
        ("choose-bonus", "bonuses"),
        ("relics", "boss_spawn"),
        ("advance-chart", "advance"),
        ("rewards", "rewards"),
    ],
)
def test_a_step_is_found_by_its_rules_name(key: str, module: str) -> None:
    """Its text, what confirming it does and how it is answered are in its rule's module."""
    defined = step_def(key)
    assert STEP_RULES[key] == module
    for part in (defined.text, defined.confirm, defined.answer, defined.choices):
        if part is not None and part.__name__ != "<lambda>":
            assert part.__module__.startswith("consul_app.rules.handlers."), (key, part)
    assert defined.text.__module__ == f"consul_app.rules.handlers.{module}"


def test_what_the_screen_asks_of_a_step_comes_from_its_definition() -> None:
    """The table confirms the refreshed mini-boss in a dialog because its definition says so;
    the steps that spawn from the pool, those during which the fight card's models come, and
    the fight card's sections are theirs too."""
    assert [k for k in sorted(KEYS) if step_def(k).in_a_dialog] == ["mini-boss-refresh"]
    assert [k for k in sorted(KEYS) if step_def(k).spawns] == [
        "spawn",
        "timeout-spawn",
        "timeout-summons",
    ]
    assert [k for k in sorted(KEYS) if step_def(k).card_models] == [
        "boss-spawn-effects",
        "sighting-effects",
        "timeout-effects",
    ]
    assert {k: step_def(k).card_section for k in sorted(KEYS) if step_def(k).card_section} == {
        "boss-spawn-effects": ("boss_spawn", "resolve NOW"),
        "sighting-effects": ("timeout", "NOW on the sighted tiles"),
        "timeout-effects": ("timeout", "resolve NOW"),
        "timeout-mini-boss": ("timeout", "resolve NOW"),
    }
    answered = {k for k in KEYS if not step_def(k).confirmed}
    assert answered == {
        "advance-chart",
        "mini-boss",
        "timeout-mini-boss",
        "boss-spawn",
        "relics",
        "choose-bonus",
        "boss-sighting",
    }
