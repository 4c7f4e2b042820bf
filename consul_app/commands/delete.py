"""`consul delete SAVE [--yes]`: move a save to the trash folder, after asking. Never deletes,
and never moves a save another Consul is playing (its lock is held while the save moves)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "delete",
        help="move a saved game to the trash folder",
        description="Move a saved game to the trash folder in Consul's data folder, after "
        "asking. Nothing is ever deleted: move it back to the saves folder to play it again.",
    )
    parser.add_argument(
        "save",
        metavar="SAVE",
        help="the save's name as `consul list` prints it (with or without .jsonl), its "
        "number there, or a path",
    )
    parser.add_argument("--yes", action="store_true", help="do not ask (for scripts)")
    parser.set_defaults(run=run)


def _confirmed(question: str) -> bool:
    print(f"{question} [y/N] ", end="", flush=True)
    try:
        answer = sys.stdin.readline()
    except (OSError, KeyboardInterrupt):
        return False
    return answer.strip().lower() in ("y", "yes")


def _held(path: Path) -> str | None:
    """Who plays `path` now, in words (None: nobody)."""
    from consul_app.session.lock import SaveLock, SaveLocked

    try:
        SaveLock.check(path)
    except SaveLocked as err:
        return err.holder
    return None


def _refuse_held(path: Path, holder: str) -> int:
    from consul_app.base.shown import shown

    print(
        f"consul delete: {shown(path)} is being played ({holder}); quit that Consul first, then "
        "delete it",
        file=sys.stderr,
    )
    return 2


def run(args: argparse.Namespace) -> int:
    from consul_app.base.shown import shown
    from consul_app.session.lock import SaveLock, SaveLocked
    from consul_app.session.save_files import find_save, move_to_trash, trash_dir

    path = find_save(args.save)
    if path is None:
        print(
            f"consul delete: no save {shown(repr(args.save))} (consul list shows them)",
            file=sys.stderr,
        )
        return 2
    if (holder := _held(path)) is not None:  # (not even asked)
        return _refuse_held(path, holder)
    if not args.yes and not _confirmed(f"Move {shown(path.name)} to {shown(trash_dir())}?"):
        print("Nothing moved.")
        return 1
    try:  # held while it moves: no Consul starts playing it meanwhile
        lock = SaveLock(path, file=path)
    except SaveLocked as err:
        return _refuse_held(path, err.holder)
    try:
        moved = move_to_trash(path)
    except OSError as err:
        print(f"consul delete: cannot move {shown(path)}: {err.strerror or err}", file=sys.stderr)
        return 2
    finally:
        lock.release()
    print(f"Moved {shown(path.name)} to {shown(moved)}")
    return 0
