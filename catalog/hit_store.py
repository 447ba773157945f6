"""What a text-index hit returns, kept beside the tantivy index in a small SQLite file.

Each indexed chunk gets a row number, held in the tantivy document as a numeric fast field; the
row's payload (the hit's governance fields as one JSON object) lives here. A search reads the
row numbers of its hits from the fast field in one call and their payloads in one statement,
instead of decompressing a block of tantivy's document store per hit.

Rows are written (and committed) before the tantivy commit that refers to them, and the rows of
replaced or deleted chunks are deleted only after it: a reader of the previous index generation
still finds its rows, and a crash in between leaves unreferenced rows, never a missing one. The
next write of the same evidence ids, or a rebuild, removes them.
"""
from __future__ import annotations

import sqlite3
import threading
from collections.abc import Collection, Iterable
from pathlib import Path

_SCHEMA = """
CREATE TABLE IF NOT EXISTS hit (row INTEGER PRIMARY KEY, evidence_id TEXT NOT NULL, payload BLOB NOT NULL);
CREATE INDEX IF NOT EXISTS hit_evidence ON hit (evidence_id, row);
"""
_CHUNK = 500  # SQLite's bound-parameter limit is far above this


def _parts(values: list):
    """`values` in slices of at most _CHUNK, each with its `?, ?, ...` placeholders."""
    for at in range(0, len(values), _CHUNK):
        part = values[at: at + _CHUNK]
        yield part, ",".join("?" * len(part))


class HitStore:
    """Hit payloads by row number, in `path` (created when missing). Thread-safe: one connection
    per thread, in autocommit mode (a read never pins an old snapshot)."""

    def __init__(self, path: str | Path):
        self.path = str(path)
        self._local = threading.local()
        con = self._connection()
        con.execute("PRAGMA journal_mode=WAL")
        con.executescript(_SCHEMA)

    def _connection(self) -> sqlite3.Connection:
        con = getattr(self._local, "con", None)
        if con is None:
            con = self._local.con = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            con.execute("PRAGMA synchronous=NORMAL")
            con.execute("PRAGMA mmap_size=1073741824")  # reads straight from the page cache (no copy per page)
        return con

    def add(self, payloads: Iterable[tuple[str, bytes]]) -> int:
        """Store (evidence id, payload) pairs under consecutive rows; returns the first row (the
        rows follow in the order given). Committed before it returns."""
        con = self._connection()
        con.execute("BEGIN IMMEDIATE")
        try:
            first = (con.execute("SELECT MAX(row) FROM hit").fetchone()[0] or 0) + 1
            con.executemany("INSERT INTO hit (row, evidence_id, payload) VALUES (?, ?, ?)",
                            ((first + i, eid, payload) for i, (eid, payload) in enumerate(payloads)))
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
        return first

    def read(self, rows: list[int]) -> dict[int, bytes]:
        """The payloads of `rows` that exist, by row."""
        out: dict[int, bytes] = {}
        con = self._connection()
        for part, marks in _parts(rows):
            out.update(con.execute(f"SELECT row, payload FROM hit WHERE row IN ({marks})", part).fetchall())
        return out

    def drop(self, evidence_ids: Collection[str], *, before: int | None = None) -> None:
        """Delete the rows of `evidence_ids` (only those below row `before`, when given: the rows
        just written for the same ids stay)."""
        ids = sorted(set(evidence_ids))
        if not ids:
            return
        con = self._connection()
        con.execute("BEGIN IMMEDIATE")
        try:
            for part, marks in _parts(ids):
                if before is None:
                    con.execute(f"DELETE FROM hit WHERE evidence_id IN ({marks})", part)
                else:
                    con.execute(f"DELETE FROM hit WHERE evidence_id IN ({marks}) AND row < ?", [*part, before])
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise

    def clear(self) -> None:
        self._connection().execute("DELETE FROM hit")

    def count(self) -> int:
        return self._connection().execute("SELECT COUNT(*) FROM hit").fetchone()[0]

    def close(self) -> None:
        con = getattr(self._local, "con", None)
        if con is not None:
            con.close()
            self._local.con = None
