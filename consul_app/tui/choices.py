"""The choices the table screen's dialogs offer, and the action each answer dispatches.

Content and state are only read here, to name things; the engine decides what is allowed
(its views say so, and a refused answer comes back as a `RuleError` with its reason). A
decision step is answered with `consul_app.rules.answer`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, Literal

from consul_app.content import EditionPack
from consul_app.rules import (
    Action,
    AddStatus,
    Choice,
    DestroySpawningPoint,
    GameState,
    MiniBossOption,
    RemoveStatus,
    SpawningPointLine,
    boss_status,
    marked_monsters,
    spawning_point_lines,
)
from consul_app.tui import symbols

Target = Literal["boss", "mini-boss"]


def relic_choice(pack: EditionPack, choice: Choice) -> Choice:
    """A relic the engine offers, named with the portrait it bears (if any)."""
    relic = pack.relics.get(choice.id)
    if relic is None or not relic.portrait:
        return replace(choice, name=f"{choice.name}  (no portrait: any boss)")
    names = ", ".join(_name(pack.dungeon_bosses, b) for b in relic.portrait)
    return replace(choice, name=f"{choice.name}  (portrait: {names})")


def relic_slots(pack: EditionPack, relic_ids: list[str]) -> str:
    """The equipment slots these relics take: "Top: Cursed Staff · Left: Bleak Crest"."""
    taken: dict[str, list[str]] = {}
    for relic_id in relic_ids:
        relic = pack.relics.get(relic_id)
        if relic is not None:
            taken.setdefault(relic.slot, []).append(relic.name)
    return " · ".join(f"{slot}: {' + '.join(names)}" for slot, names in taken.items())


def game_cards(pack: EditionPack, state: GameState) -> list[tuple[str, str]]:
    """(name, id) of every model of this game that has a card: the dungeon boss, the
    mini-bosses brought, the spawning points placed, the monsters of the pool, the pets."""
    setup = state.setup
    ids = [
        (pack.dungeon_bosses, [setup.boss]),
        (pack.mini_bosses, setup.mini_bosses),
        (pack.spawning_points, list(dict.fromkeys(p.id for p in setup.spawning_points))),
        (pack.monsters, [*state.pool, *(p for p in setup.pets if p in pack.monsters)]),
    ]
    return [(_name(entries, i), i) for entries, some in ids for i in some if i in entries]


def statuses_of(state: GameState, target: Target, model: str | None = None) -> list[str]:
    """The status effects the boss (`model`: another boss of the fight) or the mini-boss has
    now."""
    if target == "boss":
        other = next((b for b in state.other_bosses if b.id == model), None)
        return other.status if other is not None else state.boss.status
    return state.mini_boss.status if state.mini_boss else []


def boss_choices(pack: EditionPack, state: GameState, *, all_of_them: bool = False) -> list[Choice]:
    """The bosses of the fight in play (`all_of_them`: destroyed ones too), with their wounds:
    more than one when the fight card brought another (Mugg with Ugg)."""
    if not state.other_bosses:
        return []
    hearts = boss_status(pack, state)
    found = [(hearts.id, hearts.name, hearts.hearts, hearts.wounds, hearts.destroyed)]
    found += [(o.id, o.name, o.hearts, o.wounds, o.destroyed) for o in hearts.others]
    return [
        Choice(i, name, f"{'destroyed, ' if gone else ''}wounds {wounds}/{of}")
        for i, name, of, wounds, gone in found
        if all_of_them or not gone
    ]


def boss_ref(state: GameState, boss: str) -> dict[str, Any]:
    """The action fields that name this boss of the fight (the setup's is named by none, as
    in a fight of one boss)."""
    return {"target": "boss", "model": None if boss == state.setup.boss else boss}


def status_choices(
    pack: EditionPack, has: list[str], immune: Callable[[str], str | None] = lambda _: None
) -> list[Choice]:
    """Every status effect; those the model has are marked (choosing one takes it off), and
    those it is immune to (`immune(status)`: the keyword) say so."""
    return [
        Choice(s.id, s.name, _status_note(s.id, has, immune(s.id)) + s.text)
        for s in pack.status_effects.values()
    ]


def _status_note(status: str, has: list[str], immune: str | None) -> str:
    if status in has:
        return "HAS IT: choose to take it off. "
    if immune is not None:
        return f"IMMUNE ({immune}): removed at once. "
    return ""


def status_action(on: Mapping[str, Any], status: str, has: list[str]) -> Action:
    """Take off a status effect the model `on` (the action's target fields: `{"target":
    "boss"}`, a spawning point's `spawning_point_ref`, a monster's `monster_ref`) has, else put
    it on."""
    if status in has:
        return RemoveStatus(**on, status=status)
    return AddStatus(**on, status=status)


def monster_ref(monster: str, which: int | None) -> dict[str, Any]:
    """The fields of an action on a monster in play: one already marked (`which`), or None: a
    fresh one from the dungeon."""
    return {"target": "monster", "model": monster, "which": which}


def marked_choices(
    pack: EditionPack, state: GameState, monster: str, *, fresh: str | None
) -> list[Choice]:
    """The marked monsters of a kind, by number, with their wounds and status effects; first,
    if `fresh` names it, one on the dungeon without marks (when there is one)."""
    entry = pack.monsters[monster]
    choices = [
        Choice(
            str(n),
            f"{entry.name} #{n + 1}: {m.wounds}/{entry.hearts} wounds"
            + (f", {status_names(pack, m.status)}" if m.status else ""),
        )
        for n, m in enumerate(marked_monsters(state, monster))
    ]
    if fresh is not None and state.board.get(monster, 0) > len(choices):
        choices.insert(0, Choice("fresh", fresh.format(name=entry.name)))
    return choices


def status_names(pack: EditionPack, ids: list[str]) -> str:
    """Status effect names, or "none"."""
    names = [pack.status_effects[s].name if s in pack.status_effects else s for s in ids]
    return ", ".join(names) or "none"


def point_statuses(pack: EditionPack, state: GameState, choice: str) -> list[str]:
    """The status effects of a chosen spawning point (a `spawning_point_choices` id)."""
    line = next((p for p in spawning_point_lines(pack, state) if _point_id(p) == choice), None)
    return line.status_effects if line is not None else []


def mini_boss_choice(option: MiniBossOption) -> Choice:
    """A mini-boss brought to this game, with its hearts; one that may not spawn says why (it is
    destroyed, or on the dungeon, or the engine's reason)."""
    if option.may_spawn:
        note = ""
    elif option.where == "waiting":
        note = f"not now: {option.refusal}"
    else:
        note = option.where.upper()
    return Choice(option.id, f"{option.name}  ({symbols.hearts(option.hearts)})", note)


def spawning_point_choices(
    pack: EditionPack, state: GameState, *, wounds: bool = False
) -> list[Choice]:
    """The spawning points still standing, by name and tile (with their wounds if asked); the
    two of a pair on one tile by number ("Shadow Warrens #2 on tile 2")."""
    return [
        Choice(
            _point_id(line),
            f"{line.name} on tile {line.tile}"
            + (f"  ({line.wounds}/{line.hearts} wounds)" if wounds else ""),
        )
        for line in spawning_point_lines(pack, state)
        if line.where == "standing"
    ]


def _point_id(line: SpawningPointLine) -> str:
    """A spawning point's choice id: `id@tile`, and `#which` for one of a pair on one tile."""
    return f"{line.id}@{line.tile}" + ("" if line.which is None else f"#{line.which}")


def _point_fields(choice: str) -> tuple[str, int, int | None]:
    """(id, tile, which) of a `_point_id`."""
    point, at = choice.rsplit("@", 1)
    tile, _, which = at.partition("#")
    return point, int(tile), int(which) if which else None


def spawning_point_ref(choice: str) -> dict[str, Any]:
    """The fields of an action on a chosen spawning point (a `spawning_point_choices` id)."""
    point, tile, which = _point_fields(choice)
    return {"target": "spawning-point", "model": point, "tile": tile, "which": which}


def spawning_point_destroyed(choice: str) -> Action:
    """The action for a chosen spawning point (a `spawning_point_choices` id)."""
    point, tile, which = _point_fields(choice)
    return DestroySpawningPoint(spawning_point=point, tile=tile, which=which)


def _name(entries: Mapping[str, object], entry_id: str) -> str:
    entry = entries.get(entry_id)
    return str(getattr(entry, "name", entry_id))
