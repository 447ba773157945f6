"""Statements sent straight through the database's DBAPI driver: the catalog's read paths.

A SQLite file is read with the standard library's sqlite3, so a one-shot `canon ask` never imports
SQLAlchemy (its import is most of the command's start-up time), and each statement skips
SQLAlchemy's statement machinery. Any other URL (PostgreSQL) goes through the engine's pooled raw
connections. Statements are written once, with named `:params` as SQLAlchemy's `text()` takes them;
a list or tuple value expands in place to `(?, ?, ...)`, so `IN :ids` works on both.
"""
from __future__ import annotations

import re
import sqlite3
import threading
from collections.abc import Callable
from datetime import date, datetime, timezone
from typing import Any, Optional

_PARAM = re.compile(r"(?<!:):([a-z_][a-z0-9_]*)")


def sqlite_datetime(value: datetime) -> str:
    """SQLAlchemy's text format for a SQLite DATETIME (naive UTC), so that comparisons with stored
    values line up."""
    if value.tzinfo is not None:
        value = value.astimezone(timezone.utc).replace(tzinfo=None)
    return value.strftime("%Y-%m-%d %H:%M:%S.%f")


def sqlite_file(url: str) -> Optional[str]:
    """The file of a plain `sqlite:///PATH` URL; None for anything else (incl. in-memory)."""
    if not url.startswith("sqlite:///"):
        return None
    path = url[len("sqlite:///"):]
    return path if path and path != ":memory:" and "?" not in path else None


class Driver:
    """One catalog database spoken to at the DBAPI level. Thread-safe: one sqlite3 connection per
    thread (autocommit, so a read never pins an old snapshot); pooled connections otherwise."""

    def __init__(self, url: str, engine: Callable[[], Any]):
        self.file = sqlite_file(url)
        self._engine = engine  # called only for non-SQLite URLs
        self._local = threading.local()
        self._compiled: dict[str, tuple[list[str], list[str]]] = {}
        self._mark = "?" if self.file is not None else "%s"
        self._checkpoints: Optional[threading.Event] = None  # set: a checkpoint is due (checkpoint_in_background)
        self._commits = 0

    # -- statements ----------------------------------------------------------------------------

    def rows(self, sql: str, params: Optional[dict] = None) -> list[tuple]:
        """The rows of one statement (none for a statement that returns none), committed at once."""
        statement, args = self._bind(sql, params or {})
        if self.file is not None:
            return self._sqlite().execute(statement, args).fetchall()
        conn = self._engine().raw_connection()
        try:
            cursor = conn.cursor()
            cursor.execute(statement, args)
            out = [tuple(row) for row in cursor.fetchall()] if cursor.description else []
            conn.commit()
            return out
        finally:
            conn.close()

    def scalar(self, sql: str, params: Optional[dict] = None):
        rows = self.rows(sql, params)
        return rows[0][0] if rows else None

    def execute(self, sql: str, params: Optional[dict] = None) -> None:
        """One writing statement, committed at once."""
        self.rows(sql, params)

    def execute_all(self, statements: list[tuple[str, dict]]) -> None:
        """Writing statements in one transaction: all are committed, or none."""
        bound = [self._bind(sql, params) for sql, params in statements]
        if self.file is not None:
            conn = self._sqlite()
            conn.execute("BEGIN IMMEDIATE")
            try:
                for statement, args in bound:
                    conn.execute(statement, args)
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
            if self._checkpoints is not None:
                self._commits += 1
                if self._commits % self.CHECKPOINT_EVERY == 0:
                    self._checkpoints.set()
            return
        conn = self._engine().raw_connection()
        try:
            cursor = conn.cursor()
            try:
                for statement, args in bound:
                    cursor.execute(statement, args)
            except BaseException:
                conn.rollback()
                raise
            conn.commit()
        finally:
            conn.close()

    CHECKPOINT_EVERY = 64  # commits of this process between two background checkpoints
    BACKSTOP_PAGES = 20000  # WAL pages after which a committing connection checkpoints itself all the same

    def checkpoint_in_background(self) -> None:
        """For a long-running server: copy the write-ahead log into the database file (a checkpoint,
        which syncs the file) on a thread of its own instead of in the commit that crosses SQLite's
        1000-page threshold, so a request never waits for it. The thread holds the GIL only to
        loop; sqlite3 releases it while it checkpoints. Every CHECKPOINT_EVERY commits of this
        process; connections of this process checkpoint themselves only past BACKSTOP_PAGES (if
        the thread falls behind). No-op for other databases."""
        if self.file is None or self._checkpoints is not None:
            return
        self._checkpoints = threading.Event()
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.execute(f"PRAGMA wal_autocheckpoint={self.BACKSTOP_PAGES}")
        threading.Thread(target=self._checkpointer, name="canon-checkpoint", daemon=True).start()

    def _checkpointer(self) -> None:
        due = self._checkpoints
        while True:
            due.wait()
            due.clear()
            try:
                self._sqlite().execute("PRAGMA wal_checkpoint(PASSIVE)")
            except sqlite3.Error:
                pass  # busy or locked: the next one catches up (or a connection past the backstop)

    def column_time(self, value: datetime):
        """A datetime as a value comparable with DATETIME columns written through SQLAlchemy."""
        return sqlite_datetime(value) if self.file is not None else value

    def close(self) -> None:
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None

    # -- internals -----------------------------------------------------------------------------

    def _sqlite(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(self.file, timeout=5.0, isolation_level=None)
            conn.execute("PRAGMA synchronous=NORMAL")
            if self._checkpoints is not None:
                conn.execute(f"PRAGMA wal_autocheckpoint={self.BACKSTOP_PAGES}")
            self._local.conn = conn
        return conn

    def _bind(self, sql: str, params: dict) -> tuple[str, tuple]:
        parts = self._compiled.get(sql)
        if parts is None:
            parts = self._split(sql)
            if len(self._compiled) < 4096:
                self._compiled[sql] = parts
        texts, names = parts
        args: list = []
        statement: list[str] = [texts[0]]
        convert = self._value
        for name, after in zip(names, texts[1:]):
            if name not in params:
                raise KeyError(f"statement parameter ':{name}' was not given")
            value = params[name]
            if isinstance(value, (list, tuple)):
                args.extend(convert(v) for v in value)
                statement.append("(" + ", ".join([self._mark] * len(value)) + ")" if value else "(NULL)")
            else:
                args.append(convert(value))
                statement.append(self._mark)
            statement.append(after)
        return "".join(statement), tuple(args)

    def _split(self, sql: str) -> tuple[list[str], list[str]]:
        """The statement's text around its :params, and the params in order (compiled once per statement)."""
        if self.file is None:
            sql = sql.replace("%", "%%")
        texts: list[str] = []
        names: list[str] = []
        at = 0
        for match in _PARAM.finditer(sql):
            texts.append(sql[at:match.start()])
            names.append(match.group(1))
            at = match.end()
        texts.append(sql[at:])
        return texts, names

    def _value(self, value):
        if self.file is None:
            return value
        # what sqlite3's default adapters (and so SQLAlchemy's untyped text() binds) would send;
        # callers comparing with DATETIME columns pass sqlite_datetime(...) strings instead
        if isinstance(value, datetime):
            return value.isoformat(" ")
        if isinstance(value, date):
            return value.isoformat()
        return value
