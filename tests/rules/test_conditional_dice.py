"""Issue 23: dice a keyword adds only under a condition (Pile-On, Fury, Mob, ...) are shown on
the roll they change, as a line of their own, with the dice this card's printing gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from consul_app.content.loader import load_dirs
from consul_app.content.pack import ContentPack
from consul_app.rules import card, default_setup, new_game
from consul_app.rules.views.cards import CardView

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def bundled() -> ContentPack:
    return load_dirs([ROOT / "data"])


def view(pack: ContentPack, edition: str, model: str) -> CardView:
    ed = pack.edition(edition)  # type: ignore[arg-type]
    return card(ed, new_game(ed, default_setup(ed)), model)


def conditions(card_view: CardView, action: str) -> list[str]:
    found = next(a for a in card_view.actions if a.name == action)
    assert found.roll is not None
    return found.roll.conditions


def test_pile_on_is_on_the_melee_roll_with_the_cards_own_dice(bundled: ContentPack) -> None:
    """'A model with Pile-on gains +1B STR if its target is suffering Knockdown' (monsters);
    The Guth's card: +1R."""
    wyrmling = view(bundled, "sde2", "nether-wyrmling")
    assert conditions(wyrmling, "Melee attack") == ["+1B if the target has Knockdown (Pile-On)"]
    assert conditions(wyrmling, "Missile attack") == []  # it adds to STR only
    guth = view(bundled, "sde2", "the-guth")
    assert conditions(guth, "Melee attack") == ["+1R if the target has Knockdown (Pile-On)"]


def test_fury_is_on_every_offense_roll(bundled: ContentPack) -> None:
    """'+1B to all offense rolls for each wound it is currently suffering'."""
    berserker = view(bundled, "sde2", "draugr-berserker")
    rolls = [a.roll for a in berserker.actions if a.roll is not None and a.type == "offense"]
    assert rolls
    assert all("+1B per wound it has now (Fury)" in r.conditions for r in rolls)
    assert all(r.conditions == [] for r in berserker.defense)


def test_mob_is_on_melee_rolls_only(bundled: ContentPack) -> None:
    """1.0: 'Add +1b ATT to this model's melee attack for every other model with Mob'."""
    kobold = view(bundled, "classic", "ironscale")
    assert conditions(kobold, "Melee attack") == [
        "+1B per other Mob model in melee with the target, up to +3B (Mob)"
    ]


def test_death_lord_gives_the_undead_of_its_game_their_dice(bundled: ContentPack) -> None:
    """'While a model with Death Lord is in play, all Undead monsters without the Death Lord
    ability gain +1G to all rolls' (Elrik's card): on every roll of an Undead monster of a
    game with Elrik, defense too; not on a monster that is not Undead."""
    from msgspec import structs

    ed = bundled.edition("sde2")
    setup = structs.replace(default_setup(ed), boss="elrik-the-lich-king")
    state = new_game(ed, setup)
    draugr = card(ed, state, "draugr")
    line = "+1G while Elrik The Lich King is in play (Death Lord)"
    assert all(line in a.roll.conditions for a in draugr.actions if a.roll is not None)
    assert all(line in r.conditions for r in draugr.defense)
    wyrmling = card(ed, state, "nether-wyrmling")
    assert all(line not in r.conditions for r in wyrmling.defense)
