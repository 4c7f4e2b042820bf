"""Tracked models: a hit of several wounds is taken as a whole, wounds that reach a model's
hearts destroy it (the same event as destroying it by key), fight-card summons are counted."""

from __future__ import annotations

import pytest

from consul_app.content.pack import EditionPack
from consul_app.rules import (
    AddStatus,
    ConfirmStep,
    DestroyMiniBoss,
    DestroyMonsters,
    DestroySpawningPoint,
    DestroySummoned,
    EndTurn,
    Heal,
    RuleError,
    Spawn,
    SpawnMiniBoss,
    Summon,
    Wound,
    action_data,
    apply,
    describe,
    new_game,
    power_up_steps,
    read_action,
    spawning_point_lines,
)
from consul_app.rules.model.setup import PlacedSpawningPoint

from .packs import current, finish_steps, make_setup, open_keys, play, run_to
from .test_boss_sde2 import in_play as sde2_boss_in_play


def fk_boss_in_play(fk: EditionPack, boss: str) -> object:
    state = new_game(fk, make_setup("forgotten-king", boss=boss))
    state = play(
        fk,
        state,
        DestroySpawningPoint(spawning_point="burrow", tile=2),
        DestroySpawningPoint(spawning_point="nest", tile=3),
    )
    return finish_steps(fk, state)


def test_a_two_wound_hit_in_forgotten_king_is_taken_whole(fk: EditionPack) -> None:
    """FK timeout: 'Immediately after the boss has a number of wound tokens equal to or greater
    than half of the number of hearts on their card, a timeout is triggered', then 'Heal the
    dungeon boss back to half of its remaining wounds (rounded up) if it went below'.
    The Witch Queen (8 hearts) with 3 wounds takes a 2-wound hit: 5 wounds, the timeout, 4."""
    state = play(fk, fk_boss_in_play(fk, "witch"), Wound(wounds=3))
    assert (state.boss.wounds, state.boss.timeout) == (3, False)
    state = apply(fk, state, Wound(wounds=2))
    assert (state.boss.wounds, state.boss.timeout) == (5, True)
    assert current(fk, state).key == "timeout-status"
    state = run_to(fk, state, "timeout-heal-boss")
    assert "wounds 5 -> 4" in current(fk, state).text
    state = apply(fk, state, ConfirmStep(step="timeout-heal-boss"))
    assert state.boss.wounds == 4


@pytest.mark.parametrize("edition", ["sde2", "forgotten-king"])
def test_a_hit_that_defeats_the_boss_outright_gives_no_timeout(
    edition: str, sde2: EditionPack, fk: EditionPack
) -> None:
    """Wounds that defeat the boss outright end the game: no timeout steps follow."""
    pack = sde2 if edition == "sde2" else fk
    state = sde2_boss_in_play(sde2) if edition == "sde2" else fk_boss_in_play(fk, "big")
    state = apply(pack, state, Wound(wounds=12))
    assert state.boss.defeated and not state.boss.timeout
    assert state.boss.wounds == 9  # never more than its hearts
    assert open_keys(pack, state) == []
    assert describe(pack, Wound(wounds=12), sde2_boss_in_play(sde2)) == (
        "Boss takes 12 wounds: defeated"
    )


def test_a_spawning_point_destroyed_by_wounds_gives_its_loot(sde2: EditionPack) -> None:
    """2.0 rewards: 'a destroyed spawning point gives loot equal to its tile number plus one'.
    Wounds that reach its hearts destroy it, the same event as destroying it by key."""
    game = new_game(sde2, make_setup())
    hit = Wound(target="spawning-point", model="nest", tile=3, wounds=3)
    state = apply(sde2, game, hit)
    assert [(p.id, p.wounds, p.status) for p in state.spawning_points][1] == ("nest", 3, "standing")
    assert describe(sde2, hit, game) == "Spawning point Nest on tile 3 takes 3 wounds"
    last = Wound(target="spawning-point", model="nest", tile=3, wounds=2)
    assert describe(sde2, last, state) == (
        "Spawning point Nest on tile 3 takes 2 wounds: destroyed, "
        "loot equal to its tile number plus one (4), in the power-up phase"
    )
    state = apply(sde2, state, last)
    point = state.spawning_points[1]
    assert (point.wounds, point.status) == (4, "destroyed")
    by_key = apply(sde2, game, DestroySpawningPoint(spawning_point="nest", tile=3))
    assert state.tally == by_key.tally and state.standing_spawning_points() == (
        by_key.standing_spawning_points()
    )
    assert current(sde2, apply(sde2, state, EndTurn())).text.startswith("The heroes take 4 loot")
    with pytest.raises(RuleError, match="no standing Nest spawning point on tile 3"):
        apply(sde2, state, Wound(target="spawning-point", model="nest", tile=3))


def test_a_spawning_point_heals_and_takes_status_effects(sde2: EditionPack) -> None:
    state = play(
        sde2,
        new_game(sde2, make_setup()),
        Wound(target="spawning-point", model="burrow", tile=2, wounds=2),
        Heal(target="spawning-point", model="burrow", tile=2),
        AddStatus(target="spawning-point", model="burrow", tile=2, status="stun"),
    )
    assert (state.spawning_points[0].wounds, state.spawning_points[0].status_effects) == (
        1,
        ["stun"],
    )
    with pytest.raises(RuleError, match="has only 1 wound"):
        apply(sde2, state, Heal(target="spawning-point", model="burrow", tile=2, wounds=2))


def test_a_mini_boss_destroyed_by_wounds_is_the_destroy_event(sde2: EditionPack) -> None:
    """A mini-boss destroyed by wounds is destroyed, as by key, and the 2.0 rewards step
    reminds the party of its treasure ("treasure for destroying the mini-boss")."""
    state = run_to(sde2, play(sde2, new_game(sde2, make_setup()), EndTurn()), "spawn")
    state = finish_steps(sde2, state)
    for _ in range(3):
        state = finish_steps(sde2, apply(sde2, state, EndTurn()))
    assert state.mini_boss is not None and state.mini_boss.id == "chief"
    hit = Wound(target="mini-boss", wounds=7)
    chief = sde2.mini_bosses["chief"].name
    assert describe(sde2, hit, state) == f"Mini-boss {chief} takes 7 wounds: destroyed"
    assert describe(sde2, hit) == "Mini-boss takes 7 wounds"  # (the model unknown)
    by_wounds = apply(sde2, state, hit)
    by_key = apply(sde2, state, DestroyMiniBoss(mini_boss="chief"))
    assert by_wounds == by_key
    assert by_wounds.mini_bosses_destroyed == ["chief"]
    rewards = power_up_steps(sde2, apply(sde2, by_wounds, EndTurn()))[0]
    assert rewards.key == "rewards"
    assert "Treasure for 1 mini-boss(es) destroyed this turn" in rewards.text
    # (seen at 80x24: the top bar showed "The heroes take 0 loot: one per full 3 skull points
    # of ... (more: 1 Steps)", the treasure out of sight: it is in the first words)
    assert rewards.text.startswith("The heroes take 0 loot and 1 treasure: ")


def test_the_fk_ladder_climbs_after_a_mini_boss_falls_to_wounds(fk: EditionPack) -> None:
    """'At the end of any turn in which a mini-boss was destroyed, the Consul advances the
    Mighty Monster chart one step' - destroyed by wounds counts too."""
    state = new_game(fk, make_setup("forgotten-king"))
    state = play(fk, state, SpawnMiniBoss(mini_boss="chief"), Wound(target="mini-boss", wounds=6))
    assert state.mini_boss is None
    assert open_keys(fk, apply(fk, state, EndTurn())) == ["advance-chart"]


def test_a_monster_in_play_carries_wounds_until_it_falls(sde2: EditionPack) -> None:
    """Monsters in play are counts; one may be marked with wounds. Wounds that reach its hearts
    destroy it: back to the spawning pool, counted for the rewards."""
    game = play(sde2, new_game(sde2, make_setup()), Spawn(monsters={"dragon": 1}))
    state = apply(sde2, game, Wound(target="monster", model="dragon", wounds=4))
    assert [(m.id, m.wounds) for m in state.tracked] == [("dragon", 4)]
    with pytest.raises(RuleError, match="no other Dragon is on the dungeon"):
        apply(sde2, state, Wound(target="monster", model="dragon"))
    with pytest.raises(RuleError, match="^no Dragon is on the dungeon"):  # (none: no "other")
        apply(sde2, new_game(sde2, make_setup()), Wound(target="monster", model="dragon"))
    state = apply(sde2, state, Wound(target="monster", model="dragon", which=0, wounds=3))
    assert state.tracked == [] and state.board["dragon"] == 0
    assert state.tally == apply(sde2, game, DestroyMonsters(monsters={"dragon": 1})).tally


def test_a_monster_destroyed_by_key_takes_its_marks_with_it(sde2: EditionPack) -> None:
    state = play(
        sde2,
        new_game(sde2, make_setup()),
        Spawn(monsters={"kobold-elite": 1}),
        Wound(target="monster", model="kobold-elite"),
        DestroyMonsters(monsters={"kobold-elite": 1}),
    )
    assert state.tracked == []


def test_fight_card_summons_are_counted_up_to_the_limit(sde2: EditionPack) -> None:
    """'Loose Cannons ... until four are out': the card's models are counted, never more than
    its limit at once."""
    state = sde2_boss_in_play(sde2)
    state = play(sde2, state, Summon(model="Imps", count=3), DestroySummoned(model="Imps"))
    assert state.summoned == {"Imps": 2}
    with pytest.raises(RuleError, match="2 Imps are out: at most 4, so 2 more"):
        apply(sde2, state, Summon(model="Imps", count=3))
    assert apply(sde2, state, Summon(model="Imps", count=2)).summoned == {"Imps": 4}
    with pytest.raises(RuleError, match="the fight card brings no Goblins"):
        apply(sde2, state, Summon(model="Goblins"))
    with pytest.raises(RuleError, match="with the boss in play"):
        apply(sde2, new_game(sde2, make_setup()), Summon(model="Imps"))


def test_old_wound_actions_still_load() -> None:
    """Journals written before models were tracked hold `Wound(target, wounds)`."""
    action = read_action({"type": "wound", "target": "mini-boss", "wounds": 2})
    assert action == Wound(target="mini-boss", wounds=2)
    assert action.model is None and action.which is None


def test_the_two_models_of_a_pair_on_one_tile_are_told_apart(sde2: EditionPack) -> None:
    """A paired spawning point stands with its partner, both on one tile by default: id and
    tile do not tell them apart, so `which` (the n-th of that id on that tile, in setup order)
    picks one; without it (journals written before) the first standing one is meant."""
    pair = [PlacedSpawningPoint(id="twin", tile=2), PlacedSpawningPoint(id="twin", tile=2)]
    game = new_game(sde2, make_setup(spawning_points=pair))
    hit = Wound(target="spawning-point", model="twin", tile=2, which=1, wounds=2)
    state = apply(sde2, game, hit)
    assert [p.wounds for p in state.spawning_points] == [0, 2]
    assert describe(sde2, hit, game) == "Spawning point Twin Idol #2 on tile 2 takes 2 wounds"
    state = apply(sde2, state, DestroySpawningPoint(spawning_point="twin", tile=2, which=0))
    assert [(p.status, p.wounds) for p in state.spawning_points] == [
        ("destroyed", 0),
        ("standing", 2),
    ]
    with pytest.raises(RuleError, match="no standing Twin Idol #1 spawning point on tile 2"):
        apply(sde2, state, Wound(target="spawning-point", model="twin", tile=2, which=0))
    old = apply(sde2, state, Wound(target="spawning-point", model="twin", tile=2))
    assert [p.wounds for p in old.spawning_points] == [0, 3]  # the first standing one
    points = spawning_point_lines(sde2, state)
    assert [(p.which, p.where) for p in points] == [(0, "destroyed"), (1, "standing")]
    alone = spawning_point_lines(sde2, new_game(sde2, make_setup()))
    assert [p.which for p in alone] == [None, None]  # one of its id on its tile: no number


def test_a_destroyed_spawning_point_is_written_as_before_unless_it_is_one_of_a_pair() -> None:
    """Journals hold `DestroySpawningPoint` without `which`: it is written only when set, so
    the lines of old saves are written again byte for byte."""
    old = {"spawning_point": "nest", "tile": 3, "type": "destroy_spawning_point"}
    assert action_data(read_action(old)) == old
    new = DestroySpawningPoint(spawning_point="twin", tile=2, which=1)
    assert read_action(action_data(new)) == new
