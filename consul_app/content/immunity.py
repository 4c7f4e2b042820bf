"""The grammar of the `Immune:` keywords: which status effects one keeps off its model.

`Immune: Poison` keeps Poison off, `Immune: Status Effects` every status effect, and
`Immune: Status Effects Except Fire` (Corrupted Harvest) every one but Fire. The content's name
checks (`name_checks`) and the engine (`rules.handlers.tracked`) both read them here.
"""

from __future__ import annotations

from typing import NamedTuple

PREFIX, ALL, EXCEPT = "immune: ", "status effects", "status effects except "


class Immunity(NamedTuple):
    """What an `Immune:` keyword keeps off (names in lower case)."""

    status: str | None
    """The one status effect kept off; None: every one but `spared`."""
    spared: str | None = None
    """With `status` None, the one status effect still taken (None: none is)."""


def immunity(keyword: str) -> Immunity | None:
    """What `keyword` keeps off its model; None if it is not an `Immune:` keyword."""
    lowered = keyword.strip().casefold()
    if not lowered.startswith(PREFIX):
        return None
    what = lowered.removeprefix(PREFIX).strip()
    if what == ALL:
        return Immunity(None)
    if what.startswith(EXCEPT):
        return Immunity(None, what.removeprefix(EXCEPT).strip())
    return Immunity(what)


def keeps_off(keyword: str, status: str) -> bool:
    """Whether `keyword` keeps the status effect named `status` off its model."""
    found = immunity(keyword)
    if found is None:
        return False
    status = status.strip().casefold()
    return found.status == status if found.status is not None else found.spared != status
