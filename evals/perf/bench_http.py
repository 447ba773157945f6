"""Performance benchmark of `canon serve`: POST /v1/ask over HTTP next to a trivial FastAPI endpoint.

    python -m evals.perf.bench_http [--requests 3000] [--connections 16] [--rounds 3] [--client python|wrk|both]

Run from the repository root. Steps, in this order:

  1. a fresh catalog with the dossier fixtures (`python -m api.cli import fixtures/dossier --catalog X`,
     under evals/perf/results/data/), and a keys file with one key (principal `bench`,
     roles [analytics_readers]);
  2. in-process floor, in a child interpreter before any server starts: `CanonService.ask` on the
     same catalog for the three traffic mixes below (no HTTP), so the HTTP overhead can be read off;
  3. two servers, each a subprocess on 127.0.0.1 with a free port, both started the same way
     (uvicorn.run(app, host, port, log_level="warning"), the loop and HTTP parser uvicorn picks):
     `python -m api.cli serve --port P --keys F --catalog X`, and a trivial FastAPI app
     (one async endpoint, POST /v1/ask, returning {"ok": true}; it does not read the body);
  4. a gold check over HTTP: the 9 dossier questions against dossier.yaml;
  5. load from a separate process on loopback, the same requests (same body, headers and auth) to
     both servers, --connections keep-alive connections, a fixed request count and a time cap per
     phase; one untimed warm-up per mix, then --rounds rounds, each running every mix back to back:
       trivial  the trivial endpoint, the 9 questions round-robin;
       hit      canon, the 6 cacheable questions round-robin at as_of 2026-10-10: every request is an
                answer-cache hit (the warm-up filled the cache);
       repeat   canon, all 9 questions round-robin at as_of 2026-10-10: 6 of 9 are cache hits; the
                other 3 (deny, abstain, reject_injection) are never cached and resolve every time;
       miss     canon, all 9 questions round-robin, each request with an as_of of its own
                (2026-10-11 + k days, k growing over the whole run): no request hits the cache. The
                gold answer of every question holds for every as_of used (checked on each response
                by the python client, and in step 4's check);
     Clients: `python` (an asyncio HTTP/1.1 keep-alive client in a child process; per-request
     latency; checks each response's status and behavior) and `wrk` (C, if installed: apt-get
     install wrk; a generated Lua script stops it at the request count; checks statuses only);
  6. throughput (req/s), p50/p99 latency and the server's CPU use per phase; ratios canon/trivial
     from the same round; with --profile, a yappi profile of the canon server under miss traffic.

Nothing here asserts on a timing: the goal (canon >= 50% of the trivial endpoint's throughput on
the deterministic path) is printed next to the figures. Output: a table on stdout and
evals/perf/results/http-<date>.json (raw per-round figures, the machine, load averages, versions, git).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

import yaml

from evals.perf.bench_ask import pct

REPO = Path(__file__).resolve().parents[2]
RESULTS = Path(__file__).resolve().parent / "results"
DATA = RESULTS / "data"
SUITE = REPO / "evals" / "suites" / "dossier.yaml"
BASE_AS_OF = date(2026, 10, 10)
GOAL_RATIO = 0.5
KEY = "bench-http-key-0123456789abcdef"
PRINCIPAL = "bench"
ROLES = ["analytics_readers"]
CACHED = ("answer", "answer_with_conflict", "clarify_or_split")  # behaviors canon caches (with evidence)
MIXES = ("trivial", "hit", "repeat", "miss")


# -- helpers (percentiles: bench_ask.pct) ---------------------------------------------------------


def loadavg() -> list[float]:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return []


def uptime_line() -> str:
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True, timeout=5).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return f"load average {loadavg()}"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def versions() -> dict:
    out = {}
    for name in ("fastapi", "starlette", "uvicorn", "pydantic", "h11", "httptools", "uvloop", "anyio", "sqlalchemy"):
        try:
            out[name] = __import__(name).__version__
        except Exception:
            out[name] = None
    wrk = shutil.which("wrk")
    if wrk:
        try:
            out["wrk"] = subprocess.run([wrk, "--version"], capture_output=True, text=True, timeout=5).stdout.split("\n")[0]
        except (OSError, subprocess.SubprocessError):
            out["wrk"] = wrk
    return out


def cases() -> list[dict]:
    return yaml.safe_load(SUITE.read_text(encoding="utf-8"))["cases"]


# -- the trivial app ------------------------------------------------------------------------------


def trivial_app():
    from fastapi import FastAPI

    app = FastAPI(title="trivial")

    @app.post("/v1/ask")
    async def ask() -> dict:
        return {"ok": True, "service": "trivial"}

    return app


def serve_trivial(port: int) -> None:
    """Served exactly as api.http.run serves canon."""
    import uvicorn

    uvicorn.run(trivial_app(), host="127.0.0.1", port=port, log_level="warning")


# -- servers --------------------------------------------------------------------------------------


class Server:
    def __init__(self, name: str, argv: list[str], port: int, log: Path):
        self.name, self.argv, self.port, self.log = name, argv, port, log
        self._log = open(log, "wb")
        self.proc = subprocess.Popen(argv, cwd=REPO, stdout=self._log, stderr=subprocess.STDOUT)

    def cpu_s(self) -> float:
        """utime + stime of the server process (all its threads), seconds."""
        try:
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            return float("nan")

    def rss_mb(self) -> float:
        try:
            for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024.0
        except OSError:
            pass
        return float("nan")

    def wait_ready(self, timeout_s: float = 60.0) -> float:
        """Poll with a real request until it answers 200; returns the seconds it took."""
        t0 = time.perf_counter()
        # a dossier question (Q1): an unplaced question such as "ping" would send canon to discovery search
        # and load the MiniLM model, which none of the measured questions needs
        body = json.dumps({"question": cases()[0]["question"], "as_of": BASE_AS_OF.isoformat()}).encode()
        while time.perf_counter() - t0 < timeout_s:
            if self.proc.poll() is not None:
                raise SystemExit(f"{self.name} server exited with rc {self.proc.returncode}: "
                                 f"{self.log.read_text(errors='replace')[-1500:]}")
            try:
                status, _ = http_post(self.port, body)
                if status == 200:
                    return time.perf_counter() - t0
            except OSError:
                pass
            time.sleep(0.1)
        raise SystemExit(f"{self.name} server not ready after {timeout_s} s: {self.log.read_text(errors='replace')[-1500:]}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()  # uvicorn shuts down on SIGTERM
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)
        self._log.close()


def http_post(port: int, body: bytes, timeout: float = 30.0) -> tuple[int, bytes]:
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("POST", "/v1/ask", body=body, headers={"Authorization": f"Bearer {KEY}",
                                                            "Content-Type": "application/json"})
        resp = conn.getresponse()
        return resp.status, resp.read()
    finally:
        conn.close()


# -- request schedules ------------------------------------------------------------------------------


class Schedules:
    """Request bodies per mix. `miss` never repeats a (question, as_of) in the whole run."""

    def __init__(self):
        self.cases = cases()
        self.cacheable = [i for i, c in enumerate(self.cases) if c["expect"]["behavior"] in CACHED
                          and c["expect"].get("sources")]
        self.miss_counter = 0

    def body(self, i: int, as_of: date) -> bytes:
        return json.dumps({"question": self.cases[i]["question"], "as_of": as_of.isoformat()},
                          ensure_ascii=True, separators=(",", ":")).encode()

    def make(self, mix: str, n: int) -> list[tuple[bytes, str]]:
        """n requests: (body, expected behavior)."""
        out = []
        for k in range(n):
            if mix == "hit":
                i, as_of = self.cacheable[k % len(self.cacheable)], BASE_AS_OF
            elif mix == "miss":
                i = self.miss_counter % len(self.cases)
                as_of = BASE_AS_OF + timedelta(days=1 + self.miss_counter // len(self.cases))
                self.miss_counter += 1
            else:  # trivial, repeat
                i, as_of = k % len(self.cases), BASE_AS_OF
            out.append((self.body(i, as_of), self.cases[i]["expect"]["behavior"]))
        return out


def raw_request(port: int, body: bytes) -> bytes:
    return (f"POST /v1/ask HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {KEY}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n").encode() + body


# -- the python client (runs in a child process) -----------------------------------------------------


async def _load(port: int, requests: list[bytes], expected: list[str | None], connections: int,
                time_limit: float) -> dict:
    nxt = 0
    lat = [float("nan")] * len(requests)
    statuses: dict[int, int] = {}
    wrong: dict[str, int] = {}
    errors: list[str] = []
    deadline = time.perf_counter() + time_limit
    last_done = [0.0]

    async def worker() -> None:
        nonlocal nxt
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        try:
            while nxt < len(requests) and time.perf_counter() < deadline:
                k = nxt
                nxt += 1
                t0 = time.perf_counter()
                writer.write(requests[k])
                head = await reader.readuntil(b"\r\n\r\n")
                low = head.lower()
                at = low.find(b"content-length:")
                length = int(low[at + 15:low.index(b"\r\n", at)]) if at >= 0 else 0
                body = await reader.readexactly(length)
                t1 = time.perf_counter()
                lat[k] = t1 - t0
                last_done[0] = max(last_done[0], t1)
                status = int(head[9:12])
                statuses[status] = statuses.get(status, 0) + 1
                want = expected[k]
                if want is not None and status == 200:
                    at = body.find(b'"behavior":"')
                    got = body[at + 12:body.index(b'"', at + 12)].decode() if at >= 0 else "?"
                    if got != want:
                        wrong[f"{want}->{got}"] = wrong.get(f"{want}->{got}", 0) + 1
                if b"connection: close" in low:
                    break
        except (OSError, asyncio.IncompleteReadError, ValueError) as exc:
            errors.append(repr(exc)[:200])
        finally:
            writer.close()

    cpu0 = time.process_time()
    t_start = time.perf_counter()
    try:
        await asyncio.wait_for(asyncio.gather(*(worker() for _ in range(connections))), time_limit + 30)
    except asyncio.TimeoutError:
        errors.append("client time cap reached with requests in flight")
    done = [x for x in lat if x == x]
    wall = (last_done[0] or time.perf_counter()) - t_start
    return {"completed": len(done), "sent_target": len(requests), "wall_s": wall,
            "req_per_s": len(done) / wall if wall > 0 else float("nan"),
            "lat_ms": sorted(x * 1000 for x in done), "statuses": statuses, "wrong_behavior": wrong,
            "errors": errors[:10], "capped": len(done) < len(requests),
            "client_cpu_s": time.process_time() - cpu0}


def client_child(spec_path: Path) -> None:
    spec = json.loads(spec_path.read_text())
    requests = [r.encode("latin-1") for r in spec["requests"]]
    res = asyncio.run(_load(spec["port"], requests, spec["expected"], spec["connections"], spec["time_limit"]))
    print(json.dumps(res))


def python_client(port: int, schedule: list[tuple[bytes, str]], connections: int, time_limit: float,
                  check: bool) -> dict:
    spec = {"port": port, "connections": connections, "time_limit": time_limit,
            "requests": [raw_request(port, b).decode("latin-1") for b, _ in schedule],
            "expected": [e if check else None for _, e in schedule]}
    with tempfile.NamedTemporaryFile("w", suffix=".json", dir=DATA, delete=False) as fh:
        json.dump(spec, fh)
    try:
        proc = subprocess.run([sys.executable, "-m", "evals.perf.bench_http", "--client-child", fh.name],
                              cwd=REPO, capture_output=True, text=True, timeout=time_limit + 90)
    finally:
        Path(fh.name).unlink(missing_ok=True)
    if proc.returncode != 0:
        raise SystemExit(f"client failed: {proc.stderr.strip()[-1500:]}")
    res = json.loads(proc.stdout)
    lat = res.pop("lat_ms")
    res.update({"p50_ms": pct(lat, 50), "p90_ms": pct(lat, 90), "p99_ms": pct(lat, 99),
                "max_ms": lat[-1] if lat else float("nan"), "mean_ms": statistics.fmean(lat) if lat else float("nan")})
    return res


# -- the wrk client -----------------------------------------------------------------------------------


def _lua(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\r", "\\r").replace("\n", "\\n") + '"'


WRK_TAIL = r"""
local i = 0
local n = 0
request = function()
  i = i + 1
  return reqs[((i - 1) % #reqs) + 1]
end
response = function(status, headers, body)
  n = n + 1
  if n == limit then
    -- wrk's main thread sleeps for -d whatever the threads do: the parent sends SIGINT on this line, which
    -- ends the sleep, and wrk reports the time up to then, so the request count ends the phase
    wrk.thread:stop()
    io.write("WRKLIMIT\n")
    io.flush()
  end
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRKJSON {"completed":%d,"duration_us":%d,"p50_us":%d,"p90_us":%d,"p99_us":%d,' ..
    '"mean_us":%.1f,"max_us":%d,"status_errors":%d,"connect_errors":%d,"read_errors":%d,"write_errors":%d,' ..
    '"timeouts":%d}\n', summary.requests, summary.duration, latency:percentile(50), latency:percentile(90),
    latency:percentile(99), latency.mean, latency.max, e.status, e.connect, e.read, e.write, e.timeout))
end
"""


def wrk_client(port: int, schedule: list[tuple[bytes, str]], connections: int, time_limit: float) -> dict:
    wrk = shutil.which("wrk")
    if not wrk:
        raise SystemExit("wrk is not installed (apt-get install wrk), or use --client python")
    n = len(schedule)
    lines = ["reqs = {"] + [_lua(raw_request(port, b).decode("latin-1")) + "," for b, _ in schedule] + ["}",
                                                                                                       f"limit = {n}"]
    with tempfile.NamedTemporaryFile("w", suffix=".lua", dir=DATA, delete=False) as fh:
        fh.write("\n".join(lines) + WRK_TAIL)
    try:
        argv = [wrk, "-t1", f"-c{connections}", f"-d{int(time_limit)}s", "--timeout", "10s", "-s", fh.name,
                f"http://127.0.0.1:{port}/v1/ask"]
        cpu0 = os.times()
        proc = subprocess.Popen(argv, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        out = []
        for ln in proc.stdout:  # ends when wrk exits: at the count (SIGINT below) or at -d
            out.append(ln)
            if ln.startswith("WRKLIMIT"):
                proc.send_signal(signal.SIGINT)
        err = proc.stderr.read()
        rc = proc.wait(timeout=60)
        cpu1 = os.times()
    finally:
        Path(fh.name).unlink(missing_ok=True)
    line = next((ln for ln in out if ln.startswith("WRKJSON ")), None)
    if rc != 0 or line is None:
        raise SystemExit(f"wrk failed (rc {rc}): {''.join(out)[-800:]} {err[-800:]}")
    r = json.loads(line[8:])
    wall = r["duration_us"] / 1e6
    errors = {k: r[k] for k in ("status_errors", "connect_errors", "read_errors", "write_errors", "timeouts") if r[k]}
    return {"completed": r["completed"], "sent_target": n, "wall_s": wall,
            "req_per_s": r["completed"] / wall if wall else float("nan"),
            "p50_ms": r["p50_us"] / 1000, "p90_ms": r["p90_us"] / 1000, "p99_ms": r["p99_us"] / 1000,
            "max_ms": r["max_us"] / 1000, "mean_ms": r["mean_us"] / 1000, "errors": errors,
            "capped": r["completed"] < n,
            "client_cpu_s": (cpu1.children_user + cpu1.children_system) - (cpu0.children_user + cpu0.children_system),
            # wrk counts non-2xx responses as status errors; it does not check behaviors
            "statuses": {"non_2xx": r["status_errors"]}, "wrong_behavior": {}}


# -- in-process floor (child) ---------------------------------------------------------------------------


def inprocess_child(db: str, n: int, threads: int) -> None:
    """CanonService.ask on the same catalog, no HTTP: the per-request floor of each canon mix, on one
    thread, then from `threads` threads at once (a ThreadPoolExecutor, as the server's threadpool runs
    `def` routes): CPU per ask (user + system, this process) and asks/s."""
    from concurrent.futures import ThreadPoolExecutor

    from api.service import AskRequest, CanonService

    service = CanonService(db)
    sched = Schedules()
    sched.miss_counter = 9 * 4000  # as_of far beyond the HTTP run's, and another principal: no shared cache rows
    out = {}
    reqs = lambda mix, k: [AskRequest(question=json.loads(b)["question"], as_of=json.loads(b)["as_of"], roles=ROLES,
                                      principal="bench-inprocess") for b, _ in sched.make(mix, k)]
    for r in reqs("repeat", 9) + reqs("miss", 27):  # warm: fills the cache, builds the per-process indexes
        service.ask(r)
    for mix in ("hit", "repeat", "miss"):
        batch = reqs(mix, n)
        t = []
        c0 = os.times()
        for r in batch:
            t0 = time.perf_counter()
            service.ask(r)
            t.append(time.perf_counter() - t0)
        c1 = os.times()
        ms_ = sorted(x * 1000 for x in t)
        total = sum(t)
        out[mix] = {"n": n, "p50_ms": pct(ms_, 50), "p99_ms": pct(ms_, 99), "mean_ms": total / n * 1000,
                    "max_req_per_s_one_thread": n / total,
                    "cpu_ms_per_ask": ((c1.user - c0.user) + (c1.system - c0.system)) / n * 1000}
    for mix in ("hit", "miss"):
        batch = reqs(mix, n)
        c0, t0 = os.times(), time.perf_counter()
        with ThreadPoolExecutor(threads) as pool:
            list(pool.map(service.ask, batch))
        wall, c1 = time.perf_counter() - t0, os.times()
        out[mix][f"threads_{threads}"] = {"asks_per_s": n / wall,
                                          "cpu_ms_per_ask": ((c1.user - c0.user) + (c1.system - c0.system)) / n * 1000,
                                          "sys_ms_per_ask": (c1.system - c0.system) / n * 1000}
    print(json.dumps(out))


# -- profile (optional) -----------------------------------------------------------------------------------


def profiled_canon_server(port: int, keys: str, db: str, out: str, top: int) -> None:
    """canon's app under yappi (all threads: the event loop and the threadpool that runs `def` routes)."""
    import uvicorn
    import yappi

    from api.http import create_app, load_keys
    from api.service import CanonService

    app = create_app(CanonService(db), load_keys(keys))
    yappi.set_clock_type("cpu")
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)

    def dump(*_):
        if Path(out).exists():
            return
        yappi.stop()
        import io

        buf = io.StringIO()
        stats = yappi.get_func_stats()
        stats.sort("ttot", "desc").print_all(out=buf, columns={0: ("name", 90), 1: ("ncall", 10), 3: ("ttot", 9),
                                                                   2: ("tsub", 9), 4: ("tavg", 9)})
        lines = buf.getvalue().splitlines()
        by_sub = io.StringIO()
        stats.sort("tsub", "desc").print_all(out=by_sub, columns={0: ("name", 90), 1: ("ncall", 10), 2: ("tsub", 9),
                                                                      3: ("ttot", 9)})
        threads = io.StringIO()
        yappi.get_thread_stats().print_all(out=threads)
        Path(out).write_text(json.dumps({"by_ttot": "\n".join(lines[: top + 8]),
                                         "by_tsub": "\n".join(by_sub.getvalue().splitlines()[: top + 8]),
                                         "threads": threads.getvalue()}))

    # uvicorn restores the previous SIGTERM handler after its graceful shutdown and re-raises the signal:
    # this handler is that previous one, so the stats are written once every request has finished
    def on_term(*_):
        dump()
        os._exit(0)

    signal.signal(signal.SIGTERM, on_term)
    yappi.start(builtins=False, profile_threads=True)
    server.run()
    dump()


def run_profile(args, keys: Path, db: Path, sched: Schedules, logdir: Path) -> dict:
    try:
        import yappi  # noqa: F401
    except ImportError:
        return {"skipped": "yappi is not installed (pip install yappi)"}
    out = {}
    for mix in ("miss", "hit"):
        port = free_port()
        prof = logdir / f"profile-{mix}.json"
        srv = Server(f"canon (yappi, {mix})", [sys.executable, "-m", "evals.perf.bench_http", "--profiled-server",
                                               str(port), str(keys), str(db), str(prof), str(args.profile_top)],
                     port, logdir / f"profiled-{mix}.log")
        try:
            srv.wait_ready()
            python_client(port, sched.make(mix, 100), args.connections, args.time_limit, check=False)  # warm
            cpu0 = srv.cpu_s()
            r = python_client(port, sched.make(mix, args.profile_requests), args.connections, args.time_limit, check=False)
            r["server_cpu_s"] = srv.cpu_s() - cpu0
        finally:
            srv.stop()
        data = json.loads(prof.read_text()) if prof.exists() else {"error": srv.log.read_text(errors="replace")[-1500:]}
        out[mix] = {"requests": r["completed"], "req_per_s_under_profiler": r["req_per_s"],
                    "server_cpu_s": r["server_cpu_s"], **data}
    return out


# -- the run ------------------------------------------------------------------------------------------------


def phase(client: str, srv: Server, schedule, connections: int, time_limit: float, check: bool) -> dict:
    la = loadavg()
    cpu0, t0 = srv.cpu_s(), time.perf_counter()
    if client == "wrk":
        r = wrk_client(srv.port, schedule, connections, time_limit)
    else:
        r = python_client(srv.port, schedule, connections, time_limit, check)
    elapsed = time.perf_counter() - t0
    r["server_cpu_s"] = srv.cpu_s() - cpu0
    # server CPU per request (ms): the cost of one request to the server process, all threads
    r["server_cpu_ms_per_req"] = r["server_cpu_s"] / r["completed"] * 1000 if r["completed"] else float("nan")
    r["server_cores_busy"] = r["server_cpu_s"] / r["wall_s"] if r["wall_s"] else float("nan")
    r["client_cores_busy"] = r["client_cpu_s"] / r["wall_s"] if r["wall_s"] else float("nan")
    r["phase_s"] = elapsed
    r["loadavg_before"] = la
    return r


def gold_http(port: int, sched: Schedules) -> list[dict]:
    out = []
    for i, c in enumerate(sched.cases):
        for as_of in (BASE_AS_OF, BASE_AS_OF + timedelta(days=365)):
            status, body = http_post(port, sched.body(i, as_of))
            b = json.loads(body) if status == 200 else {}
            sources = sorted(e["evidence_id"] for e in b.get("evidence", []) if e["role"] in ("primary", "conflict"))
            ok = status == 200 and b.get("behavior") == c["expect"]["behavior"] and \
                sources == sorted(c["expect"].get("sources", [])) and b["validation"]["passed"]
            out.append({"id": c["id"], "as_of": as_of.isoformat(), "ok": ok, "status": status,
                        "behavior": b.get("behavior"), "sources": sources})
    return out


def summarise(rounds: list[dict], clients: list[str]) -> dict:
    out = {}
    for client in clients:
        per = {mix: [r[client][mix] for r in rounds] for mix in MIXES}
        s = {}
        for mix, rs in per.items():
            s[mix] = {k: statistics.median(x[k] for x in rs) for k in
                      ("req_per_s", "p50_ms", "p99_ms", "server_cpu_ms_per_req", "server_cores_busy", "client_cores_busy")}
            s[mix]["completed"] = sum(x["completed"] for x in rs)
            s[mix]["non_200"] = sum(n for x in rs for st, n in x["statuses"].items() if str(st) not in ("200",))
            s[mix]["wrong_behavior"] = sum(sum(x["wrong_behavior"].values()) for x in rs)
            s[mix]["errors"] = [e for x in rs for e in (x["errors"] if isinstance(x["errors"], list) else
                                                        [f"{k}={v}" for k, v in x["errors"].items()])]
            s[mix]["capped_rounds"] = sum(1 for x in rs if x["capped"])
        for mix in ("hit", "repeat", "miss"):
            ratios = [r[client][mix]["req_per_s"] / r[client]["trivial"]["req_per_s"] for r in rounds]
            s[mix]["ratio_vs_trivial"] = statistics.median(ratios)
            s[mix]["ratio_per_round"] = ratios
            s[mix]["goal_met"] = s[mix]["ratio_vs_trivial"] >= GOAL_RATIO
        out[client] = s
    return out


def print_report(res: dict) -> None:
    w = print
    m = res["machine"]
    w("")
    w(f"canon HTTP benchmark, {res['date']}, {m['cores']} cores, Python {m['python']}, uvicorn {res['versions']['uvicorn']} "
      f"(uvloop {res['versions']['uvloop'] or 'absent'}, httptools {res['versions']['httptools'] or 'absent'}), "
      f"FastAPI {res['versions']['fastapi']}")
    g = res["git"]
    w(f"code: {g['head']} {g['subject'][:70]}" + (f" + {len(g['dirty'])} uncommitted change(s)" if g["dirty"] else ""))
    w(f"load: {res['uptime_start']}  ->  {res['uptime_end']}")
    w(f"{res['connections']} connections, {res['requests']} requests a phase, {res['rounds']} rounds, time cap "
      f"{res['time_limit']} s a phase (trivial: {res['trivial_requests']}); gold over HTTP: {sum(g['ok'] for g in res['gold_http'])}/{len(res['gold_http'])}")
    ip = res["inprocess"]
    w("in-process CanonService.ask, same catalog, no HTTP, one thread: " + "; ".join(
        f"{mix} p50 {v['p50_ms']:.2f} ms, mean {v['mean_ms']:.2f} ms = {v['max_req_per_s_one_thread']:.0f} asks/s "
        f"(CPU {v['cpu_ms_per_ask']:.2f} ms/ask)" for mix, v in ip.items()))
    th = f"threads_{res['connections']}"
    w(f"   the same from {res['connections']} threads at once: " + "; ".join(
        f"{mix} {ip[mix][th]['asks_per_s']:.0f} asks/s, CPU {ip[mix][th]['cpu_ms_per_ask']:.2f} ms/ask "
        f"(of it system {ip[mix][th]['sys_ms_per_ask']:.2f})" for mix in ("hit", "miss") if th in ip[mix]))
    for client, s in res["summary"].items():
        w("")
        w(f"client: {client}   (medians over rounds; latency in ms; ratio = canon req/s / trivial req/s in the same round)")
        w(f"   {'mix':<8} {'req/s':>8} {'p50':>8} {'p99':>8} {'srv ms/req':>10} {'srv cores':>9} {'cli cores':>9} "
          f"{'ratio':>6}  goal >= {GOAL_RATIO:.0%}")
        for mix in MIXES:
            x = s[mix]
            ratio = f"{x['ratio_vs_trivial']:>6.2f}" if mix != "trivial" else f"{'-':>6}"
            goal = "" if mix == "trivial" else ("met" if x["goal_met"] else
                                                f"MISSED ({x['ratio_vs_trivial'] / GOAL_RATIO:.0%} of goal)")
            flags = []
            if x["non_200"]:
                flags.append(f"{x['non_200']} non-200")
            if x["wrong_behavior"]:
                flags.append(f"{x['wrong_behavior']} wrong behavior")
            if x["capped_rounds"]:
                flags.append(f"time cap hit in {x['capped_rounds']} round(s)")
            if x["errors"]:
                flags.append(f"errors: {x['errors'][:3]}")
            w(f"   {mix:<8} {x['req_per_s']:>8.0f} {x['p50_ms']:>8.2f} {x['p99_ms']:>8.2f} {x['server_cpu_ms_per_req']:>10.3f} "
              f"{x['server_cores_busy']:>9.2f} {x['client_cores_busy']:>9.2f} {ratio}  {goal} {'; '.join(flags)}")
    prof = res.get("profile")
    if prof and "skipped" not in prof:
        for mix, p in prof.items():
            w("")
            w(f"yappi (CPU clock, all threads) of the canon server under {p['requests']} {mix} requests "
              f"({p['req_per_s_under_profiler']:.0f} req/s under the profiler; server CPU {p['server_cpu_s']:.2f} s), "
              f"top by total time:")
            for line in p.get("by_ttot", p.get("error", "")).splitlines():
                w("   " + line)
    elif prof:
        w(f"\nprofile: {prof['skipped']}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="canon serve /v1/ask vs a trivial FastAPI endpoint, uvicorn on 127.0.0.1")
    p.add_argument("--requests", type=int, default=3000, help="requests per measured canon phase")
    p.add_argument("--trivial-requests", type=int, default=10000,
                   help="requests per measured trivial phase (it is ~10x faster: this keeps its phase ~2 s)")
    p.add_argument("--warmup", type=int, default=300, help="untimed requests per mix before the rounds")
    p.add_argument("--connections", type=int, default=16)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--time-limit", type=float, default=60.0, help="cap in seconds per phase (the count usually ends it)")
    p.add_argument("--client", choices=["python", "wrk", "both", "auto"], default="auto",
                   help="auto (default): python, plus wrk when it is installed")
    p.add_argument("--profile", action="store_true", help="also profile the canon server (needs yappi) under miss and hit traffic")
    p.add_argument("--profile-requests", type=int, default=1500)
    p.add_argument("--profile-top", type=int, default=30)
    p.add_argument("--inprocess-asks", type=int, default=900)
    p.add_argument("--keep", action="store_true", help="keep the catalog, keys file and server logs")
    p.add_argument("--out", type=Path, help="default: evals/perf/results/http-<date>.json")
    p.add_argument("--client-child", type=Path, help=argparse.SUPPRESS)
    p.add_argument("--serve-trivial", type=int, help=argparse.SUPPRESS)
    p.add_argument("--inprocess-child", help=argparse.SUPPRESS)
    p.add_argument("--profiled-server", nargs=5, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.client_child:
        client_child(args.client_child)
        return 0
    if args.serve_trivial:
        serve_trivial(args.serve_trivial)
        return 0
    if args.inprocess_child:
        inprocess_child(args.inprocess_child, args.inprocess_asks, args.connections)
        return 0
    if args.profiled_server:
        port, keys, db, out, top = args.profiled_server
        profiled_canon_server(int(port), keys, db, out, int(top))
        return 0

    from evals.perf.bench_ask import git_state, machine

    os.chdir(REPO)
    DATA.mkdir(parents=True, exist_ok=True)
    clients = {"python": ["python"], "wrk": ["wrk"], "both": ["python", "wrk"],
               "auto": ["python"] + (["wrk"] if shutil.which("wrk") else [])}[args.client]
    res = {"date": date.today().isoformat(), "machine": machine(), "versions": versions(), "git": git_state(),
           "uptime_start": uptime_line(), "connections": args.connections, "requests": args.requests,
           "trivial_requests": args.trivial_requests,
           "warmup": args.warmup, "rounds": args.rounds, "time_limit": args.time_limit, "clients": clients,
           "goal": {"canon_over_trivial_throughput": GOAL_RATIO}}
    print(f"[start] {res['uptime_start']}", flush=True)

    work = Path(tempfile.mkdtemp(prefix="http-", dir=DATA))
    db, keys = work / "catalog.db", work / "keys.yaml"
    keys.write_text(yaml.safe_dump({"keys": [{"key": KEY, "principal": PRINCIPAL, "roles": ROLES}]}))
    proc = subprocess.run([sys.executable, "-m", "api.cli", "import", "fixtures/dossier", "--catalog", str(db)],
                          cwd=REPO, capture_output=True, text=True, timeout=300)
    if proc.returncode != 0:
        raise SystemExit(f"import failed: {proc.stderr[-1000:]}")
    res["import"] = proc.stdout.strip()

    print(f"[in-process] {args.inprocess_asks} asks per canon mix ...", flush=True)
    proc = subprocess.run([sys.executable, "-m", "evals.perf.bench_http", "--inprocess-child", str(db),
                           "--inprocess-asks", str(args.inprocess_asks), "--connections", str(args.connections)], cwd=REPO, capture_output=True, text=True,
                          timeout=600)
    if proc.returncode != 0:
        raise SystemExit(f"in-process floor failed: {proc.stderr[-1500:]}")
    res["inprocess"] = json.loads(proc.stdout)

    sched = Schedules()
    servers: dict[str, Server] = {}
    try:
        port = free_port()
        servers["canon"] = Server("canon", [sys.executable, "-m", "api.cli", "serve", "--host", "127.0.0.1", "--port",
                                            str(port), "--keys", str(keys), "--catalog", str(db)], port, work / "canon.log")
        port = free_port()
        servers["trivial"] = Server("trivial", [sys.executable, "-m", "evals.perf.bench_http", "--serve-trivial",
                                                str(port)], port, work / "trivial.log")
        res["ready_s"] = {name: s.wait_ready() for name, s in servers.items()}
        res["gold_http"] = gold_http(servers["canon"].port, sched)
        bad = [g for g in res["gold_http"] if not g["ok"]]
        if bad:
            print(f"[gold] {len(bad)} HTTP answers differ from dossier.yaml: {bad[:3]}", flush=True)

        target = {"trivial": "trivial", "hit": "canon", "repeat": "canon", "miss": "canon"}
        print(f"[warm-up] {args.warmup} requests per mix ...", flush=True)
        for mix in MIXES:
            python_client(servers[target[mix]].port, sched.make(mix, args.warmup), args.connections, args.time_limit,
                          check=False)
        res["rounds_raw"] = []
        for rnd in range(args.rounds):
            row = {}
            for client in clients:
                row[client] = {}
                for mix in MIXES:
                    srv = servers[target[mix]]
                    n = args.trivial_requests if mix == "trivial" else args.requests
                    r = phase(client, srv, sched.make(mix, n), args.connections, args.time_limit,
                              check=mix != "trivial")
                    row[client][mix] = r
                    print(f"[round {rnd + 1}/{args.rounds}] {client:<6} {mix:<8} {r['req_per_s']:7.0f} req/s  "
                          f"p50 {r['p50_ms']:6.2f} ms  p99 {r['p99_ms']:7.2f} ms  server {r['server_cores_busy']:.2f} "
                          f"cores  load {r['loadavg_before']}", flush=True)
            res["rounds_raw"].append(row)
        res["server_rss_mb"] = {name: s.rss_mb() for name, s in servers.items()}
    finally:
        for s in servers.values():
            s.stop()
    res["summary"] = summarise(res["rounds_raw"], clients)
    res["miss_as_of_range"] = [(BASE_AS_OF + timedelta(days=1)).isoformat(),
                               (BASE_AS_OF + timedelta(days=1 + sched.miss_counter // 9)).isoformat()]
    if args.profile:
        print("[profile] canon server under yappi ...", flush=True)
        res["profile"] = run_profile(args, keys, db, sched, work)
    res["uptime_end"] = uptime_line()
    print_report(res)
    out = args.out or RESULTS / f"http-{res['date']}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(res, indent=2, default=str))
    print(f"\nresults: {out}")
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    else:
        print(f"kept: {work}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
