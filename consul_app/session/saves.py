"""The saves folder: every game with a short summary, and the game to offer to resume."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from consul_app.content import ContentPack
from consul_app.rules.editions import EDITIONS, edition_id
from consul_app.session.journal import SaveError, changed_content
from consul_app.session.reading import read_journal
from consul_app.session.save_files import save_paths

if TYPE_CHECKING:
    from consul_app.session.summary_cache import SummaryCache


@dataclass(frozen=True)
class SaveSummary:
    """One save as `consul list` and the start screen show it. A damaged save has only
    `path`, `modified` and `damaged` (why it cannot be resumed)."""

    path: Path
    modified: datetime
    boss: str | None = None
    """SDE: the dungeon boss; another game: what its games are told apart by (MD2: the
    heroes)."""
    edition: str | None = None
    """The edition's id ("sde2"; `rules.edition(id)` names it)."""
    turn: int | None = None
    position: int | None = None
    """Chart space (FK: ladder step) reached, 0 = START; None for an edition without a chart."""
    actions: int = 0
    finished: bool = False
    damaged: str | None = None
    warnings: list[str] = field(default_factory=list)
    game: str = "sde"
    """Which game (`games.py`): each game's start offers only its own saves to resume."""


def _from_checkpoint(content: ContentPack, path: Path, modified: datetime) -> SaveSummary | None:
    """The summary as the game was left: from the header and the checkpoint that ends the
    file (a game closed cleanly has one), checked against the journal as a resume checks it.
    None: there is none, or it is not for this content, or anything is to be said."""
    journal = read_journal(path, from_checkpoint=True)
    point = journal.point.checkpoint if journal.point is not None else None
    edition = journal.header.setup.get("edition")
    if journal.header.game != "sde":  # (its games are short: a replay will do)
        return None
    if point is None or journal.lines or journal.warnings or edition not in EDITIONS:
        return None
    pack = EDITIONS[edition].pack(content)
    if point.content_hash != pack.content_hash():
        return None
    state, boss_id = point.state, journal.header.setup.get("boss")
    boss = pack.dungeon_bosses.get(boss_id) if isinstance(boss_id, str) else None
    try:
        return SaveSummary(
            path,
            modified,
            boss=boss.name if boss else str(boss_id),
            edition=edition,
            turn=state["turn"],
            position=state["position"] if state["chart"] else None,
            actions=point.done,
            finished=state["boss"]["defeated"],
            warnings=changed_content(path, journal.header, pack.content_hash()),
        )
    except (KeyError, TypeError):
        return None


def summarize(content: ContentPack, path: Path) -> SaveSummary:
    """Summarize a save from its last checkpoint, else by replaying it; never raises for a
    bad save (see `damaged`). The engine is imported only for a save that must be replayed."""
    modified = datetime.fromtimestamp(path.stat().st_mtime).astimezone()
    try:
        quick = _from_checkpoint(content, path, modified)
        if quick is not None:
            return quick
        from consul_app.session.load import load_game

        game = load_game(content, path)
    except SaveError as err:
        return SaveSummary(path, modified, damaged=str(err))
    told = game.timeline.rules.summary(game.timeline.state)
    return SaveSummary(
        path,
        modified,
        boss=told.title,
        edition=told.edition,
        turn=told.turn,
        position=told.position,
        actions=len(game.timeline.done),
        finished=told.finished,
        warnings=game.warnings,
        game=game.header.game,
    )


def iter_saves(content: ContentPack, folder: Path | None = None) -> Iterator[SaveSummary]:
    """Every save in `folder` (default: the saves folder), most recently played first; a save
    unchanged since it was last listed is not read again (summary_cache.py)."""
    from consul_app.session.summary_cache import SummaryCache

    cache = SummaryCache(content)
    complete = False
    try:
        for path in save_paths(folder):
            yield _summary(content, path, cache)
        complete = True
    finally:
        cache.save(complete=complete)


def _summary(content: ContentPack, path: Path, cache: SummaryCache) -> SaveSummary:
    from consul_app.session.summary_cache import Summary, stamp

    try:
        info = path.stat()
    except OSError:
        return summarize(content, path)
    at = stamp(info)
    modified = datetime.fromtimestamp(info.st_mtime).astimezone()
    kept = cache.get(path, at)
    if kept is not None:
        fields = msgspec.structs.asdict(kept)
        if fields["edition"] is not None:  # kept by an older Consul: the display name
            fields["edition"] = edition_id(fields["edition"]) or fields["edition"]
        return SaveSummary(path, modified, **fields)
    summary = summarize(content, path)
    fields = {name: getattr(summary, name) for name in Summary.__struct_fields__}
    cache.put(path, at, Summary(**fields))
    return summary


def list_saves(content: ContentPack, folder: Path | None = None) -> list[SaveSummary]:
    return list(iter_saves(content, folder))


def latest_unfinished(
    content: ContentPack, folder: Path | None = None, *, game: str | None = "sde"
) -> SaveSummary | None:
    """The most recently played game of `game` (None: of any game) that can be resumed and is
    not over (replays only as many saves as needed)."""
    return next(
        (
            s
            for s in iter_saves(content, folder)
            if not s.damaged and not s.finished and game in (None, s.game)
        ),
        None,
    )
