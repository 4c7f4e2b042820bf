"""The warm-up: what the first actions need, loaded behind the first usable screen.

The first screen imports only what it shows (the new-game screen: the engine's setup; the
saved games: their summaries). Once it has settled, `warm_up` imports the rest in a thread of
its own (every module of the engine, building their models; the session; the review's chart
and the table screen), so the first Enter is no slower than when all of it was loaded before
the first frame. It only imports: nothing on screen changes. Consul's modules import each
other without a cycle, so importing on two threads at once is safe: a thread that needs a
module another is importing waits for it.
"""

from __future__ import annotations


def warm_up() -> None:
    """Import the engine, the session and the table screen."""
    import consul_app.rules as rules
    from consul_app.session import Session  # noqa: F401
    from consul_app.tui.screens import table  # noqa: F401
    from consul_app.tui.widgets import chart  # noqa: F401

    for name in rules.__all__:
        getattr(rules, name)
