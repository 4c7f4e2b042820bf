"""The session layer: a game's journal on disk (the save), resume, undo/redo, export.

    session = Session.new(content, setup)            # or Session.resume(content, path)
    state = session.dispatch(action)                 # journaled (fsynced), then returned
    session.undo() / session.redo()                  # -> the label taken back / done again
    session.dispatch(action, overlap=True)           # written, fsync running meanwhile...
    session.settle()                                 # ...waited for: now it may be shown

Imports rules and content only: never textual or rich. Each name is imported from its module
when first used (`consul_app.base.lazy`): listing the saves does not import the engine.
"""

from typing import TYPE_CHECKING

from consul_app.base.lazy import lazy_exports

if TYPE_CHECKING:
    from consul_app.session.journal import SaveError
    from consul_app.session.lock import SaveLocked, SaveReadOnly
    from consul_app.session.saves import SaveSummary, latest_unfinished, list_saves, summarize
    from consul_app.session.session import Session
    from consul_app.session.timeline import Done

__all__ = [
    "Done",
    "SaveError",
    "SaveLocked",
    "SaveReadOnly",
    "SaveSummary",
    "Session",
    "latest_unfinished",
    "list_saves",
    "summarize",
]

_HOMES = {
    "journal": "SaveError",
    "lock": "SaveLocked SaveReadOnly",
    "saves": "SaveSummary latest_unfinished list_saves summarize",
    "session": "Session",
    "timeline": "Done",
}
"""Where each name of `__all__` comes from: its module, then the names."""

__getattr__, __dir__ = lazy_exports(__name__, _HOMES)
