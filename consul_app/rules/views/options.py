"""What the Consul may do now, as the engine itself decides it: an action is tried on the
state (`apply` is pure and cheap) and its refusal, if any, is the reason shown."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from consul_app.content.pack import EditionPack
from consul_app.rules.engine import apply
from consul_app.rules.model.actions import Action, SpawnMiniBoss
from consul_app.rules.model.errors import RuleError
from consul_app.rules.model.names import name_of
from consul_app.rules.model.state import GameState

MiniBossWhere = Literal["waiting", "on the dungeon", "destroyed"]


def refusal(pack: EditionPack, state: GameState, action: Action) -> str | None:
    """Why the engine refuses `action` now (its `RuleError`), or None if it would accept it."""
    try:
        apply(pack, state, action)
    except RuleError as err:
        return str(err)
    return None


@dataclass(frozen=True)
class MiniBossOption:
    """A mini-boss the Consul brought: where it is, and whether `SpawnMiniBoss` may bring it
    onto the dungeon now (`refusal` says why not)."""

    id: str
    name: str
    hearts: int
    where: MiniBossWhere
    may_spawn: bool
    refusal: str = ""


def mini_bosses_left(pack: EditionPack, state: GameState) -> list[MiniBossOption]:
    """Every mini-boss of the setup, in its order: waiting, on the dungeon or destroyed, and
    whether it may spawn now (2.0: only in a Spawn Mini-Boss step; FK and 1.0: whenever none is
    on the dungeon and no step is open)."""
    options = []
    for mini_boss in state.setup.mini_bosses:
        card = pack.mini_bosses.get(mini_boss)
        where: MiniBossWhere = "waiting"
        if state.mini_boss is not None and state.mini_boss.id == mini_boss:
            where = "on the dungeon"
        elif mini_boss in state.mini_bosses_destroyed:
            where = "destroyed"
        why = refusal(pack, state, SpawnMiniBoss(mini_boss=mini_boss))
        options.append(
            MiniBossOption(
                id=mini_boss,
                name=name_of(pack, "mini_bosses", mini_boss),
                hearts=card.hearts if card else 0,
                where=where,
                may_spawn=why is None,
                refusal=why or "",
            )
        )
    return options
