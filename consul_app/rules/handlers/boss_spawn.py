"""The dungeon boss spawns (1.0: is summoned): a boss fight begins. "Spawning points and
relics": the spawning points still standing channel their energy to it, one relic each (2.0),
then they are removed; then its fight card's Boss Spawn effects. Its steps, texts and effects."""

from __future__ import annotations

from consul_app.content.models import Relic
from consul_app.content.pack import EditionPack
from consul_app.rules.editions import edition_of, edition_rules
from consul_app.rules.handlers.boss import boss_of, boss_reminders
from consul_app.rules.handlers.fight_bosses import bring_with_boss, brought_bosses
from consul_app.rules.handlers.hearts import hearts_with
from consul_app.rules.handlers.keywords import has_keyword
from consul_app.rules.model.actions import Action, ChooseRelics, EquipRelics, SpawnBoss
from consul_app.rules.model.agenda import add_next, require_step
from consul_app.rules.model.errors import RuleError
from consul_app.rules.model.names import boss_name, card_effects, fight_card
from consul_app.rules.model.state import GameState
from consul_app.rules.model.steps import Choice, StepDef, StepState
from consul_app.rules.views.rule_texts import RELIC_NOT_APPLIED


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


def _spawn(pack: EditionPack, state: GameState, step: StepState) -> Action:
    others = [b.boss for b in brought_bosses(pack, state)]
    return SpawnBoss(boss=state.setup.boss, with_bosses=others or None)


def _boss_spawn(pack: EditionPack, state: GameState, step: StepState) -> str:
    return edition_rules(state).boss_spawn_prompt(state, step, boss_name(pack, state))


def _remove_points(pack: EditionPack, state: GameState, step: StepState) -> str:
    count = len(state.standing_spawning_points())
    return (
        f"All {count} remaining spawning point(s) channel their energy to the dungeon boss: remove "
        "them. The heroes get no loot for them."
    )


def _remove_spawning_points(pack: EditionPack, state: GameState, step: StepState) -> None:
    for point in state.standing_spawning_points():
        point.status = "removed"


def _relic_note(relic: Relic) -> str:
    """ "Top: +1R STR." and, when part of it cannot be applied, that the card will say so."""
    unread = relic.not_applied or any(m.not_applied for m in relic.modifiers)
    return f"{relic.slot}: {relic.effect}" + (f" ({RELIC_NOT_APPLIED})" if unread else "")


def _relics(pack: EditionPack, state: GameState, step: StepState) -> str:
    if edition_of(state).character_treasure:
        return (
            f"{boss_name(pack, state)} may equip its Character Treasure (the cards bearing its "
            "portrait): it gains them as though printed on its card. The rules texts do not say "
            "how many: tick those your game uses."
        )
    extra = "".join(f", {n} more for {why}" for why, n in extra_relics(pack, state))
    per_slot = relics_per_slot(pack, state)
    slots = "one relic per equipment slot" if per_slot == 1 else f"{per_slot} relics per slot"
    return (
        f"{boss_name(pack, state)} may equip up to {state.boss.relic_slots} relic(s), one per "
        f"spawning point removed{extra}; {slots}. A relic with a boss's portrait may only be "
        "chosen by that boss."
    )


def _relic_choices(pack: EditionPack, state: GameState, step: StepState) -> list[Choice]:
    return [Choice(r.id, r.name, _relic_note(r)) for r in eligible_relics(pack, state)]


def _spawn_effects(pack: EditionPack, state: GameState, step: StepState) -> str:
    effects = edition_of(state).words.spawn_effects
    text = f"Resolve {effects}: {card_effects(pack, state, 'boss_spawn')}."
    return " ".join([text, *boss_reminders(state)])


STEPS = {
    "boss-spawn": StepDef("boss-spawn", "Spawn the dungeon boss", _boss_spawn, action=_spawn),
    "remove-spawning-points": StepDef(
        "remove-spawning-points",
        "Remove all spawning points",
        _remove_points,
        confirm=_remove_spawning_points,
    ),
    "relics": StepDef(
        "relics",
        "Choose relics",
        _relics,
        choices=_relic_choices,
        answer=lambda chosen, reflected: EquipRelics(relics=list(chosen)),
        limit=lambda state: state.boss.relic_slots,
    ),
    "boss-spawn-effects": StepDef(
        "boss-spawn-effects",
        "Boss spawn effects",
        _spawn_effects,
        card_models=True,
        card_section=("boss_spawn", "resolve NOW"),
    ),
}
"""The boss's spawn, the spawning points removed, its relics, its fight card's Boss Spawn."""
