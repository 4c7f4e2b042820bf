"""`TypedCount`, the count typed before a key (`2w`, `#2w`, a digit that only brings a tab),
on a clock of its own."""

from __future__ import annotations

from consul_app.tui.typed_count import COUNT_WINDOW, TypedCount


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_digits_typed_before_a_key_are_its_count_and_used_up() -> None:
    count = TypedCount(Clock())
    count.digit(1)
    count.digit(2)
    assert count.shown == 12
    assert count.take(hit=True) == (12, None)
    assert count.take(hit=True) == (1, None) and count.shown is None


def test_at_most_two_digits_and_never_below_one() -> None:
    count = TypedCount(Clock())
    for digit in (1, 2, 3):
        count.digit(digit)
    assert count.shown == 23
    count.take()
    count.digit(0)
    assert count.take() == (1, None)


def test_a_digit_too_old_is_no_count() -> None:
    clock = Clock()
    count = TypedCount(clock)
    count.digit(3)
    assert not count.expired()
    clock.now += COUNT_WINDOW + 0.1
    assert count.expired()
    assert count.take(hit=True) == (1, None)


def test_a_digit_on_another_pane_starts_a_new_count() -> None:
    count = TypedCount(Clock())
    count.digit(1)
    count.digit(3, new=True)  # `1`, then `3k`: three, not thirteen
    assert count.take() == (3, None)


def test_hash_holds_the_count_until_its_key() -> None:
    clock = Clock()
    count = TypedCount(clock)
    count.hold()
    assert count.shown == "?" and count.pending
    count.digit(2)
    clock.now += 10 * COUNT_WINDOW  # (waits as long as it takes)
    assert not count.expired()
    assert count.take(hit=True) == (2, None) and not count.held


def test_a_digit_that_only_brought_a_tab_is_no_count_and_is_said_once() -> None:
    clock = Clock()
    count = TypedCount(clock)
    count.brought_tab(4, "boss")
    assert count.take(hit=True) == (1, (4, "boss"))
    assert count.take(hit=True) == (1, None)
    count.brought_tab(4, "boss")
    count.forget_tab()  # a key that takes no count came between
    assert count.take(hit=True) == (1, None)
    count.brought_tab(4, "boss")
    clock.now += COUNT_WINDOW + 1
    assert count.take(hit=True) == (1, None)
