"""Storing dbt syncs and OpenLineage events: one transaction each, history never deleted.

A dbt re-sync with the same artifact hash is a no-op. Otherwise changed nodes get new revisions,
nodes that disappeared are retired (a new revision whose effective_to is the day before the
sync), edges that disappeared are closed (valid_to = sync time) so lineage *as of* an earlier
date still has them, and nodes that lost compiled code or columns since the previous sync keep
their previous revision (reported, never silently degraded).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Callable, Optional

from sqlalchemy import bindparam, text
from sqlalchemy.exc import SQLAlchemyError

from catalog.dbt_artifacts import SyncBatch, degradation, stable_fingerprint
from catalog.errors import CatalogError
from catalog.loader import Rejected
from catalog.openlineage_events import OpenLineageBatch, match_datasets
from catalog.records import EvidenceRecord, Revision
from catalog.store import Catalog

Progress = Optional[Callable[[int, int], None]]


@dataclass
class SyncReport:
    kind: str
    source: str
    noop: bool = False
    added: int = 0
    changed: int = 0
    unchanged: int = 0
    retired: int = 0
    kept_degraded: int = 0
    edges_opened: int = 0
    edges_closed: int = 0
    freshness: int = 0
    quarantined: list[str] = field(default_factory=list)
    degraded: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    review_items: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        data = dict(self.__dict__)
        data["quarantined"] = len(self.quarantined)
        data["quarantine_errors"] = self.quarantined
        return data

    def line(self) -> str:
        if self.noop:
            return f"{self.source}: unchanged since the last sync (same artifact hash); nothing to do"
        return (f"{self.source}: {self.added} added, {self.changed} changed, {self.retired} retired, "
                f"{self.unchanged} unchanged, {len(self.quarantined)} quarantined; edges {self.edges_opened} opened, "
                f"{self.edges_closed} closed; {self.freshness} freshness observations"
                + (f"; {self.kept_degraded} degraded node(s) kept at their previous revision" if self.kept_degraded else ""))


def _quarantine_item(item) -> Rejected:
    record = item.node or (f"line {item.line}" if item.line else f"#{(item.index or 0) + 1}")
    return Rejected(item.file, item.index if item.index is not None else (item.line or -1), record, item.field, item.reason, "")


def _retire(record: EvidenceRecord, synced_at: datetime) -> Optional[EvidenceRecord]:
    if record.effective_to is not None:
        return None
    end = synced_at.date() - timedelta(days=1)
    if record.effective_from and end < record.effective_from:
        end = record.effective_from
    return record.model_copy(update={"effective_to": end, "recorded_at": synced_at})


def sync_dbt(catalog: Catalog, batch: SyncBatch, source: str, now: datetime, progress: Progress = None,
             written: Optional[dict[str, Revision]] = None) -> SyncReport:
    """Store one dbt batch (see the module docstring); `written` receives the new revisions."""
    scope = "dbt:" + (batch.project_name or source)
    report = SyncReport(kind="dbt", source=source, warnings=list(batch.warnings))
    try:
        with catalog.engine.begin() as conn:
            prev = conn.execute(text("SELECT artifact_hash, evidence_ids, summary FROM sync_state WHERE scope = :s "
                                     "ORDER BY id DESC LIMIT 1"), {"s": scope}).first()
            if prev and prev.artifact_hash == batch.artifact_hash:
                report.noop = True
                return report
            summary = {k: v.model_dump(mode="json") for k, v in batch.summary().items()}
            lost = degradation(json.loads(prev.summary), summary) if prev else []
            report.degraded = [d.message for d in lost]
            degraded_ids = {d.node_id for d in lost}
            catalog._artifact(conn, batch.artifact_id, source, "dbt", batch.artifact_hash, now)

            todo = [r for r in batch.records if r.evidence_id not in degraded_ids]
            report.kept_degraded = len(batch.records) - len(todo)
            changed_entities: set[str] = set()
            step = 2000
            for start in range(0, len(todo), step):
                chunk = todo[start:start + step]
                outcomes = catalog._put_many(conn, [(r, stable_fingerprint(r)) for r in chunk], batch.artifact_id, now,
                                            written=written)
                changed_entities |= {r.entity_id for r, o in zip(chunk, outcomes) if o != "unchanged"}
                for outcome in outcomes:
                    if outcome == "added":
                        report.added += 1
                    elif outcome == "revised":
                        report.changed += 1
                    else:
                        report.unchanged += 1
                if progress:
                    progress(min(start + step, len(todo)), len(todo))

            current_ids = {r.evidence_id for r in batch.records}
            for evidence_id in sorted(set(json.loads(prev.evidence_ids)) - current_ids if prev else ()):
                live = catalog._live_record(conn, evidence_id)
                retired = _retire(live, batch.synced_at) if live else None
                if retired is not None:
                    catalog._put(conn, retired, batch.artifact_id, now, fingerprint=stable_fingerprint(retired) + ":retired")
                    report.retired += 1

            report.edges_opened, report.edges_closed = _replace_edges(conn, scope, batch, degraded_ids)
            report.freshness = _add_freshness(conn, [
                dict(node_id=f.node_id, kind=f.kind, status=f.status, checked_at=f.checked_at or batch.synced_at,
                     max_loaded_at=f.max_loaded_at, criteria=f.criteria, origin=f.origin) for f in batch.freshness])
            _replace_relations(conn, scope, batch.relations)
            for item in batch.quarantine:
                rejected = _quarantine_item(item)
                catalog._quarantine(conn, rejected, now)
                report.quarantined.append(item.message)
            # dbt states no business dates, so supersession suggestions among its nodes would be noise
            report.review_items = catalog.detect_conflicts(conn, changed_entities, now, suggest=False)
            conn.execute(text("INSERT INTO sync_state (scope, artifact_id, artifact_hash, synced_at, evidence_ids, summary) "
                              "VALUES (:s, :a, :h, :t, :ids, :sum)"),
                         {"s": scope, "a": batch.artifact_id, "h": batch.artifact_hash, "t": batch.synced_at,
                          "ids": json.dumps(sorted(current_ids | (degraded_ids & set(json.loads(prev.evidence_ids)) if prev else set()))),
                          "sum": json.dumps(summary)})
            catalog._bump(conn)
    except SQLAlchemyError as exc:
        raise CatalogError(f"the sync of {source} was rolled back; the catalog is unchanged: {str(exc).splitlines()[0]}") from None
    return report


def _replace_edges(conn, scope: str, batch: SyncBatch, degraded_ids: set[str]) -> tuple[int, int]:
    rows = conn.execute(text("SELECT id, source, target, kind FROM lineage_edge WHERE scope = :s AND valid_to IS NULL"),
                        {"s": scope}).all()
    open_edges = {(r.source, r.target, r.kind): r.id for r in rows}
    wanted = {(e.source, e.target, e.kind): e for e in batch.edges}
    closing = [edge_id for key, edge_id in open_edges.items()
               if key not in wanted and key[0].split("#")[0] not in degraded_ids and key[1].split("#")[0] not in degraded_ids]
    for edge_id in closing:
        conn.execute(text("UPDATE lineage_edge SET valid_to = :t WHERE id = :i"), {"t": batch.synced_at, "i": edge_id})
    new = [e for key, e in wanted.items() if key not in open_edges]
    if new:
        conn.execute(text("INSERT INTO lineage_edge (source, target, kind, origin, origin_kind, scope, revision_pk, valid_from, "
                          "valid_to) VALUES (:s, :t, :k, :o, :ok, :scope, NULL, :vf, NULL)"),
                     [{"s": e.source, "t": e.target, "k": e.kind, "o": e.origin, "ok": e.origin_kind, "scope": scope,
                       "vf": e.valid_from or batch.synced_at} for e in new])
    return len(new), len(closing)


def _replace_relations(conn, scope: str, relations: dict[str, str]) -> None:
    names = sorted(relations)
    for start in range(0, len(names), 500):
        stmt = text("DELETE FROM relation WHERE relation IN :r").bindparams(bindparam("r", expanding=True))
        conn.execute(stmt, {"r": names[start:start + 500]})
    if names:
        conn.execute(text("INSERT INTO relation (relation, unique_id, scope) VALUES (:r, :u, :s)"),
                     [{"r": r, "u": relations[r], "s": scope} for r in names])


def _add_freshness(conn, rows: list[dict]) -> int:
    added = 0
    for row in rows:
        exists = conn.execute(text("SELECT 1 FROM freshness WHERE node_id = :node_id AND kind = :kind AND checked_at = :checked_at "
                                   "AND origin = :origin"), row).first()
        if not exists:
            conn.execute(text("INSERT INTO freshness (node_id, kind, status, checked_at, max_loaded_at, criteria, origin) "
                              "VALUES (:node_id, :kind, :status, :checked_at, :max_loaded_at, :criteria, :origin)"), row)
            added += 1
    return added


def openlineage_records(batch: OpenLineageBatch, mapping: dict[str, str], roles: tuple[str, ...]) -> list[EvidenceRecord]:
    """Datasets and jobs that no dbt node stands for become records, so the graph path has
    permissions (the configured default roles) and answers have something to cite."""
    out = []
    for ref in batch.datasets.values():
        if ref.node in mapping:
            continue
        fields = f" Fields: {', '.join(ref.fields)}." if ref.fields else ""
        also = f" Also known as: {', '.join(ref.symlinks)}." if ref.symlinks else ""
        out.append(EvidenceRecord(
            evidence_id=ref.node, entity_id=ref.node, entity_type="dataset", title=ref.name, status="current",
            authority="non_authoritative", permissions=list(roles), aliases=sorted(set(ref.symlink_names) - {ref.name}),
            recorded_at=batch.received_at, artifact_id="openlineage",
            body=f"OpenLineage dataset {ref.name} in namespace {ref.namespace}.{fields}{also}"))
    for ref in batch.jobs.values():
        if ref.node in mapping:
            continue
        kind = f" ({ref.job_type})" if ref.job_type else ""
        out.append(EvidenceRecord(
            evidence_id=ref.node, entity_id=ref.node, entity_type="job", title=ref.name, status="current",
            authority="non_authoritative", permissions=list(roles), recorded_at=batch.received_at, artifact_id="openlineage",
            body=f"OpenLineage job {ref.name}{kind} in namespace {ref.namespace}."))
    return out


def sync_openlineage(catalog: Catalog, batch: OpenLineageBatch, source: str, now: datetime,
                     roles: tuple[str, ...] = ("analytics_readers",)) -> SyncReport:
    report = SyncReport(kind="openlineage", source=source, warnings=list(batch.warnings))
    try:
        with catalog.engine.begin() as conn:
            relations = dict(conn.execute(text("SELECT relation, unique_id FROM relation")).all())
            mapping = dict(batch.dbt_ids)
            mapping.update(match_datasets(relations, batch.datasets))

            def canonical(node: str) -> str:
                base, sep, column = node.partition("#")
                return mapping.get(base, base) + (sep + column if sep else "")

            existing = {(r.source, r.target, r.kind, r.origin) for r in conn.execute(text(
                "SELECT source, target, kind, origin FROM lineage_edge WHERE scope = 'openlineage'")).all()}
            new = []
            for e in batch.edges:
                key = (canonical(e.source), canonical(e.target), e.kind, e.origin)
                if key not in existing:
                    existing.add(key)
                    new.append({"s": key[0], "t": key[1], "k": e.kind, "o": e.origin, "ok": e.origin_kind,
                                "vf": e.valid_from or batch.received_at})
            if new:
                conn.execute(text("INSERT INTO lineage_edge (source, target, kind, origin, origin_kind, scope, revision_pk, "
                                  "valid_from, valid_to) VALUES (:s, :t, :k, :o, :ok, 'openlineage', NULL, :vf, NULL)"), new)
            report.edges_opened = len(new)
            records = [(r, stable_fingerprint(r)) for r in openlineage_records(batch, mapping, roles)]
            for outcome in catalog._put_many(conn, records, "openlineage", now):
                if outcome == "revised":
                    report.changed += 1
            report.freshness = _add_freshness(conn, [
                dict(node_id=canonical(out), kind="openlineage_run", status=(run.state or "OTHER").lower(),
                     checked_at=run.event_time, max_loaded_at=None, criteria=None, origin=run.origin)
                for run in batch.runs for out in run.outputs])
            report.added = len(batch.events)
            for item in batch.quarantine:
                catalog._quarantine(conn, _quarantine_item(item), now)
                report.quarantined.append(item.message)
            catalog._bump(conn)
    except SQLAlchemyError as exc:
        raise CatalogError(f"the OpenLineage import was rolled back; the catalog is unchanged: {str(exc).splitlines()[0]}") from None
    return report
