"""`canon mcp` as a real process over stdio: the same service and bundles as the CLI and HTTP API."""
import json
import os
import subprocess
import sys

import pytest
import yaml

from tests.conftest import REPO, ask_json, run_canon

Q1 = "Which revenue definition applies for reporting date 2025-06-30?"


@pytest.fixture(scope="module")
def setup(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("mcp")
    catalog = tmp / "catalog.db"
    run_canon("import", str(REPO / "fixtures" / "dossier"), "--catalog", str(catalog), check=0)
    keys = tmp / "keys.yaml"
    keys.write_text(yaml.safe_dump({"keys": [{"key": "k-readers", "principal": "ana", "roles": ["analytics_readers"]}]}),
                    encoding="utf-8")
    return {"catalog": catalog, "keys": keys}


class Client:
    def __init__(self, setup, key="k-readers"):
        env = {**os.environ, "PYTHONPATH": str(REPO), "CANON_API_KEY": key}
        self.proc = subprocess.Popen([sys.executable, "-m", "api.cli", "mcp", "--keys", str(setup["keys"]),
                                      "--catalog", str(setup["catalog"])], cwd=REPO, env=env, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.next_id = 0

    def send(self, method, params=None, notify=False):
        message = {"jsonrpc": "2.0", "method": method, **({"params": params} if params is not None else {})}
        if not notify:
            self.next_id += 1
            message["id"] = self.next_id
        self.proc.stdin.write(json.dumps(message) + "\n")
        self.proc.stdin.flush()
        return None if notify else json.loads(self.proc.stdout.readline())

    def tool(self, name, arguments):
        return self.send("tools/call", {"name": name, "arguments": arguments})["result"]

    def close(self):
        self.proc.stdin.close()
        assert self.proc.wait(timeout=30) == 0, self.proc.stderr.read()


@pytest.fixture(scope="module")
def client(setup):
    c = Client(setup)
    init = c.send("initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "0"}})
    assert init["result"]["capabilities"]["tools"] is not None and init["result"]["serverInfo"]["name"] == "canon"
    c.send("notifications/initialized", notify=True)
    yield c
    c.close()


def test_tools_are_listed_with_input_schemas_that_carry_no_roles(client):
    tools = {t["name"]: t for t in client.send("tools/list")["result"]["tools"]}
    assert {"ask", "get_bundle", "get_record", "resolve_entity", "lineage", "search"} <= set(tools)
    for tool in tools.values():
        props = tool["inputSchema"].get("properties", {})
        assert "roles" not in props and "principal" not in props and tool["inputSchema"].get("additionalProperties") is False


def test_ask_over_mcp_is_the_cli_bundle_and_the_key_decides_the_roles(client, setup):
    result = client.tool("ask", {"question": Q1, "as_of": "2026-10-10"})
    assert result["isError"] is False
    bundle = json.loads(result["content"][0]["text"])
    assert bundle == result["structuredContent"]
    cli = ask_json(setup["catalog"], Q1, "--role", "analytics_readers", "--principal", "ana", "--as-of", "2026-10-10")
    assert bundle == cli and bundle["behavior"] == "answer"
    stored = client.tool("get_bundle", {"bundle_id": bundle["bundle_id"]})
    assert json.loads(stored["content"][0]["text"])["bundle_id"] == bundle["bundle_id"]
    claimed = client.tool("ask", {"question": "What does the FY2026 Board revenue plan say?", "roles": ["finance_confidential"]})
    assert claimed["isError"] is True and "roles" in claimed["content"][0]["text"]
    denied = json.loads(client.tool("ask", {"question": "What does the FY2026 Board revenue plan say?"})["content"][0]["text"])
    assert denied["behavior"] == "deny" and denied["requester"] == {"principal": "ana", "roles": ["analytics_readers"]}


def test_failures_are_tool_errors_and_unknown_methods_json_rpc_errors(client):
    missing = client.tool("get_record", {"evidence_id": "NO.SUCH.RECORD"})
    assert missing["isError"] is True and "NO.SUCH.RECORD" in missing["content"][0]["text"]
    bad = client.tool("lineage", {"node_id": "metric.revenue", "direction": "sideways"})
    assert bad["isError"] is True and "direction" in bad["content"][0]["text"]
    assert client.tool("no_such_tool", {})["isError"] is True
    assert client.send("resources/list")["error"]["code"] == -32601
    assert client.send("ping")["result"] == {}


def test_a_missing_or_unknown_key_stops_the_server(setup):
    for key in ("", "wrong-key"):
        proc = run_canon("mcp", "--keys", str(setup["keys"]), "--catalog", str(setup["catalog"]), env={"CANON_API_KEY": key})
        assert proc.returncode == 2 and "CANON_API_KEY" in proc.stderr and proc.stdout == ""
