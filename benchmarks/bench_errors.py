"""Error reporting against the size of a bad file: it must grow linearly, not quadratically.

Run: `.venv/bin/python benchmarks/bench_errors.py`. Validates (`load_dirs`, as `consul validate`
does for a folder) one file with N unknown top-level keys and one with N unsupported tags, for
N = 1,000 and 20,000, and prints best-of times and the ratio of 20,000 to 1,000. Goals: the
20,000-key file in under 2 s, and at most 25x the time of the 1,000-key file (20x the keys).
Times are CPU time of this process (`time.process_time`): on a machine shared with other work,
wall-clock time measures the neighbours as much as the code.
"""

from __future__ import annotations

import tempfile
import time
import timeit
from collections.abc import Callable
from pathlib import Path

import yaml

from consul_app.content import ContentError
from consul_app.content.loader import load_dirs

SMALL, LARGE = 1_000, 20_000
ROUNDS = 7


def unknown_keys(count: int) -> str:
    return "edition: sde2\n" + "".join(f"unknown{n}: {n}\n" for n in range(count))


def unsupported_tags(count: int) -> str:
    rows = "".join(f"  - !thing{n} x\n" for n in range(count))
    return f"edition: sde2\nmonsters:\n{rows}"


def validate(folder: Path) -> int:
    """Validate the folder; return the number of problems reported."""
    try:
        load_dirs([folder])
    except ContentError as err:
        return len(err.issues)
    return 0


def cpu(run: Callable[[], object], rounds: int = ROUNDS) -> float:
    """The least CPU time of `rounds` runs, in seconds."""
    return min(timeit.Timer(run, timer=time.process_time).repeat(number=1, repeat=rounds))


def best(text: str) -> tuple[float, float, int]:
    """For a folder holding `text`: the best time of a validation, of PyYAML's composer alone
    (the floor: every node is read once) and the number of lines reported."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        (folder / "bad.yaml").write_text(text, encoding="utf-8")
        data = text.encode()
        compose = cpu(lambda: yaml.compose(data, Loader=yaml.CSafeLoader))
        return cpu(lambda: validate(folder)), compose, validate(folder)


def main() -> None:
    cases: list[tuple[str, Callable[[int], str]]] = [
        ("unknown top-level keys", unknown_keys),
        ("unsupported tags", unsupported_tags),
    ]
    for name, make in cases:
        small, compose_small, _ = best(make(SMALL))
        large, compose_large, issues = best(make(LARGE))
        print(
            f"{name:<24} {SMALL:>6,}: {small * 1000:6.1f} ms   {LARGE:,}: {large * 1000:6.1f} ms"
            f"   ratio {large / small:4.1f}x (goal <= 25x, under 2 s; YAML composer alone "
            f"{compose_large / compose_small:4.1f}x)   {issues} lines reported"
        )


if __name__ == "__main__":
    main()
