"""`TypedCount`: the digits typed just before a key, as how many (`2w`: a hit of two wounds).

A digit typed longer than `COUNT_WINDOW` ago is no count. With every pane on screen, a digit
that moves to another pane starts a new count (`1`, then `3k`, is three wounds, not thirteen).
In tabs, a digit that only brought another tab to the front is no count (`4`, to see the Boss
tab, then `w` is one wound), and the key after it says so once (`tab_hint`). `#` holds a count
(`hold`): the digits typed next are the count, never a pane, until its key (`#2w`).
"""

from __future__ import annotations

from collections.abc import Callable
from time import monotonic

COUNT_WINDOW = 2.0
"""Seconds within which digits typed before a key count for it."""


class TypedCount:
    """The count being typed; `shown` is what the top bar says of it."""

    def __init__(self, clock: Callable[[], float] = monotonic) -> None:
        self.clock = clock
        self.text = ""
        self.at = 0.0
        self.held = False
        """Begun with `#`: digits add to it (never a pane) until its key."""
        self.tab_digit: tuple[int, str, float] | None = None
        """In tabs, the digit that last only brought a tab to the front (digit, pane, when)."""

    @property
    def shown(self) -> int | str | None:
        """The count as the bar shows it: a number, `?` when `#` waits for digits, None."""
        if self.held and not self.text:
            return "?"
        return int(self.text) if self.text else None

    @property
    def pending(self) -> bool:
        """A count is typed (or held) and not used yet."""
        return bool(self.text) or self.held

    def hold(self) -> None:
        """`#`: the digits typed next are the count, whatever the layout."""
        self.take()
        self.held = True

    def digit(self, digit: int, *, new: bool = False) -> None:
        """A digit typed as part of a count (`new`: it moved to another pane: a count of its
        own). At most two digits are kept."""
        if self.held:
            self.text = (self.text + str(digit))[-2:]
            return
        now = self.clock()
        recent = self.text and now - self.at <= COUNT_WINDOW
        self.text = ((self.text if recent and not new else "") + str(digit))[-2:]
        self.at = now

    def brought_tab(self, digit: int, pane: str) -> None:
        """In tabs, `digit` only brought `pane` to the front: no count."""
        self.take()
        self.tab_digit = (digit, pane, self.clock())

    def expired(self) -> bool:
        """The count typed is too old to apply (one held with `#` waits for its key)."""
        return bool(self.text) and not self.held and self.clock() - self.at >= COUNT_WINDOW

    def take(self, hit: bool = False) -> tuple[int, tuple[int, str] | None]:
        """The count for the key pressed now (1 without one), used up; and, for a key that
        takes a count (`hit`) right after a digit that only brought a tab to the front, that
        digit and its pane (the key took 1: say so)."""
        now = self.clock()
        brought = None
        if self.held:
            count = int(self.text or 1)
        else:
            recent = self.text and now - self.at <= COUNT_WINDOW
            count = int(self.text) if recent else 1
            if hit and not recent and self.tab_digit is not None:
                digit, pane, at = self.tab_digit
                if now - at <= COUNT_WINDOW:
                    brought = (digit, pane)
        self.text = ""
        self.held = False
        self.tab_digit = None
        return max(count, 1), brought

    def forget_tab(self) -> None:
        """A key that takes no count: the tab a digit brought is no longer news."""
        self.tab_digit = None
