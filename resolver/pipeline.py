"""Resolution as a tuple of small named steps: read -> resolve -> compose -> (word) -> validate."""
from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Optional

from catalog.records import Revision
from resolver.bundle import Bundle, Requester, ToolCall
from resolver.compose import compose
from resolver.dates import TimeFinding
from resolver.entities import Match, NameLookup
from resolver.interpret import Reading, read_question
from resolver.policy import Decision, resolve
from resolver.source import EvidenceSource
from resolver.validate import validate

# Words an answer from resolved evidence: (composed bundle, the evidence it may quote) -> text, or
# None to keep the templated answer. It never decides anything; the validator checks what it wrote.
Wording = Callable[[Bundle, list[tuple[Revision, str]]], Optional[str]]


def answer(question: str, *, requester: Requester, as_of: date, known_at: Optional[str],
           index: NameLookup, source: EvidenceSource, wording: Optional[Wording] = None) -> Bundle:
    return answer_reading(read_question(question, as_of, index, source), requester=requester, as_of=as_of, known_at=known_at,
                          source=source, wording=wording)


def entity_reading(entity_id: str, day: date) -> Reading:
    """A structured request (entity and date given, no question to read): the API's resolve route."""
    return Reading(question=f"resolve {entity_id} on {day.isoformat()}", intent="definition_at",
                   time=TimeFinding(reporting_date=day, explicit=True),
                   mentions=[Match(0, 1, frozenset({entity_id}), True, entity_id)])


def answer_reading(reading: Reading, *, requester: Requester, as_of: date, known_at: Optional[str],
                   source: EvidenceSource, wording: Optional[Wording] = None, route: Optional[ToolCall] = None) -> Bundle:
    decision = resolve(reading, source, as_of)
    if route is not None:
        decision.tools.insert(0, route)
    return finish(decision, reading.question, requester=requester, as_of=as_of, known_at=known_at, source=source,
                  wording=wording)


def finish(decision: Decision, question: str, *, requester: Requester, as_of: date, known_at: Optional[str],
           source: EvidenceSource, wording: Optional[Wording] = None) -> Bundle:
    draft = compose(decision, question, requester, as_of, known_at)
    resolved_primary = [e.evidence_id for e in draft.evidence if e.role == "primary"]
    worded = False
    if wording is not None and decision.evidence and draft.behavior.value in ("answer", "answer_with_conflict", "clarify_or_split"):
        text = wording(draft, decision.evidence)
        if text:
            draft = draft.model_copy(update={"answer": text})
            worded = True
    verified = source.verify({e.evidence_id for e in draft.evidence} | set(draft.context_ids))
    quotable = {rev.record.evidence_id: rev.record.body for rev, _ in decision.evidence} if worded else {}
    return validate(draft, verified, resolved_primary, worded=worded, quotable=quotable)
