"""Performance benchmark of dbt sync and lineage: sync throughput, closure latency, cold `canon lineage`.

    python -m evals.perf.bench_lineage [--nodes 100000] [--rounds 20] [--cold-runs 5] [--reuse]
                                       [--indexed text,governed] [--skip-walks]

Run from the repository root. Steps, in this order:

  a) sync: ../shared/data/dbt/spellbook-solana/manifest.json (29 MB; skipped with a note when absent)
     and a generated --sync-nodes (50 000) node manifest (evals/perf/gen_manifest.py), each in a
     fresh child interpreter: plain `json.load` of the file, `read_dbt` alone, the store alone
     (catalog.sync.sync_dbt of an already read batch) and the whole `CanonService(...).sync_dbt`
     into a fresh SQLite catalog, --sync-rounds times each; the sync as a ratio to json.load of the
     same file in the same run (goal <= 5x). Then the same sync into an empty catalog whose search
     index already exists (--indexed: built by a first `canon search` in text mode, and in governed
     mode, which also builds the vector index), so that the sync refreshes the index in the same
     command: every record is new to it (same json.load baseline, same goal; the 50k manifest gets
     the first mode only). A sync that misses its goal is profiled (cProfile).
  b) closure at --nodes (100 000) nodes: the generated manifest is synced into a fresh catalog
     (timed, reported), then, in a child interpreter of its own: the one-time graph load
     (Catalog.lineage_graph, fresh Catalog each round), a sample of mart, intermediate and staging
     nodes walked upstream and downstream at depth 0 (all) with the catalog's LineageGraph, each
     walk interleaved with a plain dict-of-lists BFS over the same edges (goal: canon p50 <= 3x the
     BFS p50); the closures are checked equal. Then the governed path, service.lineage(...) with
     role analytics_readers, reported separately.
  c) cold `python -m api.cli lineage NODE --upstream --role analytics_readers --json --catalog DB`
     on that catalog: wall time of a fresh process, median of --cold-runs (goal <= 1.5 s),
     interleaved with `python -c pass` and an import floor; one `python -m cProfile` run and one
     `-X importtime` run of the same command.

All timings come from time.perf_counter. Nothing here asserts on a timing: goals are printed
next to the figures. Output: a table on stdout and evals/perf/results/lineage-<date>.json.
"""
from __future__ import annotations

import argparse
import cProfile
import gc
import io
import json
import os
import pstats
import random
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date, datetime, timezone
from pathlib import Path

from evals.perf import gen_manifest
from evals.perf.bench_ask import fresh_sqlite, git_state, importtime, machine, ms, rss_mb, summary, versions

REPO = Path(__file__).resolve().parents[2]
RESULTS = Path(__file__).resolve().parent / "results"
DATA = RESULTS / "data"
SPELLBOOK = REPO.parent / "shared" / "data" / "dbt" / "spellbook-solana" / "manifest.json"
SYNCED_AT = datetime(2026, 11, 1, 6, 0, tzinfo=timezone.utc)  # fixed: the generated artifacts say so too
KNOWN_AT = datetime.max.replace(tzinfo=timezone.utc)  # what service.lineage asks the catalog for
ROLE = "analytics_readers"
LAYERS = ("mart", "intermediate", "staging")
# Catalog.lineage_graph's query, as store.py writes it (for a raw sqlite3 timing of the same SQL)
LOAD_SQL = (
    "SELECT e.source, e.target, e.kind, e.origin, e.origin_kind, e.valid_from, e.valid_to FROM lineage_edge e "
    "WHERE e.revision_pk IS NULL OR e.revision_pk IN (SELECT r.pk FROM revision r JOIN (SELECT evidence_id, "
    "MAX(revision) AS rev FROM revision WHERE 1 = 1 AND recorded_at <= :known_at GROUP BY evidence_id) live "
    "ON r.evidence_id = live.evidence_id AND r.revision = live.rev)"
)
WALK_PROFILE_REPEAT = 50
GOAL_SYNC_X = 5.0
GOAL_WALK_X = 3.0
GOAL_COLD_S = 1.5


# -- helpers -----------------------------------------------------------------------------------------


def profile_call(fn, top: int) -> tuple[str, object]:
    profiler = cProfile.Profile()
    profiler.enable()
    try:
        value = fn()
    finally:
        profiler.disable()
    buf = io.StringIO()
    pstats.Stats(profiler, stream=buf).strip_dirs().sort_stats("cumulative").print_stats(top)
    return buf.getvalue(), value


def child(argv: list[str]) -> dict:
    """Run this module in a fresh interpreter (no heap carried over) and read its JSON answer."""
    proc = subprocess.run([sys.executable, "-m", "evals.perf.bench_lineage", *argv], cwd=REPO, capture_output=True,
                          text=True)
    if proc.returncode != 0:
        raise SystemExit(f"child {' '.join(argv[:2])} failed: {proc.stderr.strip()[-3000:]}")
    for line in proc.stderr.splitlines():
        print("   " + line, flush=True)
    return json.loads(proc.stdout)


def verdict(value: float, goal: float) -> str:
    return "met" if value <= goal else f"MISSED ({value / goal:.2f}x the goal)"


def stats_ms(values_s: list[float]) -> dict:
    return {k: (ms(v) if k != "n" else v) for k, v in summary(values_s).items()}


def note(text: str) -> None:
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


# -- a) sync (child) -------------------------------------------------------------------------------------


INDEX_MODES = {"text": "a text search built the index (text only)",
               "governed": "a governed search built both indexes (text + vectors)"}


def _drop_catalog(service, db: Path) -> None:
    import shutil

    service.catalog.engine.dispose()
    fresh_sqlite(db)
    shutil.rmtree(str(db) + ".search", ignore_errors=True)


def _indexed_service(db: Path, mode: str):
    """An empty catalog whose search index exists: the first `canon search` (in `mode`) made it."""
    import shutil

    from api.service import CanonConfig, CanonService

    fresh_sqlite(db)
    shutil.rmtree(str(db) + ".search", ignore_errors=True)
    service = CanonService(str(db), config=CanonConfig())
    service.search("revenue by day", roles=[ROLE], mode=mode)  # an empty catalog: builds the empty index(es)
    assert service.catalog.search.exists() and service.catalog.search.vectors_built() == (mode != "text")
    service.catalog.engine.dispose()
    return CanonService(str(db), config=CanonConfig())  # the sync is another command


def indexed_sync(path: Path, work: Path, rounds: int, mode: str) -> dict:
    """The whole service sync into an empty catalog whose search index already exists: the sync
    refreshes the index in the same command (every record is new to it). Timed like the fresh
    catalog's sync (CanonService construction included); refresh_search timed separately."""
    from api.service import CanonConfig, CanonService

    total, refresh = [], []
    checks: dict = {}
    original = CanonService.refresh_search

    def timed_refresh(self, written=None):
        t0 = time.perf_counter()
        try:
            return original(self, written)
        finally:
            refresh.append(time.perf_counter() - t0)

    CanonService.refresh_search = timed_refresh
    try:
        for i in range(rounds):
            db = work / f"indexed-{mode}-{i}.db"
            _indexed_service(db, mode).catalog.engine.dispose()
            gc.collect()
            t0 = time.perf_counter()
            service = CanonService(str(db), config=CanonConfig())
            service.sync_dbt(str(path), synced_at=SYNCED_AT)
            total.append(time.perf_counter() - t0)
            if i == rounds - 1:  # untimed: the index holds the catalog, and no text was embedded during the sync
                idx = service.catalog.search.indexes
                live = service.catalog.search._live_keys()
                state = json.loads((idx.folder / "state.json").read_text())
                checks = {"live_records": len(live), "indexed_records": len(state), "text_chunks": idx.text.count(),
                          "state_matches_catalog": state == {k: v for k, v in live.items() if v[3] != "retracted"}}
                if mode != "text":
                    checks["vector_rows"] = idx.vectors.count()
                    checks["vectors_pending"] = idx.vectors.pending() if hasattr(idx.vectors, "pending") else None
                    checks["encoded_during_sync"] = idx.vectors.encoded
            _drop_catalog(service, db)
            del service
            gc.collect()
    finally:
        CanonService.refresh_search = original
    return {"what": INDEX_MODES[mode], "rounds": rounds, "sync_s": summary(total) | {"runs": total},
            "refresh_s": summary(refresh) | {"runs": refresh}, **checks}


def child_sync(path: Path, rounds: int, keep: Path | None, setup_only: bool, profile_goal: float | None,
               top: int, indexed: tuple[str, ...] = ()) -> dict:
    """json.load, read_dbt, store alone and the whole service sync of one manifest, in this process."""
    from api.service import CanonConfig, CanonService
    from catalog.dbt_artifacts import DbtMappingConfig, read_dbt
    from catalog.sync import sync_dbt

    try:
        import orjson
    except ImportError:  # pragma: no cover
        orjson = None

    size = path.stat().st_size
    with open(path, "rb") as fh:  # untimed: page cache
        fh.read()
    work = Path(tempfile.mkdtemp(prefix="canon-sync-", dir=DATA))
    out: dict = {"path": str(path), "bytes": size, "rounds": rounds}

    def timed(fn) -> float:
        gc.collect()
        t0 = time.perf_counter()
        value = fn()
        elapsed = time.perf_counter() - t0
        del value
        gc.collect()
        return elapsed

    def plain_load():
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)

    load = [timed(plain_load) for _ in range(rounds)]
    out["json_load_s"] = summary(load) | {"runs": load}

    def paused(fn):  # diagnostic only: json.load with the cyclic GC paused (canon never does this)
        def run():
            gc.disable()
            try:
                return fn()
            finally:
                gc.enable()
        return run

    nogc = [timed(paused(plain_load)) for _ in range(rounds)]
    out["json_load_gc_paused_s"] = summary(nogc) | {"runs": nogc}
    if orjson is not None:
        oj = [timed(lambda: orjson.loads(path.read_bytes())) for _ in range(rounds)]
        out["orjson_loads_s"] = summary(oj) | {"runs": oj}
    config = DbtMappingConfig()

    def read():
        return read_dbt(str(path), config=config, synced_at=SYNCED_AT)

    batch = read()
    out["records"] = len(batch.records)
    out["edges"] = len(batch.edges)
    out["quarantined"] = len(batch.quarantine)
    out["warnings"] = len(batch.warnings)
    out["resource_types"] = batch.stats.resource_types
    del batch
    if not setup_only:
        rd = [timed(read) for _ in range(rounds)]
        out["read_dbt_s"] = summary(rd) | {"runs": rd}
        store = []
        for i in range(rounds):
            db = work / f"store-{i}.db"
            fresh_sqlite(db)
            batch = read()
            service = CanonService(str(db), config=CanonConfig())
            gc.collect()
            t0 = time.perf_counter()
            sync_dbt(service.catalog, batch, str(path), datetime.now(timezone.utc))
            store.append(time.perf_counter() - t0)
            service.catalog.engine.dispose()
            del batch, service
            gc.collect()
            fresh_sqlite(db)
        out["store_s"] = summary(store) | {"runs": store}

    total = []
    report = None
    for i in range(1 if setup_only else rounds):
        db = keep if (keep is not None and i == (0 if setup_only else rounds - 1)) else work / f"sync-{i}.db"
        fresh_sqlite(db)
        Path(str(db) + ".ok").unlink(missing_ok=True)
        gc.collect()
        t0 = time.perf_counter()
        service = CanonService(str(db), config=CanonConfig())
        report = service.sync_dbt(str(path), synced_at=SYNCED_AT)
        total.append(time.perf_counter() - t0)
        service.catalog.engine.dispose()
        out["db_bytes"] = sum(Path(str(db) + s).stat().st_size for s in ("", "-wal") if Path(str(db) + s).exists())
        del service
        gc.collect()
        if db != keep:
            fresh_sqlite(db)
    out["sync_s"] = summary(total) | {"runs": total}
    out["report"] = report.line() if report else None
    if not setup_only and indexed:
        out["indexed"] = {mode: indexed_sync(path, work, rounds, mode) for mode in indexed}
    out["x_json_load"] = out["sync_s"]["p50"] / out["json_load_s"]["p50"]
    out["x_json_load_gc_paused"] = out["sync_s"]["p50"] / out["json_load_gc_paused_s"]["p50"]
    for case in out.get("indexed", {}).values():
        case["x_json_load"] = case["sync_s"]["p50"] / out["json_load_s"]["p50"]
        case["refresh_x_json_load"] = case["refresh_s"]["p50"] / out["json_load_s"]["p50"]
    if "read_dbt_s" in out:
        out["read_x_json_load"] = out["read_dbt_s"]["p50"] / out["json_load_s"]["p50"]
        out["store_x_json_load"] = out["store_s"]["p50"] / out["json_load_s"]["p50"]
    missed = {mode: c for mode, c in out.get("indexed", {}).items() if c["x_json_load"] > (profile_goal or 1e9)}
    if profile_goal is not None and missed:
        mode = next(iter(missed))
        db = work / "profile-indexed.db"
        service = _indexed_service(db, mode)
        gc.collect()
        missed[mode]["profile_top"], _ = profile_call(lambda: service.sync_dbt(str(path), synced_at=SYNCED_AT), top)
        _drop_catalog(service, db)
    if profile_goal is not None and out["x_json_load"] > profile_goal:
        db = work / "profile.db"
        fresh_sqlite(db)
        service = CanonService(str(db), config=CanonConfig())
        gc.collect()
        out["profile_top"], _ = profile_call(lambda: service.sync_dbt(str(path), synced_at=SYNCED_AT), top)
        service.catalog.engine.dispose()
        fresh_sqlite(db)
    if keep is not None:
        Path(str(keep) + ".ok").write_text(json.dumps({"manifest": str(path), "bytes": size}))
    try:
        work.rmdir()
    except OSError:
        pass
    out["max_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    return out


# -- b) closure (child) -----------------------------------------------------------------------------------


def bfs(adj: dict[str, list[str]], start: str) -> dict[str, int]:
    """The baseline: a plain breadth-first closure over a dict of lists, {reached node: distance}."""
    seen = {start: 0}
    frontier = [start]
    distance = 0
    while frontier:
        distance += 1
        nxt = []
        for node in frontier:
            for other in adj.get(node, ()):
                if other not in seen:
                    seen[other] = distance
                    nxt.append(other)
        frontier = nxt
    del seen[start]
    return seen


def restricted_nodes(db: Path) -> set[str]:
    """Node ids whose live record analytics_readers may not retrieve (the generator restricts ~3% of marts)."""
    conn = sqlite3.connect(str(db))
    rows = conn.execute(
        "SELECT r.evidence_id FROM revision r WHERE r.revision = (SELECT MAX(revision) FROM revision r2 "
        "WHERE r2.evidence_id = r.evidence_id) AND NOT EXISTS (SELECT 1 FROM revision_role rr "
        "WHERE rr.revision_pk = r.pk AND rr.role = ?)", (ROLE,)).fetchall()
    conn.close()
    return {r[0] for r in rows}


def child_walks(db: Path, samples: int, rounds: int, governed_rounds: int, load_rounds: int, seed: int,
                top: int) -> dict:
    from api.service import CanonService
    from catalog.records import end_of
    from catalog.store import Catalog

    out: dict = {"db": str(db), "samples_per_layer": samples, "rounds": rounds, "governed_rounds": governed_rounds}
    rss0 = rss_mb()

    # one-time graph load: a fresh Catalog per round (the cache lives on the Catalog)
    loads, opens = [], []
    graph = None
    for _ in range(load_rounds):
        del graph
        gc.collect()
        t0 = time.perf_counter()
        catalog = Catalog(str(db))
        opens.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        graph = catalog.lineage_graph(KNOWN_AT)
        loads.append(time.perf_counter() - t0)
        catalog.engine.dispose()
    out["open_catalog_ms"] = stats_ms(opens)
    out["graph_load_ms"] = stats_ms(loads) | {"runs": [ms(v) for v in loads]}
    all_edges = graph.edges()
    out["graph_nodes"] = len(graph.nodes)
    out["graph_edges"] = len(all_edges)
    out["rss_graph_mb"] = rss_mb() - rss0

    # diagnostic: the same load with the cyclic GC paused (canon does not do this)
    paused = []
    for _ in range(load_rounds):
        del graph
        gc.collect()
        catalog = Catalog(str(db))
        gc.disable()
        try:
            t0 = time.perf_counter()
            graph = catalog.lineage_graph(KNOWN_AT)
            paused.append(time.perf_counter() - t0)
        finally:
            gc.enable()
        catalog.engine.dispose()
    out["graph_load_gc_paused_ms"] = stats_ms(paused) | {"runs": [ms(v) for v in paused]}

    # floors for the load, raw sqlite3 on the same file: canon's own edge query (live-revision filter,
    # 7 columns), then only (source, target) + a dict of lists
    conn = sqlite3.connect(str(db))
    gc.collect()
    t0 = time.perf_counter()
    n_rows = len(conn.execute(LOAD_SQL, {"known_at": str(KNOWN_AT)}).fetchall())
    out["raw_canon_sql_ms"] = {"ms": ms(time.perf_counter() - t0), "rows": n_rows}
    gc.collect()
    gc.collect()
    t0 = time.perf_counter()
    rows = conn.execute("SELECT source, target FROM lineage_edge WHERE valid_to IS NULL").fetchall()
    fetch_s = time.perf_counter() - t0
    up: dict[str, list[str]] = {}
    down: dict[str, list[str]] = {}
    for s, t in rows:
        down.setdefault(s, []).append(t)
        up.setdefault(t, []).append(s)
    floor_s = time.perf_counter() - t0
    conn.close()
    out["raw_load_ms"] = {"sqlite3_fetch": ms(fetch_s), "fetch_and_dict_of_lists": ms(floor_s), "rows": len(rows)}
    del rows, up, down

    # the baseline adjacency: the very edges canon's graph holds
    at = end_of(date.today())
    usable = [e for e in all_edges if e.holds_at(at)]
    up, down = {}, {}
    for e in usable:
        down.setdefault(e.source, []).append(e.target)
        up.setdefault(e.target, []).append(e.source)
    out["edges_usable_at"] = len(usable)
    del all_edges, usable

    hidden = restricted_nodes(db)
    rng = random.Random(seed)
    by_layer: dict[str, list[str]] = {layer: [] for layer in LAYERS}
    for node in sorted(graph.nodes):
        layer = gen_manifest.layer_of(node)
        if layer in by_layer and node not in hidden:
            by_layer[layer].append(node)
    picked = {layer: rng.sample(nodes, min(samples, len(nodes))) for layer, nodes in by_layer.items()}
    out["restricted_nodes"] = len(hidden)

    # correctness first: canon's closure equals the BFS closure, for every sample and direction
    sizes: dict[str, dict[str, list[int]]] = {d: {layer: [] for layer in LAYERS} for d in ("upstream", "downstream")}
    mismatches = []
    for layer, nodes in picked.items():
        for node in nodes:
            for direction, adj in (("upstream", up), ("downstream", down)):
                mine = graph.walk(node, upstream=direction == "upstream", depth=0, at=at)[0]
                base = bfs(adj, node)
                if mine != base:
                    mismatches.append(f"{direction} {node}: canon {len(mine)} vs bfs {len(base)}")
                sizes[direction][layer].append(len(base))
    out["closure_mismatches"] = mismatches
    out["closure_sizes"] = {d: {layer: {"p50": statistics.median(v), "max": max(v), "mean": statistics.fmean(v)}
                                for layer, v in per.items() if v} for d, per in sizes.items()}

    # timed: each canon walk next to the BFS of the same node and direction (drift hits both)
    impls = ("canon", "canon_at_none", "dict_bfs")
    times = {d: {i: {layer: [] for layer in LAYERS} for i in impls} for d in ("upstream", "downstream")}
    calls = {
        "canon": lambda node, is_up, adj: graph.walk(node, upstream=is_up, depth=0, at=at),
        "canon_at_none": lambda node, is_up, adj: graph.walk(node, upstream=is_up, depth=0),
        "dict_bfs": lambda node, is_up, adj: bfs(adj, node),
    }
    gc.collect()
    for r in range(rounds):
        # the three run back to back on the same node; whichever runs first meets colder CPU caches,
        # so the order rotates every round
        order = impls[r % 3:] + impls[:r % 3]
        for layer, nodes in picked.items():
            for node in nodes:
                for direction, adj in (("upstream", up), ("downstream", down)):
                    is_up = direction == "upstream"
                    for impl in order:
                        fn = calls[impl]
                        t0 = time.perf_counter()
                        fn(node, is_up, adj)
                        times[direction][impl][layer].append(time.perf_counter() - t0)
    walks: dict = {}
    for direction, per_impl in times.items():
        walks[direction] = {}
        for impl, per_layer in per_impl.items():
            pooled = [v for values in per_layer.values() for v in values]
            walks[direction][impl] = {"all": stats_ms(pooled),
                                      **{layer: stats_ms(v) for layer, v in per_layer.items() if v}}
        walks[direction]["x_dict_p50"] = walks[direction]["canon"]["all"]["p50"] / walks[direction]["dict_bfs"]["all"]["p50"]
        walks[direction]["x_dict_p50_at_none"] = (walks[direction]["canon_at_none"]["all"]["p50"]
                                                  / walks[direction]["dict_bfs"]["all"]["p50"])
        walks[direction]["x_dict_p50_by_layer"] = {
            layer: walks[direction]["canon"][layer]["p50"] / walks[direction]["dict_bfs"][layer]["p50"]
            for layer in LAYERS if layer in walks[direction]["canon"]}
    out["walks"] = walks

    # governed: the whole service call, graph already loaded in this service's catalog
    service = CanonService(str(db))
    t0 = time.perf_counter()
    first = service.lineage(picked["mart"][0], direction="upstream", depth=0, roles=[ROLE])
    out["governed_first_call_ms"] = ms(time.perf_counter() - t0)  # includes the service's own graph load
    del first
    gtimes = {d: {layer: [] for layer in LAYERS} for d in ("upstream", "downstream")}
    gsizes = {d: {layer: [] for layer in LAYERS} for d in ("upstream", "downstream")}
    for r in range(governed_rounds):
        for layer, nodes in picked.items():
            for node in nodes:
                for direction in ("upstream", "downstream"):
                    t0 = time.perf_counter()
                    result = service.lineage(node, direction=direction, depth=0, roles=[ROLE])
                    gtimes[direction][layer].append(time.perf_counter() - t0)
                    if r == 0:
                        gsizes[direction][layer].append(len(result["nodes"]))
    governed = {}
    for direction, per_layer in gtimes.items():
        pooled = [v for values in per_layer.values() for v in values]
        governed[direction] = {"all": stats_ms(pooled), **{layer: stats_ms(v) for layer, v in per_layer.items() if v}}
        governed[direction]["x_dict_p50"] = governed[direction]["all"]["p50"] / walks[direction]["dict_bfs"]["all"]["p50"]
        governed[direction]["x_canon_walk_p50"] = governed[direction]["all"]["p50"] / walks[direction]["canon"]["all"]["p50"]
        governed[direction]["nodes_returned_p50"] = statistics.median(v for values in gsizes[direction].values()
                                                                      for v in values)
    out["governed"] = governed

    # the node the cold CLI asks about: the mart whose upstream closure is the median of the sampled marts
    marts = sorted(picked["mart"], key=lambda n: (len(bfs(up, n)), n))
    cold_node = marts[len(marts) // 2]
    stagings = sorted(picked["staging"], key=lambda n: (len(bfs(down, n)), n))
    cold_down = stagings[len(stagings) // 2]
    out["cold_node"] = {"node": cold_node, "upstream_closure": len(bfs(up, cold_node)),
                        "governed_nodes": len(service.lineage(cold_node, direction="upstream", roles=[ROLE])["nodes"])}
    out["cold_node_down"] = {"node": cold_down, "downstream_closure": len(bfs(down, cold_down)),
                             "governed_nodes": len(service.lineage(cold_down, direction="downstream", roles=[ROLE])["nodes"])}

    # profiles: the walks, the governed calls, a graph load on a fresh Catalog
    def all_walks():  # repeated: one pass over the samples is ~20 ms, too short for readable columns
        for _ in range(WALK_PROFILE_REPEAT):
            for layer, nodes in picked.items():
                for node in nodes:
                    graph.walk(node, upstream=True, depth=0, at=at)
                    graph.walk(node, upstream=False, depth=0, at=at)

    out["profile_walks"], _ = profile_call(all_walks, top)

    def all_governed():
        for layer, nodes in picked.items():
            for node in nodes:
                service.lineage(node, direction="upstream", depth=0, roles=[ROLE])
                service.lineage(node, direction="downstream", depth=0, roles=[ROLE])

    out["profile_governed"], _ = profile_call(all_governed, top)
    service.catalog.engine.dispose()
    del service
    gc.collect()
    fresh = Catalog(str(db))
    out["profile_graph_load"], _ = profile_call(lambda: fresh.lineage_graph(KNOWN_AT), top)
    fresh.engine.dispose()
    out["max_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    return out


# -- c) cold start (parent) ---------------------------------------------------------------------------------


def lineage_argv(db: Path, node: str, direction: str) -> list[str]:
    return [sys.executable, "-m", "api.cli", "lineage", node, f"--{direction}", "--role", ROLE, "--json",
            "--catalog", str(db)]


def run_once(argv: list[str]) -> tuple[float, subprocess.CompletedProcess]:
    t0 = time.perf_counter()
    proc = subprocess.run(argv, cwd=REPO, capture_output=True, text=True)
    return time.perf_counter() - t0, proc


def bench_cold(db: Path, walks: dict, runs: int, top: int) -> dict:
    up_node = walks["cold_node"]["node"]
    down_node = walks["cold_node_down"]["node"]
    commands = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "import floor (api.cli, api.service, lineage.query)":
            [sys.executable, "-c", "import api.cli, api.service, lineage.query"],
        "canon lineage MART --upstream": lineage_argv(db, up_node, "upstream"),
        "canon lineage STAGING --downstream": lineage_argv(db, down_node, "downstream"),
    }
    expected = {"canon lineage MART --upstream": walks["cold_node"]["governed_nodes"],
                "canon lineage STAGING --downstream": walks["cold_node_down"]["governed_nodes"]}
    checks = {}
    for name, argv in commands.items():  # one untimed run each: page cache, .pyc files
        _, proc = run_once(argv)
        if proc.returncode != 0:
            raise SystemExit(f"cold command failed ({name}): rc {proc.returncode}: {proc.stderr.strip()[:400]}")
        if name in expected:
            got = json.loads(proc.stdout)
            checks[name] = {"node": got["unique_id"], "nodes": len(got["nodes"]), "edges": len(got["edges"]),
                            "as_in_process": len(got["nodes"]) == expected[name]}
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):  # interleaved, so drift hits every command alike
        for name, argv in commands.items():
            elapsed, proc = run_once(argv)
            if proc.returncode != 0:
                raise SystemExit(f"cold command failed ({name}): {proc.stderr.strip()[:400]}")
            times[name].append(elapsed)
    out = {name: summary(values) | {"runs_s": values} for name, values in times.items()}
    base = out["python -c pass"]["p50"]
    for name in out:
        out[name]["x_python"] = out[name]["p50"] / base
    return {"commands": out, "answers": checks, "nodes": {"upstream": up_node, "downstream": down_node},
            "importtime": importtime(lineage_argv(db, up_node, "upstream"), limit=10),
            "profile_top": cold_profile(lineage_argv(db, up_node, "upstream"), top)}


def cold_profile(argv: list[str], top: int) -> str:
    """`python -m cProfile` of one cold CLI run (imports included), top by cumulative time."""
    fd, prof = tempfile.mkstemp(suffix=".prof", dir=DATA)
    os.close(fd)
    try:
        proc = subprocess.run([argv[0], "-m", "cProfile", "-o", prof, *argv[1:]], cwd=REPO, capture_output=True, text=True)
        if proc.returncode != 0:
            return f"(profile run failed: {proc.stderr.strip()[:300]})"
        buf = io.StringIO()
        pstats.Stats(prof, stream=buf).strip_dirs().sort_stats("cumulative").print_stats(top)
        return buf.getvalue()
    finally:
        os.unlink(prof)


# -- report ----------------------------------------------------------------------------------------------


def print_profile(title: str, text: str) -> None:
    print("")
    print(f"   {title}")
    for line in text.strip().splitlines():
        if line.strip():
            print("   " + line)


def print_report(res: dict, all_profiles: bool) -> None:
    w = print
    m = res["machine"]
    g = res["git"]
    w("")
    w(f"canon lineage benchmark, {res['date']}, {m['cores']} cores ({m['cpu']}), Python {m['python']}, "
      f"networkx {res['versions'].get('networkx')}")
    w(f"code: {g['head']} {g['subject'][:70]}" + (f" + {len(g['dirty'])} uncommitted change(s)" if g["dirty"] else ""))
    if "loadavg_start" in res:
        w("load average (1/5/15 min) at start " + "/".join(f"{v:.1f}" for v in res["loadavg_start"]) + ", at end "
          + "/".join(f"{v:.1f}" for v in res.get("loadavg_end", ())) + f" on {m['cores']} cores: other processes "
          "share the machine when this is near or above the core count")
    misses: list[tuple[str, str]] = []

    w("")
    w(f"a) sync into a fresh SQLite catalog vs plain json.load of the same file (p50 of {res['sync_rounds']} rounds; "
      f"goal sync <= {GOAL_SYNC_X:g}x json.load)")
    w(f"   {'manifest':<34} {'MB':>6} {'records':>8} {'edges':>7} {'json.load':>9} {'orjson':>7} {'read_dbt':>9} "
      f"{'store':>7} {'sync':>7} {'x load':>7}  goal")
    for name, s in res["sync"].items():
        if "skipped" in s:
            w(f"   {name:<34} skipped: {s['skipped']}")
            continue
        oj = s.get("orjson_loads_s", {}).get("p50")
        rd = s.get("read_dbt_s", {}).get("p50")
        st = s.get("store_s", {}).get("p50")
        goal = "" if s.get("setup") else verdict(s["x_json_load"], GOAL_SYNC_X)
        w(f"   {name:<34} {s['bytes'] / 1e6:>6.1f} {s['records']:>8} {s['edges']:>7} {s['json_load_s']['p50']:>8.2f}s "
          f"{(f'{oj:.2f}s' if oj else '-'):>7} {(f'{rd:.2f}s' if rd else '-'):>9} {(f'{st:.2f}s' if st else '-'):>7} "
          f"{s['sync_s']['p50']:>6.2f}s {s['x_json_load']:>6.1f}x  {goal or '(setup of b/c; reported only)'}")
        w(f"   {'':<34} json.load with the GC paused (diagnostic): {s['json_load_gc_paused_s']['p50']:.2f}s; "
          f"sync = {s['x_json_load_gc_paused']:.1f}x that")
        if rd:
            w(f"   {'':<34} read_dbt {s['read_x_json_load']:.1f}x json.load, store {s['store_x_json_load']:.1f}x; "
              f"{s['report']}")
        for mode, c in s.get("indexed", {}).items():
            w(f"   {'':<34} into an indexed catalog ({c['what']}): sync {c['sync_s']['p50']:.2f}s = "
              f"{c['x_json_load']:.1f}x json.load  goal {verdict(c['x_json_load'], GOAL_SYNC_X)}; of which "
              f"refresh_search {c['refresh_s']['p50']:.2f}s ({c['refresh_x_json_load']:.1f}x)")
            w(f"   {'':<34}   index after the sync: {c.get('indexed_records')} of {c.get('live_records')} records, "
              f"{c.get('text_chunks')} text chunks, state == catalog: {c.get('state_matches_catalog')}"
              + (f"; vector rows {c['vector_rows']}, pending {c['vectors_pending']}, encoded during the sync "
                 f"{c['encoded_during_sync']}" if "vector_rows" in c else ""))
            if "profile_top" in c:
                misses.append((f"cProfile of one sync of {name} into an indexed catalog ({mode}; missed "
                               f"{GOAL_SYNC_X:g}x), top by cumulative time:", c["profile_top"]))
        if "profile_top" in s:
            misses.append((f"cProfile of one sync of {name} (missed {GOAL_SYNC_X:g}x), top by cumulative time:",
                           s["profile_top"]))

    wk = res.get("walks")
    if wk:
        w("")
        w(f"b) closure at {res['nodes']} nodes in-process: {wk['graph_nodes']} graph nodes, {wk['graph_edges']} edges; "
          f"{wk['samples_per_layer']} sampled nodes per layer (mart, intermediate, staging; {wk['restricted_nodes']} "
          f"restricted nodes never sampled) x {wk['rounds']} rounds, depth 0")
        w("   closure sizes p50 (max): " + "; ".join(
            f"{d} " + ", ".join(f"{layer} {c['p50']:g} ({c['max']})" for layer, c in per.items())
            for d, per in wk["closure_sizes"].items()))
        w("   canon closure == dict BFS closure for every sample and direction: "
          + ("yes" if not wk["closure_mismatches"] else f"NO, {len(wk['closure_mismatches'])} differ: "
             + "; ".join(wk["closure_mismatches"][:3])))
        w(f"   {'walk':<44} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} {'x BFS p50':>9}  goal")
        for direction in ("upstream", "downstream"):
            d = wk["walks"][direction]
            base = d["dict_bfs"]["all"]
            w(f"   {direction + ': dict-of-lists BFS (baseline)':<44} {base['p50']:>8.3f} {base['p95']:>8.3f} {base['max']:>8.2f} {1:>9.2f}")
            c = d["canon"]["all"]
            w(f"   {direction + ': LineageGraph.walk(at=today)':<44} {c['p50']:>8.3f} {c['p95']:>8.3f} {c['max']:>8.2f} "
              f"{d['x_dict_p50']:>9.2f}  <= {GOAL_WALK_X:g}x: {verdict(d['x_dict_p50'], GOAL_WALK_X)}")
            a = d["canon_at_none"]["all"]
            w(f"   {direction + ': LineageGraph.walk(at=None)':<44} {a['p50']:>8.3f} {a['p95']:>8.3f} {a['max']:>8.2f} "
              f"{d['x_dict_p50_at_none']:>9.2f}")
            gv = res["walks"]["governed"][direction]["all"]
            w(f"   {direction + ': service.lineage (governed)':<44} {gv['p50']:>8.3f} {gv['p95']:>8.3f} {gv['max']:>8.2f} "
              f"{res['walks']['governed'][direction]['x_dict_p50']:>9.1f}  reported separately "
              f"({res['walks']['governed'][direction]['x_canon_walk_p50']:.0f}x the walk)")
            w(f"   {'':<44} by layer p50 ms, canon / BFS / governed: " + "; ".join(
                f"{layer} {d['canon'][layer]['p50']:.3f} / {d['dict_bfs'][layer]['p50']:.3f} / "
                f"{res['walks']['governed'][direction][layer]['p50']:.2f}" for layer in LAYERS if layer in d["canon"]))
            if d["x_dict_p50"] > GOAL_WALK_X:
                misses.append((f"cProfile of {WALK_PROFILE_REPEAT} walks up and down from every sampled node "
                                f"(walk missed {GOAL_WALK_X:g}x), top by cumulative time:",
                               wk["profile_walks"]))
        w(f"   governed first call (service's own graph load included): {wk['governed_first_call_ms']:.0f} ms")

        w("")
        w("c) one-time graph load and cold CLI")
        gl = wk["graph_load_ms"]
        w(f"   Catalog.lineage_graph, fresh Catalog: p50 {gl['p50']:.0f} ms (runs {', '.join(f'{v:.0f}' for v in gl['runs'])}); "
          f"open catalog {wk['open_catalog_ms']['p50']:.0f} ms; graph RSS +{wk['rss_graph_mb']:.0f} MB")
        gp = wk["graph_load_gc_paused_ms"]
        w(f"   the same load with the cyclic GC paused (diagnostic): p50 {gp['p50']:.0f} ms")
        raw = wk["raw_load_ms"]
        w(f"   floors, same run, raw sqlite3: canon's edge query ({wk['raw_canon_sql_ms']['rows']} rows) "
          f"{wk['raw_canon_sql_ms']['ms']:.0f} ms; (source, target) only {raw['sqlite3_fetch']:.0f} ms, "
          f"+ dict of lists {raw['fetch_and_dict_of_lists']:.0f} ms; graph load = "
          f"{gl['p50'] / raw['fetch_and_dict_of_lists']:.1f}x that")
    cold = res.get("cold")
    if cold:
        w(f"   cold, fresh process wall time, {res['cold_runs']} interleaved runs after one untimed run each:")
        w(f"   {'command':<58} {'p50 s':>7} {'p90 s':>7} {'min s':>7} {'x pass':>7}  goal")
        for name, s in cold["commands"].items():
            goal = ""
            if name.startswith("canon lineage MART"):
                goal = f"<= {GOAL_COLD_S:g} s: " + verdict(s["p50"], GOAL_COLD_S)
                if s["p50"] > GOAL_COLD_S:
                    misses.append(("python -m cProfile of one cold `canon lineage --upstream` (missed "
                                   f"{GOAL_COLD_S:g} s), top by cumulative time:", cold["profile_top"]))
            elif name.startswith("canon lineage"):
                goal = "(reported only)"
            w(f"   {name:<58} {s['p50']:>7.3f} {s['p90']:>7.3f} {s['min']:>7.3f} {s['x_python']:>7.1f}  {goal}")
        for name, a in cold["answers"].items():
            w(f"   {name}: {a['node']}: {a['nodes']} nodes, {a['edges']} edges"
              + ("" if a["as_in_process"] else "  <-- differs from service.lineage in-process"))
        w("   import time by top-level package (-X importtime self, one run, ms): " +
          ", ".join(f"{r['package']} {r['self_ms']:.0f}" for r in cold["importtime"][-1:] + cold["importtime"][:8]))
    if wk:
        if all_profiles:
            misses.append(("cProfile of the governed calls (service.lineage up and down from every sampled node):",
                           wk["profile_governed"]))
            misses.append(("cProfile of one graph load (Catalog.lineage_graph on a fresh Catalog):", wk["profile_graph_load"]))
            if not any("walk" in t for t, _ in misses):
                misses.append(("cProfile of the walks:", wk["profile_walks"]))
            if cold and not any("cold" in t for t, _ in misses):
                misses.append(("python -m cProfile of one cold `canon lineage --upstream`:", cold["profile_top"]))
        elif cold and cold["commands"]["canon lineage MART --upstream"]["p50"] > GOAL_COLD_S:
            misses.append(("cProfile of one graph load (Catalog.lineage_graph on a fresh Catalog; the cold call's "
                           "main cost):", wk["profile_graph_load"]))
    seen = set()
    for title, text in misses:
        if title in seen:
            continue
        seen.add(title)
        print_profile(title, text)


# -- main ----------------------------------------------------------------------------------------------------


def finish(res: dict, args) -> int:
    """Print the report and write the JSON (default results/lineage-<date>.json)."""
    res["loadavg_end"] = os.getloadavg()
    print_report(res, args.all_profiles)
    out = args.out or RESULTS / f"lineage-{res['date']}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(res, indent=2, default=str))
    print(f"\nresults: {out}")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="canon dbt sync / lineage performance benchmark")
    p.add_argument("--nodes", type=int, default=100_000, help="size of the generated graph for b) and c)")
    p.add_argument("--sync-nodes", type=int, default=50_000, help="size of the generated manifest for a)")
    p.add_argument("--rounds", type=int, default=20, help="repeats of every sampled walk (in-process)")
    p.add_argument("--samples", type=int, default=30, help="sampled nodes per layer (mart, intermediate, staging)")
    p.add_argument("--governed-rounds", type=int, default=3)
    p.add_argument("--load-rounds", type=int, default=3, help="graph loads, each on a fresh Catalog")
    p.add_argument("--sync-rounds", type=int, default=2)
    p.add_argument("--cold-runs", type=int, default=5)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--reuse", action="store_true", help="keep an earlier synced catalog of the same N and seed for b/c")
    p.add_argument("--skip-sync", action="store_true", help="skip a) (the spellbook and --sync-nodes syncs)")
    p.add_argument("--skip-cold", action="store_true")
    p.add_argument("--indexed", default="text,governed",
                   help="a) also syncs into a catalog whose search index exists, built by a search in these modes "
                        "(text: text index only; governed: text and vector indexes; 'none' to skip). The 50k "
                        "manifest gets the first mode only")
    p.add_argument("--skip-walks", action="store_true", help="a) only: skip b) and c)")
    p.add_argument("--skip-generated", action="store_true", help="a) without the generated --sync-nodes manifest")
    p.add_argument("--all-profiles", action="store_true", help="print every profile, not only those of missed goals")
    p.add_argument("--profile-top", type=int, default=25)
    p.add_argument("--out", type=Path, help="default: evals/perf/results/lineage-<date>.json")
    p.add_argument("--child-sync", type=Path, help=argparse.SUPPRESS)
    p.add_argument("--keep", type=Path, help=argparse.SUPPRESS)
    p.add_argument("--setup-only", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--profile-goal", type=float, help=argparse.SUPPRESS)
    p.add_argument("--child-walks", type=Path, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.child_sync:
        modes = tuple(m for m in args.indexed.split(",") if m in INDEX_MODES)
        print(json.dumps(child_sync(args.child_sync, args.sync_rounds, args.keep, args.setup_only, args.profile_goal,
                                    args.profile_top, modes), default=str))
        return 0
    if args.child_walks:
        print(json.dumps(child_walks(args.child_walks, args.samples, args.rounds, args.governed_rounds, args.load_rounds,
                                     args.seed, args.profile_top), default=str))
        return 0

    os.chdir(REPO)
    DATA.mkdir(parents=True, exist_ok=True)
    res = {"date": date.today().isoformat(), "machine": machine(), "versions": versions(), "git": git_state(),
           "nodes": args.nodes, "sync_nodes": args.sync_nodes, "seed": args.seed, "sync_rounds": args.sync_rounds,
           "cold_runs": args.cold_runs, "synced_at": SYNCED_AT.isoformat(),
           "goals": {"sync_x_json_load": GOAL_SYNC_X, "walk_p50_x_dict_bfs": GOAL_WALK_X, "cold_lineage_s": GOAL_COLD_S},
           "sync": {}, "loadavg_start": os.getloadavg()}
    common = ["--sync-rounds", str(args.sync_rounds), "--profile-top", str(args.profile_top)]

    def manifest(n: int) -> Path:
        path = gen_manifest.default_path(n, args.seed)
        if not path.exists():
            t0 = time.perf_counter()
            gen_manifest.ensure(n, args.seed, path)
            res.setdefault("generate_s", {})[str(n)] = time.perf_counter() - t0
            print(f"[gen] {path.name}: {path.stat().st_size / 1e6:.0f} MB in {time.perf_counter() - t0:.1f} s", flush=True)
        return path

    if not args.skip_sync:
        if SPELLBOOK.exists():
            print(f"[sync] spellbook-solana ({SPELLBOOK.stat().st_size / 1e6:.0f} MB), {args.sync_rounds} rounds ...", flush=True)
            res["sync"]["spellbook-solana"] = child(["--child-sync", str(SPELLBOOK), "--profile-goal", str(GOAL_SYNC_X),
                                                     "--indexed", args.indexed, *common])
        else:
            res["sync"]["spellbook-solana"] = {"skipped": f"{SPELLBOOK} is absent (../shared/data not on this machine)"}
            print(f"[sync] spellbook-solana skipped: {SPELLBOOK} is absent", flush=True)
    if not args.skip_sync and not args.skip_generated:
        path = manifest(args.sync_nodes)
        print(f"[sync] generated {args.sync_nodes} nodes ({path.stat().st_size / 1e6:.0f} MB), {args.sync_rounds} rounds ...",
              flush=True)
        res["sync"][f"generated {args.sync_nodes} nodes"] = child(
            ["--child-sync", str(path), "--profile-goal", str(GOAL_SYNC_X), "--indexed", args.indexed.split(",")[0],
             *common])

    if args.skip_walks:
        return finish(res, args)
    big = manifest(args.nodes)
    db = DATA / f"lineage-{args.nodes}-s{args.seed}.db"
    marker = Path(str(db) + ".ok")
    if args.reuse and db.exists() and marker.exists():
        print(f"[setup] reusing {db.name} (not re-synced)", flush=True)
    else:
        print(f"[setup] sync of the {args.nodes}-node manifest ({big.stat().st_size / 1e6:.0f} MB) into {db.name} ...",
              flush=True)
        setup = child(["--child-sync", str(big), "--keep", str(db), "--setup-only", "--sync-rounds", "1"])
        setup["setup"] = True
        res["sync"][f"generated {args.nodes} nodes (setup)"] = setup

    print(f"[walks] {args.samples} samples x 3 layers x 2 directions x {args.rounds} rounds; governed x "
          f"{args.governed_rounds} ...", flush=True)
    res["walks"] = child(["--child-walks", str(db), "--samples", str(args.samples), "--rounds", str(args.rounds),
                          "--governed-rounds", str(args.governed_rounds), "--load-rounds", str(args.load_rounds),
                          "--seed", str(args.seed), "--profile-top", str(args.profile_top)])
    if not args.skip_cold:
        print(f"[cold] {args.cold_runs} runs x 4 commands ...", flush=True)
        res["cold"] = bench_cold(db, res["walks"], args.cold_runs, args.profile_top)

    return finish(res, args)


if __name__ == "__main__":
    sys.exit(main())
