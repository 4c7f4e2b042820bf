"""The table screen: the panes of a game in play, and every key the Consul uses during it.

Each key dispatches an engine action through the session (so the journal, the log and undo
cover it); a refused action shows the engine's reason. The screen decides no rule.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container
from textual.events import Key, Resize
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import TabbedContent, TabPane, Tabs

from consul_app.rules import (
    Action,
    ConfirmStep,
    EndTurn,
    Recap,
    RuleError,
    Step,
    describe,
    edition,
    timeout_cause,
    turn_name,
)
from consul_app.sde.ended import finished
from consul_app.session import SaveError, Session
from consul_app.tui.held_keys import hold_keys, let_keys_go
from consul_app.tui.kept_lines import KeptLines
from consul_app.tui.one_frame import DrawsOnce
from consul_app.tui.screens.confirm import ConfirmScreen
from consul_app.tui.screens.table_dialogs import TableDialogs
from consul_app.tui.screens.table_keys import TableKeys
from consul_app.tui.table_bindings import COUNT_KEYS, TABLE_BINDINGS, game_keys
from consul_app.tui.textual_compat import key_bindings, set_key_bindings, underline_active_tab
from consul_app.tui.typed_count import TypedCount
from consul_app.tui.view import TableView
from consul_app.tui.widgets.bonuses import BonusesPane
from consul_app.tui.widgets.boss_card import BossPane
from consul_app.tui.widgets.chart import ChartPane
from consul_app.tui.widgets.footer import Footer
from consul_app.tui.widgets.log import LogPane
from consul_app.tui.widgets.next_step import NextStep
from consul_app.tui.widgets.notice_line import NoticeLine
from consul_app.tui.widgets.pane import Pane
from consul_app.tui.widgets.pool import PoolPane, PoolTable, give_rows
from consul_app.tui.widgets.prompts import PromptsPane

WIDE = Size(110, 34)
"""From this size up the panes stand side by side; below it they are tabs."""

GRID_ORDER = ("chart", "steps", "boss", "pool", "bonuses", "log")
"""Side by side: the chart down the left, the others in a 2-column grid beside it."""

FIGHT_ORDER = ("boss", "steps", "chart", "pool", "bonuses", "log")
"""Once the boss has spawned its card takes the left column (its fight card's effects are read
at the spawn and the timeout) and the chart, whose part is over, takes the boss's place."""

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


class TableScreen(TableKeys, TableDialogs, KeptLines, DrawsOnce):
    """A game in play: the next step on top, the panes below (tabs on a small terminal)."""

    CSS_PATH = "../table.tcss"

    BINDINGS = TABLE_BINDINGS

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
        self._untold: int | None = None
        """The turn whose phase is still to tell: the next turn began with its steps."""
        self._offered = self._offers()
        """What `check_action` offers now: refreshed (footer, palette) when it changes."""
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
        """Only the keys that do something now show (footer, palette) and work: after the
        game is over, none that plays it; `e` only when the engine would end the turn (in
        the power-up phase its steps come first). `on_key` says why a hidden `e` does
        nothing."""
        over, end_turn = self._offered
        if action in PLAYING and over:
            return False
        return action != "end_turn" or end_turn

    def _offers(self) -> tuple[bool, bool]:
        """The game is over; the engine would end the turn now."""
        return finished(self.session.state), self.view().end_turn_refused is None

    @classmethod
    def keys(cls, screen: Screen | None) -> list[Binding]:
        """The table's keys for the help screen, in the words of `screen`'s game if it is one."""
        if not isinstance(screen, TableScreen):
            return [b for b in cls.BINDINGS if isinstance(b, Binding)]
        played = edition(screen.session.state.setup.edition)
        return game_keys(cls.BINDINGS, played, screen.end_turn_label)

    # -- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        self.compact = _is_compact(self.app.size)
        self.panes = _panes(self.session.state.setup.edition)
        bar = NextStep(id="next-step", classes="title-bar")
        bar.steps_shown = not self.compact
        yield bar
        if self.compact:
            shown = self._opening_pane() or "pool"
            with TabbedContent(id="tabs", initial=f"tab-{shown}"):
                for pane in self.panes:
                    with PaneTab(_tab_label(pane, pane.id == shown), id=f"tab-{pane.id}"):
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
        if self.compact:  # (every tab laid out, the one in front on top: `_mark_tabs`)
            _mark_tabs(self.query_one(TabbedContent), self.panes)

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
        _mark_tabs(tabs, self.panes)

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
        self._over = finished(view.state)
        if self._offers() != self._offered:
            self._offered = self._offers()
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
            _arrange(self.query_one("#panes"), view, self.notify)
        self.prepare_card_soon()  # (a new state: the card under the cursor drawn anew)

    @on(PoolPane.NeedsRows)
    def _pool_needs_rows(self) -> None:
        if not self.compact and self.query("#panes"):
            _arrange(self.query_one("#panes"), self.view(), self.notify)

    @on(NextStep.Cut)
    def _bar_cut(self) -> None:
        """The bar shows the step's text whole, or no longer, at this size or with a count."""
        self.show_game()

    def _hint(self, step: Step | None) -> str:
        """Which keys do the current step."""
        return _step_hint(self.view(), step, self._key, over=self._over)

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
            elif self._untold is not None and self.current_step() is None:
                self._recap_the_phase(self._untold)  # (1.0: the round began with its steps)
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

    def _recap_the_phase(self, turn: int) -> None:
        """A new turn has begun: the steps pane tells what the phase of `turn` did (once it is
        over: 1.0 may open steps as a round begins)."""
        recap = self.session.recap()
        if recap is None or recap.turn != turn:
            self._untold = turn  # (told once the steps the next turn began with are done)
            return
        self._untold = None
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
        bound = key_bindings(self, event.key)
        self.query_one(NoticeLine).read(event.key, undoing=any(b.action == "undo" for b in bound))
        refused = self.view().end_turn_refused
        if refused and not self._over and any(b.action == "end_turn" for b in bound):
            self.notify(refused, title="Not now", severity="warning")  # (`e` is not offered)
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
            said = f"{timeout_cause(self.session.pack, self.session.state)}: its steps come first."
            self.notify(said, title="TIMEOUT!", severity="warning", timeout=15)
        elif step.announced and (step_before is None or step_before.key != step.key):
            said = "heroes on those tiles are hit (top bar)."
            self.notify(said, title=f"{step.title}!", severity="warning", timeout=15)

    def action_confirm(self) -> None:
        """Enter: do the current step, or open its decision; with nothing due, the card of the
        monster under the pool's cursor (in the Boss pane: the boss's)."""
        self._dismiss_recap()
        self.query_one(NoticeLine).read("enter")  # (a priority key: `on_key` never sees it)
        step = self.current_step()
        if step is None and self.query_one(PoolTable).has_focus:
            self.action_card()
        elif step is None and self.query_one("#boss").has_focus:
            self.action_boss_card()
        elif step is None:
            self.notify(self._hint(None), title="Nothing is due", severity="warning")
        elif step.in_a_dialog and step.action is not None:
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
        """Show (in tabs) and focus a pane, drawn in one frame (`draw_once_settled`)."""
        if self._shown_pane() == pane:
            return
        self.draw_once_settled()
        if self.compact:
            tabs = self.query_one(TabbedContent)
            tabs.active = f"tab-{pane}"
            _mark_tabs(tabs, self.panes)
        self._focus(pane)

    def _shown_pane(self) -> str | None:
        """The pane in front and focused (None while another widget has the focus)."""
        focused = self.focused
        for pane in self.panes:
            if focused is not None and (focused is pane or pane in focused.ancestors):
                in_front = not self.compact or self._showing(pane.id or "")
                return pane.id if in_front else None
        return None

    def _focus(self, pane: str) -> None:
        """Focus a pane (the spawning pool: its table, whose cursor the keys act on)."""
        target = self.query_one(f"#{pane}")
        # (now, not after this key as `focus()` would: the screen, which repaints whole when
        # its focus moves, is then drawn once, with the pane)
        self.set_focus(target.query_one(PoolTable) if pane == "pool" else target, False)


def _arrange(panes: Widget, view: TableView, notify: Callable[..., None]) -> None:
    """The boss card and the chart change places when the boss spawns (or that is undone); a
    spawn step gives the spawning pool the rows it needs (outside one: `give_rows`)."""
    step = view.current
    spawning = step is not None and step.spawns
    panes.set_class(spawning, "-spawning")
    give_rows(panes, panes.query_one(PoolPane), spawning)
    fight = view.boss.spawned
    if panes.has_class("-boss-fight") == fight:
        return
    panes.set_class(fight, "-boss-fight")
    boss, chart, steps = (panes.query_one(f"#{pane}") for pane in ("boss", "chart", "steps"))
    if fight:
        panes.move_child(boss, before=chart)
        panes.move_child(chart, after=steps)
        said = edition(view.state.setup.edition).words
        notify(  # (one line at 80 columns)
            f"its card is on the left now, the {said.chart.lower()} top right.",
            title="The boss fight begins",
        )
    else:
        panes.move_child(chart, before=boss)
        panes.move_child(boss, after=steps)


def _step_hint(view: TableView, step: Step | None, key: Callable[[str], str], *, over: bool) -> str:
    """Which keys do `step` (`key`: a binding's key as shown, by its id)."""
    enter = key("table.confirm")
    if over:  # no turn to end
        return f"{key('app.new_game')}: new game   {key('table.undo')}: undo"
    if step is None:
        end = f"{key('table.end_turn')}: {describe(view.pack, EndTurn(), view.state)}"
        if view.boss.in_play:
            return f"{key('table.boss_wound')}: the boss takes a wound   {end}"
        return f"{end}   ?: keys"
    if step.spawns and any(line.may_spawn for line in view.pool):
        return f"{key('table.spawn')}: spawn one   {enter}: done"
    if step.spawns:  # nothing may spawn (the pool says why)
        return f"{enter}: done"
    if step.needs_answer or step.in_a_dialog:
        return f"{enter}: decide"
    if isinstance(step.action, ConfirmStep):
        return f"{enter}: done"  # the title above says what
    assert step.action is not None
    return f"{enter}: {describe(view.pack, step.action, view.state)}"


def _panes(edition_id: str) -> list[Pane | PoolPane]:
    """The panes in the order of their keys (`PANES`); pane 3 named in the edition's words."""
    chart = ChartPane(id="chart")
    chart.border_title = f"3 {edition(edition_id).words.chart}"
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
    return "boss" if step.card_section is not None else None



def _mark_tabs(tabs: TabbedContent, panes: list[Pane | PoolPane]) -> None:
    """The tab shown in brackets and underlined, its pane on top of the others (every tab's
    pane is laid out, table.tcss), in the frame that shows it (Textual moves the underline a
    frame later, and a number key's TabActivated may come after a frame)."""
    for pane in panes:
        shown = f"tab-{pane.id}" == tabs.active
        label = _tab_label(pane, shown)
        tab = tabs.get_tab(f"tab-{pane.id}")
        if str(tab.label) != label:  # (a label set lays the tabs out again: a frame)
            tab.label = label
        tab_pane = tabs.get_pane(f"tab-{pane.id}")
        tab_pane.display = True  # (all laid out, see table.tcss; the one in front on top)
        tab_pane.set_class(shown, "-front")
    underline_active_tab(tabs.query_one(Tabs))
    tabs.screen.query_one(NextStep).steps_shown = tabs.active == "tab-steps"


def _tab_label(pane: Widget, shown: bool) -> str:
    """A tab's label: the tab shown in brackets. Both are as wide, so that marking another
    tab never moves the underline Textual placed under the tab shown."""
    title = pane.border_title or ""
    return f"[{title}]" if shown else f" {title} "


class PaneTab(TabPane):
    """A tab's pane: every one is laid out, the one in front on top (`-front`, table.tcss);
    those behind take no focus (Tab passes them by)."""

    def allow_focus_children(self) -> bool:
        return self.has_class("-front")


def _is_compact(size: Size) -> bool:
    return size.width < WIDE.width or size.height < WIDE.height


@dataclass(frozen=True)
class _Shown:
    """What a change may move on the table besides the game (put back if it is not saved)."""

    recap: Recap | None
    step: Step | None
    tab: str | None
