"""`TypeToFind`: in a long list, typing letters moves the highlight to the first row whose
title starts with them, else to the first with a word of its title that does ("bla" finds
Black-Handed Henry). A row's title is its name, never the description under it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from itertools import chain

from textual import events
from textual.widgets import OptionList
from textual.widgets.option_list import Option

WORD = re.compile(r"[^\W\d_]+")
MARKS = re.compile(r"^(\s*(\(\*\)|\( \)|\[x\]|\[ \]|>))+")
"""The row markers of the lists ((*), [x], >): not part of what is found."""


class TypeToFind(OptionList):
    """An option list that finds by typing. Letters only: digits, space and the letters the
    list or its screen bind keep their meaning. Letters add up while they still find a row;
    one that no longer does starts a new search.

    `titles` maps an option's id to its title (a choice's name, without its description);
    an option not in it is found by its whole text."""

    typed = ""

    def __init__(
        self, *options: Option, titles: Mapping[str, str] | None = None, id: str | None = None
    ) -> None:
        super().__init__(*options, id=id)
        self.titles = dict(titles or {})

    def on_key(self, event: events.Key) -> None:
        char = event.character
        if char is None or len(char) != 1 or not char.isalpha():
            return
        if any(char in node._bindings.key_to_bindings for node in (self, self.screen)):
            return  # the list's and its screen's own keys come first
        event.stop()
        event.prevent_default()
        found = self._find(self.typed + char.lower())
        if found is None:
            found = self._find(char.lower())
            self.typed = char.lower() if found is not None else ""
        else:
            self.typed += char.lower()
        if found is not None:
            self.highlighted = found

    def _find(self, typed: str) -> int | None:
        """The first row whose title starts with `typed`, else the first with such a word."""
        titles = [(index, self._title(index)) for index in range(self.option_count)]
        rows = [(index, title) for index, title in titles if title is not None]
        starts = (index for index, title in rows if title.startswith(typed))
        words = (
            index
            for index, title in rows
            if any(word.startswith(typed) for word in WORD.findall(title))
        )
        return next(chain(starts, words), None)

    def _title(self, index: int) -> str | None:
        """What typing finds the row at `index` by, in lower case; None: not findable."""
        option = self.get_option_at_index(index)
        if option.disabled:
            return None
        if option.id in self.titles:
            return self.titles[option.id].lower()
        return MARKS.sub("", str(option.prompt)).strip().lower()
