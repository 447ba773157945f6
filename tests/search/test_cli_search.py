"""Search through the CLI: revocation and retraction reach both indexes at once; no heavy import
on questions that need no search."""
import json
import subprocess
import sys

import pytest
import yaml

from catalog.search import available
from tests.conftest import REPO, run_canon

pytestmark = pytest.mark.skipif(not available(), reason="search extra (tantivy) not installed")

RECORD = dict(evidence_id="POL.REFUNDS", entity_id="policy.refunds", entity_type="policy", title="Refund handling policy",
              status="current", authority="authoritative", permissions=["support", "finance"],
              body="Refunds are handled by the payments team within 14 days; chargebacks go to risk operations.")


def search_ids(catalog, role, mode):
    out = run_canon("search", "where are refunds handled", "--role", role, "--mode", mode, "--json", "--catalog", str(catalog), check=0)
    return [h["evidence_id"] for h in json.loads(out.stdout)["hits"]]


@pytest.mark.parametrize("change", ["revoke", "retract"])
def test_a_change_reaches_both_indexes_at_once(change, tmp_path, catalog):
    path = tmp_path / "r.yaml"
    path.write_text(yaml.safe_dump({"records": [RECORD]}), encoding="utf-8")
    run_canon("import", str(path), "--catalog", str(catalog), check=0)
    for mode in ("text", "vector", "governed"):
        assert search_ids(catalog, "support", mode) == ["POL.REFUNDS"], mode
    changed = dict(RECORD, permissions=["finance"]) if change == "revoke" else dict(RECORD, status="retracted")
    path.write_text(yaml.safe_dump({"records": [changed]}), encoding="utf-8")
    run_canon("import", str(path), "--catalog", str(catalog), check=0)
    for mode in ("text", "vector", "governed"):
        assert search_ids(catalog, "support", mode) == [], mode
    expected = ["POL.REFUNDS"] if change == "revoke" else []
    assert search_ids(catalog, "finance", "governed") == expected


def test_questions_that_need_no_search_import_no_search_library(catalog):
    run_canon("import", str(REPO / "fixtures" / "dossier"), "--catalog", str(catalog), check=0)
    code = ("import sys, runpy; sys.argv = ['canon', 'ask', 'Which revenue definition applies on 2025-06-30?', "
            f"'--role', 'analytics_readers', '--catalog', {str(catalog)!r}, '--json'];\n"
            "try:\n    runpy.run_module('api.cli', run_name='__main__')\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('torch', 'tantivy', 'sentence_transformers', 'openai')), "
            "file=sys.stderr)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO)
    assert json.loads(proc.stdout)["behavior"] == "answer"
    assert proc.stderr.strip().splitlines()[-1] == "[]"


def test_unplaced_questions_use_discovery_and_record_it(tmp_path, catalog):
    path = tmp_path / "r.yaml"
    path.write_text(yaml.safe_dump({"records": [RECORD]}), encoding="utf-8")
    run_canon("import", str(path), "--catalog", str(catalog), check=0)
    out = run_canon("ask", "Where are chargebacks handled?", "--role", "support", "--json", "--catalog", str(catalog), check=0)
    bundle = json.loads(out.stdout)
    searches = [t for t in bundle["tools"] if t["name"] == "search"]
    assert searches and searches[0]["result_ids"][0] == "POL.REFUNDS"
    assert all("score" in s for s in searches[0]["args"]["scores"])
    assert "POL.REFUNDS" in {e["evidence_id"] for e in bundle["evidence"]}
    outsider = json.loads(run_canon("ask", "Where are chargebacks handled?", "--role", "sales", "--json",
                                    "--catalog", str(catalog), check=0).stdout)
    assert "POL.REFUNDS" not in json.dumps(outsider) and outsider["behavior"] == "abstain"
