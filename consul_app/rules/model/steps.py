"""The steps the Consul must do now, stored in the state in rule order."""

from __future__ import annotations

from typing import Literal

import msgspec

from consul_app.content.models import SpawnBits

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
        "boss-sighting",
    }
)
"""Steps done by their own action (AdvanceChart, SpawnMiniBoss, SpawnBoss, ChooseRelics,
ChooseBonus, AnswerSighting) rather than by `ConfirmStep`."""


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
