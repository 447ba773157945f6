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


def test_a_long_running_service_follows_writes_made_by_another(tmp_path):
    """A server's memos (answers, readings, read statements) hold for one catalog generation: a
    revocation or retraction written by another process (here: another service object on the
    same file) shows on the server's next ask, for the same question and date."""
    from datetime import date

    db = str(tmp_path / "c.db")
    record = dict(evidence_id="M.CHURN.v1", entity_id="metric.churn", entity_type="metric_definition", title="Churn",
                  status="current", authority="authoritative", permissions=["analysts"], effective_from="2024-01-01",
                  body="Churn is the share of subscribers who leave in a month.")
    path = tmp_path / "r.yaml"

    def write(**changes):
        path.write_text(yaml.safe_dump({"records": [dict(record, **changes)]}), encoding="utf-8")
        CanonService(db).import_paths([str(path)])

    server = CanonService(db)

    def ask(role, day=date(2025, 3, 1)):
        return server.ask(AskRequest(question="What is churn?", roles=[role], principal="p", as_of=day)).behavior.value

    write()
    assert (ask("analysts"), ask("finance")) == ("answer", "deny")  # one question, two requesters, one process
    assert ask("analysts") == "answer" and server.cache_hits == 1
    write(permissions=["finance"])
    assert (ask("analysts"), ask("finance")) == ("deny", "answer")
    assert (ask("analysts", date(2025, 3, 2)), ask("finance", date(2025, 3, 2))) == ("deny", "answer")
    write(permissions=["finance"], status="retracted")
    assert (ask("analysts"), ask("finance")) == ("deny", "abstain")


def test_the_service_reads_every_suite_question_as_read_question_does(tmp_path):
    """The service keeps what a question says besides its dates (resolver.interpret.Words) for the
    catalog generation and reads only the time anew: for every question of the suites, on dates
    that move relative expressions ("last quarter") across period ends, the reading equals a
    fresh read_question. The kept words are immutable, so asks that share them cannot change them."""
    import dataclasses
    from datetime import date

    import pytest

    from resolver.interpret import read_question

    service = CanonService(str(tmp_path / "c.db"))
    service.import_paths([str(REPO / "fixtures" / "dossier"), str(REPO / "fixtures" / "telco")])
    generation = service.catalog.generation()
    questions = [c["question"] for name in ("dossier", "telco")
                 for c in yaml.safe_load((REPO / "evals" / "suites" / f"{name}.yaml").read_text(encoding="utf-8"))["cases"]]
    assert len(questions) > 60
    for day in (date(2025, 3, 31), date(2025, 4, 1), date(2026, 1, 1), date(2026, 10, 10)):
        for question in questions:
            source = service.catalog.source(["analytics_readers"], None, generation)
            assert service._reading(question, day, generation, source) == read_question(question, day, service.catalog.names(), source), question
    words = next(iter(service._words._values.values()))
    with pytest.raises(dataclasses.FrozenInstanceError):
        words.topic = ("changed",)
    with pytest.raises(TypeError):
        words.flags["numeric"] = True


def test_answers_cached_by_other_code_are_not_served(tmp_path, monkeypatch):
    """The answer-cache key carries a digest of the answering code: after an upgrade, a catalog
    shared with the previous version serves none of its cached answers."""
    import api.service as service_module

    db = str(tmp_path / "c.db")
    old = CanonService(db)
    old.import_paths([str(REPO / "fixtures" / "dossier")])
    request = AskRequest(question=Q1, roles=["analytics_readers"], as_of="2026-10-10")
    old.ask(request)
    monkeypatch.setattr(service_module, "code_fingerprint", lambda: "another-build")
    upgraded = CanonService(db)
    upgraded.ask(request)
    upgraded.ask(request)
    assert upgraded.cache_hits == 1  # its own answer, not the one the other code cached
    monkeypatch.undo()
    again = CanonService(db)
    again.ask(request)
    assert again.cache_hits == 1 and len(service_module.code_fingerprint()) == 16


def test_an_identical_abstention_is_stored_once_per_generation(tmp_path):
    """Abstentions are resolved every time; their bundle (same id: same question, requester, time and
    evidence) is written once, and again after the catalog changed."""
    service = CanonService(str(tmp_path / "c.db"))
    service.import_paths([str(REPO / "fixtures" / "dossier")])
    writes = []
    save = service.catalog.save_bundle
    service.catalog.save_bundle = lambda *a, **k: (writes.append(a[0]), save(*a, **k))[1]
    gm = AskRequest(question="What is the approved Gross Margin definition?", roles=["analytics_readers"], as_of="2026-10-10")
    first, second = service.ask(gm), service.ask(gm)
    assert first.behavior.value == "abstain" and first == second and writes == [first.bundle_id]
    assert service.bundle(first.bundle_id)["behavior"] == "abstain"
    (tmp_path / "r.yaml").write_text(yaml.safe_dump({"records": [
        {**yaml.safe_load((REPO / "fixtures" / "dossier" / "records.yaml").read_text(encoding="utf-8"))["records"][0],
         "owner": "Finance Data Team"}]}), encoding="utf-8")
    service.import_paths([str(tmp_path / "r.yaml")])
    service.ask(gm)
    assert writes == [first.bundle_id, first.bundle_id]
