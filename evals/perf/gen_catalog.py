"""Generate a large, realistic evidence catalog as JSON Lines (contract.md §1 record format).

    python -m evals.perf.gen_catalog [--records 100000] [--seed 7] [--out PATH]

Deterministic for a given (records, seed). Shapes, at N = 100000:

* ~30k metric entities (0.30 N), each with 1-3 authoritative versions split at boundary dates
  (first of a month): v1 ... vk form a supersedes / superseded_by chain, the last one is current
  and open-ended, the earlier ones superseded with effective_to the day before the boundary.
  A few (0.5%) versions are retracted.
* drafts on ~10% of metric entities (entity_type draft, non_authoritative, superseding the
  current version, effective in the future);
* dbt_model records (0.12 N entities, 1-2 versions each) that the metric versions name in
  model_ids; source_schema / source records (0.06 N) that the metrics name in source_ids;
* lineage records (0.03 N) stating source -> staging -> mart -> metric edges;
* wiki pages (non_authoritative) and untrusted notes filling the rest;
* roles: analytics_readers on ~85% of records, finance, marketing, data_platform, and one
  restricted role, pii_restricted, on ~8% (half of those carry no analytics_readers);
* the 11 records of fixtures/dossier/records.yaml verbatim, so the dossier questions are
  answerable; no generated name collides with a dossier name (the benchmark checks the gold
  answers on the generated catalog).
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[2]
DOSSIER = REPO / "fixtures" / "dossier" / "records.yaml"
DATA = Path(__file__).resolve().parent / "results" / "data"

FIELDS = ("evidence_id", "entity_id", "entity_type", "title", "version", "status", "authority", "owner",
          "effective_from", "effective_to", "recorded_at", "supersedes", "superseded_by", "permissions",
          "aliases", "model_ids", "source_ids", "body")

QUALIFIERS = ["net", "gross", "adjusted", "recurring", "average", "median", "total", "unique", "weighted",
              "blended", "organic", "paid", "new", "returning", "cumulative", "rolling"]
MEASURES = ["bookings", "order value", "orders", "active customers", "churned subscribers", "conversion rate",
            "basket size", "refund amount", "chargeback rate", "shipping cost", "ad spend", "acquisition cost",
            "lifetime value", "retention rate", "support tickets", "resolution time", "page views", "sessions",
            "inventory turnover", "stockout rate", "fulfilment time", "return rate", "discount amount",
            "subscription count", "arpu", "payment failures", "invoice amount", "cash collected",
            "days sales outstanding", "opex", "headcount", "payroll cost", "click through rate", "bounce rate",
            "app installs", "data usage", "roaming minutes", "sms volume", "network availability",
            "call drop rate", "nps score", "csat score", "delivery delay", "warehouse throughput",
            "supplier lead time", "cogs", "contribution", "ebitda", "marketing spend", "leads"]
DIMENSIONS = ["by region", "by channel", "by product line", "by store", "by cohort", "by tariff", "by country",
              "by device", "by campaign", "by segment", "per customer", "per order", "per day", "per week",
              "per month", "per quarter"]
SEGMENTS = ["emea", "apac", "americas", "dach", "nordics", "cee", "retail", "wholesale", "online", "b2b",
            "b2c", "prepaid", "postpaid", "enterprise", "smb", "marketplace"]
DOMAINS = ["finance", "sales", "marketing", "customer", "supply", "product", "telco", "people"]
OWNERS = ["Finance Data", "Revenue Analytics", "Growth Analytics", "Customer Analytics", "Supply Chain BI",
          "Marketing Science", "Data Platform", "People Analytics", "Network Analytics", "FP&A Reporting"]
SYSTEMS = ["raw", "erp", "crm", "billing", "web", "app", "wms", "ads", "hr", "network"]
TABLES = ["orders", "order_lines", "refunds", "chargebacks", "customers", "subscriptions", "invoices",
          "payments", "sessions", "events", "tickets", "shipments", "inventory", "campaigns", "clicks",
          "employees", "cdrs", "tariffs", "products", "stores", "suppliers", "returns", "leads", "installs"]
TEAMS = ["Finance Ops", "Sales Ops", "Customer Care", "Marketing Ops", "Store Operations", "Controlling"]
GRAINS = ["one row per order", "one value per calendar day", "one value per calendar month", "one row per customer",
          "one row per subscription per month", "one row per session", "one value per week"]

RESTRICTED = "pii_restricted"
# node ids of the dossier's lineage: generated records must not extend its graph
DOSSIER_SOURCES = {("raw", "orders"), ("raw", "refunds"), ("raw", "chargebacks")}


def _dossier_records() -> list[dict]:
    data = yaml.safe_load(DOSSIER.read_text(encoding="utf-8"))
    out = []
    for rec in data["records"]:
        out.append({k: (v.isoformat() if isinstance(v, (date, datetime)) else v) for k, v in rec.items()})
    return out


def _permissions(rng: random.Random) -> list[str]:
    if rng.random() < 0.08:
        if rng.random() < 0.5:
            return sorted({RESTRICTED, rng.choice(["finance", "data_platform"])})
        return ["analytics_readers", RESTRICTED]
    roles = set()
    if rng.random() < 0.93:
        roles.add("analytics_readers")
    if rng.random() < 0.30:
        roles.add("finance")
    if rng.random() < 0.15:
        roles.add("marketing")
    if rng.random() < 0.40:
        roles.add("data_platform")
    return sorted(roles or {"data_platform"})


def _month_start(d: date) -> date:
    return d.replace(day=1)


def _add_days(d: date, n: int) -> date:
    return d + timedelta(days=n)


def _stamp(d: date, rng: random.Random, days_before: int) -> str:
    moment = datetime(d.year, d.month, d.day, tzinfo=timezone.utc) - timedelta(
        days=rng.randint(1, days_before), hours=rng.randint(0, 23), minutes=rng.randint(0, 59))
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def _record(**kw) -> dict:
    rec = {f: None for f in FIELDS}
    rec.update({"permissions": [], "aliases": [], "model_ids": [], "source_ids": []})
    rec.update(kw)
    return rec


def _metric_body(name: str, grain: str, version: int, sources: list[str], rng: random.Random) -> str:
    base = rng.choice(["recognized value", "count of distinct events", "sum of settled amounts", "ratio of qualifying events"])
    excl = rng.sample(["VAT and sales tax", "internal test accounts", "cancelled orders", "intercompany transfers",
                       "refunds", "chargebacks", "shipping fees", "promotional credits", "fraud-flagged events"], 2)
    date_col = rng.choice(["order_completed_at", "event_date", "invoice_date", "activation_date", "posting_date"])
    return (f"{name.capitalize()} is the {base} for the {grain}, excluding {excl[0]} and {excl[1]}. "
            f"Version {version} reads {', '.join(sources) or 'no raw source'}. Reporting date is {date_col}. "
            f"Amounts follow the reporting currency conversion table for the reporting date; late-arriving "
            f"records are restated for {rng.choice([3, 7, 14, 30])} days.")


def generate(n: int, seed: int = 7) -> list[dict]:
    rng = random.Random(seed)
    dossier = _dossier_records()
    budget = max(0, n - len(dossier))
    records: list[dict] = []

    # --- sources -------------------------------------------------------------------------------
    n_sources = max(1, int(0.06 * budget))
    sources = []
    seen = set()
    while len(sources) < n_sources:
        system, table = rng.choice(SYSTEMS), rng.choice(TABLES)
        if (system, table) in DOSSIER_SOURCES:
            continue
        suffix = "" if (system, table) not in seen else f"_{len(sources)}"
        seen.add((system, table))
        sources.append(f"source.{system}.{table}{suffix}")
    for i, sid in enumerate(sources):
        start = _month_start(date(2019, 1, 1) + timedelta(days=rng.randint(0, 1500)))
        records.append(_record(
            evidence_id=f"SOURCE.{sid.split('.', 1)[1].upper().replace('.', '_')}",
            entity_id=sid, entity_type=rng.choice(["source_schema", "source"]),
            title=f"{sid.split('.')[-1].replace('_', ' ')} source schema ({sid.split('.')[1]})",
            version="1", status="current", authority="authoritative", owner=rng.choice(OWNERS[6:]),
            effective_from=start.isoformat(), recorded_at=_stamp(start, rng, 10),
            permissions=_permissions(rng), source_ids=[sid],
            body=f"Source unique_id {sid}. Grain: {rng.choice(GRAINS)}. Freshness SLA: warn after "
                 f"{rng.choice([1, 2, 4])} hours; error after {rng.choice([6, 12, 24])} hours."))

    # --- metric names (unique, >= 3 tokens, never a dossier name) ------------------------------
    n_metrics = max(1, int(0.30 * budget))
    names: list[str] = []
    used: set[str] = set()
    while len(names) < n_metrics:
        name = f"{rng.choice(QUALIFIERS)} {rng.choice(MEASURES)} {rng.choice(DIMENSIONS)} {rng.choice(SEGMENTS)}"
        if name in used:
            continue
        used.add(name)
        names.append(name)

    # --- dbt models ----------------------------------------------------------------------------
    n_models = max(1, int(0.12 * budget))
    models: list[tuple[str, int, str]] = []  # (model entity id, versions, metric name it serves)
    for i in range(n_models):
        metric_name = names[i % len(names)]
        slug = metric_name.replace(" ", "_")
        models.append((f"model.{rng.choice(DOMAINS)}.fct_{slug}", rng.choice([1, 1, 2]), metric_name))
    model_by_metric = {m[2]: m for m in models}
    for entity, versions, metric_name in models:
        start = _month_start(date(2019, 6, 1) + timedelta(days=rng.randint(0, 1400)))
        perms = _permissions(rng)
        bounds = [start] + sorted({_month_start(_add_days(start, rng.randint(200, 1800))) for _ in range(versions - 1)})
        ups = rng.sample(sources, min(len(sources), rng.randint(1, 3)))
        for v in range(1, len(bounds) + 1):
            frm = bounds[v - 1]
            to = _add_days(bounds[v], -1) if v < len(bounds) else None
            base = entity.split(".")[-1].upper()
            records.append(_record(
                evidence_id=f"MODEL.{base}.v{v}", entity_id=entity, entity_type="dbt_model",
                title=f"{entity.split('.')[-1]} model v{v} schema", version=str(v),
                status="current" if to is None else "superseded", authority="authoritative",
                owner=rng.choice(OWNERS[6:]), effective_from=frm.isoformat(),
                effective_to=to.isoformat() if to else None, recorded_at=_stamp(frm, rng, 20),
                supersedes=f"MODEL.{base}.v{v - 1}" if v > 1 else None,
                superseded_by=f"MODEL.{base}.v{v + 1}" if to else None,
                permissions=perms, model_ids=[f"{entity}.v{v}"], source_ids=ups,
                body=f"dbt model unique_id {entity}.v{v}. Grain: {rng.choice(GRAINS)}. Builds {metric_name} "
                     f"from {', '.join('stg_' + s.split('.')[1] + '_' + s.split('.')[-1] for s in ups)}. Materialized as an incremental table."))

    # --- metrics: 1-3 versions split at boundary dates, then drafts -------------------------------
    lineage_budget = max(0, int(0.03 * budget))
    lineage_made = 0
    for name in names:
        slug = name.replace(" ", "_")
        entity = f"metric.{slug}"
        base = slug.upper()
        versions = rng.choices([1, 2, 3], weights=[0.45, 0.35, 0.20])[0]
        start = _month_start(date(2019, 1, 1) + timedelta(days=rng.randint(0, 1800)))
        bounds = [start]
        for _ in range(versions - 1):
            bounds.append(_month_start(_add_days(bounds[-1], rng.randint(120, 700))))
        perms = _permissions(rng)
        owner = rng.choice(OWNERS)
        grain = rng.choice(GRAINS)
        abbrev = "".join(w[0] for w in name.split()[:-1]) + " " + name.split()[-1]
        aliases = [slug] + ([abbrev] if rng.random() < 0.4 else [])
        model = model_by_metric.get(name)
        srcs = rng.sample(sources, min(len(sources), rng.randint(1, 3)))
        for v in range(1, versions + 1):
            frm = bounds[v - 1]
            to = _add_days(bounds[v], -1) if v < versions else None
            status = "current" if to is None else "superseded"
            if rng.random() < 0.005:
                status = "retracted"
            mids = [f"{model[0]}.v{min(v, model[1])}"] if model else []
            if v > 1 and rng.random() < 0.5:
                srcs = sorted(set(srcs) | {rng.choice(sources)})
            records.append(_record(
                evidence_id=f"METRIC.{base}.v{v}", entity_id=entity, entity_type="metric_definition",
                title=f"{name.capitalize()} metric v{v}", version=str(v), status=status, authority="authoritative",
                owner=owner, effective_from=frm.isoformat(), effective_to=to.isoformat() if to else None,
                recorded_at=_stamp(frm, rng, 30),
                supersedes=f"METRIC.{base}.v{v - 1}" if v > 1 else None,
                superseded_by=f"METRIC.{base}.v{v + 1}" if to else None,
                permissions=perms, aliases=aliases, model_ids=mids, source_ids=list(srcs),
                body=_metric_body(name, grain, v, srcs, rng)))
        if rng.random() < 0.10:
            frm = _month_start(date(2026, 11, 1) + timedelta(days=rng.randint(0, 400)))
            records.append(_record(
                evidence_id=f"DRAFT.{base}.v{versions + 1}", entity_id=entity, entity_type="draft",
                title=f"Draft {name} v{versions + 1} proposal", version=f"{versions + 1}-draft", status="draft",
                authority="non_authoritative", owner=owner, effective_from=frm.isoformat(),
                recorded_at=_stamp(frm, rng, 90), supersedes=f"METRIC.{base}.v{versions}", permissions=perms,
                body=f"Proposal only. {name.capitalize()} would also include {rng.choice(['shipping fees', 'refunds', 'trial accounts', 'B2B resellers'])} "
                     f"from {frm.isoformat()}. Not approved. Do not use for reporting before approval."))
        if model and lineage_made < lineage_budget:
            lineage_made += 1
            frm = bounds[-1]
            mid = f"{model[0]}.v{model[1]}"
            edges = []
            for s in srcs:
                stg = f"model.staging.stg_{s.split('.')[1]}_{s.split('.')[-1]}"
                edges += [{"from": s, "to": stg}, {"from": stg, "to": mid}]
            edges.append({"from": mid, "to": f"METRIC.{base}.v{versions}"})
            rec = _record(
                evidence_id=f"LINEAGE.{base}.v{versions}", entity_id=f"lineage.{slug}", entity_type="lineage",
                title=f"{name.capitalize()} v{versions} source-to-metric lineage", version=str(versions),
                status="current", authority="authoritative", owner="Data Platform", effective_from=frm.isoformat(),
                recorded_at=_stamp(frm, rng, 10), permissions=perms,
                body="Explicit lineage edges: " + "; ".join(f"{e['from']} -> {e['to']}" for e in edges) + ".")
            rec["edges"] = edges
            records.append(rec)

    # --- wiki pages and untrusted notes fill the rest --------------------------------------------
    i = 0
    while len(records) < budget:
        name = names[i % len(names)]
        i += 1
        slug = name.replace(" ", "_")
        when = date(2018, 1, 1) + timedelta(days=rng.randint(0, 3000))
        if rng.random() < 0.8:
            records.append(_record(
                evidence_id=f"WIKI.{slug.upper()}.{i}", entity_id=f"wiki.{slug}.{i}", entity_type="wiki",
                title=f"How {rng.choice(TEAMS)} reports {name}", version=str(when.year),
                status=rng.choice(["current", "superseded"]), authority="non_authoritative", owner=rng.choice(TEAMS),
                recorded_at=_stamp(when, rng, 5), permissions=_permissions(rng),
                body=f"{name.capitalize()} is taken from the monthly export and adjusted by hand. "
                     f"This page predates the governed metric definition and may be out of date."))
        else:
            records.append(_record(
                evidence_id=f"NOTE.{slug.upper()}.{i}", entity_id=f"note.{slug}.{i}", entity_type="note",
                title=f"Troubleshooting {name}", version="1", status="draft", authority="untrusted", owner="Unknown",
                recorded_at=_stamp(when, rng, 5), permissions=_permissions(rng),
                body=f"Analyst note on {name}: numbers looked off after the last deploy; check the join keys."))
    del records[budget:]
    return records + dossier


def write_jsonl(records: list[dict], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    with tmp.open("w", encoding="utf-8") as handle:
        for rec in records:
            handle.write(json.dumps(rec, ensure_ascii=False) + "\n")
    tmp.replace(path)


def default_path(n: int, seed: int = 7) -> Path:
    return DATA / f"catalog-{n}-s{seed}.jsonl"


def ensure(n: int, seed: int = 7, path: Path | None = None) -> Path:
    """The JSONL for (n, seed), generated unless it is already there."""
    path = path or default_path(n, seed)
    if not path.exists():
        write_jsonl(generate(n, seed), path)
    return path


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--records", type=int, default=100_000)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--out", type=Path, help="default: evals/perf/results/data/catalog-<N>-s<seed>.jsonl")
    args = p.parse_args(argv)
    records = generate(args.records, args.seed)
    out = args.out or default_path(args.records, args.seed)
    write_jsonl(records, out)
    kinds: dict[str, int] = {}
    for r in records:
        kinds[r["entity_type"]] = kinds.get(r["entity_type"], 0) + 1
    restricted = sum(RESTRICTED in r["permissions"] for r in records)
    entities = len({r["entity_id"] for r in records if r["entity_type"] == "metric_definition"})
    print(f"wrote {len(records)} records to {out}")
    print(f"  metric entities {entities}; by type: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    print(f"  {RESTRICTED} on {restricted} records ({restricted / len(records):.1%})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
