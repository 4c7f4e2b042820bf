"""Every effect text bundled in data/ is in our own words: no run of seven words is shared with
the reference card texts (the same check as /work/tools/check_own_words.py)."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from consul_app.content.loader import load_dirs

ROOT = Path(__file__).resolve().parents[2]
RUN = 7


def reference_dir() -> Path | None:
    """The reference: $CONSUL_REFERENCE, or shared/reference/sde beside the clone (CI) or beside
    the worktrees folder (/work/wt/NAME -> /work/shared)."""
    candidates = [Path(os.environ["CONSUL_REFERENCE"])] if "CONSUL_REFERENCE" in os.environ else []
    candidates += [p / "shared" / "reference" / "sde" for p in (ROOT.parent, ROOT.parent.parent)]
    return next((p for p in candidates if p.is_dir()), None)


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def reference_runs(folder: Path) -> set[tuple[str, ...]]:
    runs: set[tuple[str, ...]] = set()
    for path in folder.rglob("*.json"):
        for text in strings(json.loads(path.read_text(encoding="utf-8"))):
            w = words(text)
            runs.update(tuple(w[i : i + RUN]) for i in range(len(w) - RUN + 1))
    return runs


def bundled_texts() -> Iterator[tuple[str, str]]:
    pack = load_dirs([ROOT / "data"])
    for edition in pack.editions.values():
        for kind in ("keywords", "abilities", "status_effects", "bonuses"):
            for entry in edition.kind(kind).values():
                yield f"{edition.edition} {kind} {entry.name}", entry.text  # type: ignore[attr-defined]
        for relic in edition.relics.values():
            yield f"{edition.edition} relic {relic.name}", relic.effect
        for card in edition.fight_cards.values():
            for effect in [*card.dungeon_effect, *card.boss_spawn, *card.timeout]:
                yield f"{edition.edition} fight card {card.name}: {effect.name}", effect.text


def test_bundled_texts_share_no_seven_word_run_with_the_reference() -> None:
    folder = reference_dir()
    if folder is None:
        pytest.skip("the reference (shared/reference/sde beside the clone) is not here")
    runs = reference_runs(folder)
    copied = []
    for where, text in bundled_texts():
        w = words(text)
        hits = [
            " ".join(w[i : i + RUN])
            for i in range(len(w) - RUN + 1)
            if tuple(w[i : i + RUN]) in runs
        ]
        if hits:
            copied.append(f"{where}: shares '{hits[0]}'")
    assert copied == []
