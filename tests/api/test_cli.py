"""The CLI contract: --catalog anywhere after the command, --json to stdout alone, batch, exit codes."""
import json

from tests.conftest import REPO, run_canon

DOSSIER = str(REPO / "fixtures" / "dossier")


def test_ask_json_is_one_bundle_on_stdout(catalog):
    run_canon("import", DOSSIER, "--catalog", str(catalog), check=0)
    proc = run_canon("ask", "Which revenue definition applies for reporting date 2025-06-30?", "--role", "analytics_readers",
                     "--principal", "ana", "--as-of", "2026-10-10", "--json", "--catalog", str(catalog), check=0)
    bundle = json.loads(proc.stdout)
    assert proc.stderr == ""
    assert bundle["requester"] == {"principal": "ana", "roles": ["analytics_readers"]}
    assert bundle["interpretation"]["entity_id"] == "metric.revenue"
    assert bundle["interpretation"]["reporting_date"] == "2025-06-30"
    assert [(e["evidence_id"], e["role"]) for e in bundle["evidence"]][0] == ("METRIC.REVENUE.v1", "primary")
    assert set(bundle) >= {"bundle_id", "question", "requester", "as_of", "interpretation", "behavior", "answer", "evidence",
                           "context_ids", "tools", "validation", "confidence", "gaps"}
    stored = json.loads(run_canon("bundle", bundle["bundle_id"], "--catalog", str(catalog), check=0).stdout)
    assert stored == bundle


def test_catalog_from_environment_and_readable_output(tmp_path):
    env = {"CANON_CATALOG": str(tmp_path / "env.db")}
    run_canon("import", DOSSIER, env=env, check=0)
    proc = run_canon("ask", "What is the approved Gross Margin definition?", "--role", "analytics_readers", env=env, check=0)
    assert proc.stdout.startswith("ABSTAIN")
    assert "DRAFT.GROSS_MARGIN" in proc.stdout


def test_batch_answers_one_line_per_request_with_its_id(tmp_path, catalog):
    run_canon("import", DOSSIER, "--catalog", str(catalog), check=0)
    batch = tmp_path / "q.jsonl"
    batch.write_text("\n".join(json.dumps(x) for x in [
        {"id": "a", "question": "What does the FY2026 Board revenue plan say?", "roles": ["analytics_readers"], "as_of": "2026-10-10"},
        {"id": "b", "question": "What does the FY2026 Board revenue plan say?", "roles": ["finance_confidential"], "as_of": "2026-10-10"},
        {"id": "c", "question": "What is revenue?", "roles": ["analytics_readers"], "as_of": "2025-01-15",
         "known_at": "2026-01-01T00:00:00Z"},
    ]) + "\n", encoding="utf-8")
    proc = run_canon("ask", "--batch", str(batch), "--json", "--catalog", str(catalog), check=0)
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [(b["id"], b["behavior"]) for b in lines] == [("a", "deny"), ("b", "answer"), ("c", "answer")]
    assert "250 million" not in json.dumps(lines[0])
    assert lines[2]["known_at"] == "2026-01-01T00:00:00Z"


def test_bad_batch_line_names_file_line_and_field(tmp_path, catalog):
    batch = tmp_path / "q.jsonl"
    batch.write_text('{"id": "x", "question": "What is revenue?", "as_of": "30.6.2025"}\n', encoding="utf-8")
    proc = run_canon("ask", "--batch", str(batch), "--catalog", str(catalog))
    assert proc.returncode == 1
    assert "q.jsonl, line 1, field 'as_of'" in proc.stderr


def test_usage_errors_exit_2_with_one_sentence(catalog):
    proc = run_canon("ask", "What is revenue?", "--as-of", "yesterday", "--catalog", str(catalog))
    assert proc.returncode == 2 and "--as-of 'yesterday' is not a date" in proc.stderr
    assert run_canon("ask", "--catalog", str(catalog)).returncode == 2
    assert run_canon("frobnicate").returncode == 2


def test_missing_bundle_and_missing_file_exit_1(catalog):
    proc = run_canon("bundle", "b-nope", "--catalog", str(catalog))
    assert proc.returncode == 1 and "no bundle 'b-nope'" in proc.stderr
    proc = run_canon("import", "/nonexistent/records.yaml", "--catalog", str(catalog))
    assert proc.returncode == 1 and "no such file or folder" in proc.stderr
