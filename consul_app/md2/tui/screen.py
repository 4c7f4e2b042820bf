"""`DashboardScreen`: the MD2 table: the round, the steps line, a dashboard per hero, the log.

Every key asks what it needs (a picker, a name typed in), then dispatches one action through
the session (journaled before it is shown); a move the rules refuse is said on the notice line
with the reason, and nothing changes."""

from __future__ import annotations

import functools
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from consul_app.md2.content import Md2Content
from consul_app.md2.naming import heroes_name
from consul_app.md2.rules import actions as a
from consul_app.md2.rules.labels import TIER_NAMES
from consul_app.md2.rules.state import COLUMNS, HERO_NAMES, LINES, Hero, Md2State
from consul_app.md2.rules.views import now
from consul_app.md2.tui.dashboard import TIERS, bard_text, tinkerer_text
from consul_app.md2.tui.dialogs import AskScreen, KeysScreen, LogScreen
from consul_app.md2.tui.keys import KEYS, context_keys
from consul_app.rules.model.errors import RuleError
from consul_app.session import SaveError, Session

SKILLS = ("constructs", "exo-armor", "blacksmith")
WIDE = 110
TALL = 30
LOG_LINES = 30
"""Labels drawn in the log (the bottom one shows the first three)."""
SLOTS = ("hand", "head", "torso", "legs", "misc")


def top_line(state: Md2State) -> str:
    """"Massive Darkness 2 · Bard & Tinkerer · Round 2 · hero phase · the Bard's turn"."""
    parts = ["Massive Darkness 2", heroes_name(state.setup), f"Round {state.round}"]
    parts.append(f"{state.phase} phase")
    if state.turn is not None:
        parts.append(f"the {HERO_NAMES[state.turn]}'s turn")
    if state.setup.campaign:
        parts.append("campaign")
    return " · ".join(parts)


@dataclass(frozen=True)
class Choice:
    """One answer of a picker (as the SDE picker reads one: `id`, `name`, `note`)."""

    id: str
    name: str
    note: str = ""


def asks(method: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """A key that asks (a picker, a name typed in): it runs as a worker, never `exclusive`
    (under load a second key could cancel the first before it has even asked: a key lost)."""

    @functools.wraps(method)
    def start(self: DashboardScreen, *args: Any) -> None:
        self.run_worker(method(self, *args), group="asks")

    return start


def moment(state: Md2State) -> str:
    """Which keys the moment asks for (`keys.CONTEXT`)."""
    if state.phase != "hero":
        return state.phase
    return state.turn or "between turns"


class DashboardScreen(Screen[None]):
    """The MD2 table (module doc). Read only when `session` is None (`consul watch`)."""

    DEFAULT_CSS = """
    DashboardScreen #top { height: 1; background: $primary; color: $text; padding: 0 1; }
    DashboardScreen #steps { height: auto; max-height: 2; padding: 0 1; color: $warning; }
    DashboardScreen #dashboards { height: 1fr; }
    DashboardScreen .dashboard {
        width: 1fr; height: 1fr; border: round $accent; padding: 0 1;
        border-title-style: bold;
    }
    DashboardScreen .log { border: round $secondary; padding: 0 1; }
    DashboardScreen #log-bottom { height: 5; }
    DashboardScreen #log-side { width: 1fr; height: 1fr; display: none; }
    DashboardScreen.-wide #log-side { display: block; }
    DashboardScreen.-wide #log-bottom, DashboardScreen.-short #log-bottom { display: none; }
    DashboardScreen #notice { height: 1; padding: 0 1; }
    DashboardScreen #notice.-refused { color: $error; }
    DashboardScreen #keys { height: auto; max-height: 2; padding: 0 1; color: $text-muted; }
    """

    BINDINGS = [
        Binding(k.key, k.action, k.description, show=False, priority=k.action == "quit")
        for k in KEYS
    ]

    def __init__(
        self, session: Session | None, content: Md2Content, *, notice: str = ""
    ) -> None:
        super().__init__()
        self.session = session
        self.content = content
        self.notice = notice
        """Said on the notice line in the first frame (what was opened)."""

    @property
    def state(self) -> Md2State:
        assert self.session is not None
        return self.session.state

    def compose(self) -> ComposeResult:
        yield Static(id="top")
        yield Static(id="steps")
        with Horizontal(id="dashboards"):
            yield Static(id="bard", classes="dashboard")
            yield Static(id="tinkerer", classes="dashboard")
            yield Static(id="log-side", classes="log")
        yield Static(id="log-bottom", classes="log")
        yield Static(id="notice")
        yield Static(id="keys")

    def on_mount(self) -> None:
        self.query_one("#bard").border_title = "Bard"
        self.query_one("#tinkerer").border_title = "Tinkerer"
        for log in self.query(".log"):
            log.border_title = "Log (newest first)"
        self.on_resize()
        if self.session is not None:
            self.show(self.session.state, list(self.session.history[:LOG_LINES]))
        if self.notice:
            self.say(self.notice)

    def on_resize(self) -> None:
        """Wide (110 columns or more): the log beside the dashboards, else below them; short
        (under 30 lines) and narrow: only the notice line tells the last action (L: the log)."""
        size = self.app.size
        self.set_class(size.width >= WIDE, "-wide")
        self.set_class(size.height < TALL, "-short")

    def show(self, state: Md2State, history: list[str]) -> None:
        """Draw `state` and the newest labels of the log."""
        self.query_one("#top", Static).update(top_line(state))
        self.query_one("#steps", Static).update(now(state))
        bard = self.query_one("#bard", Static)
        bard.display = state.bard is not None
        if state.bard is not None:
            bard.update(bard_text(self.content, state.bard))
        tinkerer = self.query_one("#tinkerer", Static)
        tinkerer.display = state.tinkerer is not None
        if state.tinkerer is not None:
            tinkerer.update(tinkerer_text(self.content, state, state.tinkerer))
        log = Text()
        for n, label in enumerate(history):
            log.append(("" if n == 0 else "\n") + label, "bold" if n == 0 else "")
        for pane in self.query(".log").results(Static):
            pane.update(log or Text("Nothing yet", "dim"))
        self.query_one("#keys", Static).update(context_keys(moment(state), state.setup.campaign))

    def say(self, text: str, *, refused: bool = False) -> None:
        notice = self.query_one("#notice", Static)
        notice.update(text)
        notice.set_class(refused, "-refused")
        if refused:
            self.app.bell()

    # --- one action through the session -------------------------------------------------

    def do(self, action: a.Md2Action) -> None:
        """Dispatch `action`; a refusal is said with its reason and nothing changes."""
        if self.session is None:
            return
        try:
            self.session.dispatch(action)
        except RuleError as err:
            self.say(f"Refused: {err}", refused=True)
            return
        except SaveError as err:
            self.say(str(err), refused=True)
            return
        self.say(f"Done: {self.session.history[0]}")
        self.show(self.session.state, list(self.session.history[:LOG_LINES]))

    async def pick(
        self, title: str, text: str, choices: list[Choice], unavailable: list[Choice] | None = None
    ) -> str | None:
        if not choices:
            self.say(f"{title}: {unavailable[0].note if unavailable else 'nothing to choose'}",
                     refused=True)
            return None
        return await self._dialog(self._picker(title, text, choices, unavailable))

    async def ask(self, title: str, text: str, placeholder: str = "") -> str | None:
        return await self._dialog(AskScreen(title, text, placeholder))

    async def _dialog(self, dialog: ModalScreen[str | None]) -> str | None:
        return await self.app.push_screen_wait(dialog)

    @staticmethod
    def _picker(
        title: str, text: str, choices: list[Choice], unavailable: list[Choice] | None
    ) -> ModalScreen[str | None]:
        # (imported when first asked: the picker brings SDE's engine, which the first
        # frame does not need)
        from consul_app.tui.screens.pick_one import PickOneScreen

        return PickOneScreen(title, text, choices, unavailable)  # type: ignore[arg-type]

    def hero_now(self) -> Hero | None:
        """Whose Mana `+`/`-` change: the hero whose turn it is, or the only one playing."""
        state = self.state
        if state.turn is not None:
            return state.turn
        return state.setup.heroes[0] if len(state.setup.heroes) == 1 else None

    # --- the round ------------------------------------------------------------------------

    def action_start_turn(self, hero: Hero) -> None:
        self.do(a.StartTurn(hero=hero))

    def action_end_turn(self) -> None:
        self.do(a.EndTurn())

    def action_enemy_phase(self) -> None:
        self.do(a.StartEnemyPhase())

    @asks
    async def action_explode(self) -> None:
        state = self.state
        waiting = [b for b in state.exploding if state.zone is None or b.zone == state.zone]
        choices = list({f"{b.zone}|{b.size}": Choice(f"{b.zone}|{b.size}",
                                                     f"{b.zone}: a {b.size} bomb")
                        for b in waiting}.values())
        none = [] if choices else [Choice("none", "-", "no bomb waits to explode (they do in "
                                          "the enemy phase)")]
        text = ("Its effect is on the Rules card (the Bombs side). Every bomb of a zone before "
                "the next zone; the players choose the order.")
        picked = await self.pick("Which bomb explodes?", text, choices, none)
        if picked:
            zone, size = picked.rsplit("|", 1)
            self.do(a.ExplodeBomb(zone=zone, size=size))  # type: ignore[arg-type]

    def action_end_round(self) -> None:
        self.do(a.EndRound())

    def action_town(self) -> None:
        self.do(a.StartTownPhase())

    def action_quest(self) -> None:
        self.do(a.StartQuest())

    def action_mana(self, by: int) -> None:
        """The Mana of the hero whose turn it is at once; between turns, ask whose."""
        hero = self.hero_now()
        if hero is not None:
            self.do(a.ChangeMana(hero=hero, by=by))
        else:
            self._whose_mana(by)

    @asks
    async def _whose_mana(self, by: int) -> None:
        choices = [Choice(h, HERO_NAMES[h]) for h in self.state.setup.heroes]
        hero = await self.pick(f"Mana {by:+d}: whose?", "No hero's turn is under way.", choices)
        if hero:
            self.do(a.ChangeMana(hero=hero, by=by))  # type: ignore[arg-type]

    # --- the Bard ---------------------------------------------------------------------------

    @asks
    async def action_place_note(self) -> None:
        line = await self.pick("Place a note: which line?", "3 Mana; one note per column.",
                               [Choice(n, n) for n in LINES])
        if not line:
            return
        bard = self.state.bard
        taken = {n.column for n in bard.notes} if bard else set()
        columns = [Choice(str(c), f"Column {c + 1}") for c in range(COLUMNS) if c not in taken]
        held = [Choice(str(c), f"Column {c + 1}", "holds a note") for c in sorted(taken)]
        column = await self.pick(f"Place {line}: which column?", "", columns, held)
        if column:
            self.do(a.PlaceNote(line=line, column=int(column)))  # type: ignore[arg-type]

    @asks
    async def action_move_note(self) -> None:
        bard = self.state.bard
        notes = [Choice(str(n.column), f"{n.line} in column {n.column + 1}")
                 for n in (bard.notes if bard else ())]
        text = "3 Mana, once all 5 notes are placed; never two notes in a column."
        moved = await self.pick("Move which note?", text, notes)
        if not moved:
            return
        line = await self.pick("To which line?", "", [Choice(n, n) for n in LINES])
        if not line:
            return
        columns = [Choice(str(c), f"Column {c + 1}") for c in range(COLUMNS)]
        column = await self.pick(f"To {line}, which column?", "", columns)
        if column:
            self.do(a.MoveNote(column=int(moved), to_line=line,  # type: ignore[arg-type]
                               to_column=int(column)))

    @asks
    async def action_equip_instrument(self) -> None:
        bard = self.state.bard
        equipped = set(bard.instruments) if bard else set()
        aside = set(bard.set_aside) if bard else set()
        choices = [Choice(i.id, i.name) for i in self.content.instruments.values()
                   if i.id not in equipped and i.id not in aside]
        choices.append(Choice("*", "A Bard-only card", "type its name"))
        picked = await self.pick("Equip which instrument?", "Notes are active only while an "
                                 "instrument is equipped.", choices)
        if picked == "*":
            name = await self.ask("A Bard-only card", "Its name, as on the card:")
            if name:
                self.do(a.EquipInstrument(instrument=name, bard_only=True))
        elif picked:
            self.do(a.EquipInstrument(instrument=picked))

    @asks
    async def action_unequip_instrument(self) -> None:
        bard = self.state.bard
        names = {i.id: i.name for i in self.content.instruments.values()}
        choices = [Choice(i, names.get(i, i)) for i in (bard.instruments if bard else ())]
        picked = await self.pick("Unequip which instrument?", "", choices)
        if picked:
            self.do(a.UnequipInstrument(instrument=picked))

    @asks
    async def action_gain_instrument(self) -> None:
        bard = self.state.bard
        choices = []
        for tier in TIERS:
            found = self.content.set_aside_instrument(tier)  # type: ignore[arg-type]
            if found and bard and found.id in bard.set_aside:
                note = f"discard two {TIER_NAMES[tier]} items"
                choices.append(Choice(tier, found.name, note))
        text = "Discard two items of one tier: gain and equip its set-aside instrument (no action)."
        picked = await self.pick("Gain which instrument?", text, choices)
        if picked:
            self.do(a.GainInstrument(tier=picked))  # type: ignore[arg-type]

    @asks
    async def action_learn_song(self) -> None:
        bard = self.state.bard
        known = set(bard.songs) if bard else set()
        choices = [Choice(s.id, s.name, f"needs {' '.join(s.needs)}")
                   for s in self.content.songs.values() if s.id not in known]
        picked = await self.pick("Learn which song?", "Songs are skills: add your skill cards' "
                                 "songs to your content (README).", choices)
        if picked:
            self.do(a.LearnSong(song=picked))

    # --- the Tinkerer -----------------------------------------------------------------------

    @asks
    async def action_place_bomb(self) -> None:
        tinkerer = self.state.tinkerer
        pool = {"small": tinkerer.small_bombs, "large": tinkerer.large_bombs} if tinkerer else {}
        choices = [Choice(s, f"A {s} bomb", f"{n} in the pool") for s, n in pool.items() if n]
        empty = [Choice(s, f"A {s} bomb", "none in the pool") for s, n in pool.items() if not n]
        size = await self.pick("Place which bomb?", "Not an action; paid by Mana or a "
                               "discarded item, never a gizmo.", choices, empty)
        if not size:
            return
        zones = list(dict.fromkeys(b.zone for b in tinkerer.placed)) if tinkerer else []
        hint = f"Zones with bombs: {', '.join(zones)}" if zones else "e.g. Hall, Crypt, Z3"
        zone = await self.ask("In which zone?", "Name the zone on the board.", hint)
        if not zone:
            return
        pay = await self.pick("Paid by?", "", [Choice("item", "Discarding an item"),
                                               Choice("mana", "Mana (as the skill says)")])
        if pay == "mana":
            amounts = [Choice(str(n), f"{n} Mana") for n in range(1, 6)]
            mana = await self.pick("How much Mana?", "As the skill asks.", amounts)
            if mana:
                self.do(a.PlaceBomb(size=size, zone=zone, pay="mana",  # type: ignore[arg-type]
                                    mana=int(mana)))
        elif pay:
            self.do(a.PlaceBomb(size=size, zone=zone, pay="item"))  # type: ignore[arg-type]

    @asks
    async def action_draw_gizmo(self) -> None:
        choices = [Choice(t, f"A {TIER_NAMES[t]} gizmo") for t in TIERS]
        picked = await self.pick("Which treasure token?", "Its tier is the gizmo's rarity.",
                                 choices)
        if picked:
            self.do(a.DrawGizmo(tier=picked))  # type: ignore[arg-type]

    @asks
    async def action_spend_gizmo(self) -> None:
        tinkerer = self.state.tinkerer
        held = set(tinkerer.gizmos) if tinkerer else set()
        used = set(tinkerer.used_effects) if tinkerer else set()
        choices, unavailable = [], []
        for effect in self.content.gizmo_effects.values():
            name = f"{effect.name} ({TIER_NAMES[effect.tier]})"
            if effect.id in used:
                unavailable.append(Choice(effect.id, name, "used this round"))
            elif effect.tier not in held:
                unavailable.append(Choice(effect.id, name, f"needs a {TIER_NAMES[effect.tier]} "
                                          "gizmo"))
            else:
                choices.append(Choice(effect.id, name, effect.text))
        text = "The gizmo goes back to the bag; each effect once per round."
        picked = await self.pick("Spend a gizmo: which effect?", text, choices, unavailable)
        if picked:
            self.do(a.SpendGizmo(effect=picked))

    @asks
    async def action_trade_gizmo(self) -> None:
        tinkerer = self.state.tinkerer
        held = list(dict.fromkeys(tinkerer.gizmos)) if tinkerer else []
        choices = [Choice(t, f"A {TIER_NAMES[t]} gizmo") for t in held]
        picked = await self.pick("Trade which gizmo at the Forge?",
                                 "As an item of its tier; it goes back to the bag.", choices)
        if picked:
            self.do(a.TradeGizmo(tier=picked))  # type: ignore[arg-type]

    @asks
    async def action_exo_armor(self) -> None:
        choices = [Choice("upper", "Upper part", "hand items go to the inventory"),
                   Choice("lower", "Lower part", "head, torso, legs, misc. items go to the "
                          "inventory")]
        picked = await self.pick("Gain which Exo-Armor part?", "By discarding items (never "
                                 "gizmos); no tier, never traded or discarded.", choices)
        if picked:
            self.do(a.GainExoArmor(part=picked))  # type: ignore[arg-type]

    async def _construct(self, title: str, in_play: bool) -> str | None:
        tinkerer = self.state.tinkerer
        there = set(tinkerer.constructs) if tinkerer else set()
        choices = [Choice(c.id, c.name) for c in self.content.constructs.values()
                   if (c.id in there) == in_play]
        return await self.pick(title, "", choices)

    @asks
    async def action_create_construct(self) -> None:
        picked = await self._construct("Create which construct?", in_play=False)
        if picked:
            self.do(a.CreateConstruct(construct=picked))  # type: ignore[arg-type]

    @asks
    async def action_activate_construct(self) -> None:
        picked = await self._construct("Activate which construct?", in_play=True)
        if picked:
            self.do(a.ActivateConstruct(construct=picked))  # type: ignore[arg-type]

    @asks
    async def action_construct_kill(self) -> None:
        picked = await self._construct("Which construct killed?", in_play=True)
        if not picked:
            return
        xp = await self.pick("How much XP?", "It goes to the Tinkerer.",
                             [Choice(str(n), f"{n} XP") for n in range(1, 7)])
        if xp:
            self.do(a.ConstructKill(construct=picked, xp=int(xp)))  # type: ignore[arg-type]

    @asks
    async def action_construct_killed(self) -> None:
        picked = await self._construct("Which construct is killed?", in_play=True)
        if picked:
            self.do(a.ConstructKilled(construct=picked))  # type: ignore[arg-type]

    @asks
    async def action_skill(self) -> None:
        tinkerer = self.state.tinkerer
        choices = [Choice(s, s.replace("-", " ").title(), f"level {tinkerer.skill(s)}"
                          if tinkerer else "") for s in SKILLS]
        skill = await self.pick("Which skill?", "The levels that change what the app allows.",
                                choices)
        if not skill:
            return
        level = await self.pick("Which level?", "", [Choice(str(n), f"Level {n}")
                                                     for n in range(0, 6)])
        if level is not None:
            self.do(a.SetSkill(skill=skill, level=int(level)))  # type: ignore[arg-type]

    @asks
    async def action_equip_item(self) -> None:
        name = await self.ask("Which item?", "Its name, as on the card:")
        if not name:
            return
        slots = [Choice(s, s.title()) for s in SLOTS] + [Choice("-", "The inventory")]
        slot = await self.pick(f"{name}: where?", "", slots)
        if slot:
            self.do(a.EquipItem(name=name, slot=None if slot == "-" else slot))  # type: ignore[arg-type]

    @asks
    async def action_drop_item(self) -> None:
        tinkerer = self.state.tinkerer
        choices = [Choice(i.name, i.name, i.slot or "inventory")
                   for i in (tinkerer.items if tinkerer else ())]
        picked = await self.pick("Discard which item?", "", choices)
        if picked:
            self.do(a.DropItem(name=picked))

    # --- the game ---------------------------------------------------------------------------

    def _moved(self, how: Callable[[], str | None], word: str) -> None:
        if self.session is None:
            return
        try:
            label = how()
        except (RuleError, SaveError) as err:
            self.say(f"Refused: {err}", refused=True)
            return
        self.say(f"{word}: {label}" if label else f"Nothing to {word.lower()}",
                 refused=label is None)
        self.show(self.session.state, list(self.session.history[:LOG_LINES]))

    def action_undo(self) -> None:
        if self.session is not None:
            self._moved(self.session.undo, "Undone")

    def action_redo(self) -> None:
        if self.session is not None:
            self._moved(self.session.redo, "Redone")

    def action_help(self) -> None:
        self.app.push_screen(KeysScreen())

    def action_log(self) -> None:
        if self.session is not None:
            self.app.push_screen(LogScreen(list(self.session.history)))

    def action_quit(self) -> None:
        self.app.exit()
