"""Which records' edges are lineage in the catalog: an untrusted, retracted or draft record's edges
are stored with it but never walked (row 8: untrusted text never changes an answer), on every
path that reads the graph: the in-process graph of a long-running service, the walk in the store
of one-shot commands, and the statements behind a definition's supporting evidence."""
import yaml

from api.service import AskRequest, CanonService
from catalog.store import SCHEMA_VERSION


def _record(evidence_id, entity_id, entity_type, title, **kw):
    data = {"evidence_id": evidence_id, "entity_id": entity_id, "entity_type": entity_type, "title": title,
            "version": "1", "status": "current", "authority": "authoritative", "owner": "Data",
            "effective_from": "2024-01-01", "recorded_at": "2024-01-01T00:00:00Z", "permissions": ["analysts"],
            "body": f"{title}."}
    data.update(kw)
    return data


def _catalog(tmp_path) -> CanonService:
    records = [
        _record("METRIC.CHURN", "metric.churn", "metric_definition", "Churn", aliases=["churn"],
                model_ids=["model.x.fct_churn"]),
        _record("MODEL.FCT", "model.x.fct_churn", "model", "fct churn",
                edges=[{"from": "source.x.subs", "to": "model.x.fct_churn"}]),
        _record("NOTE.EVIL", "note.evil", "note", "Pipeline note", authority="untrusted",
                edges=[{"from": "source.x.fake", "to": "model.x.fct_churn"}]),
        _record("LIN.GONE", "lineage.gone", "lineage", "Withdrawn lineage", status="retracted",
                edges=[{"from": "source.x.withdrawn", "to": "model.x.fct_churn"}]),
        _record("LIN.PLAN", "lineage.plan", "lineage", "Planned lineage", status="draft",
                authority="non_authoritative", edges=[{"from": "source.x.planned", "to": "model.x.fct_churn"}]),
    ]
    path = tmp_path / "records.yaml"
    path.write_text(yaml.safe_dump({"records": records}), encoding="utf-8")
    service = CanonService(str(tmp_path / "c.db"))
    service.import_paths([str(path)])
    return service


def test_only_lineage_statements_shape_a_lineage_answer(tmp_path):
    service = _catalog(tmp_path)
    bundle = service.ask(AskRequest(question="Which sources feed churn?", roles=["analysts"], as_of="2026-01-01"))
    assert bundle.behavior.value == "answer" and "source.x.subs" in bundle.answer
    text = bundle.model_dump_json()
    for excluded in ("source.x.fake", "source.x.withdrawn", "source.x.planned", "NOTE.EVIL", "LIN.GONE", "LIN.PLAN"):
        assert excluded not in text, excluded


def test_the_walk_in_the_store_skips_them_too(tmp_path):
    service = _catalog(tmp_path)
    graph = service.lineage("model.x.fct_churn", direction="upstream", roles=["analysts"])
    ids = {n["unique_id"] for n in graph["nodes"]}
    assert "source.x.subs" in ids
    assert not ids & {"source.x.fake", "source.x.withdrawn", "source.x.planned"}


def test_a_catalog_of_the_previous_schema_gets_the_edges_its_definitions_name(tmp_path):
    """Schema 2 stored no edges from a record's model_ids/source_ids: opening such a catalog writes
    them once, so what depends on a model reaches the definitions built on it."""
    import sqlite3

    service = _catalog(tmp_path)
    db = str(tmp_path / "c.db")
    service.catalog.driver.close()
    with sqlite3.connect(db) as conn:  # as a schema-2 canon left it
        removed = conn.execute("DELETE FROM lineage_edge WHERE origin_kind = 'definition'").rowcount
        conn.execute("UPDATE catalog_meta SET value = '2' WHERE key = 'schema'")
    assert removed == 1
    reopened = CanonService(db)
    bundle = reopened.ask(AskRequest(question="What depends on fct churn?", roles=["analysts"], as_of="2026-01-01"))
    assert bundle.behavior.value == "answer" and "METRIC.CHURN" in bundle.answer
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM lineage_edge WHERE origin_kind = 'definition'").fetchone()[0] == 1
        assert conn.execute("SELECT value FROM catalog_meta WHERE key = 'schema'").fetchone()[0] == SCHEMA_VERSION


def test_a_record_naming_itself_among_its_models_adds_no_edges():
    """A model record that names its own versioned dbt id (or a dbt node's record, which lists
    itself first) is the node, not a definition built on it: no edge from itself to its entity."""
    from catalog.records import EvidenceRecord, record_edges

    model = EvidenceRecord(**_record("MODEL.FCT.v2", "model.x.fct", "model", "fct v2", version="2",
                                     model_ids=["model.x.fct.v2"]))
    assert record_edges(model) == []
    metric = EvidenceRecord(**_record("METRIC.X.v2", "metric.x", "metric_definition", "X v2", version="2",
                                      model_ids=["model.x.fct.v2"], source_ids=["source.x.raw"]))
    assert {(e.source, e.target, e.origin_kind) for e in record_edges(metric)} == {
        ("model.x.fct.v2", "metric.x", "definition"), ("source.x.raw", "metric.x", "definition")}
