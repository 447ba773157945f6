"""Resolution as a tuple of small named steps: read -> resolve -> compose -> validate."""
from __future__ import annotations

from datetime import date
from typing import Optional

from resolver.bundle import Bundle, Requester
from resolver.compose import compose
from resolver.entities import NameLookup
from resolver.interpret import read_question
from resolver.policy import resolve
from resolver.source import EvidenceSource
from resolver.validate import validate


def answer(question: str, *, requester: Requester, as_of: date, known_at: Optional[str],
           index: NameLookup, source: EvidenceSource) -> Bundle:
    reading = read_question(question, as_of, index)
    decision = resolve(reading, source, as_of)
    draft = compose(decision, question, requester, as_of, known_at)
    resolved_primary = [e.evidence_id for e in draft.evidence if e.role == "primary"]
    verified = source.verify({e.evidence_id for e in draft.evidence} | set(draft.context_ids))
    return validate(draft, verified, resolved_primary)
