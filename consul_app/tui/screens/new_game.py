"""The new-game screen: three pages (game and boss, monsters, review) with playable defaults,
so Enter, Enter, Enter starts the engine's `default_setup`.

It is the first screen of a first start, so it imports only what its first page shows (the
engine's `setup`); the review, the chart and the modals import the rest when first used."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from msgspec.structs import replace
from rich.console import Group, RenderableType
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widget import AwaitMount, Widget
from textual.widgets import Input, Static

from consul_app.content import ContentPack, EditionPack
from consul_app.content.models import Chart
from consul_app.rules import (
    HERO_KEYWORDS,
    MAX_TILES,
    PARTY_SIZES,
    Setup,
    SetupError,
    all_editions,
    bosses_to_choose,
    default_setup,
    edition,
    pets_to_choose,
    setup_fields,
    with_hero_keyword,
)
from consul_app.tui import symbols
from consul_app.tui.widgets.choice_list import ChoiceList
from consul_app.tui.widgets.cycle_field import CycleField
from consul_app.tui.widgets.footer import Footer

if TYPE_CHECKING:
    from consul_app.tui.widgets.placements import Placements
    from consul_app.tui.widgets.tick_list import TickList

PAGES = ("game", "monsters", "review")
PAGE_TITLES = ("Game and dungeon boss", "Mini-bosses, spawning points, pets", "Review and start")
FILL_AFTER = 0.5
"""Seconds after the screen is mounted that its monsters page is filled in (`_fill_monsters`):
the first page has settled by then, and nobody presses a key that fast."""

SUSPECT = "? the reference's value, surely wrong: check your card"
"""After the hearts of a boss whose reference hearts are suspect (content `hearts_note`)."""


class NewGameScreen(Screen[Setup | None]):
    """Returns the chosen `Setup` (checked by the engine), or None when cancelled; as the
    app's first screen (which cannot be dismissed), it gives the setup to `on_start`."""

    BINDINGS = [
        Binding("enter", "next", "Next page / start", priority=True, id="setup.next"),
        Binding("escape", "back", "Back", id="setup.back"),
        Binding("v", "correct_chart", "Correct the chart", id="setup.chart"),
        Binding("down", "field(1)", "Next field", show=False),
        Binding("up", "field(-1)", "Previous field", show=False),
    ]

    def __init__(
        self,
        content: ContentPack,
        *,
        can_cancel: bool = False,
        on_start: Callable[[Setup], None] | None = None,
    ) -> None:
        super().__init__()
        self.content = content
        self.can_cancel = can_cancel
        self.on_start = on_start
        self.setup = _default_setup(content, all_editions(content)[0].id)
        self.chosen = self.setup
        """The setup as the Consul chose it: a new edition keeps the boss and the heroes."""
        self.page = 0

    @property
    def pack(self) -> EditionPack:
        return edition(self.setup.edition).pack(self.content)

    def compose(self) -> ComposeResult:
        self._monsters: AwaitMount | None = None
        yield Static(id="setup-title", classes="title-bar")
        # the first page only: the monsters and review pages come by `_fill_monsters`
        with Vertical(id="pages"), Horizontal(id="page-game"):
            with Vertical(classes="fields"):
                yield from self._fields()
            with Vertical(classes="column"):
                yield Static("Dungeon boss (Tab here, then Up/Down)", classes="heading")
                yield ChoiceList(self._bosses(), self.setup.boss, id="boss")
        yield Footer()

    def _monsters_page(self) -> Widget:
        from consul_app.tui.widgets.placements import Placements
        from consul_app.tui.widgets.tick_list import TickList

        return _hidden_page(
            "page-monsters",
            Vertical(
                Static("Mini-bosses (space ticks)", classes="heading"),
                TickList(self._mini_bosses(), self.setup.mini_bosses, id="mini-bosses"),
                classes="column",
            ),
            Vertical(
                Static("Spawning points and their tiles", classes="heading"),
                Static("a: add  x: remove  Left/Right: tile", classes="hint"),
                Placements(self.pack, self.setup.spawning_points, self.setup.tiles, id="points"),
                *self._pet_list(),
                classes="column",
            ),
        )

    async def _fill_monsters(self) -> None:
        """Mount the monsters page (and the review page, filled in when shown) once: not with
        the first page (this screen is the first of a first start, and its first frame comes
        sooner without them), but `FILL_AFTER` seconds later behind it, or when the monsters
        page is shown first, whichever comes first (both wait for it)."""
        if self._monsters is None:
            review = _hidden_page("page-review", Static(id="review"), scroll=True)
            self._monsters = self.query_one("#pages").mount_all([self._monsters_page(), review])
        await self._monsters

    def _fields(self) -> ComposeResult:
        editions = [(e.id, e.name) for e in all_editions(self.content) if self._playable(e.id)]
        yield CycleField("Edition", editions, self.setup.edition, id="edition")
        fields = setup_fields(self.setup.edition)
        if "mode" in fields:
            modes = [("explore", "Explore"), ("arcade", "Arcade")]
            yield CycleField("Mode", modes, self.setup.mode, id="mode")
        if "party_size" in fields:
            sizes = [(str(n), f"{n} heroes") for n in PARTY_SIZES]
            yield CycleField("Heroes", sizes, str(self.setup.party_size), id="party_size")
        if "game_size" in fields:
            games = [("16-bit", "16-Bit game"), ("super", "Super game")]
            yield CycleField("Game size", games, self.setup.game_size, id="game_size")
        tiles = [(str(n), f"{n} tile{'s' * (n != 1)}") for n in range(1, MAX_TILES + 1)]
        yield CycleField("Tiles", tiles, str(self.setup.tiles), id="tiles")
        if "heroes" in fields:
            yield Static("Heroes with (names, commas):")
            for keyword, name in HERO_KEYWORDS.items():
                yield Static(f"{name}:", classes="hero-keyword-name")  # (a placeholder goes)
                yield Input(
                    ", ".join(self.setup.heroes_with(keyword)),  # type: ignore[arg-type]
                    placeholder="none",
                    id=f"hero-{keyword}",
                    classes="hero-keyword",
                )

    def _playable(self, edition_id: str) -> bool:
        try:
            _default_setup(self.content, edition_id)
        except SetupError:
            return False
        return True

    def _bosses(self) -> list[tuple[str, str]]:
        return [
            (b.id, f"{b.name}  ({_hearts(b.hearts)}{SUSPECT if b.hearts_note else ''})")
            for b in bosses_to_choose(self.pack)
        ]

    def _mini_bosses(self) -> list[tuple[str, Content]]:
        return [
            (m.id, Content(f"{m.name} ({_hearts(m.hearts)}{SUSPECT if m.hearts_note else ''})"))
            for m in self.pack.mini_bosses.values()
        ]

    def _pet_list(self) -> list[Widget]:
        from consul_app.tui.widgets.tick_list import TickList

        pets = [(m.id, Content(m.name)) for m in pets_to_choose(self.pack)]
        if not pets:
            return [Static("No pets in this edition's content.", classes="heading")]
        return [
            Static("Pets (space ticks)", classes="heading"),
            TickList(pets, self.setup.pets, id="pets"),
        ]

    def on_mount(self) -> None:
        self._show_page()
        # through the screen's queue: never in the middle of a recompose (a new edition)
        self.set_timer(FILL_AFTER, lambda: self.call_later(self._fill_monsters))

    # -- changes --------------------------------------------------------------------------

    @on(CycleField.Changed)
    async def _field_changed(self, event: CycleField.Changed) -> None:
        name = event.field.id or ""
        if name == "edition":
            self.setup = self._with_chosen(_default_setup(self.content, event.value))
            await self.recompose()
            self._show_page()  # the rebuilt page's title and keys
            self.query_one("#edition").focus()
            return
        value: str | int = int(event.value) if name in ("party_size", "tiles") else event.value
        self.setup = replace(self.setup, **{name: value})
        if name == "tiles":
            for placements in self.query("Placements"):  # (none before the page is filled in)
                placements.tiles = self.setup.tiles

    def _with_chosen(self, setup: Setup) -> Setup:
        """A new edition's default `setup` with what was chosen that it has: the boss, and
        the heroes' names when it asks for them."""
        bosses = bosses_to_choose(edition(setup.edition).pack(self.content))
        if self.chosen.boss in {b.id for b in bosses}:
            setup = replace(setup, boss=self.chosen.boss)
        if "heroes" in setup_fields(setup.edition):
            setup = replace(setup, heroes=self.chosen.heroes)
        return setup

    def action_field(self, delta: int) -> None:
        """Up/Down among the first page's fields (each marked `>` when it has the keys)."""
        fields = [w for w in self.query(".fields > *") if w.focusable]
        if self.focused in fields:
            index = fields.index(self.focused) + delta
            fields[max(0, min(index, len(fields) - 1))].focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        if not event.input.has_class("hero-keyword"):
            return
        keyword = (event.input.id or "").removeprefix("hero-")
        names = event.value.split(",")
        self.setup = with_hero_keyword(self.setup, keyword, names)  # type: ignore[arg-type]
        self.chosen = replace(self.chosen, heroes=self.setup.heroes)

    @on(ChoiceList.Changed, "#boss")
    def _boss_changed(self, event: ChoiceList.Changed) -> None:
        self.setup = replace(self.setup, boss=event.chosen)
        self.chosen = replace(self.chosen, boss=event.chosen)

    # The monsters page's widgets are imported with it (`_monsters_page`): handled by name.

    def on_tick_list_changed(self, event: TickList.Changed) -> None:
        ticked = event.tick_list.ticked
        if event.tick_list.id == "mini-bosses":
            self.setup = replace(self.setup, mini_bosses=ticked)
        elif event.tick_list.id == "pets":
            self.setup = replace(self.setup, pets=ticked)

    def on_placements_changed(self, event: Placements.Changed) -> None:
        self.setup = replace(self.setup, spawning_points=event.placements)

    def on_placements_add_requested(self) -> None:
        from consul_app.rules import Choice
        from consul_app.tui.screens.pick_one import PickOneScreen
        from consul_app.tui.widgets.placements import Placements

        choices = [
            Choice(p.id, p.name, _pool_note(self.pack, p.id) + (" (paired)" if p.paired else ""))
            for p in self.pack.spawning_points.values()
        ]
        placements = self.query_one("#points", Placements)

        def add(picked: str | None) -> None:
            if picked is not None:
                placements.add(picked)

        self.app.push_screen(
            PickOneScreen("Add a spawning point", "Which spawning point model?", choices), add
        )

    # -- pages ----------------------------------------------------------------------------

    @property
    def can_go_back(self) -> bool:
        """Esc does something: a page back, or (on the first) back to the game left."""
        return self.page > 0 or self.can_cancel

    def _show_page(self) -> None:
        name = PAGES[self.page]
        for page in self.query_one("#pages").children:  # one page shown at a time
            page.display = page.id == f"page-{name}"
        self.query_one("#setup-title", Static).update(
            Content.assemble(
                ("New game", "bold"),
                f" {self.page + 1}/{len(PAGES)}: {PAGE_TITLES[self.page]}   ",
                ("Enter: " + ("start" if name == "review" else "next"), "bold"),
                "  Esc: back" if self.can_go_back else "",
                "  Tab: next field",
            )
        )
        self.refresh_bindings()  # (Esc's key, and the chart's)
        if name == "review":
            self.query_one("#review", Static).update(self._review())
            self.query_one("#page-review").focus()
        else:
            self.query_one(f"#page-{name}").query(
                "CycleField, OptionList, DataTable"
            ).first().focus()

    def _review(self) -> RenderableType:
        """The setup in words and the chart that follows from it (or why it cannot be played)."""
        from consul_app.rules import gauge_status, new_game
        from consul_app.tui.widgets.chart import chart_table, gauge_lines

        pack, setup = self.pack, self.setup
        try:
            state = new_game(pack, setup)
        except SetupError as err:
            return Text(f"This game cannot start: {err}", "bold reverse")
        minis = ", ".join(pack.mini_bosses[m].name for m in setup.mini_bosses) or "none"
        points = ", ".join(
            f"{pack.spawning_points[p.id].name}{_number(state.point_number(p))} (tile {p.tile})"
            for p in state.spawning_points
        )
        pets = ", ".join(pack.monsters[p].name for p in setup.pets) or "none"
        parts: list[RenderableType] = [
            Text(edition(setup.edition).name, "bold"),
            *_game(setup),
            Text(f"Dungeon boss: {pack.dungeon_bosses[setup.boss].name}"),
            Text(f"Mini-bosses: {minis}"),
            Text(f"Spawning points: {points}"),
            Text(f"Pets: {pets}"),
            *_heroes(setup),
            Text(f"Tiles: {setup.tiles}"),
            Text(""),
        ]
        if state.chart:
            parts.append(Text(f"The chart: {pack.charts[state.chart].name}", "bold"))
            parts.append(Text("v: correct it against your printed board", "dim"))
            parts.append(chart_table(pack, state))
        elif (gauge := gauge_status(pack, state)) is not None:
            parts.append(gauge_lines(gauge))
        return Group(*parts)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The chart is corrected from the review page (it shows the chart); SDE 1.0 plays
        with a power gauge, no chart. Esc is shown only where it does something."""
        if action == "back":
            return self.can_go_back
        review = PAGES[self.page] == "review"
        return action != "correct_chart" or (review and bool(self.pack.charts))

    def action_correct_chart(self) -> None:
        """Correct the chart this setup plays, against the printed board; the review then
        shows the chart as saved."""
        from consul_app.content.corrections import with_chart
        from consul_app.rules import new_game
        from consul_app.tui.screens.chart_edit import ChartEditScreen

        try:
            state = new_game(self.pack, self.setup)
        except SetupError as err:
            self.notify(str(err), title="This game cannot start", severity="warning")
            return
        if state.chart is None:
            said = edition(self.setup.edition)
            self.notify(
                f"{said.name} plays with a {said.words.chart.lower()}, not a chart "
                "(see data/README.md)."
            )
            return

        def saved(chart: Chart | None) -> None:
            if chart is not None:
                self.content = with_chart(self.content, chart)
                self._show_page()

        self.app.push_screen(ChartEditScreen(self.content, self.pack.charts[state.chart]), saved)

    async def action_next(self) -> None:
        if PAGES[self.page] != "review":
            await self._fill_monsters()
            self.page += 1
            self._show_page()
            return
        from consul_app.rules import new_game

        try:
            new_game(self.pack, self.setup)
        except SetupError as err:
            self.notify(str(err), title="This game cannot start", severity="warning")
            return
        if self.on_start is not None:
            self.on_start(self.setup)
        else:
            self.dismiss(self.setup)

    def start_again(self, setup: Setup) -> None:
        """Back on the first page, `setup` chosen (this screen's, whose start failed)."""
        self.setup = setup
        self.page = 0
        self._show_page()

    def action_back(self) -> None:
        if self.page:
            self.page -= 1
            self._show_page()
        elif self.can_cancel:
            self.dismiss(None)


def _number(which: int | None) -> str:
    """` #2` for the second of a kind on one tile (None: the only one)."""
    return "" if which is None else f" #{which + 1}"


def _game(setup: Setup) -> list[Text]:
    """The page-1 choices besides the boss that this edition plays with (they pick the chart
    or the power gauge): mode and party size, or the game size."""
    fields = setup_fields(setup.edition)
    shown = []
    if "mode" in fields:
        shown.append(f"Mode: {setup.mode.capitalize()}")
    if "party_size" in fields:
        shown.append(f"Heroes: {setup.party_size}")
    if "game_size" in fields:
        shown.append(f"Game size: {'16-Bit' if setup.game_size == '16-bit' else 'Super'} game")
    return [Text("   ".join(shown))] if shown else []


def _heroes(setup: Setup) -> list[Text]:
    """The heroes whose keywords change boss sightings, as the review lists them."""
    return [
        Text(f"{name}: {', '.join(setup.heroes_with(keyword)) or 'none'}")  # type: ignore[arg-type]
        for keyword, name in HERO_KEYWORDS.items()
        if "heroes" in setup_fields(setup.edition)
    ]


def _pool_note(pack: EditionPack, point_id: str) -> str:
    pool = pack.spawning_points[point_id].pool
    return "pool: " + ", ".join(
        f"{e.count} {pack.monsters[e.monster].name if e.monster in pack.monsters else e.monster}"
        for e in pool
    )


def _hidden_page(name: str, *children: Widget, scroll: bool = False) -> Widget:
    """A page mounted after the first: hidden until it is shown (`_show_page`)."""
    page = (VerticalScroll if scroll else Horizontal)(*children, id=name)
    page.display = False
    return page


def _default_setup(content: ContentPack, edition_id: str) -> Setup:
    """A playable setup of this edition (`SetupError` if its content has none)."""
    played = edition(edition_id)
    return default_setup(played.pack(content), played.id)


def _hearts(count: int) -> str:
    """ "8 hearts", never broken between its two words when the entry wraps."""
    return symbols.hearts(count).replace(" ", "\u00a0")  # (rows.NO_BREAK: no import here)
