"""The steps the Consul must do now, stored in the state in rule order, and where each step is
defined: its `StepDef`, in the handler module of its rule (`STEP_RULES`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
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
StepEffect = Callable[["EditionPack", "GameState", StepState], None]
StepChoices = Callable[["EditionPack", "GameState", StepState], list[Choice]]
StepAction = Callable[["EditionPack", "GameState", StepState], "Action | None"]


@dataclass(frozen=True)
class StepDef:
    """A step's one definition, kept in the handler module of its rule (`STEP_RULES`).

    `key`; `title` (an edition may name it its own way: `Edition.step_titles`), with
    `title_note` after it when that says something (": none left to spawn"); the rule text the
    screen shows (`text`); what confirming it changes (`confirm`; None: it reminds the Consul
    of something done at the table). A step done by its own action rather than `ConfirmStep`
    has `action` (what Enter dispatches; None: the Consul must choose) or, for a decision,
    `choices` and `answer` (the action that answers it with the ids taken, given the Dark
    Reflection heroes' tiles too): exactly one id, or up to `limit(state)` of them.
    `spawns`: the Consul spawns from the pool during it; `card_models`: it resolves fight card
    effects, so the models the card brings (`Summon`) may come during it; `in_a_dialog`: the
    screen confirms it in a dialog that shows its text (it interrupts the usual flow);
    `announced`: the screen tells it as a notice when it comes (it changes the board there);
    `card_section`: the fight card's section it resolves, and how the boss card marks it."""

    key: StepKey
    title: str
    text: StepText
    confirm: StepEffect | None = None
    action: StepAction | None = None
    choices: StepChoices | None = None
    answer: Callable[[list[str], dict[str, int]], Action] | None = None
    limit: Callable[[GameState], int | None] | None = None
    spawns: bool = False
    card_models: bool = False
    in_a_dialog: bool = False
    announced: bool = False
    card_section: tuple[str, str] | None = None
    title_note: Callable[[StepState], str | None] | None = None

    @property
    def confirmed(self) -> bool:
        """Done by `ConfirmStep` (not by an action of its own, nor by an answer)."""
        return self.action is None and self.answer is None


STEP_RULES: dict[str, str] = {
    "rewards": "rewards",
    "princess-coins": "rewards",
    "equipment": "rewards",
    "advance-chart": "advance",
    "spawn": "spawning",
    "mini-boss": "mini_boss",
    "mini-boss-refresh": "mini_boss",
    "boss-spawn": "boss_spawn",
    "remove-spawning-points": "boss_spawn",
    "relics": "boss_spawn",
    "boss-spawn-effects": "boss_spawn",
    "bonuses": "bonuses",
    "choose-bonus": "bonuses",
    "boss-sighting": "boss_sighting",
    "sighting-effects": "boss_sighting",
    "timeout-heal-hero": "timeout",
    "timeout-immune": "timeout",
    "timeout-status": "timeout",
    "timeout-heal-boss": "timeout",
    "timeout-effects": "timeout",
    "timeout-spawn": "timeout",
    "timeout-move": "timeout",
    "timeout-resummon": "timeout",
    "timeout-summons": "timeout",
    "timeout-mini-boss": "timeout",
}
"""Step key -> the handler module (`consul_app.rules.handlers.<module>`, named by the rulebook)
whose `STEPS` define it: every step, and nowhere else."""


@cache
def step_def(key: str) -> StepDef:
    """The definition of a step, from its rule's module (imported on first use: the rule
    modules import this one; then kept, as the screen asks for each step at every key).
    KeyError for a key no rule defines."""
    steps: dict[str, StepDef] = import_module(f"consul_app.rules.handlers.{STEP_RULES[key]}").STEPS
    return steps[key]
