"""The watch screen: the table read-only, for the heroes' players (`consul watch`, `consul serve`).

It shows what a spectator wants (the chart, the bonuses per rank with their dice, the boss
card and wounds, what happened last) and follows the save as the Consul plays it: a cheap poll
of the file, rung at once by the doorbell where there is one. It has no action keys and asks
nothing: it never writes, locks or repairs the save.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container
from textual.events import Resize
from textual.geometry import Size
from textual.widgets import Static, TabbedContent, TabPane

from consul_app.base.shown import shown
from consul_app.rules import RuleError, card, edition, phase_name, turn_name
from consul_app.session.follow import Follower
from consul_app.session.timeline import Labels
from consul_app.tui.following import FollowsSave
from consul_app.tui.screens.card import CardScreen
from consul_app.tui.view import TableView
from consul_app.tui.widgets.bonuses import BonusesPane
from consul_app.tui.widgets.boss_card import BossPane
from consul_app.tui.widgets.chart import ChartPane
from consul_app.tui.widgets.footer import Footer
from consul_app.tui.widgets.log import LogPane
from consul_app.tui.widgets.next_step import NextStep
from consul_app.tui.widgets.pane import Pane
from consul_app.tui.widgets.pool import PoolPane

"""How often the save's stat is looked at (the doorbell rings sooner where there is one)."""

WIDE = Size(100, 30)
"""From this size up the panes stand side by side; below it they are tabs."""


class WatchScreen(FollowsSave):
    """A game as another Consul plays it, read-only, marked WATCHING."""

    CSS_PATH = "../table.tcss"
    """The table's panes, as the table screen shows them."""

    DEFAULT_CSS = """
    WatchScreen #watching {
        height: auto;
        padding: 0 1;
        background: $warning 25%;
        text-style: bold;
    }
    WatchScreen #next-step {
        max-height: 2;
    }
    WatchScreen #watch-panes {
        layout: grid;
        grid-size: 3 3;
        grid-columns: 30 1fr 1fr;
        grid-rows: 18fr 8fr 8fr;
        height: 1fr;
    }
    WatchScreen #watch-panes #chart {
        row-span: 3;
    }
    WatchScreen #watch-panes #pool {
        column-span: 2;
    }
    WatchScreen #watch-panes #boss {
        row-span: 2;
    }
    /* In the boss fight the boss's card takes the tall left column, the chart a small slot. */
    WatchScreen #watch-panes.-boss-fight {
        grid-columns: 46 1fr 1fr;
    }
    WatchScreen #watch-panes.-boss-fight #boss {
        row-span: 3;
    }
    WatchScreen #watch-panes.-boss-fight #chart {
        row-span: 1;
    }
    WatchScreen #watch-panes.-boss-fight #log {
        row-span: 2;
    }
    WatchScreen #watch-tabs {
        height: 1fr;
    }
    """

    BINDINGS = [
        Binding("b", "card('boss')", "The boss's card", id="watch.boss_card"),
        Binding("B", "card('mini-boss')", "The mini-boss's card", id="watch.mini_card"),
    ]
    """Only cards to read: nothing here changes the game."""

    def __init__(self, follower: Follower, clock: Callable[[], datetime] = datetime.now) -> None:
        super().__init__()
        self.follower = follower
        self.clock = clock
        """When the save was read, as the banner says (tests stop it)."""
        self.compact = True
        self.fight = False
        """The boss is in play: its card takes the tall column."""
        self.read_at: datetime | None = None

    def compose(self) -> ComposeResult:
        self.compact = _is_compact(self.app.size)
        self.fight = self._fight()
        panes = self._panes()
        yield Static(id="watching")
        bar = NextStep(id="next-step", classes="title-bar")
        bar.steps_pane = False
        yield bar
        if self.compact:
            initial = "tab-boss" if self.fight else "tab-pool"
            with TabbedContent(id="watch-tabs", initial=initial):
                for pane in panes:
                    with TabPane(pane.border_title or "", id=f"tab-{pane.id}"):
                        yield pane
        else:
            with Container(id="watch-panes", classes="-boss-fight" if self.fight else ""):
                if self.fight:  # (placed in this order: the boss's card first, the chart last)
                    order = ("boss", "pool", "bonuses", "log", "chart")
                    panes.sort(key=lambda pane: order.index(pane.id or ""))
                yield from panes
        yield Footer(compact=True, show_command_palette=False)

    def _fight(self) -> bool:
        game = self.follower.game
        return game is not None and game.timeline.state.boss.spawned

    def _panes(self) -> list[Pane | PoolPane]:
        """The spectator's panes, titled without the table's pane keys: the spawning pool is
        the table's, with the monsters on the dungeon as they play now (their dice, wounds
        and status effects, each marked one on a row of its own)."""
        game = self.follower.game
        assert game is not None  # the screen opens on a game read
        chart = ChartPane(id="chart")
        chart.border_title = edition(game.timeline.state.setup.edition).words.chart
        panes: list[Pane | PoolPane] = [
            chart,
            PoolPane(id="pool"),
            BossPane(id="boss"),
            BonusesPane(id="bonuses"),
            LogPane(id="log"),
        ]
        titles = ("Spawning pool and dungeon", "Boss", "Bonuses", "What happened")
        for pane, title in zip(panes[1:], titles, strict=True):
            pane.border_title = title
        return panes

    def on_mount(self) -> None:
        self.read_at = self.clock()
        self.show_game()
        self.follow()

    def followed(self, follower: Follower) -> None:
        """Show the save's new state (or its new problem)."""
        self.read_at = self.clock()
        if self._fight() != self.fight:  # (the boss spawned, or that was undone)
            self.call_later(self._laid_out_again)
            return
        self.show_game()

    async def _laid_out_again(self) -> None:
        await self.recompose()
        self.show_game()

    async def on_resize(self, event: Resize) -> None:
        if _is_compact(event.size) != self.compact:
            await self._laid_out_again()

    def show_game(self) -> None:
        game = self.follower.game
        assert game is not None  # the screen opens on a game read
        timeline = game.timeline
        history = Labels(timeline.done)  # read as far as the log shows
        view = TableView(timeline.pack, timeline.state, history)
        self.query_one("#watching", Static).update(self._banner(view))
        self.query_one(NextStep).show(view, "")
        for pane in self.query(Pane):
            pane.show(view)
        self.query_one(PoolPane).show(view)

    def action_card(self, whose: str) -> None:
        """The boss's (or the mini-boss's) card as the engine computes it now."""
        game = self.follower.game
        assert game is not None
        state = game.timeline.state
        model = state.setup.boss if whose == "boss" else state.mini_boss and state.mini_boss.id
        if model is None:
            self.notify("No mini-boss is on the dungeon.")
            return
        try:
            CardScreen.open(self.app, card(game.timeline.pack, state, model))
        except RuleError as err:
            self.notify(str(err), title="No card", severity="warning")

    def _banner(self, view: TableView) -> Text:
        """WATCHING, whose game, where it stands, what happened last, and any problem."""
        follower = self.follower
        at = self.read_at.strftime("%H:%M:%S") if self.read_at else ""
        lines = Text.assemble(
            (" WATCHING ", "bold reverse"),
            f"  read-only · {shown(follower.path.name)} · {turn_name(view.state)}, "
            f"{phase_name(view.state)} · read {at}",
        )
        if follower.last:
            lines.append(f"\nLast: {follower.last}")
        notes = list(follower.game.warnings) if follower.game else []
        if follower.problem:
            notes.insert(0, f"{follower.problem}. Showing the last good state.")
        for note in notes:
            lines.append(f"\n! {note}", style="bold")
        return lines


def _is_compact(size: Size) -> bool:
    return size.width < WIDE.width or size.height < WIDE.height
