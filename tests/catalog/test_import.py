"""`canon import`: validation at the boundary, quarantine, one transaction, revisions."""
import json
import sqlite3

import yaml

from tests.conftest import REPO, ask_json, run_canon

GOOD = dict(evidence_id="M.CHURN.v1", entity_id="metric.churn", entity_type="metric_definition", title="Churn",
            status="current", authority="authoritative", permissions=["analysts"], effective_from="2024-01-01",
            body="Churn is the share of subscribers who leave in a month.")


def write_yaml(path, records):
    path.write_text(yaml.safe_dump({"records": records}, allow_unicode=True), encoding="utf-8")
    return path


def revision_count(catalog):
    with sqlite3.connect(catalog) as conn:
        return conn.execute("SELECT COUNT(*) FROM revision").fetchone()[0]


def test_one_broken_record_is_quarantined_and_the_rest_imported(tmp_path, catalog):
    bad = dict(GOOD, evidence_id="M.BAD", status="approved")
    path = write_yaml(tmp_path / "records.yaml", [GOOD, bad, dict(GOOD, evidence_id="M.OTHER", entity_id="metric.other", title="Other")])
    proc = run_canon("import", str(path), "--catalog", str(catalog))
    assert proc.returncode == 1
    assert "records.yaml, record #2 (M.BAD), field 'status'" in proc.stderr
    assert "'approved'" in proc.stderr
    assert revision_count(catalog) == 2
    listed = run_canon("quarantine", "--json", "--catalog", str(catalog), check=0)
    rows = json.loads(listed.stdout)
    assert [(r["record"], r["field"]) for r in rows] == [("#2 (M.BAD)", "status")]


def test_missing_required_field_names_the_field(tmp_path, catalog):
    broken = {k: v for k, v in GOOD.items() if k != "permissions"}
    proc = run_canon("import", str(write_yaml(tmp_path / "r.yaml", [broken])), "--catalog", str(catalog))
    assert proc.returncode == 1
    assert "field 'permissions': is required but missing" in proc.stderr


def test_malformed_yaml_imports_nothing(tmp_path, catalog):
    good = write_yaml(tmp_path / "a.yaml", [GOOD])
    bad = tmp_path / "b.yaml"
    bad.write_text("records:\n  - evidence_id: X\n    title: [unclosed\n", encoding="utf-8")
    proc = run_canon("import", str(good), str(bad), "--catalog", str(catalog))
    assert proc.returncode == 1
    assert "b.yaml: cannot be read as records: malformed YAML at line" in proc.stderr
    assert "nothing was imported" in proc.stderr
    assert revision_count(catalog) == 0


def test_malformed_json_and_jsonl_import_nothing(tmp_path, catalog):
    (tmp_path / "a.json").write_text('[{"evidence_id": "X",', encoding="utf-8")
    proc = run_canon("import", str(tmp_path / "a.json"), "--catalog", str(catalog))
    assert proc.returncode == 1 and "malformed JSON" in proc.stderr
    (tmp_path / "b.jsonl").write_text(json.dumps(GOOD) + "\n{oops\n", encoding="utf-8")
    proc = run_canon("import", str(tmp_path / "b.jsonl"), "--catalog", str(catalog))
    assert proc.returncode == 1 and "malformed JSON on line 2" in proc.stderr
    assert revision_count(catalog) == 0


def test_a_killed_import_leaves_the_catalog_unchanged(tmp_path, catalog):
    run_canon("import", str(write_yaml(tmp_path / "first.yaml", [GOOD])), "--catalog", str(catalog), check=0)
    before = revision_count(catalog)
    many = [dict(GOOD, evidence_id=f"M.{i}", entity_id=f"metric.m{i}", title=f"Metric {i}") for i in range(50)]
    proc = run_canon("import", str(write_yaml(tmp_path / "second.yaml", many)), "--catalog", str(catalog),
                     env={"CANON_FAULT": "crash-mid-import"})
    assert proc.returncode == 70  # the process died inside the transaction
    assert revision_count(catalog) == before
    run_canon("import", str(tmp_path / "second.yaml"), "--catalog", str(catalog), check=0)
    assert revision_count(catalog) == before + 50


def test_reimport_is_a_noop_and_a_change_makes_a_revision(tmp_path, catalog):
    path = write_yaml(tmp_path / "r.yaml", [GOOD])
    run_canon("import", str(path), "--catalog", str(catalog), check=0)
    again = run_canon("import", str(path), "--catalog", str(catalog), check=0)
    assert "0 added, 0 revised, 1 unchanged" in again.stdout
    write_yaml(path, [dict(GOOD, body="Churn is the share of subscribers who leave in a calendar month.")])
    changed = run_canon("import", str(path), "--catalog", str(catalog), check=0)
    assert "0 added, 1 revised" in changed.stdout
    with sqlite3.connect(catalog) as conn:
        rows = conn.execute("SELECT revision, content_hash FROM revision WHERE evidence_id='M.CHURN.v1' ORDER BY revision").fetchall()
    assert [r[0] for r in rows] == [1, 2] and rows[0][1] != rows[1][1]


def test_markdown_with_front_matter_and_jsonl(tmp_path, catalog):
    front = {k: v for k, v in GOOD.items() if k != "body"}
    (tmp_path / "churn.md").write_text("---\n" + yaml.safe_dump(front) + "---\n# Churn\n\nChurn counts leavers.\n", encoding="utf-8")
    (tmp_path / "more.jsonl").write_text(json.dumps(dict(GOOD, evidence_id="M.X", entity_id="metric.x", title="X")) + "\n", encoding="utf-8")
    proc = run_canon("import", str(tmp_path), "--catalog", str(catalog), check=0)
    assert "2 added" in proc.stdout
    bundle = ask_json(catalog, "What is churn on 2025-01-01?", "--role", "analysts")
    assert bundle["behavior"] == "answer" and "Churn counts leavers" in bundle["answer"]


def test_revoking_a_role_or_retracting_reflects_on_the_next_ask(tmp_path, catalog):
    path = write_yaml(tmp_path / "r.yaml", [GOOD])
    run_canon("import", str(path), "--catalog", str(catalog), check=0)
    assert ask_json(catalog, "What is churn?", "--role", "analysts")["behavior"] == "answer"
    write_yaml(path, [dict(GOOD, permissions=["finance"])])
    run_canon("import", str(path), "--catalog", str(catalog), check=0)
    denied = ask_json(catalog, "What is churn?", "--role", "analysts")
    assert denied["behavior"] == "deny" and denied["evidence"] == []
    write_yaml(path, [dict(GOOD, permissions=["finance"], status="retracted")])
    run_canon("import", str(path), "--catalog", str(catalog), check=0)
    assert ask_json(catalog, "What is churn?", "--role", "finance")["behavior"] == "abstain"


def test_known_at_answers_as_the_catalog_knew_it(tmp_path, catalog):
    v1 = dict(GOOD, recorded_at="2024-01-02T00:00:00Z")
    fix = dict(GOOD, evidence_id="M.CHURN.v1-fix", supersedes="M.CHURN.v1", recorded_at="2025-03-01T00:00:00Z",
               body="Churn is the share of subscribers who leave in a month, excluding test lines.")
    run_canon("import", str(write_yaml(tmp_path / "r.yaml", [v1, fix])), "--catalog", str(catalog), check=0)
    now = ask_json(catalog, "What is churn on 2024-06-01?", "--role", "analysts")
    then = ask_json(catalog, "What is churn on 2024-06-01?", "--role", "analysts", "--known-at", "2025-01-01T00:00:00Z")
    assert [e["evidence_id"] for e in now["evidence"] if e["role"] == "primary"] == ["M.CHURN.v1-fix"]
    assert [e["evidence_id"] for e in then["evidence"] if e["role"] == "primary"] == ["M.CHURN.v1"]


def test_a_revision_recorded_later_does_not_exist_for_an_earlier_known_at(tmp_path, catalog):
    path = write_yaml(tmp_path / "r.yaml", [dict(GOOD, recorded_at="2024-01-02T00:00:00Z")])
    run_canon("import", str(path), "--catalog", str(catalog), check=0)
    write_yaml(path, [dict(GOOD, recorded_at="2024-01-02T00:00:00Z", permissions=["finance"])])
    run_canon("import", str(path), "--catalog", str(catalog), check=0)  # revision 2, learned now
    assert ask_json(catalog, "What is churn?", "--role", "analysts")["behavior"] == "deny"
    before = ask_json(catalog, "What is churn?", "--role", "analysts", "--known-at", "2025-01-01T00:00:00Z")
    assert before["behavior"] == "answer"


def test_the_bundled_record_fixtures_import_clean(catalog):
    proc = run_canon("import", str(REPO / "fixtures" / "dossier"), str(REPO / "fixtures" / "telco"), "--catalog", str(catalog), check=0)
    assert "0 quarantined" in proc.stdout
