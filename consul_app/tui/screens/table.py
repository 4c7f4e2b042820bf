"""The table screen: the panes of a game in play, and every key the Consul uses during it.

Each key dispatches an engine action through the session (so the journal, the log and undo
cover it); a refused action shows the engine's reason. The screen decides no rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container
from textual.events import Resize
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, TabbedContent, TabPane

from consul_app.rules import (
    Action,
    AddStatus,
    AdvanceGauge,
    AnswerSighting,
    Choice,
    ChooseBonus,
    ChooseRelics,
    DestroyHero,
    DestroyMiniBoss,
    DestroyMonsters,
    DestroySpawningPoint,
    EndTurn,
    Heal,
    RemoveStatus,
    RuleError,
    Spawn,
    SpawnMiniBoss,
    Step,
    Wound,
    describe,
    power_up_steps,
    spawning_points_remaining,
)
from consul_app.session import SaveError, Session
from consul_app.tui.screens.confirm import ConfirmScreen
from consul_app.tui.screens.pick_many import PickManyScreen
from consul_app.tui.screens.pick_one import PickOneScreen
from consul_app.tui.view import TableView
from consul_app.tui.widgets.bonuses import BonusesPane
from consul_app.tui.widgets.boss_card import BossPane
from consul_app.tui.widgets.chart import ChartPane
from consul_app.tui.widgets.log import LogPane
from consul_app.tui.widgets.next_step import NextStep
from consul_app.tui.widgets.pool import SPAWN_STEPS, PoolPane, PoolTable
from consul_app.tui.widgets.prompts import PromptsPane

WIDE = Size(110, 34)
"""From this size up the panes stand side by side; below it they are tabs."""

PANES = ("steps", "pool", "chart", "boss", "bonuses", "log")
"""Pane ids in the order of their keys 1-6 (and of the tabs)."""

GRID_ORDER = ("chart", "steps", "boss", "pool", "bonuses", "log")
"""Side by side: the chart down the left, the others in a 2-column grid beside it."""

CONFIRM_IN_A_DIALOG = ("mini-boss-refresh",)
"""Steps confirmed in a dialog that shows their rule text (they interrupt the usual flow)."""


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

    # -- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        self.compact = _is_compact(self.app.size)
        yield NextStep(id="next-step")
        if self.compact:
            with TabbedContent(id="tabs"):
                for pane in _panes():
                    with TabPane(pane.border_title or "", id=f"tab-{pane.id}"):
                        yield pane
        else:
            by_id = {pane.id: pane for pane in _panes()}
            with Container(id="panes"):
                yield from (by_id[pane_id] for pane_id in GRID_ORDER)
        yield Footer()

    def on_mount(self) -> None:
        self.show_game()
        self.query_one(PoolTable).focus()

    async def on_resize(self, event: Resize) -> None:
        if _is_compact(event.size) != self.compact:
            await self.recompose()
            self.on_mount()

    @on(TabbedContent.TabActivated)
    def _tab_shown(self, event: TabbedContent.TabActivated) -> None:
        event.pane.query_one(".pane").focus()

    # -- rendering ------------------------------------------------------------------------

    def view(self) -> TableView:
        return TableView(self.session.pack, self.session.state, self.session.history)

    def current_step(self) -> Step | None:
        return next(
            (s for s in power_up_steps(self.session.pack, self.session.state) if s.current), None
        )

    def show_game(self) -> None:
        """Render every pane from the session's state."""
        view = self.view()
        self.query_one(NextStep).show(view, self._hint())
        for pane_id in PANES:
            self.query_one(f"#{pane_id}").show(view)  # type: ignore[attr-defined]
        step = self.current_step()
        if self.compact and step is not None and step.key in SPAWN_STEPS:
            self.action_pane("pool")

    def _hint(self) -> str:
        """Which keys do the current step."""
        step = self.current_step()
        enter = self._key("table.confirm")
        if step is None:
            end = describe(self.session.pack, EndTurn())
            return f"{self._key('table.end_turn')}: {end}   ?: every key"
        if step.key in SPAWN_STEPS:
            return f"{self._key('table.spawn')}: spawn one   {enter}: done"
        if step.needs_answer or step.key in CONFIRM_IN_A_DIALOG:
            return f"{enter}: decide"
        assert step.action is not None
        return f"{enter}: {describe(self.session.pack, step.action)}"

    def _key(self, binding_id: str) -> str:
        binding = next(b for b in self._bindings_by_id() if b.id == binding_id)
        return self.app.get_key_display(binding)

    def _bindings_by_id(self) -> Iterator[Binding]:
        for _key, binding in self._bindings:
            yield binding

    # -- dispatching ----------------------------------------------------------------------

    def dispatch(self, action: Action) -> bool:
        """Apply `action` through the session; a refusal is shown, not raised."""
        timeout_before = self.session.state.boss.timeout
        try:
            self.session.dispatch(action)
        except RuleError as err:
            self.notify(str(err), title="Not now", severity="warning")
            return False
        except SaveError as err:
            self.notify(str(err), title="Cannot save the game", severity="error", timeout=30)
            return False
        self.show_game()
        if self.session.state.boss.timeout and not timeout_before:
            step = self.current_step()
            self.notify(step.text if step else "", title="TIMEOUT!", severity="warning", timeout=15)
        return True

    def action_confirm(self) -> None:
        """Enter: do the current step, or open its decision."""
        step = self.current_step()
        if step is None:
            self.notify(self._hint(), title="Nothing is due")
        elif step.key in CONFIRM_IN_A_DIALOG and step.action is not None:
            action = step.action
            self.app.push_screen(
                ConfirmScreen(step.title, step.text), lambda ok: ok and self.dispatch(action)
            )
        elif step.needs_answer:
            self._decide(step)
        else:
            assert step.action is not None
            self.dispatch(step.action)

    def _decide(self, step: Step) -> None:
        answer = ANSWERS[step.key]
        if step.key == "relics":
            choices = [self._relic_choice(c) for c in step.choices]
            self.app.push_screen(
                PickManyScreen(step.title, step.text, choices, step.limit or 0),
                lambda ids: ids is not None and self.dispatch(answer(ids)),
            )
        else:
            self.app.push_screen(
                PickOneScreen(step.title, step.text, step.choices),
                lambda picked: picked is not None and self.dispatch(answer([picked])),
            )

    def _relic_choice(self, choice: Choice) -> Choice:
        """The relic with whose portrait it bears, if any (the engine offers only allowed ones)."""
        relic = self.session.pack.relics.get(choice.id)
        if relic is None or not relic.portrait:
            return replace(choice, name=f"{choice.name}  (no portrait: any boss)")
        bosses = self.session.pack.dungeon_bosses
        names = ", ".join(bosses[b].name if b in bosses else b for b in relic.portrait)
        return replace(choice, name=f"{choice.name}  (portrait: {names})")

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

    def action_wound(self, target: str) -> None:
        self.dispatch(Wound(target=target))  # type: ignore[arg-type]

    def action_heal(self, target: str) -> None:
        self.dispatch(Heal(target=target))  # type: ignore[arg-type]

    def action_status(self, target: str) -> None:
        state = self.session.state
        if target == "boss":
            has = state.boss.status
        else:
            has = state.mini_boss.status if state.mini_boss else []
        choices = [
            Choice(s.id, s.name, ("HAS IT: choose to remove. " if s.id in has else "") + s.text)
            for s in self.session.pack.status_effects.values()
        ]
        who = "the boss" if target == "boss" else "the mini-boss"

        def toggle(status: str | None) -> None:
            if status is None:
                return
            kind = RemoveStatus if status in has else AddStatus
            self.dispatch(kind(target=target, status=status))  # type: ignore[arg-type]

        self.app.push_screen(
            PickOneScreen(f"Status effect on {who}", "Put on or take off:", choices), toggle
        )

    def action_spawn_mini_boss(self) -> None:
        pack, state = self.session.pack, self.session.state
        choices = [
            Choice(
                m,
                pack.mini_bosses[m].name if m in pack.mini_bosses else m,
                "destroyed" if m in state.mini_bosses_destroyed else "",
            )
            for m in state.setup.mini_bosses
        ]
        self._pick(
            "Spawn a mini-boss",
            "Which mini-boss comes onto the dungeon?",
            choices,
            lambda m: SpawnMiniBoss(mini_boss=m),
        )

    def action_destroy_mini_boss(self) -> None:
        mini = self.session.state.mini_boss
        if mini is None:
            self.notify("No mini-boss is on the dungeon.", severity="warning")
            return
        self.dispatch(DestroyMiniBoss(mini_boss=mini.id))

    def action_destroy_spawning_point(self) -> None:
        pack = self.session.pack
        choices = [
            Choice(
                f"{point}@{tile}",
                f"{pack.spawning_points[point].name if point in pack.spawning_points else point}"
                f" on tile {tile}",
            )
            for point, tile in spawning_points_remaining(self.session.state)
        ]

        def destroyed(choice: str) -> Action:
            point, tile = choice.rsplit("@", 1)
            return DestroySpawningPoint(spawning_point=point, tile=int(tile))

        self._pick(
            "Spawning point destroyed",
            "Which spawning point did the heroes destroy?",
            choices,
            destroyed,
        )

    def _pick(
        self, title: str, text: str, choices: list[Choice], action: Callable[[str], Action]
    ) -> None:
        if not choices:
            self.notify(f"{title}: there is nothing to choose from.", severity="warning")
            return
        self.app.push_screen(
            PickOneScreen(title, text, choices),
            lambda picked: picked is not None and self.dispatch(action(picked)),
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
        target = self.query_one(f"#{pane}")
        (target.query_one(PoolTable) if pane == "pool" else target).focus()


ANSWERS: dict[str, Callable[[list[str]], Action]] = {
    "choose-bonus": lambda ids: ChooseBonus(bonus=ids[0]),
    "mini-boss": lambda ids: SpawnMiniBoss(mini_boss=ids[0]),
    "boss-sighting": lambda ids: AnswerSighting(heroes_present=ids[0] == "yes"),
    "relics": lambda ids: ChooseRelics(relics=ids),
}
"""The action that answers each decision, from the ids of the choices taken."""


def _panes() -> list[Widget]:
    return [
        PromptsPane(id="steps"),
        PoolPane(id="pool"),
        ChartPane(id="chart"),
        BossPane(id="boss"),
        BonusesPane(id="bonuses"),
        LogPane(id="log"),
    ]


def _is_compact(size: Size) -> bool:
    return size.width < WIDE.width or size.height < WIDE.height
