"""Hero keywords at a boss sighting: Clever cancels it, Dark Reflection adds the hero's tile."""

from __future__ import annotations

import pytest

from consul_app.content.pack import EditionPack
from consul_app.rules import (
    AdvanceChart,
    AnswerSighting,
    CancelSighting,
    EndTurn,
    Hero,
    RuleError,
    answer,
    apply,
    describe,
    new_game,
    pending_decision,
)
from consul_app.rules.model.state import GameState

from .packs import make_setup, open_keys, play, with_spaces
from .test_boss_sde2 import BOSS

HEROES = [
    Hero(name="Ace", keywords=["clever"]),
    Hero(name="Dee", keywords=["dark-reflection"]),
    Hero(name="Bo"),
]


def sighting(pack: EditionPack, heroes: list[Hero]) -> GameState:
    with_spaces(pack, [{"boss_sighting": [1]}, BOSS])
    return play(pack, new_game(pack, make_setup(heroes=heroes)), EndTurn(), AdvanceChart(space=1))


def test_clever_cancels_the_sighting_at_the_cost_of_a_wound(sde2: EditionPack) -> None:
    """Clever: 'When a Boss Sighting space is reached, a model with Clever may suffer a wound
    to cancel the Boss Sighting.'"""
    state = sighting(sde2, HEROES)
    decision = pending_decision(sde2, state)
    assert decision is not None
    assert [c.id for c in decision.choices] == ["yes", "no", "clever:Ace"]
    assert "Ace (Clever) may suffer a wound to cancel the sighting" in decision.text
    action = answer(decision, ["clever:Ace"])
    assert action == CancelSighting(hero="Ace")
    after = apply(sde2, state, action)
    assert after.hero_wounds == {"Ace": 1}
    assert open_keys(sde2, after) == []  # no timeout effects
    assert describe(sde2, action) == "Boss sighting cancelled: Ace (Clever) suffers a wound"
    with pytest.raises(RuleError, match="Bo has no Clever"):
        apply(sde2, state, CancelSighting(hero="Bo"))


def test_dark_reflection_adds_the_heroes_tile(sde2: EditionPack) -> None:
    """Dark Reflection: 'Boss sightings always affect the tile this Hero is on, in addition to
    any tiles listed by the Mighty Monster Chart.'"""
    state = sighting(sde2, HEROES)
    decision = pending_decision(sde2, state)
    assert decision is not None
    assert decision.text.startswith(
        "Boss sighting on tile 1 and the tile Dee is on (Dark Reflection). If any hero is there"
    )
    with pytest.raises(RuleError, match="on which tile is Dee"):
        apply(sde2, state, AnswerSighting(heroes_present=False))
    action = answer(decision, ["no"], reflected={"Dee": 3})
    after = apply(sde2, state, action)
    effects = after.open_step()
    assert effects is not None and effects.key == "sighting-effects"
    assert effects.tiles == [1, 3]  # Dee stands on tile 3: that tile is hit too
    assert describe(sde2, action) == "Boss sighting: no hero there (Dark Reflection: Dee on tile 3)"
    with pytest.raises(RuleError, match="the dungeon has 4 tiles"):
        apply(sde2, state, AnswerSighting(heroes_present=True, reflected={"Dee": 7}))


def test_without_hero_keywords_the_sighting_asks_yes_or_no(sde2: EditionPack) -> None:
    decision = pending_decision(sde2, sighting(sde2, []))
    assert decision is not None and [c.id for c in decision.choices] == ["yes", "no"]
