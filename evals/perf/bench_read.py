"""What reading a question costs: the date scan (resolver.dates.scan_time) and the cue search
(resolver.intents.cues) over every question of the gold suites, best of several passes.

    python -m evals.perf.bench_read                   # this checkout
    python -m evals.perf.bench_read --repo /tmp/base  # another checkout (git worktree add /tmp/base <rev>), same questions

Compare two checkouts in the same run of the machine; the absolute figures move with its load.
"""
from __future__ import annotations

import argparse
import glob
import sys
import time
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parents[2]


def questions(suites: Path) -> list[str]:
    out = []
    for path in sorted(glob.glob(str(suites / "*.yaml"))):
        out += [c["question"] for c in yaml.safe_load(Path(path).read_text(encoding="utf-8"))["cases"]]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", default=str(HERE), help="the checkout whose resolver is measured (default: this one)")
    parser.add_argument("--passes", type=int, default=5)
    args = parser.parse_args(argv)
    sys.path.insert(0, args.repo)
    for name in [m for m in sys.modules if m == "resolver" or m.startswith("resolver.")]:
        del sys.modules[name]
    from resolver.dates import scan_time
    from resolver.intents import cues
    from resolver.text import fold

    qs = questions(HERE / "evals" / "suites")  # the same questions whichever checkout is measured
    folded = [fold(q) for q in qs]
    for q in qs:
        scan_time(q)  # compile the patterns once
    best = {"scan_time": float("inf"), "cues": float("inf")}
    for _ in range(args.passes):
        start = time.perf_counter()
        for q in qs:
            scan_time(q)
        best["scan_time"] = min(best["scan_time"], (time.perf_counter() - start) / len(qs))
        start = time.perf_counter()
        for q in folded:
            cues(q)
        best["cues"] = min(best["cues"], (time.perf_counter() - start) / len(qs))
    print(f"{args.repo}: {len(qs)} questions, best of {args.passes} passes: "
          + ", ".join(f"{k} {v * 1e6:.1f} us a question" for k, v in best.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
