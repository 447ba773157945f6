"""The retrieval sheet: is the gold evidence in the top 3 of discovery search?

For each gold suite, every case whose expected `sources` is non-empty is searched with the case's
roles over the suite's corpus (each record as revision 1), by four retrievers:

  text      tantivy BM25 alone                       (untrusted records included, as the dossier's BM25)
  vector    MiniLM cosine alone                      (untrusted records included)
  hybrid    RRF (k=60) of the two                    (untrusted records included)
  governed  hybrid, untrusted excluded, then the governed ranking for the question's reporting
            date or period (read from the question by resolver.dates, relative to the case's as_of)

Every retriever gets the question with its date expressions blanked out, as the resolver reads it
(a date is a reporting-time constraint, not words to match).

A case with `known_at` is searched through the catalog recheck as of that moment (records recorded
later do not exist). Columns: gold evidence objects in the top 3, cases whose complete gold set is
in the top 3, and hits (anywhere in the returned list) the requester may not retrieve: must be 0.

Run: python -m evals.retrieval [-v] [SUITE ...]   (default: dossier telco; -v lists the misses)
"""
from __future__ import annotations

import sys
import tempfile
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from typing import Optional

from catalog.records import EvidenceRecord, Revision, as_utc
from evals.runner import corpus_records, load_suite

MODES = ("text", "vector", "hybrid", "governed")
TOP = 3
LIMIT = 10
# The dossier's own figures (seeds/002): gold in top-3, complete sets; BM25 and governed BM25.
DOSSIER_BASELINE = {"text": (7, 10, 4, 6), "governed": (9, 10, 5, 6)}


@dataclass
class Row:
    mode: str
    gold_hits: int = 0
    gold_total: int = 0
    complete: int = 0
    cases: int = 0
    unauthorized: int = 0
    untrusted: int = 0
    misses: list[str] = field(default_factory=list)


def _date(value) -> date:
    return value if isinstance(value, date) else date.fromisoformat(str(value))


def _moment(value) -> Optional[datetime]:
    if value is None:
        return None
    if isinstance(value, datetime):
        return as_utc(value)
    return as_utc(datetime.fromisoformat(str(value).replace("Z", "+00:00")))


def reporting_time(question: str, as_of: date) -> tuple[str, Optional[date], Optional[tuple[date, date]]]:
    """(the question without its date expressions, the reporting date, the reporting period).

    As the resolver reads a question (resolver.dates): a date or period is a reporting-time
    constraint for the governed ranking, not words to match; no date named means as_of (row 14).
    """
    from resolver.dates import find_time
    from resolver.text import fold

    text = fold(question)
    found = find_time(question, as_of)
    for start, end in found.spans:
        text = text[:start] + " " * (end - start) + text[end:]
    if found.period is not None:
        return text, None, (found.period.start, found.period.end)
    return text, found.reporting_date or as_of, None


def revisions(records: list[EvidenceRecord]) -> list[Revision]:
    epoch = datetime(1970, 1, 1, tzinfo=timezone.utc)
    return [Revision(record=r, revision=1, recorded_at=r.recorded_at or epoch) for r in records]


def run_suite(name: str) -> tuple[dict, list[Row]]:
    from catalog.hybrid import SearchIndexes

    suite, _ = load_suite(name)
    records = corpus_records(suite)
    by_id = {r.evidence_id: r for r in records}
    revs = revisions(records)
    recorded = {r.evidence_id: r.recorded_at for r in revs}
    with tempfile.TemporaryDirectory() as folder:
        idx = SearchIndexes(folder)
        idx.rebuild(revs)
        rows = {m: Row(m) for m in MODES}
        for case in suite["cases"]:
            gold = set(case["expect"].get("sources") or [])
            if not gold:
                continue
            roles = tuple(case.get("roles") or suite.get("roles") or ())
            as_of = _date(case.get("as_of") or suite["as_of"])
            known_at = _moment(case.get("known_at"))
            query, day, period = reporting_time(case["question"], as_of)

            def recheck(ids: list[str], roles=roles, known_at=known_at) -> set[str]:
                """The catalog as known at `known_at`: records recorded later do not exist."""
                return {i for i in ids if i in by_id and set(by_id[i].permissions) & set(roles)
                        and recorded[i] <= known_at}

            for mode in MODES:
                result = idx.search(query, roles, as_of=day, period=period, mode=mode, limit=LIMIT,
                                    recheck=recheck if known_at is not None else None,
                                    exclude_untrusted=(mode == "governed"))
                ids = result.evidence_ids
                row = rows[mode]
                top = set(ids[:TOP])
                row.cases += 1
                row.gold_total += len(gold)
                row.gold_hits += len(gold & top)
                row.complete += gold <= top
                row.unauthorized += sum(1 for i in ids if not set(by_id[i].permissions) & set(roles))
                row.untrusted += sum(1 for i in ids if by_id[i].authority.value == "untrusted")
                if not gold <= top:
                    row.misses.append(f"{case['id']}: missing {sorted(gold - top)}, top3 {ids[:TOP]}")
    return suite, list(rows.values())


def sheet(name: str, rows: list[Row]) -> str:
    lines = [f"RETRIEVAL {name}  (top {TOP}; {rows[0].cases} cases with gold evidence)",
             f"  {'retriever':<10} {'gold in top-3':>15} {'complete sets':>15} {'unauthorized':>13} {'untrusted':>10}"]
    for r in rows:
        lines.append(f"  {r.mode:<10} {r.gold_hits:>6}/{r.gold_total:<3} {r.gold_hits / max(r.gold_total, 1):>5.0%}"
                     f" {r.complete:>6}/{r.cases:<3} {r.complete / max(r.cases, 1):>5.0%}"
                     f" {r.unauthorized:>13} {r.untrusted:>10}")
    if name == "dossier":
        (a, b, c, d), (e, f, g, h) = DOSSIER_BASELINE["text"], DOSSIER_BASELINE["governed"]
        lines.append(f"  dossier's own figures: BM25 {a}/{b}, {c}/{d}; governed BM25 {e}/{f}, {g}/{h} "
                     "(10/10, 6/6 only with hand-coded conflict expansion)")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    names = argv or ["dossier", "telco"]
    verbose = "-v" in names
    names = [n for n in names if n != "-v"] or ["dossier", "telco"]
    failed = False
    for name in names:
        _, rows = run_suite(name)
        print(sheet(name, rows))
        if verbose:
            for r in rows:
                for miss in r.misses:
                    print(f"    {r.mode:<9} {miss}")
        print()
        failed |= any(r.unauthorized for r in rows)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
