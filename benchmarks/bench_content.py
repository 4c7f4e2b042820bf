"""Loading + validating the bundled pack, against a bare `yaml.load` of the same files.

Run: `.venv/bin/python benchmarks/bench_content.py`. Prints best-of-N times and ratios
(the goal is <= 3x the bare C loader for the whole pack).
"""

from __future__ import annotations

import timeit
from collections.abc import Callable

import yaml

from consul_app.base import paths
from consul_app.content import load_pack
from consul_app.content.loader import pack_files

ROUNDS = 30


def best(run: Callable[[], object], rounds: int = ROUNDS) -> float:
    """The fastest of `rounds` runs, in seconds."""
    return min(timeit.repeat(run, number=1, repeat=rounds))


def main() -> None:
    files = [path for _, path in pack_files(paths.bundled_data_dir())]
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    def bare() -> None:
        for path in files:
            yaml.load(path.read_bytes(), Loader=loader)

    raw = best(bare)
    print(f"{len(files)} files, {sum(p.stat().st_size for p in files) / 1024:.0f} KiB")
    print(f"yaml.load ({loader.__name__}):     {raw * 1000:7.2f} ms")
    full = best(lambda: load_pack(include_user=False))
    print(f"load_pack, every edition:   {full * 1000:7.2f} ms   {full / raw:4.2f}x")
    for edition in load_pack(include_user=False).editions:
        one = best(lambda e=edition: load_pack(include_user=False, editions=[e]))
        print(f"load_pack, {edition:<16} {one * 1000:7.2f} ms   {one / raw:4.2f}x")


if __name__ == "__main__":
    main()
