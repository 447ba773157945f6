"""`canon serve`: the HTTP API (contract.md §4). Each route is a few lines over api.service.

Credentials: `Authorization: Bearer <api key>`; a keys file maps each key (or its sha256) to a
principal and roles. Roles are never read from a request body. Errors are problem+json with one
shape: {type, title, status, detail}.
"""
from __future__ import annotations

import gzip
import json
from datetime import date
from typing import Optional

from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import Field, ValidationError

from api.keys import Caller, caller_of, load_keys
from api.service import AskRequest, CanonService
from catalog.errors import CanonError, InputError, NotFoundError, UsageError, field_path
from catalog.records import Frozen
from lineage.query import marquez_graph


def problem(status: int, title: str, detail: str) -> JSONResponse:
    return JSONResponse({"type": "about:blank", "title": title, "status": status, "detail": detail},
                        status_code=status, media_type="application/problem+json")


class HttpAsk(Frozen):
    """POST /v1/ask body: a batch-request line. `roles`/`principal` are accepted and ignored:
    they always come from the caller's key."""

    question: str = Field(min_length=1)
    id: Optional[str] = None
    as_of: Optional[date] = None
    known_at: Optional[str] = None
    roles: Optional[list[str]] = None
    principal: Optional[str] = None


def create_app(service: CanonService, keys: dict[str, Caller]) -> FastAPI:
    app = FastAPI(title="canon", version="0.1.0",
                  description="Governed metadata resolver: evidence bundles, lineage and OpenLineage intake.")

    def identify(request: Request) -> Caller:
        header = request.headers.get("authorization", "")
        scheme, _, token = header.partition(" ")
        found = caller_of(keys, token) if scheme.lower() == "bearer" else None
        if found is None:
            raise _Unauthorized()
        return found

    async def caller(request: Request) -> Caller:
        return identify(request)

    @app.exception_handler(_Unauthorized)
    async def _unauthorized(_request, _exc):
        response = problem(401, "Unauthorized", "a valid API key is required: send 'Authorization: Bearer <key>'")
        response.headers["WWW-Authenticate"] = "Bearer"
        return response

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request, exc: RequestValidationError):
        err = exc.errors()[0]
        where = field_path(err)
        return problem(422, "Invalid request", f"field '{where}': {err['msg']}")

    @app.exception_handler(ValidationError)
    async def _invalid_value(_request, exc: ValidationError):
        err = exc.errors()[0]
        return problem(422, "Invalid request", f"field '{field_path(err, '(body)')}': {err['msg']}")

    @app.exception_handler(CanonError)
    async def _canon(_request, exc: CanonError):
        if isinstance(exc, NotFoundError):
            return problem(404, "Not found", str(exc))
        if isinstance(exc, (InputError, UsageError)):
            return problem(400, "Bad request", str(exc))
        return problem(500, "Catalog error", str(exc))

    @app.post("/v1/ask", openapi_extra={"requestBody": {"required": True, "content": {
        "application/json": {"schema": HttpAsk.model_json_schema()}}}})
    async def ask(request: Request) -> Response:
        # The hot route, kept lean: the body is validated by pydantic-core straight from bytes and
        # the caller identified inline (FastAPI's body and dependency machinery cost more than the
        # answer-cache hit itself). It runs on the event loop: an ask is a few ms of CPU at most,
        # and on 2 cores threads contending for the GIL cost more than they overlap.
        who = identify(request)
        body = HttpAsk.model_validate_json(await request.body() or b"{}")
        return Response(service.ask_body(AskRequest(question=body.question, id=body.id, as_of=body.as_of,
                                                    known_at=body.known_at, roles=who.roles, principal=who.principal)),
                        media_type="application/json")

    @app.get("/v1/bundles/{bundle_id}")
    def bundle(bundle_id: str, who: Caller = Depends(caller)) -> dict:
        return service.bundle_for(bundle_id, principal=who.principal, roles=who.roles)

    @app.get("/v1/records/{evidence_id}")
    def record(evidence_id: str, who: Caller = Depends(caller)) -> dict:
        return service.record(evidence_id, roles=who.roles)

    @app.get("/v1/entities/{entity_id}/resolve")
    def resolve(entity_id: str, date: Optional[date] = None, who: Caller = Depends(caller)) -> dict:
        return service.resolve_entity(entity_id, day=date, roles=who.roles, principal=who.principal)

    @app.get("/v1/lineage")
    def lineage(nodeId: str, depth: int = 20, direction: str = "both", at: Optional[date] = None,
                who: Caller = Depends(caller)) -> dict:
        if direction not in ("both", "upstream", "downstream"):
            raise UsageError(f"direction '{direction}' must be upstream, downstream or both")
        result = service.lineage(nodeId, direction=direction, depth=depth, at=at, roles=who.roles)
        return marquez_graph(result)

    @app.get("/v1/search")
    def search(q: str, mode: str = "governed", limit: int = 10, as_of: Optional[date] = None,
               who: Caller = Depends(caller)) -> dict:
        if mode not in ("governed", "hybrid", "text", "vector"):
            raise UsageError(f"mode '{mode}' must be governed, hybrid, text or vector")
        return service.search(q, roles=who.roles, as_of=as_of, mode=mode, limit=max(1, min(limit, 100)))

    async def intake(request: Request, who: Caller) -> JSONResponse:
        raw = await request.body()
        if request.headers.get("content-encoding", "").lower() == "gzip":
            raw = gzip.decompress(raw)
        try:
            payload = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            return problem(400, "Invalid OpenLineage event", f"the body is not JSON: {exc}")
        events = payload if isinstance(payload, list) else [payload]
        report = service.ingest_openlineage_events(events, source=f"http:{who.principal}")
        if report.quarantined:
            return problem(400, "Invalid OpenLineage event", "; ".join(report.quarantined))
        return JSONResponse({"accepted": len(events), "edges_opened": report.edges_opened}, status_code=201)

    @app.post("/api/v1/lineage", status_code=201)
    async def lineage_intake(request: Request, who: Caller = Depends(caller)):
        return await intake(request, who)

    @app.post("/api/v1/openlineage/lineage", status_code=201)
    async def lineage_intake_alias(request: Request, who: Caller = Depends(caller)):
        return await intake(request, who)

    return app


class _Unauthorized(Exception):
    pass


def run(service: CanonService, keys_path: str, host: str, port: int) -> None:
    import uvicorn

    service.catalog.driver.checkpoint_in_background()
    uvicorn.run(create_app(service, load_keys(keys_path)), host=host, port=port, log_level="warning")
