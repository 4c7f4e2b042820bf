"""`TypeToFind`: in a long list, typing letters moves the highlight to the first row with a
word that starts with them ("bla" finds Black-Handed Henry)."""

from __future__ import annotations

import re

from textual import events
from textual.widgets import OptionList

WORD = re.compile(r"[^\W\d_]+")
MARKS = re.compile(r"^(\s*(\(\*\)|\( \)|\[x\]|\[ \]|>))+")
"""The row markers of the lists ((*), [x], >): not part of what is found."""


class TypeToFind(OptionList):
    """An option list that finds by typing. Letters only: digits, space and the letters the
    list or its screen bind keep their meaning. A letter that no longer matches starts a new
    search."""

    typed = ""

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
        for index in range(self.option_count):
            option = self.get_option_at_index(index)
            if option.disabled:
                continue
            words = WORD.findall(MARKS.sub("", str(option.prompt)).lower())
            if any(word.startswith(typed) for word in words):
                return index
        return None
