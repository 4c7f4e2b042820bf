"""SDE 2.0 bonuses and pets (mighty-monster-chart.txt, BONUSES), and the bonus views."""

from __future__ import annotations

import pytest
from msgspec import structs

from consul_app.content.dice import Dice
from consul_app.content.models import Stats
from consul_app.content.pack import EditionPack
from consul_app.rules import (
    AdvanceChart,
    ChooseBonus,
    ConfirmStep,
    EndTurn,
    GameState,
    RuleError,
    answer,
    apply,
    bonuses_by_rank,
    monster_bonuses,
    monster_stats,
    new_game,
    pending_decision,
)
from consul_app.rules.handlers.bonuses import applies_to
from consul_app.rules.model.state import GainedBonus

from .packs import finish_steps, make_setup, next_turn, play, with_spaces

BOSS = {"dungeon_boss": True}


def gain(pack: EditionPack, *bonus_spaces: list[str]) -> GameState:
    """A game whose first spaces grant these bonuses; the chart is advanced past them."""
    with_spaces(pack, [{"bonuses": b} for b in bonus_spaces] + [BOSS])
    state = new_game(pack, make_setup())
    for _ in bonus_spaces:
        state = next_turn(pack, state)
    return state


def stats(pack: EditionPack, state: GameState, model: str) -> list[str]:
    return [line.text for line in monster_stats(pack, state, model)]


def test_monsters_gain_the_bonus_as_if_printed_on_their_card(sde2: EditionPack) -> None:
    """'When a space is reached that grants a bonus, the monsters on the dungeon gain the bonus
    listed, exactly as though the bonus were printed on its card.'"""
    state = gain(sde2, ["offense"])
    assert stats(sde2, state, "kobold") == ["STR 1B +1B", "ARM 1B", "DEX 1B +1B off"]


def test_bonuses_apply_to_every_monster_but_the_dungeon_boss(sde2: EditionPack) -> None:
    """'Bonuses apply to all monsters except the dungeon boss (even the mini-boss and monsters
    spawned after the space with the bonus is reached), unless the bonus specifies
    otherwise.'"""
    state = gain(sde2, ["defense"])
    by_rank = bonuses_by_rank(sde2, state)
    for group in ("minion", "elite", "mini-boss", "pet", "8-bit", "16-bit"):
        assert [line.bonus for line in by_rank[group].lines] == ["defense"], group
    assert stats(sde2, state, "chief") == ["STR 2R", "ARM 1R +1ST"]
    assert stats(sde2, state, "dragon") == ["STR 2R", "ARM 2B +1ST"]  # not on the board yet


def test_a_bonus_may_say_which_monsters_it_applies_to(sde2: EditionPack) -> None:
    """'... unless the bonus specifies otherwise.'"""
    state = gain(sde2, ["elite-str", "massive", "boss-only"])
    by_rank = bonuses_by_rank(sde2, state)
    assert [line.bonus for line in by_rank["elite"].lines] == ["elite-str", "massive"]
    assert [line.bonus for line in by_rank["minion"].lines] == ["massive"]
    assert [line.bonus for line in by_rank["mini-boss"].lines] == ["boss-only"]
    assert [line.bonus for line in by_rank["16-bit"].lines] == ["elite-str"]
    assert by_rank["16-bit"].lines[0].note == "elites only"
    assert by_rank["elite"].lines[1].note == "8-Bit only"
    assert stats(sde2, state, "kobold") == ["STR 1B", "ARM 1B", "DEX 1B"]
    assert stats(sde2, state, "kobold-elite")[0] == "STR 2B +1R"
    assert [b.bonus for b in monster_bonuses(sde2, state, "kobold")] == ["massive"]


def test_bonuses_are_permanent(sde2: EditionPack) -> None:
    """'These bonuses are permanent.'"""
    state = gain(sde2, ["offense"])
    state = finish_steps(sde2, apply(sde2, state, EndTurn()))  # the boss spawns
    assert state.boss.spawned
    state = next_turn(sde2, next_turn(sde2, state))
    assert [line.bonus for line in bonuses_by_rank(sde2, state)["minion"].lines] == ["offense"]


def test_dice_bonuses_add_a_die_to_offense_or_defense_rolls(sde2: EditionPack) -> None:
    """'Dice bonuses add a die to monsters' offense rolls or defense rolls.' Offense goes to
    the stats its attacks roll (the Kobold: STR melee, DEX missile); README: 'A defense bonus
    applies to every defense roll (ARM, DEX or WILL).' A stat rolled both ways (the Kobold's
    DEX) says which dice go to which roll."""
    state = gain(sde2, ["offense", "defense"])
    assert bonuses_by_rank(sde2, state)["elite"].dice == {
        "offense": Dice(blue=1),
        "defense": Dice(stars=1),
    }
    assert stats(sde2, state, "kobold") == ["STR 1B +1B", "ARM 1B +1ST", "DEX 1B +1B off +1ST def"]
    assert stats(sde2, state, "kobold-elite") == ["STR 2B +1B", "ARM 1R +1ST", "WILL 1B +1ST"]


def test_offense_bonuses_go_to_att_on_cards_that_attack_with_att(classic: EditionPack) -> None:
    """1.0 cards attack with ATT: a view of a state holding an offense bonus adds it there."""
    state = new_game(classic, make_setup("classic"))
    state = structs.replace(state, bonuses=[GainedBonus(bonus="offense", space=1)])
    assert stats(classic, state, "kobold") == ["ATT 1B +1B", "ARM 1B", "DEX 1B +1B off"]


def test_bonus_abilities_give_monsters_the_ability(sde2: EditionPack) -> None:
    """'Bonus abilities give monsters the listed ability.'"""
    state = gain(sde2, ["massive"])
    assert [line.ability for line in monster_bonuses(sde2, state, "kobold")] == ["Massive Damage"]


def test_abilities_are_status_effects_or_keywords(sde2: EditionPack) -> None:
    """'These abilities can be in the form of a status effect or keyword ability.'"""
    state = gain(sde2, ["massive", "poisoning"])
    lines = monster_bonuses(sde2, state, "kobold")
    assert [(line.ability, line.status) for line in lines] == [
        ("Massive Damage", None),
        (None, "poison"),
    ]


def test_a_status_bonus_means_the_monster_causes_it(sde2: EditionPack) -> None:
    """'(A status effect ability means the monster causes the status effect when it inflicts a
    wound when using an offensive action.)'"""
    state = gain(sde2, ["poisoning"])
    line = bonuses_by_rank(sde2, state)["elite"].lines[0]
    assert (line.name, line.status) == ("Monsters cause Poison", "poison")


def test_some_spaces_offer_a_choice_of_bonuses(sde2: EditionPack) -> None:
    """'Some spaces will provide the Consul with a choice between multiple bonuses.'"""
    with_spaces(sde2, [{"choose_bonus": ["offense", "defense"]}, BOSS])
    state = play(sde2, new_game(sde2, make_setup()), EndTurn(), AdvanceChart(space=1))
    decision = pending_decision(sde2, state)
    assert decision is not None and decision.key == "choose-bonus"
    assert [c.id for c in decision.choices] == ["offense", "defense"]
    assert decision.limit == 1


def test_the_consul_chooses_only_one_bonus(sde2: EditionPack) -> None:
    """'When this occurs, the Consul must choose only one bonus to use.'"""
    with_spaces(sde2, [{"choose_bonus": ["offense", "defense"]}, BOSS])
    state = play(sde2, new_game(sde2, make_setup()), EndTurn(), AdvanceChart(space=1))
    with pytest.raises(RuleError, match="choose one of the bonuses this space offers"):
        apply(sde2, state, ChooseBonus(bonus="massive"))
    decision = pending_decision(sde2, state)
    with pytest.raises(ValueError, match="choose exactly one"):
        answer(decision, ["offense", "defense"])
    with pytest.raises(ValueError, match="choose exactly one"):
        answer(decision, [])
    state = apply(sde2, state, answer(decision, ["defense"]))
    assert [b.bonus for b in state.bonuses] == ["defense"]
    with pytest.raises(RuleError):
        apply(sde2, state, ChooseBonus(bonus="offense"))


def test_all_bonuses_are_cumulative(sde2: EditionPack) -> None:
    """'All bonuses are cumulative.'"""
    state = gain(sde2, ["offense"], ["offense"])
    assert stats(sde2, state, "kobold")[0] == "STR 1B +2B"


def test_every_bonus_reached_is_applied(sde2: EditionPack) -> None:
    """'If the Mighty Monster Chart has reached multiple bonuses, they are all applied.'"""
    state = gain(sde2, ["offense", "defense"], ["poisoning"])
    assert [line.bonus for line in monster_bonuses(sde2, state, "kobold")] == [
        "offense",
        "defense",
        "poisoning",
    ]
    assert [line.reason for line in monster_bonuses(sde2, state, "kobold")] == [
        "chart space 1",
        "chart space 1",
        "chart space 2",
    ]


def test_pets_grow_in_strength_too(sde2: EditionPack) -> None:
    """'Also remember that as Pets traverse the dungeon, they learn new skills and grow in
    strength as well!!'"""
    state = gain(sde2, ["offense"])
    assert stats(sde2, state, "cat")[0] == "STR 1B +1B"


def test_pets_gain_bonuses_as_8_bit_monsters(sde2: EditionPack) -> None:
    """'To represent this, Pets benefit from all bonuses granted by the mighty monster chart as
    if they were an 8-bit monster.'"""
    state = gain(sde2, ["massive", "elite-str", "boss-only"])
    assert [line.bonus for line in bonuses_by_rank(sde2, state)["pet"].lines] == [
        "massive",
        "elite-str",
    ]
    assert stats(sde2, state, "cat") == ["STR 1B +1R", "ARM 1B"]


def test_the_bonus_step_gains_the_bonuses_when_confirmed(sde2: EditionPack) -> None:
    with_spaces(sde2, [{"bonuses": ["offense", "poisoning"]}, BOSS])
    state = play(sde2, new_game(sde2, make_setup()), EndTurn(), AdvanceChart(space=1))
    assert state.bonuses == []
    state = apply(sde2, state, ConfirmStep(step="bonuses"))
    assert [b.bonus for b in state.bonuses] == ["offense", "poisoning"]


def test_the_dungeon_boss_never_gains_bonuses(sde2: EditionPack) -> None:
    """'Bonuses apply to all monsters except the dungeon boss (even the mini-boss and monsters
    spawned after the space with the bonus is reached), unless the bonus specifies otherwise.'
    The dungeon boss's card shows no bonus; the mini-boss's does."""
    sde2.dungeon_bosses["big"] = structs.replace(
        sde2.dungeon_bosses["big"], stats=Stats(STR=Dice.parse("3R"), ARM=Dice.parse("2R"))
    )
    state = gain(sde2, ["offense", "defense"])
    assert not applies_to("sde2", sde2.bonuses["offense"], "dungeon-boss", "super", "Big Boss")
    assert monster_bonuses(sde2, state, "big") == []
    assert stats(sde2, state, "big") == ["STR 3R", "ARM 2R"]
    assert [line.bonus for line in monster_bonuses(sde2, state, "chief")] == ["offense", "defense"]
    assert "dungeon-boss" not in bonuses_by_rank(sde2, state)


def test_a_pet_without_a_card_gains_the_pet_bonuses(sde2: EditionPack) -> None:
    """'To represent this, Pets benefit from all bonuses granted by the mighty monster chart as
    if they were an 8-bit monster.' A pet named freely in the setup (no card in the content)
    has the pets' bonuses and no card stats; an id that is nothing is refused."""
    with_spaces(sde2, [{"bonuses": ["offense", "massive"]}, BOSS])
    state = next_turn(sde2, new_game(sde2, make_setup(pets=["Sprout"])))
    assert [line.bonus for line in monster_bonuses(sde2, state, "Sprout")] == [
        "offense",
        "massive",
    ]
    assert monster_stats(sde2, state, "Sprout") == []
    for call in (monster_bonuses, monster_stats):
        with pytest.raises(RuleError, match="unknown monster 'ghost'"):
            call(sde2, state, "ghost")
