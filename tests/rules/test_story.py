"""The game's story: what happened over a whole game, turn by turn (the summary screen and the
Markdown export)."""

from __future__ import annotations

from consul_app.content.pack import EditionPack
from consul_app.rules import (
    DestroyHero,
    DestroyMiniBoss,
    DestroyMonsters,
    DestroySpawningPoint,
    Event,
    Spawn,
    Wound,
    new_game,
    story,
    story_sections,
)

from .packs import make_setup
from .test_recap import Tape


def test_the_story_counts_what_happened_by_turn(sde2: EditionPack) -> None:
    tape = Tape(sde2, new_game(sde2, make_setup()))
    tape.phase()  # turn 1: chart space 1 (spawn 3)
    tape.do(Spawn(monsters={"kobold": 2}))
    tape.do(DestroyMonsters(monsters={"kobold": 1}))
    tape.do(DestroyHero())
    tape.do(DestroySpawningPoint(spawning_point="nest", tile=3))
    tape.phase()  # turn 2: a choice of bonus
    tape.phase()  # turn 3: sighting
    tape.phase()  # turn 4: the mini-boss
    mini = tape.states[-1].mini_boss
    assert mini is not None
    tape.do(DestroyMiniBoss(mini_boss=mini.id))
    told = story(sde2, tape.states, tape.actions)
    assert told.turns == 5 and told.turn_word == "Turn"
    assert told.positions == [1, 2, 3, 4, 4]
    assert told.spawned == {"Kobold": 2} and told.destroyed == {"Kobold": 1}
    assert told.heroes_destroyed == 1
    assert told.spawning_points == [Event(2, "Nest (tile 3) destroyed")]
    assert [e.turn for e in told.bonuses] == [2]
    assert told.mini_bosses == [
        Event(4, "Chief came onto the dungeon"),
        Event(5, "Chief was destroyed"),
    ]
    assert told.wounds == [0] * 5 and told.timeout_turn is None
    assert told.result == "Still in play on turn 5." and not told.finished


def test_the_story_of_a_won_game_has_the_wounds_and_the_timeout(sde2: EditionPack) -> None:
    tape = Tape(sde2, new_game(sde2, make_setup()))
    while not tape.states[-1].boss.spawned:
        tape.phase()
    turn = tape.states[-1].turn
    tape.do(Wound(wounds=6))
    while (step := tape.step()) is not None:  # the timeout's steps
        assert step.action is not None
        tape.do(step.action)
    tape.do(Wound(wounds=20))
    told = story(sde2, tape.states, tape.actions)
    assert told.finished and told.result == f"The heroes won: Big Boss was defeated on turn {turn}."
    assert told.timeout_turn == turn and told.timeout_at == (told.hearts + 1) // 2
    assert told.wounds[-1] == told.hearts
    sections = dict(story_sections(told))
    assert f"Turns played: {turn}" in sections["The game"]
    assert sections["The dungeon boss"] == [
        f"Big Boss: {told.hearts} of {told.hearts} wounds; timeout at {told.timeout_at}, "
        f"the timeout came on turn {turn}"
    ]


def test_the_story_counts_places_on_the_chart_in_the_editions_words(
    sde2: EditionPack, fk: EditionPack
) -> None:
    """Forgotten King climbs a ladder of steps, 2.0 passes chart spaces."""
    for pack, said in ((sde2, "Chart spaces passed: 0 of "), (fk, "Ladder steps passed: 0 of ")):
        start = new_game(pack, make_setup(pack.edition))
        game = dict(story_sections(story(pack, [start], [])))["The game"]
        assert any(line.startswith(said) for line in game), game


def test_the_story_says_no_spawning_point_was_destroyed_and_how_many_stand(
    sde2: EditionPack,
) -> None:
    """Spawning points that all still stand are "none destroyed", never "none"."""
    tape = Tape(sde2, new_game(sde2, make_setup()))
    sections = dict(story_sections(story(sde2, tape.states, tape.actions)))
    assert sections["Spawning points"] == ["none destroyed", "Still standing: 2"]
    tape.do(DestroySpawningPoint(spawning_point="nest", tile=3))
    sections = dict(story_sections(story(sde2, tape.states, tape.actions)))
    assert sections["Spawning points"] == ["Turn 1: Nest (tile 3) destroyed", "Still standing: 1"]
