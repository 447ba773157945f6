"""Conflicts found when knowledge is written, and review decisions that settle them.

Pure. `find_conflicts(revisions)` looks at the live records of one entity and names the review
items they need: *hard* (two authoritative records overlap in effective time and neither
supersedes the other), *soft* (a draft proposes to change an authoritative definition; a
non-authoritative page speaks about a governed entity). `apply_rankings` lets live review
decisions settle a hard conflict for a date (behaviors.md row 6b).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Optional

from catalog.records import Authority, Frozen, Revision, Status


class ReviewItem(Frozen):
    key: str  # stable: the same conflict is never filed twice
    kind: str  # hard | soft
    entity_id: str
    evidence_ids: list[str]
    reason: str


class RankDecision(Frozen):
    """A live review decision: `winner` prevails over `loser` within [valid_from, valid_to]."""

    decision_id: int
    winner: str
    loser: str
    valid_from: Optional[date] = None
    valid_to: Optional[date] = None
    reviewer: str
    decided_at: datetime
    rationale: str

    def covers(self, day: date) -> bool:
        return (self.valid_from is None or self.valid_from <= day) and (self.valid_to is None or day <= self.valid_to)

    def citation(self) -> str:
        span = ""
        if self.valid_from or self.valid_to:
            span = f" for {self.valid_from or 'the beginning'} to {self.valid_to or 'no end date'}"
        return (f"review decision #{self.decision_id} by {self.reviewer} on {self.decided_at.date().isoformat()}{span}: "
                f"\"{self.rationale}\"")


def _authoritative(rev: Revision) -> bool:
    r = rev.record
    return r.authority == Authority.authoritative and r.status in (Status.current, Status.superseded)


def _linked(a: Revision, b: Revision) -> bool:
    x, y = a.record, b.record
    return x.supersedes == y.evidence_id or y.supersedes == x.evidence_id or \
        x.superseded_by == y.evidence_id or y.superseded_by == x.evidence_id


def _overlap(a: Revision, b: Revision) -> bool:
    x, y = a.record, b.record
    return (x.effective_from or date.min) <= (y.effective_to or date.max) and \
        (y.effective_from or date.min) <= (x.effective_to or date.max)


def find_conflicts(revisions: list[Revision]) -> list[ReviewItem]:
    live = [r for r in revisions if r.record.status != Status.retracted]
    authorities = sorted((r for r in live if _authoritative(r)), key=lambda r: r.evidence_id)
    items: list[ReviewItem] = []
    for i, a in enumerate(authorities):
        for b in authorities[i + 1:]:
            if _overlap(a, b) and not _linked(a, b):
                items.append(ReviewItem(
                    key=f"hard:{a.evidence_id}|{b.evidence_id}", kind="hard", entity_id=a.record.entity_id,
                    evidence_ids=[a.evidence_id, b.evidence_id],
                    reason=f"{a.evidence_id} and {b.evidence_id} are both authoritative for overlapping dates and "
                           "neither supersedes the other"))
    if not authorities:
        return items
    for r in sorted(live, key=lambda r: r.evidence_id):
        if _authoritative(r):
            continue
        rec = r.record
        if rec.status == Status.draft:
            targets = [a.evidence_id for a in authorities if rec.supersedes == a.evidence_id] or [a.evidence_id for a in authorities]
            items.append(ReviewItem(
                key=f"soft:draft:{rec.evidence_id}", kind="soft", entity_id=rec.entity_id,
                evidence_ids=[rec.evidence_id, *targets],
                reason=f"draft {rec.evidence_id} proposes to change the authoritative definition ({', '.join(targets)})"))
        else:
            items.append(ReviewItem(
                key=f"soft:page:{rec.evidence_id}", kind="soft", entity_id=rec.entity_id,
                evidence_ids=[rec.evidence_id, *[a.evidence_id for a in authorities]],
                reason=f"{rec.authority.value.replace('_', '-')} {rec.entity_type} {rec.evidence_id} speaks about an entity "
                       "that has authoritative records; check it does not contradict them"))
    return items


@dataclass
class Ranked:
    winner: Revision
    losers: list[Revision]
    decisions: list[RankDecision]


def apply_rankings(candidates: list[Revision], day: date, decisions: list[RankDecision]) -> Optional[Ranked]:
    """Settle several authorities effective on `day` with live rank decisions, if they decide it."""
    ids = {r.evidence_id for r in candidates}
    used = [d for d in decisions if d.winner in ids and d.loser in ids and d.covers(day)]
    beaten = {d.loser for d in used}
    standing = [r for r in candidates if r.evidence_id not in beaten]
    if len(standing) != 1 or not used:
        return None
    return Ranked(standing[0], [r for r in candidates if r.evidence_id in beaten], used)
