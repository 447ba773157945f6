"""A local OpenAI-compatible server for tests: POST /v1/chat/completions returns scripted replies.

    with OpenAIStub() as stub:
        stub.script(Reply.say("... [METRIC.REVENUE.v2]"))   # next request gets this
        stub.script(Reply.hang(5))                           # the one after hangs (past a client timeout)
        stub.script(Reply.status(500))                       # then HTTP 500
        stub.default = Reply.echo_decision()                 # when nothing is scripted
        ... LlmConfig(enabled=True, base_url=stub.base_url, model="stub", ...)
        stub.requests                                        # every request body received, in order

uvicorn serves a FastAPI app on 127.0.0.1 (a free port) in a background thread.
"""
from __future__ import annotations

import asyncio
import json
import re
import socket
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Optional

import uvicorn
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, PlainTextResponse


@dataclass
class Reply:
    kind: str  # text | hang | status | raw | call
    text: str = ""
    seconds: float = 0.0
    code: int = 200
    func: Optional[Callable[[dict], str]] = None
    finish_reason: str = "stop"

    @classmethod
    def say(cls, text: str, finish_reason: str = "stop") -> "Reply":
        return cls("text", text=text, finish_reason=finish_reason)

    @classmethod
    def hang(cls, seconds: float) -> "Reply":
        return cls("hang", seconds=seconds)

    @classmethod
    def status(cls, code: int) -> "Reply":
        return cls("status", code=code)

    @classmethod
    def raw(cls, body: str, code: int = 200) -> "Reply":
        """A body sent as is (e.g. not JSON at all)."""
        return cls("raw", text=body, code=code)

    @classmethod
    def call(cls, func: Callable[[dict], str]) -> "Reply":
        """The content is computed from the request body."""
        return cls("call", func=func)

    @classmethod
    def echo_decision(cls) -> "Reply":
        """Replies with the decided (templated) answer found in the request's data block."""
        return cls.call(lambda body: decided_answer(body) or "")



def decided_answer(body: dict) -> Optional[str]:
    """The resolver's templated answer, read back from a wording request."""
    user = next((m["content"] for m in body.get("messages", []) if m.get("role") == "user"), "")
    m = re.search(r"<data>\n(.*)\n</data>", user, re.DOTALL)
    if not m:
        return None
    return json.loads(m.group(1))["decision"]["decided_answer"]


def completion(content: str, model: str, finish_reason: str = "stop") -> dict:
    return {
        "id": "chatcmpl-stub",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": finish_reason}],
        "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
    }


@dataclass
class OpenAIStub:
    default: Reply = field(default_factory=lambda: Reply.status(503))
    requests: list[dict] = field(default_factory=list)
    headers: list[dict] = field(default_factory=list)

    def __post_init__(self):
        self._queue: deque[Reply] = deque()
        self._lock = threading.Lock()
        self._release = threading.Event()
        self._server: Optional[uvicorn.Server] = None
        self._thread: Optional[threading.Thread] = None
        self.port = 0
        self.app = self._build_app()

    # -- scripting ---------------------------------------------------------------------------

    def script(self, *replies: Reply) -> None:
        with self._lock:
            self._queue.extend(replies)

    def reset(self, default: Optional[Reply] = None) -> None:
        with self._lock:
            self._queue.clear()
            self.requests.clear()
            self.headers.clear()
            self.default = default or Reply.status(503)

    def _next(self) -> Reply:
        with self._lock:
            return self._queue.popleft() if self._queue else self.default

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def sent_text(self) -> str:
        """Everything the clients sent, as one string (for leak checks)."""
        return json.dumps(self.requests, ensure_ascii=False)

    # -- server ------------------------------------------------------------------------------

    def _build_app(self) -> FastAPI:
        app = FastAPI()

        @app.post("/v1/chat/completions")
        async def chat(request: Request):
            body = await request.json()
            with self._lock:
                self.requests.append(body)
                self.headers.append(dict(request.headers))
            reply = self._next()
            if reply.kind == "hang":
                deadline = time.monotonic() + reply.seconds
                while time.monotonic() < deadline and not self._release.is_set():
                    await asyncio.sleep(0.02)
                return JSONResponse(completion("too late", body.get("model", "")))
            if reply.kind == "status":
                return JSONResponse({"error": {"message": "scripted failure", "type": "server_error"}}, status_code=reply.code)
            if reply.kind == "raw":
                return PlainTextResponse(reply.text, status_code=reply.code, media_type="application/json")
            content = reply.func(body) if reply.kind == "call" else reply.text
            return JSONResponse(completion(content, body.get("model", ""), reply.finish_reason))

        return app

    def start(self) -> "OpenAIStub":
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        config = uvicorn.Config(self.app, log_level="warning", lifespan="off", timeout_graceful_shutdown=1)
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, kwargs={"sockets": [sock]}, daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("the OpenAI stub did not start")
            time.sleep(0.01)
        return self

    def stop(self) -> None:
        self._release.set()
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> "OpenAIStub":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()


def closed_port() -> int:
    """A port on 127.0.0.1 that nothing listens on (bound, then released)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    return port
