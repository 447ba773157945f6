"""The catalog store: SQLModel tables (catalog/tables.py) in SQLite by default, any SQLAlchemy
URL otherwise.

Writes go through SQLAlchemy, imported on first write; reads go straight through the database
driver (catalog/driver.py) and come back as validated records, so the ask path never imports
SQLAlchemy or SQLModel on a SQLite catalog. Table classes never leave the store. Every query is
written to run on SQLite and PostgreSQL alike.
Permissions are applied inside the queries: a record the requester may not retrieve is never
read into memory, except as the bare fact that an entity has such records (behaviors row 4).
"""
from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Optional

from typing import TYPE_CHECKING

from catalog.driver import Driver
from catalog.errors import CatalogError, NotFoundError
from catalog.memo import GenerationMemo
from catalog.loader import LoadedFile, Rejected
from catalog.records import REVIEW_DECISION_TYPES, Authority, EvidenceRecord, LineageEdge, Revision, as_utc, record_edges
from catalog.bulk import collector_paused
from lineage.graph import LineageGraph, runs
from resolver.entities import DeletionIndex, name_forms, typo_words
from resolver.source import EntityView, Freshness, LineageView

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

# Bump when catalog/tables.py changes: a catalog stamped with another version is brought up to
# date through SQLAlchemy (create_all) before the driver reads it.
SCHEMA_VERSION = "10"  # 3: edges from a record's model_ids/source_ids; 4: name forms of resolver.entities.name_forms;
# 5: names folded by resolver.text.fold with letters of every script; 6: a document's title head
# before a colon, and the nodes a freshness-result record checked (lookup_key kind "checks"); 7: records
# that state a fiscal calendar (lookup_key kind "calendar", resolver.fiscal); 8: words written with a slash
# between them are two tokens ("absence/availability"); 9: Lao, Burmese and Khmer a token a letter, as Thai;
# 10: an isiZulu concord hyphened to a borrowed word is the word alone ("ye-active") as of this version (Catalog._upgrade brings older catalogs up)


# SQLAlchemy is imported on the write paths only (the ask path reads through the driver).
def text(sql: str):
    from sqlalchemy import text as sa_text

    return sa_text(sql)


def bindparam(*args, **kwargs):
    from sqlalchemy import bindparam as sa_bindparam

    return sa_bindparam(*args, **kwargs)


def insert(table):
    from sqlalchemy import insert as sa_insert

    return sa_insert(table)


def catalog_url(value: str) -> str:
    """An SQLAlchemy URL as given, or a file path meaning SQLite."""
    if "://" in value:
        return value
    path = Path(value)
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path}"


def _utc(value) -> Optional[datetime]:
    if value is None:
        return None
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    return as_utc(value)


@dataclass
class ImportReport:
    added: int = 0
    revised: int = 0
    unchanged: int = 0
    quarantined: list[str] = field(default_factory=list)
    files: int = 0
    review_items: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {"files": self.files, "added": self.added, "revised": self.revised, "unchanged": self.unchanged,
                "quarantined": len(self.quarantined), "errors": self.quarantined, "review_items": self.review_items}


# Live revision of each evidence id at :known_at (portable SQL; the caller adds filters).
_LIVE = """
SELECT r.pk, r.evidence_id, r.revision, r.entity_id, r.recorded_at, r.artifact_id, r.payload
FROM revision r
JOIN (SELECT evidence_id, MAX(revision) AS rev FROM revision
      WHERE {scope} AND recorded_at <= :known_at GROUP BY evidence_id) live
  ON r.evidence_id = live.evidence_id AND r.revision = live.rev
"""
# the evidence ids of review-decision records (catalog.records.REVIEW_DECISION_TYPES), bound as :types
_DECISION_RECORDS = "evidence_id IN (SELECT evidence_id FROM revision WHERE lower(entity_type) IN :types)"
_VISIBLE = "EXISTS (SELECT 1 FROM revision_role rr WHERE rr.revision_pk = r.pk AND rr.role IN :roles)"
# a revision whose edges are lineage (catalog.records.states_lineage): edges of untrusted, retracted
# and draft records are stored with them but never walked
_STATES_LINEAGE = "{r}.authority <> 'untrusted' AND {r}.status NOT IN ('retracted', 'draft')"


READ_MEMO_SIZE = 8192  # read statements kept per generation (MemoReads)


def _name_keys(record: EvidenceRecord, pk: int) -> list[dict]:
    """The lookup keys of a revision's names: every form of its id, title and aliases. Untrusted text
    never steers entity resolution."""
    if record.authority == Authority.untrusted:
        return []
    forms = sorted({f for name in record.names() for f in name_forms(name)})
    return [{"kind": "name", "key": f, "entity_id": record.entity_id, "revision_pk": pk} for f in forms]


def _check_keys(record: EvidenceRecord, pk: int) -> list[dict]:
    """The lookup keys of the nodes a freshness-result record reports a check of."""
    return [{"kind": "checks", "key": node, "entity_id": record.entity_id, "revision_pk": pk}
            for node in sorted(set(record.checked_nodes()))]


def _calendar_keys(record: EvidenceRecord, pk: int) -> list[dict]:
    """A record that states a fiscal calendar (resolver.fiscal.calendar_of) is keyed, so that a question
    naming a fiscal period finds it without reading every policy."""
    from resolver.fiscal import calendar_of

    if record.authority == Authority.untrusted or calendar_of(record) is None:
        return []
    return [{"kind": "calendar", "key": "fiscal", "entity_id": record.entity_id, "revision_pk": pk}]


def _edge_rows(record: EvidenceRecord, pk: int, kinds: Optional[tuple[str, ...]] = None) -> list[dict]:
    """lineage_edge rows of a stored revision's edges (record_edges), of `kinds` of origin when given."""
    return [{"source": e.source, "target": e.target, "kind": e.kind, "origin": e.origin, "origin_kind": e.origin_kind,
             "scope": None, "revision_pk": pk, "valid_from": e.valid_from, "valid_to": e.valid_to}
            for e in record_edges(record) if kinds is None or e.origin_kind in kinds]


class Catalog:
    def __init__(self, url: str):
        self.given = url
        self.url = catalog_url(url)
        self._engine: Optional[Engine] = None
        self.driver = Driver(self.url, lambda: self.engine)
        self._index_cache: Optional[tuple[int, DeletionIndex]] = None
        self._search = None
        self._graph_cache: Optional[tuple[tuple, LineageGraph]] = None
        self._parsed: dict[int, Revision] = {}
        self._reads: GenerationMemo[tuple] = GenerationMemo(READ_MEMO_SIZE)
        if self.driver.file is None or not self._schema_current():
            self.engine  # noqa: B018 -- creates (or brings up to date) the tables, and reports a bad URL now

    @property
    def engine(self) -> Engine:
        """The SQLAlchemy engine, made on first use: writes, and every read on a non-SQLite URL."""
        if self._engine is None:
            from sqlalchemy import create_engine, event
            from sqlalchemy.exc import SQLAlchemyError

            from catalog.tables import create_schema

            try:
                engine = create_engine(self.url)
                if engine.dialect.name == "sqlite":
                    event.listen(engine, "connect", _sqlite_pragmas)
                create_schema(engine)
                with engine.begin() as conn:
                    was = conn.execute(text("SELECT value FROM catalog_meta WHERE key = 'schema'")).scalar()
                    if was is not None and was != SCHEMA_VERSION:
                        self._upgrade(conn, was)
                    stamped = conn.execute(text("UPDATE catalog_meta SET value = :v WHERE key = 'schema'"),
                                           {"v": SCHEMA_VERSION}).rowcount
                    if not stamped:
                        conn.execute(text("INSERT INTO catalog_meta (key, value) VALUES ('schema', :v)"), {"v": SCHEMA_VERSION})
            except SQLAlchemyError as exc:
                raise CatalogError(f"cannot open the catalog at {self.given}: {exc.__class__.__name__}: "
                                   f"{str(exc).splitlines()[0]}") from None
            self._engine = engine
        return self._engine

    def _upgrade(self, conn, was: str) -> None:
        """Bring a catalog written by an earlier schema up to this one, in the opening transaction.
        2 -> 3: the edges from the models and sources a record names (record_edges, origin_kind
        "definition") are written for every revision that does not have them yet.
        3 -> 4: every revision's name forms are written again (name_forms gained the name without
        its version: "policy retention rate" of "Policy retention rate v1").
        4 -> 5: the same (tokens keep letters of every script, Chinese, Japanese and Korean a token a
        character; ø, æ, ł, ı fold to plain letters; a title is also matched without its parentheses).
        5 -> 6: the same (a document is also named by its title's head before a colon), and every
        freshness-result record's checked nodes are keyed ("checks").
        6 -> 7: the same, and every record that states a fiscal calendar is keyed ("calendar").
        7 -> 8: the same (words written with a slash between them are two tokens).
        8 -> 9: the same (Lao, Burmese and Khmer are a token a letter, as Thai is)."""
        if was in ("2", "3", "4", "5", "6", "7", "8"):
            from sqlalchemy import insert

            from catalog.tables import KeyRow

            conn.execute(text("DELETE FROM lookup_key WHERE kind IN ('name', 'checks', 'calendar')"))
            conn.execute(text("DELETE FROM name_word"))
            keys = []
            for pk, payload in conn.execute(text("SELECT pk, payload FROM revision")):
                record = EvidenceRecord.model_validate(json.loads(payload))
                keys += _name_keys(record, pk) + _check_keys(record, pk) + _calendar_keys(record, pk)
            if keys:
                conn.execute(insert(KeyRow.__table__), keys)
                self._add_name_words(conn, {k["key"] for k in keys if k["kind"] == "name"})
            self._bump(conn)
        if was == "2":
            from sqlalchemy import insert

            from catalog.tables import EdgeRow

            have = {pk for (pk,) in conn.execute(text("SELECT DISTINCT revision_pk FROM lineage_edge "
                                                      "WHERE origin_kind = 'definition'"))}
            edges = []
            for pk, payload in conn.execute(text("SELECT pk, payload FROM revision")):
                if pk in have:
                    continue
                edges += _edge_rows(EvidenceRecord.model_validate(json.loads(payload)), pk, kinds=("definition",))
            if edges:
                conn.execute(insert(EdgeRow.__table__), edges)
            self._bump(conn)

    def _schema_current(self) -> bool:
        """True when the SQLite file exists and carries this version's schema stamp."""
        if not Path(self.driver.file).is_file():
            return False
        try:
            return self.driver.scalar("SELECT value FROM catalog_meta WHERE key = 'schema'") == SCHEMA_VERSION
        except Exception:  # no such table, not a database, locked: SQLAlchemy opens it and says what is wrong
            self.driver.close()
            return False

    # -- generation: bumped by every write, so in-process caches know when to rebuild ----------

    PARSED_LIMIT = 100_000

    def revision_of(self, row) -> Revision:
        """The Revision of a row read from the store. A revision row never changes once committed
        (new content is a new row), so each is parsed and validated once per process; which rows a
        requester gets is still decided by the query that read them."""
        found = self._parsed.get(row[0])
        if found is None:
            if len(self._parsed) >= self.PARSED_LIMIT:
                self._parsed.clear()
            found = self._parsed[row[0]] = _revision(row)
        return found

    def generation(self) -> int:
        return int(self.driver.scalar("SELECT value FROM catalog_meta WHERE key = 'generation'") or 0)

    @staticmethod
    def _bump(conn) -> None:
        updated = conn.execute(text("UPDATE catalog_meta SET value = CAST(CAST(value AS BIGINT) + 1 AS VARCHAR(32)) "
                                    "WHERE key = 'generation'")).rowcount
        if not updated:
            # a random start: a catalog deleted and made again under a running process never
            # repeats a generation that process's memos were built at
            import secrets

            conn.execute(text("INSERT INTO catalog_meta (key, value) VALUES ('generation', :g)"),
                         {"g": str(1 + secrets.randbelow(2 ** 30))})  # fits 32-bit columns (answer_cache.generation)

    # -- writes --------------------------------------------------------------------------------

    def import_files(self, files: list[LoadedFile], rejected_files: list[Rejected], now: datetime,
                     fault: Optional[str] = None, legacy: Optional[list[EvidenceRecord]] = None) -> ImportReport:
        """Land every valid record of `files` in one transaction; quarantine the rejected."""
        from sqlalchemy.exc import SQLAlchemyError

        report = ImportReport(files=len(files))
        touched: set[str] = set()
        try:
            with self.engine.begin() as conn:
                for loaded in files:
                    artifact_id = "file:" + loaded.content_hash[:16]
                    self._artifact(conn, artifact_id, loaded.path, "records", loaded.content_hash, now)
                    for record, outcome in zip(loaded.records, self._put_many(conn, [(r, None) for r in loaded.records], artifact_id, now)):
                        setattr(report, outcome, getattr(report, outcome) + 1)
                        if outcome != "unchanged":
                            touched.add(record.entity_id)
                    if fault == "crash-mid-import":
                        import os

                        os._exit(70)  # test hook: die with the transaction open, records written
                    for rej in loaded.rejected:
                        self._quarantine(conn, rej, now)
                        report.quarantined.append(rej.message)
                for rej in rejected_files:
                    self._quarantine(conn, rej, now)
                    report.quarantined.append(rej.message)
                if touched:
                    report.review_items = self.detect_conflicts(conn, touched, now)
                    self._bump(conn)
                for record in legacy or []:
                    report.review_items += self._file_item(conn, f"soft:legacy:{record.evidence_id}", "soft", record.entity_id,
                                                           [record.evidence_id], f"{record.evidence_id} is older than the legacy "
                                                           "threshold; review whether it should be superseded or archived", now)
        except SQLAlchemyError as exc:
            raise CatalogError(f"the import was rolled back; the catalog is unchanged: {str(exc).splitlines()[0]}") from None
        return report

    def quarantine(self, rejected: list[Rejected], now: datetime) -> None:
        with self.engine.begin() as conn:
            for rej in rejected:
                self._quarantine(conn, rej, now)

    @staticmethod
    def _artifact(conn, artifact_id, path, kind, content_hash, now) -> None:
        exists = conn.execute(text("SELECT 1 FROM artifact WHERE artifact_id = :a"), {"a": artifact_id}).first()
        if not exists:
            conn.execute(text("INSERT INTO artifact (artifact_id, path, kind, content_hash, imported_at) "
                              "VALUES (:a, :p, :k, :h, :t)"), {"a": artifact_id, "p": path, "k": kind, "h": content_hash, "t": now})

    @staticmethod
    def _quarantine(conn, rej: Rejected, now) -> None:
        conn.execute(text("INSERT INTO quarantine (path, record_index, record, field, reason, raw, created_at, status) "
                          "VALUES (:p, :i, :r, :f, :why, :raw, :t, 'open')"),
                     {"p": rej.path, "i": rej.index, "r": rej.record, "f": rej.field, "why": rej.reason, "raw": rej.raw, "t": now})

    def _put(self, conn, record: EvidenceRecord, artifact_id: str, now: datetime, fingerprint: Optional[str] = None) -> str:
        return self._put_many(conn, [(record, fingerprint)], artifact_id, now)[0]

    def _put_many(self, conn, items: list[tuple[EvidenceRecord, Optional[str]]], artifact_id: str, now: datetime,
                  force: bool = False, written: Optional[dict[str, Revision]] = None) -> list[str]:
        """Insert each record as a new revision unless its live revision is identical.

        Returns one outcome per item: "added", "revised" or "unchanged". Bulk statements: one
        lookup per 500 ids, one multi-row insert per table. `written`, when given, receives each
        new revision by evidence id (what the search refresh would otherwise read back).
        """
        last: dict[str, tuple] = {}
        ids = sorted({r.evidence_id for r, _ in items})
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            stmt = text("SELECT r.evidence_id, r.revision, r.fingerprint, r.given_recorded_at FROM revision r "
                        "JOIN (SELECT evidence_id, MAX(revision) AS rev FROM revision WHERE evidence_id IN :ids "
                        "GROUP BY evidence_id) m ON r.evidence_id = m.evidence_id AND r.revision = m.rev"
                        ).bindparams(bindparam("ids", expanding=True))
            for row in conn.execute(stmt, {"ids": chunk}):
                last[row.evidence_id] = (row.revision, row.fingerprint, _utc(row.given_recorded_at))
        outcomes: list[str] = []
        rows: list[dict] = []
        kept: list[EvidenceRecord] = []
        for record, fingerprint in items:
            fingerprint = fingerprint or record.fingerprint()
            previous = last.get(record.evidence_id)
            if previous and previous[1] == fingerprint and not force:
                outcomes.append("unchanged")
                continue
            given = record.recorded_at
            # A revision exists from when the catalog learned it: the record's own recorded_at when
            # it states a new one, else the import time.
            recorded_at = given if given is not None and (previous is None or previous[2] != given) else now
            if record.artifact_id is None:
                record = record.model_copy(update={"artifact_id": artifact_id})
            number = previous[0] + 1 if previous else 1
            last[record.evidence_id] = (number, fingerprint, given)
            rows.append({"evidence_id": record.evidence_id, "revision": number, "entity_id": record.entity_id,
                         "entity_type": record.entity_type, "status": record.status.value, "authority": record.authority.value,
                         "recorded_at": recorded_at, "imported_at": now, "fingerprint": fingerprint,
                         "given_recorded_at": given, "content_hash": record.content_hash, "artifact_id": record.artifact_id,
                         "payload": json.dumps(record.contract_dict(), ensure_ascii=False, sort_keys=True)})
            kept.append(record)
            outcomes.append("revised" if previous else "added")
            if written is not None:
                written[record.evidence_id] = Revision.model_construct(
                    record=record, revision=number, recorded_at=as_utc(recorded_at), artifact_id=record.artifact_id)
        if not rows:
            return outcomes
        from catalog.tables import EdgeRow, KeyRow, RevisionRow, RoleRow

        table = RevisionRow.__table__
        # returned rows are matched by key: asking for them in parameter order makes SQLite insert one row per statement
        result = conn.execute(insert(table).returning(table.c.pk, table.c.evidence_id, table.c.revision), rows)
        pk_of = {(evidence_id, revision): pk for pk, evidence_id, revision in result}
        pks = [pk_of[(row["evidence_id"], row["revision"])] for row in rows]
        roles, keys, edges = [], [], []
        for pk, record in zip(pks, kept):
            roles += [{"revision_pk": pk, "role": role} for role in sorted(set(record.permissions))]
            keys += [{"kind": "node", "key": node, "entity_id": record.entity_id, "revision_pk": pk} for node in sorted(record.node_ids())]
            keys += _name_keys(record, pk)
            keys += _check_keys(record, pk)
            keys += _calendar_keys(record, pk)
            edges += _edge_rows(record, pk)
        if roles:
            conn.execute(insert(RoleRow.__table__), roles)
        if keys:
            conn.execute(insert(KeyRow.__table__), keys)
            self._add_name_words(conn, {k["key"] for k in keys if k["kind"] == "name"})
        if edges:
            conn.execute(insert(EdgeRow.__table__), edges)
        return outcomes

    def detect_conflicts(self, conn, entity_ids, now: datetime, suggest: bool = True) -> list[str]:
        """File review items for the live records of these entities; an item is filed once, ever."""
        from resolver.conflicts import find_conflicts
        from resolver.reports import rankings_in

        filed: list[str] = []
        decisions: Optional[list[Revision]] = None  # the live review-decision records, read once when a hard conflict needs them
        ids = sorted(set(entity_ids))
        # only entities with more than one record can hold a conflict
        crowded: list[str] = []
        for start in range(0, len(ids), 500):
            stmt = text("SELECT entity_id FROM revision WHERE entity_id IN :ids GROUP BY entity_id "
                        "HAVING COUNT(DISTINCT evidence_id) > 1").bindparams(bindparam("ids", expanding=True))
            crowded += [eid for (eid,) in conn.execute(stmt, {"ids": ids[start:start + 500]})]
        ids = sorted(crowded)
        for start in range(0, len(ids), 500):
            stmt = text(_LIVE.format(scope="entity_id IN :ids")).bindparams(bindparam("ids", expanding=True))
            by_entity: dict[str, list[Revision]] = {}
            for row in conn.execute(stmt, {"ids": ids[start:start + 500], "known_at": datetime.max.replace(tzinfo=timezone.utc)}):
                by_entity.setdefault(row.entity_id, []).append(_revision(row))
            for entity_id, revs in by_entity.items():
                for item in find_conflicts(revs):
                    if item.kind == "hard":
                        if decisions is None:
                            decisions = self._decision_records(conn)
                        if any(rankings_in(d, item.evidence_ids) for d in decisions):
                            continue  # a governance log imported as records has decided it already (row 6b)
                    filed += self._file_item(conn, item.key, item.kind, item.entity_id, item.evidence_ids, item.reason, now)
        if suggest:
            filed += self._suggest(conn, sorted(set(entity_ids)), now)
        return filed

    def _decision_records(self, conn) -> list[Revision]:
        """The live review-decision records of the whole catalog (the review queue is not per requester)."""
        stmt = text(_LIVE.format(scope=_DECISION_RECORDS)).bindparams(bindparam("types", expanding=True))
        rows = conn.execute(stmt, {"types": sorted(REVIEW_DECISION_TYPES), "known_at": datetime.max.replace(tzinfo=timezone.utc)})
        return [_revision(row) for row in rows]

    SHARED_NAME_LIMIT = 200

    def _suggest(self, conn, entity_ids: list[str], now: datetime) -> list[str]:
        """Supersession suggestions among records that share an entity or a name (the blocking key
        that keeps near-duplicate detection from comparing everything with everything)."""
        from resolver.conflicts import suggest_supersessions

        filed: list[str] = []
        seen: set[str] = set()
        # entity -> entities sharing one of its names, in two indexed steps: the chunk's own keys
        # (revision by entity, key by revision), then who else holds those keys (key by kind and key)
        own_keys = text("SELECT DISTINCT r.entity_id, k.kind, k.key FROM revision r JOIN lookup_key k ON k.revision_pk = r.pk "
                        "WHERE r.entity_id IN :ids").bindparams(bindparam("ids", expanding=True))
        holders = text("SELECT DISTINCT key, entity_id FROM lookup_key WHERE kind = 'name' AND key IN :keys"
                       ).bindparams(bindparam("keys", expanding=True))
        live = text(_LIVE.format(scope="entity_id IN :ids")).bindparams(bindparam("ids", expanding=True))
        for start in range(0, len(entity_ids), 200):
            chunk = entity_ids[start:start + 200]
            names: dict[str, set[str]] = {}
            for entity_id, kind, key in conn.execute(own_keys, {"ids": chunk}):
                if kind == "name":
                    names.setdefault(key, set()).add(entity_id)
            keys = sorted(names)
            linked: dict[str, set[str]] = {}
            for at in range(0, len(keys), 500):
                for key, holder in conn.execute(holders, {"keys": keys[at:at + 500]}):
                    for entity_id in names[key]:
                        if holder != entity_id:
                            linked.setdefault(entity_id, set()).add(holder)
            # a name shared that widely is no evidence of succession
            linked = {a: others for a, others in linked.items() if len(others) <= self.SHARED_NAME_LIMIT}
            for a, others in list(linked.items()):
                for b in others:
                    linked.setdefault(b, set()).add(a)
            related = sorted(set(chunk) | set(linked))
            revs = [_revision(row) for row in conn.execute(live, {"ids": related, "known_at": datetime.max.replace(tzinfo=timezone.utc)})]
            groups: dict[str, list[Revision]] = {}
            for rev in revs:
                groups.setdefault(rev.record.entity_type, []).append(rev)
            for group in groups.values():
                if len(group) < 2:
                    continue
                for item in suggest_supersessions(group, focus=set(chunk), seen=seen, linked=linked):
                    filed += self._file_item(conn, item.key, item.kind, item.entity_id, item.evidence_ids, item.reason, now)
        return filed

    @staticmethod
    def _file_item(conn, key: str, kind: str, entity_id: str, evidence_ids: list[str], reason: str, now: datetime) -> list[str]:
        if conn.execute(text("SELECT 1 FROM review_item WHERE key = :k"), {"k": key}).first():
            return []
        conn.execute(text("INSERT INTO review_item (key, kind, entity_id, evidence_ids, reason, created_at, status) "
                          "VALUES (:k, :kind, :e, :ids, :why, :t, 'open')"),
                     {"k": key, "kind": kind, "e": entity_id, "ids": json.dumps(evidence_ids), "why": reason, "t": now})
        return [f"{kind}: {reason}"]

    @staticmethod
    def _add_name_words(conn, forms: set[str]) -> None:
        pairs = {(w, f) for f in forms for w in typo_words(f)}
        if not pairs:
            return
        # the pairs already stored are skipped by the key: a lookup would re-read every form of
        # common words ("fct", "stg") once per batch
        conn.execute(text("INSERT INTO name_word (word, form) VALUES (:word, :form) ON CONFLICT (word, form) DO NOTHING"),
                     [{"word": w, "form": f} for w, f in sorted(pairs)])

    @staticmethod
    def _live_record(conn, evidence_id: str) -> Optional[EvidenceRecord]:
        payload = conn.execute(text("SELECT payload FROM revision WHERE evidence_id = :e ORDER BY revision DESC LIMIT 1"),
                               {"e": evidence_id}).scalar()
        return EvidenceRecord.model_validate(json.loads(payload)) if payload else None

    # -- reads ---------------------------------------------------------------------------------

    @property
    def search(self):
        """The search indexes beside this catalog (catalog/search.py); tantivy loads only when used."""
        if self._search is None:
            from catalog.search import CatalogSearch

            self._search = CatalogSearch(self)
        return self._search

    def names(self, generation: Optional[int] = None) -> "CatalogNames":
        """Entity names as the catalog holds them (every form ever recorded: a superset, since
        resolution then checks what the requester may see at known_at). `generation`: as for source()."""
        return CatalogNames(self, self.reads(generation))

    def typo_index(self) -> DeletionIndex:
        generation = self.generation()
        if self._index_cache and self._index_cache[0] == generation:
            return self._index_cache[1]
        index = DeletionIndex([w for (w,) in self.driver.rows("SELECT DISTINCT word FROM name_word")])
        self._index_cache = (generation, index)
        return index

    def source(self, roles: Iterable[str], known_at: Optional[datetime], generation: Optional[int] = None) -> "CatalogSource":
        """The catalog as one requester sees it at `known_at` (None: everything recorded). With the
        `generation` the caller read, the source's statements are answered from the read memo of
        that generation (see MemoReads)."""
        return CatalogSource(self, tuple(sorted(set(roles))), known_at or datetime.max.replace(tzinfo=timezone.utc),
                             self.reads(generation))

    def forget_reads(self) -> None:
        self._reads.clear()

    def reads(self, generation: Optional[int]) -> "MemoReads | Driver":
        """What answers the read statements of the ask path: the read memo at `generation`, or
        the driver itself when no generation is given."""
        return self.driver if generation is None else MemoReads(self.driver, self._reads, generation)

    def lineage_graph(self, known_at: datetime) -> LineageGraph:
        generation = self.generation()
        key = (generation, known_at)
        if self._graph_cache and self._graph_cache[0] == key:
            return self._graph_cache[1]
        columns = "e.source, e.target, e.kind, e.origin, e.origin_kind, e.valid_from, e.valid_to"
        # artifact and event edges need no revision check; record edges only for the live revision
        record_scope = "evidence_id IN (SELECT rv.evidence_id FROM revision rv JOIN lineage_edge le ON le.revision_pk = rv.pk)"
        sql = (f"SELECT {columns} FROM lineage_edge e WHERE e.revision_pk IS NULL UNION ALL "
               f"SELECT {columns} FROM lineage_edge e JOIN (" + _LIVE.format(scope=record_scope) + ") r ON r.pk = e.revision_pk "
               "JOIN revision st ON st.pk = e.revision_pk AND " + _STATES_LINEAGE.format(r="st"))
        rows = self.driver.rows(sql, {"known_at": self.driver.column_time(known_at)})
        with collector_paused():
            graph = LineageGraph.from_rows(
                (s, t, k, o, ok, _utc(vf) if vf is not None else None, _utc(vt) if vt is not None else None)
                for s, t, k, o, ok, vf, vt in rows)
        self._graph_cache = (key, graph)
        return graph

    _SAVE_BUNDLE = ("INSERT INTO bundle (bundle_id, created_at, principal, question, payload) "
                    "VALUES (:b, :t, :p, :q, :payload) ON CONFLICT (bundle_id) DO NOTHING")
    _CACHE = ("INSERT INTO answer_cache (key, generation, payload) VALUES (:k, :g, :p) "
              "ON CONFLICT (key) DO UPDATE SET generation = excluded.generation, payload = excluded.payload")

    def save_bundle(self, bundle_id: str, principal: Optional[str], question: str, payload: str, now: datetime,
                    *, cache: Optional[tuple[str, str, int]] = None) -> None:
        """Store a bundle's JSON (`payload`, serialized by the caller) for audit and replay; once per id.
        `cache`: (key, payload, generation) of an answer-cache entry written in the same transaction."""
        statements = [(self._SAVE_BUNDLE, {"b": bundle_id, "t": now, "p": principal, "q": question, "payload": payload})]
        if cache is not None:
            key, cached, generation = cache
            statements.append((self._CACHE, {"k": key, "g": generation, "p": cached}))
        self.driver.execute_all(statements)

    def cached(self, key: str, generation: int) -> Optional[str]:
        """The JSON text of the answer cached under `key` for this catalog generation (older ones are stale)."""
        return self.driver.scalar("SELECT payload FROM answer_cache WHERE key = :k AND generation = :g",
                                  {"k": key, "g": generation}) or None

    def bundle_created_at(self, bundle_id: str) -> Optional[datetime]:
        return _utc(self.driver.scalar("SELECT created_at FROM bundle WHERE bundle_id = :b", {"b": bundle_id}))

    def get_bundle(self, bundle_id: str) -> dict:
        payload = self.driver.scalar("SELECT payload FROM bundle WHERE bundle_id = :b", {"b": bundle_id})
        if payload is None:
            raise NotFoundError(f"no bundle '{bundle_id}' is stored in this catalog (check the id, or the --catalog used)")
        return json.loads(payload)

    def quarantined(self) -> list[dict]:
        with self.engine.connect() as conn:
            rows = conn.execute(text("SELECT id, path, record_index, record, field, reason, status FROM quarantine ORDER BY id")).mappings().all()
        return [dict(r) for r in rows]

    def overrides(self) -> list[dict]:
        with self.engine.connect() as conn:
            rows = conn.execute(text("SELECT path, field, value, by, reason, at FROM classification_override ORDER BY id")).mappings()
            return [dict(r, value=json.loads(r["value"])) for r in rows]

    def add_override(self, path: str, field: str, value, by: str, reason: str, now: datetime) -> None:
        with self.engine.begin() as conn:
            conn.execute(text("INSERT INTO classification_override (path, field, value, by, reason, at) "
                              "VALUES (:p, :f, :v, :b, :r, :t)"),
                         {"p": path, "f": field, "v": json.dumps(value, default=str), "b": by, "r": reason, "t": now})
            self._bump(conn)

    def quarantine_item(self, item_id: int) -> dict:
        with self.engine.connect() as conn:
            row = conn.execute(text("SELECT * FROM quarantine WHERE id = :i"), {"i": item_id}).mappings().first()
        if row is None:
            raise NotFoundError(f"no quarantine item #{item_id} (see `canon quarantine list`)")
        return dict(row)

    def resolve_quarantine(self, item_id: int, now: datetime) -> None:
        with self.engine.begin() as conn:
            conn.execute(text("UPDATE quarantine SET status = 'resolved' WHERE id = :i"), {"i": item_id})

    def history(self, evidence_id: str) -> list[Revision]:
        with self.engine.connect() as conn:
            rows = conn.execute(text("SELECT pk, evidence_id, revision, entity_id, recorded_at, artifact_id, payload FROM revision "
                                     "WHERE evidence_id = :e ORDER BY revision"), {"e": evidence_id}).all()
        return [_revision(r) for r in rows]

    def counts(self) -> dict[str, int]:
        with self.engine.connect() as conn:
            return {t: conn.execute(text(f"SELECT COUNT(*) FROM {t}")).scalar_one()
                    for t in ("revision", "artifact", "quarantine", "bundle", "lineage_edge")}


def _sqlite_pragmas(dbapi_conn, _record) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.close()


def _revision(row) -> Revision:
    """A revision from a row (pk, evidence_id, revision, entity_id, recorded_at, artifact_id, payload)."""
    record = EvidenceRecord.model_validate(json.loads(row[6]))
    return Revision(record=record, revision=row[2], recorded_at=_utc(row[4]), artifact_id=row[5])


class SqlLineageGraph(LineageGraph):
    """The lineage graph walked in the catalog's edge table, one indexed query per level, without
    loading the whole graph: what a one-shot command (`canon lineage`) needs. Record edges count
    only when their revision is the live one at known_at, as in Catalog.lineage_graph."""

    def __init__(self, catalog: "Catalog", known_at: datetime):
        super().__init__()
        self.catalog = catalog
        self.known_at = known_at
        self._live: dict[int, bool] = {}

    def __contains__(self, node: str) -> bool:
        return bool(self.catalog.driver.rows("SELECT 1 FROM lineage_edge WHERE source = :n OR target = :n LIMIT 1", {"n": node}))

    def _adjacent(self, nodes, upstream):
        near, far = ("target", "source") if upstream else ("source", "target")
        hops: dict[str, list] = {}
        rows = []
        driver = self.catalog.driver
        sql = (f"SELECT {near}, {far}, kind, origin, origin_kind, valid_from, valid_to, revision_pk "
               f"FROM lineage_edge WHERE {near} IN :nodes")
        for start in range(0, len(nodes), 500):
            rows += driver.rows(sql, {"nodes": list(nodes[start:start + 500])})
        pending = sorted({r[7] for r in rows if r[7] is not None and r[7] not in self._live})
        sql = ("SELECT r.pk FROM revision r WHERE r.pk IN :pks AND " + _STATES_LINEAGE.format(r="r") + " AND "
               "r.revision = (SELECT MAX(r2.revision) FROM revision r2 WHERE r2.evidence_id = r.evidence_id "
               "AND r2.recorded_at <= :known_at)")
        for start in range(0, len(pending), 500):
            chunk = pending[start:start + 500]
            live = {row[0] for row in driver.rows(sql, {"pks": chunk, "known_at": driver.column_time(self.known_at)})}
            self._live.update({p: p in live for p in chunk})
        make = LineageEdge.model_construct
        for here, there, kind, origin, origin_kind, vf, vt, pk in rows:
            if pk is not None and not self._live.get(pk, False):
                continue
            source_, target_ = (there, here) if upstream else (here, there)
            hops.setdefault(here, []).append((there, make(source=source_, target=target_, kind=kind, origin=origin,
                                                          origin_kind=origin_kind, valid_from=_utc(vf), valid_to=_utc(vt))))
        return {node: runs(hops.get(node, ())) for node in nodes}


class MemoReads:
    """Read statements answered from the catalog's read memo at one generation.

    Every write that changes what the ask path reads (records, permissions, lineage, freshness,
    review decisions, names) bumps the generation in the same transaction, so a statement's rows
    are a function of (generation, statement, parameters); the parameters hold the requester's
    roles and known_at, so permissions stay inside the statement and one requester's rows are
    never another's."""

    def __init__(self, driver: Driver, memo: GenerationMemo, generation: int):
        self.driver = driver
        self._memo = memo
        self.generation = generation

    def rows(self, sql: str, params: Optional[dict] = None):
        params = params or {}
        key = (sql, *((k, tuple(v) if isinstance(v, list) else v) for k, v in sorted(params.items())))
        return self._memo.get(self.generation, key, lambda: tuple(self.driver.rows(sql, params)))


class CatalogNames:
    """The catalog as a NameLookup: indexed SQL for exact forms, a cached deletion index for typos."""

    def __init__(self, catalog: Catalog, reads: "MemoReads | Driver"):
        self.catalog = catalog
        self._reads = reads
        self._typos: Optional[DeletionIndex] = None  # one catalog generation per reading

    def forms(self, candidates):
        out: dict[str, set[str]] = {}
        candidates = sorted(set(candidates))
        for start in range(0, len(candidates), 500):
            for key, entity_id in self._reads.rows(
                    "SELECT DISTINCT key, entity_id FROM lookup_key WHERE kind = 'name' AND key IN :k",
                    {"k": candidates[start:start + 500]}):
                out.setdefault(key, set()).add(entity_id)
        return out

    def near_words(self, token):
        if self._typos is None:
            self._typos = self.catalog.typo_index()
        return self._typos.near(token)

    def forms_with_word(self, word, limit=None):
        if limit is None:
            return [f for (f,) in self._reads.rows("SELECT form FROM name_word WHERE word = :w ORDER BY form", {"w": word})]
        return [f for (f,) in self._reads.rows("SELECT form FROM name_word WHERE word = :w ORDER BY form LIMIT :n",
                                               {"w": word, "n": limit})]


class CatalogSource:
    """The catalog narrowed to one requester's roles and one known_at (an EvidenceSource)."""

    def __init__(self, catalog: Catalog, roles: tuple[str, ...], known_at: datetime, reads: "MemoReads | Driver"):
        self.catalog = catalog
        self.roles = roles
        self.known_at = known_at
        self._reads = reads

    def _params(self, **extra) -> dict:
        return {"known_at": self.known_at, "roles": list(self.roles) or ["\x00no-role"], **extra}

    def _query(self, sql: str, **params):
        return self._reads.rows(sql, self._params(**params))

    def entities(self, entity_ids):
        ids = sorted(set(entity_ids))
        if not ids:
            return {}
        # one pass: visible records come back whole; of the others only the fact that they exist
        rows = self._query(
            "SELECT r.pk, r.evidence_id, r.revision, r.entity_id, r.recorded_at, r.artifact_id, "
            "CASE WHEN " + _VISIBLE + " THEN r.payload END AS payload FROM (" + _LIVE.format(scope="entity_id IN :ids") + ") r",
            ids=ids)
        out: dict[str, EntityView] = {}
        grouped: dict[str, list[Revision]] = {}
        hidden: set[str] = set()
        for row in rows:
            if row[6] is None:  # the payload column is empty where the requester may not see the record
                hidden.add(row[3])
            else:
                grouped.setdefault(row[3], []).append(self.catalog.revision_of(row))
        for eid in set(grouped) | hidden:
            out[eid] = EntityView(tuple(sorted(grouped.get(eid, []), key=lambda r: r.evidence_id)), eid in hidden)
        return out

    def records_for_nodes(self, node_ids):
        nodes = sorted(set(node_ids))
        if not nodes:
            return {}
        rows = self._query(
            "SELECT k.key AS node, r.pk, r.evidence_id, r.revision, r.entity_id, r.recorded_at, r.artifact_id, r.payload "
            "FROM lookup_key k JOIN revision r ON r.pk = k.revision_pk "
            "WHERE k.kind = 'node' AND k.key IN :nodes AND r.recorded_at <= :known_at "
            "AND r.revision = (SELECT MAX(r2.revision) FROM revision r2 WHERE r2.evidence_id = r.evidence_id "
            "AND r2.recorded_at <= :known_at) AND " + _VISIBLE, nodes=nodes)
        out: dict[str, list[Revision]] = {}
        for row in rows:
            out.setdefault(row[0], []).append(self.catalog.revision_of(row[1:]))
        return out

    def _visible_live(self, scope: str, **params) -> list[Revision]:
        """The live revisions (at known_at) of the evidence ids `scope` selects that this requester may retrieve."""
        rows = self._query("SELECT r.pk, r.evidence_id, r.revision, r.entity_id, r.recorded_at, r.artifact_id, r.payload FROM ("
                           + _LIVE.format(scope=scope) + ") r WHERE " + _VISIBLE, **params)
        return sorted((self.catalog.revision_of(row) for row in rows), key=lambda r: r.evidence_id)

    def checked_by(self, node_ids):
        nodes = sorted(set(node_ids))
        if not nodes:
            return []
        return self._visible_live("evidence_id IN (SELECT rv.evidence_id FROM revision rv JOIN lookup_key k ON "
                                  "k.revision_pk = rv.pk WHERE k.kind = 'checks' AND k.key IN :nodes)", nodes=nodes)

    def decision_records(self):
        return self._visible_live(_DECISION_RECORDS, types=sorted(REVIEW_DECISION_TYPES))

    def calendar_records(self):
        return self._visible_live("evidence_id IN (SELECT rv.evidence_id FROM revision rv JOIN lookup_key k ON "
                                  "k.revision_pk = rv.pk WHERE k.kind = 'calendar')")

    def _hidden_nodes(self, nodes: set[str]) -> set[str]:
        """Of these node ids, those described by live records none of which this requester may retrieve."""
        out: set[str] = set()
        ordered = sorted(nodes)
        for start in range(0, len(ordered), 500):
            rows = self._query(
                "SELECT k.key, MAX(CASE WHEN " + _VISIBLE + " THEN 1 ELSE 0 END) AS seen FROM lookup_key k JOIN ("
                + _LIVE.format(scope="evidence_id IN (SELECT rv.evidence_id FROM revision rv JOIN lookup_key lk ON "
                               "lk.revision_pk = rv.pk WHERE lk.kind = 'node' AND lk.key IN :nodes)")
                + ") r ON r.pk = k.revision_pk WHERE k.kind = 'node' AND k.key IN :nodes GROUP BY k.key",
                nodes=ordered[start:start + 500])
            out |= {key for key, seen in rows if not seen}
        return out

    def _hidden_origins(self, origins: set[str]) -> set[str]:
        ordered = sorted(origins)
        visible: set[str] = set()
        for start in range(0, len(ordered), 500):
            visible |= {row[0] for row in self._query(
                "SELECT r.evidence_id FROM (" + _LIVE.format(scope="evidence_id IN :ids") + ") r WHERE " + _VISIBLE,
                ids=ordered[start:start + 500])}
        return set(origins) - visible

    def lineage(self, walk_in_store: bool = False) -> LineageView:
        """The requester's lineage view: the in-process graph (built once per catalog generation), or,
        for one-shot commands, a walk in the store that loads nothing it does not reach."""
        graph = SqlLineageGraph(self.catalog, self.known_at) if walk_in_store else self.catalog.lineage_graph(self.known_at)
        return LineageView(graph, hidden_origins=self._hidden_origins, hidden_nodes=self._hidden_nodes)

    def freshness(self, node_ids):
        nodes = sorted(set(node_ids))
        if not nodes:
            return []
        rows = self._query("SELECT node_id, kind, status, checked_at, max_loaded_at, criteria, origin FROM freshness "
                           "WHERE node_id IN :nodes AND checked_at <= :known_at ORDER BY checked_at", nodes=nodes)
        return [Freshness(node_id=node_id, status=status, checked_at=_utc(checked_at), max_loaded_at=_utc(max_loaded_at),
                          criteria=criteria or "", origin=origin, kind=kind)
                for node_id, kind, status, checked_at, max_loaded_at, criteria, origin in rows]

    def discover(self, question: str, as_of, period=None, limit: int = 5):
        """Governed hybrid search inside this requester's permissions (empty when search is not installed)."""
        from catalog.search import available

        if not available():
            return None
        return self.catalog.search.search(question, self, as_of=as_of, period=period, limit=limit)

    def decisions(self, entity_id):
        from resolver.conflicts import RankDecision

        rows = self._query(
            "SELECT d.id, d.winner, d.loser, d.valid_from, d.valid_to, d.reviewer, d.decided_at, d.rationale "
            "FROM review_decision d JOIN review_item i ON i.id = d.item_id WHERE i.entity_id = :e "
            "AND d.action IN ('rank', 'supersede') "
            "AND d.decided_at <= :known_at AND (d.status = 'live' OR d.reverted_at > :known_at) ORDER BY d.id", e=entity_id)
        return [RankDecision(decision_id=id_, winner=winner, loser=loser, valid_from=valid_from, valid_to=valid_to,
                             reviewer=reviewer, decided_at=_utc(decided_at), rationale=rationale)
                for id_, winner, loser, valid_from, valid_to, reviewer, decided_at, rationale in rows]

    def stating_records(self, node_ids, at):
        nodes = sorted(set(node_ids))
        if not nodes:
            return []
        rows = self._query(
            "SELECT r.pk, r.evidence_id, r.revision, r.entity_id, r.recorded_at, r.artifact_id, r.payload FROM ("
            + _LIVE.format(scope="evidence_id IN (SELECT rv.evidence_id FROM revision rv JOIN lineage_edge le "
                           "ON le.revision_pk = rv.pk WHERE le.target IN :nodes)") + ") r WHERE "
            + _VISIBLE + " AND r.pk IN (SELECT e.revision_pk FROM lineage_edge e JOIN revision st ON st.pk = e.revision_pk "
            "AND " + _STATES_LINEAGE.format(r="st") + " WHERE e.target IN :nodes AND e.origin_kind = 'record' "
            "AND (e.valid_from IS NULL OR e.valid_from <= :at) AND (e.valid_to IS NULL OR e.valid_to > :at))",
            nodes=nodes, at=at)
        return [self.catalog.revision_of(row) for row in rows]

    def verify(self, evidence_ids):
        ids = sorted(set(evidence_ids))
        if not ids:
            return {}
        live = _LIVE.format(scope="evidence_id IN :ids").replace("r.payload", "r.content_hash", 1)
        rows = self._query("SELECT r.evidence_id, r.revision, r.content_hash FROM (" + live + ") r WHERE " + _VISIBLE, ids=ids)
        return {evidence_id: (revision, content_hash) for evidence_id, revision, content_hash in rows}
