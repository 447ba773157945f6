"""Read OpenLineage events (RunEvent, DatasetEvent, JobEvent) into lineage edges and run times.

Pure: no database, no web. `read_openlineage(paths, received_at=...)` reads .json files (one event
or a list of events), .ndjson/.jsonl files (one event a line) and folders of them;
`read_openlineage_payloads(...)` does the same for already-parsed objects (the HTTP endpoint).

Validation follows the OpenLineage 2-0-2 JSON schema (`spec/OpenLineage.json`) as Marquez applies
it. openlineage-python ships no JSON schema file, and its attrs classes are stricter than Marquez
in one place (a runId must be a UUID; Marquez maps other run ids to UUIDs) and silent on facets,
so the rules are checked here directly, without importing it (tests cross-check them against the
published schema, run on every event under ../shared/data/openlineage):
    * eventTime: required, an ISO 8601 date-time; without an offset it is read as UTC (Marquez).
    * producer: required, a non-empty string (Marquez rejects events without it).
    * schemaURL: optional (Marquez accepts its absence); when present, a string.
    * RunEvent (has `run`): run.runId and job.namespace/job.name required, non-empty strings;
      eventType, when present, one of START RUNNING COMPLETE ABORT FAIL OTHER.
      JobEvent (has `job`, no `run`): job.namespace/name. DatasetEvent: dataset.namespace/name.
    * inputs/outputs: lists of datasets with namespace and name.
    * every facet (run, job, dataset, input, output) is an object carrying `_producer` and
      `_schemaURL`, as the spec's BaseFacet requires; a columnLineage facet must be well formed.
    * matcher placeholders of test expectations — `{{ any(result) }}`, `{{ is_uuid(result) }}`,
      `{{ match(result, '…') }}`, `${json-unit.any-string}`, `{{RUN_START_TIME}}` — anywhere in the
      event make it a template, not an event.
An event that fails goes to the quarantine (file, line or index, field, reason); the others land.

Graph conventions (contract.md §1):
    dataset node  `namespace:name`                  e.g. `postgres://db:5432:analytics.public.orders`
    job node      `job:namespace:name`
    column node   `<dataset node>#<field>`
    edges         input dataset → job → output dataset (kind "data"), and from the columnLineage
                  facet `input#field → output#field` (kind "column"); origin_kind "openlineage",
                  origin `ol:<runId>:<eventType>` (JobEvent: `ol:job:<ns>:<name>@<eventTime>`;
                  DatasetEvent: `ol:dataset:<ns>:<name>@<eventTime>`), valid_from = eventTime,
                  valid_to open. Within one run an edge is kept once, from its earliest event.
    The dataset-level (`dataset: [...]`, indirect) part of columnLineage is not turned into edges.
"""
from __future__ import annotations

import json
import os
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Optional

from pydantic import BaseModel, ConfigDict

from catalog.dbt_artifacts import QuarantineItem
from catalog.records import LineageEdge, as_utc

try:
    import orjson as _orjson
except ImportError:  # pragma: no cover
    _orjson = None

EVENT_TYPES = ("START", "RUNNING", "COMPLETE", "ABORT", "FAIL", "OTHER")
EVENT_FILE_SUFFIXES = (".json", ".ndjson", ".jsonl")

_PLACEHOLDER = re.compile(
    r"\{\{\s*[A-Za-z_]\w*\(\s*result\b"  # {{ any(result) }}, {{ match(result, '…') }}
    r"|\$\{json-unit\."  # ${json-unit.any-string}
    r"|^\s*\{\{\s*[A-Z][A-Z0-9_]*\s*\}\}\s*$"  # {{RUN_START_TIME}}
)


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class DatasetRef(_Frozen):
    node: str  # namespace:name
    namespace: str
    name: str
    symlinks: list[str] = []  # other identifiers of the same data (symlinks facet), as nodes
    symlink_names: list[str] = []  # the `name` part of each symlink (e.g. a table for a path)
    fields: list[str] = []  # from the schema facet, when an event carried one


class JobRef(_Frozen):
    node: str  # job:namespace:name
    namespace: str
    name: str
    dbt_unique_id: Optional[str] = None  # from the dbt integration's dbt_node job facet
    job_type: Optional[str] = None


class RunObservation(_Frozen):
    """One RunEvent: a state of a run of a job at a time (usable as freshness evidence)."""

    job: str
    run_id: str
    state: Optional[str]  # eventType
    event_time: datetime
    inputs: list[str]
    outputs: list[str]
    dbt_unique_id: Optional[str] = None
    parent_run_id: Optional[str] = None
    parent_job: Optional[str] = None
    error_message: Optional[str] = None
    nominal_start: Optional[datetime] = None
    nominal_end: Optional[datetime] = None
    producer: str
    origin: str
    file: str
    index: Optional[int] = None
    line: Optional[int] = None


class EventRef(_Frozen):
    """One accepted event, for audit."""

    kind: str  # RunEvent | JobEvent | DatasetEvent
    event_type: Optional[str]
    event_time: datetime
    node: str  # job node, or dataset node for a DatasetEvent
    run_id: Optional[str] = None
    producer: str
    schema_url: Optional[str] = None
    file: str
    index: Optional[int] = None
    line: Optional[int] = None


class OpenLineageBatch(_Frozen):
    received_at: datetime
    files: list[str]
    events: list[EventRef]
    edges: list[LineageEdge]
    datasets: dict[str, DatasetRef]
    jobs: dict[str, JobRef]
    runs: list[RunObservation]
    dbt_ids: dict[str, str]  # job or dataset node -> dbt unique_id (dbt integration facets)
    quarantine: list[QuarantineItem]
    warnings: list[str]
    stats: dict[str, int]


class _Invalid(Exception):
    def __init__(self, field: str, reason: str):
        self.field = field
        self.reason = reason
        super().__init__(f"{field}: {reason}")


# ---------------------------------------------------------------------------------------------
# helpers


def dataset_node(namespace: str, name: str) -> str:
    return f"{namespace}:{name}"


def job_node(namespace: str, name: str) -> str:
    return f"job:{namespace}:{name}"


def parse_event_time(value: Any) -> Optional[datetime]:
    """An ISO 8601 date-time (with a time part); naive values are UTC. None when unreadable."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    if len(text) < 16 or text[10] not in "Tt ":
        return None
    if text[-1] in "Zz":
        text = text[:-1] + "+00:00"
    try:
        return as_utc(datetime.fromisoformat(text))
    except ValueError:
        pass
    m = re.match(r"^(\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(?::\d{2})?)(\.\d+)?(.*)$", text)
    if m:  # more than 6 fractional digits on Pythons that refuse them
        try:
            return as_utc(datetime.fromisoformat(m.group(1) + (m.group(2) or "")[:7] + m.group(3)))
        except ValueError:
            return None
    return None


def _loads(data: bytes | str) -> Any:
    if _orjson is not None:
        try:
            return _orjson.loads(data)
        except ValueError:
            pass
    return json.loads(data)


def _find_placeholder(value: Any, path: str) -> Optional[tuple[str, str]]:
    stack: list[tuple[Any, str]] = [(value, path)]
    while stack:
        item, where = stack.pop()
        if isinstance(item, str):
            if ("{{" in item or "${" in item) and _PLACEHOLDER.search(item):
                return where or "(event)", item
        elif isinstance(item, dict):
            for key, sub in reversed(list(item.items())):
                stack.append((sub, f"{where}.{key}" if where else str(key)))
        elif isinstance(item, list):
            for i in range(len(item) - 1, -1, -1):
                stack.append((item[i], f"{where}[{i}]"))
    return None


def _text(event: Mapping, key: str, where: str, *, required: bool = True) -> Optional[str]:
    if key not in event or event[key] is None:
        if required:
            raise _Invalid(f"{where}{key}", "is required but missing")
        return None
    value = event[key]
    if not isinstance(value, str):
        raise _Invalid(f"{where}{key}", f"must be a string, got {type(value).__name__}")
    if required and not value.strip():
        raise _Invalid(f"{where}{key}", "must not be empty")
    return value


def _obj(event: Mapping, key: str, where: str, *, required: bool) -> Optional[dict]:
    if key not in event or event[key] is None:
        if required:
            raise _Invalid(f"{where}{key}", "is required but missing")
        return None
    value = event[key]
    if not isinstance(value, dict):
        raise _Invalid(f"{where}{key}", f"must be an object, got {type(value).__name__}")
    return value


def _check_facets(facets: Any, where: str) -> None:
    if facets is None:
        return
    if not isinstance(facets, dict):
        raise _Invalid(where, f"must be an object of facets, got {type(facets).__name__}")
    for name, facet in facets.items():
        at = f"{where}.{name}"
        if not isinstance(facet, dict):
            raise _Invalid(at, f"must be a facet object, got {type(facet).__name__}")
        for key in ("_producer", "_schemaURL"):
            if not isinstance(facet.get(key), str):
                raise _Invalid(f"{at}.{key}", "is required on every facet (OpenLineage BaseFacet) but missing")
    cll = facets.get("columnLineage")
    if cll is not None:
        _check_column_lineage(cll, f"{where}.columnLineage")


def _check_column_lineage(facet: dict, where: str) -> None:
    fields = facet.get("fields")
    if fields is None:
        return
    if not isinstance(fields, dict):
        raise _Invalid(f"{where}.fields", "must be an object mapping output fields to their inputs")
    for out, spec in fields.items():
        if not isinstance(spec, dict):
            raise _Invalid(f"{where}.fields.{out}", "must be an object with inputFields")
        inputs = spec.get("inputFields", [])
        if not isinstance(inputs, list):
            raise _Invalid(f"{where}.fields.{out}.inputFields", "must be a list")
        for i, inp in enumerate(inputs):
            at = f"{where}.fields.{out}.inputFields[{i}]"
            if not isinstance(inp, dict):
                raise _Invalid(at, "must be an object with namespace, name and field")
            for key in ("namespace", "name", "field"):
                if not isinstance(inp.get(key), str) or not inp[key]:
                    raise _Invalid(f"{at}.{key}", "is required but missing")


def _check_dataset(ds: Any, where: str, extra_facets: tuple[str, ...] = ()) -> dict:
    if not isinstance(ds, dict):
        raise _Invalid(where, f"must be a dataset object, got {type(ds).__name__}")
    _text(ds, "namespace", f"{where}.")
    _text(ds, "name", f"{where}.")
    _check_facets(ds.get("facets"), f"{where}.facets")
    for key in extra_facets:
        _check_facets(ds.get(key), f"{where}.{key}")
    return ds


def _check_datasets(event: Mapping, key: str, facet_key: str) -> list[dict]:
    value = event.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise _Invalid(key, f"must be a list of datasets, got {type(value).__name__}")
    return [_check_dataset(ds, f"{key}[{i}]", (facet_key,)) for i, ds in enumerate(value)]


def _check_job(event: Mapping) -> dict:
    job = _obj(event, "job", "", required=True)
    _text(job, "namespace", "job.")
    _text(job, "name", "job.")
    _check_facets(job.get("facets"), "job.facets")
    return job


def validate_event(event: Any) -> tuple[str, datetime]:
    """Check one event; return (kind, eventTime) or raise _Invalid(field, reason)."""
    if not isinstance(event, dict):
        raise _Invalid("(event)", f"is not an OpenLineage event (expected an object, got {type(event).__name__})")
    found = _find_placeholder(event, "")
    if found:
        field, value = found
        shown = value if len(value) <= 60 else value[:57] + "..."
        raise _Invalid(field, f"holds the matcher placeholder '{shown}': this is a test expectation, not an event")
    if not any(k in event for k in ("run", "job", "dataset")):
        raise _Invalid("(event)", "is not an OpenLineage event: it has none of run, job or dataset")
    raw_time = event.get("eventTime")
    if raw_time is None:
        raise _Invalid("eventTime", "is required but missing")
    when = parse_event_time(raw_time)
    if when is None:
        raise _Invalid("eventTime", f"{raw_time!r} is not an ISO 8601 date-time")
    _text(event, "producer", "")
    _text(event, "schemaURL", "", required=False)
    if "run" in event:
        kind = "RunEvent"
        run = _obj(event, "run", "", required=True)
        _text(run, "runId", "run.")
        _check_facets(run.get("facets"), "run.facets")
        _check_job(event)
        event_type = event.get("eventType")
        if event_type is not None and event_type not in EVENT_TYPES:
            raise _Invalid("eventType", f"{event_type!r} is not one of {', '.join(EVENT_TYPES)}")
        _check_datasets(event, "inputs", "inputFacets")
        _check_datasets(event, "outputs", "outputFacets")
    elif "dataset" in event:
        kind = "DatasetEvent"
        if "job" in event:
            raise _Invalid("job", "a DatasetEvent must not have a job (and a RunEvent needs a run)")
        _check_dataset(event.get("dataset"), "dataset")
    else:
        kind = "JobEvent"
        _check_job(event)
        _check_datasets(event, "inputs", "inputFacets")
        _check_datasets(event, "outputs", "outputFacets")
    return kind, when


# ---------------------------------------------------------------------------------------------
# reading files


def _iter_files(paths: Iterable[str], quarantine: list[QuarantineItem]) -> Iterator[str]:
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            for sub in sorted(p.rglob("*")):
                if sub.is_file() and sub.suffix.lower() in EVENT_FILE_SUFFIXES:
                    yield str(sub)
        elif p.is_file():
            yield str(p)
        else:
            quarantine.append(QuarantineItem(file=str(p), field="(file)", reason="does not exist"))


def _file_payloads(path: str, quarantine: list[QuarantineItem]) -> Iterator[tuple[Any, Optional[int], Optional[int]]]:
    """(payload, index, line) for each event-shaped item of a file."""
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as exc:
        quarantine.append(QuarantineItem(file=path, field="(file)", reason=f"cannot be read: {exc.strerror or exc}"))
        return
    lines_mode = path.lower().endswith((".ndjson", ".jsonl"))
    if not lines_mode:
        try:
            doc = _loads(data)
        except (ValueError, UnicodeDecodeError) as exc:
            # a .json file holding JSON Lines is read as such; anything else is unreadable
            nonblank = [ln for ln in data.splitlines() if ln.strip()]
            if len(nonblank) > 1 and all(_parses(ln) for ln in nonblank[:3]):
                lines_mode = True
            else:
                quarantine.append(QuarantineItem(file=path, field="(file)", reason=f"is not valid JSON: {exc}"))
                return
        else:
            if isinstance(doc, list):
                for i, item in enumerate(doc):
                    yield item, i, None
            else:
                yield doc, None, None
            return
    for number, line in enumerate(data.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            doc = _loads(line)
        except (ValueError, UnicodeDecodeError) as exc:
            quarantine.append(QuarantineItem(file=path, line=number, field="(line)", reason=f"is not valid JSON: {exc}"))
            continue
        if isinstance(doc, list):
            for i, item in enumerate(doc):
                yield item, i, number
        else:
            yield doc, None, number


def _parses(line: bytes) -> bool:
    try:
        _loads(line)
        return True
    except (ValueError, UnicodeDecodeError):
        return False


# ---------------------------------------------------------------------------------------------
# mapping


class _Builder:
    def __init__(self, received_at: datetime):
        self.received_at = received_at
        self.events: list[EventRef] = []
        self.datasets: dict[str, DatasetRef] = {}
        self.jobs: dict[str, JobRef] = {}
        self.runs: list[RunObservation] = []
        self.dbt_ids: dict[str, str] = {}
        self.quarantine: list[QuarantineItem] = []
        self.warnings: list[str] = []
        self.kinds: Counter = Counter()
        self.seen = 0
        # (source, target, kind, scope) -> (valid_from, origin); scope is the run id or event key
        self._edges: dict[tuple[str, str, str, str], tuple[datetime, str]] = {}

    # -- intake ------------------------------------------------------------------------------

    def take(self, payload: Any, file: str, index: Optional[int], line: Optional[int]) -> None:
        self.seen += 1
        try:
            kind, when = validate_event(payload)
        except _Invalid as bad:
            self.quarantine.append(QuarantineItem(file=file, index=index, line=line, field=bad.field, reason=bad.reason))
            return
        try:
            self._map(payload, kind, when, file, index, line)
        except Exception as exc:  # never let one odd event stop the batch
            self.quarantine.append(
                QuarantineItem(file=file, index=index, line=line, field="(event)", reason=f"could not be mapped: {exc}")
            )
            return
        self.kinds[kind] += 1

    # -- nodes -------------------------------------------------------------------------------

    def _dataset(self, ds: dict) -> str:
        namespace, name = ds["namespace"], ds["name"]
        node = dataset_node(namespace, name)
        facets = ds.get("facets") if isinstance(ds.get("facets"), dict) else {}
        symlinks, symlink_names = [], []
        for ident in (facets.get("symlinks") or {}).get("identifiers") or []:
            if isinstance(ident, dict) and isinstance(ident.get("namespace"), str) and isinstance(ident.get("name"), str):
                symlinks.append(dataset_node(ident["namespace"], ident["name"]))
                symlink_names.append(ident["name"])
        fields = [
            f["name"]
            for f in ((facets.get("schema") or {}).get("fields") or [])
            if isinstance(f, dict) and isinstance(f.get("name"), str)
        ]
        known = self.datasets.get(node)
        if known is None or (symlinks and not known.symlinks) or (fields and not known.fields):
            self.datasets[node] = DatasetRef(
                node=node,
                namespace=namespace,
                name=name,
                symlinks=symlinks or (known.symlinks if known else []),
                symlink_names=symlink_names or (known.symlink_names if known else []),
                fields=fields or (known.fields if known else []),
            )
        return node

    def _job(self, job: dict) -> tuple[str, Optional[str]]:
        node = job_node(job["namespace"], job["name"])
        facets = job.get("facets") if isinstance(job.get("facets"), dict) else {}
        dbt_node = facets.get("dbt_node") if isinstance(facets.get("dbt_node"), dict) else {}
        unique_id = dbt_node.get("unique_id") if isinstance(dbt_node.get("unique_id"), str) else None
        job_type = (facets.get("jobType") or {}).get("jobType") if isinstance(facets.get("jobType"), dict) else None
        known = self.jobs.get(node)
        if known is None or (unique_id and not known.dbt_unique_id) or (job_type and not known.job_type):
            self.jobs[node] = JobRef(
                node=node,
                namespace=job["namespace"],
                name=job["name"],
                dbt_unique_id=unique_id or (known.dbt_unique_id if known else None),
                job_type=job_type or (known.job_type if known else None),
            )
        unique_id = self.jobs[node].dbt_unique_id
        if unique_id:
            self.dbt_ids[node] = unique_id
        return node, unique_id

    # -- edges -------------------------------------------------------------------------------

    def _edge(self, source: str, target: str, kind: str, scope: str, when: datetime, origin: str) -> None:
        key = (source, target, kind, scope)
        known = self._edges.get(key)
        if known is None or when < known[0]:
            self._edges[key] = (when, origin)

    def _column_edges(self, ds: dict, node: str, scope: str, when: datetime, origin: str) -> None:
        facets = ds.get("facets") if isinstance(ds.get("facets"), dict) else {}
        cll = facets.get("columnLineage")
        if not isinstance(cll, dict):
            return
        for out_field, spec in (cll.get("fields") or {}).items():
            for inp in spec.get("inputFields") or []:
                source = f"{dataset_node(inp['namespace'], inp['name'])}#{inp['field']}"
                self._edge(source, f"{node}#{out_field}", "column", scope, when, origin)

    # -- events ------------------------------------------------------------------------------

    def _map(self, event: dict, kind: str, when: datetime, file: str, index: Optional[int], line: Optional[int]) -> None:
        producer = event["producer"]
        schema_url = event.get("schemaURL")
        event_type = event.get("eventType")
        if kind == "DatasetEvent":
            ds = event["dataset"]
            node = self._dataset(ds)
            origin = f"ol:dataset:{node}@{when.isoformat()}"
            self._column_edges(ds, node, origin, when, origin)
            self.events.append(
                EventRef(kind=kind, event_type=event_type, event_time=when, node=node, producer=producer,
                         schema_url=schema_url, file=file, index=index, line=line)
            )
            return
        job, unique_id = self._job(event["job"])
        inputs = [self._dataset(ds) for ds in event.get("inputs") or []]
        outputs = [self._dataset(ds) for ds in event.get("outputs") or []]
        if kind == "RunEvent":
            run = event["run"]
            run_id = run["runId"]
            scope = f"run:{run_id}"
            origin = f"ol:{run_id}:{event_type or 'OTHER'}"
        else:
            run_id = None
            origin = f"ol:job:{event['job']['namespace']}:{event['job']['name']}@{when.isoformat()}"
            scope = origin
        for node in inputs:
            self._edge(node, job, "data", scope, when, origin)
        for node in outputs:
            self._edge(job, node, "data", scope, when, origin)
        for ds, node in zip(list(event.get("inputs") or []) + list(event.get("outputs") or []), inputs + outputs):
            self._column_edges(ds, node, scope, when, origin)
        if unique_id and unique_id.split(".", 1)[0] in ("model", "seed", "snapshot"):
            for node in outputs:
                self.dbt_ids.setdefault(node, unique_id)
        self.events.append(
            EventRef(kind=kind, event_type=event_type, event_time=when, node=job, run_id=run_id, producer=producer,
                     schema_url=schema_url, file=file, index=index, line=line)
        )
        if kind != "RunEvent":
            return
        facets = run.get("facets") if isinstance(run.get("facets"), dict) else {}
        parent = facets.get("parent") if isinstance(facets.get("parent"), dict) else {}
        parent_run = (parent.get("run") or {}).get("runId") if isinstance(parent.get("run"), dict) else None
        parent_job = parent.get("job") if isinstance(parent.get("job"), dict) else {}
        nominal = facets.get("nominalTime") if isinstance(facets.get("nominalTime"), dict) else {}
        error = facets.get("errorMessage") if isinstance(facets.get("errorMessage"), dict) else {}
        self.runs.append(
            RunObservation(
                job=job,
                run_id=run_id,
                state=event_type,
                event_time=when,
                inputs=inputs,
                outputs=outputs,
                dbt_unique_id=unique_id,
                parent_run_id=parent_run if isinstance(parent_run, str) else None,
                parent_job=job_node(parent_job["namespace"], parent_job["name"])
                if isinstance(parent_job.get("namespace"), str) and isinstance(parent_job.get("name"), str)
                else None,
                error_message=error.get("message") if isinstance(error.get("message"), str) else None,
                nominal_start=parse_event_time(nominal.get("nominalStartTime")),
                nominal_end=parse_event_time(nominal.get("nominalEndTime")),
                producer=producer,
                origin=origin,
                file=file,
                index=index,
                line=line,
            )
        )

    # -- result ------------------------------------------------------------------------------

    def batch(self, files: list[str]) -> OpenLineageBatch:
        edges = [
            LineageEdge(source=s, target=t, kind=k, origin=origin, origin_kind="openlineage", valid_from=when)
            for (s, t, k, _), (when, origin) in self._edges.items()
        ]
        edges.sort(key=lambda e: (e.valid_from, e.source, e.target))
        self.runs.sort(key=lambda r: (r.event_time, r.job))
        stats = {
            "files": len(files),
            "events": self.seen,
            "accepted": sum(self.kinds.values()),
            "quarantined": len(self.quarantine),
            "run_events": self.kinds["RunEvent"],
            "job_events": self.kinds["JobEvent"],
            "dataset_events": self.kinds["DatasetEvent"],
            "edges": sum(1 for e in edges if e.kind == "data"),
            "column_edges": sum(1 for e in edges if e.kind == "column"),
            "datasets": len(self.datasets),
            "jobs": len(self.jobs),
        }
        return OpenLineageBatch(
            received_at=self.received_at,
            files=files,
            events=self.events,
            edges=edges,
            datasets=self.datasets,
            jobs=self.jobs,
            runs=self.runs,
            dbt_ids=self.dbt_ids,
            quarantine=self.quarantine,
            warnings=self.warnings,
            stats=stats,
        )


def read_openlineage(paths: Iterable[str] | str, *, received_at: Optional[datetime] = None) -> OpenLineageBatch:
    """Read OpenLineage event files and folders; invalid events are quarantined, never raised."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [str(paths)]
    builder = _Builder(as_utc(received_at) if received_at else datetime.now(timezone.utc))
    files: list[str] = []
    for path in _iter_files(paths, builder.quarantine):
        files.append(path)
        for payload, index, line in _file_payloads(path, builder.quarantine):
            builder.take(payload, path, index, line)
    return builder.batch(files)


def read_openlineage_payloads(
    payloads: Iterable[Any], *, source: str = "(request)", received_at: Optional[datetime] = None
) -> OpenLineageBatch:
    """The same mapping for already-parsed events (e.g. the body of POST /api/v1/lineage)."""
    builder = _Builder(as_utc(received_at) if received_at else datetime.now(timezone.utc))
    items = list(payloads)
    for i, payload in enumerate(items):
        builder.take(payload, source, i if len(items) > 1 else None, None)
    return builder.batch([source])


def match_datasets(
    relations: Mapping[str, str], datasets: Mapping[str, DatasetRef] | Iterable[DatasetRef]
) -> dict[str, str]:
    """OpenLineage dataset node -> dbt unique_id, by relation name (see dbt_artifacts.relation_key).

    A dataset matches when its name, or the name of one of its symlinks, equals a dbt relation
    (`database.schema.identifier`) exactly or, failing that, case-insensitively when only one
    relation has that spelling.
    """
    refs = datasets.values() if isinstance(datasets, Mapping) else datasets
    lowered: dict[str, Optional[str]] = {}
    for rel, uid in relations.items():
        key = rel.lower()
        lowered[key] = uid if key not in lowered else (None if lowered[key] != uid else uid)
    out: dict[str, str] = {}
    for ref in refs:
        names = [ref.name, *ref.symlink_names]
        hit = None
        for name in names:
            clean = name.strip().replace('"', "").replace("`", "")
            hit = relations.get(clean) or lowered.get(clean.lower())
            if hit:
                break
        if hit:
            out[ref.node] = hit
    return out
