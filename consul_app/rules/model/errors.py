"""The two errors the rules engine raises; `str(err)` is a reason a Consul can read."""

from __future__ import annotations


class RuleError(ValueError):
    """An action the rules do not allow in this state."""


class SetupError(ValueError):
    """A game setup that cannot be played."""
