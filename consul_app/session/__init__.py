"""The session layer: a game's journal on disk (the save), resume, undo/redo, export.

    session = Session.new(content, setup)            # or Session.resume(content, path)
    state = session.dispatch(action)                 # journaled (fsynced), then returned
    session.undo() / session.redo()                  # -> the label taken back / done again

Imports rules and content only: never textual or rich.
"""

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
