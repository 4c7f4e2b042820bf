"""The boss card pane: the dungeon boss's wound track, timeout, status, relics and fight card,
and the mini-boss on the dungeon."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from consul_app.content import CardEffect, EditionPack
from consul_app.rules import BossStatus, boss_status, chart_spaces, monster_stats, turns_until
from consul_app.tui import symbols
from consul_app.tui.view import TableView
from consul_app.tui.widgets.pane import Pane


class BossPane(Pane):
    """Its state (short lines that change with every wound), its card, the mini-boss."""

    TITLE = "4 Boss"
    SECTIONS = ("status", "card", "mini")

    def key(self, view: TableView, section: str) -> object:
        state = view.state
        if section == "status":
            return state.boss, state.setup.boss
        if section == "card":
            return state.boss.spawned, state.boss.relics, state.position, state.spawning_points
        return state.mini_boss, state.bonuses

    def body(self, view: TableView, section: str) -> RenderableType:
        boss = boss_status(view.pack, view.state)
        if section == "status":
            return Group(*_status(view.pack, boss))
        if section == "card":
            where = _relics(view, boss) if boss.spawned else _where(view, boss)
            reminders = [Text(text, "italic") for text in boss.reminders]
            return Group(*where, *reminders, *_card(boss))
        return Group(*_mini_boss(view))


def _line(text: str, style: str = "") -> Text:
    """A line that never wraps (its height is known without rendering it)."""
    return Text(text, style, no_wrap=True, overflow="ellipsis")


def _status(pack: EditionPack, boss: BossStatus) -> list[Text]:
    track = symbols.wound_track(boss.hearts, boss.wounds, boss.timeout_threshold)
    lines = [
        _line(f"{boss.name}  ({boss.hearts} hearts)", "bold"),
        _line(f"Wounds {track}  {boss.wounds}/{boss.hearts}"),
        _line(f"Timeout at {boss.timeout_threshold} wounds (the {symbols.THRESHOLD} mark)"),
    ]
    if boss.defeated:
        lines.append(_line("DEFEATED: the heroes have won", "bold reverse"))
    if boss.timeout:
        immune = " · IMMUNE to crits" if boss.immune_to_crits else ""
        lines.append(_line(f"TIMEOUT DONE{immune}", "bold"))
    else:
        lines.append(_line("Timeout: not yet"))
    lines.append(_line(f"Status effects: {status_names(pack, boss.status)}"))
    return lines


def _where(view: TableView, boss: BossStatus) -> list[Text]:
    """Before it spawns: its chart space (2.0) and the relic slots it would get now."""
    state = view.state
    lines = [Text("Not in play yet.", "bold")]
    spaces = chart_spaces(view.pack, state)
    boss_space = next((s.number for s in spaces if s.space.dungeon_boss), None)
    turns = turns_until(view.pack, state).boss
    if boss_space is not None and turns is not None:
        lines.append(Text(f"On the chart: space {boss_space}, {turns} turn(s) away"))
    lines.append(Text(f"Spawning points standing: {len(state.standing_spawning_points())}"))
    if state.setup.edition == "sde2":
        lines.append(Text(f"Relic slots if it spawned now: {boss.relic_slots}"))
    return lines


def _relics(view: TableView, boss: BossStatus) -> list[Text]:
    if not boss.relic_slots and not boss.relics:
        return []
    lines = [Text(f"Relics: {len(boss.relics)} of {boss.relic_slots} slot(s)")]
    for relic_id in boss.relics:
        relic = view.pack.relics.get(relic_id)
        text = f"{relic.name} ({relic.slot}): {relic.effect}" if relic else relic_id
        lines.append(Text(f"  * {text}"))
    lines += [Text("  * (empty)")] * (boss.relic_slots - len(boss.relics))
    return lines


def _card(boss: BossStatus) -> list[Text]:
    sections = (
        ("Dungeon effect", boss.dungeon_effect),
        ("Boss spawn", boss.boss_spawn),
        ("Timeout", boss.timeout_effects),
    )
    lines: list[Text] = []
    for title, effects in sections:
        if effects:
            lines.append(Text(title, "bold underline"))
            lines += [_effect(e) for e in effects]
    return lines


def _effect(effect: CardEffect) -> Text:
    return Text.assemble((f"  {effect.name}: ", "bold"), effect.text)


def status_names(pack: EditionPack, ids: list[str]) -> str:
    """Status effect names, or "none"."""
    names = [pack.status_effects[s].name if s in pack.status_effects else s for s in ids]
    return ", ".join(names) or "none"


def _mini_boss(view: TableView) -> list[Text]:
    mini = view.state.mini_boss
    if mini is None:
        return []
    card = view.pack.mini_bosses.get(mini.id)
    hearts = card.hearts if card else mini.wounds
    name = card.name if card else mini.id
    stats = "  ".join(s.text for s in monster_stats(view.pack, view.state, mini.id))
    return [
        Text(f"Mini-boss on the dungeon: {name}", "bold underline"),
        Text(f"Wounds {symbols.wound_track(hearts, mini.wounds, 0)} {mini.wounds}/{hearts}"),
        Text(f"Status effects: {status_names(view.pack, mini.status)}"),
        Text(stats),
    ]
