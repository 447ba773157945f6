"""Review items and decisions in the catalog: a trail that is appended to, never erased.

Decisions: `rank` (the winner prevails for an interval), `supersede` (the winner supersedes the
loser: recorded as new revisions of both records, and honoured by the resolver like a ranking,
so a later re-import cannot silently undo it), `dismiss`. A revert keeps the decision with status
`reverted` and who/when/why, reopens the item, and for `supersede` writes revisions that restore
the previous supersession fields.
"""
from __future__ import annotations

import json
from datetime import date, datetime
from typing import Optional

from sqlalchemy import text

from catalog.errors import NotFoundError, UsageError
from catalog.store import Catalog


def _item(conn, item_id: int):
    row = conn.execute(text("SELECT * FROM review_item WHERE id = :i"), {"i": item_id}).mappings().first()
    if row is None:
        raise NotFoundError(f"no review item #{item_id} (see `canon review list`)")
    return row


def list_items(catalog: Catalog, status: Optional[str] = None) -> list[dict]:
    sql = "SELECT id, kind, status, entity_id, evidence_ids, reason, created_at FROM review_item"
    params = {}
    if status:
        sql += " WHERE status = :s"
        params["s"] = status
    with catalog.engine.connect() as conn:
        rows = conn.execute(text(sql + " ORDER BY id"), params).mappings().all()
    return [dict(r, evidence_ids=json.loads(r["evidence_ids"]), created_at=str(r["created_at"])) for r in rows]


def show_item(catalog: Catalog, item_id: int) -> dict:
    with catalog.engine.connect() as conn:
        item = dict(_item(conn, item_id))
        decisions = conn.execute(text("SELECT * FROM review_decision WHERE item_id = :i ORDER BY id"), {"i": item_id}).mappings().all()
    item["evidence_ids"] = json.loads(item["evidence_ids"])
    item["created_at"] = str(item["created_at"])
    item["decisions"] = [{k: (str(v) if isinstance(v, (datetime, date)) else v) for k, v in d.items() if k != "undo"}
                         for d in decisions]
    return item


def decide(catalog: Catalog, item_id: int, action: str, *, reviewer: str, rationale: str, now: datetime,
           winner: Optional[str] = None, valid_from: Optional[date] = None, valid_to: Optional[date] = None) -> dict:
    if not reviewer.strip() or not rationale.strip():
        raise UsageError("a review decision needs a reviewer (--by) and a rationale (--why)")
    with catalog.engine.begin() as conn:
        item = _item(conn, item_id)
        ids = json.loads(item["evidence_ids"])
        if item["status"] != "open":
            raise UsageError(f"review item #{item_id} is already {item['status']}; revert its decision first")
        loser = None
        undo = None
        if action == "accept":
            if item["kind"] != "suggestion":
                raise UsageError(f"review item #{item_id} is not a supersession suggestion; decide it with --rank, --supersede or --dismiss")
            winner, loser = ids[0], ids[1]  # the suggested successor, then the predecessor
            undo = _write_supersession(catalog, conn, winner, loser, now)
        elif action in ("rank", "supersede"):
            if item["kind"] != "hard":
                raise UsageError(f"review item #{item_id} is a soft item; it can only be dismissed (or the records changed)")
            if winner not in ids:
                raise UsageError(f"--{action} '{winner}' is not one of the item's records: {', '.join(ids)}")
            loser = next(i for i in ids if i != winner)
            if action == "supersede":
                undo = _write_supersession(catalog, conn, winner, loser, now)
        elif action != "dismiss":
            raise UsageError(f"unknown decision '{action}' (rank, supersede, accept or dismiss)")
        decision_id = conn.execute(text(
            "INSERT INTO review_decision (item_id, action, winner, loser, valid_from, valid_to, reviewer, decided_at, rationale, "
            "status, undo) VALUES (:i, :a, :w, :l, :vf, :vt, :r, :t, :why, 'live', :undo) RETURNING id"),
            {"i": item_id, "a": action, "w": winner, "l": loser, "vf": valid_from.isoformat() if valid_from else None,
             "vt": valid_to.isoformat() if valid_to else None, "r": reviewer, "t": now, "why": rationale,
             "undo": json.dumps(undo) if undo else None}).scalar_one()
        conn.execute(text("UPDATE review_item SET status = :s WHERE id = :i"),
                     {"s": "dismissed" if action == "dismiss" else "decided", "i": item_id})
        catalog._bump(conn)
    return show_item(catalog, item_id) | {"decision_id": decision_id}


def revert(catalog: Catalog, decision_id: int, *, reviewer: str, reason: str, now: datetime) -> dict:
    if not reviewer.strip() or not reason.strip():
        raise UsageError("a revert needs a reviewer (--by) and a reason (--why)")
    with catalog.engine.begin() as conn:
        row = conn.execute(text("SELECT * FROM review_decision WHERE id = :d"), {"d": decision_id}).mappings().first()
        if row is None:
            raise NotFoundError(f"no review decision #{decision_id} (see `canon review show ITEM`)")
        if row["status"] == "reverted":
            raise UsageError(f"review decision #{decision_id} is already reverted")
        if row["undo"]:
            for evidence_id, fields in json.loads(row["undo"]).items():
                _rewrite(catalog, conn, evidence_id, fields, now)
        conn.execute(text("UPDATE review_decision SET status = 'reverted', reverted_by = :r, reverted_at = :t, "
                          "revert_reason = :why WHERE id = :d"), {"r": reviewer, "t": now, "why": reason, "d": decision_id})
        conn.execute(text("UPDATE review_item SET status = 'open' WHERE id = :i"), {"i": row["item_id"]})
        catalog._bump(conn)
    return show_item(catalog, row["item_id"])


def _write_supersession(catalog: Catalog, conn, winner: str, loser: str, now: datetime) -> dict:
    """New revisions: winner.supersedes = loser, loser.superseded_by = winner. Returns how to undo."""
    undo = {}
    for evidence_id, fields in ((winner, {"supersedes": loser}), (loser, {"superseded_by": winner})):
        record = catalog._live_record(conn, evidence_id)
        undo[evidence_id] = {k: getattr(record, k) for k in fields}
        _rewrite(catalog, conn, evidence_id, fields, now)
    return undo


def _rewrite(catalog: Catalog, conn, evidence_id: str, fields: dict, now: datetime) -> None:
    """A new revision of a record with some fields changed by governance, keeping the source
    fingerprint so that re-importing the unchanged source file stays a no-op."""
    record = catalog._live_record(conn, evidence_id)
    source_fingerprint = conn.execute(text("SELECT fingerprint FROM revision WHERE evidence_id = :e ORDER BY revision DESC "
                                           "LIMIT 1"), {"e": evidence_id}).scalar()
    changed = record.model_copy(update={**fields, "recorded_at": now})
    catalog._put_many(conn, [(changed, source_fingerprint)], record.artifact_id or "review", now, force=True)
