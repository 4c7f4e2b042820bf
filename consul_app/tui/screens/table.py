"""The table screen: the panes of a game in play, and every key the Consul uses during it.

Each key dispatches an engine action through the session (so the journal, the log and undo
cover it); a refused action shows the engine's reason. The screen decides no rule.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TypeVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container
from textual.events import Key, Resize
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import TabbedContent, TabPane

from consul_app.content import Edition
from consul_app.rules import (
    Action,
    AddStatus,
    AdvanceGauge,
    Choice,
    ConfirmStep,
    DestroyHero,
    DestroyMarked,
    DestroyMiniBoss,
    DestroyMonsters,
    DestroySummoned,
    EndGame,
    EndTurn,
    Heal,
    MiniBossOption,
    Recap,
    RuleError,
    Spawn,
    SpawnMiniBoss,
    Step,
    Summon,
    Wound,
    answer,
    card,
    describe,
    immune_to,
    marked_monsters,
    mini_bosses_left,
    reflected_sighting,
    refusal,
    summons_out,
    turn_name,
    words,
)
from consul_app.sde.game import finished
from consul_app.session import SaveError, Session
from consul_app.tui.choices import (
    Target,
    boss_choices,
    boss_ref,
    game_cards,
    marked_choices,
    mini_boss_choice,
    monster_ref,
    point_statuses,
    relic_choice,
    relic_slots,
    spawning_point_choices,
    spawning_point_destroyed,
    spawning_point_ref,
    status_action,
    status_choices,
    statuses_of,
)
from consul_app.tui.held_keys import hold_keys, let_keys_go
from consul_app.tui.screens.card import CardScreen
from consul_app.tui.screens.chart_edit import ChartEditScreen
from consul_app.tui.screens.confirm import ConfirmScreen
from consul_app.tui.screens.history import HistoryScreen, undo_notice
from consul_app.tui.screens.lookup import LookupScreen
from consul_app.tui.screens.pick_many import PickManyScreen
from consul_app.tui.screens.pick_one import PickOneScreen
from consul_app.tui.textual_compat import key_bindings, set_key_bindings
from consul_app.tui.typed_count import COUNT_WINDOW, TypedCount
from consul_app.tui.view import TableView
from consul_app.tui.widgets.bonuses import BonusesPane
from consul_app.tui.widgets.boss_card import CARD_STEPS, BossPane
from consul_app.tui.widgets.chart import ChartPane
from consul_app.tui.widgets.footer import Footer
from consul_app.tui.widgets.log import LogPane
from consul_app.tui.widgets.next_step import NextStep
from consul_app.tui.widgets.notice_line import NoticeLine
from consul_app.tui.widgets.pane import Pane
from consul_app.tui.widgets.pool import PoolPane, PoolTable
from consul_app.tui.widgets.prompts import PromptsPane

Answer = TypeVar("Answer")

COUNT_KEYS = ("w", "W", "x", "X", "k", "K", "a", "A", "f", "F", "g")
"""Keys a count typed before them applies to (`2w`: a hit of two wounds)."""
HOW_MANY = "number_sign"
"""`#`: the digits typed next are a count at every layout, never a pane (`#2w`)."""

WIDE = Size(110, 34)
"""From this size up the panes stand side by side; below it they are tabs."""

PANES = ("steps", "pool", "chart", "boss", "bonuses", "log")
"""Pane ids in the order of their keys 1-6 (and of the tabs)."""

GRID_ORDER = ("chart", "steps", "boss", "pool", "bonuses", "log")
"""Side by side: the chart down the left, the others in a 2-column grid beside it."""

FIGHT_ORDER = ("boss", "steps", "chart", "pool", "bonuses", "log")
"""Once the boss has spawned its card takes the left column (its fight card's effects are read
at the spawn and the timeout) and the chart, whose part is over, takes the boss's place."""

CONFIRM_IN_A_DIALOG = ("mini-boss-refresh",)
"""Steps confirmed in a dialog that shows their rule text (they interrupt the usual flow)."""

ANNOUNCED = ("sighting-effects",)
"""Steps announced when they come up (the timeout announces itself too)."""

FRESH = "A {name} without wounds or status effects"
"""The choice of a monster on the dungeon not yet marked."""

PLAYING = frozenset(
    (
        *("end_turn", "end_game", "spawn_one", "destroy_one", "wound", "heal", "status"),
        *("spawn_mini_boss", "destroy_mini_boss", "destroy_spawning_point", "wound_point"),
        *("heal_point", "point_status", "summon", "summoned_destroyed", "wound_monster"),
        *("heal_monster", "monster_status", "destroy_hero", "gauge", "how_many"),
    )
)
"""Actions of keys that play the game on: once it is over (the boss defeated, or `E`) they
are neither shown (footer, command palette) nor bound, and only undo brings them back."""


class TableScreen(Screen[None]):
    """A game in play: the next step on top, the panes below (tabs on a small terminal)."""

    CSS_PATH = "../table.tcss"

    BINDINGS = [
        Binding(
            "enter",
            "confirm",
            "Do the step; if none, the card",
            priority=True,
            show=False,
            id="table.confirm",
        ),
        Binding("e", "end_turn", "End turn", id="table.end_turn"),
        Binding("space,plus", "spawn_one", "Spawn", key_display="space", id="table.spawn"),
        Binding("d", "destroy_one", "Destroyed", id="table.destroy"),
        Binding("w", "wound('boss')", "Boss wound", id="table.boss_wound"),
        Binding(
            HOW_MANY,
            "how_many",
            "Count",
            key_display="#",
            tooltip="how many, on any tab (# then the number, then the key: #2w is a hit of two)",
            id="table.how_many",
        ),
        Binding("W", "heal('boss')", "Boss heal", show=False, id="table.boss_heal"),
        Binding("s", "status('boss')", "Boss status", show=False, id="table.boss_status"),
        Binding("x", "wound('mini-boss')", "Mini-boss wound", show=False, id="table.mini_wound"),
        Binding("X", "heal('mini-boss')", "Mini-boss heal", show=False, id="table.mini_heal"),
        Binding("S", "status('mini-boss')", "Mini-boss status", show=False, id="table.mini_status"),
        Binding("m", "spawn_mini_boss", "Spawn a mini-boss", show=False, id="table.mini_spawn"),
        Binding("M", "destroy_mini_boss", "Mini-boss destroyed", show=False, id="table.mini_dead"),
        Binding(
            "p",
            "destroy_spawning_point",
            "Spawning point destroyed",
            show=False,
            id="table.point_dead",
        ),
        Binding("k", "wound_point", "Spawning point wound", show=False, id="table.point_wound"),
        Binding("K", "heal_point", "Spawning point heal", show=False, id="table.point_heal"),
        Binding("P", "point_status", "Spawning point status", show=False, id="table.point_status"),
        Binding("f", "summon", "Fight card model out", show=False, id="table.summon"),
        Binding(
            "F", "summoned_destroyed", "Fight card model destroyed", show=False, id="table.unsummon"
        ),
        Binding("a", "wound_monster", "Selected monster wound", show=False, id="table.mon_wound"),
        Binding("A", "heal_monster", "Selected monster heal", show=False, id="table.mon_heal"),
        Binding(
            "t", "monster_status", "Selected monster status", show=False, id="table.mon_status"
        ),
        Binding("v", "correct_chart", "Correct the chart", show=False, id="table.chart"),
        Binding("h", "destroy_hero", "A hero destroyed", show=False, id="table.hero_dead"),
        Binding("g", "gauge", "Power gauge +1 (1.0)", show=False, id="table.gauge"),
        Binding("c", "card", "Card of the selected monster", show=False, id="table.card"),
        Binding("b", "boss_card", "The boss's card", show=False, id="table.boss_card"),
        Binding("B", "mini_boss_card", "The mini-boss's card", show=False, id="table.mini_card"),
        Binding("slash", "lookup", "Look up", key_display="/", id="table.lookup"),
        Binding("u,ctrl+z", "undo", "Undo", id="table.undo"),
        Binding("r,ctrl+y", "redo", "Redo", show=False, id="table.redo"),
        Binding("H", "history", "History", show=False, id="table.history"),
        Binding("T", "story", "The game's story", show=False, id="table.story"),
        Binding("E", "end_game", "End the game", show=False, id="table.end_game"),
        *[
            Binding(
                str(n),
                f"digit({n}, '{pane}')",
                f"Show the {pane} pane (just before {' '.join(COUNT_KEYS)}: how many)",
                show=False,
                id=f"table.pane_{pane}",
            )
            for n, pane in enumerate(PANES, 1)
        ],
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.compact = True
        self.panes: list[Pane | PoolPane] = []
        self._shown_step: Step | None = None
        self._composed = False
        self.counted = TypedCount()
        """Digits typed just before a key: how many wounds or heals (`2w`)."""
        self._recomposing = False
        """A resize is composing the panes anew (tabs for panes, or panes for tabs)."""
        self._tab_hint: str | None = None
        """Said once the count key right after such a digit has done its one."""
        self._view: TableView | None = None
        self._painted: TableView | None = None
        """The view the panes show (`show_game`)."""
        self._keys_shown: dict[str, str] = {}
        self._over = finished(session.state)
        """The game is over: the keys that play it are off (`check_action`)."""
        self.recap = session.recap()
        """Since your last turn: on the steps pane when the game opens and when a turn begins,
        until a key is pressed."""
        self._name_the_end_of_the_turn()

    def _name_the_end_of_the_turn(self) -> None:
        """The footer's `e` says what it ends in this edition's words (1.0: the round)."""
        word = turn_name(self.session.state).split()[0].lower()
        self.end_turn_label = f"End {word}"
        bindings = key_bindings(self, "e")
        set_key_bindings(
            self,
            "e",
            [replace(b, description=self.end_turn_label) if b.action == "end_turn" else b
             for b in bindings],
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """After the game is over only the keys that still do something show (and work)."""
        return action not in PLAYING or not self._over

    @classmethod
    def keys(cls, screen: Screen | None) -> list[Binding]:
        """The table's keys for the help screen, in the words of `screen`'s game if it is one."""
        if not isinstance(screen, TableScreen):
            return [b for b in cls.BINDINGS if isinstance(b, Binding)]
        return [
            replace(b, description=screen.end_turn_label) if b.action == "end_turn" else b
            for b in cls.BINDINGS
            if isinstance(b, Binding)
        ]

    # -- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        self.compact = _is_compact(self.app.size)
        self.panes = _panes(self.session.state.setup.edition)
        yield NextStep(id="next-step", classes="title-bar")
        if self.compact:
            shown = self._opening_pane() or "pool"
            with TabbedContent(id="tabs", initial=f"tab-{shown}"):
                for pane in self.panes:
                    with TabPane(_tab_label(pane, pane.id == shown), id=f"tab-{pane.id}"):
                        yield pane
        else:
            by_id = {pane.id: pane for pane in self.panes}
            fight = self.view().boss.spawned
            with Container(id="panes", classes="-boss-fight" if fight else ""):
                yield from (by_id[pane_id] for pane_id in (FIGHT_ORDER if fight else GRID_ORDER))
        # Enter's step is in the bar above; at 80 columns the palette's key is left to `?`.
        yield Footer(compact=self.compact, show_command_palette=not self.compact)
        yield NoticeLine()  # over the footer's row: notices never cover a pane

    def on_mount(self) -> None:
        self.session.listener = self._follow  # every new state the session publishes
        self._start()
        unsaid = getattr(self.app, "unsaid", None)  # (ConsulApp: what the opening posted)
        if unsaid is not None:
            self.query_one(NoticeLine).tell(unsaid())

    def on_screen_suspend(self) -> None:
        """The notices said here are on the notice line: they do not follow as toasts onto a
        screen shown over the table (a dialog, the story)."""
        self.app.clear_notifications()

    def _start(self) -> None:
        """Fill the panes just composed; the spawning pool has the keys' focus."""
        self._shown_step = None
        self._composed = True
        self.show_game()
        wanted = self._opening_pane() if self.compact else None
        self._focus(wanted or "pool")  # (compact: the tab composed as the first one shown)

    def _in_play(self) -> bool:
        """The app runs and this screen is on its stack: a screen closing (the app quits) takes
        its panes away while keys and resizes already sent to it are still to come."""
        return self.app.is_running and self in self.app.screen_stack

    def _opening_pane(self) -> str | None:
        """The tab shown first: the step's pane, or the steps with the recap."""
        return _pane_for(None, self.current_step()) or ("steps" if self.recap else None)

    async def on_resize(self, event: Resize) -> None:
        """Tabs or panes, as the terminal's size is now: resizes in quick succession come
        after it changed again, and `compose` lays out for the app's size, not the event's.
        (A screen closing as the app quits has nothing left to lay out, and mounts nothing.)"""
        if not self._in_play():
            return
        if _is_compact(self.app.size) != self.compact:
            hold_keys(self.app)  # (they act on the panes once they are whole and drawn)
            self._recomposing = True
            try:
                await self.recompose()
                self._recomposing = False
                if self.query(NextStep):
                    self._start()
            finally:
                self._recomposing = False
                self.call_after_refresh(let_keys_go, self.app)
        else:  # (a new height alone does not resize the bar, yet sets its rows)
            self.query_one(NextStep).fit()

    @on(TabbedContent.TabActivated)
    def _tab_shown(self, event: TabbedContent.TabActivated) -> None:
        """Focus the pane shown; its tab is marked in brackets too (not by colour alone).
        (Not the tabs a resize has just removed: their message may come after.)"""
        tabs = event.tabbed_content
        if tabs not in self.query(TabbedContent):
            return
        self._focus(event.pane.query_one(".pane").id or "")
        for pane in self.panes:
            shown = f"tab-{pane.id}" == tabs.active
            tabs.get_tab(f"tab-{pane.id}").label = _tab_label(pane, shown)

    # -- rendering ------------------------------------------------------------------------

    def view(self) -> TableView:
        """The views of the game as it stands, computed once per state (and recap)."""
        state, recap = self.session.state, self.recap
        if self._view is None or self._view.state is not state or self._view.recap is not recap:
            self._view = TableView(self.session.pack, state, self.session.history, recap)
        return self._view

    def current_step(self) -> Step | None:
        return self.view().current

    def _follow(self, state: object) -> None:
        """The session published a new state (an action, an undo or a redo settled, a failed
        write read back, the history's undo): the panes show it, unless they already do (a
        change made here is shown while its fsync runs, `_show_settled`)."""
        if self._in_play() and self.view() is not self._painted:
            self.show_game()

    def show_game(self) -> None:
        """Render every pane from the session's state (not while the panes are composed anew:
        their start shows it, once they are whole)."""
        if self._recomposing:
            return
        view = self.view()
        self._painted = view
        if finished(view.state) != self._over:
            self._over = not self._over
            self.refresh_bindings()
        bar = self.query_one(NextStep)
        bar.show(view, self._hint(view.current))
        for pane in self.panes:
            if isinstance(pane, PromptsPane):  # (the step's text there only if the bar cut it)
                pane.bar_whole = bar.whole
            pane.show(view)
        before, step = self._shown_step, view.current
        self._shown_step = step
        just_composed, self._composed = self._composed, False  # (then `_start` shows the pane)
        if self.compact and not just_composed and (pane := _pane_for(before, step)):
            self.action_pane(pane)
        if not self.compact:
            self._arrange()

    @on(NextStep.Cut)
    def _bar_cut(self) -> None:
        """The bar shows the step's text whole, or no longer, at this size or with a count."""
        self.show_game()

    def _arrange(self) -> None:
        """The boss card and the chart change places when the boss spawns (or that is undone);
        a spawn step gives the spawning pool the rows it needs."""
        panes = self.query_one("#panes")
        step = self.view().current
        panes.set_class(step is not None and step.spawns, "-spawning")
        fight = self.view().boss.spawned
        if panes.has_class("-boss-fight") == fight:
            return
        panes.set_class(fight, "-boss-fight")
        boss, chart, steps = (self.query_one(f"#{pane}") for pane in ("boss", "chart", "steps"))
        if fight:
            panes.move_child(boss, before=chart)
            panes.move_child(chart, after=steps)
            said = words(self.session.state.setup.edition)
            self.notify(  # (one line at 80 columns)
                f"its card is on the left now, the {said.chart.lower()} top right.",
                title="The boss fight begins",
            )
        else:
            panes.move_child(chart, before=boss)
            panes.move_child(boss, after=steps)

    def _hint(self, step: Step | None) -> str:
        """Which keys do the current step."""
        enter = self._key("table.confirm")
        if self._over:  # no turn to end
            return f"{self._key('app.new_game')}: new game   {self._key('table.undo')}: undo"
        if step is None:
            end = f"{self._key('table.end_turn')}: {describe(self.session.pack, EndTurn())}"
            if self.view().boss.in_play:
                return f"{self._key('table.boss_wound')}: the boss takes a wound   {end}"
            return f"{end}   ?: keys"
        if step.spawns and any(line.may_spawn for line in self.view().pool):
            return f"{self._key('table.spawn')}: spawn one   {enter}: done"
        if step.spawns:  # nothing may spawn (the pool says why)
            return f"{enter}: done"
        if step.needs_answer or step.key in CONFIRM_IN_A_DIALOG:
            return f"{enter}: decide"
        if isinstance(step.action, ConfirmStep):
            return f"{enter}: done"  # the title above says what
        assert step.action is not None
        return f"{enter}: {describe(self.session.pack, step.action)}"

    def _key(self, binding_id: str) -> str:
        """The key of a binding as shown (after any keymap: set before the game opens, so
        looked up once)."""
        if binding_id not in self._keys_shown:
            active = [a.binding for a in self.active_bindings.values()]
            known = [*active, *self.BINDINGS, *self.app.BINDINGS]
            binding = next(b for b in known if getattr(b, "id", None) == binding_id)
            assert isinstance(binding, Binding)
            self._keys_shown[binding_id] = self.app.get_key_display(binding)
        return self._keys_shown[binding_id]

    # -- dispatching ----------------------------------------------------------------------

    def dispatch(self, action: Action) -> bool:
        """Apply `action` through the session; a refusal is shown, not raised."""
        timeout_before = self.session.state.boss.timeout
        over = finished(self.session.state)
        turn = self.session.state.turn
        before = self.current_step()
        shown = self._shown()
        try:
            self.session.dispatch(action, overlap=True)
        except RuleError as err:
            self.notify(str(err), title="Not now", severity="warning")
            return False
        except SaveError as err:
            self.save_failed(err)
            return False
        try:
            if self.session.state.turn != turn:
                self._recap_the_phase(turn)
        finally:
            self._show_settled(shown)
        if self.session.failed is not None:
            return False
        hint, self._tab_hint = self._tab_hint, None
        if hint is not None:  # (before the timeout's announcement, which says more)
            self.notify(hint, severity="warning")
        self._announce(timeout_before, before)
        if finished(self.session.state) and not over:
            self.action_story()
        return True

    def action_end_game(self) -> None:
        """End the game before the boss is defeated (the heroes lost, or here it stops)."""
        self._pick(
            "End the game",
            "The game ends here: nothing more can be done but undo. Its story opens.",
            [
                Choice("heroes-lost", "The heroes lost", "the boss stands"),
                Choice("ended", "End the game here", "the Consul stops it"),
            ],
            lambda result: EndGame(result=result),  # type: ignore[arg-type]
        )

    def action_story(self) -> None:
        """The game's story so far (it opens by itself when the game ends)."""
        from consul_app.tui.screens.summary import SummaryScreen  # plotext: only when asked

        try:
            told = self.session.story()
        except SaveError as err:  # a damaged line before the checkpoint resumed from
            self.notify(str(err), title="Cannot tell the story", severity="error", timeout=30)
            return
        self.app.push_screen(SummaryScreen(told))

    def _recap_the_phase(self, turn: int) -> None:
        """A new turn has begun: the steps pane tells what the phase of `turn` did (once it is
        over: 1.0 may open steps as a round begins)."""
        recap = self.session.recap()
        if recap is None or recap.turn != turn:
            return
        self.recap = recap
        if self.compact:
            self.action_pane("steps")

    def on_key(self, event: Key) -> None:
        """Any key dismisses the recap and an error notice (and then does what it does). Digits
        without a pane (0, 7-9) count too; Esc or any key that takes no count forgets a count
        typed."""
        if not self._in_play():
            return
        self._dismiss_recap()
        undo = key_bindings(self, event.key)
        self.query_one(NoticeLine).read(event.key, undoing=any(b.action == "undo" for b in undo))
        self._tab_hint = None
        if event.character in ("0", "7", "8", "9"):
            self.action_digit(int(event.character))
        elif event.key not in COUNT_KEYS and not event.key.isdigit():
            if self.counted.pending:
                self._take_count()
            self.counted.forget_tab()

    def _dismiss_recap(self) -> None:
        if self.recap is not None:
            self.recap = None
            self.show_game()

    def _announce(self, timeout_before: bool, step_before: Step | None) -> None:
        """The timeout, and a boss sighting that hits heroes, announce themselves."""
        step = self.current_step()
        if step is None:
            return
        # (short, one line at 80 columns: the step's whole text is in the top bar)
        if self.session.state.boss.timeout and not timeout_before:
            boss = self.view().boss
            said = f"{boss.name}, {boss.wounds} wounds: its steps come first."
            self.notify(said, title="TIMEOUT!", severity="warning", timeout=15)
        elif step.key in ANNOUNCED and (step_before is None or step_before.key != step.key):
            said = "heroes on those tiles are hit (top bar)."
            self.notify(said, title=f"{step.title}!", severity="warning", timeout=15)

    def action_confirm(self) -> None:
        """Enter: do the current step, or open its decision; with nothing due, the card of the
        monster under the pool's cursor (in the Boss pane: the boss's)."""
        self._dismiss_recap()
        step = self.current_step()
        if step is None and self.query_one(PoolTable).has_focus:
            self.action_card()
        elif step is None and self.query_one("#boss").has_focus:
            self.action_boss_card()
        elif step is None:
            self.notify(self._hint(None), title="Nothing is due", severity="warning")
        elif step.key in CONFIRM_IN_A_DIALOG and step.action is not None:
            action = step.action
            self.app.push_screen(
                ConfirmScreen(step.title, step.text),
                self._then(lambda done: action if done else None),
            )
        elif step.needs_answer:
            self._decide(step)
        else:
            assert step.action is not None
            self.dispatch(step.action)

    def _decide(self, step: Step) -> None:
        """A decision's dialog; the engine turns the ids picked into the answer."""
        if step.key == "relics":
            pack, state = self.session.pack, self.session.state
            choices = [relic_choice(pack, c) for c in step.choices]

            def check(picked: list[str]) -> tuple[str, str | None]:
                return relic_slots(pack, picked), refusal(pack, state, answer(step, picked))

            self.app.push_screen(
                PickManyScreen(step.title, step.text, choices, step.limit or 0, check),
                self._then(lambda picked: answer(step, picked)),
            )
        elif step.key == "boss-sighting" and self.session.state.setup.heroes_with(
            "dark-reflection"
        ):
            self._reflect(step, {})
        else:
            self._pick(step.title, step.text, step.choices, lambda picked: answer(step, [picked]))

    def _reflect(self, step: Step, reflected: dict[str, int]) -> None:
        """Dark Reflection: ask each such hero's tile (the sighting's text says what it does),
        then the sighting itself with every tile it hits."""
        state = self.session.state
        left = [h for h in state.setup.heroes_with("dark-reflection") if h not in reflected]
        if not left:
            shown = reflected_sighting(self.session.pack, state, step, reflected)
            self._pick(
                shown.title, shown.text, shown.choices, lambda id_: answer(step, [id_], reflected)
            )
            return
        hero = left[0]
        tiles = [Choice(str(n), f"Tile {n}") for n in range(1, state.setup.tiles + 1)]

        def asked(tile: str | None) -> None:
            if tile is not None:
                self._reflect(step, {**reflected, hero: int(tile)})

        self.app.push_screen(
            PickOneScreen(
                f"{step.title}: Dark Reflection", f"{step.text}\n\nWhich tile is {hero} on?", tiles
            ),
            asked,
        )

    def _pick(
        self,
        title: str,
        text: str,
        choices: list[Choice],
        action: Callable[[str], Action],
        unavailable: list[Choice] | None = None,
    ) -> None:
        """Ask for one of `choices`; dispatch `action(choice)` unless put off."""
        if not choices:
            self.notify(f"{title}: there is nothing to choose from.", severity="warning")
            return
        refused = self._every_answer_refused([action(c.id) for c in choices])
        if refused is not None:  # no question whose every answer the engine would refuse
            self.notify(refused, title="Not now", severity="warning")
            return
        self.app.push_screen(PickOneScreen(title, text, choices, unavailable), self._then(action))

    def _every_answer_refused(self, actions: list[Action | None]) -> str | None:
        """The engine's first reason if it refuses every one of `actions` now, else None."""
        reasons = []
        for made in actions:
            reason = None if made is None else refusal(self.session.pack, self.session.state, made)
            if reason is None:
                return None
            reasons.append(reason)
        return reasons[0]

    def _then(self, action: Callable[[Answer], Action | None]) -> Callable[[Answer | None], None]:
        """A dialog's callback: dispatch the action for its answer (none when put off)."""

        def answered(answer: Answer | None) -> None:
            made = action(answer) if answer is not None else None
            if made is not None:
                self.dispatch(made)

        return answered

    def action_end_turn(self) -> None:
        self._take_count()
        self.dispatch(EndTurn())

    def action_digit(self, digit: int, pane: str | None = None) -> None:
        """A digit typed just before a key says how many (`TypedCount`). Digits 1-6 also show
        their pane; in tabs, one that brings another tab to the front only switches."""
        if self.counted.held:
            self.counted.digit(digit)
            self.query_one(NextStep).show_count(self.counted.shown)
            return
        if pane is not None and self.compact and not self._showing(pane):
            self._take_count()
            self.action_pane(pane)
            self.counted.brought_tab(digit, pane)
            return
        self.counted.digit(digit, new=pane is not None and not self._focused(pane))
        self.query_one(NextStep).show_count(self.counted.shown)
        self.set_timer(COUNT_WINDOW, self._count_expired)
        if pane is not None:
            self.action_pane(pane)

    def action_how_many(self) -> None:
        """`#`: how many, at every layout. The digits typed next are the count, never a pane,
        and it waits for its key (`#2w`: a hit of two wounds, also on another tab); any
        other key, Esc too, forgets it."""
        self.counted.hold()
        self.query_one(NextStep).show_count(self.counted.shown)

    def _count_expired(self) -> None:
        """The bar stops showing a count that no longer applies (one begun with `#` waits)."""
        if self.counted.expired():
            self._take_count()

    def _take_count(self, hit: bool = False) -> int:
        """The count typed just before this key (1 without one); it is used up. `hit`: the key
        takes a count; if it takes 1 because the digit just before it only brought a tab to
        the front, it says so once it is done (`_tab_hint`)."""
        count, brought = self.counted.take(hit)
        if brought is not None:
            digit, pane = brought
            self._tab_hint = _tab_digit_hint(digit, self.query_one(f"#{pane}"))
        self.query_one(NextStep).show_count(None)
        return count

    def _highlighted(self) -> str | None:
        if self.compact:
            self.action_pane("pool")
        monster = self.query_one(PoolTable).highlighted()
        if monster is None:
            self.notify("The spawning pool is empty.", severity="warning")
        return monster

    def action_spawn_one(self) -> None:
        monster = self._highlighted()
        if monster is not None:
            self.dispatch(Spawn(monsters={monster: 1}))

    def action_destroy_one(self) -> None:
        """One of the monster under the cursor destroyed: on a marked one's row, that one."""
        monster = self._highlighted()
        if monster is not None:
            which = self.query_one(PoolTable).highlighted_mark()
            if which is None:
                self.dispatch(DestroyMonsters(monsters={monster: 1}))
            else:
                self.dispatch(DestroyMarked(model=monster, which=which))

    def action_wound(self, target: Target) -> None:
        count = self._take_count(hit=True)
        self._on_boss(target, f"takes {count}", lambda on: Wound(**on, wounds=count))

    def action_heal(self, target: Target) -> None:
        count = self._take_count(hit=True)
        self._on_boss(target, f"heals {count}", lambda on: Heal(**on, wounds=count))

    def _on_boss(self, target: Target, verb: str, action: Callable[[dict], Action]) -> None:
        """The mini-boss, or the boss: with several bosses of the fight in play (Ugg and
        Mugg), which one is asked."""
        state = self.session.state
        choices = boss_choices(self.session.pack, state) if target == "boss" else []
        if len(choices) < 2:
            self.dispatch(action({"target": target}))
            return
        wounds = verb.split()[-1] != "1"
        title = f"Boss {verb} wound{'s' * wounds}"
        self._pick(title, "Which boss?", choices, lambda b: action(boss_ref(state, b)))

    def action_wound_point(self) -> None:
        self._on_point("takes", self._take_count(hit=True), lambda p, n: Wound(**p, wounds=n))

    def action_heal_point(self) -> None:
        self._on_point("heals", self._take_count(hit=True), lambda p, n: Heal(**p, wounds=n))

    def _on_point(self, verb: str, count: int, action: Callable[[dict, int], Action]) -> None:
        """Pick a standing spawning point (the only one needs no dialog) for a hit or heal."""
        choices = spawning_point_choices(self.session.pack, self.session.state, wounds=True)
        if len(choices) == 1:
            self.dispatch(action(spawning_point_ref(choices[0].id), count))
            return
        self._pick(
            f"Spawning point {verb} {count} wound{'s' * (count != 1)}",
            "Which spawning point?",
            choices,
            lambda choice: action(spawning_point_ref(choice), count),
        )

    def action_status(self, target: Target) -> None:
        state = self.session.state
        choices = boss_choices(self.session.pack, state) if target == "boss" else []
        if len(choices) < 2:
            self._status_on({"target": target}, statuses_of(state, target), target)
            return

        def on(boss: str | None) -> None:
            if boss is not None:
                name = next(c.name for c in choices if c.id == boss)
                self._status_on(boss_ref(state, boss), statuses_of(state, target, boss), name)

        self.app.push_screen(PickOneScreen("Status effect on a boss", "Which boss?", choices), on)

    def _status_on(self, on: dict, has: list[str], who: str) -> None:
        """Pick a status effect to put on the model `on` (the action's target fields), or one
        it has to take off."""
        pack, state = self.session.pack, self.session.state

        def immune(status: str) -> str | None:
            return immune_to(pack, state, AddStatus(**on, status=status))

        self._pick(
            f"Status effect on the {who}",
            "Put one on, or take off one it has:",
            status_choices(pack, has, immune),
            lambda status: status_action(on, status, has),
        )

    def action_point_status(self) -> None:
        """A status effect on a standing spawning point (the only one needs no dialog)."""
        pack, state = self.session.pack, self.session.state
        choices = spawning_point_choices(pack, state)

        def on(choice: str | None) -> None:
            if choice is not None:
                has = point_statuses(pack, state, choice)
                name = next(c.name for c in choices if c.id == choice)
                self._status_on(spawning_point_ref(choice), has, name)

        if len(choices) == 1:
            on(choices[0].id)
        elif not choices:
            self.notify("No spawning point stands.", severity="warning")
        else:
            self.app.push_screen(
                PickOneScreen("Status effect on a spawning point", "Which one?", choices), on
            )

    def action_monster_status(self) -> None:
        """A status effect on a monster of the kind under the pool's cursor: the marked one on
        the cursor's row, else a fresh one from the dungeon or one already marked (asked when
        there are several)."""
        monster = self._highlighted()
        if monster is None:
            return
        pack, state = self.session.pack, self.session.state
        name = pack.monsters[monster].name
        marked = marked_monsters(state, monster)

        def on(picked: str | None) -> None:
            if picked is None:
                return
            which = None if picked == "fresh" else int(picked)
            has = [] if which is None else marked[which].status
            who = name if which is None else f"{name} #{which + 1}"
            self._status_on(monster_ref(monster, which), has, who)

        row = self.query_one(PoolTable).highlighted_mark()
        choices = marked_choices(pack, state, monster, fresh=FRESH)
        if row is not None:
            on(str(row))
        elif not choices:
            self.notify(f"No {name} is on the dungeon.", severity="warning")
        elif len(choices) == 1:
            on(choices[0].id)
        else:
            self.app.push_screen(
                PickOneScreen(f"Status effect on a {name}", "Which one?", choices), on
            )

    def action_spawn_mini_boss(self) -> None:
        """Those the engine would spawn now; the others are listed, greyed, with the reason."""
        options = mini_bosses_left(self.session.pack, self.session.state)
        may = [mini_boss_choice(o) for o in options if o.may_spawn]
        if not may:
            said = _no_mini_boss(options)
            self.notify(said, title="No mini-boss may spawn now", severity="warning")
            return
        self._pick(
            "Spawn a mini-boss",
            "Which mini-boss comes onto the dungeon?",
            may,
            lambda mini_boss: SpawnMiniBoss(mini_boss=mini_boss),
            [mini_boss_choice(o) for o in options if not o.may_spawn],
        )

    def action_destroy_mini_boss(self) -> None:
        mini = self.session.state.mini_boss
        if mini is None:
            self.notify("No mini-boss is on the dungeon.", severity="warning")
            return
        self.dispatch(DestroyMiniBoss(mini_boss=mini.id))

    def action_destroy_spawning_point(self) -> None:
        self._pick(
            "Spawning point destroyed",
            "Which spawning point did the heroes destroy?",
            spawning_point_choices(self.session.pack, self.session.state),
            spawning_point_destroyed,
        )

    def action_summon(self) -> None:
        self._summoned("come into play", lambda name, n: Summon(model=name, count=n))

    def action_summoned_destroyed(self) -> None:
        self._summoned("destroyed", lambda name, n: DestroySummoned(model=name, count=n))

    def _summoned(self, what: str, action: Callable[[str, int], Action]) -> None:
        """The fight card's counted models ("until four are out"): pick the kind if several."""
        count = self._take_count(hit=True)
        kinds = summons_out(self.session.pack, self.session.state)
        if not kinds:
            self.notify("This boss's fight card brings no counted models.", severity="warning")
        elif len(kinds) == 1:
            self.dispatch(action(kinds[0][0], count))
        else:
            choices = [Choice(name, f"{name}: {out} of {up_to} out") for name, out, up_to in kinds]
            self._pick(f"{count} {what}", "Which models?", choices, lambda n: action(n, count))

    def action_wound_monster(self) -> None:
        """The monster under the pool's cursor takes a hit: a fresh one from the dungeon, or
        one already wounded (asked when there are both, or several wounded)."""
        self._on_monster(True, self._take_count(hit=True))

    def action_heal_monster(self) -> None:
        self._on_monster(False, self._take_count(hit=True))

    def _on_monster(self, wound: bool, count: int) -> None:
        """On the marked monster of the cursor's row, else a fresh one (a hit) or one marked
        (asked when there are several)."""
        monster = self._highlighted()
        if monster is None:
            return
        pack, state = self.session.pack, self.session.state
        kind = Wound if wound else Heal
        name = pack.monsters[monster].name
        row = self.query_one(PoolTable).highlighted_mark()
        choices = marked_choices(pack, state, monster, fresh=FRESH if wound else None)
        if row is not None or len(choices) <= 1:
            which = row
            if which is None and choices and choices[0].id != "fresh":
                which = 0  # (the only marked one)
            self.dispatch(kind(target="monster", model=monster, which=which, wounds=count))
            return
        self._pick(
            f"{name} {'takes' if wound else 'heals'} {count}",
            "Which one?",
            choices,
            lambda picked: kind(
                target="monster",
                model=monster,
                which=None if picked == "fresh" else int(picked),
                wounds=count,
            ),
        )

    def action_correct_chart(self) -> None:
        """Correct this game's chart against the printed board, for the games to come: the
        game in progress keeps the chart it started with."""
        state = self.session.state
        if state.chart is None:
            self.notify(
                "SDE 1.0 plays with a power gauge, not a chart (see data/README.md).",
                severity="warning",
            )
            return
        content = self.app.content  # type: ignore[attr-defined]
        chart = content.edition(state.setup.edition).charts.get(state.chart)
        chart = chart or self.session.pack.charts[state.chart]
        self.app.push_screen(ChartEditScreen(content, chart))

    def action_destroy_hero(self) -> None:
        self.dispatch(DestroyHero())

    def action_gauge(self) -> None:
        self.dispatch(AdvanceGauge(squares=self._take_count(hit=True)))

    def action_card(self) -> None:
        """The card of the monster under the pool's cursor (on a marked one's row: its own,
        with the status effects it suffers)."""
        monster = self._highlighted()
        if monster is not None:
            self.show_card(monster, self.query_one(PoolTable).highlighted_mark())

    def action_boss_card(self) -> None:
        """The dungeon boss's card; with several bosses in the fight, which one is asked."""
        choices = boss_choices(self.session.pack, self.session.state, all_of_them=True)
        if not choices:
            self.show_card(self.session.state.setup.boss)
            return
        self.app.push_screen(
            PickOneScreen("A boss's card", "Whose card?", choices),
            lambda picked: None if picked is None else self.show_card(picked),
        )

    def action_mini_boss_card(self) -> None:
        """The mini-boss on the dungeon; else pick one of those brought to this game."""
        mini = self.session.state.mini_boss
        if mini is not None:
            self.show_card(mini.id)
            return
        options = mini_bosses_left(self.session.pack, self.session.state)
        if not options:
            self.notify("No mini-boss was brought to this game.", severity="warning")
            return
        choices = [Choice(o.id, o.name, o.where) for o in options]
        self.app.push_screen(
            PickOneScreen("A mini-boss's card", "None is on the dungeon. Whose card?", choices),
            lambda picked: None if picked is None else self.show_card(picked),
        )

    def show_card(self, model: str, marked: int | None = None) -> None:
        """Open `model`'s card as the engine computes it now (an id it does not know: why);
        `marked`: of that marked monster of the kind."""
        try:
            view = card(self.session.pack, self.session.state, model, marked=marked)
        except RuleError as err:
            self.notify(str(err), title="No card", severity="warning")
            return
        CardScreen.open(self.app, view)

    def action_lookup(self) -> None:
        self.app.push_screen(LookupScreen(self.session.pack, self.show_card))

    def card_commands(self) -> list[tuple[str, str]]:
        """(name, model id) of every card of this game, for the command palette."""
        return game_cards(self.session.pack, self.session.state)

    def action_undo(self) -> None:
        self._travel("undo", "Undone", self.session.undo)

    def action_redo(self) -> None:
        self._travel("redo", "Redone", self.session.redo)

    def _travel(self, what: str, done: str, move: Callable[..., str | None]) -> None:
        """Undo or redo through the session; name what it took back or did again."""
        shown = self._shown()
        try:
            label = move(overlap=True)
        except RuleError as err:  # a redo the rules refuse now
            self.notify(str(err), title=f"Cannot {what}", severity="warning")
            return
        except SaveError as err:
            self.save_failed(err)
            return
        if label is None:
            self.notify(f"Nothing to {what}.", severity="warning")
            return
        self._show_settled(shown)
        if self.session.failed is None:
            self.notify(label, title=done)

    def _shown(self) -> _Shown:
        tab = self.query_one(TabbedContent).active if self.compact else None
        return _Shown(self.recap, self._shown_step, tab)

    def _show_settled(self, shown: _Shown) -> None:
        """Show a change made with `overlap=True` while its fsync runs, then wait for it: the
        frame that shows an action is drawn only once the action is on the disk. Textual draws
        frames on its event loop only (`Screen._on_timer_update` -> `_compositor_refresh` ->
        `App._display`, textual/screen.py), and calls a synchronous key handler straight
        through (`textual._callback._invoke`): no frame while this handler runs. If the fsync
        failed, the table is put back as it was (`shown`) and shows what the file holds. (The
        session publishes the change once settled: `_follow` finds it shown already.)"""
        try:
            self._follow(self.session.state)
        finally:
            try:
                self.session.settle()
            except SaveError as err:
                self.recap, self._shown_step = shown.recap, shown.step
                if shown.tab is not None:
                    self.query_one(TabbedContent).active = shown.tab
                self.save_failed(err)

    def action_history(self) -> None:
        """Every action by turn; "undo to here" comes back as the labels taken back."""
        try:
            history = HistoryScreen(self.session)
        except SaveError as err:  # a damaged line before the checkpoint resumed from
            self.notify(str(err), title="Cannot show the history", severity="error", timeout=30)
            return
        self.app.push_screen(history, self._undone)

    def _undone(self, labels: list[str] | None) -> None:
        """(The session published what the history undid: the panes follow it.)"""
        if labels:
            self.notify(undo_notice(labels), title="Undone")

    def save_failed(self, err: SaveError) -> None:
        """A write failed: the session now shows what the file holds; say so, and how to go on."""
        self.show_game()
        self.notify(
            f"{err}\nFix what stops the writing (a full disk?), then pick this game under o "
            "(saved games) to resume it.",
            title="Cannot save the game",
            severity="error",
            timeout=60,
        )

    def _showing(self, pane: str) -> bool:
        """In tabs: is `pane`'s tab the one in front?"""
        return self.query_one(TabbedContent).active == f"tab-{pane}"

    def _focused(self, pane: str) -> bool:
        """Has `pane` (or a widget in it: the pool's table) the focus?"""
        return self.query_one(f"#{pane}").has_focus_within

    def action_pane(self, pane: str) -> None:
        """Show (in tabs) and focus a pane."""
        if self.compact:
            self.query_one(TabbedContent).active = f"tab-{pane}"
        self._focus(pane)

    def _focus(self, pane: str) -> None:
        """Focus a pane (the spawning pool: its table, whose cursor the keys act on)."""
        target = self.query_one(f"#{pane}")
        (target.query_one(PoolTable) if pane == "pool" else target).focus()


def _tab_digit_hint(digit: int, pane: Widget) -> str:
    """What a count key right after a digit that only brought a tab to the front did (one)."""
    tab = str(pane.border_title or "").lstrip("0123456789 ")
    return f"{digit} only showed the {tab} tab: counted 1. For {digit}: #{digit}, then the key."


@dataclass(frozen=True)
class _Shown:
    """What a change may move on the table besides the game (put back if it is not saved)."""

    recap: Recap | None
    step: Step | None
    tab: str | None


def _panes(edition: Edition) -> list[Pane | PoolPane]:
    """The panes in the order of their keys (`PANES`); pane 3 named in the edition's words."""
    chart = ChartPane(id="chart")
    chart.border_title = f"3 {words(edition).chart}"
    return [
        PromptsPane(id="steps"),
        PoolPane(id="pool"),
        chart,
        BossPane(id="boss"),
        BonusesPane(id="bonuses"),
        LogPane(id="log"),
    ]


def _pane_for(before: Step | None, step: Step | None) -> str | None:
    """The pane to show when `step` has just come up, in the compact layout: the spawning pool
    for a spawn step, the boss card for a step that resolves its fight card."""
    if step is None or (before is not None and before.key == step.key):
        return None
    if step.spawns:
        return "pool"
    return "boss" if step.key in CARD_STEPS else None


def _no_mini_boss(options: list[MiniBossOption]) -> str:
    """Why no mini-boss may spawn: the engine's reason for one waiting or on the dungeon."""
    for where in ("waiting", "on the dungeon"):
        option = next((o for o in options if o.where == where), None)
        if option is not None:
            return f"{option.name}: {option.refusal}"
    if options:
        return "Every mini-boss brought to this game is destroyed."
    return "No mini-boss was brought to this game."


def _tab_label(pane: Widget, shown: bool) -> str:
    """A tab's label: the tab shown in brackets. Both are as wide, so that marking another
    tab never moves the underline Textual placed under the tab shown."""
    title = pane.border_title or ""
    return f"[{title}]" if shown else f" {title} "


def _is_compact(size: Size) -> bool:
    return size.width < WIDE.width or size.height < WIDE.height
