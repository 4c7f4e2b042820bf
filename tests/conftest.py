"""Shared fixtures: keep every test away from the developer's home directory."""

from __future__ import annotations

import gc
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings
from session.players import bundled_pack

from consul_app.base.paths import ENV_HOME
from consul_app.content import ContentPack

# No example has a deadline: on a loaded machine (make test's workers, other work beside them)
# a first example that loads something took 250 ms, past Hypothesis's 200, and failed as
# "unreliable timings". Speed is measured by benchmarks/, not by timed tests.
settings.register_profile("local", deadline=None)
# CI must be repeatable: the same examples on every run. Locally each run explores new ones.
settings.register_profile("ci", derandomize=True, database=None, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "local")


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """`-n auto` (make test): one worker more than the cores. A Pilot test spends a fifth to a
    third of its time asleep, waiting for the app to look idle; a third worker on 2 cores fills
    that (the suite: 85 s instead of 100; a fourth: no faster). PYTEST_XDIST_AUTO_NUM_WORKERS
    still decides when it is set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # xdist's own hook reads it
    return (os.cpu_count() or 1) + 1


SLOW_FIRST = (
    "tests/monkey/test_monkey.py",
    "tests/serve/",
    "tests/tui/test_play.py::test_a_whole_sde2_game",
    "tests/rules/test_stateful.py",
    "tests/session/test_crash.py",
    "tests/tui/test_rows.py",
    "tests/session/test_resume.py::test_resume_equals_live",
    "tests/content/test_errors_fuzz.py",
    "tests/test_hostile_names.py",
)
"""The tests that take longest (5 to 15 s each, a server, a browser, random games), slowest
first: `make test`'s workers start with them, so none is left alone at the end."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under xdist's `worksteal` (make test), each worker is first given an equal run of the
    list, in order, and an idle one takes the second half of the longest queue left: so each
    run starts with its share of the slow tests (dealt in turn, slowest first); the rest keep
    their order, a file's tests together (its module fixtures made once)."""
    workers = getattr(config, "workerinput", {}).get("workercount", 0)
    if workers < 2:  # (a worker is not told the --dist mode: every worker orders alike)
        return

    def rank(item: pytest.Item) -> int:
        return next(
            (n for n, slow in enumerate(SLOW_FIRST) if item.nodeid.startswith(slow)),
            len(SLOW_FIRST),
        )

    slow = sorted((i for i in items if rank(i) < len(SLOW_FIRST)), key=rank)
    rest = [i for i in items if rank(i) == len(SLOW_FIRST)]
    ordered: list[pytest.Item] = []
    left = len(items)
    for worker in range(workers):
        size = left // (workers - worker)  # as worksteal splits the list
        mine = slow[worker::workers]
        take = max(0, size - len(mine))
        ordered += mine + rest[:take]
        rest = rest[take:]
        left -= size
    items[:] = ordered + rest


@pytest.fixture(autouse=True)
def _isolated_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """Point Consul's user data dir at a fresh temporary folder for every test."""
    home = tmp_path_factory.mktemp("consul-home")
    monkeypatch.setenv(ENV_HOME, str(home))
    return home


@pytest.fixture(scope="session")
def content() -> ContentPack:
    """The bundled content (no user folder), parsed once per test process (half a second each
    time): read only, a test that changes a pack loads its own."""
    return bundled_pack()


@pytest.fixture(scope="session")
def _bundled_cache_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled content's cache file, written once per test process."""
    from consul_app.content.cache import load_pack_cached

    folder = tmp_path_factory.mktemp("content-cache")
    load_pack_cached(include_user=False, cache_dir=folder)
    (cache,) = folder.glob("content-*.json")
    return cache


@pytest.fixture
def warm_content_cache(_isolated_home: Path, _bundled_cache_file: Path) -> None:
    """The test's home starts with the bundled content's cache in it, as a Consul's home has
    it after the first run: each `consul` the test starts reads it (a quarter of a second)
    instead of loading the YAML files anew (a second of CPU each time). For the tests whose
    point is not the loading of the content; those of the loading and the cache start cold."""
    cache = _isolated_home / "cache"
    cache.mkdir(mode=0o700)
    shutil.copy(_bundled_cache_file, cache / _bundled_cache_file.name)


@pytest.fixture(autouse=True)
def _survivors_out_of_the_collector() -> Iterator[None]:
    """After each test, its garbage collected and what survives it (Textual's and Rich's caches
    of rendered lines grow by about 15,000 objects a Pilot test) frozen out of later
    collections, as `consul` freezes what it loaded: each full collection scanned all of it,
    ever longer (0.3 s each after 30 Pilot tests), a third of a worker's time."""
    yield
    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True)
def _keys_from_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The apps the tests run read no terminal (headless, or `run` replaced): whatever the
    test runner's standard input is, `consul` and `consul watch` may start."""
    from consul_app.commands import play

    monkeypatch.setattr(play, "needs_terminal", lambda: None)
