"""Decision -> evidence bundle (contract.md §3), before validation."""
from __future__ import annotations

import hashlib
import json
from datetime import date
from typing import Optional

from resolver.bundle import Behavior, Bundle, EvidenceRef, Requester, Validation
from resolver.policy import Decision


def confidence(decision: Decision) -> str:
    if decision.behavior == Behavior.answer:
        has_primary = any(role == "primary" for _, role in decision.evidence)
        return "high" if decision.complete and has_primary else "medium"
    if decision.behavior == Behavior.answer_with_conflict:
        return "medium"
    return "low"


def bundle_id(question: str, requester: Requester, as_of: date, known_at: Optional[str], evidence: list[EvidenceRef]) -> str:
    """Same question, requester, time and evidence state -> same id (so a replay is comparable)."""
    key = json.dumps(
        [question, requester.principal, sorted(requester.roles), as_of.isoformat(), known_at,
         [(e.evidence_id, e.revision, e.content_hash, e.role) for e in evidence]],
        sort_keys=True,
    )
    return "b-" + hashlib.sha256(key.encode("utf-8")).hexdigest()[:20]


# when a decision names one record in two roles, the bundle lists it once, in the stronger
_ROLE_RANK = {"primary": 0, "conflict": 1, "supporting": 2, "context": 3}


def distinct_evidence(evidence: list[tuple]) -> list[tuple]:
    """(revision, role) pairs with each revision once, where it first appears, in its strongest role."""
    best: dict[tuple[str, int], tuple] = {}
    for rev, role in evidence:
        key = (rev.evidence_id, rev.revision)
        if key not in best:
            best[key] = (rev, role)
        elif _ROLE_RANK[role] < _ROLE_RANK[best[key][1]]:
            best[key] = (best[key][0], role)
    return list(best.values())


def compose(decision: Decision, question: str, requester: Requester, as_of: date, known_at: Optional[str]) -> Bundle:
    evidence = [EvidenceRef.of(rev.record, rev.revision, role) for rev, role in distinct_evidence(decision.evidence)]
    return Bundle(
        bundle_id=bundle_id(question, requester, as_of, known_at, evidence),
        question=question,
        requester=requester,
        as_of=as_of,
        known_at=known_at,
        interpretation=decision.interpretation,
        behavior=decision.behavior,
        answer=decision.answer,
        evidence=evidence,
        context_ids=[e.evidence_id for e in evidence],
        tools=decision.tools,
        validation=Validation(passed=False, checks=[]),
        confidence=confidence(decision),
        gaps=decision.gaps,
    )
