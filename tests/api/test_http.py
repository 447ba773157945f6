"""The HTTP API against a real `canon serve` process on 127.0.0.1."""
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
import yaml

from tests.conftest import REPO, run_canon

SUITES = ["dossier", "telco"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _role_key(roles) -> str:
    return "k-" + "-".join(sorted(roles))


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("http")
    catalog = tmp / "catalog.db"
    for corpus in ("dossier", "telco"):
        run_canon("import", str(REPO / "fixtures" / corpus), "--catalog", str(catalog), check=0)
    role_sets = {("analytics_readers",), ("ingest",)}
    for name in SUITES:
        suite = yaml.safe_load((REPO / "evals" / "suites" / f"{name}.yaml").read_text(encoding="utf-8"))
        for case in suite["cases"]:
            role_sets.add(tuple(sorted(case.get("roles", suite["roles"]))))
    keys = [{"key": _role_key(r), "principal": "p-" + "-".join(r), "roles": list(r)} for r in sorted(role_sets)]
    keys.append({"key_sha256": __import__("hashlib").sha256(b"hashed-secret").hexdigest(), "principal": "hashed", "roles": ["analytics_readers"]})
    keys_file = tmp / "keys.yaml"
    keys_file.write_text(yaml.safe_dump({"keys": keys}), encoding="utf-8")
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.Popen([sys.executable, "-m", "api.cli", "serve", "--port", str(port), "--keys", str(keys_file),
                             "--catalog", str(catalog)], cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            if httpx.get(base + "/openapi.json", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.1)
    else:
        proc.kill()
        raise RuntimeError(proc.stderr.read().decode())
    yield {"base": base, "catalog": catalog, "tmp": tmp}
    proc.terminate()
    proc.wait(timeout=10)


def post(server, path, body, key):
    return httpx.post(server["base"] + path, json=body, headers={"Authorization": f"Bearer {key}"}, timeout=30)


def test_missing_or_unknown_key_is_401_problem_json(server):
    for headers in ({}, {"Authorization": "Bearer nope"}, {"Authorization": "Basic abc"}):
        r = httpx.post(server["base"] + "/v1/ask", json={"question": "What is revenue?"}, headers=headers)
        assert r.status_code == 401
        assert r.headers["content-type"].startswith("application/problem+json")
        assert set(r.json()) == {"type", "title", "status", "detail"}
    assert post(server, "/v1/ask", {"question": "What is revenue?"}, "hashed-secret").status_code == 200


def test_a_broken_or_incomplete_ask_body_is_422_problem_json_naming_the_field(server):
    headers = {"Authorization": "Bearer hashed-secret", "Content-Type": "application/json"}
    broken = httpx.post(server["base"] + "/v1/ask", content=b'{"question": ', headers=headers, timeout=30)
    missing = httpx.post(server["base"] + "/v1/ask", content=b'{"as_of": "2026-10-10"}', headers=headers, timeout=30)
    bad_date = httpx.post(server["base"] + "/v1/ask", content=b'{"question": "What is revenue?", "as_of": "30.6."}',
                          headers=headers, timeout=30)
    for r in (broken, missing, bad_date):
        assert r.status_code == 422 and r.headers["content-type"].startswith("application/problem+json")
        assert set(r.json()) == {"type", "title", "status", "detail"}
    assert "(body)" in broken.json()["detail"] and "question" in missing.json()["detail"] and "as_of" in bad_date.json()["detail"]


def test_roles_come_from_the_key_never_from_the_body(server):
    body = {"question": "What does the FY2026 Board revenue plan say?", "as_of": "2026-10-10",
            "roles": ["finance_confidential"], "principal": "ceo"}
    r = post(server, "/v1/ask", body, _role_key(["analytics_readers"]))
    bundle = r.json()
    assert bundle["behavior"] == "deny"
    assert bundle["requester"] == {"principal": "p-analytics_readers", "roles": ["analytics_readers"]}
    assert "250 million" not in r.text


@pytest.mark.parametrize("name", SUITES)
def test_http_bundles_equal_cli_bundles(server, name, tmp_path):
    suite = yaml.safe_load((REPO / "evals" / "suites" / f"{name}.yaml").read_text(encoding="utf-8"))
    lines, http_bundles = [], []
    for case in suite["cases"]:
        roles = sorted(case.get("roles", suite["roles"]))
        body = {"id": case["id"], "question": case["question"], "as_of": str(case.get("as_of", suite["as_of"]))}
        if case.get("known_at"):
            body["known_at"] = case["known_at"].isoformat().replace("+00:00", "Z") if hasattr(case["known_at"], "isoformat") else case["known_at"]
        r = post(server, "/v1/ask", body, _role_key(roles))
        assert r.status_code == 200, r.text
        http_bundles.append(r.json())
        lines.append(json.dumps({**body, "roles": roles, "principal": "p-" + "-".join(roles)}))
    batch = tmp_path / "batch.jsonl"
    batch.write_text("\n".join(lines) + "\n", encoding="utf-8")
    proc = run_canon("ask", "--batch", str(batch), "--json", "--catalog", str(server["catalog"]), check=0)
    cli_bundles = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(cli_bundles) == len(http_bundles)
    for cli, http in zip(cli_bundles, http_bundles):
        assert cli == http, cli["id"]
    stored = httpx.get(server["base"] + f"/v1/bundles/{http_bundles[0]['bundle_id']}",
                       headers={"Authorization": f"Bearer {_role_key(sorted(suite['roles']))}"}).json()
    assert stored["bundle_id"] == http_bundles[0]["bundle_id"]


def test_records_and_resolve_respect_permissions(server):
    reader = {"Authorization": f"Bearer {_role_key(['analytics_readers'])}"}
    r = httpx.get(server["base"] + "/v1/records/METRIC.REVENUE.v1", headers=reader)
    assert r.status_code == 200 and r.json()["evidence_id"] == "METRIC.REVENUE.v1"
    hidden = httpx.get(server["base"] + "/v1/records/FINANCE.BOARD.PLAN", headers=reader)
    assert hidden.status_code == 404 and "250" not in hidden.text
    resolved = httpx.get(server["base"] + "/v1/entities/metric.revenue/resolve", params={"date": "2025-06-30"}, headers=reader).json()
    assert resolved["behavior"] == "answer" and resolved["evidence"][0]["evidence_id"] == "METRIC.REVENUE.v1"
    assert resolved["requester"] == {"principal": "p-analytics_readers", "roles": ["analytics_readers"]}  # for audit
    graph = httpx.get(server["base"] + "/v1/lineage", params={"nodeId": "METRIC.REVENUE.v2", "direction": "upstream"},
                      headers=reader).json()
    ids = {n["id"] for n in graph["graph"]}
    assert {"model.analytics.fct_revenue.v2", "source.raw.orders"} <= ids
    assert all({"id", "type", "data", "inEdges", "outEdges"} <= set(n) for n in graph["graph"])


def test_openlineage_client_sends_events_to_canon(server):
    from openlineage.client import OpenLineageClient
    from openlineage.client.event_v2 import Dataset, Job, Run, RunEvent, RunState
    from openlineage.client.transport.http import HttpConfig, HttpTransport
    from openlineage.client.uuid import generate_new_uuid

    config = HttpConfig.from_dict({"type": "http", "url": server["base"], "auth": {"type": "api_key", "apiKey": _role_key(["ingest"])}})
    client = OpenLineageClient(transport=HttpTransport(config))
    run = Run(runId=str(generate_new_uuid()))
    job = Job(namespace="canon-test", name="load_orders")
    for state in (RunState.START, RunState.COMPLETE):
        client.emit(RunEvent(eventType=state, eventTime="2026-11-29T10:00:00+00:00", run=run, job=job,
                             producer="https://example.invalid/canon-test",
                             inputs=[Dataset(namespace="postgres://db:5432", name="shop.public.raw_orders")],
                             outputs=[Dataset(namespace="postgres://db:5432", name="shop.public.orders")]))
    graph = httpx.get(server["base"] + "/v1/lineage", params={"nodeId": "postgres://db:5432:shop.public.orders", "direction": "upstream"},
                      headers={"Authorization": f"Bearer {_role_key(['analytics_readers'])}"}).json()
    ids = {n["id"] for n in graph["graph"]}
    assert "postgres://db:5432:shop.public.raw_orders" in ids and "job:canon-test:load_orders" in ids
    bad = post(server, "/api/v1/lineage", {"eventType": "START"}, _role_key(["ingest"]))
    assert bad.status_code == 400 and bad.headers["content-type"].startswith("application/problem+json")


def test_openapi_document_is_served(server):
    doc = httpx.get(server["base"] + "/openapi.json").json()
    assert {"/v1/ask", "/v1/bundles/{bundle_id}", "/api/v1/lineage", "/v1/lineage"} <= set(doc["paths"])
