"""One moment of a game in a few lines: the history screen shows the state after an action."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from consul_app.content import EditionPack
from consul_app.rules import (
    GameState,
    boss_status,
    chart_status,
    edition,
    gauge_status,
    marked_monsters,
    phase_name,
    power_up_steps,
    turn_name,
)


def _names(pack: EditionPack, kind: str, ids: list[str]) -> str:
    entries = pack.kind(kind)
    return ", ".join(entries[i].name if i in entries else i for i in ids) or "none"


def _counts(pack: EditionPack, counts: dict[str, int]) -> str:
    shown = [f"{n} {_names(pack, 'monsters', [m])}" for m, n in counts.items() if n]
    return ", ".join(shown) or "none"


def _number(which: int | None) -> str:
    """" #2" for the second of a pair of spawning points on one tile ("" for the only one)."""
    return "" if which is None else f" #{which + 1}"


def _suffers(pack: EditionPack, status: list[str]) -> str:
    """ ", suffers Slow, Hex" ("" for none)."""
    return f", suffers {_names(pack, 'status_effects', status)}" if status else ""


def moment(pack: EditionPack, state: GameState) -> Group:
    """Turn and phase, the step due, the chart, the boss, the mini-boss, the spawning points,
    the monsters on the dungeon and the bonuses gained."""
    lines = [Text(f"{turn_name(state)}: {phase_name(state)}", "bold")]
    step = next((s for s in power_up_steps(pack, state) if s.current), None)
    lines.append(Text(f"Step due: {step.title}" if step else "Step due: none"))
    chart = chart_status(pack, state)
    if chart is not None:
        lines.append(Text(f"{edition(state.setup.edition).words.chart}: {chart.where}"))
    gauge = gauge_status(pack, state)
    if gauge is not None:
        lines.append(Text(f"Power gauge: {gauge.filled} of {gauge.squares} ({gauge.section})"))
    boss = boss_status(pack, state)
    if not boss.spawned:
        lines.append(Text(f"{boss.name}: not in play yet"))
    else:
        timeout = "  TIMEOUT DONE" if boss.timeout else ""
        if boss.timeout_running:  # as the Boss pane says: its steps are still due
            timeout = "  TIMEOUT NOW"
        defeated = "  DEFEATED" if boss.defeated else ""
        lines.append(Text(f"{boss.name}: {boss.wounds}/{boss.hearts} wounds{timeout}{defeated}"))
        if pack.relics or boss.relics:  # (Forgotten King has none)
            lines.append(Text(f"  relics: {_names(pack, 'relics', boss.relics)}"))
        if boss.status:
            lines.append(Text(f"  status: {_names(pack, 'status_effects', boss.status)}"))
    if state.mini_boss is not None:
        mini = _names(pack, "mini_bosses", [state.mini_boss.id])
        status = _suffers(pack, state.mini_boss.status)
        lines.append(Text(f"Mini-boss: {mini}, {state.mini_boss.wounds} wounds{status}"))
    points = [
        f"{_names(pack, 'spawning_points', [p.id])}{_number(state.point_number(p))} "
        f"(tile {p.tile}{_suffers(pack, p.status_effects)})"
        for p in state.standing_spawning_points()
    ]
    lines.append(Text(f"Spawning points: {', '.join(points) or 'none standing'}"))
    lines.append(Text(f"On the dungeon: {_counts(pack, state.board)}"))
    suffering = [
        f"{_names(pack, 'monsters', [m.id])} #{n + 1}: {_names(pack, 'status_effects', m.status)}"
        for monster in dict.fromkeys(m.id for m in state.tracked)
        for n, m in enumerate(marked_monsters(state, monster))
        if m.status
    ]
    if suffering:
        lines.append(Text(f"  suffering: {'; '.join(suffering)}"))
    lines.append(Text(f"Bonuses: {_names(pack, 'bonuses', [b.bonus for b in state.bonuses])}"))
    return Group(*lines)
