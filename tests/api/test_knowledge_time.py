"""A knowledge time written in the question ("what did the catalog say on 2026-02-01 about ...") reads the
catalog as it stood at the end of that day, as a request's known_at would; a request's known_at wins."""
import yaml

from api.service import AskRequest, CanonService

BASE = {"entity_id": "metric.churn", "entity_type": "metric_definition", "title": "Churn rate", "authority": "authoritative",
        "permissions": ["analysts"], "effective_from": "2025-01-01"}
RECORDS = [
    dict(BASE, evidence_id="CHURN.v1", version="1", status="superseded", superseded_by="CHURN.v1-1",
         recorded_at="2025-01-01T00:00:00Z", body="Churn counts paused accounts as churned."),
    dict(BASE, evidence_id="CHURN.v1-1", version="1.1", status="current", supersedes="CHURN.v1",
         recorded_at="2026-03-10T09:00:00Z", body="Correction: paused accounts are not churned."),
]


def _service(tmp_path) -> CanonService:
    (tmp_path / "r.yaml").write_text(yaml.safe_dump({"records": RECORDS}), encoding="utf-8")
    service = CanonService(str(tmp_path / "c.db"))
    service.import_paths([str(tmp_path / "r.yaml")])
    return service


def _primary(bundle) -> list[str]:
    return [e.evidence_id for e in bundle.evidence if e.role == "primary"]


def test_the_catalog_as_it_stood_on_a_day_named_in_the_question(tmp_path):
    service = _service(tmp_path)
    ask = lambda q, **kw: service.ask(AskRequest(question=q, roles=["analysts"], as_of="2026-05-20", **kw))
    before = ask("What did the catalog say on 2026-02-01 about the churn rate definition for 2025-06-30?")
    assert _primary(before) == ["CHURN.v1"] and before.known_at == "2026-02-01T23:59:59Z"
    assert before.interpretation.reporting_date.isoformat() == "2025-06-30"
    after = ask("What did the catalog say on 2026-04-01 about the churn rate definition for 2025-06-30?")
    assert _primary(after) == ["CHURN.v1-1"]
    assert _primary(ask("Which churn rate definition applied on 2025-06-30?")) == ["CHURN.v1-1"]
    # the request's own known_at is the parameter: it wins over the text
    explicit = ask("What did the catalog say on 2026-04-01 about the churn rate definition for 2025-06-30?",
                   known_at="2026-02-01T00:00:00Z")
    assert _primary(explicit) == ["CHURN.v1"]
