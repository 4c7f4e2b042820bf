"""Each edition in its own words, on the bundled content: the Forgotten King ladder's bonus
reasons, what a destroyed spawning point gives in each edition."""

from __future__ import annotations

import pytest
from msgspec.structs import replace
from session.players import first_answer

from consul_app.content import ContentPack
from consul_app.rules import (
    DestroyMiniBoss,
    DestroySpawningPoint,
    EndTurn,
    EquipRelics,
    GameState,
    SpawnMiniBoss,
    Wound,
    apply,
    card,
    chart_status,
    default_setup,
    describe,
    gauge_status,
    new_game,
)


def _settled(content: ContentPack, state: GameState) -> GameState:
    pack = content.edition(state.setup.edition)
    while (action := first_answer(pack, state)) is not None:
        state = apply(pack, state, action)
    return state


def test_a_ladder_bonus_reason_names_its_step_once(content: ContentPack) -> None:
    """FK: "one ladder step at the end of a turn in which a mini-boss was destroyed"; the
    bonus's reason on a card is its step and what it gives, the step said once (not
    `+1ST ladder step 1, Ladder step 1, ...`)."""
    pack = content.edition("forgotten-king")
    setup = default_setup(pack)
    state = new_game(pack, setup)
    mini_boss = setup.mini_bosses[0]
    for action in (SpawnMiniBoss(mini_boss=mini_boss), DestroyMiniBoss(mini_boss=mini_boss)):
        state = apply(pack, state, action)
    state = _settled(content, apply(pack, state, EndTurn()))
    assert state.position == 1 and state.bonuses
    elite = next(m for m in state.pool if pack.monsters[m].rank in ("elite", "minion"))
    view = card(pack, state, elite)
    rolls = [*view.defense, *(a.roll for a in view.actions if a.roll is not None)]
    reasons = [added.reason for roll in rolls for added in roll.added]
    assert reasons, "the ladder's first step adds a star"
    for reason in reasons:
        assert reason.lower().count("ladder step 1") == 1, reason


LOOT = {
    # 2.0 (charts.md, the board's power-up text): "a destroyed spawning point gives loot equal
    # to its tile number plus one".
    "sde2": "loot equal to its tile number plus one (3), in the power-up phase",
    # Forgotten King and 1.0: their rules texts name no loot for a destroyed spawning point.
    "forgotten-king": "the Forgotten King rules name no loot for it",
    "classic": "the SDE 1.0 rules name no loot for it",
}


@pytest.mark.parametrize("edition", list(LOOT))
def test_a_destroyed_spawning_point_says_what_its_edition_gives(
    content: ContentPack, edition: str
) -> None:
    """README: a destroyed spawning point is logged "with what it brings"; each edition's rules
    say what that is, and where they are silent the log says so (never a 2.0 reminder)."""
    pack = content.edition(edition)
    setup = default_setup(pack)
    first, *others = setup.spawning_points
    placed = [replace(first, tile=2), *others]
    state = new_game(pack, replace(setup, spawning_points=placed))
    by_key = DestroySpawningPoint(spawning_point=first.id, tile=2)
    assert describe(pack, by_key).endswith(f"on tile 2 destroyed: {LOOT[edition]}")
    hearts = pack.spawning_points[first.id].hearts
    hit = Wound(target="spawning-point", model=first.id, tile=2, wounds=hearts)
    assert describe(pack, hit, state).endswith(f"wounds: destroyed, {LOOT[edition]}")


def test_the_ladder_and_the_gauge_stay_marked_unchecked(content: ContentPack) -> None:
    """Both are reconstructions (data/README.md): until someone checks them against the
    printed card they say so, on the chart pane as in the content."""
    fk, classic = content.edition("forgotten-king"), content.edition("classic")
    fk_state = new_game(fk, default_setup(fk))
    status = chart_status(fk, fk_state)
    assert status is not None and status.ladder and not status.verified
    gauge = gauge_status(classic, new_game(classic, default_setup(classic)))
    assert gauge is not None and not gauge.verified


@pytest.mark.parametrize(("edition", "said"), [("sde2", "no relic"), ("classic", "no treasure")])
def test_a_boss_equipping_nothing_says_so_in_its_edition_s_words(
    content: ContentPack, edition: str, said: str
) -> None:
    """1.0's boss carries treasure, not relics: its log never says "relic"."""
    pack = content.edition(edition)
    state = new_game(pack, default_setup(pack, edition))
    assert describe(pack, EquipRelics(), state) == f"Boss equips {said}"
    assert describe(pack, EquipRelics(relics=[next(iter(pack.relics))]), state).startswith(
        "Boss equips "
    )
