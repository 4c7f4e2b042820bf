"""The table screen: the panes of a game in play, and every key the Consul uses during it.

Each key dispatches an engine action through the session (so the journal, the log and undo
cover it); a refused action shows the engine's reason. The screen decides no rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container
from textual.events import Resize
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Footer, TabbedContent, TabPane

from consul_app.rules import (
    Action,
    AdvanceGauge,
    Choice,
    DestroyHero,
    DestroyMiniBoss,
    DestroyMonsters,
    EndTurn,
    Heal,
    RuleError,
    Spawn,
    SpawnMiniBoss,
    Step,
    Wound,
    describe,
)
from consul_app.session import SaveError, Session
from consul_app.tui.choices import (
    ANSWERS,
    Target,
    mini_boss_choices,
    relic_choice,
    spawning_point_choices,
    spawning_point_destroyed,
    status_action,
    status_choices,
    statuses_of,
)
from consul_app.tui.screens.confirm import ConfirmScreen
from consul_app.tui.screens.pick_many import PickManyScreen
from consul_app.tui.screens.pick_one import PickOneScreen
from consul_app.tui.view import TableView
from consul_app.tui.widgets.bonuses import BonusesPane
from consul_app.tui.widgets.boss_card import BossPane
from consul_app.tui.widgets.chart import ChartPane
from consul_app.tui.widgets.log import LogPane
from consul_app.tui.widgets.next_step import NextStep
from consul_app.tui.widgets.pane import Pane
from consul_app.tui.widgets.pool import SPAWN_STEPS, PoolPane, PoolTable
from consul_app.tui.widgets.prompts import PromptsPane

Answer = TypeVar("Answer")

WIDE = Size(110, 34)
"""From this size up the panes stand side by side; below it they are tabs."""

PANES = ("steps", "pool", "chart", "boss", "bonuses", "log")
"""Pane ids in the order of their keys 1-6 (and of the tabs)."""

GRID_ORDER = ("chart", "steps", "boss", "pool", "bonuses", "log")
"""Side by side: the chart down the left, the others in a 2-column grid beside it."""

CONFIRM_IN_A_DIALOG = ("mini-boss-refresh",)
"""Steps confirmed in a dialog that shows their rule text (they interrupt the usual flow)."""

ANNOUNCED = ("sighting-effects",)
"""Steps announced when they come up (the timeout announces itself too)."""


class TableScreen(Screen[None]):
    """A game in play: the next step on top, the panes below (tabs on a small terminal)."""

    BINDINGS = [
        Binding("enter", "confirm", "Do the step", priority=True, id="table.confirm"),
        Binding("e", "end_turn", "End turn", id="table.end_turn"),
        Binding("space,plus", "spawn_one", "Spawn one", key_display="space", id="table.spawn"),
        Binding("d", "destroy_one", "One destroyed", id="table.destroy"),
        Binding("w", "wound('boss')", "Boss wound", id="table.boss_wound"),
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
        Binding("h", "destroy_hero", "A hero destroyed", show=False, id="table.hero_dead"),
        Binding("g", "gauge", "Power gauge +1 (1.0)", show=False, id="table.gauge"),
        Binding("u,ctrl+z", "undo", "Undo", id="table.undo"),
        Binding("r,ctrl+y", "redo", "Redo", id="table.redo"),
        *[
            Binding(
                str(n),
                f"pane('{pane}')",
                f"Show the {pane} pane",
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

    # -- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        self.compact = _is_compact(self.app.size)
        self.panes = _panes()
        yield NextStep(id="next-step")
        if self.compact:
            with TabbedContent(id="tabs"):
                for pane in self.panes:
                    with TabPane(pane.border_title or "", id=f"tab-{pane.id}"):
                        yield pane
        else:
            by_id = {pane.id: pane for pane in self.panes}
            with Container(id="panes"):
                yield from (by_id[pane_id] for pane_id in GRID_ORDER)
        yield Footer()

    def on_mount(self) -> None:
        self._start()

    def _start(self) -> None:
        """Fill the panes just composed; the spawning pool has the keys' focus."""
        self._shown_step = None
        self.show_game()
        self.query_one(PoolTable).focus()

    async def on_resize(self, event: Resize) -> None:
        if _is_compact(event.size) != self.compact:
            await self.recompose()
            self._start()

    @on(TabbedContent.TabActivated)
    def _tab_shown(self, event: TabbedContent.TabActivated) -> None:
        self._focus(event.pane.query_one(".pane").id or "")

    # -- rendering ------------------------------------------------------------------------

    def view(self) -> TableView:
        return TableView(self.session.pack, self.session.state, self.session.history)

    def current_step(self) -> Step | None:
        return self.view().current

    def show_game(self) -> None:
        """Render every pane from the session's state."""
        view = self.view()
        self.query_one(NextStep).show(view, self._hint(view.current))
        for pane in self.panes:
            pane.show(view)
        before, step = self._shown_step, view.current
        self._shown_step = step
        if self.compact and _spawn_begins(before, step):
            self.action_pane("pool")

    def _hint(self, step: Step | None) -> str:
        """Which keys do the current step."""
        enter = self._key("table.confirm")
        if step is None:
            end = f"{self._key('table.end_turn')}: {describe(self.session.pack, EndTurn())}"
            boss = self.session.state.boss
            if boss.spawned and not boss.defeated:
                return f"{self._key('table.boss_wound')}: the boss takes a wound   {end}"
            return f"{end}   ?: keys"
        if step.key in SPAWN_STEPS:
            return f"{self._key('table.spawn')}: spawn one   {enter}: done"
        if step.needs_answer or step.key in CONFIRM_IN_A_DIALOG:
            return f"{enter}: decide"
        assert step.action is not None
        return f"{enter}: {describe(self.session.pack, step.action)}"

    def _key(self, binding_id: str) -> str:
        """The key of a binding as shown (after any keymap)."""
        active = [a.binding for a in self.active_bindings.values()]
        binding = next(b for b in [*active, *self.BINDINGS] if getattr(b, "id", None) == binding_id)
        assert isinstance(binding, Binding)
        return self.app.get_key_display(binding)

    # -- dispatching ----------------------------------------------------------------------

    def dispatch(self, action: Action) -> bool:
        """Apply `action` through the session; a refusal is shown, not raised."""
        timeout_before = self.session.state.boss.timeout
        before = self.current_step()
        try:
            self.session.dispatch(action)
        except RuleError as err:
            self.notify(str(err), title="Not now", severity="warning")
            return False
        except SaveError as err:
            self.notify(str(err), title="Cannot save the game", severity="error", timeout=30)
            return False
        self.show_game()
        self._announce(timeout_before, before)
        return True

    def _announce(self, timeout_before: bool, step_before: Step | None) -> None:
        """The timeout, and a boss sighting that hits heroes, announce themselves."""
        step = self.current_step()
        if step is None:
            return
        if self.session.state.boss.timeout and not timeout_before:
            self.notify(step.text, title="TIMEOUT!", severity="warning", timeout=15)
        elif step.key in ANNOUNCED and (step_before is None or step_before.key != step.key):
            self.notify(step.text, title=f"{step.title}!", severity="warning", timeout=15)

    def action_confirm(self) -> None:
        """Enter: do the current step, or open its decision."""
        step = self.current_step()
        if step is None:
            self.notify(self._hint(None), title="Nothing is due")
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
        answer = ANSWERS[step.key]
        if step.key == "relics":
            choices = [relic_choice(self.session.pack, c) for c in step.choices]
            self.app.push_screen(
                PickManyScreen(step.title, step.text, choices, step.limit or 0), self._then(answer)
            )
        else:
            self._pick(step.title, step.text, step.choices, lambda picked: answer([picked]))

    def _pick(
        self, title: str, text: str, choices: list[Choice], action: Callable[[str], Action]
    ) -> None:
        """Ask for one of `choices`; dispatch `action(choice)` unless put off."""
        if not choices:
            self.notify(f"{title}: there is nothing to choose from.", severity="warning")
            return
        self.app.push_screen(PickOneScreen(title, text, choices), self._then(action))

    def _then(self, action: Callable[[Answer], Action | None]) -> Callable[[Answer | None], None]:
        """A dialog's callback: dispatch the action for its answer (none when put off)."""

        def answered(answer: Answer | None) -> None:
            made = action(answer) if answer is not None else None
            if made is not None:
                self.dispatch(made)

        return answered

    def action_end_turn(self) -> None:
        self.dispatch(EndTurn())

    def _highlighted(self) -> str | None:
        if self.compact:
            self.action_pane("pool")
        monster = self.query_one(PoolTable).highlighted()
        if monster is None:
            self.notify("The spawning pool is empty.")
        return monster

    def action_spawn_one(self) -> None:
        monster = self._highlighted()
        if monster is not None:
            self.dispatch(Spawn(monsters={monster: 1}))

    def action_destroy_one(self) -> None:
        monster = self._highlighted()
        if monster is not None:
            self.dispatch(DestroyMonsters(monsters={monster: 1}))

    def action_wound(self, target: Target) -> None:
        self.dispatch(Wound(target=target))

    def action_heal(self, target: Target) -> None:
        self.dispatch(Heal(target=target))

    def action_status(self, target: Target) -> None:
        has = statuses_of(self.session.state, target)
        self._pick(
            f"Status effect on the {target}",
            "Put one on, or take off one it has:",
            status_choices(self.session.pack, has),
            lambda status: status_action(target, status, has),
        )

    def action_spawn_mini_boss(self) -> None:
        self._pick(
            "Spawn a mini-boss",
            "Which mini-boss comes onto the dungeon?",
            mini_boss_choices(self.session.pack, self.session.state),
            lambda mini_boss: SpawnMiniBoss(mini_boss=mini_boss),
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

    def action_destroy_hero(self) -> None:
        self.dispatch(DestroyHero())

    def action_gauge(self) -> None:
        self.dispatch(AdvanceGauge())

    def action_undo(self) -> None:
        self._notify_history("Undone", self.session.undo(), "Nothing to undo.")

    def action_redo(self) -> None:
        try:
            label = self.session.redo()
        except RuleError as err:
            self.notify(str(err), title="Cannot redo", severity="warning")
            return
        self._notify_history("Redone", label, "Nothing to redo.")

    def _notify_history(self, verb: str, label: str | None, nothing: str) -> None:
        if label is None:
            self.notify(nothing)
            return
        self.show_game()
        self.notify(label, title=verb)

    def action_pane(self, pane: str) -> None:
        """Show (in tabs) and focus a pane."""
        if self.compact:
            self.query_one(TabbedContent).active = f"tab-{pane}"
        self._focus(pane)

    def _focus(self, pane: str) -> None:
        """Focus a pane (the spawning pool: its table, whose cursor the keys act on)."""
        target = self.query_one(f"#{pane}")
        (target.query_one(PoolTable) if pane == "pool" else target).focus()


def _panes() -> list[Pane | PoolPane]:
    """The panes in the order of their keys (`PANES`)."""
    return [
        PromptsPane(id="steps"),
        PoolPane(id="pool"),
        ChartPane(id="chart"),
        BossPane(id="boss"),
        BonusesPane(id="bonuses"),
        LogPane(id="log"),
    ]


def _spawn_begins(before: Step | None, step: Step | None) -> bool:
    """A spawn step has just come up (the compact layout then shows the spawning pool)."""
    if step is None or step.key not in SPAWN_STEPS:
        return False
    return before is None or before.key != step.key


def _is_compact(size: Size) -> bool:
    return size.width < WIDE.width or size.height < WIDE.height
