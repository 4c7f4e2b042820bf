"""Everything the Consul can do, as small pure-data actions (the journal stores them as JSON).

`Action` is a union discriminated on `type`; `ACTION_ADAPTER` reads and writes it.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, NonNegativeInt, PositiveInt, TypeAdapter

from consul_app.rules.steps import StepKey

Target = Literal["boss", "mini-boss", "spawning-point", "monster"]
"""A tracked model: the dungeon boss, the mini-boss on the dungeon, a spawning point (`model`
and `tile` name it) or a monster in play (`model` is its id; `which` picks one already marked
with wounds or status effects, None a fresh one from the dungeon)."""
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


class EndGame(_Action):
    """The game ends before the boss is defeated: the heroes lost, or the Consul ends it."""

    type: Literal["end_game"] = "end_game"
    result: Literal["heroes-lost", "ended"]


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
    """Are any heroes on the tiles the boss sighting names? `reflected`: the tile each hero
    with Dark Reflection stands on (those tiles are affected too)."""

    type: Literal["answer_sighting"] = "answer_sighting"
    heroes_present: bool
    reflected: dict[str, PositiveInt] = {}


class CancelSighting(_Action):
    """A hero with Clever suffers a wound to cancel the boss sighting."""

    type: Literal["cancel_sighting"] = "cancel_sighting"
    hero: str


class _OnModel(_Action):
    """An action on one tracked model (see `Target`)."""

    target: Target = "boss"
    model: str | None = None
    tile: PositiveInt | None = None
    which: NonNegativeInt | None = None


class Wound(_OnModel):
    """A hit of `wounds` wounds, taken as a whole (thresholds are checked after it)."""

    type: Literal["wound"] = "wound"
    wounds: PositiveInt = 1


class Heal(_OnModel):
    type: Literal["heal"] = "heal"
    wounds: PositiveInt = 1


class AddStatus(_OnModel):
    type: Literal["add_status"] = "add_status"
    status: str


class RemoveStatus(_OnModel):
    type: Literal["remove_status"] = "remove_status"
    status: str


class Summon(_Action):
    """Models a fight card brings into play (counted up to the card's limit)."""

    type: Literal["summon"] = "summon"
    model: str
    count: PositiveInt = 1


class DestroySummoned(_Action):
    """Models a fight card summoned were destroyed."""

    type: Literal["destroy_summoned"] = "destroy_summoned"
    model: str
    count: PositiveInt = 1


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
    | EndGame
    | SpawnMiniBoss
    | DestroyMiniBoss
    | SpawnBoss
    | ChooseRelics
    | ChooseBonus
    | AnswerSighting
    | CancelSighting
    | Wound
    | Heal
    | AddStatus
    | RemoveStatus
    | Summon
    | DestroySummoned
    | AdvanceGauge,
    Field(discriminator="type"),
]

ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)
"""`ACTION_ADAPTER.dump_json(action)` / `ACTION_ADAPTER.validate_json(text)`."""
