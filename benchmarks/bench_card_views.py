"""The engine side of opening a card and of the lookup's first result (the keypress ratios
are in bench_cards.py).

Run: `.venv/bin/python benchmarks/bench_card_views.py`. On the bundled 2.0 pack, mid-game
(bonuses gained, the boss spawned with relics), prints best-of-N times of `card()` for a Mighty
monster, a WILL attacker and the dungeon boss, and of `lookup(pack, "mig")[0]`, each as a
ratio against `pool()` on the same state (the spawning pool pane's rows, computed on every
refresh) in the same run. The TUI measures the keypress ratios on top of these.
"""

from __future__ import annotations

import timeit
from collections.abc import Callable

from msgspec import structs

from consul_app.content import load_pack
from consul_app.rules import card, default_setup, lookup, new_game, pool
from consul_app.rules.model.state import BossState, GainedBonus

ROUNDS = 50


def best(run: Callable[[], object], number: int = 20) -> float:
    """The fastest of ROUNDS runs of `number` calls, per call, in seconds."""
    return min(timeit.repeat(run, number=number, repeat=ROUNDS)) / number


def main() -> None:
    pack = load_pack(include_user=False).edition("sde2")
    setup = structs.replace(default_setup(pack), boss="black-handed-henry")
    state = new_game(pack, setup)
    bonuses = ["bonus-offensive-rolls", "bonus-defensive-rolls", "bonus-massive-damage"]
    relics = ["fire-breath-potion", "flaming-crown"]
    state = structs.replace(
        state,
        bonuses=[GainedBonus(bonus=b, space=n) for n, b in enumerate(bonuses, 2)],
        boss=BossState(spawned=True, relics=relics, relic_slots=2),
    )
    base = best(lambda: pool(pack, state))
    print(f"pool (baseline)                {base * 1e3:7.3f} ms")
    for label, model in (
        ("card: Mighty monster", "nether-wyrmling"),
        ("card: WILL attacker", "drusilla-demonica"),
        ("card: dungeon boss + relics", "black-handed-henry"),
    ):
        took = best(lambda model=model: card(pack, state, model))
        print(f"{label:<31} {took * 1e3:7.3f} ms  {took / base:5.2f}x")
    took = best(lambda: lookup(pack, "mig")[0])
    print(f"{'lookup first result (mig)':<31} {took * 1e3:7.3f} ms  {took / base:5.2f}x")


if __name__ == "__main__":
    main()
