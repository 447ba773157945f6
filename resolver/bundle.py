"""The evidence bundle (contract.md §3): what `ask` returns and what is audited."""
from __future__ import annotations

from datetime import date
from enum import Enum
from typing import Any, Literal, Optional

from pydantic import Field

from catalog.records import EvidenceRecord, Frozen


class Behavior(str, Enum):
    answer = "answer"
    answer_with_conflict = "answer_with_conflict"
    clarify_or_split = "clarify_or_split"
    abstain = "abstain"
    deny = "deny"
    reject_injection = "reject_injection"


Role = Literal["primary", "supporting", "conflict", "context"]
Intent = Literal[
    "definition_at",
    "definition_period",
    "definition_current",
    "definition_includes",
    "lineage",
    "freshness",
    "metric_value",
    "injection",
    "unknown",
]


class Requester(Frozen):
    principal: Optional[str] = None
    roles: list[str] = Field(default_factory=list)


class Interpretation(Frozen):
    intent: Intent
    entity_id: Optional[str] = None
    reporting_date: Optional[date] = None
    period: Optional[dict[str, str]] = None
    version: Optional[str] = None
    topic: Optional[str] = None
    asks: list[str] = Field(default_factory=list)
    direction: Optional[Literal["upstream", "downstream"]] = None
    date_from: Literal["question", "as_of"] = "as_of"
    mention: Optional[str] = None


class EvidenceRef(Frozen):
    evidence_id: str
    entity_id: str
    entity_type: str
    title: str
    version: Optional[str] = None
    status: str
    authority: str
    effective_from: Optional[date] = None
    effective_to: Optional[date] = None
    revision: int
    artifact_id: Optional[str] = None
    content_hash: str
    role: Role

    @classmethod
    def of(cls, record: EvidenceRecord, revision: int, role: Role) -> "EvidenceRef":
        return cls(
            evidence_id=record.evidence_id,
            entity_id=record.entity_id,
            entity_type=record.entity_type,
            title=record.title,
            version=record.version,
            status=record.status.value,
            authority=record.authority.value,
            effective_from=record.effective_from,
            effective_to=record.effective_to,
            revision=revision,
            artifact_id=record.artifact_id,
            content_hash=record.content_hash or "",
            role=role,
        )


class ToolCall(Frozen):
    name: str
    args: dict[str, Any] = Field(default_factory=dict)
    result_ids: list[str] = Field(default_factory=list)


class Check(Frozen):
    rule: str
    passed: bool
    detail: str = ""


class Validation(Frozen):
    passed: bool
    checks: list[Check] = Field(default_factory=list)


class Bundle(Frozen):
    bundle_id: str
    question: str
    requester: Requester
    as_of: date
    known_at: Optional[str] = None
    interpretation: Interpretation
    behavior: Behavior
    answer: str
    evidence: list[EvidenceRef] = Field(default_factory=list)
    context_ids: list[str] = Field(default_factory=list)
    tools: list[ToolCall] = Field(default_factory=list)
    validation: Validation
    confidence: Literal["high", "medium", "low"]
    gaps: list[str] = Field(default_factory=list)
    id: Optional[str] = None  # the batch request's id, echoed

    def ids(self, *roles: str) -> list[str]:
        return [e.evidence_id for e in self.evidence if not roles or e.role in roles]

    def to_json(self) -> dict:
        data = self.model_dump(mode="json")
        if data.get("id") is None:
            data.pop("id", None)
        return data
