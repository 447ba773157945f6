"""Performance benchmark of `canon ask` (cold start, in-process latency) and of import throughput.

    python -m evals.perf.bench_ask [--records 100000] [--rounds 10] [--cold-runs 7] [--reuse]

Run from the repository root. Steps, in this order:

  c) import: generate the N-record JSONL (evals/perf/gen_catalog.py) unless present, import it
     through CanonService.import_paths into a fresh SQLite file; records/s (reported, not asserted).
  a) cold start: wall time of `python -m api.cli ask ... --json` as a fresh process, on the small
     dossier catalog and on the N-record catalog, interleaved with the baselines `python -c pass`
     and `python -c "import pydantic, sqlalchemy"` (same interpreter, same run), plus a
     `-X importtime` breakdown of the ask's imports.
  b) in-process (in a child interpreter of its own): one CanonService on the N-record catalog; the entity index build and the first
     (warm-up) ask timed on their own, a gold check of the 9 dossier questions, then every
     question asked --rounds times; p50/p95 next to a raw sqlite3 point lookup on the same file
     and a dict lookup, measured in the same run. The slowest question is profiled (cProfile).

All timings come from time.perf_counter. Nothing here asserts on a timing: goals are printed
next to the figures. Output: a table on stdout and evals/perf/results/ask-<date>.json.
"""
from __future__ import annotations

import argparse
import cProfile
import gc
import io
import json
import os
import platform
import pstats
import random
import resource
import sqlite3
import statistics
import subprocess
import sys
import time
import uuid
from datetime import date
from pathlib import Path

import yaml

from evals.perf import gen_catalog

REPO = Path(__file__).resolve().parents[2]
RESULTS = Path(__file__).resolve().parent / "results"
DATA = RESULTS / "data"
SUITE = REPO / "evals" / "suites" / "dossier.yaml"
COLD_QUESTION = "Which revenue definition applies for reporting date 2025-06-30?"
GOAL_COLD_S = 0.5
GOAL_ASK_P50_MS = 2.0
TYPICAL_REPEAT = 100  # a ~2 ms ask is profiled over this many repeats, so the columns are readable


# -- small helpers -----------------------------------------------------------------------------


def pct(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100)."""
    s = sorted(values)
    if not s:
        return float("nan")
    k = max(0, min(len(s) - 1, int(round(q / 100 * len(s) + 0.5)) - 1))
    return s[k]


def summary(values: list[float]) -> dict:
    return {"n": len(values), "p50": statistics.median(values), "p90": pct(values, 90), "p95": pct(values, 95),
            "min": min(values), "max": max(values), "mean": statistics.fmean(values)}


def fresh_sqlite(path: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(str(path) + suffix).unlink(missing_ok=True)


def machine() -> dict:
    cpu = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"cores": os.cpu_count(), "cpu": cpu, "python": sys.version.split()[0], "executable": sys.executable,
            "platform": platform.platform()}


def git_state() -> dict:
    """The commit measured, and uncommitted changes outside evals/perf (others edit concurrently)."""
    def run(*args: str) -> str:
        try:
            return subprocess.run(["git", *args], cwd=REPO, capture_output=True, text=True).stdout.strip()
        except OSError:
            return ""
    dirty = [line for line in run("status", "--porcelain").splitlines() if "evals/perf/" not in line]
    return {"head": run("rev-parse", "--short", "HEAD"), "subject": run("log", "-1", "--format=%s"), "dirty": dirty}


def versions() -> dict:
    out = {}
    for name in ("pydantic", "sqlalchemy", "sqlmodel", "networkx"):
        try:
            out[name] = __import__(name).__version__
        except Exception:  # pragma: no cover - informational only
            out[name] = None
    out["sqlite"] = sqlite3.sqlite_version
    return out


def rss_mb() -> float:
    """Current resident set size of this process (Linux), MB."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return float("nan")


def ms(seconds: float) -> float:
    return seconds * 1000.0


# -- c) import -----------------------------------------------------------------------------------


def bench_import(jsonl: Path, db: Path, reuse: bool) -> dict:
    from api.service import CanonService
    from catalog.loader import parse_file

    marker = Path(str(db) + ".ok")
    if reuse and db.exists() and marker.exists():
        print(f"[import] reusing {db} (not re-imported; import figures are from the earlier run)")
        try:
            return json.loads(marker.read_text()) | {"reused": True}
        except ValueError:
            return {"reused": True}
    # parse alone (file read, JSON, pydantic validation): the share of the import that is not the store
    gc.collect()
    t0 = time.perf_counter()
    loaded = parse_file(jsonl)
    parse_s = time.perf_counter() - t0
    n_records = len(loaded.records)
    del loaded
    gc.collect()

    fresh_sqlite(db)
    marker.unlink(missing_ok=True)
    t0 = time.perf_counter()
    service = CanonService(str(db))
    report = service.import_paths([str(jsonl)])
    total_s = time.perf_counter() - t0
    service.catalog.engine.dispose()
    del service
    gc.collect()
    out = {"records": n_records, "added": report.added, "quarantined": len(report.quarantined),
           "total_s": total_s, "records_per_s": report.added / total_s if total_s else None,
           "parse_only_s": parse_s, "store_share_s": total_s - parse_s,
           "db_bytes": db.stat().st_size + (Path(str(db) + "-wal").stat().st_size if Path(str(db) + "-wal").exists() else 0),
           "jsonl_bytes": jsonl.stat().st_size, "reused": False}
    marker.write_text(json.dumps(out))
    return out


def small_catalog(db: Path) -> None:
    from api.service import CanonService

    fresh_sqlite(db)
    service = CanonService(str(db))
    service.import_paths([str(REPO / "fixtures" / "dossier")])
    service.catalog.engine.dispose()


# -- a) cold start ---------------------------------------------------------------------------------


def ask_argv(db: Path) -> list[str]:
    return [sys.executable, "-m", "api.cli", "ask", COLD_QUESTION, "--role", "analytics_readers",
            "--as-of", "2026-10-10", "--json", "--catalog", str(db)]


def run_once(argv: list[str]) -> tuple[float, subprocess.CompletedProcess]:
    t0 = time.perf_counter()
    proc = subprocess.run(argv, cwd=REPO, capture_output=True, text=True)
    return time.perf_counter() - t0, proc


def bench_cold(small_db: Path, big_db: Path, runs: int, with_big: bool) -> dict:
    commands = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "python -c 'import pydantic, sqlalchemy'": [sys.executable, "-c", "import pydantic, sqlalchemy"],
        "canon ask (dossier catalog, 11 records)": ask_argv(small_db),
    }
    if with_big:
        commands[f"canon ask ({big_db.name})"] = ask_argv(big_db)
    checks = {}
    for name, argv in commands.items():  # one untimed run each: page cache, .pyc files, first bundle write
        _, proc = run_once(argv)
        if proc.returncode != 0:
            raise SystemExit(f"cold command failed ({name}): rc {proc.returncode}: {proc.stderr.strip()[:400]}")
        if "ask" in argv:
            bundle = json.loads(proc.stdout)
            checks[name] = {"behavior": bundle["behavior"],
                            "primary": [e["evidence_id"] for e in bundle["evidence"] if e["role"] == "primary"]}
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):  # interleaved, so drift hits every command alike
        for name, argv in commands.items():
            elapsed, proc = run_once(argv)
            if proc.returncode != 0:
                raise SystemExit(f"cold command failed ({name}): {proc.stderr.strip()[:400]}")
            times[name].append(elapsed)
    out = {name: summary(values) | {"runs_s": values} for name, values in times.items()}
    base = out["python -c pass"]["p50"]
    imports = out["python -c 'import pydantic, sqlalchemy'"]["p50"]
    for name in out:
        out[name]["x_python"] = out[name]["p50"] / base
        out[name]["x_imports"] = out[name]["p50"] / imports
    return {"commands": out, "answers": checks, "importtime": importtime(ask_argv(small_db))}


def importtime(argv: list[str], limit: int = 12) -> list[dict]:
    """Where a command's imports spend their time: `-X importtime` self times summed per top-level
    package (the `limit` largest, then the total), one run."""
    proc = subprocess.run([argv[0], "-X", "importtime", *argv[1:]], cwd=REPO, capture_output=True, text=True)
    totals: dict[str, int] = {}
    for line in proc.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        parts = line[len("import time:"):].split("|")
        if len(parts) != 3:
            continue
        top = parts[2].strip().split(".")[0]
        totals[top] = totals.get(top, 0) + int(parts[0].strip())
    ranked = sorted(totals.items(), key=lambda kv: -kv[1])
    return [{"package": k, "self_ms": v / 1000.0} for k, v in ranked[:limit]] + [
        {"package": "(all imports)", "self_ms": sum(totals.values()) / 1000.0}]


# -- b) in-process ---------------------------------------------------------------------------------


def gold_cases() -> tuple[dict, list[dict]]:
    suite = yaml.safe_load(SUITE.read_text(encoding="utf-8"))
    return suite, suite["cases"]


def bench_inprocess(db: Path, rounds: int, profile_top: int) -> dict:
    from api.service import AskRequest, CanonService

    suite, cases = gold_cases()
    requests = {c["id"]: AskRequest(question=c["question"], roles=suite["roles"], as_of=suite["as_of"]) for c in cases}

    gc.collect()
    t0 = time.perf_counter()
    service = CanonService(str(db))
    open_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    index = service.catalog.typo_index()  # the only per-process name structure: typo vocabulary
    index_s = time.perf_counter() - t0
    forms = len(index._deletes)
    rss_after_index = rss_mb()

    first = cases[0]["id"]
    t0 = time.perf_counter()
    service.ask(requests[first])
    warmup_s = time.perf_counter() - t0
    rss_after_warmup = rss_mb()

    gold = []
    for c in cases:  # also each question's first ask (its bundle is written once)
        t0 = time.perf_counter()
        b = service.ask(requests[c["id"]]).to_json()
        elapsed = time.perf_counter() - t0
        sources = sorted(e["evidence_id"] for e in b["evidence"] if e["role"] in ("primary", "conflict"))
        ok = (b["behavior"] == c["expect"]["behavior"] and sources == sorted(c["expect"].get("sources", []))
              and b["validation"]["passed"])
        gold.append({"id": c["id"], "ok": ok, "behavior": b["behavior"], "sources": sources, "first_ms": ms(elapsed)})

    per_q: dict[str, list[float]] = {c["id"]: [] for c in cases}
    gc.collect()
    for _ in range(rounds):
        for c in cases:
            req = requests[c["id"]]
            t0 = time.perf_counter()
            service.ask(req)
            per_q[c["id"]].append(time.perf_counter() - t0)
    all_ms = [ms(v) for values in per_q.values() for v in values]
    questions = {c["id"]: {"question": c["question"], **{k: (ms(v) if k not in ("n",) else v)
                                                         for k, v in summary(per_q[c["id"]]).items()}} for c in cases}

    # Uncached: the principal is part of the answer-cache key (and of the bundle), so a principal of
    # its own per ask makes every ask a full resolution without changing what is resolved. Cold: the
    # same, with every in-process memo dropped before each ask (the question's words, the catalog's read
    # statements): what the first ask after any write costs.
    run = uuid.uuid4().hex[:8]

    def uncached(service, tag: str, before_each=None) -> dict:
        per_case: dict[str, list[float]] = {c["id"]: [] for c in cases}
        gc.collect()
        for r in range(rounds):
            for c in cases:
                req = requests[c["id"]].model_copy(update={"principal": f"bench-{tag}-{run}-{r}"})
                if before_each:
                    before_each()
                t0 = time.perf_counter()
                service.ask(req)
                per_case[c["id"]].append(time.perf_counter() - t0)
        for c in cases:
            questions[c["id"]][f"{tag}_p50"] = ms(statistics.median(per_case[c["id"]]))
        return summary([ms(v) for values in per_case.values() for v in values])

    miss_ms = uncached(service, "miss")
    cold_ms = uncached(service, "cold", before_each=service.forget_memos)

    raw = bench_raw_lookup(db)
    overall = summary(all_ms)
    slowest = max(questions, key=lambda q: questions[q]["p50"])
    # the typical ask: the question whose p50 is nearest the overall p50
    typical = min(questions, key=lambda q: abs(questions[q]["p50"] - overall["p50"]))
    profile = profile_ask(service, requests[slowest], profile_top)
    typical_profile = profile_ask(service, requests[typical], profile_top, repeat=TYPICAL_REPEAT)
    max_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    service.catalog.engine.dispose()
    # a second service has cold caches: profile its first ask (entity index, typo index, lineage graph)
    del service
    gc.collect()
    fresh = CanonService(str(db))
    first_profile = profile_ask(fresh, requests[first], profile_top)
    fresh.catalog.engine.dispose()
    return {
        "open_ms": ms(open_s), "index_build_ms": ms(index_s), "index_forms": forms, "warmup_first_ask_ms": ms(warmup_s),
        "gold": gold, "gold_ok": sum(g["ok"] for g in gold), "rounds": rounds,
        "ask_ms": overall, "ask_miss_ms": miss_ms, "ask_cold_ms": cold_ms, "questions": questions, "raw": raw,
        "ratio_ask_p50_over_sqlite_p50": overall["p50"] / raw["sqlite3_ms"]["p50"],
        "ratio_ask_p50_over_dict_p50": overall["p50"] / raw["dict_ms"]["p50"],
        "profiled_question": slowest, "profile_top": profile, "first_ask_profile_top": first_profile,
        "typical_question": typical, "typical_profile_top": typical_profile,
        "max_rss_mb": max_rss, "rss_after_index_mb": rss_after_index, "rss_after_warmup_mb": rss_after_warmup,
    }


def bench_inprocess_child(db: Path, rounds: int, profile_top: int) -> dict:
    """Run (b) in a fresh interpreter, so the import's heap and garbage do not weigh on it."""
    argv = [sys.executable, "-m", "evals.perf.bench_ask", "--inprocess-child", str(db), "--rounds", str(rounds),
            "--profile-top", str(profile_top)]
    proc = subprocess.run(argv, cwd=REPO, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"in-process benchmark failed: {proc.stderr.strip()[-2000:]}")
    return json.loads(proc.stdout)


def bench_raw_lookup(db: Path, lookups: int = 3000) -> dict:
    """Point lookups by evidence_id on the same file: raw sqlite3, then a dict of the same rows."""
    conn = sqlite3.connect(str(db))
    ids = [r[0] for r in conn.execute("SELECT evidence_id FROM revision")]
    rng = random.Random(11)
    sample = [rng.choice(ids) for _ in range(lookups)]
    sql = "SELECT pk, revision, recorded_at, payload FROM revision WHERE evidence_id = ?"
    for eid in sample[:200]:  # warm the page cache and the statement cache
        conn.execute(sql, (eid,)).fetchall()
    sq = []
    for eid in sample:
        t0 = time.perf_counter()
        conn.execute(sql, (eid,)).fetchall()
        sq.append(time.perf_counter() - t0)
    table = {row[0]: row[1:] for row in conn.execute("SELECT evidence_id, pk, revision, recorded_at, payload FROM revision")}
    conn.close()
    dl = []
    for eid in sample:
        t0 = time.perf_counter()
        table.get(eid)
        dl.append(time.perf_counter() - t0)
    # the timer's own cost, to read the dict figure against
    tm = []
    for _ in range(lookups):
        t0 = time.perf_counter()
        tm.append(time.perf_counter() - t0)
    return {"sql": sql, "lookups": lookups, "rows": len(ids),
            "sqlite3_ms": {k: (ms(v) if k != "n" else v) for k, v in summary(sq).items()},
            "dict_ms": {k: (ms(v) if k != "n" else v) for k, v in summary(dl).items()},
            "timer_overhead_ms_p50": ms(statistics.median(tm))}


def profile_ask(service, request, top: int, repeat: int = 1) -> str:
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(repeat):
        service.ask(request)
    profiler.disable()
    buf = io.StringIO()
    pstats.Stats(profiler, stream=buf).strip_dirs().sort_stats("cumulative").print_stats(top)
    return buf.getvalue()


# -- report ----------------------------------------------------------------------------------------


def verdict(value: float, goal: float) -> str:
    return "met" if value <= goal else f"MISSED ({value / goal:.1f}x goal)"


def print_report(res: dict) -> None:
    w = print
    m = res["machine"]
    w("")
    w(f"canon ask benchmark, {res['date']}, {m['cores']} cores ({m['cpu']}), Python {m['python']}, "
      f"N = {res['records']} records, seed {res['seed']}")
    g = res["git"]
    w(f"code: {g['head']} {g['subject'][:70]}" + (f" + {len(g['dirty'])} uncommitted change(s)" if g["dirty"] else ""))
    imp = res.get("import")
    if imp:
        w("")
        w("c) import (CanonService.import_paths, one JSONL file, fresh SQLite)")
        if imp.get("reused"):
            w("   reused an earlier import; figures below are from that run")
        if "total_s" in imp:
            w(f"   {imp['added']} records in {imp['total_s']:.1f} s = {imp['records_per_s']:.0f} records/s "
              f"(parse+validate alone {imp['parse_only_s']:.1f} s; the rest, store + fingerprints + keys, {imp['store_share_s']:.1f} s); "
              f"JSONL {imp['jsonl_bytes'] / 1e6:.0f} MB -> SQLite {imp['db_bytes'] / 1e6:.0f} MB")
    cold = res.get("cold")
    if cold:
        w("")
        w(f"a) cold start (fresh process, wall time, {res['cold_runs']} interleaved runs after one untimed run each)")
        w(f"   {'command':<48} {'p50 s':>7} {'p90 s':>7} {'min s':>7} {'x pass':>7} {'x imports':>9}  goal")
        for name, s in cold["commands"].items():
            goal = ""
            if name.startswith("canon ask"):
                goal = f"< {GOAL_COLD_S} s: " + verdict(s["p50"], GOAL_COLD_S)
            w(f"   {name:<48} {s['p50']:>7.3f} {s['p90']:>7.3f} {s['min']:>7.3f} {s['x_python']:>7.1f} "
              f"{s['x_imports']:>9.2f}  {goal}")
        for name, a in cold["answers"].items():
            w(f"   answer of {name}: {a['behavior']} {','.join(a['primary'])}")
        w("   import time of the ask by top-level package (-X importtime self times, one run, ms): " +
          ", ".join(f"{r['package']} {r['self_ms']:.0f}" for r in cold["importtime"][-1:] + cold["importtime"][:9]))
    ip = res.get("inprocess")
    if ip:
        w("")
        w(f"b) in-process ask on the {res['records']}-record catalog ({ip['rounds']} rounds x 9 dossier questions)")
        w(f"   one-time: open catalog {ip['open_ms']:.0f} ms; entity index build {ip['index_build_ms']:.0f} ms "
          f"({ip['index_forms']} name forms); first (warm-up) ask {ip['warmup_first_ask_ms']:.0f} ms; "
          f"RSS after index {ip['rss_after_index_mb']:.0f} MB, after warm-up {ip['rss_after_warmup_mb']:.0f} MB, "
          f"max {ip['max_rss_mb']:.0f} MB")
        w(f"   gold check on the big catalog: {ip['gold_ok']}/9 as expected"
          + ("" if ip["gold_ok"] == 9 else "  <-- " + ", ".join(g["id"] for g in ip["gold"] if not g["ok"]) + " differ"))
        w("   repeated asks (answers of the 6 cacheable questions come from the answer cache), uncached asks "
          "(a principal of its own per ask: every ask resolves; readings and read statements memoized for the "
          "catalog generation) and cold ones (every in-process memo dropped before each ask)")
        w(f"   {'case':<5} {'behavior':<22} {'p50 ms':>9} {'p95 ms':>9} {'max ms':>9} {'uncached':>9} {'cold':>9}  question")
        gold = {g["id"]: g for g in ip["gold"]}
        for qid, q in ip["questions"].items():
            w(f"   {qid:<5} {gold[qid]['behavior']:<22} {q['p50']:>9.2f} {q['p95']:>9.2f} {q['max']:>9.2f} "
              f"{q.get('miss_p50', float('nan')):>9.2f} {q.get('cold_p50', float('nan')):>9.2f}  {q['question'][:60]}")
        a = ip["ask_ms"]
        raw = ip["raw"]
        w(f"   {'all':<5} {'repeated':<22} {a['p50']:>9.2f} {a['p95']:>9.2f} {a['max']:>9.2f}")
        for field, label in (("ask_miss_ms", "uncached"), ("ask_cold_ms", "uncached, cold")):
            if field in ip:
                u = ip[field]
                w(f"   {'all':<5} {label:<22} {u['p50']:>9.2f} {u['p95']:>9.2f} {u['max']:>9.2f}  "
                  f"goal p50 <= {GOAL_ASK_P50_MS} ms: {verdict(u['p50'], GOAL_ASK_P50_MS)}")
        w(f"   raw sqlite3 point lookup ({raw['rows']} rows, {raw['lookups']} lookups): p50 {raw['sqlite3_ms']['p50'] * 1000:.1f} us, "
          f"p95 {raw['sqlite3_ms']['p95'] * 1000:.1f} us")
        w(f"   dict lookup: p50 {raw['dict_ms']['p50'] * 1000:.2f} us (timer overhead alone {raw['timer_overhead_ms_p50'] * 1000:.2f} us)")
        w(f"   ratio ask p50 / raw sqlite3 p50 = {ip['ratio_ask_p50_over_sqlite_p50']:.0f}x; "
          f"ask p50 / dict p50 = {ip['ratio_ask_p50_over_dict_p50']:.0f}x")
        w("")
        w(f"   cProfile of one ask of {ip['profiled_question']} (slowest p50), top by cumulative time:")
        for line in ip["profile_top"].strip().splitlines():
            if line.strip():
                w("   " + line)
        w("")
        w(f"   cProfile of {TYPICAL_REPEAT} asks of {ip['typical_question']} (p50 nearest the overall p50), top by cumulative time:")
        for line in ip["typical_profile_top"].strip().splitlines():
            if line.strip():
                w("   " + line)
        w("")
        w(f"   cProfile of the first ask of a fresh CanonService ({next(iter(ip['questions']))}; one-time caches), top by cumulative time:")
        for line in ip["first_ask_profile_top"].strip().splitlines():
            if line.strip():
                w("   " + line)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="canon ask / import performance benchmark")
    p.add_argument("--records", type=int, default=100_000)
    p.add_argument("--rounds", type=int, default=10, help="repeats of each of the 9 dossier questions (in-process)")
    p.add_argument("--cold-runs", type=int, default=7)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--reuse", action="store_true", help="reuse an earlier import of the same N and seed")
    p.add_argument("--skip-cold", action="store_true")
    p.add_argument("--skip-cold-big", action="store_true", help="skip the cold ask on the N-record catalog")
    p.add_argument("--profile-top", type=int, default=25)
    p.add_argument("--out", type=Path, help="default: evals/perf/results/ask-<date>.json")
    p.add_argument("--inprocess-child", type=Path, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.inprocess_child:
        print(json.dumps(bench_inprocess(args.inprocess_child, args.rounds, args.profile_top), default=str))
        return 0

    os.chdir(REPO)
    DATA.mkdir(parents=True, exist_ok=True)
    res = {"date": date.today().isoformat(), "machine": machine(), "versions": versions(), "git": git_state(),
           "records": args.records,
           "seed": args.seed, "cold_runs": args.cold_runs,
           "goals": {"cold_start_s": GOAL_COLD_S, "ask_p50_ms": GOAL_ASK_P50_MS}}

    jsonl = gen_catalog.default_path(args.records, args.seed)
    if not jsonl.exists():
        t0 = time.perf_counter()
        gen_catalog.ensure(args.records, args.seed, jsonl)
        res["generate_s"] = time.perf_counter() - t0
        print(f"[gen] {jsonl} in {res['generate_s']:.1f} s", flush=True)
    big_db = DATA / f"catalog-{args.records}-s{args.seed}.db"
    small_db = DATA / "dossier.db"

    print(f"[import] {jsonl.name} -> {big_db.name} ...", flush=True)
    res["import"] = bench_import(jsonl, big_db, args.reuse)
    small_catalog(small_db)

    if not args.skip_cold:
        print(f"[cold] {args.cold_runs} runs x {3 if args.skip_cold_big else 4} commands ...", flush=True)
        res["cold"] = bench_cold(small_db, big_db, args.cold_runs, with_big=not args.skip_cold_big)

    print(f"[in-process] {args.rounds} rounds x 9 questions ...", flush=True)
    res["inprocess"] = bench_inprocess_child(big_db, args.rounds, args.profile_top)

    print_report(res)
    out = args.out or RESULTS / f"ask-{res['date']}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(res, indent=2, default=str))
    print(f"\nresults: {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
