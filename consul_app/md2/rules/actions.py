"""Everything the MD2 players can do at the dashboards, as small frozen actions (the journal
stores them as JSON, tagged by `type`)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from consul_app.base.tagged import tagged_reader
from consul_app.md2.content import ConstructKind, NoteLine, Tier
from consul_app.md2.rules.state import BombSize, Column, ExoPart, Hero, Slot, Zone

Payment = Literal["mana", "item", "gizmo", "exo-armor"]
"""What pays for a bomb, a part or a construct: Mana, a discarded item; a gizmo or an
Exo-Armor part are named so that the rules can refuse them."""
SkillName = Literal["constructs", "exo-armor", "blacksmith"]
PositiveInt = Annotated[int, msgspec.Meta(gt=0)]


class _Action(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True,
              tag_field="type"):
    pass


class StartTurn(_Action, tag="start_turn"):
    hero: Hero


class EndTurn(_Action, tag="end_turn"):
    pass


class StartEnemyPhase(_Action, tag="start_enemy_phase"):
    pass


class ExplodeBomb(_Action, tag="explode_bomb"):
    zone: Zone
    size: BombSize


class EndRound(_Action, tag="end_round"):
    pass


class StartTownPhase(_Action, tag="start_town_phase"):
    """Campaign mode: the quest is over; the Town Phase comes."""


class StartQuest(_Action, tag="start_quest"):
    """Campaign mode: leave the town for the next quest (round 1)."""


class ChangeMana(_Action, tag="change_mana"):
    hero: Hero
    by: int


class SetSkill(_Action, tag="set_skill"):
    skill: SkillName
    level: Annotated[int, msgspec.Meta(ge=0, le=5)]


class PlaceNote(_Action, tag="place_note"):
    line: NoteLine
    column: Column


class MoveNote(_Action, tag="move_note"):
    column: Column
    """The column of the note moved."""
    to_line: NoteLine
    to_column: Column


class EquipInstrument(_Action, tag="equip_instrument"):
    """Equip an instrument: an instrument id of the content, or with `bard_only` the name of
    any Bard-only card."""

    instrument: Zone
    bard_only: bool = False


class UnequipInstrument(_Action, tag="unequip_instrument"):
    instrument: Zone


class GainInstrument(_Action, tag="gain_instrument"):
    """Discard two items of `tier` to gain and equip its set-aside instrument."""

    tier: Tier


class LearnSong(_Action, tag="learn_song"):
    song: Zone


class PlaceBomb(_Action, tag="place_bomb"):
    size: BombSize
    zone: Zone
    pay: Payment
    mana: Annotated[int, msgspec.Meta(ge=0)] = 0
    """With `pay` "mana": how much the skill asks."""


class DrawGizmo(_Action, tag="draw_gizmo"):
    tier: Tier


class SpendGizmo(_Action, tag="spend_gizmo"):
    effect: Zone


class TradeGizmo(_Action, tag="trade_gizmo"):
    """Trade a gizmo at the Forge as an item of its tier (it goes back to the bag)."""

    tier: Tier


class EquipItem(_Action, tag="equip_item"):
    """The Tinkerer equips an item (`slot`) or puts it in the inventory (`slot` None)."""

    name: Zone
    slot: Slot | None = None


class DropItem(_Action, tag="drop_item"):
    name: Zone


class GainExoArmor(_Action, tag="gain_exo_armor"):
    part: ExoPart
    pay: Payment = "item"


class CreateConstruct(_Action, tag="create_construct"):
    construct: ConstructKind
    pay: Payment = "item"


class ActivateConstruct(_Action, tag="activate_construct"):
    construct: ConstructKind


class ConstructKill(_Action, tag="construct_kill"):
    """A construct killed an enemy: its XP goes to the Tinkerer."""

    construct: ConstructKind
    xp: PositiveInt


class ConstructKilled(_Action, tag="construct_killed"):
    construct: ConstructKind


Md2Action = (
    StartTurn | EndTurn | StartEnemyPhase | ExplodeBomb | EndRound | StartTownPhase
    | StartQuest | ChangeMana | SetSkill | PlaceNote | MoveNote | EquipInstrument
    | UnequipInstrument | GainInstrument | LearnSong | PlaceBomb | DrawGizmo | SpendGizmo
    | TradeGizmo | EquipItem | DropItem | GainExoArmor | CreateConstruct | ActivateConstruct
    | ConstructKill | ConstructKilled
)

_read = tagged_reader(Md2Action, "type")


def read_md2_action(data: Any) -> Md2Action:
    """An action from its JSON data; raises `msgspec.ValidationError` naming the field."""
    return _read(data)
