"""The table's keys that play the game on a model: the typed count before them (`2w`, see
`TypedCount`), spawning and destroying monsters, wounds and heals, fight-card models, the
cards and the lookup, undo, redo and the history. A mixin of `TableScreen`."""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property

from textual.timer import Timer
from textual.widget import Widget

from consul_app.rules import (
    Action,
    AdvanceGauge,
    Choice,
    DestroyHero,
    DestroyMarked,
    DestroyMiniBoss,
    DestroyMonsters,
    DestroySummoned,
    EndGame,
    EndTurn,
    Heal,
    RuleError,
    Spawn,
    Summon,
    Wound,
    mini_bosses_left,
)
from consul_app.session import SaveError
from consul_app.tui.card_views import CardViews
from consul_app.tui.choices import (
    Target,
    boss_choices,
    boss_ref,
    game_cards,
    marked_choices,
    spawning_point_choices,
    spawning_point_destroyed,
)
from consul_app.tui.screens.card import CardScreen
from consul_app.tui.screens.history import HistoryScreen, undo_notice
from consul_app.tui.screens.lookup import LookupScreen
from consul_app.tui.screens.pick_one import PickOneScreen
from consul_app.tui.screens.table_dialogs import FRESH
from consul_app.tui.typed_count import COUNT_WINDOW
from consul_app.tui.widgets.next_step import NextStep
from consul_app.tui.widgets.pool import PoolTable

CARD_AHEAD = 0.05
"""Seconds the pool's cursor rests on a row before its card is drawn ahead (a cursor held
down draws none of those it passes)."""


class TableKeys:
    """The keys of the table screen that act on the game (mixed into `TableScreen`)."""

    _card_ahead: Timer | None = None

    @cached_property
    def _card_views(self) -> CardViews:
        """The cards opened in this state."""
        return CardViews()

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
        if len(choices) < 2:  # (one left in play: that one, Mugg once Ugg is destroyed)
            self.dispatch(action(boss_ref(state, choices[0].id) if choices else {"target": target}))
            return
        wounds = verb.split()[-1] != "1"
        title = f"Boss {verb} wound{'s' * wounds}"
        self._pick(title, "Which boss?", choices, lambda b: action(boss_ref(state, b)))

    def action_wound_point(self) -> None:
        self._on_point("takes", self._take_count(hit=True), lambda p, n: Wound(**p, wounds=n))

    def action_heal_point(self) -> None:
        self._on_point("heals", self._take_count(hit=True), lambda p, n: Heal(**p, wounds=n))

    def action_destroy_mini_boss(self) -> None:
        mini = self.session.state.mini_boss
        if mini is None:
            self.notify("No mini-boss is on the dungeon.", severity="warning")
            return
        self.dispatch(DestroyMiniBoss(mini_boss=mini.id))

    def action_destroy_spawning_point(self) -> None:
        """Which one the heroes destroyed (the only one standing needs no question)."""
        choices = spawning_point_choices(self.session.pack, self.session.state)
        if len(choices) == 1:
            self.dispatch(spawning_point_destroyed(choices[0].id))
            return
        self._pick(
            "Spawning point destroyed",
            "Which spawning point did the heroes destroy?",
            choices,
            spawning_point_destroyed,
        )

    def action_summon(self) -> None:
        self._summoned("come into play", lambda name, n: Summon(model=name, count=n))

    def action_summoned_destroyed(self) -> None:
        self._summoned("destroyed", lambda name, n: DestroySummoned(model=name, count=n))

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
        """The mini-boss on the dungeon; else the only one brought to this game, or pick one of
        those brought."""
        mini = self.session.state.mini_boss
        if mini is not None:
            self.show_card(mini.id)
            return
        options = mini_bosses_left(self.session.pack, self.session.state)
        if not options:
            self.notify("No mini-boss was brought to this game.", severity="warning")
            return
        if len(options) == 1:  # (the only one of the game: no question)
            self.show_card(options[0].id)
            return
        choices = [Choice(o.id, o.name, o.where) for o in options]
        self.app.push_screen(
            PickOneScreen("A mini-boss's card", "None is on the dungeon. Whose card?", choices),
            lambda picked: None if picked is None else self.show_card(picked),
        )

    def on_data_table_row_highlighted(self) -> None:
        self.prepare_card_soon()

    def prepare_card_soon(self) -> None:
        """Once the frame of a cursor move (or of a new state) is drawn and the pool's cursor
        has rested on its row `CARD_AHEAD` seconds more, the card of its monster in this state
        is drawn ahead: `c` then only shows it (the Consul sees it as soon as a cursor move).
        Counted from the frame: on a busy machine a key's frame can come later than that."""
        self._card_ahead_from(None)
        self.call_after_refresh(self._card_ahead_from, CARD_AHEAD)

    def _card_ahead_from(self, delay: float | None) -> None:
        """The card drawn ahead in `delay` seconds (None: not now)."""
        if self._card_ahead is not None:
            self._card_ahead.stop()
        self._card_ahead = None if delay is None else self.set_timer(delay, self._prepare_card)

    def _prepare_card(self) -> None:
        self._card_ahead = None
        pool = next(iter(self.query(PoolTable)), None)  # (none while a resize composes)
        monster = None if pool is None else pool.highlighted()
        if pool is None or monster is None or not self.is_current:
            return
        session = self.session
        try:
            view = self._card_views.card(
                session.pack, session.state, monster, marked=pool.highlighted_mark()
            )
        except RuleError:
            return  # (`c` says why)
        CardScreen.prepare(self.app, view)

    def show_card(self, model: str, marked: int | None = None) -> None:
        """Open `model`'s card as the engine computes it now (an id it does not know: why);
        `marked`: of that marked monster of the kind."""
        try:
            view = self._card_views.card(
                self.session.pack, self.session.state, model, marked=marked
            )
        except RuleError as err:
            self.notify(str(err), title="No card", severity="warning")
            return
        CardScreen.open(self.app, view)

    def action_lookup(self) -> None:
        self.app.push_screen(LookupScreen(self.session.pack, self.show_card))

    def card_commands(self) -> list[tuple[str, str]]:
        """(name, model id) of every card of this game, for the command palette."""
        return game_cards(self.session.pack, self.session.state)

    def action_end_turn(self) -> None:
        self._take_count()
        self.dispatch(EndTurn())

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


def _tab_digit_hint(digit: int, pane: Widget) -> str:
    """What a count key right after a digit that only brought a tab to the front did (one)."""
    tab = str(pane.border_title or "").lstrip("0123456789 ")
    return f"{digit} only showed the {tab} tab: counted 1. For {digit}: #{digit}, then the key."
