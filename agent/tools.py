"""The tool registry: what an agent (deterministic router, optional LLM router, HTTP or MCP
client) may call. Each tool is a name, a description, a pydantic input schema and a function.

Every tool runs in a ToolContext bound to one requester and one known_at: the EvidenceSource it
reads is already narrowed to the requester's roles, and each tool re-checks the permissions of
every record it returns anyway (defence in depth: a tool that forgot would still not leak).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from catalog.records import Revision, end_of
from resolver.bundle import Requester
from resolver.conflicts import apply_rankings
from resolver.policy import authoritative_on, authoritative_over, usable
from resolver.source import EvidenceSource


class _Input(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class EntityAt(_Input):
    entity_id: str = Field(min_length=1)
    date: date


class EntityOver(_Input):
    entity_id: str = Field(min_length=1)
    start: date
    end: date


class RecordId(_Input):
    evidence_id: str = Field(min_length=1)


class LineageInput(_Input):
    node: str = Field(min_length=1)
    direction: Literal["upstream", "downstream"] = "upstream"
    depth: int = Field(default=0, ge=0)
    at: date


class NodeInput(_Input):
    node: str = Field(min_length=1)


class EntityInput(_Input):
    entity_id: str = Field(min_length=1)


@dataclass(frozen=True)
class ToolContext:
    requester: Requester
    source: EvidenceSource

    def allowed(self, revs: list[Revision]) -> list[Revision]:
        roles = set(self.requester.roles)
        return [r for r in revs if set(r.record.permissions) & roles and usable(r)]


@dataclass(frozen=True)
class ToolResult:
    ids: list[str]
    data: Any = None


@dataclass(frozen=True)
class Tool:
    name: str
    description: str
    input: type[_Input]
    run: Callable[[ToolContext, Any], ToolResult]

    def call(self, ctx: ToolContext, args: dict) -> ToolResult:
        return self.run(ctx, self.input.model_validate(args))

    def schema(self) -> dict:
        return {"name": self.name, "description": self.description, "input_schema": self.input.model_json_schema()}


def _entity(ctx: ToolContext, entity_id: str) -> list[Revision]:
    view = ctx.source.entities([entity_id]).get(entity_id)
    return ctx.allowed(list(view.visible)) if view else []


def _definition_at(ctx: ToolContext, args: EntityAt) -> ToolResult:
    revs = _entity(ctx, args.entity_id)
    on_day = authoritative_on(revs, args.date)
    if len(on_day) > 1:
        ranked = apply_rankings(on_day, args.date, ctx.source.decisions(args.entity_id))
        on_day = [ranked.winner] if ranked else on_day
    return ToolResult([r.evidence_id for r in on_day], [r.record.contract_dict() for r in on_day])


def _definitions_over(ctx: ToolContext, args: EntityOver) -> ToolResult:
    pieces = authoritative_over(_entity(ctx, args.entity_id), args.start, args.end)
    return ToolResult(sorted({r.evidence_id for r, _, _ in pieces}),
                      [{"evidence_id": r.evidence_id, "from": s.isoformat(), "to": e.isoformat()} for r, s, e in pieces])


def _record(ctx: ToolContext, args: RecordId) -> ToolResult:
    found = ctx.allowed(ctx.source.records_for_nodes([args.evidence_id]).get(args.evidence_id, []))
    found = [r for r in found if r.evidence_id == args.evidence_id]
    return ToolResult([r.evidence_id for r in found], [r.record.contract_dict() for r in found])


def _lineage(ctx: ToolContext, args: LineageInput) -> ToolResult:
    view = ctx.source.lineage()
    if args.node not in view.graph or not view.node_allowed(args.node):
        return ToolResult([], {"nodes": {}, "edges": []})
    reached, used = view.walk(args.node, upstream=args.direction == "upstream", depth=args.depth, at=end_of(args.at))
    return ToolResult(sorted(reached), {"nodes": reached, "edges": [(e.source, e.target, e.origin) for e in used]})


def _freshness(ctx: ToolContext, args: NodeInput) -> ToolResult:
    if not _record(ctx, RecordId(evidence_id=args.node)).ids:
        return ToolResult([], [])
    rows = ctx.source.freshness([args.node])
    return ToolResult([args.node] if rows else [], [r.__dict__ for r in rows])


def _decisions(ctx: ToolContext, args: EntityInput) -> ToolResult:
    visible = {r.evidence_id for r in _entity(ctx, args.entity_id)}
    found = [d for d in ctx.source.decisions(args.entity_id) if d.winner in visible and d.loser in visible]
    return ToolResult([d.winner for d in found], [d.model_dump(mode="json") for d in found])


REGISTRY: dict[str, Tool] = {t.name: t for t in [
    Tool("definition_at", "The authoritative record of an entity effective on a date (review decisions applied).",
         EntityAt, _definition_at),
    Tool("definitions_over_period", "Authoritative records of an entity over a period, with the part each covers.",
         EntityOver, _definitions_over),
    Tool("record_lookup", "One record by evidence id, if the requester may retrieve it.", RecordId, _record),
    Tool("lineage", "Nodes upstream or downstream of a node as of a date, from dbt, OpenLineage and lineage records.",
         LineageInput, _lineage),
    Tool("freshness", "Recorded freshness checks and run times of a node (never inferred from prose).", NodeInput, _freshness),
    Tool("review_decisions", "Live review decisions that rank records of an entity.", EntityInput, _decisions),
]}


def register(tool: Tool) -> None:
    """Adapters (search) add their tools here when they are installed."""
    REGISTRY[tool.name] = tool


def call(name: str, ctx: ToolContext, args: dict) -> ToolResult:
    if name not in REGISTRY:
        from catalog.errors import UsageError

        raise UsageError(f"no tool '{name}' (tools: {', '.join(sorted(REGISTRY))})")
    return REGISTRY[name].call(ctx, args)


def describe() -> list[dict]:
    return [tool.schema() for tool in REGISTRY.values()]
