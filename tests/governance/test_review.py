"""Conflicts settled once by a person, through the CLI (governance issue acceptance)."""
import json

import yaml

from tests.conftest import ask_json, run_canon

BASE = dict(entity_id="metric.active_subscribers", entity_type="metric_definition", status="current",
            authority="authoritative", permissions=["analysts"])
MARKETING = dict(BASE, evidence_id="AS.MARKETING", title="Active subscribers (marketing)", aliases=["active subscribers"],
                 effective_from="2024-01-01", body="An active subscriber had any billable event in the last 30 days.")
FINANCE = dict(BASE, evidence_id="AS.FINANCE", title="Active subscribers (finance)", aliases=["active subscribers"],
               effective_from="2025-04-01", body="An active subscriber has a paid plan on the last day of the month.")
QUESTION = "Which active subscribers definition applies on 2025-06-30?"


def items(catalog, *extra):
    return json.loads(run_canon("review", "list", "--json", "--catalog", str(catalog), *extra, check=0).stdout)


def test_overlap_decide_restart_reimport_revert(tmp_path, catalog):
    path = tmp_path / "r.yaml"
    path.write_text(yaml.safe_dump({"records": [MARKETING, FINANCE]}), encoding="utf-8")
    imported = run_canon("import", str(path), "--catalog", str(catalog), check=0)
    assert "filed for review: hard:" in imported.stderr
    hard = [i for i in items(catalog) if i["kind"] == "hard"]
    assert len(hard) == 1 and sorted(hard[0]["evidence_ids"]) == ["AS.FINANCE", "AS.MARKETING"]

    before = ask_json(catalog, QUESTION, "--role", "analysts")
    assert before["behavior"] == "abstain"
    assert sorted(e["evidence_id"] for e in before["evidence"] if e["role"] == "conflict") == ["AS.FINANCE", "AS.MARKETING"]
    for _ in range(2):  # asking again files nothing new
        ask_json(catalog, QUESTION, "--role", "analysts")
    assert len(items(catalog)) == 1

    item_id = hard[0]["id"]
    run_canon("review", "decide", str(item_id), "--rank", "AS.FINANCE", "--from", "2025-04-01", "--by", "jana.novak",
              "--why", "Finance owns subscriber reporting from Q2 2025", "--catalog", str(catalog), check=0)
    decided = ask_json(catalog, QUESTION, "--role", "analysts")
    assert decided["behavior"] == "answer"
    roles = {e["evidence_id"]: e["role"] for e in decided["evidence"]}
    assert roles["AS.FINANCE"] == "primary" and roles["AS.MARKETING"] == "context"
    assert "jana.novak" in decided["answer"] and "Finance owns subscriber reporting" in decided["answer"]
    assert decided["confidence"] == "high"
    # outside the ranked interval the decision does not apply
    assert ask_json(catalog, "Which active subscribers definition applies on 2024-06-30?", "--role", "analysts")["behavior"] == "answer"

    # a new process (restart) and a re-import, unchanged and changed: still decided, nothing refiled
    run_canon("import", str(path), "--catalog", str(catalog), check=0)
    path.write_text(yaml.safe_dump({"records": [MARKETING, dict(FINANCE, body=FINANCE["body"] + " Trials excluded.")]}),
                    encoding="utf-8")
    run_canon("import", str(path), "--catalog", str(catalog), check=0)
    assert len(items(catalog)) == 1
    assert ask_json(catalog, QUESTION, "--role", "analysts")["behavior"] == "answer"

    shown = json.loads(run_canon("review", "show", str(item_id), "--json", "--catalog", str(catalog), check=0).stdout)
    decision_id = shown["decisions"][0]["id"]
    run_canon("review", "revert", str(decision_id), "--by", "petr.dvorak", "--why", "Ranking agreed too early",
              "--catalog", str(catalog), check=0)
    assert ask_json(catalog, QUESTION, "--role", "analysts")["behavior"] == "abstain"
    trail = run_canon("review", "show", str(item_id), "--catalog", str(catalog), check=0).stdout
    assert "[reverted] rank AS.FINANCE over AS.MARKETING" in trail
    assert "jana.novak" in trail and "petr.dvorak" in trail and "Ranking agreed too early" in trail
    assert "[open]" in trail


def test_known_at_sees_decisions_as_they_stood(tmp_path, catalog):
    path = tmp_path / "r.yaml"
    recorded = {"recorded_at": "2024-06-01T00:00:00Z"}  # the records were known long before the decision
    path.write_text(yaml.safe_dump({"records": [dict(MARKETING, **recorded), dict(FINANCE, **recorded)]}), encoding="utf-8")
    run_canon("import", str(path), "--catalog", str(catalog), check=0)
    item_id = items(catalog)[0]["id"]
    run_canon("review", "decide", str(item_id), "--rank", "AS.FINANCE", "--by", "jana", "--why", "owner",
              "--catalog", str(catalog), check=0)
    now = ask_json(catalog, QUESTION, "--role", "analysts")
    assert now["behavior"] == "answer"
    past = ask_json(catalog, QUESTION, "--role", "analysts", "--known-at", "2025-08-01T00:00:00Z")
    assert past["behavior"] == "abstain"  # the records existed then, the decision did not
    assert sorted(e["evidence_id"] for e in past["evidence"] if e["role"] == "conflict") == ["AS.FINANCE", "AS.MARKETING"]


def test_supersede_writes_revisions_and_revert_restores_them(tmp_path, catalog):
    path = tmp_path / "r.yaml"
    path.write_text(yaml.safe_dump({"records": [MARKETING, FINANCE]}), encoding="utf-8")
    run_canon("import", str(path), "--catalog", str(catalog), check=0)
    item_id = items(catalog)[0]["id"]
    run_canon("review", "decide", str(item_id), "--supersede", "AS.FINANCE", "--by", "jana", "--why", "finance wins",
              "--catalog", str(catalog), check=0)
    answer = ask_json(catalog, QUESTION, "--role", "analysts")
    assert answer["behavior"] == "answer" and answer["evidence"][0]["evidence_id"] == "AS.FINANCE"
    again = run_canon("import", str(path), "--catalog", str(catalog), check=0)
    assert "2 unchanged" in again.stdout  # the governance revision is not undone by the unchanged file
    decision = json.loads(run_canon("review", "show", str(item_id), "--json", "--catalog", str(catalog), check=0).stdout)["decisions"][0]
    run_canon("review", "revert", str(decision["id"]), "--by", "petr", "--why", "undo", "--catalog", str(catalog), check=0)
    assert ask_json(catalog, QUESTION, "--role", "analysts")["behavior"] == "abstain"


def test_soft_items_for_drafts_and_pages_and_bad_decisions(tmp_path, catalog):
    draft = dict(BASE, evidence_id="AS.DRAFT", title="Active subscribers draft", status="draft", authority="non_authoritative",
                 supersedes="AS.FINANCE", effective_from="2027-01-01", body="Would count trials as active.")
    wiki = dict(BASE, evidence_id="AS.WIKI", entity_type="wiki", title="Subscribers wiki", authority="non_authoritative",
                body="Active means logged in this year.")
    path = tmp_path / "r.yaml"
    path.write_text(yaml.safe_dump({"records": [FINANCE, draft, wiki]}), encoding="utf-8")
    run_canon("import", str(path), "--catalog", str(catalog), check=0)
    found = items(catalog)
    assert sorted(i["kind"] for i in found) == ["soft", "soft"]
    soft = found[0]["id"]
    bad = run_canon("review", "decide", str(soft), "--rank", "AS.FINANCE", "--by", "x", "--why", "y", "--catalog", str(catalog))
    assert bad.returncode == 2 and "soft item" in bad.stderr
    run_canon("review", "decide", str(soft), "--dismiss", "--by", "x", "--why", "known proposal", "--catalog", str(catalog), check=0)
    assert [i["status"] for i in items(catalog)] == ["dismissed", "open"]
    assert run_canon("review", "decide", "999", "--dismiss", "--by", "x", "--why", "y", "--catalog", str(catalog)).returncode == 1


def test_quarantine_is_a_work_queue(tmp_path, catalog):
    record = dict(MARKETING, status="approved")
    path = tmp_path / "r.yaml"
    path.write_text(yaml.safe_dump({"records": [FINANCE, record]}), encoding="utf-8")
    assert run_canon("import", str(path), "--catalog", str(catalog)).returncode == 1
    listed = json.loads(run_canon("quarantine", "list", "--json", "--catalog", str(catalog), check=0).stdout)
    assert len(listed) == 1 and listed[0]["field"] == "status"
    shown = json.loads(run_canon("quarantine", "show", str(listed[0]["id"]), "--json", "--catalog", str(catalog), check=0).stdout)
    assert "approved" in shown["raw"] and "not one of" in shown["reason"]
    still = run_canon("quarantine", "retry", str(listed[0]["id"]), "--catalog", str(catalog))
    assert still.returncode == 1 and "still rejected" in still.stdout
    path.write_text(yaml.safe_dump({"records": [FINANCE, MARKETING]}), encoding="utf-8")
    fixed = run_canon("quarantine", "retry", str(listed[0]["id"]), "--catalog", str(catalog), check=0)
    assert "imported" in fixed.stdout
    assert json.loads(run_canon("quarantine", "list", "--json", "--catalog", str(catalog), check=0).stdout)[0]["status"] == "resolved"


def test_supersession_suggestions_accept_and_dismiss_are_remembered(tmp_path, catalog):
    old = dict(BASE, evidence_id="REFUND.2019", entity_id="policy.refunds", entity_type="policy", title="Refund policy",
               authority="non_authoritative", effective_from="2019-01-01",
               body="Refunds are issued within 30 days of purchase to the original payment method.")
    new = dict(old, evidence_id="REFUND.2023", effective_from="2023-06-01",
               body="Refunds are issued within 14 days of purchase to the original payment method.")
    twin = dict(old, evidence_id="WIKI.REFUNDS", entity_id="wiki.refunds", title="Refund policy", effective_from="2024-02-01",
                body="Refunds are issued within 14 days of purchase to the original payment method or store credit.")
    path = tmp_path / "r.yaml"
    path.write_text(yaml.safe_dump({"records": [old, new, twin]}), encoding="utf-8")
    run_canon("import", str(path), "--catalog", str(catalog), check=0)
    suggestions = [i for i in items(catalog) if i["kind"] == "suggestion"]
    pairs = {tuple(i["evidence_ids"]) for i in suggestions}
    assert ("REFUND.2023", "REFUND.2019") in pairs  # same entity, different dates
    assert ("WIKI.REFUNDS", "REFUND.2023") in pairs  # near-duplicate text across entities
    accept = next(i for i in suggestions if tuple(i["evidence_ids"]) == ("REFUND.2023", "REFUND.2019"))
    run_canon("review", "decide", str(accept["id"]), "--accept", "--by", "eva", "--why", "2023 policy replaced 2019",
              "--catalog", str(catalog), check=0)
    import sqlite3
    with sqlite3.connect(catalog) as conn:
        live = {e: json.loads(p) for e, p in conn.execute(
            "SELECT evidence_id, payload FROM revision r WHERE revision = (SELECT MAX(revision) FROM revision x WHERE x.evidence_id = r.evidence_id)")}
    assert live["REFUND.2023"]["supersedes"] == "REFUND.2019" and live["REFUND.2019"]["superseded_by"] == "REFUND.2023"
    dismiss = next(i for i in suggestions if tuple(i["evidence_ids"]) == ("WIKI.REFUNDS", "REFUND.2023"))
    run_canon("review", "decide", str(dismiss["id"]), "--dismiss", "--by", "eva", "--why", "the wiki is a summary",
              "--catalog", str(catalog), check=0)
    path.write_text(yaml.safe_dump({"records": [old, new, dict(twin, body=twin["body"] + " Ask support.")]}), encoding="utf-8")
    run_canon("import", str(path), "--catalog", str(catalog), check=0)
    again = [i for i in items(catalog) if i["kind"] == "suggestion"]
    assert len(again) == len(suggestions)  # a dismissed suggestion is not suggested again
