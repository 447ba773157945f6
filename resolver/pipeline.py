"""Resolution as a tuple of small named steps: read -> resolve -> compose -> validate."""
from __future__ import annotations

from datetime import date
from typing import Optional

from resolver.bundle import Bundle, Requester
from resolver.compose import compose
from resolver.entities import NameLookup
from resolver.dates import TimeFinding
from resolver.entities import Match
from resolver.interpret import Reading, read_question
from resolver.policy import resolve
from resolver.source import EvidenceSource
from resolver.validate import validate


def answer(question: str, *, requester: Requester, as_of: date, known_at: Optional[str],
           index: NameLookup, source: EvidenceSource) -> Bundle:
    return answer_reading(read_question(question, as_of, index), requester=requester, as_of=as_of, known_at=known_at,
                          source=source)


def entity_reading(entity_id: str, day: date) -> Reading:
    """A structured request (entity and date given, no question to read): the API's resolve route."""
    return Reading(question=f"resolve {entity_id} on {day.isoformat()}", intent="definition_at",
                   time=TimeFinding(reporting_date=day, explicit=True),
                   mentions=[Match(0, 1, frozenset({entity_id}), True, entity_id)])


def answer_reading(reading: Reading, *, requester: Requester, as_of: date, known_at: Optional[str],
                   source: EvidenceSource) -> Bundle:
    question = reading.question
    decision = resolve(reading, source, as_of)
    draft = compose(decision, question, requester, as_of, known_at)
    resolved_primary = [e.evidence_id for e in draft.evidence if e.role == "primary"]
    verified = source.verify({e.evidence_id for e in draft.evidence} | set(draft.context_ids))
    return validate(draft, verified, resolved_primary)
