"""Fights with more than one boss card (the bundled fight cards, as the reference prints them).

Ugg's fight card, My Brother!: "When Ugg is spawned, also spawn Mugg adjacent to the SPAWNPOINT
on the first tile [...]. Mugg also counts as a Dungeon Boss and the Heroes do not win until both
Dungeon Bosses are destroyed. Time Out is reached when one of the Dungeon Bosses is destroyed."
The Midnight Queen's: "If Daemonus is not in play, spawn Daemonus within six squares of the
Midnight Queen." (at her spawn and at her timeout)."""

from __future__ import annotations

import pytest
from session.players import bundled_pack, first_answer

from consul_app.content.pack import EditionPack
from consul_app.rules import (
    Action,
    AddStatus,
    DestroySpawningPoint,
    EndTurn,
    GameState,
    Heal,
    PlacedSpawningPoint,
    RuleError,
    Setup,
    SpawnBoss,
    Wound,
    apply,
    describe,
    new_game,
    power_up_steps,
    recap,
)

from .packs import finish_steps


def _pack(edition: str = "sde2") -> EditionPack:
    return bundled_pack().edition(edition)


def _fight(boss: str) -> tuple[EditionPack, GameState]:
    """A 2.0 game of `boss`: both spawning points destroyed, the boss spawned at the end of
    the power-up phase (every step done with its first answer)."""
    pack = _pack()
    setup = Setup(
        boss=boss,
        mini_bosses=["arachne"],
        spawning_points=[
            PlacedSpawningPoint(id="arcadian-spider-nest", tile=2),
            PlacedSpawningPoint(id="bandit-knight", tile=3),
        ],
    )
    state = new_game(pack, setup)
    for point in list(state.standing_spawning_points()):
        state = apply(pack, state, DestroySpawningPoint(spawning_point=point.id, tile=point.tile))
    state = finish_steps(pack, apply(pack, state, EndTurn()))
    assert state.boss.spawned
    return pack, state


def _do(pack: EditionPack, state: GameState, *actions: Wound | Heal | AddStatus) -> GameState:
    for action in actions:
        state = apply(pack, state, action)
    return state


def test_mugg_spawns_with_ugg_with_a_wound_track_of_his_own() -> None:
    """My Brother!: "When Ugg is spawned, also spawn Mugg": the spawn step brings both, and a
    wound on Mugg lands on Mugg, not on Ugg."""
    pack = _pack()
    _, state = _fight("ugg")
    assert [b.id for b in state.other_bosses] == ["mugg"]
    state = _do(pack, state, Wound(model="mugg", wounds=2), AddStatus(model="mugg", status="slow"))
    assert (state.boss.wounds, state.boss.status) == (0, [])
    mugg = state.other_bosses[0]
    assert (mugg.wounds, mugg.status, mugg.destroyed) == (2, ["slow"], False)
    state = _do(pack, state, Heal(model="mugg"))
    assert state.other_bosses[0].wounds == 1


def test_the_spawn_step_names_both_brothers() -> None:
    pack = _pack()
    setup = Setup(boss="ugg", spawning_points=[PlacedSpawningPoint(id="bandit-knight", tile=2)])
    state = apply(
        pack, new_game(pack, setup), DestroySpawningPoint(spawning_point="bandit-knight", tile=2)
    )
    state = apply(pack, state, EndTurn())
    while (step := next(s for s in power_up_steps(pack, state) if s.current)).key != "boss-spawn":
        assert step.action is not None, step.key
        state = apply(pack, state, step.action)
    assert step.action == SpawnBoss(boss="ugg", with_bosses=["mugg"])
    with pytest.raises(RuleError, match="Ugg comes with Mugg"):
        apply(pack, state, SpawnBoss(boss="ugg", with_bosses=[]))


def test_ugg_at_half_hearts_brings_no_timeout_his_fall_does_and_the_heroes_win_with_both() -> None:
    """ "Time Out is reached when one of the Dungeon Bosses is destroyed", not at half the
    hearts; "the Heroes do not win until both Dungeon Bosses are destroyed"."""
    pack = _pack()
    _, state = _fight("ugg")
    state = _do(pack, state, Wound(wounds=3))
    assert not state.boss.timeout
    assert describe(pack, Wound(wounds=2), state) == "Boss takes 2 wounds: destroyed"
    state = _do(pack, state, Wound(wounds=2))
    assert state.boss.timeout and not state.boss.defeated
    state = finish_steps(pack, state)
    with pytest.raises(RuleError, match="Ugg is destroyed"):
        apply(pack, state, Wound())
    state = _do(pack, state, Wound(model="mugg", wounds=5))
    assert state.other_bosses[0].destroyed and state.boss.defeated
    with pytest.raises(RuleError, match="defeated"):
        apply(pack, state, EndTurn())


def test_mugg_falling_first_brings_the_timeout() -> None:
    pack = _pack()
    _, state = _fight("ugg")
    state = _do(pack, state, Wound(model="mugg", wounds=5))
    assert state.boss.timeout and not state.boss.defeated
    state = finish_steps(pack, state)
    with pytest.raises(RuleError, match="Mugg is destroyed"):
        apply(pack, state, Wound(model="mugg"))
    state = _do(pack, state, Wound(wounds=5))
    assert state.boss.defeated


def test_the_timeout_step_says_which_brother_fell() -> None:
    """ "Time Out is reached when one of the Dungeon Bosses is destroyed": seen in a real
    terminal, Mugg's fall opened the timeout with "Ugg has 0 wounds.", as if Ugg's wounds had
    brought it; the step names the brother who fell (and Ugg's wounds when he is the one)."""
    pack = _pack()
    _, state = _fight("ugg")
    state = _do(pack, state, Wound(wounds=1), Wound(model="mugg", wounds=5))
    heal = power_up_steps(pack, state)[0]
    assert heal.key == "timeout-heal-hero"
    assert heal.text.startswith("Mugg is destroyed: the timeout. The party may choose")
    assert "Ugg has" not in heal.text
    _, state = _fight("ugg")
    state = _do(pack, state, Wound(wounds=5))
    assert power_up_steps(pack, state)[0].text.startswith("Ugg is destroyed: the timeout.")


def test_daemonus_has_his_own_wounds_and_comes_back_at_the_queens_timeout() -> None:
    """Daemonus is not a Dungeon Boss: the Midnight Queen's fall wins; her timeout comes at half
    her hearts and, "If Daemonus is not in play", brings him back (with no wound)."""
    pack = _pack()
    _, state = _fight("the-midnight-queen")
    assert [b.id for b in state.other_bosses] == ["daemonus"]
    hearts = pack.dungeon_bosses["daemonus"].hearts
    state = _do(pack, state, Wound(model="daemonus", wounds=hearts))
    assert state.other_bosses[0].destroyed and not state.boss.timeout
    state = _do(pack, state, Wound(wounds=3))
    assert state.boss.timeout
    assert (state.other_bosses[0].destroyed, state.other_bosses[0].wounds) == (False, 0)
    state = _do(pack, finish_steps(pack, state), Wound(wounds=2))
    assert state.boss.defeated


def test_a_boss_the_card_names_without_bringing_it_is_another_form() -> None:
    """Every fight card of the three editions with more than one boss: each other boss is
    either brought by the card (its own wounds) or the same boss in another form (a Shapeshift
    on one of the cards: Nocturne is Von Drakk's, Rockin' Roxor Ragin' Roxor's)."""
    seen = {}
    for edition in ("sde2", "forgotten-king", "classic"):
        pack = _pack(edition)
        for card in pack.fight_cards.values():
            if len(card.bosses) < 2:
                continue
            brought = {b.boss for b in card.with_bosses}
            traits = [
                n
                for b in card.bosses
                for n in (*pack.dungeon_bosses[b].keywords, *pack.dungeon_bosses[b].abilities)
            ]
            forms = set(card.bosses) - brought
            assert len(forms) == 1 or any(t.startswith("Shapeshift") for t in traits), card.id
            seen[(edition, card.id)] = sorted(brought)
    assert seen == {
        ("sde2", "the-midnight-queen"): ["daemonus"],
        ("sde2", "ugg"): ["mugg"],
        ("forgotten-king", "roxor"): [],
        ("forgotten-king", "von-drakk"): [],
        ("classic", "von-drakk"): [],
    }
    mugg = _pack().fight_cards["ugg"].with_bosses[0]
    daemonus = _pack().fight_cards["the-midnight-queen"].with_bosses[0]
    assert (mugg.dungeon_boss, mugg.returns_at_timeout) == (True, False)
    assert (daemonus.dungeon_boss, daemonus.returns_at_timeout) == (False, True)



def test_the_recap_says_mugg_came_with_ugg() -> None:
    """Since your last turn: "Ugg spawned with Mugg." (My Brother!: "When Ugg is spawned,
    also spawn Mugg")."""
    pack = _pack()
    setup = Setup(boss="ugg", spawning_points=[PlacedSpawningPoint(id="bandit-knight", tile=2)])
    states = [new_game(pack, setup)]
    destroyed = DestroySpawningPoint(spawning_point="bandit-knight", tile=2)
    actions: list[Action] = [destroyed, EndTurn()]
    for action in actions:
        states.append(apply(pack, states[-1], action))
    while (action := first_answer(pack, states[-1])) is not None:
        actions.append(action)
        states.append(apply(pack, states[-1], action))
    told = recap(pack, states, actions)
    assert told is not None and "Ugg spawned with Mugg." in told.lines
