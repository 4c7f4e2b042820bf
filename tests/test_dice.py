"""Dice pools as written on the cards: parse, add, print, reject."""

from __future__ import annotations

import msgspec
import pytest
from pydantic import ValidationError

from consul_app.content.dice import Dice
from consul_app.content.validate import dump, validate


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2B 1R", Dice(blue=2, red=1)),
        ("1ST", Dice(stars=1)),
        ("+1G", Dice(green=1)),
        ("1b, 2r", Dice(blue=1, red=2)),
        ("1B 1B", Dice(blue=2)),
        ("2Star 3G", Dice(stars=2, green=3)),
    ],
)
def test_parse(text: str, expected: Dice) -> None:
    assert Dice.parse(text) == expected


@pytest.mark.parametrize(
    "text", ["", "   ", "2", "B", "2X", "-1B", "2B1R", "1.5B", "two blue", "1 star"]
)
def test_parse_rejects_bad_input(text: str) -> None:
    with pytest.raises(ValueError):
        Dice.parse(text)


def test_add() -> None:
    assert Dice.parse("2B") + Dice.parse("1R 1ST") == Dice(blue=2, red=1, stars=1)
    assert Dice() + Dice() == Dice()


def test_str_lists_stars_then_blue_red_green() -> None:
    assert str(Dice(green=1, blue=2, stars=1, red=3)) == "1ST 2B 3R 1G"
    assert str(Dice()) == "0ST"


def test_str_round_trips() -> None:
    dice = Dice(blue=1, red=2, green=3, stars=4)
    assert Dice.parse(str(dice)) == dice


def test_is_empty() -> None:
    assert Dice().is_empty()
    assert not Dice(stars=1).is_empty()


def test_dice_are_immutable() -> None:
    with pytest.raises(AttributeError):
        Dice().blue = 1  # type: ignore[misc]


def test_equal_dice_hash_alike() -> None:
    assert {Dice.parse("1B 1R"), Dice(red=1, blue=1)} == {Dice(blue=1, red=1)}


class _Card(msgspec.Struct, frozen=True):
    STR: Dice


def test_field_parses_and_serialises_text() -> None:
    strength = validate(_Card, {"STR": "2B 1R"}).STR
    assert strength == Dice(blue=2, red=1)
    card = _Card(STR=strength)
    assert dump(card) == {"STR": "2B 1R"}
    assert msgspec.json.decode(msgspec.json.encode(card), type=_Card) == card  # the cache's way


@pytest.mark.parametrize("value", [3, "3", "blue", {"blue": 1}])
def test_field_rejects_numbers_and_words(value: object) -> None:
    with pytest.raises(ValidationError, match="dice|colour"):
        validate(_Card, {"STR": value})


def test_dice_taken_away_may_leave_a_star_less() -> None:
    """A loss ("1ST less ARM") is written after what is left: "2R -1ST"; none left is "0ST"."""
    assert str(Dice.parse("2R") - Dice.parse("1ST")) == "2R -1ST"
    assert str(Dice.parse("1ST") - Dice.parse("1ST")) == "0ST"
    assert Dice.parse("1ST 2B") - Dice.parse("1B") == Dice(blue=1, stars=1)
