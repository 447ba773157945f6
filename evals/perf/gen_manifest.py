"""Generate a large, realistic dbt manifest (schema v12, as dbt-core 1.11 writes it).

    python -m evals.perf.gen_manifest [--nodes 50000] [--seed 7] [--tests-per-model 0] [--out PATH]

Deterministic for a given (nodes, seed, tests-per-model): the same arguments give the same bytes.
N counts the lineage nodes: sources + seeds + models + exposures (what canon's graph holds).
Data tests are extra (default none, see below). Shape at any N:

* one project (`acme_analytics`, adapter snowflake) split into domains of ~400 nodes each
  (finance, sales, marketing, ...), each with its own folders, schemas and dbt group;
* layers, by share of N: sources 15% (grouped into source blocks of 4-15 tables), seeds 1%,
  staging 28%, intermediate 28% (three sub-levels), marts 26% (dims ~8%, facts ~18%),
  exposures 2%;
* edges always point from a lower layer (or a lower intermediate sub-level, or a dim into a fact)
  to a higher one, so there is no cycle; fan-in: staging 1-2 (a source, sometimes a seed or a
  second table), intermediate, marts and exposures 1-5 (weights 25/30/25/12/8%); 10% of the
  parents of intermediate models and marts come from another domain;
* every node carries the fields dbt writes (fqn, checksum, full config, unrendered_config,
  raw_code, compiled_code, columns with types and descriptions, refs/sources, depends_on with
  macros, contract, access, group, ...), ~4.5 KB per node, like a documented real project;
* governance in the documented meta convention: ~3% of marts are restricted
  (`meta.canon.permissions: [finance_restricted]`, no analytics_readers) and ~10% of facts are
  `authority: authoritative`;
* parent_map and child_map over every node, sorted, as dbt writes them; macros, docs, groups,
  group_map and the empty v12 collections.

`--tests-per-model F` adds F generic data tests (not_null/unique) per model on average. They
are not lineage (canon skips them) but they are most of a real manifest's entries (spellbook-solana:
532 tests, 262 models); the benchmark uses 0, so every generated entry is work for canon and the
ratio to json.load is the conservative one.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import uuid
from pathlib import Path

DATA = Path(__file__).resolve().parent / "results" / "data"
PROJECT = "acme_analytics"
DATABASE = "analytics"
RAW_DATABASE = "raw"
SCHEMA_URL = "https://schemas.getdbt.com/dbt/manifest/v12.json"
DBT_VERSION = "1.11.2"
CREATED_AT = 1795000000.0
DOMAIN_SIZE = 400

SHARES = (("source", 0.15), ("seed", 0.01), ("staging", 0.28), ("intermediate", 0.28), ("dim", 0.08),
          ("fact", 0.18), ("exposure", 0.02))
FAN_IN = ((1, 25), (2, 30), (3, 25), (4, 12), (5, 8))
CROSS_DOMAIN = 0.10
RESTRICTED_MARTS = 0.03
AUTHORITATIVE_FACTS = 0.10

DOMAINS = ["finance", "sales", "marketing", "customer", "supply", "product", "billing", "support", "people",
           "risk", "web", "mobile", "payments", "logistics", "inventory", "partners", "pricing", "growth"]
NOUNS = ["orders", "customers", "payments", "invoices", "sessions", "events", "products", "shipments", "refunds",
         "subscriptions", "accounts", "campaigns", "tickets", "users", "transactions", "stores", "suppliers",
         "contracts", "leads", "returns", "carts", "coupons", "devices", "plans", "employees", "budgets"]
VERBS = ["joined", "enriched", "aggregated", "deduped", "pivoted", "unioned", "filtered", "windowed", "scored",
         "mapped"]
COLUMNS = [("id", "varchar"), ("created_at", "timestamp_ntz"), ("updated_at", "timestamp_ntz"), ("status", "varchar"),
           ("amount", "number(38,2)"), ("currency", "varchar(3)"), ("quantity", "integer"), ("country_code", "varchar(2)"),
           ("channel", "varchar"), ("is_active", "boolean"), ("customer_id", "varchar"), ("order_id", "varchar"),
           ("product_id", "varchar"), ("region", "varchar"), ("discount", "number(38,2)"), ("tax_amount", "number(38,2)"),
           ("event_date", "date"), ("source_system", "varchar"), ("_loaded_at", "timestamp_ntz"), ("score", "float")]
MACROS = ["generate_schema_name", "generate_alias_name", "cents_to_dollars", "safe_divide", "surrogate_key",
          "date_spine", "union_relations", "star", "get_column_values", "pivot", "deduplicate", "is_incremental",
          "incremental_predicate", "grant_select", "audit_columns", "limit_in_dev", "test_not_null", "test_unique",
          "test_accepted_values", "test_relationships"]
OWNERS = [("Finance Data", "finance-data@acme.example"), ("Revenue Analytics", "revenue@acme.example"),
          ("Growth Analytics", "growth@acme.example"), ("Customer Analytics", "customer@acme.example"),
          ("Supply Chain BI", "supply@acme.example"), ("Data Platform", "platform@acme.example")]


def default_path(n: int, seed: int = 7, tests_per_model: float = 0.0) -> Path:
    tests = f"-t{tests_per_model:g}" if tests_per_model else ""
    return DATA / f"manifest-{n}-s{seed}{tests}.json"


def ensure(n: int, seed: int = 7, path: Path | None = None, tests_per_model: float = 0.0) -> Path:
    path = path or default_path(n, seed, tests_per_model)
    if not path.exists():
        write(generate(n, seed, tests_per_model), path)
    return path


def write(manifest: dict, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(manifest), encoding="utf-8")  # dbt's separators, no indent
    tmp.replace(path)


# -- helpers ---------------------------------------------------------------------------------------


def _counts(n: int) -> dict[str, int]:
    counts = {layer: int(n * share) for layer, share in SHARES}
    counts["fact"] += n - sum(counts.values())  # rounding remainder
    if n >= 20:
        for layer in counts:  # every layer present, so the shape holds at small N too
            if counts[layer] == 0:
                counts[layer] = 1
                counts["fact"] -= 1
    return counts


def _split(total: int, parts: int) -> list[int]:
    base, extra = divmod(total, parts)
    return [base + (1 if i < extra else 0) for i in range(parts)]


def _fan_in(rng: random.Random, low: int = 1, high: int = 5) -> int:
    choices = [k for k, _ in FAN_IN if low <= k <= high]
    weights = [w for k, w in FAN_IN if low <= k <= high]
    return rng.choices(choices, weights)[0]


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _columns(rng: random.Random, noun: str, low: int, high: int, described: bool) -> dict:
    key = noun.rstrip("s") + "_id"
    picked = [(key, "varchar")] + rng.sample(COLUMNS[1:], rng.randint(low, high) - 1)
    out = {}
    for name, dtype in picked:
        out[name] = {
            "name": name,
            "description": (f"The {name.replace('_', ' ')} of the {noun.rstrip('s')}." if described else ""),
            "meta": {}, "data_type": dtype, "constraints": [], "quote": None, "config": {"meta": {}, "tags": []},
            "tags": [], "granularity": None, "doc_blocks": [],
        }
    return out


def _model_config(layer: str, rng: random.Random, group: str | None, meta: dict, tags: list[str], alias: str,
                  schema: str) -> dict:
    materialized = {"staging": "view", "intermediate": "ephemeral" if rng.random() < 0.2 else "view",
                    "dim": "table", "fact": "incremental"}[layer]
    return {
        "enabled": True, "alias": alias, "schema": schema, "database": None, "tags": tags, "meta": meta,
        "group": group, "materialized": materialized,
        "incremental_strategy": "merge" if materialized == "incremental" else None,
        "batch_size": None, "lookback": 1, "begin": None, "persist_docs": {}, "post-hook": [], "pre-hook": [],
        "quoting": {}, "column_types": {}, "full_refresh": None,
        "unique_key": "id" if materialized == "incremental" else None,
        "on_schema_change": "append_new_columns" if materialized == "incremental" else "ignore",
        "on_configuration_change": "apply", "grants": {"select": ["reporter"]} if layer in ("dim", "fact") else {},
        "packages": [], "docs": {"show": True, "node_color": None},
        "contract": {"enforced": layer in ("dim", "fact") and rng.random() < 0.3, "alias_types": True},
        "event_time": None, "concurrent_batches": None, "access": "public" if layer in ("dim", "fact") else "protected",
        "freshness": None, "static_analysis": None,
    }


# -- the generator -----------------------------------------------------------------------------------


def generate(n: int, seed: int = 7, tests_per_model: float = 0.0) -> dict:
    """A manifest v12 dict with n lineage nodes (see module docstring)."""
    if n < 1:
        raise ValueError("n must be at least 1")
    rng = random.Random(seed)
    counts = _counts(n)
    n_domains = max(1, round(n / DOMAIN_SIZE))
    domains = [DOMAINS[i % len(DOMAINS)] + (f"_{i // len(DOMAINS) + 1}" if i >= len(DOMAINS) else "")
               for i in range(n_domains)]
    per_domain = {layer: _split(count, n_domains) for layer, count in counts.items()}
    created = [CREATED_AT]

    def stamp() -> float:
        created[0] += 0.0003
        return round(created[0], 6)

    nodes: dict[str, dict] = {}
    sources: dict[str, dict] = {}
    exposures: dict[str, dict] = {}
    parents: dict[str, list[str]] = {}
    groups: dict[str, dict] = {}
    group_map: dict[str, list[str]] = {}
    # pools per domain, per layer (ids), for parent choice; plus name of each id for refs
    pools: dict[str, dict[str, list[str]]] = {d: {} for d in domains}
    names: dict[str, str] = {}
    source_ref: dict[str, tuple[str, str]] = {}
    relations: dict[str, str] = {}

    def pool(domain: str, *layers: str) -> list[str]:
        return [u for layer in layers for u in pools[domain].get(layer, [])]

    def pick_parents(domain: str, layers: tuple[str, ...], k: int, fallback: tuple[str, ...] = ()) -> list[str]:
        chosen: list[str] = []
        local = pool(domain, *layers) or pool(domain, *fallback)
        for _ in range(k * 3):
            if len(chosen) >= k:
                break
            if rng.random() < CROSS_DOMAIN and len(domains) > 1:
                other = domains[rng.randrange(len(domains))]
                candidates = pool(other, *layers) or pool(other, *fallback)
            else:
                candidates = local
            if not candidates:
                continue
            p = candidates[rng.randrange(len(candidates))]
            if p not in chosen:
                chosen.append(p)
        return chosen

    for di, domain in enumerate(domains):
        owner_name, owner_email = OWNERS[di % len(OWNERS)]
        group = f"{domain}"
        gid = f"group.{PROJECT}.{group}"
        groups[gid] = {"name": group, "resource_type": "group", "package_name": PROJECT, "path": "groups.yml",
                       "original_file_path": "models/groups.yml", "unique_id": gid,
                       "owner": {"email": owner_email, "name": owner_name}, "description": f"{domain} domain", "config": {"meta": {}}}
        group_map[group] = []

        # sources: blocks of 4-15 tables under one source name
        left = per_domain["source"][di]
        block = 0
        while left > 0:
            size = min(left, rng.randint(4, 15))
            source_name = f"{domain}_raw_{block}"
            loader = rng.choice(["fivetran", "airbyte", "stitch", "custom"])
            for t in range(size):
                noun = NOUNS[rng.randrange(len(NOUNS))]
                table = f"{noun}_{block}_{t}"
                uid = f"source.{PROJECT}.{source_name}.{table}"
                warn = rng.choice([6, 12, 24])
                sources[uid] = {
                    "database": RAW_DATABASE, "schema": source_name, "name": table, "resource_type": "source",
                    "package_name": PROJECT, "path": f"models/staging/{domain}/_{domain}__sources.yml",
                    "original_file_path": f"models/staging/{domain}/_{domain}__sources.yml", "unique_id": uid,
                    "fqn": [PROJECT, "staging", domain, source_name, table], "source_name": source_name,
                    "source_description": f"Raw {domain} tables loaded by {loader}", "loader": loader,
                    "identifier": table,
                    "quoting": {"database": None, "schema": None, "identifier": None, "column": None},
                    "loaded_at_field": "_loaded_at", "loaded_at_query": None,
                    "freshness": {"warn_after": {"count": warn, "period": "hour"},
                                  "error_after": {"count": warn * 2, "period": "hour"}, "filter": None},
                    "external": None, "description": f"Raw {noun} from the {domain} system.",
                    "columns": _columns(rng, noun, 3, 6, described=rng.random() < 0.5), "meta": {}, "source_meta": {},
                    "tags": [domain, "raw"],
                    "config": {"enabled": True, "event_time": None,
                               "freshness": {"warn_after": {"count": warn, "period": "hour"},
                                             "error_after": {"count": warn * 2, "period": "hour"}, "filter": None},
                               "loaded_at_field": "_loaded_at", "loaded_at_query": None, "meta": {}, "tags": [],
                               "static_analysis": None},
                    "patch_path": None, "unrendered_config": {"loaded_at_field": "_loaded_at", "meta": {}, "tags": []},
                    "relation_name": f"{RAW_DATABASE}.{source_name}.{table}", "created_at": stamp(),
                    "unrendered_database": None, "unrendered_schema": None, "doc_blocks": [],
                }
                parents[uid] = []
                pools[domain].setdefault("source", []).append(uid)
                source_ref[uid] = (source_name, table)
                relations[uid] = f"{RAW_DATABASE}.{source_name}.{table}"
            left -= size
            block += 1

        # seeds
        for k in range(per_domain["seed"][di]):
            name = f"{domain}_{NOUNS[rng.randrange(len(NOUNS))]}_mapping_{k}"
            uid = f"seed.{PROJECT}.{name}"
            schema = f"{domain}_seeds"
            csv_text = "code,label\n" + "\n".join(f"c{i},label {i}" for i in range(5))
            nodes[uid] = {
                "database": DATABASE, "schema": schema, "name": name, "resource_type": "seed", "package_name": PROJECT,
                "path": f"{domain}/{name}.csv", "original_file_path": f"seeds/{domain}/{name}.csv", "unique_id": uid,
                "fqn": [PROJECT, domain, name], "alias": name, "checksum": {"name": "sha256", "checksum": _sha(csv_text)},
                "config": {"enabled": True, "alias": None, "schema": schema, "database": None, "tags": [], "meta": {},
                           "group": None, "materialized": "seed", "delimiter": ",", "column_types": {},
                           "quote_columns": None, "persist_docs": {}, "post-hook": [], "pre-hook": [], "quoting": {},
                           "full_refresh": None, "grants": {}, "packages": [], "docs": {"show": True, "node_color": None},
                           "contract": {"enforced": False, "alias_types": True}, "event_time": None},
                "tags": [], "description": f"Mapping of {domain} codes to labels.", "columns": {}, "meta": {},
                "group": None, "docs": {"show": True, "node_color": None}, "patch_path": None, "build_path": None,
                "unrendered_config": {"schema": schema}, "created_at": stamp(),
                "relation_name": f"{DATABASE}.{schema}.{name}", "raw_code": "", "doc_blocks": [],
                "root_path": "/home/dbt/acme_analytics", "depends_on": {"macros": []},
            }
            parents[uid] = []
            pools[domain].setdefault("seed", []).append(uid)
            names[uid] = name
            relations[uid] = f"{DATABASE}.{schema}.{name}"

    def add_model(domain: str, layer: str, name: str, noun: str, ps: list[str], level: int = 0) -> str:
        uid = f"model.{PROJECT}.{name}"
        folder = {"staging": "staging", "intermediate": "intermediate", "dim": "marts", "fact": "marts"}[layer]
        schema = f"{folder}_{domain}"
        alias = name
        tags = [domain, folder] + (["pii"] if rng.random() < 0.05 else [])
        meta: dict = {}
        if layer in ("dim", "fact") and rng.random() < RESTRICTED_MARTS:
            meta = {"canon": {"permissions": ["finance_restricted"]}}
        elif layer == "fact" and rng.random() < AUTHORITATIVE_FACTS:
            meta = {"canon": {"authority": "authoritative"}}
        group = domain if layer in ("dim", "fact") else None
        config = _model_config(layer, rng, group, meta, tags, alias, schema)
        refs, srcs, from_lines, compiled_from = [], [], [], []
        for i, p in enumerate(ps):
            if p in source_ref:
                sname, table = source_ref[p]
                srcs.append([sname, table])
                from_lines.append(f"    select * from {{{{ source('{sname}', '{table}') }}}}")
            else:
                refs.append({"name": names[p], "package": None, "version": None})
                from_lines.append(f"    select * from {{{{ ref('{names[p]}') }}}}")
            compiled_from.append(f"    select * from {relations.get(p, names.get(p, p))}")
        marts = layer in ("dim", "fact")
        columns = _columns(rng, noun, 4 if marts else 3, 10 if marts else 6, described=marts or rng.random() < 0.3)
        cols = ",\n        ".join(columns)
        ctes = ",\n".join(f"p{i} as (\n{line}\n)" for i, line in enumerate(from_lines))
        ctes_c = ",\n".join(f"p{i} as (\n{line}\n)" for i, line in enumerate(compiled_from))
        joins = "\n".join(f"    left join p{i} using ({noun.rstrip('s')}_id)" for i in range(1, len(ps)))
        header = ("{{\n  config(\n    materialized = '" + config["materialized"] + "'"
                  + (",\n    unique_key = 'id'" if config["unique_key"] else "") + "\n  )\n}}\n\n")
        body = (f",\nfinal as (\n    select\n        {cols}\n    from p0\n{joins}\n)\nselect * from final\n"
                + ("{% if is_incremental() %}\nwhere updated_at > (select max(updated_at) from {{ this }})\n{% endif %}\n"
                   if config["materialized"] == "incremental" else ""))
        raw = header + "with " + ctes + body
        compiled = "with " + ctes_c + body.replace("{% if is_incremental() %}", "").replace("{% endif %}", "").replace(
            "{{ this }}", f"{DATABASE}.{schema}.{alias}")
        macros = sorted({f"macro.{PROJECT}.{m}" for m in rng.sample(MACROS[:16], rng.randint(0, 3))}
                        | ({"macro.dbt.is_incremental"} if config["materialized"] == "incremental" else set()))
        ephemeral = config["materialized"] == "ephemeral"
        relation = None if ephemeral else f"{DATABASE}.{schema}.{alias}"
        nodes[uid] = {
            "database": DATABASE, "schema": schema, "name": name, "resource_type": "model", "package_name": PROJECT,
            "path": f"{folder}/{domain}/{name}.sql", "original_file_path": f"models/{folder}/{domain}/{name}.sql",
            "unique_id": uid, "fqn": [PROJECT, folder, domain, name], "alias": alias,
            "checksum": {"name": "sha256", "checksum": _sha(raw)}, "config": config, "tags": tags,
            "description": f"{layer.capitalize()} model of {domain} {noun}" + (f" (level {level})" if level else "") + ".",
            "columns": columns, "meta": meta, "group": group, "docs": {"show": True, "node_color": None},
            "patch_path": f"{PROJECT}://models/{folder}/{domain}/_{domain}__models.yml", "build_path": None,
            "unrendered_config": {"materialized": config["materialized"], "schema": schema},
            "created_at": stamp(), "relation_name": relation, "raw_code": raw, "doc_blocks": [], "language": "sql",
            "refs": refs, "sources": srcs, "metrics": [], "functions": [],
            "depends_on": {"macros": macros, "nodes": sorted(ps)},
            "compiled_path": f"target/compiled/{PROJECT}/models/{folder}/{domain}/{name}.sql", "compiled": True,
            "compiled_code": compiled, "extra_ctes_injected": True, "extra_ctes": [],
            "contract": {"enforced": config["contract"]["enforced"], "alias_types": True, "checksum": None},
            "access": config["access"], "constraints": [], "version": None, "latest_version": None,
            "deprecation_date": None, "primary_key": [f"{noun.rstrip('s')}_id"], "time_spine": None,
        }
        parents[uid] = sorted(ps)
        pools[domain].setdefault(layer if layer != "intermediate" else f"int{level}", []).append(uid)
        names[uid] = name
        if relation:
            relations[uid] = relation
        if group:
            group_map[group].append(uid)
        return uid

    for di, domain in enumerate(domains):
        for k in range(per_domain["staging"][di]):
            noun = NOUNS[rng.randrange(len(NOUNS))]
            ps = pick_parents(domain, ("source",), 1)
            if rng.random() < 0.15:  # a second table of the same system, or a mapping seed
                ps += [p for p in pick_parents(domain, ("seed", "source"), 1) if p not in ps]
            add_model(domain, "staging", f"stg_{domain}__{noun}_{k}", noun, ps)
    for di, domain in enumerate(domains):
        total = per_domain["intermediate"][di]
        for level, count in zip((1, 2, 3), _split(total, 3)):
            lower = ("staging",) + tuple(f"int{l}" for l in range(1, level))
            for k in range(count):
                noun = NOUNS[rng.randrange(len(NOUNS))]
                verb = VERBS[rng.randrange(len(VERBS))]
                ps = pick_parents(domain, lower, _fan_in(rng), fallback=("source",))
                add_model(domain, "intermediate", f"int_{domain}__{noun}_{verb}_{level}_{k}", noun, ps, level)
    for di, domain in enumerate(domains):
        for k in range(per_domain["dim"][di]):
            noun = NOUNS[rng.randrange(len(NOUNS))]
            ps = pick_parents(domain, ("int1", "int2", "int3", "staging"), _fan_in(rng, 1, 3), fallback=("source",))
            add_model(domain, "dim", f"dim_{domain}__{noun}_{k}", noun, ps)
    for di, domain in enumerate(domains):
        for k in range(per_domain["fact"][di]):
            noun = NOUNS[rng.randrange(len(NOUNS))]
            ps = pick_parents(domain, ("int2", "int3", "int1"), _fan_in(rng) - 1, fallback=("staging", "source"))
            ps += [p for p in pick_parents(domain, ("dim",), 1, fallback=("staging", "source")) if p not in ps]
            add_model(domain, "fact", f"fct_{domain}__{noun}_{k}", noun, ps)
    for di, domain in enumerate(domains):
        for k in range(per_domain["exposure"][di]):
            ps = pick_parents(domain, ("fact", "dim"), _fan_in(rng), fallback=("staging", "source"))
            name = f"{domain}_dashboard_{k}"
            uid = f"exposure.{PROJECT}.{name}"
            owner_name, owner_email = OWNERS[di % len(OWNERS)]
            exposures[uid] = {
                "name": name, "resource_type": "exposure", "package_name": PROJECT,
                "path": f"marts/{domain}/_{domain}__exposures.yml",
                "original_file_path": f"models/marts/{domain}/_{domain}__exposures.yml", "unique_id": uid,
                "fqn": [PROJECT, "marts", domain, name], "type": rng.choice(["dashboard", "notebook", "application"]),
                "owner": {"email": owner_email, "name": owner_name},
                "description": f"{domain.capitalize()} dashboard {k}.", "label": f"{domain.capitalize()} dashboard {k}",
                "maturity": rng.choice(["high", "medium", "low"]), "meta": {}, "tags": [domain],
                "config": {"enabled": True, "tags": [], "meta": {}}, "unrendered_config": {},
                "url": f"https://bi.acme.example/dashboards/{domain}/{k}",
                "depends_on": {"macros": [], "nodes": sorted(ps)},
                "refs": [{"name": names[p], "package": None, "version": None} for p in ps if p in names],
                "sources": [list(source_ref[p]) for p in ps if p in source_ref], "metrics": [],
                "created_at": stamp(),
            }
            parents[uid] = sorted(ps)

    # data tests (optional): not lineage, but most entries of a real manifest
    models = [u for u in nodes if u.startswith("model.")]
    n_tests = int(round(len(models) * tests_per_model))
    for t in range(n_tests):
        model = models[t % len(models)] if t < len(models) else models[rng.randrange(len(models))]
        column = next(iter(nodes[model]["columns"]))
        kind = "not_null" if t % 2 == 0 else "unique"
        name = f"{kind}_{names[model]}_{column}"
        suffix = _sha(f"{name}:{t}")[:10]
        uid = f"test.{PROJECT}.{name}.{suffix}"
        nodes[uid] = {
            "database": DATABASE, "schema": "dbt_test__audit", "name": name, "resource_type": "test",
            "package_name": PROJECT, "path": f"{name}.sql", "original_file_path": nodes[model]["patch_path"].split("://")[-1],
            "unique_id": uid, "fqn": [PROJECT, *nodes[model]["fqn"][1:-1], name], "alias": name,
            "checksum": {"name": "none", "checksum": ""},
            "config": {"enabled": True, "alias": None, "schema": "dbt_test__audit", "database": None, "tags": [],
                       "meta": {}, "group": None, "materialized": "test", "severity": "ERROR", "store_failures": None,
                       "store_failures_as": None, "where": None, "limit": None, "fail_calc": "count(*)",
                       "warn_if": "!= 0", "error_if": "!= 0"},
            "tags": [], "description": "", "columns": {}, "meta": {}, "group": None,
            "docs": {"show": True, "node_color": None}, "patch_path": None, "build_path": None,
            "unrendered_config": {}, "created_at": stamp(), "relation_name": None,
            "raw_code": f"{{{{ test_{kind}(**_dbt_generic_test_kwargs) }}}}", "doc_blocks": [], "language": "sql",
            "refs": [{"name": names[model], "package": None, "version": None}], "sources": [], "metrics": [],
            "functions": [], "depends_on": {"macros": [f"macro.dbt.test_{kind}"], "nodes": [model]},
            "compiled_path": None, "contract": {"enforced": False, "alias_types": True, "checksum": None},
            "column_name": column, "file_key_name": f"models.{names[model]}", "attached_node": model,
            "test_metadata": {"name": kind, "kwargs": {"column_name": column,
                                                       "model": f"{{{{ get_where_subquery(ref('{names[model]}')) }}}}"},
                              "namespace": None},
        }
        parents[uid] = [model]

    children: dict[str, list[str]] = {u: [] for u in parents}
    for child, ps in parents.items():
        for p in ps:
            children[p].append(child)
    macros = {}
    for name in MACROS:
        uid = f"macro.{PROJECT}.{name}"
        macros[uid] = {"name": name, "resource_type": "macro", "package_name": PROJECT, "path": f"macros/{name}.sql",
                       "original_file_path": f"macros/{name}.sql", "unique_id": uid,
                       "macro_sql": f"{{% macro {name}() %}}\n  -- {name}\n{{% endmacro %}}",
                       "depends_on": {"macros": []}, "description": "", "meta": {}, "docs": {"show": True, "node_color": None},
                       "patch_path": None, "arguments": [], "created_at": CREATED_AT, "supported_languages": None}
    docs = {f"doc.{PROJECT}.__overview__": {"name": "__overview__", "resource_type": "doc", "package_name": PROJECT,
                                            "path": "overview.md", "original_file_path": "models/overview.md",
                                            "unique_id": f"doc.{PROJECT}.__overview__",
                                            "block_contents": "Generated benchmark project."}}
    invocation = str(uuid.UUID(int=random.Random(seed * 7919 + n).getrandbits(128), version=4))
    return {
        "metadata": {
            "dbt_schema_version": SCHEMA_URL, "dbt_version": DBT_VERSION, "generated_at": "2026-11-01T06:00:00.000000Z",
            "invocation_id": invocation, "invocation_started_at": "2026-11-01T05:58:12.000000Z", "env": {},
            "project_name": PROJECT, "project_id": _sha(PROJECT)[:32], "user_id": None,
            "send_anonymous_usage_stats": False, "adapter_type": "snowflake",
            "quoting": {"database": False, "schema": False, "identifier": False, "column": None},
            "run_started_at": "2026-11-01T05:58:12.100000+00:00",
        },
        "nodes": nodes, "sources": sources, "macros": macros, "docs": docs, "exposures": exposures, "metrics": {},
        "groups": groups, "selectors": {}, "disabled": {},
        "parent_map": {u: parents[u] for u in sorted(parents)},
        "child_map": {u: sorted(children[u]) for u in sorted(children)},
        "group_map": group_map, "saved_queries": {}, "semantic_models": {}, "unit_tests": {}, "functions": {},
    }


def layer_of(unique_id: str) -> str:
    """The layer of a generated node id: source, seed, staging, intermediate, mart or exposure."""
    kind, _, rest = unique_id.partition(".")
    if kind != "model":
        return kind
    name = rest.partition(".")[2]
    for prefix, layer in (("stg_", "staging"), ("int_", "intermediate"), ("dim_", "mart"), ("fct_", "mart")):
        if name.startswith(prefix):
            return layer
    return "model"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--nodes", type=int, default=50_000, help="lineage nodes: sources + seeds + models + exposures")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--tests-per-model", type=float, default=0.0)
    p.add_argument("--out", type=Path, help="default: evals/perf/results/data/manifest-<N>-s<seed>.json")
    args = p.parse_args(argv)
    out = args.out or default_path(args.nodes, args.seed, args.tests_per_model)
    manifest = generate(args.nodes, args.seed, args.tests_per_model)
    write(manifest, out)
    edges = sum(len(v) for k, v in manifest["parent_map"].items() if not k.startswith("test."))
    print(f"{out}: {len(manifest['nodes'])} nodes, {len(manifest['sources'])} sources, {len(manifest['exposures'])} exposures, "
          f"{edges} lineage edges, {out.stat().st_size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
