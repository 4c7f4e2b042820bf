"""Everything the Consul can do, as small pure-data actions (the journal stores them as JSON).

`Action` is a union discriminated on `type`; `ACTION_ADAPTER` reads and writes it.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, PositiveInt, TypeAdapter

from consul_app.rules.steps import StepKey

Target = Literal["boss", "mini-boss"]
Counts = dict[str, PositiveInt]


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class EndTurn(_Action):
    """2.0: end the Consul turn (the power-up phase starts). FK: end the turn. 1.0: the round."""

    type: Literal["end_turn"] = "end_turn"


class AdvanceChart(_Action):
    """Move the boss token (FK: the ladder) to `space`, the next one, and resolve it."""

    type: Literal["advance_chart"] = "advance_chart"
    space: PositiveInt


class ConfirmStep(_Action):
    """The current step is done on the table."""

    type: Literal["confirm_step"] = "confirm_step"
    step: StepKey


class Spawn(_Action):
    """Monsters leave the spawning pool for the dungeon (monster id -> count)."""

    type: Literal["spawn"] = "spawn"
    monsters: Counts = Field(min_length=1)


class DestroyMonsters(_Action):
    """Monsters destroyed: they go back to the spawning pool."""

    type: Literal["destroy_monsters"] = "destroy_monsters"
    monsters: Counts = Field(min_length=1)


class DestroySpawningPoint(_Action):
    type: Literal["destroy_spawning_point"] = "destroy_spawning_point"
    spawning_point: str
    tile: PositiveInt


class DestroyHero(_Action):
    type: Literal["destroy_hero"] = "destroy_hero"


class SpawnMiniBoss(_Action):
    type: Literal["spawn_mini_boss"] = "spawn_mini_boss"
    mini_boss: str


class DestroyMiniBoss(_Action):
    type: Literal["destroy_mini_boss"] = "destroy_mini_boss"
    mini_boss: str


class SpawnBoss(_Action):
    """The dungeon boss spawns (1.0: is summoned)."""

    type: Literal["spawn_boss"] = "spawn_boss"
    boss: str


class ChooseRelics(_Action):
    """Relics the dungeon boss equips: up to one per spawning point left when it spawned."""

    type: Literal["choose_relics"] = "choose_relics"
    relics: list[str] = []


class ChooseBonus(_Action):
    type: Literal["choose_bonus"] = "choose_bonus"
    bonus: str


class AnswerSighting(_Action):
    """Are any heroes on the tiles the boss sighting names?"""

    type: Literal["answer_sighting"] = "answer_sighting"
    heroes_present: bool


class Wound(_Action):
    type: Literal["wound"] = "wound"
    target: Target = "boss"
    wounds: PositiveInt = 1


class Heal(_Action):
    type: Literal["heal"] = "heal"
    target: Target = "boss"
    wounds: PositiveInt = 1


class AddStatus(_Action):
    type: Literal["add_status"] = "add_status"
    target: Target = "boss"
    status: str


class RemoveStatus(_Action):
    type: Literal["remove_status"] = "remove_status"
    target: Target = "boss"
    status: str


class AdvanceGauge(_Action):
    """SDE 1.0: wounds were inflicted; the power gauge's skull counter moves on."""

    type: Literal["advance_gauge"] = "advance_gauge"
    squares: PositiveInt = 1


Action = Annotated[
    EndTurn
    | AdvanceChart
    | ConfirmStep
    | Spawn
    | DestroyMonsters
    | DestroySpawningPoint
    | DestroyHero
    | SpawnMiniBoss
    | DestroyMiniBoss
    | SpawnBoss
    | ChooseRelics
    | ChooseBonus
    | AnswerSighting
    | Wound
    | Heal
    | AddStatus
    | RemoveStatus
    | AdvanceGauge,
    Field(discriminator="type"),
]

ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)
"""`ACTION_ADAPTER.dump_json(action)` / `ACTION_ADAPTER.validate_json(text)`."""
