"""The steps as the screen shows them: `power_up_steps` and `pending_decision`."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from consul_app.content.pack import EditionPack
from consul_app.rules.editions import edition_of
from consul_app.rules.handlers.boss_sighting import reflected_sighting_text
from consul_app.rules.model import actions as a
from consul_app.rules.model.state import GameState
from consul_app.rules.model.steps import Choice, StepKey, StepState, step_def


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
    in_a_dialog: bool = False
    """The screen confirms it in a dialog that shows its text (it interrupts the usual flow)."""
    announced: bool = False
    """The screen tells it as a notice when it comes (it changes the board there)."""
    card_section: tuple[str, str] | None = None
    """The fight card's section it resolves ("timeout"), and how the boss card marks it."""

    @property
    def left(self) -> int | None:
        """Skull points still to spend in a spawn step (None: the step has no budget)."""
        return None if self.budget is None else self.budget - self.spent


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
    defined = step_def(step.key)
    if defined.answer is None:
        raise ValueError(f"{step.title} is not a decision")
    if defined.limit is None and len(chosen) != 1:
        raise ValueError(f"{step.title}: choose exactly one option, not {len(chosen)}")
    try:
        return defined.answer(chosen, reflected or {})
    except ValueError as err:
        raise ValueError(f"{step.title}: {err}") from None


def reflected_sighting(
    pack: EditionPack, state: GameState, step: Step, reflected: dict[str, int]
) -> Step:
    """The boss sighting once each Dark Reflection hero's tile is known: the tiles it hits,
    and no "no hero there" (those heroes stand on their own tiles, so the effect comes unless
    a Clever hero cancels it). Answer it with `answer(step, ids, reflected)`."""
    current = state.open_step()
    if not reflected or current is None or current.key != "boss-sighting":
        return step
    text, resolve = reflected_sighting_text(pack, state, current, reflected)
    return replace(step, text=text, choices=[resolve, *step.choices[2:]])


def _view(pack: EditionPack, state: GameState, step: StepState, current: bool) -> Step:
    defined = step_def(step.key)
    choices = defined.choices(pack, state, step) if defined.choices else []
    if defined.action is not None:
        action = defined.action(pack, state, step)
    else:
        action = None if defined.answer else a.ConfirmStep(step=step.key)
    title = edition_of(state).step_title(step.key)
    note = defined.title_note(step) if defined.title_note else None
    return Step(
        key=step.key,
        title=f"{title}: {note}" if note else title,
        text=defined.text(pack, state, step),
        needs_answer=action is None,
        done=step.done,
        current=current,
        action=action,
        choices=choices,
        limit=defined.limit(state) if defined.limit else (1 if choices else None),
        budget=step.budget,
        spent=step.spent,
        bits=list(step.bits),
        spawns=defined.spawns,
        in_a_dialog=defined.in_a_dialog,
        announced=defined.announced,
        card_section=defined.card_section,
    )
