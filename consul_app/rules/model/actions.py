"""Everything the Consul can do, as small pure-data actions (the journal stores them as JSON).

`Action` is a union tagged by `type` (msgspec): `read_action` reads one from a journal's JSON,
`action_data` writes it as the journal always held it.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

import msgspec

from consul_app.base.tagged import tagged_reader
from consul_app.rules.model.steps import StepKey

Target = Literal["boss", "mini-boss", "spawning-point", "monster"]
"""A tracked model: the dungeon boss (`model`: which boss of a fight with several, e.g. Mugg;
None: the setup's), the mini-boss on the dungeon, a spawning point (`model`
and `tile` name it; `which` one of a pair on one tile, see `GameState.standing_point`) or a
monster in play (`model` is its id; `which` picks one already marked with wounds or status
effects, None a fresh one from the dungeon)."""
PositiveInt = Annotated[int, msgspec.Meta(gt=0)]
NonNegativeInt = Annotated[int, msgspec.Meta(ge=0)]
Counts = Annotated[dict[str, PositiveInt], msgspec.Meta(min_length=1)]
"""Model id -> how many (at least one entry)."""


class _Action(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="type"):
    """An action: its `type` is its class's tag."""


class EndTurn(_Action, tag="end_turn"):
    """2.0: end the Consul turn (the power-up phase starts). FK: end the turn. 1.0: the round."""


class AdvanceChart(_Action, tag="advance_chart"):
    """Move the boss token (FK: the ladder) to `space`, the next one, and resolve it."""

    space: PositiveInt


class ConfirmStep(_Action, tag="confirm_step"):
    """The current step is done on the table."""

    step: StepKey


class Spawn(_Action, tag="spawn"):
    """Monsters leave the spawning pool for the dungeon (monster id -> count)."""

    monsters: Counts


class DestroyMonsters(_Action, tag="destroy_monsters"):
    """Monsters destroyed: they go back to the spawning pool (unmarked ones first)."""

    monsters: Counts


class DestroyMarked(_Action, tag="destroy_marked"):
    """One monster carrying wounds or status effects destroyed by key: the marked one `which`
    of its kind (`marked_monsters` order), its marks with it."""

    model: str
    which: NonNegativeInt


class DestroySpawningPoint(_Action, tag="destroy_spawning_point"):
    """`which`: one of a pair on one tile (see `GameState.standing_point`); None: the first
    standing one of that id on that tile (all journals held before pairs were told apart)."""

    spawning_point: str
    tile: PositiveInt
    which: NonNegativeInt | None = None


class EndGame(_Action, tag="end_game"):
    """The game ends before the boss is defeated: the heroes lost, or the Consul ends it."""

    result: Literal["heroes-lost", "ended"]


class DestroyHero(_Action, tag="destroy_hero"):
    """A hero was destroyed (rewards, 2.0 princess coins)."""


class SpawnMiniBoss(_Action, tag="spawn_mini_boss"):
    mini_boss: str


class DestroyMiniBoss(_Action, tag="destroy_mini_boss"):
    mini_boss: str


class SpawnBoss(_Action, tag="spawn_boss"):
    """The dungeon boss spawns (1.0: is summoned); `with_bosses`: the other boss cards its fight
    card brings with it (Mugg with Ugg), each with its own wounds. None: the boss alone (also
    every journal written before fights had several bosses: those replay as they were played)."""

    boss: str
    with_bosses: list[str] | None = None


class EquipRelics(_Action, tag="equip_relics"):
    """Relics the dungeon boss equips: up to one per spawning point left when it spawned. It
    gains their bonuses as if printed on its card, hearts too (its wound track and timeout)."""

    relics: list[str] = []


class ChooseRelics(_Action, tag="choose_relics"):
    """The same as written by Consul before relics' hearts counted: journals that hold it
    replay as they were played, on the boss's printed hearts (new games use `EquipRelics`)."""

    relics: list[str] = []


class ChooseBonus(_Action, tag="choose_bonus"):
    bonus: str


class AnswerSighting(_Action, tag="answer_sighting"):
    """Are any heroes on the tiles the boss sighting names? `reflected`: the tile each hero
    with Dark Reflection stands on (those tiles are affected too)."""

    heroes_present: bool
    reflected: dict[str, PositiveInt] = {}


class CancelSighting(_Action, tag="cancel_sighting"):
    """A hero with Clever suffers a wound to cancel the boss sighting."""

    hero: str


class _OnModel(_Action):
    """An action on one tracked model (see `Target`)."""

    target: Target = "boss"
    model: str | None = None
    tile: PositiveInt | None = None
    which: NonNegativeInt | None = None


class Wound(_OnModel, tag="wound"):
    """A hit of `wounds` wounds, taken as a whole (thresholds are checked after it)."""

    wounds: PositiveInt = 1


class Heal(_OnModel, tag="heal"):
    wounds: PositiveInt = 1


class AddStatus(_OnModel, tag="add_status", kw_only=True):
    status: str


class RemoveStatus(_OnModel, tag="remove_status", kw_only=True):
    status: str


class Summon(_Action, tag="summon"):
    """Models a fight card brings into play (counted up to the card's limit)."""

    model: str
    count: PositiveInt = 1


class DestroySummoned(_Action, tag="destroy_summoned"):
    """Models a fight card summoned were destroyed."""

    model: str
    count: PositiveInt = 1


class AdvanceGauge(_Action, tag="advance_gauge"):
    """SDE 1.0: wounds were inflicted; the power gauge's skull counter moves on."""

    squares: PositiveInt = 1


Action = (
    EndTurn
    | AdvanceChart
    | ConfirmStep
    | Spawn
    | DestroyMonsters
    | DestroyMarked
    | DestroySpawningPoint
    | DestroyHero
    | EndGame
    | SpawnMiniBoss
    | DestroyMiniBoss
    | SpawnBoss
    | ChooseRelics
    | EquipRelics
    | ChooseBonus
    | AnswerSighting
    | CancelSighting
    | Wound
    | Heal
    | AddStatus
    | RemoveStatus
    | Summon
    | DestroySummoned
    | AdvanceGauge
)


_read_action = tagged_reader(Action, "type")


def read_action(data: Any) -> Action:
    """The action a journal holds as JSON data; raises `msgspec.ValidationError` naming the
    field (`$.wounds`) when it is not one this Consul knows (strict: no coercion)."""
    return _read_action(data)  # type: ignore[no-any-return]


def _written(cls: type[_Action]) -> tuple[str, ...]:
    """The keys of an action as journals hold them: `type` after the fields of the class it
    extends (they were written in that order before msgspec, and old files stay the same)."""
    inherited = cls.__mro__[1].__struct_fields__
    return (*inherited, "type", *cls.__struct_fields__[len(inherited) :])


_KEYS: dict[type, tuple[str, ...]] = {cls: _written(cls) for cls in get_args(Action)}
_WHEN_SET: dict[type, frozenset[str]] = {
    DestroySpawningPoint: frozenset({"which"}),
    SpawnBoss: frozenset({"with_bosses"}),
}
"""Fields added since journals held the action: written only when set, so its old lines are
written again as they were."""


def action_data(action: Action) -> dict[str, Any]:
    """The action as JSON data for the journal (every field, defaults too, but for those in
    `_WHEN_SET`)."""
    data = msgspec.to_builtins(action)
    optional = _WHEN_SET.get(type(action), frozenset())
    return {
        key: data[key]
        for key in _KEYS[type(action)]
        if key not in optional or data[key] is not None
    }
