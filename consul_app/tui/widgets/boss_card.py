"""The boss card pane: the dungeon boss's wound track, timeout, status, relics and fight card,
and the mini-boss on the dungeon."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from consul_app.content import CardEffect, EditionPack
from consul_app.rules import (
    BossStatus,
    card,
    spawning_point_lines,
    stat_lines,
    summons_out,
)
from consul_app.tui import symbols
from consul_app.tui.card_layout import (
    Figures,
    Hanging,
    card_summary,
    stat_figures,
    suffered_figures,
)
from consul_app.tui.choices import status_names
from consul_app.tui.view import TableView
from consul_app.tui.widgets.pane import Pane, Section


class BossPane(Pane):
    """Its state (short lines that change with every wound), its card in the fight (stat line
    and actions with relics applied), the mini-boss on the dungeon (it changes as often), its
    fight card."""

    TITLE = "4 Boss"
    SECTIONS = ("status", "model", "mini", "card")
    ABOVE = {"model": "its stat line and attacks", "mini": "the mini-boss", "card": "its relics"}
    """What a section scrolled out of sight above is called (the status stays in sight)."""

    _now: str | None = None

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield Static(classes="spacer")  # (no height but when `_scroll_to_fight_card` needs it)
        more = Section(classes="more")
        more.display = False
        yield more

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._say_out_of_sight()

    def on_resize(self) -> None:
        super().on_resize()
        self._say_out_of_sight()

    def _say_out_of_sight(self) -> None:
        """A line at the bottom while the pane is scrolled: what is out of sight above (at
        80x24 the fight card's NOW section hid the stat line) and whether more is below."""
        more = self.query(".more")
        if not more:  # (not composed yet)
            return
        top = round(self.scroll_y)
        status = self._sections.get("status")
        under = status.outer_size.height if status is not None else 0
        hidden = [
            said
            for name, said in self.ABOVE.items()
            if (shown := self._sections.get(name)) is not None
            and shown.virtual_region.height
            and shown.virtual_region.y < top + under
        ]
        said = [f"↑ above: {', '.join(hidden)}"] if top and hidden else []
        said += ["↓ more below"] if top < self.max_scroll_y else []
        line = more.first(Section)
        if said:
            line.update(Text(f"{' · '.join(said)} (Up/Down)", "bold"))
        if line.display != bool(said):  # (the line takes one of the pane's: again, once laid out)
            line.display = bool(said)
            self.call_after_refresh(self._say_out_of_sight)

    def show(self, view: TableView) -> None:
        """Render; when a step comes up that resolves a section of the fight card, scroll the
        fight card into sight (the boss's card above it may fill the pane), and back to the top
        once it is done."""
        super().show(view)
        now = view.current.card_section if view.current else None
        if now != self._now and self.query(".spacer"):
            self.query_one(".spacer").styles.height = 0
        if now is not None and now != self._now:
            self._to_card = True  # (again once laid out: the card may have just come in)
            self.call_after_refresh(self._scroll_to_fight_card)
        elif now is None and self._now is not None:  # resolved: its wounds in sight again
            self._to_card = False
            self.call_after_refresh(self.scroll_home, animate=False)
        self._now = now

    _to_card = False
    """A section to resolve has come up: the pane's next new layout scrolls to it again."""

    def watch_virtual_size(self) -> None:
        if self._to_card:
            self._to_card = False
            self.call_after_refresh(self._scroll_to_fight_card)
        self._say_out_of_sight()

    def _scroll_to_fight_card(self) -> None:
        """The fight card at the top, under the status; further down when the section to
        resolve now would not be in sight then (its `>>` line at the top). Where the pane
        cannot scroll that far, not into the middle of a section (the mini-boss's wounds right
        under the boss's name read as the boss's): to its start, if the `>>` line stays in
        sight."""
        card, status = self._sections.get("card"), self._sections.get("status")
        if card is None or status is None or not card.is_mounted:  # (a resize composes anew)
            return
        under = status.outer_size.height
        top = card.virtual_region.y - under
        room = self.scrollable_content_region.height - under - 1  # (the line saying more)
        width = card.content_region.width
        lines = [s.text.lstrip() for s in card.content_lines(width)] if width else []
        now = next((n for n, line in enumerate(lines) if line.startswith(">> ")), None)
        at = top + (now or 0)  # (the `>>` line, or the card's top)
        if now is not None and now + NOW_LINES > room:
            top = at
        most = round(self.max_scroll_y)
        top = min(top, most)
        for name in ("model", "mini"):  # (no section cut under the status: its head in sight)
            shown = self._sections.get(name)
            if shown is None:
                continue
            head = shown.virtual_region.y - under
            end = head + shown.virtual_region.height
            if not head < top < end:
                continue
            if at + NOW_LINES - head <= room:
                top = head
            elif end <= most:
                top = end
            else:  # (room below the card to scroll past the section, then again)
                spacer = self.query_one(".spacer")
                spacer.styles.height = end - most + spacer.outer_size.height
                self.call_after_refresh(self._scroll_to_fight_card)
        self.scroll_to(y=top, animate=False, immediate=True, force=True)

    def key(self, view: TableView, section: str) -> object:
        state = view.state
        if section == "status":
            return view.boss
        if section == "model":  # (not its wounds: a wound does not change its card)
            boss = state.boss
            points, others = state.spawning_points, state.other_bosses  # (theirs: wounds too)
            return boss.spawned, boss.relics, boss.status, points, state.board, others
        if section == "card":  # (its spawn space and turns to it are in `view.boss`)
            now = view.current.card_section if view.current else None
            return view.boss, state.spawning_points, state.summoned, now
        return state.mini_boss, state.bonuses

    def body(self, view: TableView, section: str) -> RenderableType:
        boss = view.boss
        if section == "status":
            return Group(*_status(view.pack, boss))
        if section == "model":
            return Group(*_boss_card(view, boss))
        if section == "card":
            now = view.current.card_section if view.current else None
            where = _relics(view, boss) + _standing(view) if boss.spawned else _where(view, boss)
            # the card's models are counted from its first effects (a sighting's, too)
            if boss.spawned or now is not None or any(view.state.summoned.values()):
                where += _summons(view)
            reminders = [Text(text, "italic") for text in boss.reminders]
            return Group(*where, *reminders, *_card(boss, now, boss.spawn_due))
        return Group(*_mini_boss(view))


NOW_LINES = 4
"""How many lines of the section to resolve now are to be in sight (its title and text)."""

COLUMN = 30
"""The text width of the boss column in the fight (36 columns less border, padding and the
scrollbar its card brings)."""


def _line(text: str, style: str = "") -> Text:
    """A line that never wraps (its height is known without rendering it)."""
    return Text(text, style, no_wrap=True, overflow="ellipsis")


def _name(boss: BossStatus) -> list[Text]:
    """Its name and hearts (with what its relics add); on two lines when they do not fit the
    boss column together."""
    hearts = f"({', '.join([symbols.hearts(boss.hearts), *boss.hearts_from])})"
    if len(boss.name) + 2 + len(hearts) <= COLUMN:
        return [_line(f"{boss.name}  {hearts}", "bold")]
    return [_line(boss.name, "bold"), _line(hearts, "bold")]


def _status(pack: EditionPack, boss: BossStatus) -> list[Text]:
    name = _name(boss)
    if not boss.spawned:
        return [*name, _line("NOT IN PLAY YET", "bold")]
    track = symbols.wound_track(boss.hearts, boss.wounds, boss.timeout_threshold)
    mark = f" ({symbols.THRESHOLD} mark)" if boss.timeout_threshold else ""
    lines = [
        *name,
        _line(f"Wounds {track}  {boss.wounds}/{boss.hearts}"),
        Text(f"Timeout {boss.timeout_when}{mark}"),  # (may wrap: two bosses' names)
    ]
    if boss.defeated:
        lines.append(_line("DEFEATED: the heroes have won", "bold reverse"))
    elif boss.destroyed:
        lines.append(_line("DESTROYED", "bold"))
    if boss.timeout_running:
        lines.append(_line("TIMEOUT NOW: do its steps", "bold reverse"))
    elif boss.timeout:
        immune = " · IMMUNE to crits" if boss.immune_to_crits else ""
        lines.append(_line(f"TIMEOUT DONE{immune}", "bold"))
    else:
        lines.append(_line("Timeout: not yet"))
    lines.append(Text(f"Status effects: {status_names(pack, boss.status)}"))  # (may wrap)
    return lines + _others(pack, boss)


def _others(pack: EditionPack, boss: BossStatus) -> list[Text]:
    """The other bosses of the fight (Mugg, Daemonus), each with its own track: in sight with
    the boss's, as their wounds matter as much (at 80x24 the card scrolled to its fight card's
    section hid Mugg's name over his wound track); the boss's card under them is headed with
    its name."""
    lines: list[Text] = []
    for other in boss.others:
        role = "also a Dungeon Boss" if other.dungeon_boss else f"comes with {boss.name}"
        track = symbols.wound_track(other.hearts, other.wounds, 0)
        lines += [
            _line(f"{other.name}  ({symbols.hearts(other.hearts)})", "bold underline"),
            _line(role, "italic"),
            _line(f"Wounds {track}  {other.wounds}/{other.hearts}"),
        ]
        if other.destroyed:
            lines.append(_line("DESTROYED", "bold"))
        else:
            lines.append(Text(f"Status effects: {status_names(pack, other.status)}"))
    return lines


def _boss_card(view: TableView, boss: BossStatus) -> list[RenderableType]:
    """In the fight: its stat line and actions as they play now (relics applied); `b` shows
    the whole card."""
    if not boss.spawned:
        return []
    summary = card_summary(card(view.pack, view.state, boss.id))
    head = [_line(f"{boss.name}'s card:", "bold")] if boss.others else []
    whole = _line("b: the whole card, every text", "dim")
    which = [_line("w W s b: asks which boss", "dim")] if boss.others and not boss.defeated else []
    return [*head, *summary, whole, *which]


def _where(view: TableView, boss: BossStatus) -> list[RenderableType]:
    """Before it spawns: its chart space (2.0), the relic slots it would get now, and the
    spawning points standing with their wounds."""
    return [*_arrival(boss), *_points(view)]


def _standing(view: TableView) -> list[RenderableType]:
    """In the fight, the spawning points still standing (1.0: the boss may activate twice
    while one stands), with their wounds and status effects."""
    points = _points(view)
    return [Text("Spawning points standing:", "bold"), *points] if points else []


def _points(view: TableView) -> list[RenderableType]:
    """Each spawning point standing, with its wound track and status effects; under one that
    suffers some, the figures they change as it plays now and when they end (if they say)."""
    lines: list[RenderableType] = []
    for point in spawning_point_lines(view.pack, view.state):
        if point.where != "standing":
            continue
        track = symbols.wound_track(point.hearts, point.wounds, 0)
        lines.append(
            _line(f"  {point.wounds}/{point.hearts} {point.name} (tile {point.tile}) {track}")
        )
        if point.status_effects:  # (on lines of their own: the line above may be cut)
            model = card(view.pack, view.state, point.id, tile=point.tile, which=point.which)
            names = status_names(view.pack, point.status_effects)
            lines.append(Hanging(Text(f"suffers {names}", "italic"), indent=4))
            lines.append(Figures(suffered_figures(model), indent=4))
            lines += [
                Hanging(Text(f"{t.name} ends {t.ends}."), indent=4) for t in model.suffers if t.ends
            ]
    return lines


def _summons(view: TableView) -> list[Text]:
    """The models the fight card brings, counted against its limit."""
    return [
        Text(f"{name}: {out} of {up_to} out", "bold")
        for name, out, up_to in summons_out(view.pack, view.state)
    ]


def _arrival(boss: BossStatus) -> list[Text]:
    """Its chart space (2.0) and the relic slots it would get now."""
    lines = []
    if boss.spawn_space is not None and boss.turns_until_spawn is not None:
        turns = boss.turns_until_spawn
        lines.append(
            Text(f"Spawns from chart space {boss.spawn_space}: in {turns} turn{'s' * (turns != 1)}")
        )
    if boss.arrival:
        return [*lines, Text(boss.arrival)]
    points = f"Spawning points standing: {boss.spawning_points}"
    if boss.gets_relics:
        points += f", so {boss.relic_slots} relic slot(s) if it spawned now"
    lines.append(Text(points))
    return lines


def _relics(view: TableView, boss: BossStatus) -> list[RenderableType]:
    """Its relic slots: each relic's name and slot, its effect on a line of its own below
    (a figure such as "+1 AP" is never cut in two by the narrow column) and what of it the app
    cannot apply ("not applied: use your card"), then empty slots."""
    if not boss.relic_slots and not boss.relics:
        return []
    head = Text(f"Relics: {len(boss.relics)} of {boss.relic_slots} slot(s)", "bold")
    if not boss.gets_relics:  # (1.0: its Character Treasure, no slots to fill)
        head = Text(f"Treasure: {len(boss.relics) or 'none'}", "bold")
    grid = Table.grid(expand=True)
    grid.add_column(width=4)
    grid.add_column(ratio=1)
    shown = {r.id: r for r in card(view.pack, view.state, boss.id).relics} if boss.relics else {}
    for relic_id in boss.relics:
        relic = view.pack.relics.get(relic_id)
        grid.add_row("  *", f"{relic.name} ({relic.slot})" if relic else relic_id)
        if relic:
            grid.add_row("", relic.effect)
        for unread in shown[relic_id].not_applied if relic_id in shown else []:
            grid.add_row("", Text(unread, "bold"))
    for _ in range(boss.relic_slots - len(boss.relics) if boss.gets_relics else 0):
        grid.add_row("  *", "(empty)")
    return [head, grid]


def _card(boss: BossStatus, now: tuple[str, str] | None, due: str | None = None) -> list[Text]:
    """The fight card's sections, each saying when it applies (`due`: the spawn section is still
    to resolve); the one being resolved is marked NOW."""
    timeout = f"{'reached' if boss.timeout else 'at'} {boss.timeout_threshold} wounds"
    if not boss.timeout_threshold:  # (Ugg: when one of the Dungeon Bosses is destroyed)
        timeout = "reached" if boss.timeout else boss.timeout_when
    spawned = f" ({due or f'when it {boss.came_in}'})" if boss.spawned else ""
    sections = (
        ("dungeon_effect", "Dungeon effect", " (all game)", boss.dungeon_effect),
        ("boss_spawn", boss.spawn_section, spawned, boss.boss_spawn),
        ("timeout", "Timeout", f" ({timeout})", boss.timeout_effects),
    )
    lines: list[RenderableType] = []
    for key, title, when, effects in sections:
        if not effects:
            continue
        if now is not None and key == now[0]:
            lines.append(Text(f">> {title}: {now[1]}", "bold reverse"))
        else:
            lines.append(Text(title + when, "bold underline"))
        lines.append(_effects(effects))
    return lines


def _effects(effects: list[CardEffect]) -> Table:
    """One effect a row, its wrapped text hanging under its name."""
    grid = Table.grid(expand=True)
    grid.add_column(width=2)
    grid.add_column(ratio=1)
    for effect in effects:
        grid.add_row("", Text.assemble((f"{effect.name}: ", "bold"), effect.text))
    return grid


def _mini_boss(view: TableView) -> list[RenderableType]:
    mini = view.state.mini_boss
    if mini is None:
        return []
    entry = view.pack.mini_bosses.get(mini.id)
    hearts = entry.hearts if entry else mini.wounds
    name = entry.name if entry else mini.id
    figures: list[Text | str] = []
    if entry is not None:  # (its MOVE and AP as they play now, then its dice with the bonuses)
        model = card(view.pack, view.state, mini.id)
        figures += stat_figures(model, ("MOVE", "AP"))
        figures += [s.text for s in stat_lines(model)]
    return [
        Text(f"Mini-boss on the dungeon: {name}", "bold underline"),
        Text(f"Wounds {symbols.wound_track(hearts, mini.wounds, 0)} {mini.wounds}/{hearts}"),
        Text(f"Status effects: {status_names(view.pack, mini.status)}"),
        Figures(figures),
        _line("B: its whole card", "dim"),
    ]
