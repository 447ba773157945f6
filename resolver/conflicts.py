"""Conflicts found when knowledge is written, and review decisions that settle them.

Pure. `find_conflicts(revisions)` looks at the live records of one entity and names the review
items they need: *hard* (two authoritative records overlap in effective time and neither
supersedes the other), *soft* (a draft proposes to change an authoritative definition; a
non-authoritative page speaks about a governed entity). `apply_rankings` lets live review
decisions settle a hard conflict for a date (behaviors.md row 6b).
"""
from __future__ import annotations

from collections import Counter
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
    """A live review decision: `winner` prevails over `loser` within [valid_from, valid_to]; made with
    `canon review` (decision_id) or kept as a review-decision record (`record`, which is cited)."""

    decision_id: Optional[int] = None
    record: Optional[Revision] = None
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
        which = f"#{self.decision_id}" if self.record is None else f"[{self.record.evidence_id}]"
        return (f"review decision {which} by {self.reviewer} on {self.decided_at.date().isoformat()}{span}: "
                f"\"{self.rationale}\"")


def _authoritative(rev: Revision) -> bool:
    """An authoritative record that defines its entity (a review decision or freshness check filed
    under the entity's id reports on its records; it is no rival of them)."""
    r = rev.record
    return r.authority == Authority.authoritative and r.status in (Status.current, Status.superseded) and not r.reports_on_others()


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


def _start(rev: Revision) -> date:
    return rev.record.effective_from or rev.recorded_at.date()


def _shingles(text: str, size: int = 3) -> set[tuple[str, ...]]:
    from resolver.text import words

    w = words(text)
    return {tuple(w[i:i + size]) for i in range(max(1, len(w) - size + 1))}


def _jaccard(sa: set, sb: set) -> float:
    """Jaccard similarity of two texts' word 3-shingles: near-duplicate texts score high whatever their ids."""
    return len(sa & sb) / len(sa | sb) if sa and sb else 0.0


NEAR_DUPLICATE = 0.5
# In a group of at least BOILERPLATE_GROUP records, a shingle found in more than BOILERPLATE_SHARE
# of them is template text ("this page predates the governed definition ..."): records that share
# only their template are not copies of each other.
BOILERPLATE_GROUP = 10
BOILERPLATE_SHARE = 0.2


def _distinctive_shingles(revisions: list[Revision]) -> dict[str, set]:
    shingles = {r.evidence_id: _shingles(r.record.body) for r in revisions}
    if len(revisions) < BOILERPLATE_GROUP:
        return shingles
    counts = Counter(shingle for found in shingles.values() for shingle in found)
    limit = max(2, int(BOILERPLATE_SHARE * len(revisions)))
    return {eid: {s for s in found if counts[s] <= limit} for eid, found in shingles.items()}


def suggest_supersessions(revisions: list[Revision], focus: Optional[set[str]] = None,
                          seen: Optional[set[str]] = None, linked: Optional[dict[str, set[str]]] = None) -> list[ReviewItem]:
    """Predecessor/successor pairs that nobody linked: records of one type about one entity (or
    near-duplicate texts about different entities) starting on different dates. The older is the
    suggested predecessor; accepting writes supersedes/superseded_by.

    `focus`: only pairs with a record of one of these entities (what a write touched); `seen`: pair
    keys already weighed by an earlier call of the same write, skipped and extended here; `linked`:
    entity -> the other entities it shares a name with (the blocking key): records of different
    entities are weighed only when linked. Without it, every pair is weighed."""
    live = sorted((r for r in revisions if r.record.status != Status.retracted and r.record.authority != Authority.untrusted),
                  key=lambda r: (_start(r), r.evidence_id))
    items = []
    shingles = _distinctive_shingles(live)
    for older, newer in _candidate_pairs(live, focus, linked):
        if newer.record.status == Status.superseded and older.record.status != Status.superseded:
            older, newer = newer, older  # a record that says it is superseded is the predecessor, whatever its date
        a, b = older.record, newer.record
        key = f"suggest:{older.evidence_id}>{newer.evidence_id}"
        if seen is not None:
            if key in seen:
                continue
            seen.add(key)
        if _linked(older, newer) or _start(older) == _start(newer) or a.entity_type != b.entity_type:
            continue
        if a.superseded_by and b.supersedes:
            continue  # both already sit in a stated chain (v1 -> v2 -> v3): nothing left to suggest
        if a.status == Status.draft or b.status == Status.draft:
            continue
        same_entity = a.entity_id == b.entity_id
        score = _jaccard(shingles[older.evidence_id], shingles[newer.evidence_id])
        if not same_entity and score < NEAR_DUPLICATE:
            continue
        if same_entity and _authoritative(older) and _authoritative(newer) and _overlap(older, newer):
            continue  # that is a hard conflict, filed as such
        why = (f"same entity ({a.entity_id}) and type ({a.entity_type})" if same_entity
               else f"near-duplicate texts (similarity {score:.2f}) about {a.entity_id} and {b.entity_id}")
        items.append(ReviewItem(
            key=key, kind="suggestion", entity_id=b.entity_id,
            evidence_ids=[newer.evidence_id, older.evidence_id],
            reason=f"{newer.evidence_id} (from {_start(newer)}) may supersede {older.evidence_id} (from {_start(older)}): "
                   f"{why}; neither names the other"))
    return items


def _candidate_pairs(live: list[Revision], focus: Optional[set[str]], linked: Optional[dict[str, set[str]]]):
    """(older, newer) pairs in the order of `live`, each once: all pairs, or only those of one
    entity or of linked entities; with `focus`, only pairs touching a focused entity."""
    def wanted(a: Revision, b: Revision) -> bool:
        return focus is None or a.record.entity_id in focus or b.record.entity_id in focus

    if linked is None:
        for i, older in enumerate(live):
            for newer in live[i + 1:]:
                if wanted(older, newer):
                    yield older, newer
        return
    position = {id(r): i for i, r in enumerate(live)}
    by_entity: dict[str, list[Revision]] = {}
    for rev in live:
        by_entity.setdefault(rev.record.entity_id, []).append(rev)
    pairs: set[tuple[int, int]] = set()
    for entity, own in by_entity.items():
        for partner in {entity} | (linked.get(entity, set()) & by_entity.keys()):
            for x in own:
                for y in by_entity[partner]:
                    i, j = sorted((position[id(x)], position[id(y)]))
                    if i != j and wanted(x, y):
                        pairs.add((i, j))
    for i, j in sorted(pairs):
        yield live[i], live[j]


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
