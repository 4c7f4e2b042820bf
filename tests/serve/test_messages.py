"""What a viewer says, read without trusting it: whatever it sends, a message is one of the
page's with values of the right type, and a size is within what a screen can be."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from consul_app.serve import messages

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)


@given(st.text())
def test_any_text_is_read_or_ignored(text: str) -> None:
    message = messages.read(text)  # never raises
    assert message is None or isinstance(message, messages.Message)


@given(JSON, JSON)
def test_any_size_is_a_screen_or_ignored(width: object, height: object) -> None:
    message = messages.read(json.dumps(["resize", {"width": width, "height": height}]))
    if message is not None:
        assert isinstance(message, messages.Resize)
        assert messages.COLUMNS[0] <= message.columns <= messages.COLUMNS[1]
        assert messages.ROWS[0] <= message.rows <= messages.ROWS[1]
        assert type(width) is int and type(height) is int


@given(st.sampled_from(["stdin", "resize", "ping", "focus", "blur", "other"]), JSON)
def test_a_message_has_values_of_its_type(kind: str, body: object) -> None:
    message = messages.read(json.dumps([kind, body]))
    if isinstance(message, messages.Keys | messages.Ping):
        assert isinstance(message.text, str)
    assert message is None or kind != "other"


def test_sizes_are_held_within_a_screen() -> None:
    assert messages.size(1_000_000, -4) == (500, 10)
    assert messages.size(1e308, 24) is None
    assert messages.size(True, 24) is None
    assert messages.size_in_query({"width": "100000", "height": "3"}) == (500, 10)
    assert messages.size_in_query({"width": "1e308", "height": "24"}) == messages.DEFAULT_SIZE
    assert messages.size_in_query({}) == messages.DEFAULT_SIZE
    assert messages.read("[" * 100_000 + "]" * 100_000) is None  # (too long)
    assert messages.read("[" * 20_000 + "]" * 20_000) is None  # (too deep)
