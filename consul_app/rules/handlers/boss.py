"""The dungeon boss: its spawn and boss fight, relics, wounds, heals and status effects."""

from __future__ import annotations

from consul_app.content.models import DungeonBoss, Relic
from consul_app.content.pack import EditionPack
from consul_app.rules.editions import edition_of, edition_rules
from consul_app.rules.handlers.fight_bosses import (
    boss_destroyed,
    bring_with_boss,
    heal_other,
    heroes_win,
    other_boss,
    wound_other,
)
from consul_app.rules.handlers.hearts import boss_hearts, hearts_with
from consul_app.rules.handlers.keywords import has_keyword
from consul_app.rules.handlers.timeout import check_timeout
from consul_app.rules.model.actions import ChooseRelics, EquipRelics, SpawnBoss
from consul_app.rules.model.agenda import add_next, require_step
from consul_app.rules.model.errors import RuleError
from consul_app.rules.model.names import fight_card
from consul_app.rules.model.state import GameState
from consul_app.rules.views.rule_texts import ACTIVATES_TWICE


def boss_of(pack: EditionPack, state: GameState) -> DungeonBoss:
    return pack.dungeon_bosses[state.setup.boss]


def eligible_relics(pack: EditionPack, state: GameState) -> list[Relic]:
    """Relics this boss may take: those without a portrait or with its own portrait."""
    return [r for r in pack.relics.values() if not r.portrait or state.setup.boss in r.portrait]


def relics_per_slot(pack: EditionPack, state: GameState) -> int:
    """How many relics the boss may equip in one equipment slot: a relic "takes up an equipment
    slot and works just like equipping loot or treasure to Heroes" (one card per slot), unless
    its card says otherwise (Forge Master: "up to two Relic Items per slot")."""
    return 2 if has_keyword(boss_of(pack, state).keywords, "Forge Master") else 1


def extra_relics(pack: EditionPack, state: GameState) -> list[tuple[str, int]]:
    """Relics the boss equips at its spawn besides one per spawning point, and why: Riches
    ("when this boss spawns, it equips one additional relic item"), Armory on its fight card
    ("equip three Relic Items", in addition to those for spawning points)."""
    extra = []
    if has_keyword(boss_of(pack, state).keywords, "Riches"):
        extra.append(("Riches", 1))
    card = fight_card(pack, state)
    effects = [*card.dungeon_effect, *card.boss_spawn] if card else []
    if any(e.name == "Armory" for e in effects):
        extra.append(("Armory", 3))
    return extra


def boss_reminders(state: GameState) -> list[str]:
    """What the Consul must remember while the boss is in play (spawned, not defeated): FK, "when
    in play, may be activated during each Consul Turn" besides four skull points; 1.0, special
    healing, and two activations in a round with a spawning point on the board."""
    if not state.boss.spawned or state.boss.defeated:
        return []
    played = edition_of(state)
    twice = played.twice_with_points and bool(state.standing_spawning_points())
    return [*played.boss_reminders, *([ACTIVATES_TWICE] if twice else [])]


def spawn_boss(pack: EditionPack, state: GameState, action: SpawnBoss) -> None:
    """The boss spawns (leaves the chart); one relic slot per spawning point still standing."""
    step = require_step(state, "boss-spawn")
    if action.boss != state.setup.boss:
        raise RuleError(f"the dungeon boss of this game is {boss_of(pack, state).name}")
    step.done = True
    state.boss.spawned = True
    if action.with_bosses is not None:
        bring_with_boss(pack, state, action.with_bosses)
    if edition_of(state).relics_at_spawn:
        extra = sum(n for _, n in extra_relics(pack, state))
        state.boss.relic_slots = len(state.standing_spawning_points()) + extra
    add_next(state, edition_rules(state).boss_fight_steps(pack, state))


def choose_relics(pack: EditionPack, state: GameState, action: EquipRelics | ChooseRelics) -> None:
    """The boss equips the relics; with `EquipRelics` their hearts join its own (a journal's
    `ChooseRelics` replays as it was played, on the printed hearts)."""
    step = require_step(state, "relics")
    slots = state.boss.relic_slots or 0
    if len(action.relics) > slots:
        raise RuleError(f"the boss may equip only {slots} relic(s), one per spawning point")
    if len(set(action.relics)) != len(action.relics):
        raise RuleError("a relic is chosen twice")
    allowed = {r.id for r in eligible_relics(pack, state)}
    for relic_id in action.relics:
        relic = pack.relics.get(relic_id)
        if relic is None:
            raise RuleError(f"unknown relic {relic_id!r}")
        if relic_id not in allowed:
            raise RuleError(f"{relic.name} bears another boss's portrait")
    if not edition_of(state).character_treasure:  # (1.0 treasure all reads "Top": not its slot)
        _check_slots(pack, state, action.relics)
    state.boss.relics = list(action.relics)
    if isinstance(action, EquipRelics):
        state.boss.hearts = hearts_with(pack, state, state.boss.relics)
    step.done = True


def _check_slots(pack: EditionPack, state: GameState, relic_ids: list[str]) -> None:
    per_slot = relics_per_slot(pack, state)
    taken: dict[str, list[str]] = {}
    for relic_id in relic_ids:
        relic = pack.relics[relic_id]
        taken.setdefault(relic.slot, []).append(relic.name)
        if len(taken[relic.slot]) > per_slot:
            names = " and ".join(taken[relic.slot])
            limit = "one relic" if per_slot == 1 else f"{per_slot} relics"
            raise RuleError(
                f"{names} both take the {relic.slot} slot: the boss equips {limit} per slot"
            )


def wound_boss(pack: EditionPack, state: GameState, wounds: int, model: str | None = None) -> None:
    """Wounds up to its hearts (then it is destroyed); the heroes win once every Dungeon Boss
    of the fight is; may trigger the timeout. `model`: another boss of the fight (Mugg)."""
    if _is_other(state, model):
        _require_spawned(pack, state)
        wound_other(pack, state, model, wounds)  # type: ignore[arg-type]
    else:
        _require_in_play(pack, state)
        hearts = boss_hearts(pack, state)
        state.boss.wounds = min(hearts, state.boss.wounds + wounds)
    state.boss.defeated = heroes_win(pack, state)
    check_timeout(pack, state)


def heal_boss(pack: EditionPack, state: GameState, wounds: int, model: str | None = None) -> None:
    if _is_other(state, model):
        _require_spawned(pack, state)
        heal_other(pack, state, model, wounds)  # type: ignore[arg-type]
        return
    _require_in_play(pack, state)
    if wounds > state.boss.wounds:
        raise RuleError(f"the boss has only {state.boss.wounds} wound(s) to heal")
    state.boss.wounds -= wounds


def _is_other(state: GameState, model: str | None) -> bool:
    """Does the action name another boss of the fight than the setup's (None: the setup's)? In
    a fight of one boss card the name is not read: journals written before fights had several
    boss cards replay as they were played, and a boss's other form (Nocturne) is the same."""
    return model is not None and model != state.setup.boss and bool(state.other_bosses)


def _require_spawned(pack: EditionPack, state: GameState) -> None:
    if not state.boss.spawned:
        raise RuleError(f"{boss_of(pack, state).name} has not spawned yet")
    if state.boss.defeated:
        raise RuleError(f"{boss_of(pack, state).name} is already defeated")


def _require_in_play(pack: EditionPack, state: GameState) -> None:
    _require_spawned(pack, state)
    if boss_destroyed(pack, state):
        raise RuleError(f"{boss_of(pack, state).name} is destroyed")


def boss_statuses(pack: EditionPack, state: GameState, model: str | None = None) -> list[str]:
    """The boss's status effect list, to change in place (only once it is in play); `model`:
    another boss of the fight."""
    if _is_other(state, model):
        _require_spawned(pack, state)
        return other_boss(pack, state, model).status  # type: ignore[arg-type]
    _require_in_play(pack, state)
    return state.boss.status
