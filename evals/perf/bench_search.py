"""Benchmark of discovery search at 100k governed chunks, with baselines in the same run.

    python -m evals.perf.bench_search [--chunks 100000] [--queries 200] [--bm25-queries 100]
                                      [--fts-queries 50] [--seed 11]

Run from the repository root. Steps, in this order:

  1. generate N synthetic governed chunks (deterministic for --seed): Zipf-distributed words over
     a 30k vocabulary, 40-90 words a chunk, dbt-style identifiers on ~20%, statuses, authorities,
     effective intervals; roles: analytics_readers on ~85%, finance on ~45%, restricted on ~8%;
     queries: 2-3 content words of one chunk (not the 100 most frequent words), two in five of
     them wrapped in a question ("which {a} applies to {b} {c}?"), one in five an identifier;
  2. build the tantivy index (catalog.text_index) from scratch as canon builds it: wall time and
     the segment count;
  3. vectors: N random L2-normalized float32 rows (the latency of exact search does not depend on
     where the vectors came from; MiniLM would need ~1 h for 100k paragraphs here), installed
     with catalog.vector_index; install time;
  4. query latency with the permission filter on, per role (8% / 43% / 85% of chunks): text
     (TextIndex.search, limit 10, on the index opened anew for each role, after 20 warm-up
     queries), vector (exact cosine over the permitted rows, limit 10; the per-role row selection
     is built by the first query and reported apart), hybrid and governed (SearchIndexes.search,
     limit 10, including the MiniLM query embedding: the query cache is emptied before every call);
  5. baselines over the same corpus, same run: rank-bm25 (BM25Okapi, pure Python; permissions
     applied to its score array: the same top 10 as scoring only the permitted chunks, since
     both rank-bm25 and tantivy take their term statistics from the whole corpus) on the first
     --bm25-queries queries, and SQLite FTS5 (bm25() ranking, permissions as a join). The ratio
     text / rank-bm25 compares p50s over those same queries, per role;
  6. MiniLM alone: model load, encode throughput at batch 64 on a few hundred paragraph-sized
     chunks and on titles, and one query (batch 1).

Nothing is asserted: goals are printed next to the figures (text >= 250x rank-bm25 per query;
hybrid p50 <= 25 ms). Output: a table on stdout and evals/perf/results/search-<date>.json.
rank-bm25 is a baseline only (pip install rank-bm25), not a project dependency.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import resource
import shutil
import sqlite3
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

import numpy as np

from catalog.chunks import Chunk
from evals.perf.bench_ask import pct

RESULTS = Path(__file__).resolve().parent / "results"
ROLES = {"restricted": 0.08, "finance": 0.43, "analytics_readers": 0.85}
GOAL_TEXT_VS_BM25 = 250.0
GOAL_HYBRID_P50_MS = 25.0
DOMAIN = ("revenue churn order customer refund chargeback shipping fee tax discount invoice payment subscriber "
          "subscription reactivation disconnection margin cost model source staging mart metric definition "
          "lineage grain freshness owner finance marketing policy retention gross net monthly recurring average "
          "active account region product category warehouse column table daily weekly quarterly annual booking "
          "currency conversion rate plan target forecast budget audit approval draft proposal version").split()


QUESTIONS = ("what is the {0} {1} {2}?", "which {0} applies to {1} {2}?", "how do we count {0} in {1} {2}?",
             "where is the {0} {1} {2} defined?", "does {0} include {1} {2}?", "who owns the {0} {1} {2} table?")


def ms(values: list[float]) -> dict:
    return {"p50_ms": round(pct(values, 50) * 1000, 3), "p95_ms": round(pct(values, 95) * 1000, 3), "n": len(values)}


# -- synthetic corpus ---------------------------------------------------------------------------


def vocabulary(rnd: random.Random, size: int = 30_000) -> list[str]:
    syllables = [c + v for c in "bcdfghklmnprstvz" for v in "aeiou"] + ["st", "tr", "pl", "qu", "sh"]
    words = list(DOMAIN)
    seen = set(words)
    while len(words) < size:
        w = "".join(rnd.choice(syllables) for _ in range(rnd.randint(2, 4)))
        if w not in seen:
            seen.add(w)
            words.append(w)
    return words


def make_chunks(n: int, seed: int) -> tuple[list[Chunk], list[str], list[str]]:
    rnd = random.Random(seed)
    rng = np.random.default_rng(seed)
    vocab = vocabulary(rnd)
    weights = 1.0 / np.arange(1, len(vocab) + 1) ** 1.07
    weights /= weights.sum()
    lengths = rng.integers(40, 91, size=n)
    words = rng.choice(len(vocab), size=int(lengths.sum()) + 6 * n, p=weights)
    types = ["metric_definition", "dbt_model", "source", "lineage", "wiki", "draft", "note", "policy", "document"]
    chunks, idents = [], []
    at = 0
    start = date(2023, 1, 1)
    for i in range(n):
        body_ids = words[at: at + lengths[i]]
        at += lengths[i]
        title_ids = words[at: at + rnd.randint(3, 6)]
        at += 6
        body = " ".join(vocab[j] for j in body_ids)
        ident = ()
        if rnd.random() < 0.2:
            name = f"model.{vocab[rnd.randrange(50, 2000)]}.fct_{vocab[rnd.randrange(50, 5000)]}_{i}"
            body += f" Built by {name}."
            ident = (name,)
            idents.append(name)
        perms = tuple(r for r, p in ROLES.items() if rnd.random() < p) or (rnd.choice(("finance", "marketing")),)
        kind = rnd.choice(types)
        authority = "untrusted" if kind == "note" and rnd.random() < 0.5 else (
            "authoritative" if kind in ("metric_definition", "dbt_model", "source", "lineage", "policy") else "non_authoritative")
        status = "draft" if kind == "draft" else rnd.choice(["current", "current", "superseded"])
        eff_from = start + timedelta(days=rnd.randrange(0, 1000)) if rnd.random() < 0.7 else None
        eff_to = eff_from + timedelta(days=rnd.randrange(30, 900)) if eff_from and status == "superseded" else None
        eid = f"EV.{i:06d}"
        chunks.append(Chunk(
            chunk_id=f"{eid}#1#0", evidence_id=eid, revision=1, position=0, entity_id=f"entity.{i % 40000}",
            entity_type=kind, title=" ".join(vocab[j] for j in title_ids).capitalize(), text=body,
            status=status, authority=authority, version="1", effective_from=eff_from, effective_to=eff_to,
            permissions=perms, content_hash=f"sha256:{i:064x}", owner="Bench", identifiers=ident))
    # queries: 2-3 content words of one chunk (not among the 100 most frequent, stop-word-like
    # words of the Zipf vocabulary), or (one in five) an identifier as written
    rank = {w: r for r, w in enumerate(vocab)}
    queries = []
    for q in range(10_000):
        c = chunks[rnd.randrange(n)]
        if q % 5 == 4 and idents:
            queries.append(rnd.choice(idents))
            continue
        words = sorted({w for w in f"{c.title} {c.text}".lower().split() if rank.get(w, 0) >= 100})
        picked = rnd.sample(words, min(len(words), rnd.randint(2, 3)))
        if q % 5 in (1, 3):  # a question, as people ask canon
            picked += [""] * (3 - len(picked))
            queries.append(rnd.choice(QUESTIONS).format(*picked).replace("  ", " "))
        else:
            queries.append(" ".join(picked))
    return chunks, queries, vocab


# -- measurements -------------------------------------------------------------------------------


def kind(query: str) -> str:
    return "identifier" if " " not in query else "question" if query.endswith("?") else "keywords"


def timed(fn, *args, **kwargs):
    t = time.perf_counter()
    out = fn(*args, **kwargs)
    return time.perf_counter() - t, out


def bench_text(open_index, queries: list[str], chunks_by_id: dict, baseline_queries: int) -> dict:
    """Per role: p50/p95 over all queries, and over the first `baseline_queries` (the ones the
    rank-bm25 baseline runs), which the ratio to rank-bm25 is taken on. Each role searches an
    index opened anew (`open_index()`), so no role finds the term look-ups of the roles measured
    before it already made (TextIndex keeps them per reader generation)."""
    out = {}
    for role in ROLES:
        text_index = open_index()
        for q in queries[:20]:  # warm-up
            text_index.search(q, [role], limit=10)
        times, passes, unauthorized, by_kind = [], {}, 0, {}
        for q in queries:
            dt, hits = timed(text_index.search, q, [role], limit=10)
            times.append(dt)
            by_kind.setdefault(kind(q), []).append(dt)
            for h in hits[:1]:
                passes[h.match] = passes.get(h.match, 0) + 1
            unauthorized += sum(1 for h in hits if role not in chunks_by_id[h.chunk_id].permissions)
        out[role] = {**ms(times), "passes": passes, "unauthorized": unauthorized,
                     "by_kind": {k: ms(v) for k, v in sorted(by_kind.items())},
                     "baseline_queries": ms(times[:baseline_queries])}
    return out


def bench_vectors(vector_index, n_queries: int, seed: int) -> dict:
    rng = np.random.default_rng(seed + 1)
    qv = rng.standard_normal((n_queries, 384)).astype(np.float32)
    qv /= np.linalg.norm(qv, axis=1, keepdims=True)
    out = {}
    for role in ROLES:
        first, _ = timed(vector_index.search_vector, qv[0], [role], 10)
        times = [timed(vector_index.search_vector, v, [role], 10)[0] for v in qv]
        rows, _ = vector_index.permitted_rows([role])
        out[role] = {**ms(times), "permitted_rows": int(len(rows)), "first_query_ms": round(first * 1000, 3)}
    from catalog.vector_index import scores_of

    full = vector_index.vectors
    out["all_rows_no_filter"] = ms([timed(lambda v: np.argpartition(-scores_of(full, v), 10)[:10], v)[0]
                                    for v in qv[:50]])
    return out


def bench_hybrid(indexes, queries: list[str]) -> dict:
    out = {}
    for mode in ("hybrid", "governed"):
        for role in ("restricted", "analytics_readers"):
            for q in queries[:5]:
                indexes.search(q, [role], as_of=date(2025, 6, 30), mode=mode, limit=10)
            times = []
            for q in queries:
                indexes.vectors._queries.clear()  # every call pays the query embedding
                times.append(timed(indexes.search, q, [role], date(2025, 6, 30), mode, 10)[0])
            out[f"{mode}/{role}"] = ms(times)
    return out


def bench_rank_bm25(chunks: list[Chunk], queries: list[str]) -> dict:
    try:
        from rank_bm25 import BM25Okapi
    except ImportError:
        return {"skipped": "rank-bm25 is not installed (pip install rank-bm25)"}
    tokenized = [f"{c.title} {c.text}".lower().split() for c in chunks]
    build, bm25 = timed(BM25Okapi, tokenized)
    allowed = {r: np.array([r in c.permissions for c in chunks]) for r in ROLES}
    out = {"build_s": round(build, 2)}
    for role in ("restricted", "analytics_readers"):
        def one(q):
            scores = np.where(allowed[role], bm25.get_scores(q.lower().split()), -np.inf)
            return np.argpartition(-scores, 10)[:10]
        times = [(kind(q), timed(one, q)[0]) for q in queries]
        out[role] = {**ms([t for _, t in times]),
                     "by_kind": {k: ms([t for kk, t in times if kk == k]) for k in sorted({k for k, _ in times})}}
    return out


def bench_fts5(chunks: list[Chunk], queries: list[str], folder: Path) -> dict:
    path = folder / "fts.db"
    con = sqlite3.connect(path)

    def build():
        con.execute("CREATE VIRTUAL TABLE fts USING fts5(title, body, tokenize='porter unicode61')")
        con.execute("CREATE TABLE perm (chunk INTEGER, role TEXT)")
        con.executemany("INSERT INTO fts(rowid, title, body) VALUES (?, ?, ?)",
                        ((i, c.title, c.text) for i, c in enumerate(chunks)))
        con.executemany("INSERT INTO perm VALUES (?, ?)", ((i, r) for i, c in enumerate(chunks) for r in c.permissions))
        con.execute("CREATE INDEX perm_chunk ON perm(chunk, role)")
        con.commit()

    build_s, _ = timed(build)
    sql = ("SELECT m.rowid, m.s FROM (SELECT rowid, bm25(fts, 4.0, 1.0) AS s FROM fts WHERE fts MATCH ?) m "
           "WHERE EXISTS (SELECT 1 FROM perm WHERE perm.chunk = m.rowid AND perm.role = ?) ORDER BY m.s LIMIT 10")
    out = {"build_s": round(build_s, 2)}
    for role in ("restricted", "analytics_readers"):
        def one(q):
            match = " ".join('"' + w.replace('"', "") + '"' for w in q.split())
            return con.execute(sql, (match, role)).fetchall()
        out[role] = ms([timed(one, q)[0] for q in queries])
    con.close()
    return out


def bench_minilm(vocab: list[str], seed: int) -> dict:
    from catalog.vector_index import encode, load_model

    rnd = random.Random(seed)
    load_s, _ = timed(load_model)
    paragraphs = [" ".join(rnd.choice(vocab[:3000]) for _ in range(70)) for _ in range(256)]
    real = [("Revenue is recognized order value excluding VAT and sales tax, less discounts, refunds and "
             "chargebacks. Shipping fees are excluded. Reporting date is order_completed_at. ") * 2] * 64
    titles = [" ".join(rnd.choice(vocab[:3000]) for _ in range(5)) for _ in range(256)]
    encode(titles[:64])  # warm-up
    out = {"model_load_s": round(load_s, 2)}
    for name, texts in (("paragraphs_70_words", paragraphs), ("prose_60_words", real), ("titles_5_words", titles)):
        dt, _ = timed(encode, texts, 64)
        out[f"{name}_per_s"] = round(len(texts) / dt, 1)
    out["query_batch1"] = ms([timed(encode, [f"what is {rnd.choice(vocab[:3000])} {rnd.choice(DOMAIN)}?"])[0]
                              for _ in range(50)])
    return out


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--chunks", type=int, default=100_000)
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--bm25-queries", type=int, default=100)
    ap.add_argument("--fts-queries", type=int, default=50)
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args(argv)
    os.environ["HF_HUB_OFFLINE"] = "1"
    from catalog.hybrid import SearchIndexes
    from catalog.text_index import TextIndex
    from catalog.vector_index import VectorIndex

    report: dict = {"date": date.today().isoformat(), "machine": {"cpus": os.cpu_count(), "python": platform.python_version(),
                                                                 "platform": platform.platform()},
                    "chunks": args.chunks, "seed": args.seed}
    gen_s, (chunks, queries, vocab) = timed(make_chunks, args.chunks, args.seed)
    report["generate_s"] = round(gen_s, 2)
    by_id = {c.chunk_id: c for c in chunks}
    share = {r: round(sum(r in c.permissions for c in chunks) / len(chunks), 3) for r in ROLES}
    report["role_share"] = share
    print(f"{len(chunks)} chunks generated in {gen_s:.1f} s; role shares {share}")

    folder = Path(tempfile.mkdtemp(prefix="canon-bench-search-"))
    try:
        text_index = TextIndex(folder / "text")  # as canon builds it: one writer thread, a budget sized to the batch
        build_s, _ = timed(text_index.upsert, chunks, replace=False)
        report["text_build_s"] = round(build_s, 2)
        report["text_segments"] = text_index.index.searcher().num_segments
        print(f"tantivy build: {build_s:.2f} s ({len(chunks) / build_s:,.0f} chunks/s), "
              f"{report['text_segments']} segment(s)")

        rng = np.random.default_rng(args.seed)
        vectors = rng.standard_normal((len(chunks), 384)).astype(np.float32)
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        vector_index = VectorIndex(folder / "vectors")
        install_s, _ = timed(vector_index.load_vectors, chunks, vectors)
        report["vector_install_s"] = round(install_s, 2)
        print(f"vectors installed (random, normalized, {vectors.nbytes / 1e6:.0f} MB): {install_s:.2f} s")

        qs = queries[: args.queries]
        report["text"] = bench_text(lambda: TextIndex(folder / "text"), qs, by_id, min(args.bm25_queries, len(qs)))
        report["vector"] = bench_vectors(vector_index, args.queries, args.seed)
        report["minilm"] = bench_minilm(vocab, args.seed)
        indexes = SearchIndexes(folder)
        report["hybrid"] = bench_hybrid(indexes, queries[args.queries: 2 * args.queries])
        report["rank_bm25"] = bench_rank_bm25(chunks, queries[: args.bm25_queries])
        report["fts5"] = bench_fts5(chunks, queries[: args.fts_queries], folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    report["max_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
    report["load_average_at_end"] = [round(x, 2) for x in os.getloadavg()]  # other work on the machine

    t, v, h, b, f, m = (report[k] for k in ("text", "vector", "hybrid", "rank_bm25", "fts5", "minilm"))
    ratios = {}
    if "skipped" not in b:
        for role in ("restricted", "analytics_readers"):
            ratios[role] = round(b[role]["p50_ms"] / t[role]["baseline_queries"]["p50_ms"], 1)
    report["text_vs_rank_bm25_p50"] = ratios
    print()
    print(f"{'query latency, limit 10':<44} {'p50 ms':>9} {'p95 ms':>9}")
    for role, share_ in share.items():
        print(f"  text (tantivy), role on {share_:.0%} {'':<14} {t[role]['p50_ms']:>9.3f} {t[role]['p95_ms']:>9.3f}"
              f"   passes {t[role]['passes']} unauthorized {t[role]['unauthorized']}")
    for role, share_ in share.items():
        print(f"  vector (exact, permitted rows), role on {share_:.0%} {v[role]['p50_ms']:>9.3f} {v[role]['p95_ms']:>9.3f}"
              f"   first query (row selection) {v[role]['first_query_ms']} ms")
    print(f"  vector, all rows, no filter {'':<15} {v['all_rows_no_filter']['p50_ms']:>9.3f} {v['all_rows_no_filter']['p95_ms']:>9.3f}")
    for key, val in h.items():
        print(f"  {key + ' (incl. query embedding)':<42} {val['p50_ms']:>9.3f} {val['p95_ms']:>9.3f}")
    if "skipped" in b:
        print(f"  rank-bm25: {b['skipped']}")
    else:
        for role in ("restricted", "analytics_readers"):
            print(f"  rank-bm25 baseline, {role:<22} {b[role]['p50_ms']:>9.1f} {b[role]['p95_ms']:>9.1f}   build {b['build_s']} s")
    for role in ("restricted", "analytics_readers"):
        print(f"  SQLite FTS5 baseline, {role:<21} {f[role]['p50_ms']:>9.2f} {f[role]['p95_ms']:>9.2f}   build {f['build_s']} s")
    print(f"  MiniLM one query (batch 1) {'':<16} {m['query_batch1']['p50_ms']:>9.2f} {m['query_batch1']['p95_ms']:>9.2f}")
    print()
    print(f"MiniLM: load {m['model_load_s']} s; encode/s at batch 64: paragraphs (70 words) {m['paragraphs_70_words_per_s']}, "
          f"prose (60 words) {m['prose_60_words_per_s']}, titles {m['titles_5_words_per_s']}")
    print(f"build: tantivy {report['text_build_s']} s, vectors install {report['vector_install_s']} s; "
          f"max RSS {report['max_rss_mb']} MB; load average {report['load_average_at_end']} on {os.cpu_count()} cores")
    if ratios:
        print(f"text vs rank-bm25, per query p50 over the same {b['analytics_readers']['n']} queries: {ratios}  "
              f"(goal >= {GOAL_TEXT_VS_BM25:.0f}x); text p50 over those: "
              f"{ {r: t[r]['baseline_queries']['p50_ms'] for r in ratios} } ms")
        for k, val in b["analytics_readers"]["by_kind"].items():
            tk = t["analytics_readers"]["by_kind"].get(k)
            if tk:
                print(f"  {k:<11} text p50 {tk['p50_ms']:.3f} ms, rank-bm25 p50 {val['p50_ms']:.1f} ms: "
                      f"{val['p50_ms'] / tk['p50_ms']:.0f}x (role on 85%)")
    print(f"hybrid p50 incl. embedding: {h['hybrid/analytics_readers']['p50_ms']} ms on 85%, "
          f"{h['hybrid/restricted']['p50_ms']} ms on 8%  (goal <= {GOAL_HYBRID_P50_MS} ms)")
    RESULTS.mkdir(parents=True, exist_ok=True)
    out = RESULTS / f"search-{date.today().isoformat()}.json"
    out.write_text(json.dumps(report, indent=2), encoding="utf-8")
    print(f"written {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
