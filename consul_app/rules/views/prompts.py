"""The steps as the screen shows them: `power_up_steps` and `pending_decision`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from consul_app.content.models import MiniBossSpawn, Relic
from consul_app.content.pack import EditionPack
from consul_app.rules.editions import edition_of, edition_rules
from consul_app.rules.handlers.boss import (
    boss_reminders,
    eligible_relics,
    extra_relics,
    relics_per_slot,
)
from consul_app.rules.handlers.boss_sighting import sighted_tiles
from consul_app.rules.handlers.fight_bosses import brought_bosses
from consul_app.rules.handlers.hearts import boss_hearts
from consul_app.rules.handlers.mini_boss import timeout_brings
from consul_app.rules.handlers.timeout import (
    healed_back_wounds,
    timeout_cause,
    timeout_threshold,
)
from consul_app.rules.model import actions as a
from consul_app.rules.model.chart import space_summary, spaces
from consul_app.rules.model.names import (
    bits_name,
    boss_name,
    card_effects,
    counts_text,
    fight_card,
    name_of,
    tiles_text,
)
from consul_app.rules.model.state import GameState
from consul_app.rules.model.steps import Choice, StepKey, StepState, step_def
from consul_app.rules.views import rule_texts as t


@dataclass(frozen=True)
class Step:
    """A step of the current phase, in rule order.

    `action` is what confirming it (Enter) dispatches; None when the Consul must choose
    (`needs_answer`): answer with the action named by the key (ChooseBonus, EquipRelics,
    AnswerSighting, SpawnMiniBoss). `limit` is how many `choices` may be taken (relics).
    A spawn step also carries its skull-point `budget`, what is `spent` and the `bits` allowed.
    `spawns`: the Consul spawns monsters from the pool during this step (`Spawn` actions; see
    `PoolLine.may_spawn`), then confirms it.
    """

    key: StepKey
    title: str
    text: str
    needs_answer: bool
    done: bool
    current: bool
    action: a.Action | None = None
    choices: list[Choice] = field(default_factory=list)
    limit: int | None = None
    budget: int | None = None
    spent: int = 0
    bits: list[str] = field(default_factory=list)
    spawns: bool = False
    announced: bool = False
    """The screen tells it as a notice when it comes (it changes the board there)."""
    card_section: tuple[str, str] | None = None
    """The fight card's section it resolves ("timeout"), and how the boss card marks it."""

    @property
    def left(self) -> int | None:
        """Skull points still to spend in a spawn step (None: the step has no budget)."""
        return None if self.budget is None else self.budget - self.spent


SPAWNING_STEPS = ("spawn", "timeout-spawn", "timeout-summons")
"""Steps during which the Consul spawns from the pool (1.0's summons: the listed monsters)."""


def power_up_steps(pack: EditionPack, state: GameState) -> list[Step]:
    """The steps the Consul must do now, done ones included, the current one marked.

    In the power-up phase (FK: the end of the turn) that is the phase's steps; during a turn
    it holds what interrupts play (a timeout, FK's boss on the last spawning point, 1.0's
    summoning at the start of a round). Empty when nothing is due.
    """
    current = state.open_step()
    return [_view(pack, state, s, s is current) for s in state.steps]


def pending_decision(pack: EditionPack, state: GameState) -> Step | None:
    """The current step if the Consul must choose (a bonus, relics, a sighting, a mini-boss)."""
    current = next((s for s in power_up_steps(pack, state) if s.current), None)
    return current if current is not None and current.needs_answer else None


def answer(step: Step, chosen: list[str], reflected: dict[str, int] | None = None) -> a.Action:
    """The action that answers a decision with the ids of the choices taken.

    Relics take a list (the engine checks it against the slots); the other decisions take
    exactly one id ("the Consul must choose only one bonus"), else `ValueError`. A boss
    sighting is answered "yes", "no" or "clever:HERO" (that hero cancels it), with the tile of
    each Dark Reflection hero in `reflected`.
    """
    if step.key == "relics":
        return a.EquipRelics(relics=list(chosen))
    defined = step_def(step.key)
    decisions = ("choose-bonus", "mini-boss", "timeout-mini-boss")
    if step.key not in decisions and (defined is None or defined.answer is None):
        raise ValueError(f"{step.title} is not a decision")
    if len(chosen) != 1:
        raise ValueError(f"{step.title}: choose exactly one option, not {len(chosen)}")
    (picked,) = chosen
    if defined is not None and defined.answer is not None:
        try:
            return defined.answer(picked, reflected or {})
        except ValueError as err:
            raise ValueError(f"{step.title}: {err}") from None
    match step.key:
        case "choose-bonus":
            return a.ChooseBonus(bonus=picked)
        case _:
            return a.SpawnMiniBoss(mini_boss=picked)


def reflected_sighting(
    pack: EditionPack, state: GameState, step: Step, reflected: dict[str, int]
) -> Step:
    """The boss sighting once each Dark Reflection hero's tile is known: the tiles it hits,
    and no "no hero there" (those heroes stand on their own tiles, so the effect comes unless
    a Clever hero cancels it). Answer it with `answer(step, ids, reflected)`."""
    current = state.open_step()
    if not reflected or current is None or current.key != "boss-sighting":
        return step
    tiles = sighted_tiles(current.tiles, reflected)
    where = ", ".join(f"{hero} on tile {tile}" for hero, tile in reflected.items())
    text = (
        f"Dark Reflection: {where}. The sighting hits {tiles_text(tiles)}: "
        f"{boss_name(pack, state)}'s timeout effect applies to all models there: "
        f"{card_effects(pack, state, 'timeout')}."
    )
    resolve = Choice("yes", f"Resolve it on {tiles_text(tiles)}")
    return replace(step, text=text, choices=[resolve, *step.choices[2:]])


def _view(pack: EditionPack, state: GameState, step: StepState, current: bool) -> Step:
    defined = step_def(step.key)
    if defined is not None:
        choices = defined.choices(pack, state, step) if defined.choices else []
        action = None if defined.answer else _action(pack, state, step)
        text = defined.text(pack, state, step)
    else:
        choices = _choices(pack, state, step)
        action = _action(pack, state, step)
        text = _TEXTS[step.key](pack, state, step)
    title = edition_of(state).step_title(step.key)
    if step.key == "mini-boss" and not step.options:
        title += f": {t.NONE_LEFT}"
    return Step(
        key=step.key,
        title=title,
        text=text,
        needs_answer=action is None,
        done=step.done,
        current=current,
        action=action,
        choices=choices,
        limit=state.boss.relic_slots if step.key == "relics" else (1 if choices else None),
        budget=step.budget,
        spent=step.spent,
        bits=list(step.bits),
        spawns=step.key in SPAWNING_STEPS,
        announced=defined is not None and defined.announced,
        card_section=defined.card_section if defined is not None else _CARD.get(step.key),
    )


def _action(pack: EditionPack, state: GameState, step: StepState) -> a.Action | None:
    match step.key:
        case "advance-chart":
            return a.AdvanceChart(space=step.space or state.position + 1)
        case "boss-spawn":
            others = [b.boss for b in brought_bosses(pack, state)]
            return a.SpawnBoss(boss=state.setup.boss, with_bosses=others or None)
        case "mini-boss" | "timeout-mini-boss":
            return a.SpawnMiniBoss(mini_boss=step.options[0]) if len(step.options) == 1 else None
        case "relics" | "choose-bonus":
            return None
        case _:
            return a.ConfirmStep(step=step.key)


def _choices(pack: EditionPack, state: GameState, step: StepState) -> list[Choice]:
    match step.key:
        case "choose-bonus":
            return [
                Choice(
                    b,
                    name_of(pack, "bonuses", b),
                    pack.bonuses[b].text if b in pack.bonuses else "",
                )
                for b in step.options
            ]
        case "mini-boss" | "timeout-mini-boss":
            return [Choice(m, name_of(pack, "mini_bosses", m)) for m in step.options]
        case "relics":
            return [Choice(r.id, r.name, _relic_note(r)) for r in eligible_relics(pack, state)]
        case _:
            return []


def _advance(pack: EditionPack, state: GameState, step: StepState) -> str:
    number = step.space or state.position + 1
    space = spaces(pack, state.chart)[number - 1]
    said = edition_of(state).advance_prompt
    return said.format(number=number, summary=space_summary(pack, space))


def _spawn(pack: EditionPack, state: GameState, step: StepState) -> str:
    bits = " or ".join(bits_name(b) for b in step.bits)
    if not state.standing_spawning_points():
        return (
            f"The space spawns {step.budget} skull points of {bits} monsters, but no spawning "
            "point is left to place them near: they stay in the spawning pool. Confirm the step."
        )
    left = (step.budget or 0) - step.spent
    return (
        f"Spawn up to {step.budget} skull points of {bits} monsters from the spawning pool "
        f"({left} left). {t.PLACE_MONSTERS}"
    )


def _mini_boss(pack: EditionPack, state: GameState, step: StepState) -> str:
    if not step.options:
        return no_mini_boss_left(pack, state)
    names = " or ".join(name_of(pack, "mini_bosses", m) for m in step.options)
    return f"Place {names} {t.PLACE_AT_EXIT}. {t.ONE_MINI_BOSS}"


def no_mini_boss_left(pack: EditionPack, state: GameState) -> str:
    """A Spawn Mini-Boss space with none left to spawn: it brings none (the recap says so)."""
    gone = [name_of(pack, "mini_bosses", m) for m in state.mini_bosses_destroyed]
    why = f" ({' and '.join(gone)} destroyed)" if gone else ""
    return f"No mini-boss is left to spawn{why}: this space brings none."


def _timeout_mini_boss(pack: EditionPack, state: GameState, step: StepState) -> str:
    names = " or ".join(name_of(pack, "mini_bosses", m) for m in step.options)
    brings = timeout_brings(pack, state) or MiniBossSpawn()
    boss = boss_name(pack, state)
    text = f"{boss}'s timeout brings {names} onto the dungeon, next to a Hero of your choice"
    if brings.wounds:
        text += f"; it takes {brings.wounds} wound{'s' * (brings.wounds != 1)} at once"
    if not brings.treasure:
        text += ". The heroes draw no treasure for destroying it"
    return f"{text}."


def _refresh(pack: EditionPack, state: GameState, step: StepState) -> str:
    name = name_of(pack, "mini_bosses", state.mini_boss.id) if state.mini_boss else "The mini-boss"
    return (
        f"{name} is already on the dungeon: remove all its wound and status effect tokens "
        f"instead of spawning a new mini-boss. {t.ONE_MINI_BOSS}"
    )


def _boss_spawn(pack: EditionPack, state: GameState, step: StepState) -> str:
    return edition_rules(state).boss_spawn_prompt(state, step, boss_name(pack, state))


def _remove_points(pack: EditionPack, state: GameState, step: StepState) -> str:
    count = len(state.standing_spawning_points())
    return (
        f"All {count} remaining spawning point(s) channel their energy to the dungeon boss: remove "
        "them. The heroes get no loot for them."
    )


def _relic_note(relic: Relic) -> str:
    """ "Top: +1R STR." and, when part of it cannot be applied, that the card will say so."""
    unread = relic.not_applied or any(m.not_applied for m in relic.modifiers)
    return f"{relic.slot}: {relic.effect}" + (f" ({t.RELIC_NOT_APPLIED})" if unread else "")


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


def _spawn_effects(pack: EditionPack, state: GameState, step: StepState) -> str:
    effects = edition_of(state).words.spawn_effects
    text = f"Resolve {effects}: {card_effects(pack, state, 'boss_spawn')}."
    reminders = boss_reminders(state)
    return " ".join([text, *reminders])


def _bonuses(pack: EditionPack, state: GameState, step: StepState) -> str:
    names = ", ".join(name_of(pack, "bonuses", b) for b in step.options)
    return f"New bonus for the monsters: {names}. {_bonus_rule(state)}"


def _bonus_rule(state: GameState) -> str:
    played = edition_of(state)
    pets = played.bonus_ranks is None and state.setup.pets
    return f"{played.bonus_rule} {t.PETS_RULE}" if pets else played.bonus_rule


def _choose_bonus(pack: EditionPack, state: GameState, step: StepState) -> str:
    names = " / ".join(name_of(pack, "bonuses", b) for b in step.options)
    return f"Choose only one bonus: {names}. {_bonus_rule(state)}"


def _heal_hero(pack: EditionPack, state: GameState, step: StepState) -> str:
    return (
        f"{timeout_cause(pack, state)}: the timeout. The party may choose one "
        "hero and discard equipment cards from the backpack: that hero heals 1 per card."
    )


def _immune(pack: EditionPack, state: GameState, step: StepState) -> str:
    return (
        f"{boss_name(pack, state)} is immune to critical success for the rest of the game: no "
        "extra wounds or effects from critical successes."
    )


def _status(pack: EditionPack, state: GameState, step: StepState) -> str:
    statuses = ", ".join(name_of(pack, "status_effects", s) for s in state.boss.status) or "none"
    return f"Remove all status effects from {boss_name(pack, state)} (now: {statuses})."


def _heal_boss(pack: EditionPack, state: GameState, step: StepState) -> str:
    hearts = boss_hearts(pack, state)
    after = healed_back_wounds(hearts, state.boss.wounds)
    return (
        f"Heal {boss_name(pack, state)} back to half its hearts rounded up "
        f"({hearts - timeout_threshold(hearts)} wounds at most) if it went below: "
        f"wounds {state.boss.wounds} -> {after}."
    )


def _timeout_effects(pack: EditionPack, state: GameState, step: StepState) -> str:
    card = edition_of(state).words.card
    return f"Resolve the {card}'s timeout effects: {card_effects(pack, state, 'timeout')}."


def _timeout_spawn(pack: EditionPack, state: GameState, step: StepState) -> str:
    left = (step.budget or 0) - step.spent
    return (
        f"Spawn up to {step.budget} skull points of 8-Bit or 16-Bit monsters from the spawning "
        f"pool ({left} left), anywhere within two squares of {boss_name(pack, state)}."
    )


def _timeout_move(pack: EditionPack, state: GameState, step: StepState) -> str:
    return (
        f"{boss_name(pack, state)} may move to any square within ten squares of where it stands. "
        "A timeout happens only once."
    )


def _resummon(pack: EditionPack, state: GameState, step: StepState) -> str:
    return f"Re-summon {boss_name(pack, state)} in a different place, {t.SUMMON_1_0}."


def _summons(pack: EditionPack, state: GameState, step: StepState) -> str:
    card = fight_card(pack, state)
    named = card.timeout_summons if card is not None else []
    absent = {s.monster: s.count for s in named if s.monster not in step.summons}
    if not step.summons:  # (none of them in this game: nothing to spawn or move)
        return (
            f"None of the monsters the card summons comes: it names {counts_text(pack, absent)}, "
            "and no spawning point of this game brings them. Confirm the step."
        )
    left = {m: n for m, n in step.summons.items() if n}
    text = (
        f"Spawn these monsters in the boss's place, or move them there (moved ones keep their "
        f"wounds and status effects): {counts_text(pack, left) or 'all done'}."
    )
    outside = {m: n for m, n in left.items() if not state.pool.get(m, 0)}
    if outside:
        text += (
            f" Not in the spawning pool, so none can spawn: {counts_text(pack, outside)}; "
            "move those on the dungeon to its place, then confirm."
        )
    if absent:
        text += (
            f" The card also names {counts_text(pack, absent)}: no spawning point of this game "
            "brings them, so none come."
        )
    return text


_CARD = {
    "boss-spawn-effects": ("boss_spawn", "resolve NOW"),
    "timeout-effects": ("timeout", "resolve NOW"),
    "timeout-mini-boss": ("timeout", "resolve NOW"),
}
"""Steps (not yet defined in their rule's module) that resolve a section of the fight card."""


_TEXTS: dict[str, Callable[[EditionPack, GameState, StepState], str]] = {
    "advance-chart": _advance,
    "spawn": _spawn,
    "mini-boss": _mini_boss,
    "mini-boss-refresh": _refresh,
    "boss-spawn": _boss_spawn,
    "remove-spawning-points": _remove_points,
    "relics": _relics,
    "boss-spawn-effects": _spawn_effects,
    "bonuses": _bonuses,
    "choose-bonus": _choose_bonus,
    "timeout-heal-hero": _heal_hero,
    "timeout-immune": _immune,
    "timeout-status": _status,
    "timeout-heal-boss": _heal_boss,
    "timeout-effects": _timeout_effects,
    "timeout-spawn": _timeout_spawn,
    "timeout-move": _timeout_move,
    "timeout-resummon": _resummon,
    "timeout-summons": _summons,
    "timeout-mini-boss": _timeout_mini_boss,
}
