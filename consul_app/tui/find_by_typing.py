"""Finding a row of a long list by typing: letters move the highlight to the first row whose
title starts with them, else to the first with a word of its title that does ("bla" finds
Black-Handed Henry). Letters (and spaces, once a search is begun: "shadow w") add up while
they still find a row; one that no longer does starts a new search. Used by every list widget
(`widgets/find.py`, `widgets/choice_list.py`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from itertools import chain

from textual import events
from textual.widget import Widget

WORD = re.compile(r"[^\W\d_]+")
MARKS = re.compile(r"^(\s*(\(\*\)|\( \)|\[x\]|\[ \]|>))+")
"""The row markers of the lists ((*), [x], >): not part of what is found."""


def letter(event: events.Key, widget: Widget, searching: bool = False) -> str | None:
    """The letter `event` types to find a row (lower case), or None: letters only (digits and
    other keys keep their meaning; a space only goes on with a search begun, `searching`), and
    not one that the list or its screen bind to something they can do now: their own keys come
    first (a key bound but off, like the chart's `v` before the review page, finds)."""
    char = event.character
    if char is None or len(char) != 1:
        return None
    if not (char.isalpha() or (char == " " and searching)):
        return None
    active = widget.screen.active_bindings.get(event.key)
    if active is not None and active.enabled and active.node in (widget, widget.screen):
        return None
    return char.lower()


def find_row(titles: Sequence[str | None], typed: str) -> int | None:
    """The first row whose title starts with `typed`, else the first with such a word.
    `titles` are in lower case; None: a row that is not found (disabled)."""
    rows = [(index, title) for index, title in enumerate(titles) if title is not None]
    starts = (index for index, title in rows if title.startswith(typed))
    words = (
        index
        for index, title in rows
        if any(word.startswith(typed) for word in WORD.findall(title))
    )
    return next(chain(starts, words), None)


def title_of(text: str) -> str:
    """What typing finds a row by when it has no title of its own: its text, unmarked."""
    return MARKS.sub("", text).strip().lower()


class Typed:
    """What has been typed so far in one list."""

    def key(
        self, event: events.Key, widget: Widget, titles: Callable[[], Sequence[str | None]]
    ) -> int | None:
        """The row that `event`, a key `widget` (the list) got, finds among `titles()`; a
        letter that finds by typing is used up (whether it finds a row or not)."""
        char = letter(event, widget, searching=bool(self.text))
        if char is None:
            return None
        event.stop()
        event.prevent_default()
        return self.find(char, titles())

    def __init__(self) -> None:
        self.text = ""

    def find(self, char: str, titles: Sequence[str | None]) -> int | None:
        """The row found once `char` is typed (None: none, and the search starts over)."""
        found = find_row(titles, self.text + char)
        if found is not None:
            self.text += char
            return found
        found = find_row(titles, char)
        self.text = char if found is not None else ""
        return found
