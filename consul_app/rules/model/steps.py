"""The steps the Consul must do now, stored in the state in rule order, and where each step is
defined: its `StepDef`, in the handler module of its rule (`STEP_RULES`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Literal

import msgspec

from consul_app.content.models import SpawnBits

if TYPE_CHECKING:
    from consul_app.content.pack import EditionPack
    from consul_app.rules.model.actions import Action
    from consul_app.rules.model.state import GameState

StepKey = Literal[
    "rewards",
    "princess-coins",
    "equipment",
    "advance-chart",
    "spawn",
    "mini-boss",
    "mini-boss-refresh",
    "boss-spawn",
    "remove-spawning-points",
    "relics",
    "boss-spawn-effects",
    "bonuses",
    "choose-bonus",
    "boss-sighting",
    "sighting-effects",
    "timeout-heal-hero",
    "timeout-immune",
    "timeout-status",
    "timeout-heal-boss",
    "timeout-effects",
    "timeout-spawn",
    "timeout-move",
    "timeout-resummon",
    "timeout-summons",
    "timeout-mini-boss",
]

ANSWERED: frozenset[str] = frozenset(
    {
        "advance-chart",
        "mini-boss",
        "timeout-mini-boss",
        "boss-spawn",
        "relics",
        "choose-bonus",
    }
)
"""Steps done by their own action (AdvanceChart, SpawnMiniBoss, SpawnBoss, ChooseRelics,
ChooseBonus) rather than by `ConfirmStep`; so is a step whose `StepDef` has an `answer`."""


class StepState(msgspec.Struct, forbid_unknown_fields=True):
    """One step to do. Fields beyond `key` and `done` are used by some keys only."""

    key: StepKey
    done: bool = False
    space: int | None = None
    budget: int | None = None
    bits: list[SpawnBits] = []
    spent: int = 0
    tiles: list[int] = []
    options: list[str] = []
    summons: dict[str, int] = {}
    auto: bool = False


@dataclass(frozen=True)
class Choice:
    """One option of a decision."""

    id: str
    name: str
    note: str = ""


StepText = Callable[["EditionPack", "GameState", StepState], str]


@dataclass(frozen=True)
class StepDef:
    """A step's one definition, kept in the handler module of its rule (`STEP_RULES`): its key;
    its title (an edition may name it its own way: `Edition.step_titles`); the rule text the
    screen shows (`text`); what confirming it changes (`confirm`; None: it reminds the Consul
    of something done at the table); for a decision, its choices (`choices`) and the action
    that answers it with the ids taken (`answer`, given the Dark Reflection heroes' tiles too);
    `announced`: the screen tells it as a notice when it comes (it changes the board there);
    `card_section`: the fight card's section it resolves, and how the boss card marks it."""

    key: StepKey
    title: str
    text: StepText
    confirm: Callable[[EditionPack, GameState, StepState], None] | None = None
    choices: Callable[[EditionPack, GameState, StepState], list[Choice]] | None = None
    answer: Callable[[list[str], dict[str, int]], Action] | None = None
    announced: bool = False
    card_section: tuple[str, str] | None = None


STEP_RULES: dict[str, str] = {
    "rewards": "rewards",
    "princess-coins": "rewards",
    "equipment": "rewards",
    "boss-sighting": "boss_sighting",
    "sighting-effects": "boss_sighting",
}
"""Step key -> the handler module (`consul_app.rules.handlers.<module>`) whose `STEPS` define
it. A step not listed here is still defined in the tables of `views.prompts`, `confirm` and
`views.rule_texts` (being moved to its rule's module one rule at a time)."""


def step_def(key: str) -> StepDef | None:
    """The definition of a step, from its rule's module (imported on first use: the rule
    modules import this one)."""
    module = STEP_RULES.get(key)
    if module is None:
        return None
    steps: dict[str, StepDef] = import_module(f"consul_app.rules.handlers.{module}").STEPS
    return steps[key]
