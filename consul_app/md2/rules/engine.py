"""`apply`: the one way an MD2 game changes, and `label`: what each action is called in the
log. Pure: a new state is returned, the input is untouched."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from consul_app.md2.content import Md2Content
from consul_app.md2.rules import actions as a
from consul_app.md2.rules import bard as b
from consul_app.md2.rules import rounds as r
from consul_app.md2.rules import tinkerer as t
from consul_app.md2.rules.errors import RuleError
from consul_app.md2.rules.labels import label
from consul_app.md2.rules.state import (
    HERO_NAMES,
    BardState,
    Md2Setup,
    Md2State,
    TinkererState,
)

__all__ = ["apply", "label", "new_game"]


def new_game(setup: Md2Setup, content: Md2Content) -> Md2State:
    """Round 1, hero phase, each chosen hero's dashboard as the setup places it."""
    return Md2State(
        setup=setup,
        bard=b.new_bard(content) if "bard" in setup.heroes else None,
        tinkerer=TinkererState() if "tinkerer" in setup.heroes else None,
    )


def apply(content: Md2Content, state: Md2State, action: a.Md2Action) -> Md2State:
    """The state after `action`; raises `RuleError` (with a reason) if the rules forbid it."""
    return _HANDLERS[type(action)](content, state, action)


def _bard_turn(change: Callable[..., BardState], *, content: bool = False) -> Callable:
    def handle(c: Md2Content, state: Md2State, action: Any) -> Md2State:
        bard = b.require_bards_turn(state)
        return replace(state, bard=change(c, bard, action) if content else change(bard, action))

    return handle


def _bard(change: Callable[..., BardState], *, content: bool = False) -> Callable:
    def handle(c: Md2Content, state: Md2State, action: Any) -> Md2State:
        if state.bard is None:
            raise RuleError("No Bard is playing")
        bard = state.bard
        return replace(state, bard=change(c, bard, action) if content else change(bard, action))

    return handle


def _tinkerer(
    change: Callable[..., TinkererState], *, turn: bool = False, content: bool = False
) -> Callable:
    def handle(c: Md2Content, state: Md2State, action: Any) -> Md2State:
        tinkerer = t.require_tinkerers_turn(state) if turn else t.require_tinkerer(state)
        new = change(c, tinkerer, action) if content else change(tinkerer, action)
        return replace(state, tinkerer=new)

    return handle


def _change_mana(_: Md2Content, state: Md2State, action: a.ChangeMana) -> Md2State:
    dashboard = getattr(state, action.hero)
    if dashboard is None:
        raise RuleError(f"The {HERO_NAMES[action.hero]} is not playing")
    mana = dashboard.mana + action.by
    if mana < 0:
        raise RuleError(f"The {HERO_NAMES[action.hero]} has {dashboard.mana} Mana")
    return replace(state, **{action.hero: replace(dashboard, mana=mana)})


def _set_skill(_: Md2Content, state: Md2State, action: a.SetSkill) -> Md2State:
    tinkerer = t.require_tinkerer(state)
    skills = dict(tinkerer.skills)
    skills[action.skill] = action.level
    if action.skill == "constructs" and len(tinkerer.constructs) > action.level:
        raise RuleError(f"{len(tinkerer.constructs)} constructs are in play")
    return replace(state, tinkerer=replace(tinkerer, skills=tuple(sorted(skills.items()))))


def _plain(change: Callable[..., Md2State]) -> Callable:
    return lambda _c, state, action: change(state, action)


def _bare(change: Callable[[Md2State], Md2State]) -> Callable:
    return lambda _c, state, _a: change(state)


_HANDLERS: dict[type, Callable[[Md2Content, Md2State, Any], Md2State]] = {
    a.StartTurn: _plain(r.start_turn),
    a.EndTurn: _bare(r.end_turn),
    a.StartEnemyPhase: _bare(r.start_enemy_phase),
    a.ExplodeBomb: _plain(t.explode),
    a.EndRound: _bare(r.end_round),
    a.StartTownPhase: _bare(r.start_town_phase),
    a.StartQuest: _bare(r.start_quest),
    a.ChangeMana: _change_mana,
    a.SetSkill: _set_skill,
    a.PlaceNote: _bard_turn(b.place_note),
    a.MoveNote: _bard_turn(b.move_note),
    a.EquipInstrument: _bard(b.equip_instrument, content=True),
    a.UnequipInstrument: _bard(b.unequip_instrument),
    a.GainInstrument: _bard_turn(b.gain_instrument, content=True),
    a.LearnSong: _bard(b.learn_song, content=True),
    a.PlaceBomb: _tinkerer(t.place_bomb, turn=True),
    a.DrawGizmo: _tinkerer(t.draw_gizmo),
    a.SpendGizmo: _tinkerer(t.spend_gizmo, content=True),
    a.TradeGizmo: _tinkerer(t.trade_gizmo),
    a.EquipItem: _tinkerer(t.equip_item),
    a.DropItem: _tinkerer(t.drop_item),
    a.GainExoArmor: _tinkerer(t.gain_exo_armor, turn=True),
    a.CreateConstruct: _tinkerer(t.create_construct, turn=True),
    a.ActivateConstruct: _tinkerer(t.activate_construct, turn=True),
    a.ConstructKill: _tinkerer(t.construct_kill),
    a.ConstructKilled: _tinkerer(t.construct_killed),
}
