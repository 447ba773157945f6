"""A catalog written by an earlier schema is brought up to this one when it is opened: its name
forms are written again with the current name_forms, so names it already holds are found the way
a fresh import would find them."""
import sqlite3

import yaml

from api.service import AskRequest, CanonService
from catalog.store import SCHEMA_VERSION

RECORD = {"evidence_id": "METRIC.RET.v1", "entity_id": "metric.policy_retention", "entity_type": "metric_definition",
          "title": "Policy retention rate v1", "version": "1", "status": "current", "authority": "authoritative",
          "effective_from": "2024-01-01", "recorded_at": "2024-01-01T00:00:00Z", "permissions": ["analysts"],
          "body": "Policy retention rate is renewed policies divided by policies due for renewal."}
QUESTION = "Which policy retention definition applied on 2025-03-31?"


def _ask(db: str):
    return CanonService(db).ask(AskRequest(question=QUESTION, roles=["analysts"], as_of="2026-01-01"))


def test_a_schema_3_catalog_gets_the_name_forms_of_this_version(tmp_path):
    (tmp_path / "r.yaml").write_text(yaml.safe_dump({"records": [RECORD]}), encoding="utf-8")
    db = str(tmp_path / "c.db")
    service = CanonService(db)
    service.import_paths([str(tmp_path / "r.yaml")])
    service.catalog.driver.close()
    assert _ask(db).behavior.value == "answer"
    with sqlite3.connect(db) as conn:  # as schema 3 left it: no form of the title without its version
        removed = conn.execute("DELETE FROM lookup_key WHERE kind = 'name' AND key = 'policy retention rate'").rowcount
        conn.execute("DELETE FROM name_word WHERE form = 'policy retention rate'")
        conn.execute("UPDATE catalog_meta SET value = '3' WHERE key = 'schema'")
    assert removed == 1
    bundle = _ask(db)
    assert bundle.behavior.value == "answer" and [e.evidence_id for e in bundle.evidence if e.role == "primary"] == ["METRIC.RET.v1"]
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT value FROM catalog_meta WHERE key = 'schema'").fetchone()[0] == SCHEMA_VERSION
        assert conn.execute("SELECT COUNT(*) FROM lookup_key WHERE kind = 'name' AND key = 'policy retention rate'").fetchone()[0] == 1


def _imported(tmp_path, records) -> str:
    """A catalog file holding these records, closed so that the test can rewrite it as an older schema left it."""
    (tmp_path / "r.yaml").write_text(yaml.safe_dump({"records": records}, allow_unicode=True), encoding="utf-8")
    db = str(tmp_path / "c.db")
    service = CanonService(db)
    service.import_paths([str(tmp_path / "r.yaml")])
    service.catalog.driver.close()
    return db


def test_a_schema_4_catalog_gets_names_in_other_scripts(tmp_path):
    """Schema 4 folded names to ASCII letters only, so a Cyrillic alias had no key at all."""
    db = _imported(tmp_path, [dict(RECORD, aliases=["коэффициент удержания полисов"])])
    with sqlite3.connect(db) as conn:  # as schema 4 left it
        removed = conn.execute("DELETE FROM lookup_key WHERE kind = 'name' AND key = 'коэффициент удержания полисов'").rowcount
        conn.execute("DELETE FROM name_word WHERE form = 'коэффициент удержания полисов'")
        conn.execute("UPDATE catalog_meta SET value = '4' WHERE key = 'schema'")
    assert removed == 1
    bundle = CanonService(db).ask(AskRequest(question="Какое определение коэффициента удержания полисов действовало 31.03.2025?",
                                             roles=["analysts"], as_of="2026-01-01"))
    assert bundle.behavior.value == "answer" and [e.evidence_id for e in bundle.evidence if e.role == "primary"] == ["METRIC.RET.v1"]


def test_a_schema_5_catalog_gets_the_nodes_its_freshness_records_checked(tmp_path):
    """Schema 5 kept no key of the node a freshness-result record reports a check of."""
    source = dict(RECORD, evidence_id="SRC.ORDERS", entity_id="source.shop.raw.orders", entity_type="source",
                  title="raw orders", body="dbt source source.shop.raw.orders.")
    check = dict(RECORD, evidence_id="FRESH.ORDERS.1", entity_id="freshness.source.shop.raw.orders",
                 entity_type="freshness_result", title="Freshness check of raw orders", source_ids=["source.shop.raw.orders"],
                 recorded_at="2026-04-15T06:00:05Z",
                 body="dbt source freshness result: status warn; snapshotted_at 2026-04-15T06:00:00Z.")
    db = _imported(tmp_path, [source, check])
    with sqlite3.connect(db) as conn:  # as schema 5 left it
        removed = conn.execute("DELETE FROM lookup_key WHERE kind = 'checks'").rowcount
        conn.execute("UPDATE catalog_meta SET value = '5' WHERE key = 'schema'")
    assert removed >= 1
    bundle = CanonService(db).ask(AskRequest(question="Is raw orders fresh?", roles=["analysts"], as_of="2026-04-16"))
    assert bundle.behavior.value == "answer" and [e.evidence_id for e in bundle.evidence if e.role == "primary"] == ["FRESH.ORDERS.1"]



def test_a_schema_6_catalog_gets_its_fiscal_calendar_keyed(tmp_path):
    """Schema 6 kept no key of the records that state a fiscal calendar: FY26 was the calendar year."""
    v2 = dict(RECORD, evidence_id="METRIC.RET.v2", version="2", title="Policy retention rate v2", supersedes="METRIC.RET.v1",
              effective_from="2026-01-01")
    v1 = dict(RECORD, status="superseded", effective_to="2025-12-31", superseded_by="METRIC.RET.v2")
    calendar = dict(RECORD, evidence_id="POLICY.FY", entity_id="policy.fiscal_year", entity_type="policy",
                    title="Fiscal year", body="The fiscal year runs from 1 July to 30 June, named for the year it ends in.")
    db = _imported(tmp_path, [v1, v2, calendar])
    with sqlite3.connect(db) as conn:  # as schema 6 left it
        removed = conn.execute("DELETE FROM lookup_key WHERE kind = 'calendar'").rowcount
        conn.execute("UPDATE catalog_meta SET value = '6' WHERE key = 'schema'")
    assert removed == 1
    bundle = CanonService(db).ask(AskRequest(question="Which policy retention definition covers FY26?", roles=["analysts"],
                                             as_of="2026-05-20"))
    assert bundle.behavior.value == "clarify_or_split"
    assert sorted(e.evidence_id for e in bundle.evidence if e.role == "primary") == ["METRIC.RET.v1", "METRIC.RET.v2"]
    assert "POLICY.FY" in [e.evidence_id for e in bundle.evidence if e.role == "supporting"]
