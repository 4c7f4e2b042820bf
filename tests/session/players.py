"""Legal actions for test games.

The rules package has no `legal_actions` helper, so this lists plausible actions (the current
step's answers, then table events) and tries them with `apply`. Used by the hypothesis tests,
the export tests and the crash test's child process.
"""

from __future__ import annotations

import random
from functools import lru_cache

from consul_app.content import ContentPack, EditionPack, load_pack
from consul_app.rules import (
    Action,
    AddStatus,
    AdvanceGauge,
    AnswerSighting,
    ChooseBonus,
    DestroyHero,
    DestroyMiniBoss,
    DestroyMonsters,
    DestroySpawningPoint,
    EndTurn,
    EquipRelics,
    GameState,
    Heal,
    RemoveStatus,
    RuleError,
    Spawn,
    SpawnMiniBoss,
    Wound,
    apply,
    power_up_steps,
)


@lru_cache(maxsize=1)
def bundled_pack() -> ContentPack:
    """The bundled content, loaded once per process (no user folder)."""
    return load_pack(include_user=False)


def child_pack() -> ContentPack:
    """The bundled content in a test's child process, as `consul` loads it: from the cache in
    the data folder the test gave it (`warm_content_cache`: a fifth of the second of CPU the
    YAML files take), else from the files (then cached there for the next child)."""
    from consul_app.content.cache import load_pack_cached

    return load_pack_cached(include_user=False)


def first_answer(pack: EditionPack, state: GameState) -> Action | None:
    """What confirming the current step (or taking its first choice) dispatches; None when no
    step is open."""
    return next(iter(_answers(pack, state)), None)


def _answers(pack: EditionPack, state: GameState) -> list[Action]:
    current = next((s for s in power_up_steps(pack, state) if s.current), None)
    if current is None:
        return []
    found: list[Action] = [current.action] if current.action is not None else []
    ids = [c.id for c in current.choices]
    match current.key:
        case "choose-bonus":
            found += [ChooseBonus(bonus=b) for b in ids]
        case "mini-boss":
            found += [SpawnMiniBoss(mini_boss=m) for m in ids]
        case "relics":
            found += [EquipRelics(relics=ids[:n]) for n in range((current.limit or 0) + 1)]
        case "boss-sighting":
            found += [AnswerSighting(heroes_present=True), AnswerSighting(heroes_present=False)]
    return found


def _events(pack: EditionPack, state: GameState) -> list[Action]:
    found: list[Action] = [EndTurn(), DestroyHero(), AdvanceGauge()]
    found += [Spawn(monsters={m: 1}) for m, n in state.pool.items() if n]
    found += [DestroyMonsters(monsters={m: 1}) for m, n in state.board.items() if n]
    found += [
        DestroySpawningPoint(spawning_point=p.id, tile=p.tile)
        for p in state.standing_spawning_points()
    ]
    found += [Wound(model=b.id) for b in state.other_bosses]  # (Mugg: a boss of his own)
    for target in ("boss", "mini-boss"):
        found += [Wound(target=target, wounds=w) for w in (1, 3)]
        found.append(Heal(target=target))
        found += [AddStatus(target=target, status=s) for s in list(pack.status_effects)[:2]]
        found += [RemoveStatus(target=target, status=s) for s in list(pack.status_effects)[:2]]
    if state.mini_boss is not None:
        found.append(DestroyMiniBoss(mini_boss=state.mini_boss.id))
    return found


def random_action(pack: EditionPack, state: GameState, rng: random.Random) -> Action | None:
    """One legal action picked at random, None if none is."""
    candidates = _answers(pack, state) + _events(pack, state)
    rng.shuffle(candidates)
    for action in candidates:
        try:
            apply(pack, state, action)
        except RuleError:
            continue
        return action
    return None
