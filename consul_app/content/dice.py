"""Dice pools as written on SDE cards: "2B 1R", "1ST", "+1G".

B = blue, R = red, G = green (weakest to strongest), ST = a static star (no roll).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, NamedTuple

_TERM = re.compile(r"^\+?(\d+)\s*(ST|STAR|B|R|G)$", re.IGNORECASE)
_COLOURS = {"B": "blue", "R": "red", "G": "green", "ST": "stars", "STAR": "stars"}
DICE_PATTERN = r"^\s*(\+?\d+\s*(ST|Star|B|R|G)\s*)+$"


class Dice(NamedTuple):
    """A pool of dice plus static stars. Immutable; add pools with `+`.

    Written as a string ("2B 1R") in YAML and journals (pydantic: `__get_pydantic_core_schema__`);
    the content cache, read by msgspec, keeps it as its four counts."""

    blue: int = 0
    red: int = 0
    green: int = 0
    stars: int = 0

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        """How pydantic validates and writes dice (pydantic-core is imported only then)."""
        from pydantic_core import core_schema

        return core_schema.no_info_plain_validator_function(
            dice_from, serialization=core_schema.plain_serializer_function_ser_schema(str)
        )

    @classmethod
    def __get_pydantic_json_schema__(cls, schema: Any, handler: Any) -> dict[str, Any]:
        return {"type": "string", "pattern": DICE_PATTERN, "examples": ["2B 1R", "1ST"]}

    @classmethod
    def parse(cls, text: str) -> Dice:
        """Parse "2B 1R", "1ST", "+1B"; raises ValueError on anything else."""
        counts = {"blue": 0, "red": 0, "green": 0, "stars": 0}
        terms = str(text).replace(",", " ").split()
        if not terms:
            raise ValueError("empty dice pool")
        for term in terms:
            match = _TERM.match(term)
            if match is None:
                raise ValueError(f"{term!r} is not dice (write e.g. '2B 1R' or '1ST')")
            counts[_COLOURS[match.group(2).upper()]] += int(match.group(1))
        return cls(**counts)

    def __add__(self, other: Dice) -> Dice:  # type: ignore[override]  # adds, not concatenates
        return Dice(
            blue=self.blue + other.blue,
            red=self.red + other.red,
            green=self.green + other.green,
            stars=self.stars + other.stars,
        )

    def is_empty(self) -> bool:
        return not (self.blue or self.red or self.green or self.stars)

    def __sub__(self, other: Dice) -> Dice:
        """Dice taken away; a count may go below zero ("2R" less "1ST" is "2R -1ST": one
        star fewer in the result)."""
        return Dice(
            blue=self.blue - other.blue,
            red=self.red - other.red,
            green=self.green - other.green,
            stars=self.stars - other.stars,
        )

    def __str__(self) -> str:
        counts = ((self.stars, "ST"), (self.blue, "B"), (self.red, "R"), (self.green, "G"))
        parts = [f"{n}{code}" for n, code in counts if n > 0]
        parts += [f"{n}{code}" for n, code in counts if n < 0]
        return " ".join(parts) or "0ST"


@lru_cache(maxsize=1024)
def _parsed(text: str) -> Dice:
    """`Dice.parse`, once per text: a pack writes a few dozen pools over thousands of times,
    and a `Dice` is immutable, so one is shared."""
    return Dice.parse(text)


def dice_from(value: Any) -> Dice:
    """A dice pool as written ("2B 1R") or given; raises ValueError for anything else."""
    if isinstance(value, Dice):
        return value
    if isinstance(value, str):
        return _parsed(value)
    if isinstance(value, int) and not isinstance(value, bool):
        raise ValueError("dice need a colour: write e.g. '1ST' or '2B'")
    raise ValueError("dice are written as text, e.g. '2B 1R' or '1ST'")
