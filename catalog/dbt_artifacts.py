"""Read dbt artifacts into canon's units: evidence records, lineage edges, freshness observations.

Pure: no database, no web, no search. `read_dbt(path, config=..., synced_at=...)` reads a dbt
`target/` folder (or a single manifest.json) and returns a `SyncBatch`; the caller stores it.

What is read
    manifest.json            required; `metadata.dbt_schema_version` must be manifest v2–v12
                             (dbt 0.20 … 1.12 and dbt 2.0 "Fusion", which writes v12).
    semantic_manifest.json   optional; semantic models / metrics / saved queries that the
                             manifest lacks are added (the manifest has them from v10 on).
    catalog.json             optional; column names and warehouse types.
    sources.json             optional; source freshness results.
    run_results.json         optional; last status / completion time per node.
A sibling file that cannot be read goes to the quarantine (field "(file)"); the manifest itself
must be readable or the whole read fails with `ArtifactError` before anything is produced.

Refused manifests (ArtifactError, one sentence naming file and node):
    invalid or truncated JSON; a schema version outside v2–v12; a node without unique_id;
    a dependency on a node that the manifest does not define (or that is disabled);
    a dependency cycle.
    Exception: a manifest that is visibly *trimmed* (its parent_map/child_map name nodes it does not
    define, which dbt never writes — some OpenLineage test fixtures are like that) gets its dangling
    references dropped and listed in `SyncBatch.warnings` instead.

Mapping (documented for the README)
    * One record per enabled model, source, seed, snapshot, exposure, semantic model, metric,
      saved query and function. Tests, unit tests, analyses and operations are not records;
      tests and unit tests are not lineage either (analyses/operations keep their edges).
    * evidence_id = dbt unique_id. entity_id = meta.canon.entity_id, else the unique_id; for a
      versioned model the version suffix is dropped (`model.p.customers.v2` → `model.p.customers`)
      so that the versions of one model are versions of one entity; `version` = str(version).
      Version order is NOT business time: no supersession and no effective dates are inferred.
    * title = name ("name v2" for versions); body = readable summary (no SQL).
    * model_ids / source_ids: the node itself (in the list of its kind) plus its parents.
    * Governance comes from `meta.canon` (see CANON_KEYS); layers, later wins:
      source_meta.canon (sources only) < config.meta.canon < meta.canon.
      Defaults (DbtMappingConfig): permissions = roles_by_group[group] when the node has a group
      listed there, else default_roles (["analytics_readers"]); authority = non_authoritative
      unless `authoritative_by_default` (or `default_authority`) says otherwise — dbt states what
      is built, not which definition the business has adopted; status = "current"; effective
      dates open. dbt `access: public` is never read as a permission.
      owner = meta.canon.owner, else the group's owner, else the exposure owner, else a string
      `meta.owner`. grain = meta.canon.grain, else a string `meta.grain`.
    * A meta.canon that breaks the record contract (unknown key, bad enum, bad date, a string
      where a list is needed, …) quarantines that node's record; the rest of the batch lands.
      The node's lineage edges are kept: they are facts of the artifact, not governance.
    * Lineage: one edge parent → child for every parent_map / depends_on entry of an enabled,
      non-test node; kind "data", origin_kind "dbt", origin = artifact_id, valid_from = synced_at.
    * Relation names: database.schema.identifier (alias for models/seeds/snapshots, identifier
      for sources; parts that are null are left out; ephemeral models have none). Lower-cased
      unless the adapter is case-sensitive (CASE_SENSITIVE_ADAPTERS: bigquery). When two nodes
      share a relation (a seed and a source on the same table) the producer wins:
      model > snapshot > seed > function > source.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
from collections import Counter, defaultdict, deque
from collections.abc import Iterable, Mapping
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Optional

from pydantic import BaseModel, ConfigDict, Field, model_validator

from catalog.bulk import collector_paused
from catalog.errors import ArtifactError, RecordError
from catalog.records import Authority, EvidenceRecord, LineageEdge, Status, as_utc, parse_record

try:  # orjson parses large manifests faster than json when installed; json is the fallback
    import orjson as _orjson
except ImportError:  # pragma: no cover - depends on the environment
    _orjson = None

SUPPORTED_MANIFEST_VERSIONS = range(2, 13)  # v2 … v12
SUPPORTED_RANGE_TEXT = "v2–v12"
CASE_SENSITIVE_ADAPTERS = frozenset({"bigquery"})

CANON_KEYS = (
    "entity_id",
    "authority",
    "status",
    "effective_from",
    "effective_to",
    "permissions",
    "aliases",
    "supersedes",
    "owner",
    "grain",
)

ENTITY_TYPES = {
    "model": "dbt_model",
    "source": "source",
    "seed": "seed",
    "snapshot": "snapshot",
    "exposure": "exposure",
    "semantic_model": "semantic_model",
    "metric": "metric",
    "saved_query": "saved_query",
    "function": "dbt_function",
}
NOT_LINEAGE = frozenset({"test", "unit_test"})
RELATION_PRIORITY = {"model": 0, "snapshot": 1, "seed": 2, "function": 3, "source": 4}
COLLECTIONS = (
    "nodes",
    "sources",
    "exposures",
    "metrics",
    "semantic_models",
    "saved_queries",
    "unit_tests",
    "functions",
)


# ---------------------------------------------------------------------------------------------
# public models


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class DbtMappingConfig(_Frozen):
    """canon's defaults for governance fields a dbt node does not state in meta.canon."""

    default_roles: tuple[str, ...] = ("analytics_readers",)
    roles_by_group: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    default_status: Status = Status.current
    default_authority: Authority = Authority.non_authoritative
    authoritative_by_default: bool = False  # shorthand: default_authority = authoritative
    column_edges_from_catalog: bool = False  # name-matching guess; off unless asked for

    @model_validator(mode="after")
    def _shorthand(self) -> "DbtMappingConfig":
        if self.authoritative_by_default and self.default_authority != Authority.authoritative:
            object.__setattr__(self, "default_authority", Authority.authoritative)
        return self


class QuarantineItem(_Frozen):
    """One input that did not land, and why. Shared by the dbt and OpenLineage readers."""

    file: str
    node: Optional[str] = None  # dbt unique_id, when the item is a dbt node
    line: Optional[int] = None  # 1-based line of an .ndjson file
    index: Optional[int] = None  # 0-based position in a JSON list
    field: str
    reason: str

    @property
    def where(self) -> str:
        parts = [self.file]
        if self.node:
            parts.append(f"node {self.node}")
        if self.line is not None:
            parts.append(f"line {self.line}")
        if self.index is not None:
            parts.append(f"event #{self.index + 1}")
        return ", ".join(parts)

    @property
    def message(self) -> str:
        return f"{self.where}, field '{self.field}': {self.reason}"


class FreshnessObservation(_Frozen):
    """A recorded check about a node: a source freshness result or the node's last run result."""

    node_id: str
    kind: str  # "source_freshness" | "run_result"
    status: str  # pass/warn/error/runtime error | success/error/skipped/fail/…
    checked_at: Optional[datetime] = None  # when the check ran (snapshotted_at / completed_at)
    max_loaded_at: Optional[datetime] = None
    age_seconds: Optional[float] = None
    criteria: Optional[str] = None  # readable: "warn after 12 hour; error after 24 hour"
    warn_after: Optional[str] = None
    error_after: Optional[str] = None
    message: Optional[str] = None
    execution_time: Optional[float] = None
    origin: str  # "dbt-sources:<invocation_id>" / "dbt-run:<invocation_id>"
    in_manifest: bool = True


class NodeSummary(_Frozen):
    """Per-node facts kept between syncs (degradation detection) and for lineage output."""

    unique_id: str
    name: str
    resource_type: str
    package_name: Optional[str] = None
    relation: Optional[str] = None
    has_compiled_code: bool = False
    columns: int = 0


class Degradation(_Frozen):
    node_id: str
    lost: list[str]  # "compiled_code", "columns"
    previous_columns: int
    current_columns: int

    @property
    def message(self) -> str:
        what = []
        if "compiled_code" in self.lost:
            what.append("its compiled code")
        if "columns" in self.lost:
            what.append(f"columns ({self.previous_columns} → {self.current_columns})")
        return f"{self.node_id} lost {' and '.join(what)} since the previous sync"


class SyncStats(_Frozen):
    resource_types: dict[str, int]  # enabled nodes by dbt resource_type (tests included)
    disabled: int
    records: int
    edges: int
    column_edges: int
    quarantined: int
    freshness: int
    run_results: int
    relations: int
    relation_collisions: int


class SyncBatch(_Frozen):
    artifact_id: str  # "dbt:" + first 16 hex of the manifest's sha256
    artifact_hash: str  # sha256 over every file read (manifest + siblings): same hash = no-op
    manifest_hash: str
    schema_version: int
    dbt_version: Optional[str] = None
    adapter_type: Optional[str] = None
    project_name: Optional[str] = None
    generated_at: Optional[datetime] = None
    synced_at: datetime
    files: list[str]
    records: list[EvidenceRecord]
    edges: list[LineageEdge]
    freshness: list[FreshnessObservation]
    relations: dict[str, str]  # relation name -> unique_id
    nodes: dict[str, NodeSummary]  # every enabled node that is lineage (tests excluded)
    quarantine: list[QuarantineItem]
    warnings: list[str]
    stats: SyncStats

    def summary(self) -> dict[str, NodeSummary]:
        """What to keep until the next sync for `degradation()`."""
        return self.nodes

    def lost_since(self, previous: Mapping[str, Any]) -> list["Degradation"]:
        return degradation(previous, self.nodes)


def degradation(previous: Mapping[str, Any], current: Mapping[str, Any]) -> list[Degradation]:
    """Nodes present in both summaries that lost compiled code or columns.

    Either side may be a `SyncBatch.summary()` or its JSON form (`{id: {...NodeSummary...}}`).
    A node that disappeared is a removal, not a degradation, and is not reported here.
    """
    found: list[Degradation] = []
    for node_id, before in previous.items():
        after = current.get(node_id)
        if after is None:
            continue
        before = before if isinstance(before, NodeSummary) else NodeSummary.model_validate(before)
        after = after if isinstance(after, NodeSummary) else NodeSummary.model_validate(after)
        lost = []
        if before.has_compiled_code and not after.has_compiled_code:
            lost.append("compiled_code")
        if after.columns < before.columns:
            lost.append("columns")
        if lost:
            found.append(Degradation(node_id=node_id, lost=lost, previous_columns=before.columns, current_columns=after.columns))
    found.sort(key=lambda d: d.node_id)
    return found


def stable_fingerprint(record: EvidenceRecord) -> str:
    """The record's fingerprint without recorded_at and artifact_id, which change every sync.

    Two syncs of an unchanged node give the same value: use it to decide "changed → new revision".
    """
    data = record.contract_dict()
    data.pop("recorded_at", None)
    data.pop("artifact_id", None)
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode("utf-8")).hexdigest()


def relation_key(database: Any, schema: Any, identifier: Any, adapter_type: Optional[str]) -> Optional[str]:
    """`database.schema.identifier` as canon matches it (lower-cased unless case-sensitive)."""
    if not identifier or not schema:
        return None
    key = ".".join(str(p) for p in (database, schema, identifier) if p)
    return normalize_relation(key, adapter_type)


def normalize_relation(name: str, adapter_type: Optional[str] = None) -> str:
    name = name.strip().replace('"', "").replace("`", "")
    return name if (adapter_type or "").lower() in CASE_SENSITIVE_ADAPTERS else name.lower()


# ---------------------------------------------------------------------------------------------
# reading


def _load_json(data: bytes, path: str) -> Any:
    if _orjson is not None:
        try:
            return _orjson.loads(data)
        except ValueError:
            pass  # fall through: json accepts a few things orjson does not (NaN)
    try:
        return json.loads(data)
    except (ValueError, UnicodeDecodeError) as exc:
        raise ArtifactError(path, f"is not valid JSON (truncated or corrupt?): {exc}") from None


def _read_bytes(path: str) -> bytes:
    try:
        with open(path, "rb") as fh:
            return fh.read()
    except OSError as exc:
        raise ArtifactError(path, f"cannot be read: {exc.strerror or exc}") from None


_VERSION_RE = re.compile(r"/dbt/([a-z_-]+)/v(\d+)\.json")


def _schema_version(data: Any, path: str, kind: str) -> Optional[int]:
    if not isinstance(data, dict):
        raise ArtifactError(path, f"is not a dbt {kind} (expected a JSON object, got {type(data).__name__})")
    meta = data.get("metadata")
    url = meta.get("dbt_schema_version") if isinstance(meta, dict) else None
    if not isinstance(url, str) or not url:
        return None
    m = _VERSION_RE.search(url)
    if not m:
        raise ArtifactError(path, f"has an unrecognised metadata.dbt_schema_version '{url}'")
    if m.group(1) != kind:
        raise ArtifactError(path, f"is a dbt {m.group(1)} artifact ({url}), not a {kind}")
    return int(m.group(2))


def _parse_time(value: Any) -> Optional[datetime]:
    if not isinstance(value, str) or not value:
        return None
    text = value.strip()
    if text.endswith("Z"):
        text = text[:-1] + "+00:00"
    try:
        return as_utc(datetime.fromisoformat(text))
    except ValueError:
        pass
    m = re.match(r"^(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2})(\.\d+)?(.*)$", text)
    if m:  # > 6 fractional digits on old Pythons
        frac = (m.group(2) or "")[:7]
        try:
            return as_utc(datetime.fromisoformat(m.group(1) + frac + m.group(3)))
        except ValueError:
            return None
    return None


def _manifest_path(path: str) -> str:
    p = Path(path)
    if p.is_dir():
        candidate = p / "manifest.json"
        if not candidate.is_file():
            raise ArtifactError(str(p), "has no manifest.json (expected a dbt target/ folder or a manifest.json)")
        return str(candidate)
    if not p.exists():
        raise ArtifactError(str(p), "does not exist")
    return str(p)


def _d(value: Any) -> dict:
    return value if isinstance(value, dict) else {}


def _l(value: Any) -> list:
    return value if isinstance(value, list) else []


def _s(value: Any) -> Optional[str]:
    if value is None:
        return None
    text = str(value).strip()
    return text or None


# ---------------------------------------------------------------------------------------------
# the graph checks: run before any record is built


def _collect_nodes(manifest: dict, path: str) -> tuple[dict[str, dict], set[str], int]:
    """Enabled nodes by unique_id, ids of disabled nodes, disabled count."""
    nodes: dict[str, dict] = {}
    for collection in COLLECTIONS:
        entries = manifest.get(collection)
        if not isinstance(entries, dict):
            continue
        for key, node in entries.items():
            if not isinstance(node, dict):
                raise ArtifactError(path, f"{collection} entry '{key}' is not an object")
            uid = node.get("unique_id")
            if not isinstance(uid, str) or not uid.strip():
                raise ArtifactError(path, f"node '{key}' in {collection} has no unique_id")
            if not isinstance(node.get("resource_type"), str) or not node["resource_type"]:
                node = {**node, "resource_type": uid.split(".", 1)[0]}  # old/odd writers: from the id
            nodes[uid] = node
    disabled_ids: set[str] = set()
    disabled = 0
    raw = manifest.get("disabled")
    if isinstance(raw, dict):
        for key, versions in raw.items():
            disabled_ids.add(key)
            disabled += len(versions) if isinstance(versions, list) else 1
    elif isinstance(raw, list):
        for node in raw:
            disabled += 1
            if isinstance(node, dict) and isinstance(node.get("unique_id"), str):
                disabled_ids.add(node["unique_id"])
    for uid in [u for u, n in nodes.items() if _d(n.get("config")).get("enabled") is False]:
        disabled_ids.add(uid)
        disabled += 1
        del nodes[uid]
    return nodes, disabled_ids, disabled


def _parents(manifest: dict, nodes: dict[str, dict]) -> dict[str, list[str]]:
    """Union of parent_map and depends_on.nodes, for every enabled lineage node."""
    parent_map = _d(manifest.get("parent_map"))
    parents: dict[str, list[str]] = {}
    for uid, node in nodes.items():
        if node.get("resource_type") in NOT_LINEAGE:
            continue
        seen: dict[str, None] = {}
        for p in _l(parent_map.get(uid)):
            if isinstance(p, str):
                seen[p] = None
        for p in _l(_d(node.get("depends_on")).get("nodes")):
            if isinstance(p, str):
                seen[p] = None
        parents[uid] = list(seen)
    return parents


def _trimmed(manifest: dict, nodes: dict[str, dict], disabled_ids: set[str]) -> bool:
    for key in ("parent_map", "child_map"):
        for uid in _d(manifest.get(key)):
            if uid not in nodes and uid not in disabled_ids:
                return True
    return False


def _check_graph(
    path: str, manifest: dict, nodes: dict[str, dict], disabled_ids: set[str], parents: dict[str, list[str]], warnings: list[str]
) -> None:
    trimmed = None
    for uid, ps in parents.items():
        kept = []
        for p in ps:
            if p in nodes:
                kept.append(p)
                continue
            if trimmed is None:
                trimmed = _trimmed(manifest, nodes, disabled_ids)
            if trimmed:
                warnings.append(f"{uid} depends on {p}, which this trimmed manifest does not define; the edge is dropped")
                continue
            if p in disabled_ids:
                raise ArtifactError(path, f"node {uid} depends on {p}, which is disabled")
            raise ArtifactError(path, f"node {uid} depends on {p}, which is not in the manifest (dangling depends_on)")
        if len(kept) != len(ps):
            parents[uid] = kept
    cycle = _find_cycle(parents)
    if cycle:
        raise ArtifactError(path, f"has a dependency cycle: {' -> '.join(cycle)} (node {cycle[0]})")


def _find_cycle(parents: dict[str, list[str]]) -> Optional[list[str]]:
    indegree: Counter = Counter()
    children: dict[str, list[str]] = defaultdict(list)
    for child, ps in parents.items():
        for p in ps:
            children[p].append(child)
            indegree[child] += 1
    members = set(parents) | set(children)
    queue = deque(n for n in members if indegree[n] == 0)
    done = 0
    while queue:
        n = queue.popleft()
        done += 1
        for c in children.get(n, ()):
            indegree[c] -= 1
            if indegree[c] == 0:
                queue.append(c)
    if done == len(members):
        return None
    remaining = {n for n in members if indegree[n] > 0}
    # walk parents inside the remaining set until a node repeats
    start = min(remaining)
    order: list[str] = []
    position: dict[str, int] = {}
    node = start
    while node not in position:
        position[node] = len(order)
        order.append(node)
        node = next(p for p in sorted(parents.get(node, ())) if p in remaining)
    loop = order[position[node]:]
    loop.reverse()  # parent -> child order
    return loop + [loop[0]]


# ---------------------------------------------------------------------------------------------
# governance


_CANON_LIST_FIELDS = ("permissions", "aliases")


def _canon_meta(node: dict) -> tuple[dict, dict[str, str], list[tuple[str, str]]]:
    """Merged meta.canon, where each key came from, and problems (field, reason)."""
    layers = []
    if node.get("resource_type") == "source":
        layers.append(("source_meta", _d(node.get("source_meta"))))
    layers.append(("config.meta", _d(_d(node.get("config")).get("meta"))))
    layers.append(("meta", _d(node.get("meta"))))
    merged: dict = {}
    origins: dict[str, str] = {}
    problems: list[tuple[str, str]] = []
    for where, meta in layers:
        if "canon" not in meta or meta["canon"] is None:
            continue
        canon = meta["canon"]
        if not isinstance(canon, dict):
            problems.append((f"{where}.canon", f"must be a mapping of canon fields, got {type(canon).__name__}"))
            continue
        for key, value in canon.items():
            if key not in CANON_KEYS:
                problems.append(
                    (f"{where}.canon.{key}", f"is not a canon governance field (allowed: {', '.join(CANON_KEYS)})")
                )
                continue
            merged[key] = value
            origins[key] = f"{where}.canon"
    return merged, origins, problems


def _owner_text(owner: Any) -> Optional[str]:
    if isinstance(owner, str):
        return _s(owner)
    if isinstance(owner, dict):
        name, email = _s(owner.get("name")), _s(owner.get("email"))
        if name and email:
            return f"{name} <{email}>"
        return name or email
    return None


# ---------------------------------------------------------------------------------------------
# bodies


def _fmt_after(value: Any) -> Optional[str]:
    value = _d(value)
    count, period = value.get("count"), value.get("period")
    if count is None or not period:
        return None
    return f"{count} {period}"


def _freshness_text(freshness: Any) -> Optional[str]:
    freshness = _d(freshness)
    parts = []
    warn, error = _fmt_after(freshness.get("warn_after")), _fmt_after(freshness.get("error_after"))
    if warn:
        parts.append(f"warn after {warn}")
    if error:
        parts.append(f"error after {error}")
    build = _d(freshness.get("build_after"))
    if build and build.get("count") is not None and build.get("period"):
        parts.append(f"build after {build['count']} {build['period']}")
    if parts and _s(freshness.get("filter")):
        parts.append(f"filter: {freshness['filter']}")
    return "; ".join(parts) or None


def _ref_text(ref: Any) -> str:
    if isinstance(ref, dict):
        name = ref.get("name") or "?"
        out = f"{ref['package']}.{name}" if ref.get("package") else str(name)
        return f"{out} v{ref['version']}" if ref.get("version") is not None else out
    if isinstance(ref, list):
        return ".".join(str(x) for x in ref)
    return str(ref)


def _measure_text(value: Any) -> Optional[str]:
    if isinstance(value, dict):
        return _s(value.get("name"))
    return _s(value)


def _metric_lines(node: dict) -> list[str]:
    lines = []
    mtype = _s(node.get("type")) or _s(node.get("calculation_method"))
    if mtype:
        lines.append(f"Metric type: {mtype}")
    params = _d(node.get("type_params"))
    measure = _measure_text(params.get("measure"))
    if measure:
        lines.append(f"Measure: {measure}")
    for key in ("numerator", "denominator"):
        text = _measure_text(params.get(key))
        if text:
            lines.append(f"{key.capitalize()}: {text}")
    if _s(params.get("expr")):
        lines.append(f"Expression: {params['expr']}")
    if _s(node.get("expression")):
        lines.append(f"Expression: {node['expression']}")
    if _s(node.get("sql")):
        lines.append(f"Expression: {node['sql']}")
    metrics = [_measure_text(m) for m in _l(params.get("metrics"))]
    if any(metrics):
        lines.append("Input metrics: " + ", ".join(m for m in metrics if m))
    agg = _d(params.get("metric_aggregation_params"))
    if agg.get("agg"):
        lines.append(f"Aggregation: {agg['agg']} over semantic model {agg.get('semantic_model')}")
    window = params.get("window") or node.get("window")
    if window:
        lines.append(f"Window: {_window_text(window)}")
    if _s(params.get("grain_to_date")):
        lines.append(f"Grain to date: {params['grain_to_date']}")
    flt = node.get("filter") or node.get("filters")
    if flt:
        lines.append(f"Filter: {_filter_text(flt)}")
    if _s(node.get("timestamp")):
        lines.append(f"Timestamp: {node['timestamp']}")
    grains = _l(node.get("time_grains"))
    if grains:
        lines.append("Time grains: " + ", ".join(str(g) for g in grains))
    if _s(node.get("time_granularity")):
        lines.append(f"Time granularity: {node['time_granularity']}")
    dims = _l(node.get("dimensions"))
    if dims:
        lines.append("Dimensions: " + ", ".join(str(d) for d in dims))
    return lines


def _window_text(window: Any) -> str:
    if isinstance(window, dict):
        return f"{window.get('count')} {window.get('granularity') or window.get('period') or ''}".strip()
    return str(window)


def _filter_text(flt: Any) -> str:
    if isinstance(flt, dict):
        wheres = [_s(w.get("where_sql_template")) for w in _l(flt.get("where_filters")) if isinstance(w, dict)]
        return " and ".join(w for w in wheres if w) or json.dumps(flt, sort_keys=True)
    if isinstance(flt, list):
        return "; ".join(_filter_text(f) if not isinstance(f, str) else f for f in flt)
    return str(flt)


def _semantic_lines(node: dict) -> list[str]:
    lines = []
    rel = _d(node.get("node_relation"))
    model = _s(node.get("model"))
    if model:
        lines.append(f"Built on: {model}")
    if _s(rel.get("relation_name")):
        lines.append(f"Relation: {rel['relation_name']}")
    if _s(_d(node.get("defaults")).get("agg_time_dimension")):
        lines.append(f"Default time dimension: {node['defaults']['agg_time_dimension']}")
    if _s(node.get("primary_entity")):
        lines.append(f"Primary entity: {node['primary_entity']}")
    for key, title in (("entities", "Entities"), ("measures", "Measures"), ("dimensions", "Dimensions")):
        items = [i for i in _l(node.get(key)) if isinstance(i, dict)]
        if not items:
            continue
        lines.append(f"{title}:")
        for item in items:
            detail = [str(item[k]) for k in ("type", "agg") if _s(item.get(k))]
            if _s(item.get("expr")) and item.get("expr") != item.get("name"):
                detail.append(f"expr {item['expr']}")
            text = f"- {item.get('name')}" + (f" ({', '.join(detail)})" if detail else "")
            item_desc = _s(item.get("description"))
            if item_desc:
                text += f": {item_desc}"
            lines.append(text)
    return lines


def _saved_query_lines(node: dict) -> list[str]:
    lines = []
    params = _d(node.get("query_params"))
    if params.get("metrics"):
        lines.append("Metrics: " + ", ".join(str(m) for m in _l(params.get("metrics"))))
    if params.get("group_by"):
        lines.append("Group by: " + ", ".join(str(g) for g in _l(params.get("group_by"))))
    if params.get("where"):
        lines.append(f"Where: {_filter_text(params['where'])}")
    for export in _l(node.get("exports")):
        cfg = _d(_d(export).get("config"))
        target = ".".join(str(x) for x in (cfg.get("database"), cfg.get("schema_name"), cfg.get("alias")) if x)
        lines.append(f"Export {_d(export).get('name')}: {cfg.get('export_as') or 'table'} {target}".rstrip())
    return lines


def _index(column: Any) -> float:
    index = column.get("index") if isinstance(column, dict) else None
    return index if isinstance(index, (int, float)) and not isinstance(index, bool) else 0


def _column_lines(node: dict, catalog_columns: dict) -> tuple[list[str], int]:
    columns = node.get("columns")
    if not isinstance(columns, dict):
        columns = {}
    if catalog_columns:
        by_lower = {str(k).lower(): v for k, v in catalog_columns.items()}
        seen_lower = {str(name).lower() for name in columns}
        extra = sorted(
            (c for c in catalog_columns if str(c).lower() not in seen_lower),
            key=lambda c: (_index(catalog_columns[c]), str(c)),
        )
        names = [*columns, *extra]
    else:
        by_lower = None
        names = list(columns)
    lines = []
    empty: dict = {}
    for name in names:
        info = columns.get(name)
        if not isinstance(info, dict):
            info = empty
        cat = by_lower.get(str(name).lower()) if by_lower else None
        if not isinstance(cat, dict):
            cat = empty
        dtype = info.get("data_type") or cat.get("type")
        desc = info.get("description") or cat.get("comment")
        text = f"- {name} ({dtype})" if dtype else f"- {name}"
        constraints = info.get("constraints")
        if constraints and isinstance(constraints, list):
            kinds = [str(c["type"]) for c in constraints if isinstance(c, dict) and c.get("type")]
            if kinds:
                text += f" [{', '.join(kinds)}]"
        if desc and isinstance(desc, str):
            desc = " ".join(desc.split())
            if desc:
                text += f": {desc}"
        lines.append(text)
    return lines, len(names)


def _constraint_text(c: Any) -> Optional[str]:
    c = _d(c)
    ctype = _s(c.get("type"))
    if not ctype:
        return None
    text = ctype
    cols = [str(x) for x in _l(c.get("columns"))]
    if cols:
        text += f"({', '.join(cols)})"
    if _s(c.get("expression")):
        text += f" {c['expression']}"
    if _s(c.get("to")):
        text += f" -> {c['to']}"
    return text


# ---------------------------------------------------------------------------------------------
# mapping


class _Context:
    def __init__(self, path: str, manifest: dict, config: DbtMappingConfig, synced_at: datetime, artifact_id: str):
        self.path = path
        self.config = config
        self.synced_at = synced_at
        self.artifact_id = artifact_id
        meta = _d(manifest.get("metadata"))
        self.adapter = _s(meta.get("adapter_type"))
        self.groups: dict[str, dict] = {}
        for gid, group in _d(manifest.get("groups")).items():
            group = _d(group)
            name = _s(group.get("name")) or gid.rsplit(".", 1)[-1]
            self.groups.setdefault(name, group)


def _relation_of(node: dict, adapter: Optional[str]) -> Optional[str]:
    rtype = node.get("resource_type")
    if rtype == "source":
        ident = node.get("identifier") or node.get("name")
    elif rtype in ("model", "seed", "snapshot", "function"):
        if _d(node.get("config")).get("materialized") == "ephemeral":
            return None
        if rtype == "function" and not node.get("relation_name") and not node.get("schema"):
            return None
        ident = node.get("alias") or node.get("name")
    else:
        return None
    return relation_key(node.get("database"), node.get("schema"), ident, adapter)


def _entity_default(uid: str, node: dict) -> str:
    version = node.get("version")
    if node.get("resource_type") == "model" and version is not None:
        suffix = f".v{version}"
        if uid.endswith(suffix):
            return uid[: -len(suffix)]
    return uid


def _build_record(
    ctx: _Context,
    uid: str,
    node: dict,
    parents: list[str],
    nodes: dict[str, dict],
    relation: Optional[str],
    catalog_columns: dict,
) -> tuple[Optional[EvidenceRecord], list[QuarantineItem], int]:
    rtype = node["resource_type"]
    config = _d(node.get("config"))
    name = _s(node.get("name")) or uid.rsplit(".", 1)[-1]
    version = node.get("version")
    title = f"{name} v{version}" if version is not None and rtype == "model" else name

    canon, origins, problems = _canon_meta(node)
    if problems:
        items = [QuarantineItem(file=ctx.path, node=uid, field=f, reason=r) for f, r in problems]
        return None, items, 0

    group = _s(config.get("group")) or _s(node.get("group"))
    group_info = ctx.groups.get(group or "", {})
    group_owner = _owner_text(group_info.get("owner"))
    meta = {**_d(config.get("meta")), **_d(node.get("meta"))}

    owner = canon.get("owner") if "owner" in canon else (
        group_owner or _owner_text(node.get("owner")) or (_s(meta.get("owner")) if isinstance(meta.get("owner"), str) else None)
    )
    if group and group in ctx.config.roles_by_group:
        default_permissions = list(ctx.config.roles_by_group[group])
    else:
        default_permissions = list(ctx.config.default_roles)
    grain = canon.get("grain") if "grain" in canon else (meta.get("grain") if isinstance(meta.get("grain"), str) else None)

    aliases = list(canon["aliases"]) if isinstance(canon.get("aliases"), list) else canon.get("aliases", [])
    label = _s(node.get("label"))
    if isinstance(aliases, list) and label and label not in aliases and label != title:
        aliases = [*aliases, label]

    source_ids = [p for p in parents if p.startswith("source.")]
    model_ids = [p for p in parents if not p.startswith("source.")]
    if rtype == "source":
        source_ids = [uid, *source_ids]
    else:
        model_ids = [uid, *model_ids]

    body, column_count = _body(ctx, uid, node, parents, relation, catalog_columns, group, group_info, owner, grain)

    data = {
        "evidence_id": uid,
        "entity_id": canon.get("entity_id", _entity_default(uid, node)),
        "entity_type": ENTITY_TYPES[rtype],
        "title": title,
        "version": str(version) if version is not None and rtype == "model" else None,
        "status": canon.get("status", ctx.config.default_status.value),
        "authority": canon.get("authority", ctx.config.default_authority.value),
        "owner": owner,
        "effective_from": canon.get("effective_from"),
        "effective_to": canon.get("effective_to"),
        "recorded_at": ctx.synced_at,
        "supersedes": canon.get("supersedes"),
        "permissions": canon.get("permissions", default_permissions),
        "aliases": aliases,
        "grain": grain,
        "model_ids": model_ids,
        "source_ids": source_ids,
        "artifact_id": ctx.artifact_id,
        "body": body,
    }
    try:
        return parse_record(data, ctx.path, 0), [], column_count
    except RecordError as exc:
        field = exc.field.split(".")[0]
        field_name = f"{origins[field]}.{exc.field}" if field in origins else exc.field
        return None, [QuarantineItem(file=ctx.path, node=uid, field=field_name, reason=exc.reason)], column_count


def _body(
    ctx: _Context,
    uid: str,
    node: dict,
    parents: list[str],
    relation: Optional[str],
    catalog_columns: dict,
    group: Optional[str],
    group_info: dict,
    owner: Optional[str],
    grain: Any,
) -> tuple[str, int]:
    rtype = node["resource_type"]
    config = _d(node.get("config"))
    name = node.get("name") or uid
    kind = {"semantic_model": "semantic model", "saved_query": "saved query"}.get(rtype, rtype)
    head = f"dbt {kind} {name} ({uid})"
    version = node.get("version")
    if version is not None:
        latest = node.get("latest_version")
        head += f", version {version}" + (f" (latest version: {latest})" if latest is not None else "")
    lines = [head]
    desc = _s(node.get("description"))
    if desc:
        lines.append(f"Description: {desc}")
    source_desc = _s(node.get("source_description")) if rtype == "source" else None
    if source_desc:
        lines.append(f"Source {node.get('source_name')}: {source_desc}")
    if _s(node.get("label")) and node.get("label") != name:
        lines.append(f"Label: {node['label']}")
    materialized = _s(config.get("materialized"))
    if relation or materialized:
        rel_text = relation or "(no relation)"
        lines.append(f"Relation: {rel_text}" + (f" (materialized: {materialized})" if materialized else ""))
    if _s(node.get("package_name")):
        where = _s(node.get("original_file_path"))
        lines.append(f"Package: {node['package_name']}" + (f"; defined in {where}" if where else ""))
    access = _s(node.get("access")) or _s(config.get("access"))
    if access:
        lines.append(f"Access (dbt): {access}")
    if group:
        lines.append(f"Group: {group}" + (f" (owner: {_owner_text(group_info.get('owner'))})" if group_info.get("owner") else ""))
    if owner:
        lines.append(f"Owner: {owner}")
    contract = _d(config.get("contract")) or _d(node.get("contract"))
    if rtype == "model":
        lines.append(f"Contract: {'enforced' if contract.get('enforced') else 'not enforced'}")
    constraints = [t for t in (_constraint_text(c) for c in _l(node.get("constraints"))) if t]
    if constraints:
        lines.append("Constraints: " + "; ".join(constraints))
    if node.get("deprecation_date"):
        lines.append(f"Deprecation date: {node['deprecation_date']}")
    if isinstance(grain, str) and grain:
        lines.append(f"Grain: {grain}")
    if rtype == "source":
        fresh = _freshness_text(node.get("freshness")) or _freshness_text(config.get("freshness"))
        lines.append(f"Freshness: {fresh}" if fresh else "Freshness: not configured")
        loaded = _s(node.get("loaded_at_field")) or _s(config.get("loaded_at_field"))
        if loaded:
            lines.append(f"Loaded-at field: {loaded}")
        if _s(node.get("loader")):
            lines.append(f"Loader: {node['loader']}")
    elif node.get("freshness") or config.get("freshness"):
        fresh = _freshness_text(node.get("freshness")) or _freshness_text(config.get("freshness"))
        if fresh:
            lines.append(f"Freshness: {fresh}")
    if rtype == "snapshot":
        strategy = _s(config.get("strategy"))
        if strategy:
            lines.append(f"Snapshot strategy: {strategy}" + (f" (unique key {config.get('unique_key')})" if config.get("unique_key") else ""))
    if rtype == "exposure":
        for key in ("type", "maturity", "url"):
            if _s(node.get(key)):
                lines.append(f"{key.capitalize()}: {node[key]}")
    if rtype == "metric":
        lines.extend(_metric_lines(node))
    if rtype == "semantic_model":
        lines.extend(_semantic_lines(node))
    if rtype == "saved_query":
        lines.extend(_saved_query_lines(node))
    if rtype == "function":
        returns = _d(node.get("returns"))
        if _s(returns.get("data_type")):
            lines.append(f"Returns: {returns['data_type']}")
    tags = [str(t) for t in _l(node.get("tags"))]
    if tags:
        lines.append("Tags: " + ", ".join(tags))
    if parents:
        lines.append("Depends on: " + ", ".join(parents))
    column_lines, count = _column_lines(node, catalog_columns)
    if column_lines:
        lines.append(f"Columns ({count}):")
        lines.extend(column_lines)
    return "\n".join(lines), count


def _has_compiled_code(node: dict) -> bool:
    return bool(node.get("compiled_code") or node.get("compiled_sql"))


# ---------------------------------------------------------------------------------------------
# siblings


def _read_sibling(directory: Path, name: str, kind: str, quarantine: list[QuarantineItem], warnings: list[str]) -> Optional[tuple[str, bytes, dict]]:
    path = directory / name
    if not path.is_file():
        return None
    try:
        raw = _read_bytes(str(path))
        data = _load_json(raw, str(path))
        version = _schema_version(data, str(path), kind)
    except ArtifactError as exc:
        quarantine.append(QuarantineItem(file=str(path), field="(file)", reason=exc.reason))
        return None
    if version is None:
        warnings.append(f"{path}: has no metadata.dbt_schema_version; read as a {kind}")
    return str(path), raw, data


def _freshness_results(path: str, data: dict, nodes: dict[str, dict]) -> list[FreshnessObservation]:
    meta = _d(data.get("metadata"))
    generated = _parse_time(meta.get("generated_at"))
    origin = f"dbt-sources:{meta.get('invocation_id') or os.path.basename(path)}"
    out = []
    for result in _l(data.get("results")):
        result = _d(result)
        uid = _s(result.get("unique_id"))
        if not uid:
            continue
        criteria = _d(result.get("criteria"))
        out.append(
            FreshnessObservation(
                node_id=uid,
                kind="source_freshness",
                status=_s(result.get("status")) or "unknown",
                checked_at=_parse_time(result.get("snapshotted_at")) or generated,
                max_loaded_at=_parse_time(result.get("max_loaded_at")),
                age_seconds=result.get("max_loaded_at_time_ago_in_s") if isinstance(result.get("max_loaded_at_time_ago_in_s"), (int, float)) else None,
                criteria=_freshness_text(criteria),
                warn_after=_fmt_after(criteria.get("warn_after")),
                error_after=_fmt_after(criteria.get("error_after")),
                message=_s(result.get("error")) or _s(result.get("message")),
                execution_time=result.get("execution_time") if isinstance(result.get("execution_time"), (int, float)) else None,
                origin=origin,
                in_manifest=uid in nodes,
            )
        )
    return out


def _run_results(path: str, data: dict, nodes: dict[str, dict]) -> list[FreshnessObservation]:
    meta = _d(data.get("metadata"))
    generated = _parse_time(meta.get("generated_at"))
    origin = f"dbt-run:{meta.get('invocation_id') or os.path.basename(path)}"
    out = []
    for result in _l(data.get("results")):
        result = _d(result)
        uid = _s(result.get("unique_id")) or _s(_d(result.get("node")).get("unique_id"))
        if not uid:
            continue
        completed = None
        for timing in _l(result.get("timing")):
            timing = _d(timing)
            at = _parse_time(timing.get("completed_at"))
            if at and (timing.get("name") == "execute" or completed is None):
                completed = at
        status = result.get("status")
        out.append(
            FreshnessObservation(
                node_id=uid,
                kind="run_result",
                status=_s(status) or "unknown",
                checked_at=completed or generated,
                message=_s(result.get("message")),
                execution_time=result.get("execution_time") if isinstance(result.get("execution_time"), (int, float)) else None,
                origin=origin,
                in_manifest=uid in nodes,
            )
        )
    return out


def _semantic_extras(manifest: dict, semantic: dict, project: str) -> dict[str, dict]:
    """Semantic objects the manifest lacks, as manifest-like nodes."""
    known = {
        (n.get("resource_type"), n.get("name"))
        for c in ("semantic_models", "metrics", "saved_queries")
        for n in _d(manifest.get(c)).values()
        if isinstance(n, dict) and isinstance(n.get("name"), str)
    }
    extras: dict[str, dict] = {}
    for key, rtype in (("semantic_models", "semantic_model"), ("metrics", "metric"), ("saved_queries", "saved_query")):
        for item in _l(semantic.get(key)):
            if not isinstance(item, dict) or not isinstance(item.get("name"), str) or not item["name"].strip():
                continue
            if (rtype, item["name"]) in known:
                continue
            uid = f"{rtype}.{project}.{item['name']}"
            extras[uid] = {**item, "resource_type": rtype, "unique_id": uid, "package_name": project}
    return extras


# ---------------------------------------------------------------------------------------------
# entry point


def read_dbt(path: str, *, config: Optional[DbtMappingConfig] = None, synced_at: Optional[datetime] = None) -> SyncBatch:
    """Read a dbt target/ folder or manifest.json into a SyncBatch (see module docstring)."""
    with collector_paused():  # the parsed manifest alone is millions of objects
        return _read_dbt(path, config=config, synced_at=synced_at)


def _read_dbt(path: str, *, config: Optional[DbtMappingConfig], synced_at: Optional[datetime]) -> SyncBatch:
    config = config or DbtMappingConfig()
    synced_at = as_utc(synced_at) if synced_at else datetime.now(timezone.utc)
    manifest_path = _manifest_path(path)
    raw = _read_bytes(manifest_path)
    manifest = _load_json(raw, manifest_path)
    version = _schema_version(manifest, manifest_path, "manifest")
    if version is None:
        raise ArtifactError(
            manifest_path,
            f"has no metadata.dbt_schema_version; canon reads dbt manifests {SUPPORTED_RANGE_TEXT}",
        )
    if version not in SUPPORTED_MANIFEST_VERSIONS:
        raise ArtifactError(
            manifest_path,
            f"is dbt manifest schema v{version}; canon supports manifest schema versions {SUPPORTED_RANGE_TEXT}",
        )
    meta = _d(manifest.get("metadata"))
    warnings: list[str] = []
    quarantine: list[QuarantineItem] = []

    nodes, disabled_ids, disabled = _collect_nodes(manifest, manifest_path)
    parents = _parents(manifest, nodes)
    _check_graph(manifest_path, manifest, nodes, disabled_ids, parents, warnings)

    manifest_hash = hashlib.sha256(raw).hexdigest()
    artifact_id = "dbt:" + manifest_hash[:16]
    combined = hashlib.sha256()
    combined.update(b"manifest.json\0" + raw)
    files = [manifest_path]

    directory = Path(manifest_path).parent
    siblings = {}
    for name, kind in (
        ("semantic_manifest.json", None),
        ("catalog.json", "catalog"),
        ("sources.json", "sources"),
        ("run_results.json", "run-results"),
    ):
        if kind is None:
            p = directory / name
            if not p.is_file():
                continue
            try:
                sraw = _read_bytes(str(p))
                sdata = _load_json(sraw, str(p))
                if not isinstance(sdata, dict):
                    raise ArtifactError(str(p), "is not a semantic manifest (expected a JSON object)")
            except ArtifactError as exc:
                quarantine.append(QuarantineItem(file=str(p), field="(file)", reason=exc.reason))
                continue
            got = (str(p), sraw, sdata)
        else:
            got = _read_sibling(directory, name, kind, quarantine, warnings)
        if got is None:
            continue
        siblings[name] = got[2]
        files.append(got[0])
        combined.update(name.encode() + b"\0" + got[1])

    project = _s(meta.get("project_name")) or "project"
    if "semantic_manifest.json" in siblings:
        extras = _semantic_extras(manifest, siblings["semantic_manifest.json"], project)
        for uid, node in extras.items():
            if uid not in nodes:
                nodes[uid] = node
                parents[uid] = []

    catalog = siblings.get("catalog.json") or {}
    catalog_nodes = {**_d(catalog.get("sources")), **_d(catalog.get("nodes"))}

    ctx = _Context(manifest_path, manifest, config, synced_at, artifact_id)
    adapter = ctx.adapter

    records: list[EvidenceRecord] = []
    summaries: dict[str, NodeSummary] = {}
    relations: dict[str, str] = {}
    collisions = 0
    resource_types: Counter = Counter()
    for uid, node in nodes.items():
        rtype = node["resource_type"]
        resource_types[rtype] += 1
        if rtype in NOT_LINEAGE:
            continue
        node_parents = parents.get(uid, [])
        relation = _relation_of(node, adapter)
        if relation:
            other = relations.get(relation)
            if other is None:
                relations[relation] = uid
            else:
                collisions += 1
                mine = RELATION_PRIORITY.get(rtype, 9)
                theirs = RELATION_PRIORITY.get(_d(nodes.get(other)).get("resource_type"), 9)
                if (mine, uid) < (theirs, other):
                    relations[relation] = uid
        catalog_columns = _d(_d(catalog_nodes.get(uid)).get("columns"))
        columns = 0
        if rtype in ENTITY_TYPES:
            record, items, columns = _build_record(ctx, uid, node, node_parents, nodes, relation, catalog_columns)
            if record is not None:
                records.append(record)
            quarantine.extend(items)
            if record is None and not columns:
                columns = max(len(_d(node.get("columns"))), len(catalog_columns))
        else:
            columns = max(len(_d(node.get("columns"))), len(catalog_columns))
        summaries[uid] = NodeSummary(
            unique_id=uid,
            name=_s(node.get("name")) or uid,
            resource_type=rtype,
            package_name=_s(node.get("package_name")),
            relation=relation,
            has_compiled_code=_has_compiled_code(node),
            columns=columns,
        )

    edges: list[LineageEdge] = []
    for child, ps in parents.items():
        for parent in ps:
            edges.append(
                LineageEdge(
                    source=parent,
                    target=child,
                    kind="data",
                    origin=artifact_id,
                    origin_kind="dbt",
                    valid_from=synced_at,
                )
            )
    column_edges = 0
    if config.column_edges_from_catalog and catalog_nodes:
        for edge in _catalog_column_edges(parents, nodes, catalog_nodes, artifact_id, synced_at):
            edges.append(edge)
            column_edges += 1

    freshness: list[FreshnessObservation] = []
    if "sources.json" in siblings:
        freshness.extend(_freshness_results(str(directory / "sources.json"), siblings["sources.json"], nodes))
    run_count = 0
    if "run_results.json" in siblings:
        runs = _run_results(str(directory / "run_results.json"), siblings["run_results.json"], nodes)
        run_count = len(runs)
        freshness.extend(runs)
    unknown = sorted({f.node_id for f in freshness if not f.in_manifest})
    if unknown:
        shown = ", ".join(unknown[:5]) + (" …" if len(unknown) > 5 else "")
        warnings.append(f"{len(unknown)} freshness/run result(s) name nodes the manifest does not define: {shown}")

    stats = SyncStats(
        resource_types=dict(sorted(resource_types.items())),
        disabled=disabled,
        records=len(records),
        edges=len(edges),
        column_edges=column_edges,
        quarantined=len(quarantine),
        freshness=len(freshness) - run_count,
        run_results=run_count,
        relations=len(relations),
        relation_collisions=collisions,
    )
    # every part is validated already; constructing without re-validation avoids re-running the
    # record validators (body hashing) on every record a second time
    return SyncBatch.model_construct(
        artifact_id=artifact_id,
        artifact_hash=combined.hexdigest(),
        manifest_hash=manifest_hash,
        schema_version=version,
        dbt_version=_s(meta.get("dbt_version")),
        adapter_type=adapter,
        project_name=_s(meta.get("project_name")),
        generated_at=_parse_time(meta.get("generated_at")),
        synced_at=synced_at,
        files=files,
        records=records,
        edges=edges,
        freshness=freshness,
        relations=relations,
        nodes=summaries,
        quarantine=quarantine,
        warnings=warnings,
        stats=stats,
    )


def _catalog_column_edges(
    parents: dict[str, list[str]], nodes: dict[str, dict], catalog_nodes: dict, artifact_id: str, synced_at: datetime
) -> Iterable[LineageEdge]:
    """`parent#col -> child#col` when exactly one parent has a column of that name (opt-in guess)."""
    def cols(uid: str) -> dict[str, str]:
        return {str(c).lower(): str(c) for c in _d(_d(catalog_nodes.get(uid)).get("columns"))}

    for child, ps in parents.items():
        child_cols = cols(child)
        if not child_cols or not ps:
            continue
        parent_cols = {p: cols(p) for p in ps}
        for lower, original in child_cols.items():
            owners = [p for p, pc in parent_cols.items() if lower in pc]
            if len(owners) == 1:
                p = owners[0]
                yield LineageEdge(
                    source=f"{p}#{parent_cols[p][lower]}",
                    target=f"{child}#{original}",
                    kind="column",
                    origin=artifact_id + ":catalog",
                    origin_kind="dbt",
                    valid_from=synced_at,
                )
