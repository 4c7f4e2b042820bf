"""The views the table screen reads instead of deciding rules itself: what may spawn now, which
mini-boss the Consul may bring, who gains bonuses, the limits of a setup, where the boss token
is once the boss has left the chart."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from msgspec import structs

from consul_app.content.pack import EditionPack
from consul_app.rules import (
    MAX_TILES,
    PARTY_SIZES,
    DestroyMiniBoss,
    EndTurn,
    GameState,
    Hero,
    PlacedSpawningPoint,
    Setup,
    Spawn,
    SpawnMiniBoss,
    Wound,
    answer,
    bonus_rules,
    boss_status,
    bosses_to_choose,
    chart_spaces,
    chart_status,
    current_space,
    mini_bosses_left,
    new_game,
    pending_decision,
    pets_to_choose,
    pool,
    refusal,
    setup_fields,
    upcoming_spaces,
)
from consul_app.rules.views import rule_texts

from .packs import current, finish_steps, make_setup, next_turn, play, run_to


def _until(pack: EditionPack, state: GameState, goal: Callable[[GameState], bool]) -> GameState:
    """Whole turns until `goal(state)`."""
    for _ in range(40):
        if goal(state):
            return state
        state = next_turn(pack, state)
    raise AssertionError("never reached")


# refusal: the engine's own answer


def test_refusal_is_the_engines_reason_or_none(sde2: EditionPack) -> None:
    game = new_game(sde2, make_setup())
    assert refusal(sde2, game, EndTurn()) is None
    assert refusal(sde2, game, Wound()) == "Big Boss has not spawned yet"
    assert game.phase == "turn"  # trying never changes the state


# mini_bosses_left


def test_sde2_mini_bosses_may_spawn_only_in_their_step(sde2: EditionPack) -> None:
    game = new_game(sde2, make_setup())
    options = mini_bosses_left(sde2, game)
    assert [(o.id, o.where, o.may_spawn) for o in options] == [
        ("chief", "waiting", False),
        ("queen", "waiting", False),
    ]
    assert "Spawn Mini-Boss space" in options[0].refusal
    state = _until(sde2, game, lambda s: s.position == 3)
    state = run_to(sde2, play(sde2, state, EndTurn()), "mini-boss")
    options = mini_bosses_left(sde2, state)
    assert [o.id for o in options if o.may_spawn] == ["chief", "queen"]
    assert [(o.name, o.hearts) for o in options] == [("Chief", 6), ("Queen", 8)]
    step = pending_decision(sde2, state)
    assert step is not None and [c.id for c in step.choices] == ["chief", "queen"]


def test_fk_mini_bosses_left_marks_the_one_on_the_dungeon_and_the_destroyed(
    fk: EditionPack,
) -> None:
    game = new_game(fk, make_setup("forgotten-king"))
    assert [o.id for o in mini_bosses_left(fk, game) if o.may_spawn] == ["chief", "queen"]
    state = play(fk, game, SpawnMiniBoss(mini_boss="chief"))
    options = {o.id: o for o in mini_bosses_left(fk, state)}
    assert options["chief"].where == "on the dungeon" and not options["chief"].may_spawn
    assert not options["queen"].may_spawn  # one at a time
    assert "one mini-boss" in options["queen"].refusal
    state = play(fk, state, DestroyMiniBoss(mini_boss="chief"))
    state = finish_steps(fk, play(fk, state, EndTurn()))
    options = {o.id: o for o in mini_bosses_left(fk, state)}
    assert (options["chief"].where, options["chief"].may_spawn) == ("destroyed", False)
    assert (options["queen"].where, options["queen"].may_spawn) == ("waiting", True)


def test_mini_bosses_left_is_empty_without_mini_bosses(fk: EditionPack) -> None:
    assert mini_bosses_left(fk, new_game(fk, make_setup("forgotten-king", mini_bosses=[]))) == []


# bonus_rules


@pytest.mark.parametrize(
    ("edition", "rule"),
    [
        ("forgotten-king", rule_texts.FK_BONUS_RULE),
        ("classic", rule_texts.NO_BONUSES_1_0),
    ],
)
def test_bonus_rules_say_who_gains_bonuses(
    edition: str, rule: str, request: pytest.FixtureRequest
) -> None:
    pack = request.getfixturevalue({"forgotten-king": "fk"}.get(edition, edition))
    assert bonus_rules(pack, new_game(pack, make_setup(edition))) == [rule]


def test_the_pets_rule_is_said_only_when_pets_can_apply(sde2: EditionPack) -> None:
    """'Pets benefit from all bonuses granted by the mighty monster chart as if they were an
    8-bit monster': said with pets in the game; the pack's pets unused, nothing; with no pets
    in the content, where they come from."""
    assert bonus_rules(sde2, new_game(sde2, make_setup(pets=["cat"]))) == [rule_texts.PETS_RULE]
    assert bonus_rules(sde2, new_game(sde2, make_setup())) == []
    del sde2.monsters["cat"]
    assert bonus_rules(sde2, new_game(sde2, make_setup())) == [rule_texts.NO_PETS]


# setup limits


def test_the_setup_limits_the_form_offers(sde2: EditionPack) -> None:
    assert list(PARTY_SIZES) == [3, 4, 5, 6]
    assert MAX_TILES == 12
    Setup(boss="big", tiles=MAX_TILES, party_size=PARTY_SIZES[-1])
    with pytest.raises(ValueError, match="tiles must be 1 to 12, not 13"):
        Setup(boss="big", tiles=MAX_TILES + 1)
    with pytest.raises(ValueError, match="a spawning point's tile must be 1 to 12, not 0"):
        PlacedSpawningPoint(id="burrow", tile=0)
    with pytest.raises(ValueError, match="party_size must be 3 to 6, not 2"):
        Setup(boss="big", party_size=PARTY_SIZES[0] - 1)
    with pytest.raises(ValueError, match="a hero's name must be 1 to 40 characters"):
        Hero(name="x" * 41)
    with pytest.raises(ValueError, match="tiles must be 1 to 12"):  # however it is made
        structs.replace(Setup(boss="big"), tiles=0)


def test_each_edition_has_its_own_setup_fields() -> None:
    assert setup_fields("sde2") == ("mode", "party_size", "tiles", "heroes")
    assert setup_fields("forgotten-king") == ("tiles",)
    assert setup_fields("classic") == ("game_size", "tiles")


def test_the_bosses_and_pets_to_choose(sde2: EditionPack) -> None:
    sde2.dungeon_bosses["sidekick"] = structs.replace(
        sde2.dungeon_bosses["big"], id="sidekick", companion=True
    )
    assert "sidekick" not in [b.id for b in bosses_to_choose(sde2)]
    assert {"big", "special"} <= {b.id for b in bosses_to_choose(sde2)}
    assert [m.id for m in pets_to_choose(sde2)] == ["cat"]


# the pool: what may spawn now


def test_pool_lines_say_what_may_spawn_in_a_spawn_step(sde2: EditionPack) -> None:
    state = run_to(sde2, play(sde2, new_game(sde2, make_setup()), EndTurn()), "spawn")
    step = current(sde2, state)
    assert step is not None and step.spawns and (step.budget, step.left) == (3, 3)
    may = {line.id: line.may_spawn for line in pool(sde2, state)}
    assert may == {"kobold": True, "kobold-elite": True, "dragon": False}  # 8-Bit only
    state = play(sde2, state, Spawn(monsters={"kobold-elite": 1}))
    assert current(sde2, state).left == 1
    may = {line.id: line.may_spawn for line in pool(sde2, state)}
    assert may == {"kobold": True, "kobold-elite": False, "dragon": False}  # 2 > 1 left


def test_pool_lines_outside_steps_are_free_spawns(sde2: EditionPack) -> None:
    game = new_game(sde2, make_setup())
    assert all(line.may_spawn for line in pool(sde2, game))
    state = play(sde2, game, EndTurn())  # the advance step is open: nothing spawns
    assert not any(line.may_spawn for line in pool(sde2, state))
    assert current(sde2, state).spawns is False and current(sde2, state).left is None
    assert refusal(sde2, state, Spawn(monsters={"kobold": 1})) == (
        "First finish the current step: Advance the Mighty Monster Chart"
    )


# the chart once the boss has left it


def test_the_boss_token_leaves_the_chart_when_the_boss_spawns(sde2: EditionPack) -> None:
    game = new_game(sde2, make_setup())
    status = chart_status(sde2, game)
    assert status is not None and (status.where, status.left_chart) == ("START of 8", False)
    before = _until(sde2, game, lambda s: s.position == 7)
    assert chart_status(sde2, before).where == "space 7 of 8"
    assert boss_status(sde2, before).spawn_space == 8
    assert boss_status(sde2, before).turns_until_spawn == 1
    state = run_to(sde2, play(sde2, before, EndTurn()), "boss-spawn")
    assert current_space(sde2, state).number == 8  # the token is on the boss's space
    state = finish_steps(sde2, state)
    assert state.boss.spawned
    status = chart_status(sde2, state)
    assert status.left_chart and status.current is None
    assert status.where == "left the chart (it spawned from space 8)"
    assert current_space(sde2, state) is None
    assert [v.number for v in chart_spaces(sde2, state) if v.current] == []
    assert chart_spaces(sde2, state)[-1].passed
    assert upcoming_spaces(sde2, state) == []
    boss = boss_status(sde2, state)
    assert boss.in_play and boss.spawn_space is None and boss.gets_relics


def test_the_chart_notes_the_bonuses_gained_on_each_space(sde2: EditionPack) -> None:
    state = _until(sde2, new_game(sde2, make_setup()), lambda s: s.position == 2)
    gained = {v.number: v.gained for v in chart_spaces(sde2, state)}
    assert gained[2] == ["offense"]  # the first choice of "choose one"
    assert gained[1] == [] and gained[3] == []


def test_fk_ladder_and_1_0_have_no_chart_to_leave(fk: EditionPack, classic: EditionPack) -> None:
    state = new_game(fk, make_setup("forgotten-king"))
    status = chart_status(fk, state)
    assert status is not None and status.ladder and status.where == "step 0 of 3 reached"
    assert chart_status(classic, new_game(classic, make_setup("classic"))) is None


def test_answer_builds_each_decision(sde2: EditionPack) -> None:
    state = _until(sde2, new_game(sde2, make_setup()), lambda s: s.position == 1)
    state = run_to(sde2, play(sde2, state, EndTurn()), "choose-bonus")
    step = pending_decision(sde2, state)
    assert step is not None
    assert play(sde2, state, answer(step, ["defense"])).bonuses[-1].bonus == "defense"


def test_with_no_spawning_point_left_the_2_0_boss_comes_at_the_phase_end(
    sde2: EditionPack,
) -> None:
    """'During the Consul's power-up phase, and after advancing the Mighty Monster Chart and
    applying all effects, if there are no spawning points in play, the dungeon boss
    automatically spawns.' The boss card says so instead of its chart space; a spawn step says
    up front that nothing can be placed."""
    state = play(
        sde2,
        new_game(sde2, make_setup()),
        Wound(target="spawning-point", model="burrow", tile=2, wounds=4),
        Wound(target="spawning-point", model="nest", tile=3, wounds=4),
    )
    status = boss_status(sde2, state)
    assert status.spawn_space is None and status.turns_until_spawn is None
    assert status.arrival == (
        "No spawning point is left: it spawns by itself at the end of the next power-up phase, "
        "after the chart's effects."
    )
    state = run_to(sde2, play(sde2, state, EndTurn()), "spawn")
    assert "at the end of this power-up phase" in (boss_status(sde2, state).arrival or "")
    step = current(sde2, state)
    assert step is not None and "no spawning point is left" in step.text
    assert not any(line.may_spawn for line in pool(sde2, state))
