"""The catalog's SQLModel tables and their creation.

Imported only where the catalog is created or written: the ask path reads through the database
driver (catalog/store.py) and never pays for SQLAlchemy's and SQLModel's import.
Bump SCHEMA_VERSION (catalog/store.py) whenever a table or index here changes.
"""
from __future__ import annotations

from datetime import datetime
from typing import Optional

from sqlalchemy import Index, UniqueConstraint
from sqlmodel import Field, SQLModel


class ArtifactRow(SQLModel, table=True):
    __tablename__ = "artifact"
    artifact_id: str = Field(primary_key=True)
    path: str
    kind: str
    content_hash: str
    imported_at: datetime


class RevisionRow(SQLModel, table=True):
    __tablename__ = "revision"
    __table_args__ = (
        UniqueConstraint("evidence_id", "revision"),
        Index("ix_revision_entity_time", "entity_id", "recorded_at"),
    )
    pk: Optional[int] = Field(default=None, primary_key=True)
    evidence_id: str = Field(index=True)
    revision: int
    entity_id: str
    entity_type: str
    status: str
    authority: str
    recorded_at: datetime
    imported_at: datetime
    fingerprint: str
    given_recorded_at: Optional[datetime] = None
    content_hash: str
    artifact_id: Optional[str] = None
    payload: str


class RoleRow(SQLModel, table=True):
    __tablename__ = "revision_role"
    __table_args__ = (Index("ix_role_revision", "role", "revision_pk"),)
    revision_pk: int = Field(primary_key=True)
    role: str = Field(primary_key=True)


class KeyRow(SQLModel, table=True):
    """Lookup keys of a revision: its name forms (kind 'name') and lineage node ids (kind 'node')."""

    __tablename__ = "lookup_key"
    __table_args__ = (Index("ix_key_kind_key", "kind", "key"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    kind: str
    key: str
    entity_id: str
    revision_pk: int = Field(index=True)


class NameWordRow(SQLModel, table=True):
    """Plain word -> the name forms containing it: the typo-tolerant side of entity resolution."""

    __tablename__ = "name_word"
    word: str = Field(primary_key=True)
    form: str = Field(primary_key=True)


class EdgeRow(SQLModel, table=True):
    __tablename__ = "lineage_edge"
    id: Optional[int] = Field(default=None, primary_key=True)
    source: str = Field(index=True)
    target: str = Field(index=True)
    kind: str
    origin: str
    origin_kind: str
    scope: Optional[str] = Field(default=None, index=True)  # dbt project or "openlineage"; None for records
    revision_pk: Optional[int] = Field(default=None, index=True)
    valid_from: Optional[datetime] = None
    valid_to: Optional[datetime] = None


class SyncRow(SQLModel, table=True):
    """One sync of a dbt project: what it contained, so the next sync can retire and compare."""

    __tablename__ = "sync_state"
    id: Optional[int] = Field(default=None, primary_key=True)
    scope: str = Field(index=True)
    artifact_id: str
    artifact_hash: str
    synced_at: datetime
    evidence_ids: str  # JSON list of record ids the sync held
    summary: str  # JSON {unique_id: NodeSummary}


class FreshnessRow(SQLModel, table=True):
    """A recorded freshness or run observation (dbt sources.json / run_results.json, OpenLineage runs)."""

    __tablename__ = "freshness"
    id: Optional[int] = Field(default=None, primary_key=True)
    node_id: str = Field(index=True)
    kind: str
    status: str
    checked_at: datetime
    max_loaded_at: Optional[datetime] = None
    criteria: Optional[str] = None
    origin: str


class RelationRow(SQLModel, table=True):
    """Warehouse relation name -> dbt unique_id, to match OpenLineage datasets to dbt nodes."""

    __tablename__ = "relation"
    relation: str = Field(primary_key=True)
    unique_id: str
    scope: str


class QuarantineRow(SQLModel, table=True):
    __tablename__ = "quarantine"
    id: Optional[int] = Field(default=None, primary_key=True)
    path: str
    record_index: int
    record: str
    field: str
    reason: str
    raw: str
    created_at: datetime
    status: str = "open"


class ReviewItemRow(SQLModel, table=True):
    __tablename__ = "review_item"
    id: Optional[int] = Field(default=None, primary_key=True)
    key: str = Field(unique=True)
    kind: str  # hard | soft
    entity_id: str = Field(index=True)
    evidence_ids: str  # JSON list
    reason: str
    created_at: datetime
    status: str = "open"  # open | decided | dismissed


class ReviewDecisionRow(SQLModel, table=True):
    """A reviewer's decision on an item. Never deleted: a revert sets status 'reverted' and says who, when, why."""

    __tablename__ = "review_decision"
    id: Optional[int] = Field(default=None, primary_key=True)
    item_id: int = Field(index=True)
    action: str  # rank | supersede | dismiss
    winner: Optional[str] = None
    loser: Optional[str] = None
    valid_from: Optional[str] = None
    valid_to: Optional[str] = None
    reviewer: str
    decided_at: datetime
    rationale: str
    status: str = "live"  # live | reverted
    reverted_by: Optional[str] = None
    reverted_at: Optional[datetime] = None
    revert_reason: Optional[str] = None
    undo: Optional[str] = None  # JSON: fields to restore when a supersede decision is reverted


class OverrideRow(SQLModel, table=True):
    """An operator's override of one inferred field of one narrative document (classification preview)."""

    __tablename__ = "classification_override"
    id: Optional[int] = Field(default=None, primary_key=True)
    path: str = Field(index=True)
    field: str
    value: str  # JSON
    by: str
    reason: str
    at: datetime


class BundleRow(SQLModel, table=True):
    __tablename__ = "bundle"
    bundle_id: str = Field(primary_key=True)
    created_at: datetime
    principal: Optional[str] = None
    question: str
    payload: str


class CacheRow(SQLModel, table=True):
    """Answers by (normalized question, roles, as_of, known_at), valid for one catalog generation
    and re-verified against the catalog before use. Never holds abstain, deny or evidence-free answers."""

    __tablename__ = "answer_cache"
    key: str = Field(primary_key=True)
    generation: int
    payload: str


class MetaRow(SQLModel, table=True):
    __tablename__ = "catalog_meta"
    key: str = Field(primary_key=True)
    value: str


def create_schema(engine) -> None:
    SQLModel.metadata.create_all(engine)
