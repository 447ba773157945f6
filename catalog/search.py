"""The catalog's search indexes (tantivy text + MiniLM vectors), kept in step with the catalog.

The indexes live beside the catalog (`<catalog file>.search/`, or CANON_INDEX_DIR for a server
URL) and hold the live revision of every record with its permissions as query filters.
`refresh()` compares them with the catalog and re-indexes exactly what changed — content,
permissions, status (a retraction removes a record) — so every write path (import, sync,
review decisions, quarantine retry, OpenLineage intake) ends with one call. The vector index is
built the first time a vector search needs it and kept current from then on. The catalog stays
the authority: every hit is re-checked against it (`verify`) before anyone sees it.
"""
from __future__ import annotations

import hashlib
import json
import os
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Optional

from sqlalchemy import bindparam, text

from catalog.errors import UsageError


def index_folder(url: str) -> Path:
    explicit = os.environ.get("CANON_INDEX_DIR")
    if explicit:
        return Path(explicit)
    if url.startswith("sqlite:///"):
        return Path(url.removeprefix("sqlite:///") + ".search")
    return Path(".canon") / ("search-" + hashlib.sha256(url.encode()).hexdigest()[:12])


def available() -> bool:
    try:
        import tantivy  # noqa: F401
    except ImportError:
        return False
    return True


class CatalogSearch:
    def __init__(self, catalog):
        self.catalog = catalog
        self.folder = index_folder(catalog.url)
        self._indexes = None

    @property
    def indexes(self):
        if self._indexes is None:
            if not available():
                raise UsageError("search needs the search extra: pip install 'canon[search]' (tantivy, sentence-transformers)")
            from catalog.hybrid import SearchIndexes

            self._indexes = SearchIndexes(self.folder)
        return self._indexes

    def exists(self) -> bool:
        return (self.folder / "state.json").exists()

    def vectors_built(self) -> bool:
        return (self.folder / "vectors" / "vectors.npy").exists()

    def _live_keys(self) -> dict[str, list]:
        """evidence_id -> the index key of its live revision (revision, hash, permissions, status)."""
        sql = ("SELECT r.evidence_id, r.revision, r.content_hash, r.status, rr.role FROM revision r "
               "JOIN (SELECT evidence_id, MAX(revision) AS rev FROM revision GROUP BY evidence_id) live "
               "ON r.evidence_id = live.evidence_id AND r.revision = live.rev "
               "LEFT JOIN revision_role rr ON rr.revision_pk = r.pk")
        keys: dict[str, list] = {}
        with self.catalog.engine.connect() as conn:
            for evidence_id, revision, content_hash, status, role in conn.execute(text(sql)):
                entry = keys.setdefault(evidence_id, [revision, content_hash, [], status])
                if role:
                    entry[2].append(role)
        for entry in keys.values():
            entry[2].sort()
        return keys

    def _live_revisions(self, evidence_ids: list[str], live: Optional[dict[str, list]] = None,
                        written: Optional[dict] = None):
        """The live revisions of these ids. One this process has just written is taken as is when
        the live key names the same revision number ((evidence_id, revision) is unique), the
        rest are read back from the catalog."""
        from catalog.store import _LIVE, _revision

        written = written or {}
        reused = [written[eid] for eid in evidence_ids
                  if live and eid in written and written[eid].revision == live[eid][0]]
        taken = {rev.evidence_id for rev in reused}
        wanted = [eid for eid in evidence_ids if eid not in taken]
        out = []
        with self.catalog.engine.connect() as conn:
            for start in range(0, len(wanted), 500):
                stmt = text(_LIVE.format(scope="evidence_id IN :ids")).bindparams(bindparam("ids", expanding=True))
                out += [_revision(row) for row in conn.execute(
                    stmt, {"ids": wanted[start:start + 500], "known_at": datetime.max.replace(tzinfo=timezone.utc)})]
        return reused + out

    def refresh(self, vectors: Optional[bool] = None, written: Optional[dict] = None):
        """Re-index what changed in the catalog since the indexes last saw it. Returns the report.
        `written`: revisions just stored by this process, by evidence id (see _live_revisions)."""
        if not available():
            return None
        indexes = self.indexes
        state_file = self.folder / "state.json"
        state = json.loads(state_file.read_text(encoding="utf-8")) if state_file.exists() else {}
        live = self._live_keys()
        changed = sorted(eid for eid, key in live.items()
                         if state.get(eid) != key and not (key[3] == "retracted" and eid not in state))
        removed = sorted(set(state) - set(live))
        if not changed and not removed and state_file.exists():
            return None
        # no embedding here: a write refreshing the indexes leaves new texts to the next vector search
        report = indexes.update(self._live_revisions(changed, live, written), removed,
                                vectors=self.vectors_built() if vectors is None else vectors, encode=False)
        if indexes.text.needs_rebuild():  # replaced chunks' payloads outweigh the live ones: start anew
            return self.rebuild()
        return report

    def rebuild(self):
        live = sorted(self._live_keys())
        return self.indexes.rebuild(self._live_revisions(live))

    def search(self, query: str, source, *, as_of: Optional[date] = None, period=None, mode: str = "governed",
               limit: int = 10):
        """Search inside the requester's permissions (the source is narrowed to them), re-checked
        against the catalog at known_at."""
        self.refresh()
        if mode != "text" and not self.vectors_built():
            self.rebuild()
        return self.indexes.search(query, source.roles, as_of=as_of, mode=mode, limit=limit, period=period,
                                   recheck=source.verify)
