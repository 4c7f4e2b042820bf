"""`make soak`: the key monkey's long run, in one process per core.

Job j of J plays setups SEED+j, SEED+j+J, SEED+j+2J, ... for MINUTES; each job is the
`soak` test of tests/monkey in its own pytest. At the end: the setups, keys and failures of
all jobs together (each failure with its seed, setup, last keys and traceback); exit 1 if any
failed.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--setups", type=int, default=0, help="at most this many (0: no limit)")
    parser.add_argument("--keys", type=int, default=80, help="keys per setup")
    parser.add_argument("--jobs", type=int, default=0, help="processes (0: one per core)")
    args = parser.parse_args()
    jobs = args.jobs or os.cpu_count() or 1
    if args.setups:
        jobs = min(jobs, args.setups)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="consul-soak-") as folder:
        running = [_start(args, job, jobs, Path(folder)) for job in range(jobs)]
        codes = [process.wait() for process, _ in running]
        reports = [_report(path) for _, path in running]
        for job, report in enumerate(reports):
            if not report:  # (pytest itself failed: say how)
                print((Path(folder) / f"job-{job}.log").read_text()[-3000:])
    minutes = (time.monotonic() - started) / 60
    setups = sum(r.get("setups", 0) for r in reports)
    keys = sum(r.get("keys", 0) for r in reports)
    failures = [f for r in reports for f in r.get("failures", [])]
    lost = [job for job, r in enumerate(reports) if not r]
    for failure in failures:
        print(f"\n{failure}")
    print(
        f"\nsoak: {jobs} job(s) from seed {args.seed}, {setups} setups, {keys} keys in "
        f"{minutes:.1f} min, {len(failures)} failure(s)"
        + (f"; job(s) {lost} ended without a report" if lost else "")
    )
    return 1 if failures or lost or any(codes) else 0


def _start(
    args: argparse.Namespace, job: int, jobs: int, folder: Path
) -> tuple[subprocess.Popen[bytes], Path]:
    """Job `job`'s pytest, its report written to a file in `folder`."""
    report = folder / f"job-{job}.json"
    setups = -(-args.setups // jobs) if args.setups else 0
    env = os.environ | {
        "MONKEY_SEED": str(args.seed + job),
        "MONKEY_STRIDE": str(jobs),
        "MONKEY_MINUTES": str(args.minutes),
        "MONKEY_SETUPS": str(setups or ""),
        "MONKEY_KEYS": str(args.keys),
        "MONKEY_REPORT": str(report),
    }
    command = [sys.executable, "-m", "pytest", "tests/monkey", "-m", "soak", "-n", "0", "-q"]
    command += ["-p", "no:cacheprovider", "--basetemp", str(folder / f"tmp-{job}")]
    log = (folder / f"job-{job}.log").open("wb")
    return subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT), report


def _report(path: Path) -> dict[str, object]:
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return {}


if __name__ == "__main__":
    raise SystemExit(main())
