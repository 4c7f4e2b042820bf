"""The boss card pane: the dungeon boss's wound track, timeout, status, relics and fight card,
and the mini-boss on the dungeon."""

from __future__ import annotations

from textual.content import Content

from consul_app.content import CardEffect, EditionPack
from consul_app.rules import (
    BossStatus,
    GameState,
    boss_status,
    chart_spaces,
    monster_stats,
    spawning_points_remaining,
    turns_until,
)
from consul_app.tui import symbols
from consul_app.tui.view import TableView
from consul_app.tui.widgets.pane import Pane


class BossPane(Pane):
    """Everything on the boss's card, and where it stands before it spawns."""

    TITLE = "4 Boss"

    def body(self, view: TableView) -> Content:
        boss = boss_status(view.pack, view.state)
        lines = [Content.styled(f"{boss.name}  ({boss.hearts} hearts)", "bold")]
        lines += _wounds(view.pack, boss)
        lines += _where(view.pack, view.state, boss) if not boss.spawned else _relics(view, boss)
        lines += [Content.styled(text, "italic") for text in boss.reminders]
        lines += _card(boss)
        lines += _mini_boss(view)
        return Content("\n").join(lines)


def _wounds(pack: EditionPack, boss: BossStatus) -> list[Content]:
    track = symbols.wound_track(boss.hearts, boss.wounds, boss.timeout_threshold)
    lines = [
        Content(f"Wounds {track} {boss.wounds}/{boss.hearts}"),
        Content(f"       timeout at {boss.timeout_threshold} wounds ({symbols.THRESHOLD})"),
    ]
    if boss.defeated:
        lines.append(Content.styled("DEFEATED: the heroes have won", "bold reverse"))
    lines.append(
        Content.styled("TIMEOUT DONE", "bold") if boss.timeout else Content("Timeout: not yet")
    )
    if boss.immune_to_crits:
        lines.append(Content.styled("IMMUNE to critical success", "bold"))
    lines.append(Content(f"Status effects: {status_names(pack, boss.status)}"))
    return lines


def _where(pack: EditionPack, state: GameState, boss: BossStatus) -> list[Content]:
    """Before it spawns: its chart space (2.0) and the relic slots it would get now."""
    lines = [Content.styled("Not in play yet.", "bold")]
    boss_space = next((s.number for s in chart_spaces(pack, state) if s.space.dungeon_boss), None)
    turns = turns_until(pack, state).boss
    if boss_space is not None and turns is not None:
        lines.append(Content(f"On the chart: space {boss_space}, {turns} turn(s) away"))
    standing = len(spawning_points_remaining(state))
    lines.append(Content(f"Spawning points standing: {standing}"))
    if state.setup.edition == "sde2":
        lines.append(Content(f"Relic slots if it spawned now: {boss.relic_slots}"))
    return lines


def _relics(view: TableView, boss: BossStatus) -> list[Content]:
    if not boss.relic_slots and not boss.relics:
        return []
    lines = [Content(f"Relics: {len(boss.relics)} of {boss.relic_slots} slot(s)")]
    for relic_id in boss.relics:
        relic = view.pack.relics.get(relic_id)
        text = f"{relic.name} ({relic.slot}): {relic.effect}" if relic else relic_id
        lines.append(Content(f"  * {text}"))
    lines += [Content("  * (empty)")] * (boss.relic_slots - len(boss.relics))
    return lines


def _card(boss: BossStatus) -> list[Content]:
    sections = (
        ("Dungeon effect", boss.dungeon_effect),
        ("Boss spawn", boss.boss_spawn),
        ("Timeout", boss.timeout_effects),
    )
    lines: list[Content] = []
    for title, effects in sections:
        if effects:
            lines.append(Content.styled(title, "bold underline"))
            lines += [_effect(e) for e in effects]
    return lines


def _effect(effect: CardEffect) -> Content:
    return Content.assemble((f"  {effect.name}: ", "bold"), effect.text)


def status_names(pack: EditionPack, ids: list[str]) -> str:
    """Status effect names, or "none"."""
    names = [pack.status_effects[s].name if s in pack.status_effects else s for s in ids]
    return ", ".join(names) or "none"


def _mini_boss(view: TableView) -> list[Content]:
    mini = view.state.mini_boss
    if mini is None:
        return []
    card = view.pack.mini_bosses.get(mini.id)
    hearts = card.hearts if card else mini.wounds
    name = card.name if card else mini.id
    stats = "  ".join(s.text for s in monster_stats(view.pack, view.state, mini.id))
    return [
        Content.styled(f"Mini-boss on the dungeon: {name}", "bold underline"),
        Content(f"Wounds {symbols.wound_track(hearts, mini.wounds, 0)} {mini.wounds}/{hearts}"),
        Content(f"Status effects: {status_names(view.pack, mini.status)}"),
        Content(stats),
    ]
