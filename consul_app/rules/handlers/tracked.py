"""Tracked models: wounds, heals and status effects on the boss, the mini-boss, a spawning point
or a monster in play. A hit is taken as a whole: the thresholds (destroyed, the timeout) are
checked once, after all its wounds. Wounds that reach a model's hearts destroy it, the same
event as destroying it by key."""

from __future__ import annotations

from consul_app.content.immunity import keeps_off
from consul_app.content.pack import EditionPack
from consul_app.rules.handlers.boss import boss_statuses, heal_boss, wound_boss
from consul_app.rules.handlers.mini_boss import heal_mini_boss, mini_boss_statuses, wound_mini_boss
from consul_app.rules.handlers.spawning import remove_destroyed_monsters, spawning_point_falls
from consul_app.rules.model.actions import AddStatus, Heal, RemoveStatus, Wound
from consul_app.rules.model.errors import RuleError
from consul_app.rules.model.names import name_of, point_name
from consul_app.rules.model.state import GameState, SpawningPointState, TrackedMonster

OnModel = Wound | Heal | AddStatus | RemoveStatus


def wound(pack: EditionPack, state: GameState, action: Wound) -> None:
    match action.target:
        case "boss":
            wound_boss(pack, state, action.wounds, action.model)
        case "mini-boss":
            wound_mini_boss(pack, state, action.wounds)
        case "spawning-point":
            point = standing_point(pack, state, action)
            hearts = pack.spawning_points[point.id].hearts
            point.wounds = min(hearts, point.wounds + action.wounds)
            if point.wounds >= hearts:
                spawning_point_falls(pack, state, point)
        case "monster":
            monster = _marked(pack, state, action, mark=True)
            hearts = pack.monsters[monster.id].hearts
            monster.wounds = min(hearts, monster.wounds + action.wounds)
            if monster.wounds >= hearts:
                state.tracked.remove(monster)
                remove_destroyed_monsters(pack, state, {monster.id: 1})


def heal(pack: EditionPack, state: GameState, action: Heal) -> None:
    match action.target:
        case "boss":
            heal_boss(pack, state, action.wounds, action.model)
        case "mini-boss":
            heal_mini_boss(state, action.wounds)
        case "spawning-point":
            point = standing_point(pack, state, action)
            point.wounds = _healed(point.wounds, action.wounds, "the spawning point")
        case "monster":
            monster = _marked(pack, state, action, mark=False)
            monster.wounds = _healed(monster.wounds, action.wounds, "that monster")
            _unmark_if_clean(state, monster)


def add_status(pack: EditionPack, state: GameState, action: AddStatus) -> None:
    if immune_to(pack, state, action) is not None:
        return  # "any token it gets is removed at once" (the label says so)
    statuses = _statuses(pack, state, action, mark=True)
    if action.status in statuses:
        raise RuleError(
            f"the {action.target} already has {name_of(pack, 'status_effects', action.status)}"
        )
    statuses.append(action.status)


def immune_to(pack: EditionPack, state: GameState, action: AddStatus) -> str | None:
    """The keyword that keeps this status effect off the model ('Immune: Poison', 'Immune:
    Status Effects', 'Immune: Status Effects Except Fire' but for Fire), on its card or gained
    from a relic or a bonus; None if it takes it. The status effect "never affects this model;
    any token it gets is removed at once"."""
    from consul_app.rules.views.cards import card  # (the card view imports the engine's parts)

    model = _model_id(state, action)
    if model is None or action.status not in pack.status_effects:
        return None  # (_statuses names what is wrong)
    try:
        view = card(pack, state, model)
    except RuleError:
        return None
    status = pack.status_effects[action.status].name
    traits = (*view.keywords, *view.abilities, *view.gained)
    return next((t.name for t in traits if keeps_off(t.name, status)), None)


def _model_id(state: GameState, action: AddStatus) -> str | None:
    """Whose card the status effect would go on."""
    match action.target:
        case "boss":
            return action.model or state.setup.boss
        case "mini-boss":
            return state.mini_boss.id if state.mini_boss is not None else None
        case _:
            return action.model


def remove_status(pack: EditionPack, state: GameState, action: RemoveStatus) -> None:
    statuses = _statuses(pack, state, action, mark=False)
    if action.status not in statuses:
        raise RuleError(
            f"the {action.target} has no {name_of(pack, 'status_effects', action.status)}"
        )
    statuses.remove(action.status)
    if action.target == "monster":
        _unmark_if_clean(state, _marked(pack, state, action, mark=False))


def standing_point(pack: EditionPack, state: GameState, action: OnModel) -> SpawningPointState:
    """The standing spawning point `action.model` on `action.tile` (`action.which`: one of a
    pair there)."""
    if action.model is None or action.tile is None:
        raise RuleError("name the spawning point and its tile")
    point = state.standing_point(action.model, action.tile, action.which)
    if point is None:
        name = point_name(pack, action.model, action.which)
        raise RuleError(f"no standing {name} spawning point on tile {action.tile}")
    return point


def marked_monsters(state: GameState, monster: str) -> list[TrackedMonster]:
    """The monsters of this kind in play that carry wounds or status effects, in order."""
    return [m for m in state.tracked if m.id == monster]


def _marked(pack: EditionPack, state: GameState, action: OnModel, *, mark: bool) -> TrackedMonster:
    """The marked monster `action.which`; with `which` None and `mark`, a fresh one from those
    in play gets marked."""
    if action.model is None or action.model not in pack.monsters:
        raise RuleError(f"unknown monster {action.model!r}")
    name = pack.monsters[action.model].name
    marked = marked_monsters(state, action.model)
    if action.which is not None:
        if action.which >= len(marked):
            raise RuleError(f"only {len(marked)} {name} carry wounds or status effects")
        return marked[action.which]
    if not mark:
        raise RuleError(f"say which {name}: pick one that carries wounds or status effects")
    if not state.board.get(action.model, 0):
        raise RuleError(f"no {name} is on the dungeon")
    if state.board.get(action.model, 0) <= len(marked):
        raise RuleError(f"no other {name} is on the dungeon")
    monster = TrackedMonster(id=action.model)
    state.tracked.append(monster)
    return monster


def _unmark_if_clean(state: GameState, monster: TrackedMonster) -> None:
    """A monster with no wound and no status effect left is one of the counts again."""
    if not monster.wounds and not monster.status and monster in state.tracked:
        state.tracked.remove(monster)


def _healed(wounds: int, heal_by: int, who: str) -> int:
    if heal_by > wounds:
        raise RuleError(f"{who} has only {wounds} wound(s) to heal")
    return wounds - heal_by


def _statuses(
    pack: EditionPack, state: GameState, action: AddStatus | RemoveStatus, *, mark: bool
) -> list[str]:
    if action.status not in pack.status_effects:
        raise RuleError(f"unknown status effect {action.status!r}")
    match action.target:
        case "boss":
            return boss_statuses(pack, state, action.model)
        case "mini-boss":
            return mini_boss_statuses(state)
        case "spawning-point":
            return standing_point(pack, state, action).status_effects
        case _:
            return _marked(pack, state, action, mark=mark).status
