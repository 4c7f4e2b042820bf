"""The Tinkerer: bombs, gizmos, Exo-Armor and constructs."""

from __future__ import annotations

from msgspec.structs import replace

from consul_app.md2.content import Md2Content
from consul_app.md2.rules import actions as a
from consul_app.md2.rules.errors import RuleError
from consul_app.md2.rules.state import ExoPart, Item, Md2State, PlacedBomb, Slot, TinkererState

EXO_COVERS: dict[ExoPart, tuple[Slot, ...]] = {
    "upper": ("hand",),
    "lower": ("head", "torso", "legs", "misc"),
}
"""The slots each Exo-Armor part is placed over (the upper part also over the Hero card)."""
EXO_NAMES: dict[ExoPart, str] = {"upper": "Upper part", "lower": "Lower part"}


def require_tinkerers_turn(state: Md2State) -> TinkererState:
    tinkerer = require_tinkerer(state)
    if state.turn != "tinkerer":
        raise RuleError("Only during the Tinkerer's turn")
    return tinkerer


def require_tinkerer(state: Md2State) -> TinkererState:
    if state.tinkerer is None:
        raise RuleError("No Tinkerer is playing")
    return state.tinkerer


def discard_for(pay: a.Payment, what: str) -> None:
    """Refuse what the rules do not let the Tinkerer discard."""
    if pay == "gizmo":
        raise RuleError(f"A Gizmo cannot be the discarded item ({what})")
    if pay == "exo-armor":
        raise RuleError("Exo-Armor parts cannot be discarded")


def place_bomb(tinkerer: TinkererState, action: a.PlaceBomb) -> TinkererState:
    discard_for(action.pay, "placing a bomb")
    left = tinkerer.small_bombs if action.size == "small" else tinkerer.large_bombs
    if left == 0:
        raise RuleError(f"No {action.size} bomb is left in the pool")
    mana = tinkerer.mana
    if action.pay == "mana":
        if action.mana == 0:
            raise RuleError("Say how much Mana the skill asks")
        if mana < action.mana:
            raise RuleError(f"The bomb costs {action.mana} Mana; the Tinkerer has {mana}")
        mana -= action.mana
    bomb = PlacedBomb(size=action.size, zone=action.zone.strip())
    pool = {f"{action.size}_bombs": left - 1}
    return replace(tinkerer, mana=mana, placed=(*tinkerer.placed, bomb), **pool)


def explode(state: Md2State, action: a.ExplodeBomb) -> Md2State:
    """Resolve one placed bomb: every bomb of a zone before the next zone."""
    bomb = PlacedBomb(size=action.size, zone=action.zone)
    if bomb not in state.exploding:
        raise RuleError(f"No {action.size} bomb waits to explode in {action.zone}")
    if state.zone is not None and state.zone != bomb.zone:
        raise RuleError(f"Resolve every bomb in {state.zone} before the next zone")
    left = list(state.exploding)
    left.remove(bomb)
    tinkerer = require_tinkerer(state)
    pool = {f"{bomb.size}_bombs": getattr(tinkerer, f"{bomb.size}_bombs") + 1}
    zone_left = any(b.zone == bomb.zone for b in left)
    return replace(
        state,
        exploding=tuple(left),
        zone=bomb.zone if zone_left else None,
        tinkerer=replace(tinkerer, **pool),
    )


def draw_gizmo(tinkerer: TinkererState, action: a.DrawGizmo) -> TinkererState:
    return replace(tinkerer, gizmos=(*tinkerer.gizmos, action.tier))


def spend_gizmo(
    content: Md2Content, tinkerer: TinkererState, action: a.SpendGizmo
) -> TinkererState:
    effect = content.gizmo_effects.get(action.effect)
    if effect is None:
        raise RuleError(f"No gizmo effect is called {action.effect}")
    if action.effect in tinkerer.used_effects:
        raise RuleError(f"{effect.name} was used this round already (once per round)")
    if effect.tier not in tinkerer.gizmos:
        raise RuleError(f"{effect.name} needs a {effect.tier} gizmo; the Tinkerer holds none")
    return replace(
        tinkerer,
        gizmos=_without(tinkerer.gizmos, effect.tier),
        used_effects=(*tinkerer.used_effects, action.effect),
    )


def trade_gizmo(tinkerer: TinkererState, action: a.TradeGizmo) -> TinkererState:
    if action.tier not in tinkerer.gizmos:
        raise RuleError(f"The Tinkerer holds no {action.tier} gizmo")
    return replace(tinkerer, gizmos=_without(tinkerer.gizmos, action.tier))


def _without(held: tuple[str, ...], one: str) -> tuple:
    left = list(held)
    left.remove(one)
    return tuple(left)


def equip_item(tinkerer: TinkererState, action: a.EquipItem) -> TinkererState:
    for part in tinkerer.exo_armor:
        if action.slot in EXO_COVERS[part]:
            raise RuleError(f"The Exo-Armor {EXO_NAMES[part]} covers the {action.slot} slots")
    items = tuple(i for i in tinkerer.items if i.name != action.name)
    return replace(tinkerer, items=(*items, Item(name=action.name, slot=action.slot)))


def drop_item(tinkerer: TinkererState, action: a.DropItem) -> TinkererState:
    if all(i.name != action.name for i in tinkerer.items):
        raise RuleError(f"The Tinkerer has no {action.name}")
    return replace(tinkerer, items=tuple(i for i in tinkerer.items if i.name != action.name))


def gain_exo_armor(tinkerer: TinkererState, action: a.GainExoArmor) -> TinkererState:
    """Gain and equip a part: the items on the slots it covers go to the inventory."""
    if tinkerer.skill("exo-armor") == 0:
        raise RuleError("Only with the Exo-Armor skill")
    discard_for(action.pay, "gaining the Exo-Armor")
    if action.pay == "mana":
        raise RuleError("The Exo-Armor is gained by discarding items")
    if action.part in tinkerer.exo_armor:
        raise RuleError(f"The Exo-Armor {EXO_NAMES[action.part]} is equipped already")
    covered = EXO_COVERS[action.part]
    items = tuple(replace(i, slot=None) if i.slot in covered else i for i in tinkerer.items)
    return replace(tinkerer, items=items, exo_armor=(*tinkerer.exo_armor, action.part))


def create_construct(tinkerer: TinkererState, action: a.CreateConstruct) -> TinkererState:
    discard_for(action.pay, "creating a construct")
    level = tinkerer.skill("constructs")
    if action.construct in tinkerer.constructs:
        raise RuleError(f"There is only one {action.construct.title()}, and it is in play")
    if len(tinkerer.constructs) >= level:
        raise RuleError(
            f"The Constructs skill at level {level} allows {level} construct"
            f"{'' if level == 1 else 's'}"
        )
    return replace(tinkerer, constructs=(*tinkerer.constructs, action.construct))


def activate_construct(
    tinkerer: TinkererState, action: a.ActivateConstruct
) -> TinkererState:
    if action.construct not in tinkerer.constructs:
        raise RuleError(f"The {action.construct.title()} is not in play")
    return replace(tinkerer, activations=(*tinkerer.activations, action.construct))


def construct_kill(tinkerer: TinkererState, action: a.ConstructKill) -> TinkererState:
    if action.construct not in tinkerer.constructs:
        raise RuleError(f"The {action.construct.title()} is not in play")
    return replace(tinkerer, xp=tinkerer.xp + action.xp)


def construct_killed(tinkerer: TinkererState, action: a.ConstructKilled) -> TinkererState:
    if action.construct not in tinkerer.constructs:
        raise RuleError(f"The {action.construct.title()} is not in play")
    return replace(
        tinkerer,
        constructs=tuple(c for c in tinkerer.constructs if c != action.construct),
        activations=tuple(c for c in tinkerer.activations if c != action.construct),
    )


def paid_activations(tinkerer: TinkererState) -> int:
    """Activations this turn that cost an action (each construct's first one is free)."""
    return len(tinkerer.activations) - len(set(tinkerer.activations))
