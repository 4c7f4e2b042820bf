"""The bytes that mark a journal's lines, shared by the writer (journal.py) and the checkpoint
reader (checkpoint.py) without either importing the other."""

RS = b"\x1e"
"""Starts the next entry after a torn line: "drop whatever came since the last good line"."""
CHECKPOINT = "checkpoint"
CHECKPOINT_START = b'{"op": "checkpoint"'
"""How a checkpoint line starts (as written): a damaged one is still known by it."""
