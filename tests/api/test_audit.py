"""Bundles for audit: replay, audit, and the answer cache."""
import json

import yaml

from api.service import AskRequest, CanonService
from tests.conftest import REPO, ask_json, run_canon

Q1 = "Which revenue definition applies for reporting date 2025-06-30?"


def test_replay_reproduces_and_reports_differences(tmp_path, catalog):
    path = tmp_path / "r.yaml"
    records = yaml.safe_load((REPO / "fixtures" / "dossier" / "records.yaml").read_text(encoding="utf-8"))["records"]
    path.write_text(yaml.safe_dump({"records": records}, allow_unicode=True), encoding="utf-8")
    run_canon("import", str(path), "--catalog", str(catalog), check=0)
    bundle = ask_json(catalog, Q1, "--role", "analytics_readers", "--as-of", "2026-10-10")
    same = json.loads(run_canon("replay", bundle["bundle_id"], "--json", "--catalog", str(catalog), check=0).stdout)
    assert same["identical"]
    v1 = next(r for r in records if r["evidence_id"] == "METRIC.REVENUE.v1")
    v1["body"] += " Gift cards are excluded."
    path.write_text(yaml.safe_dump({"records": records}, allow_unicode=True), encoding="utf-8")
    run_canon("import", str(path), "--catalog", str(catalog), check=0)
    as_then = json.loads(run_canon("replay", bundle["bundle_id"], "--json", "--catalog", str(catalog), check=0).stdout)
    assert as_then["identical"]  # as the catalog knew it when the bundle was made
    now = run_canon("replay", bundle["bundle_id"], "--now", "--json", "--catalog", str(catalog))
    assert now.returncode == 1
    fields = {d["field"] for d in json.loads(now.stdout)["differences"]}
    assert {"answer", "evidence"} <= fields
    audit = run_canon("audit", bundle["bundle_id"], "--catalog", str(catalog), check=0).stdout
    assert "METRIC.REVENUE.v1 rev 1" in audit and "artifact file:" in audit and "ok  content_hash_matches_catalog" in audit


def test_cache_serves_repeats_and_is_invalidated_by_any_change(tmp_path):
    service = CanonService(str(tmp_path / "c.db"))
    service.import_paths([str(REPO / "fixtures" / "dossier")])
    request = AskRequest(question=Q1, roles=["analytics_readers"], as_of="2026-10-10")
    first = service.ask(request)
    second = service.ask(request)
    assert service.cache_hits == 1 and second == first
    gm = AskRequest(question="What is the approved Gross Margin definition?", roles=["analytics_readers"], as_of="2026-10-10")
    service.ask(gm)
    service.ask(gm)
    assert service.cache_hits == 1  # abstentions are never cached
    records = yaml.safe_load((REPO / "fixtures" / "dossier" / "records.yaml").read_text(encoding="utf-8"))["records"]
    v1 = next(r for r in records if r["evidence_id"] == "METRIC.REVENUE.v1")
    v1["permissions"] = ["finance"]
    (tmp_path / "r.yaml").write_text(yaml.safe_dump({"records": [v1]}), encoding="utf-8")
    service.import_paths([str(tmp_path / "r.yaml")])
    after = service.ask(request)
    assert service.cache_hits == 1
    assert "METRIC.REVENUE.v1" not in {e.evidence_id for e in after.evidence}  # row 16: the revocation shows at once
