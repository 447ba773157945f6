"""Evidence records: the catalog's unit (contract.md §1).

Pure pydantic; no ORM, web, search or LLM import may appear here. Everything that crosses a
boundary is validated into these frozen models once, then trusted.
"""
from __future__ import annotations

import hashlib
import json
import re
from datetime import date, datetime, time, timedelta, timezone
from enum import Enum
from typing import Any, Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from catalog.errors import RecordError, field_path
from catalog.serbian import in_the_other_script


class Status(str, Enum):
    draft = "draft"
    current = "current"
    superseded = "superseded"
    retracted = "retracted"


class Authority(str, Enum):
    authoritative = "authoritative"
    non_authoritative = "non_authoritative"
    untrusted = "untrusted"


_RUN_RESULT_TYPES = frozenset({"run_result", "run_results", "dbt_run_result", "model_run", "job_run"})
MODEL_TYPES = frozenset({"dbt_model", "model", "snapshot", "seed", "semantic_model"})
REVIEW_DECISION_TYPES = frozenset({"review_decision", "decision", "governance_decision", "conflict_resolution"})
SOURCE_TYPES = frozenset({"source", "source_schema", "dataset"})


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class Edge(Frozen):
    """An explicit lineage edge stated by a record. A column is `node#column`."""

    source: str = Field(alias="from", min_length=1)
    target: str = Field(alias="to", min_length=1)

    def as_contract(self) -> dict:
        return {"from": self.source, "to": self.target}


def canonical_body(body: str) -> str:
    return "\n".join(line.rstrip() for line in body.replace("\r\n", "\n").split("\n")).strip()


def body_hash(body: str) -> str:
    return "sha256:" + hashlib.sha256(canonical_body(body).encode("utf-8")).hexdigest()


def as_utc(value: datetime) -> datetime:
    return value.replace(tzinfo=timezone.utc) if value.tzinfo is None else value.astimezone(timezone.utc)


class EffectiveInterval:
    """Business-effective interval helpers for anything with effective_from/effective_to
    (records, chunks and search hits inherit them); both ends inclusive, None is open.
    The inheriting model declares the two fields."""

    def effective_on(self, day: date) -> bool:
        return (self.effective_from is None or self.effective_from <= day) and (
            self.effective_to is None or day <= self.effective_to
        )

    def overlaps(self, start: date, end: date) -> bool:
        return (self.effective_from is None or self.effective_from <= end) and (
            self.effective_to is None or start <= self.effective_to
        )


class EvidenceRecord(EffectiveInterval, Frozen):
    evidence_id: str = Field(min_length=1)
    entity_id: str = Field(min_length=1)
    entity_type: str = Field(min_length=1)
    title: str = Field(min_length=1)
    version: Optional[str] = None
    status: Status
    authority: Authority
    owner: Optional[str] = None
    effective_from: Optional[date] = None
    effective_to: Optional[date] = None
    recorded_at: Optional[datetime] = None
    supersedes: Optional[str] = None
    superseded_by: Optional[str] = None
    permissions: tuple[str, ...]
    aliases: tuple[str, ...] = ()
    grain: Optional[str] = None
    model_ids: tuple[str, ...] = ()
    source_ids: tuple[str, ...] = ()
    edges: tuple[Edge, ...] = ()
    artifact_id: Optional[str] = None
    content_hash: Optional[str] = None
    body: str

    @field_validator("version", mode="before")
    @classmethod
    def _version_as_text(cls, value: Any) -> Any:
        # YAML turns `version: 2` into an int; the contract's version is a label.
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return str(value)
        return value

    @field_validator("effective_from", "effective_to", mode="before")
    @classmethod
    def _plain_date(cls, value: Any) -> Any:
        if isinstance(value, datetime):
            raise ValueError("must be a date (YYYY-MM-DD), not a datetime")
        if isinstance(value, str) and value and len(value) != 10:
            raise ValueError(f"'{value}' is not an ISO date (YYYY-MM-DD)")
        return value

    @field_validator("recorded_at")
    @classmethod
    def _utc(cls, value: Optional[datetime]) -> Optional[datetime]:
        return None if value is None else as_utc(value)

    @field_validator("permissions", "aliases", "model_ids", "source_ids", mode="before")
    @classmethod
    def _list_of_text(cls, value: Any) -> Any:
        if isinstance(value, str):
            raise ValueError("must be a list of strings, not a single string")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> "EvidenceRecord":
        if self.effective_from and self.effective_to and self.effective_from > self.effective_to:
            raise ValueError(
                f"effective_to: {self.effective_to} is before effective_from {self.effective_from}"
            )
        expected = body_hash(self.body)
        if self.content_hash is None:
            object.__setattr__(self, "content_hash", expected)
        elif self.content_hash not in (expected, expected.removeprefix("sha256:")):
            raise ValueError(f"content_hash: {self.content_hash} does not match the sha256 of the body")
        else:
            object.__setattr__(self, "content_hash", expected)
        return self

    # -- derived views -------------------------------------------------------------------------

    def contract_dict(self) -> dict:
        """The record in the contract's field names (edges as {from, to})."""
        data = self.model_dump(mode="json", exclude={"edges"})
        data["edges"] = [e.as_contract() for e in self.edges]
        return data

    def fingerprint(self) -> str:
        """Identity of the record *as given*: any changed field makes a new revision."""
        data = self.contract_dict()
        return hashlib.sha256(json.dumps(data, sort_keys=True).encode("utf-8")).hexdigest()

    def node_ids(self) -> set[str]:
        """The lineage node ids (dbt unique_ids, datasets, entity or evidence ids) this record is about."""
        # model_ids/source_ids name what implements or feeds the entity, not the entity itself
        keys = {self.entity_id, self.evidence_id}
        if self.version:
            keys.add(f"{self.entity_id}.v{self.version}")
        return keys

    def reports_freshness(self) -> bool:
        """A recorded freshness check kept as a record (a dbt `sources.json` result transcribed, with
        the node it checked in `source_ids`/`model_ids`), or a dbt run result (`run_results.json`: whether the
        model built): read as a check only when authoritative."""
        return "freshness" in self.entity_type.lower() or self.reports_run()

    def reports_run(self) -> bool:
        """A dbt run result kept as a record (`run_results.json`): whether its model built."""
        return self.entity_type.lower() in _RUN_RESULT_TYPES

    def checked_nodes(self) -> tuple[str, ...]:
        """The nodes a freshness-result record reports a check of: its sources and models, and the
        entity it is filed under (a source's own id, or "freshness.<source id>")."""
        if not self.reports_freshness():
            return ()
        filed = (self.entity_id, self.entity_id.removeprefix("freshness.")) if self.entity_id.startswith("freshness.") else (self.entity_id,)
        return tuple(dict.fromkeys((*self.source_ids, *self.model_ids, *filed)))

    def is_review_decision(self) -> bool:
        """A review decision kept as a record (a governance log entry ranking conflicting records)."""
        return self.entity_type.lower() in REVIEW_DECISION_TYPES

    def reports_on_others(self) -> bool:
        """A review decision or a freshness check kept as a record: evidence about other records, never
        a definition of its entity, whatever entity id it was filed under."""
        return self.is_review_decision() or self.reports_freshness()

    def built_on(self) -> tuple[str, ...]:
        """The models and sources this record names as implementing or feeding its entity."""
        return (*self.model_ids, *self.source_ids)

    def names(self) -> tuple[str, ...]:
        """Every name a user may call this record's entity by; a document's title also by what stands
        before a dash or colon in it ("Project Halcyon - board memo on the FY2026 plan" and "Project
        Kestrel: FY2026 restructuring memo" are "Project Halcyon" and "Project Kestrel")."""
        names = (self.entity_id, self.title, *self.aliases)
        # an alias in Serbian letters is also written in the other Serbian script
        names += tuple(other for other in map(in_the_other_script, self.aliases) if other and other not in names)
        if self.entity_type in _DOCUMENT_TYPES:
            head = _TITLE_HEAD_END.split(self.title, 1)[0].strip()
            if head != self.title.strip() and len(head.split()) >= 2:
                names += (head,)
        return names


# entity types of documents, whose titles often lead with their own name
_DOCUMENT_TYPES = frozenset({"document", "memo", "board_memo", "report", "minutes", "briefing", "letter", "contract"})
_TITLE_HEAD_END = re.compile(r"\s+[-–—]\s+|:\s+")


class Revision(Frozen):
    """One stored revision of a record, as the catalog holds it."""

    record: EvidenceRecord
    revision: int = Field(ge=1)
    recorded_at: datetime  # the record's recorded_at, or the import time when it gave none
    artifact_id: Optional[str] = None

    @property
    def evidence_id(self) -> str:
        return self.record.evidence_id


class Requester(Frozen):
    principal: Optional[str] = None
    roles: tuple[str, ...] = ()

    def may_retrieve(self, record: EvidenceRecord) -> bool:
        return bool(set(record.permissions) & set(self.roles))


class LineageEdge(Frozen):
    """A lineage edge in the graph, with where it came from and when it held.

    `valid_from` / `valid_to` are system or business time as datetimes, half-open
    [valid_from, valid_to); None is open. `origin` is the evidence id or artifact/event id
    that states the edge; `origin_kind` says which.
    """

    source: str
    target: str
    kind: str = "data"  # data | column
    origin: str
    origin_kind: str = "record"  # record (its `edges`) | definition (its model_ids/source_ids) | dbt | openlineage
    valid_from: Optional[datetime] = None
    valid_to: Optional[datetime] = None

    def holds_at(self, moment: datetime) -> bool:
        return (self.valid_from is None or self.valid_from <= moment) and (
            self.valid_to is None or moment < self.valid_to
        )


def start_of(day: date) -> datetime:
    return datetime.combine(day, time.min, tzinfo=timezone.utc)


def end_of(day: date) -> datetime:
    return datetime.combine(day + timedelta(days=1), time.min, tzinfo=timezone.utc) - timedelta(microseconds=1)


def states_lineage(record: EvidenceRecord) -> bool:
    """Whether the record's edges are lineage: not an untrusted record's (whatever it claims),
    nor a retracted or draft one's (withdrawn, or only proposed). Catalog SQL mirrors this
    (catalog.store._STATES_LINEAGE)."""
    return record.authority is not Authority.untrusted and record.status not in (Status.retracted, Status.draft)


def record_edges(record: EvidenceRecord) -> list[LineageEdge]:
    """The record's edges, valid over its business-effective interval: the ones it states
    (origin_kind "record"), and one from each model and source it names as implementing or
    feeding its entity (origin_kind "definition"), so that what depends on a model or source
    reaches the definitions built on it."""
    valid_from = start_of(record.effective_from) if record.effective_from else None
    valid_to = start_of(record.effective_to + timedelta(days=1)) if record.effective_to else None
    stated = [
        LineageEdge(
            source=e.source,
            target=e.target,
            kind="column" if "#" in e.source or "#" in e.target else "data",
            origin=record.evidence_id,
            origin_kind="record",
            valid_from=valid_from,
            valid_to=valid_to,
        )
        for e in record.edges
    ]
    named_ids = record.built_on()
    if record.node_ids().intersection(named_ids):
        # a graph node's own record, naming itself among its models (dbt lists a node before its
        # parents; a model record names its versioned id): its lineage is the artifact's or stated
        return stated
    named = [
        LineageEdge(source=node, target=record.entity_id, origin=record.evidence_id, origin_kind="definition",
                    valid_from=valid_from, valid_to=valid_to)
        for node in dict.fromkeys(named_ids) if node != record.entity_id
    ]
    return stated + named


def _describe(data: Any, index: int) -> str:
    if isinstance(data, dict) and isinstance(data.get("evidence_id"), str):
        return f"#{index + 1} ({data['evidence_id']})"
    return f"#{index + 1}"


def parse_record(data: Any, path: str, index: int) -> EvidenceRecord:
    """Validate one raw record; raise RecordError naming file, record and field."""
    where = _describe(data, index)
    if not isinstance(data, dict):
        raise RecordError(path, where, "(record)", f"expected a mapping of fields, got {type(data).__name__}")
    try:
        return EvidenceRecord.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = field_path(err, "(record)")
        message = err["msg"]
        if err["type"] == "missing":
            message = "is required but missing"
        elif err["type"] == "extra_forbidden":
            message = "is not a field of the record contract (contract.md §1)"
        elif message.startswith("Value error, "):
            message = message.removeprefix("Value error, ")
            if ":" in message.split(" ")[0]:
                field, message = message.split(": ", 1)
        elif err["type"] == "enum":
            message = f"{err.get('input')!r} is not one of {err['ctx']['expected']}"
        raise RecordError(path, where, field, message) from None
