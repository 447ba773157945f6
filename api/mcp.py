"""`canon mcp`: the service as a Model Context Protocol server over stdio.

One JSON-RPC 2.0 message a line on stdin, one a line on stdout (MCP's stdio transport); nothing
else is written to stdout. Methods: initialize, ping, tools/list, tools/call (notifications get no
answer). Each tool is a route of the HTTP API, called on the same CanonService, so a tool's JSON is
the API's body for the same request.

Who asks: the API key in $CANON_API_KEY, looked up in the keys file the HTTP API uses (--keys or
$CANON_API_KEYS) when the server starts; a missing or unknown key stops it before it reads a
message. Tool inputs have no roles or principal field and reject unknown fields, so a client can
never widen the requester. A tool's failure (bad input, unknown id, a record the requester may
not see) is a tool result with isError: true and a one-sentence message; only a malformed
JSON-RPC message or an unknown method is a JSON-RPC error.
"""
from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import IO, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from api.keys import Caller, caller_of, load_keys
from api.service import AskRequest, CanonService
from catalog.errors import CanonError, UsageError, field_path
from lineage.query import marquez_graph

PROTOCOL_VERSION = "2025-06-18"


class _Args(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class AskArgs(_Args):
    question: str = Field(min_length=1, description="the question, as an analyst would write it")
    as_of: Optional[date] = Field(default=None, description="reporting date for questions that name none (default: today)")
    known_at: Optional[str] = Field(default=None, description="answer as the catalog knew it at this datetime (ISO 8601)")
    id: Optional[str] = Field(default=None, description="a request id echoed in the bundle")


class BundleArgs(_Args):
    bundle_id: str = Field(min_length=1)


class RecordArgs(_Args):
    evidence_id: str = Field(min_length=1)


class ResolveArgs(_Args):
    entity_id: str = Field(min_length=1)
    date: Optional[date] = None


class LineageArgs(_Args):
    node_id: str = Field(min_length=1, description="a dbt unique_id, dataset or record id")
    depth: int = Field(default=20, ge=0)
    direction: Literal["both", "upstream", "downstream"] = "both"
    at: Optional[date] = None


class SearchArgs(_Args):
    q: str = Field(min_length=1)
    mode: Literal["governed", "hybrid", "text", "vector"] = "governed"
    limit: int = Field(default=10, ge=1, le=100)
    as_of: Optional[date] = None


@dataclass(frozen=True)
class McpTool:
    name: str
    description: str
    args: type[_Args]
    run: Callable[[CanonService, Caller, _Args], dict]


TOOLS = {t.name: t for t in [
    McpTool(name="ask", args=AskArgs,
            description="Answer a question from governed evidence: the evidence bundle (behavior, answer, cited "
                        "evidence with versions, validation). Abstains, splits, denies or shows a conflict when the "
                        "evidence does not support one answer.",
            run=lambda s, who, a: s.ask_json(AskRequest(question=a.question, id=a.id, as_of=a.as_of, known_at=a.known_at,
                                                        roles=who.roles, principal=who.principal))),
    McpTool(name="get_bundle", args=BundleArgs, description="A stored evidence bundle, for audit.",
            run=lambda s, who, a: s.bundle_for(a.bundle_id, principal=who.principal, roles=who.roles)),
    McpTool(name="get_record", args=RecordArgs, description="The live revision of one record you may retrieve.",
            run=lambda s, who, a: s.record(a.evidence_id, roles=who.roles)),
    McpTool(name="resolve_entity", args=ResolveArgs,
            description="Which record of an entity applies on a date (default today), as an evidence bundle.",
            run=lambda s, who, a: s.resolve_entity(a.entity_id, day=a.date, roles=who.roles, principal=who.principal)),
    McpTool(name="lineage", args=LineageArgs,
            description="The lineage graph around a node from dbt artifacts and OpenLineage events (Marquez's shape).",
            run=lambda s, who, a: marquez_graph(s.lineage(a.node_id, direction=a.direction, depth=a.depth, at=a.at,
                                                          roles=who.roles))),
    McpTool(name="search", args=SearchArgs,
            description="Discovery search (full text and vectors, fused) inside your permissions; hits are "
                        "candidates, not answers.",
            run=lambda s, who, a: s.search(a.q, roles=who.roles, as_of=a.as_of, mode=a.mode, limit=a.limit)),
]}


def caller_for(key: Optional[str], keys_path: str) -> Caller:
    """The principal and roles of `key` in the keys file: the only source of roles."""
    if not key:
        raise UsageError("mcp needs an API key in CANON_API_KEY (the keys file maps it to a principal and roles)")
    found = caller_of(load_keys(keys_path), key)
    if found is None:
        raise UsageError(f"the API key in CANON_API_KEY is not in {keys_path}")
    return found


class McpServer:
    def __init__(self, service: CanonService, caller: Caller):
        self.service = service
        self.caller = caller

    def handle(self, message: dict) -> Optional[dict]:
        """The response to one JSON-RPC message (None for a notification)."""
        if not isinstance(message, dict) or message.get("jsonrpc") != "2.0" or not isinstance(message.get("method"), str):
            return _error(message.get("id") if isinstance(message, dict) else None, -32600, "not a JSON-RPC 2.0 request")
        if "id" not in message:
            return None  # a notification (notifications/initialized, cancelled, ...)
        method, rid, params = message["method"], message["id"], message.get("params") or {}
        if method == "initialize":
            return _result(rid, {"protocolVersion": PROTOCOL_VERSION, "capabilities": {"tools": {"listChanged": False}},
                                 "serverInfo": {"name": "canon", "version": "0.1.0"}})
        if method == "ping":
            return _result(rid, {})
        if method == "tools/list":
            return _result(rid, {"tools": [{"name": t.name, "description": t.description,
                                            "inputSchema": t.args.model_json_schema()} for t in TOOLS.values()]})
        if method == "tools/call":
            return _result(rid, self.call(params.get("name"), params.get("arguments") or {}))
        return _error(rid, -32601, f"method '{method}' is not served (initialize, ping, tools/list, tools/call)")

    def call(self, name: object, arguments: object) -> dict:
        tool = TOOLS.get(name) if isinstance(name, str) else None
        if tool is None:
            return _tool_error(f"no tool '{name}': the tools are {', '.join(TOOLS)}")
        try:
            args = tool.args.model_validate(arguments)
            data = tool.run(self.service, self.caller, args)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = field_path(err, "(arguments)")
            return _tool_error(f"tool '{tool.name}', argument '{where}': {err['msg']}")
        except CanonError as exc:
            return _tool_error(str(exc))
        text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"), default=str)
        return {"content": [{"type": "text", "text": text}], "structuredContent": json.loads(text), "isError": False}

    def serve(self, stdin: IO[str], stdout: IO[str]) -> None:
        for line in stdin:
            if not line.strip():
                continue
            try:
                message = json.loads(line)
            except json.JSONDecodeError as exc:
                response: Optional[dict] = _error(None, -32700, f"the line is not JSON: {exc}")
            else:
                response = self.handle(message)
            if response is not None:
                stdout.write(json.dumps(response, ensure_ascii=False) + "\n")
                stdout.flush()


def _result(rid, result: dict) -> dict:
    return {"jsonrpc": "2.0", "id": rid, "result": result}


def _error(rid, code: int, message: str) -> dict:
    return {"jsonrpc": "2.0", "id": rid, "error": {"code": code, "message": message}}


def _tool_error(message: str) -> dict:
    return {"content": [{"type": "text", "text": message}], "isError": True}


def run(service: CanonService, keys_path: str, key: Optional[str]) -> None:
    McpServer(service, caller_for(key, keys_path)).serve(sys.stdin, sys.stdout)
