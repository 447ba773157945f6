"""OpenLineage event reading (catalog/openlineage_events.py)."""
from __future__ import annotations

import copy
import json
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path

import pytest

from catalog.dbt_artifacts import read_dbt
from catalog.openlineage_events import (
    DatasetRef,
    match_datasets,
    read_openlineage,
    read_openlineage_payloads,
    validate_event,
)
from lineage.graph import LineageGraph

REPO = Path(__file__).resolve().parents[2]
DATA = REPO.parent / "shared" / "data"
OL = DATA / "openlineage"
FIXTURES = REPO / "fixtures" / "dbt" / "openlineage"
RECEIVED = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)
NO_DATA = f"shared test data not found at {OL} (../shared/data is absent on this machine)"
needs_data = pytest.mark.skipif(not OL.is_dir(), reason=NO_DATA)

# folders of complete, real events (SOURCES.md §3) — all must land
VALID_FOLDERS = (
    "compat-tests-consumer-CLL",
    "compat-tests-consumer-airflow",
    "compat-tests-consumer-simple_run_event",
    "compat-tests-consumer-spark_dataproc_bigquery_shakespare",
    "compat-tests-consumer-spark_dataproc_simple_producer_test",
    "compat-tests-consumer-spark_dataproc_simple_producer_test_complete",
    "openlineage-spec-and-client-examples",
)
# folders of test expectations / fragments — nothing in them is an event
EXPECTATION_PREFIXES = ("compat-tests-producer-", "openlineage-airflow-expected", "openlineage-dbt-integration-tests",
                        "openlineage-flink-expected", "openlineage-hive-expected", "openlineage-spark-expected",
                        "openlineage-spec-facet-examples")


def _event(**changes) -> dict:
    event = {
        "eventType": "COMPLETE",
        "eventTime": "2024-05-01T10:00:00.000Z",
        "run": {"runId": "3f5e83fa-3480-44ff-99c5-ff943904e5e8"},
        "job": {"namespace": "analytics", "name": "daily_orders"},
        "inputs": [{"namespace": "postgres://db:5432", "name": "postgres.public.stg_orders"}],
        "outputs": [{"namespace": "postgres://db:5432", "name": "postgres.public.orders"}],
        "producer": "https://github.com/OpenLineage/OpenLineage/tree/1.20.0/client/python",
        "schemaURL": "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent",
    }
    for key, value in changes.items():
        if value is None:
            event.pop(key, None)
        else:
            event[key] = value
    return event


def _folder(path: str) -> str:
    return Path(path).parent.name


# ---------------------------------------------------------------------------------------------
# every file under ../shared/data/openlineage


@pytest.fixture(scope="module")
def all_events():
    if not OL.is_dir():
        pytest.skip(NO_DATA)
    return read_openlineage([str(OL)], received_at=RECEIVED)


@needs_data
def test_every_file_reads_without_crashing(all_events):
    batch = all_events
    files = sorted(str(p) for p in OL.rglob("*") if p.is_file() and p.suffix in (".json", ".ndjson", ".jsonl"))
    assert sorted(batch.files) == files
    event_quarantine = [q for q in batch.quarantine if q.field not in ("(file)", "(line)")]
    assert batch.stats["events"] == batch.stats["accepted"] + len(event_quarantine)
    for item in batch.quarantine:
        assert item.reason and item.field and item.file
    accepted = Counter(_folder(e.file) for e in batch.events)
    rejected = Counter(_folder(q.file) for q in batch.quarantine)
    # every event of the real-event folders lands
    for folder in VALID_FOLDERS:
        assert accepted[folder] > 0 and rejected[folder] == 0, folder
    assert accepted["compat-tests-consumer-airflow"] == 32 and accepted["compat-tests-consumer-CLL"] == 9
    # Marquez's seed data and API test events land (most lack schemaURL, which Marquez accepts);
    # the .template.json copy (with {{RUN_START_TIME}} placeholders) does not
    marquez_ok = Counter(Path(e.file).name for e in batch.events if _folder(e.file) == "marquez")
    assert marquez_ok["docker_metadata.json"] == 26
    assert marquez_ok["docker_metadata.template.json"] == 0
    assert marquez_ok["api-test-open_lineage__event_without_schema_url.json"] == 1
    assert marquez_ok["api-test-open_lineage__event_required_no_timezone.json"] == 1
    assert marquez_ok["api-test-open_lineage__event_dataset_event.json"] == 1
    assert marquez_ok["api-test-open_lineage__event_job_event.json"] == 1
    template = [q for q in batch.quarantine if q.file.endswith("docker_metadata.template.json")]
    assert len(template) == 26 and all("{{RUN_" in q.reason for q in template)
    # nothing in an expectation or fragment folder is ingested, and each rejection says why
    for folder in set(accepted) | set(rejected):
        if folder.startswith(EXPECTATION_PREFIXES):
            assert accepted[folder] == 0 and rejected[folder] > 0, folder
    assert batch.stats["accepted"] == 130  # 81 complete events + 49 Marquez events
    assert batch.stats["edges"] > 50 and batch.stats["column_edges"] > 50


@needs_data
def test_known_expectation_files_are_quarantined_with_a_reason(all_events):
    by_file: dict[str, list] = {}
    for q in all_events.quarantine:
        by_file.setdefault(str(Path(q.file).relative_to(OL)), []).append(q)
    dbt_pg = by_file["openlineage-dbt-integration-tests/postgres.json"]
    assert len(dbt_pg) == 10
    assert dbt_pg[0].index == 0 and dbt_pg[0].field == "run.runId"
    assert "matcher placeholder '{{ any(result) }}'" in dbt_pg[0].reason
    hive = by_file["openlineage-hive-expected/cllCaseInsensitivityStart.json"][0]
    assert "${json-unit.any-string}" in hive.reason or hive.field in ("eventTime", "producer")
    spark = by_file["openlineage-spark-expected/pysparkCTASStart.json"][0]
    assert spark.field in ("eventTime", "producer") and "missing" in spark.reason
    fragment = by_file["openlineage-spec-facet-examples/ColumnLineageDatasetFacet__1.json"][0]
    assert "not an OpenLineage event" in fragment.reason


@needs_data
def test_validator_agrees_with_the_published_schema():
    """Every event: accepted here <=> valid under the 2-0-2 JSON schema (schemaURL optional, as in
    Marquez) and free of matcher placeholders."""
    jsonschema = pytest.importorskip("jsonschema")
    schema_path = DATA / "schemas" / "openlineage-jsonschema" / "OpenLineage.json"
    if not schema_path.is_file():
        pytest.skip(f"{schema_path} is absent")
    schema = json.loads(schema_path.read_text())
    schema["$defs"]["BaseEvent"]["required"] = ["eventTime", "producer"]
    validator = jsonschema.Draft202012Validator(schema)
    placeholder_marks = ("(result", "${json-unit.", "{{RUN_")
    checked = 0
    for path in sorted(OL.rglob("*.json")):
        doc = json.loads(path.read_text())
        for event in doc if isinstance(doc, list) else [doc]:
            expected = validator.is_valid(event) and not any(m in json.dumps(event) for m in placeholder_marks)
            try:
                validate_event(event)
                mine = True
            except Exception:
                mine = False
            assert mine == expected, f"{path.relative_to(OL)}: mine={mine} schema={expected}"
            checked += 1
    assert checked > 1000


# ---------------------------------------------------------------------------------------------
# bundled fixtures (run everywhere)


def test_column_lineage_produces_column_edges():
    batch = read_openlineage([str(FIXTURES / "cll_complete.json")], received_at=RECEIVED)
    assert batch.stats["accepted"] == 1 and not batch.quarantine
    column = {(e.source, e.target) for e in batch.edges if e.kind == "column"}
    assert ("file:/tmp/cll_test/cll_source1#a", "file:/tmp/cll_test/tbl1#ident") in column
    assert ("file:/tmp/cll_test/cll_source2#c", "file:/tmp/cll_test/tbl1#agg") in column
    assert ("file:/tmp/cll_test/cll_source2#c", "file:/tmp/cll_test/tbl1#ident") not in column
    assert len(column) == 10
    edge = next(e for e in batch.edges if e.kind == "column")
    assert edge.origin_kind == "openlineage"
    assert edge.origin == "ol:019127df-0850-72bc-b214-b255290588a6:RUNNING"
    assert edge.valid_from == datetime(2024, 8, 6, 13, 26, 54, 268000, tzinfo=timezone.utc)
    graph = LineageGraph(batch.edges)
    assert "file:/tmp/cll_test/cll_source1#a" in graph.upstream("file:/tmp/cll_test/tbl1#ident")
    # table level: input -> job -> output
    up = graph.upstream("file:/tmp/cll_test/tbl1")
    job = "job:testColumnLevelLineage:open_lineage_integration_create_table.execute_create_hive_table_as_select_command.default_tbl1"
    assert up == {job: 1, "file:/tmp/cll_test/cll_source1": 2, "file:/tmp/cll_test/cll_source2": 2}


def test_airflow_column_lineage_and_run():
    batch = read_openlineage([str(FIXTURES / "airflow_bigquery_complete.json")], received_at=RECEIVED)
    assert not batch.quarantine
    assert ("gs://mock-bucket:test.csv#a", "bigquery:mock-project.test.upload#a") in {
        (e.source, e.target) for e in batch.edges if e.kind == "column"
    }
    [run] = batch.runs
    assert run.state == "COMPLETE" and run.outputs == ["bigquery:mock-project.test.upload"]
    assert run.run_id and run.job.startswith("job:")


def test_dataset_and_job_events():
    batch = read_openlineage([str(FIXTURES / "dataset_event.json"), str(FIXTURES / "job_event.json")], received_at=RECEIVED)
    assert not batch.quarantine
    assert batch.stats["dataset_events"] == 1 and batch.stats["job_events"] == 1
    assert batch.datasets["openlineage:name"].fields == ["a", "b"]
    assert {(e.source, e.target) for e in batch.edges} == {
        ("openlineage:dataset_a", "job:openlineage:name"),
        ("job:openlineage:name", "openlineage:dataset_b"),
    }
    assert all(e.origin.startswith("ol:job:openlineage:name@") for e in batch.edges)
    # a naive eventTime is read as UTC (as Marquez does)
    assert batch.events[0].event_time == datetime(2021, 11, 3, 10, 53, 52, 427343, tzinfo=timezone.utc)
    assert batch.runs == []


def test_expectation_fixture_is_quarantined():
    batch = read_openlineage([str(FIXTURES / "dbt_postgres_expected.json")], received_at=RECEIVED)
    assert batch.stats["accepted"] == 0 and len(batch.quarantine) == 10 and batch.edges == []
    assert [q.index for q in batch.quarantine] == list(range(10))
    assert all("test expectation" in q.reason for q in batch.quarantine)


# ---------------------------------------------------------------------------------------------
# validation rules, one by one


@pytest.mark.parametrize(
    "change, field, reason",
    [
        ({"eventTime": None}, "eventTime", "required"),
        ({"eventTime": "yesterday"}, "eventTime", "not an ISO 8601 date-time"),
        ({"eventTime": "2024-05-01"}, "eventTime", "not an ISO 8601 date-time"),
        ({"producer": None}, "producer", "required"),
        ({"run": {}}, "run.runId", "required"),
        ({"run": {"runId": "{{ is_uuid(result) }}"}}, "run.runId", "matcher placeholder"),
        ({"job": {"namespace": "analytics"}}, "job.name", "required"),
        ({"job": {"name": "x"}}, "job.namespace", "required"),
        ({"eventType": "DONE"}, "eventType", "is not one of"),
        ({"inputs": [{"namespace": "pg"}]}, "inputs[0].name", "required"),
        ({"outputs": "postgres.public.orders"}, "outputs", "must be a list"),
        ({"run": {"runId": "r1", "facets": {"nominalTime": {"nominalStartTime": "2024-05-01T00:00:00Z"}}}},
         "run.facets.nominalTime._producer", "BaseFacet"),
        ({"eventTime": "${json-unit.any-string}"}, "eventTime", "matcher placeholder"),
    ],
)
def test_invalid_events_are_quarantined(change, field, reason):
    batch = read_openlineage_payloads([_event(**change), _event()], source="req.json", received_at=RECEIVED)
    [item] = batch.quarantine
    assert item.field == field and reason in item.reason
    assert item.file == "req.json" and item.index == 0
    assert batch.stats["accepted"] == 1  # the rest lands


def test_marquez_leniency():
    # no schemaURL, no eventType, no timezone: accepted
    event = _event(schemaURL=None, eventType=None, eventTime="2020-12-28T19:51:01.641499")
    batch = read_openlineage_payloads([event], received_at=RECEIVED)
    assert not batch.quarantine
    assert batch.runs[0].event_time == datetime(2020, 12, 28, 19, 51, 1, 641499, tzinfo=timezone.utc)
    assert batch.runs[0].state is None
    assert batch.edges[0].origin == "ol:3f5e83fa-3480-44ff-99c5-ff943904e5e8:OTHER"
    # nanosecond timestamps with an offset
    batch = read_openlineage_payloads([_event(eventTime="2024-05-01T12:00:00.123456789+02:00")], received_at=RECEIVED)
    assert batch.runs[0].event_time == datetime(2024, 5, 1, 10, 0, 0, 123456, tzinfo=timezone.utc)


def test_edges_of_one_run_are_kept_once_from_the_earliest_event():
    start = _event(eventType="START", eventTime="2024-05-01T09:00:00Z")
    complete = _event(eventType="COMPLETE", eventTime="2024-05-01T10:00:00Z")
    other_run = _event(run={"runId": "0b1e0b5e-0000-4000-8000-000000000001"}, eventTime="2024-05-02T10:00:00Z")
    batch = read_openlineage_payloads([complete, start, other_run], received_at=RECEIVED)
    data = [e for e in batch.edges if e.kind == "data"]
    assert len(data) == 4  # 2 edges x 2 runs
    first = [e for e in data if e.origin.startswith("ol:3f5e83fa")]
    assert {e.origin for e in first} == {"ol:3f5e83fa-3480-44ff-99c5-ff943904e5e8:START"}
    assert {e.valid_from for e in first} == {datetime(2024, 5, 1, 9, 0, tzinfo=timezone.utc)}
    assert [r.state for r in batch.runs] == ["START", "COMPLETE", "COMPLETE"]  # sorted by time


def test_ndjson_with_a_bad_line(tmp_path):
    path = tmp_path / "events.ndjson"
    path.write_text(
        json.dumps(_event()) + "\n\n" + '{"eventTime": "2024-05-01T10:00:00Z", "run": {' + "\n"
        + json.dumps(_event(producer=None)) + "\n" + json.dumps(_event(run={"runId": "r-2"})) + "\n"
    )
    batch = read_openlineage([str(path)], received_at=RECEIVED)
    assert batch.stats["accepted"] == 2
    assert sorted((q.line, q.field) for q in batch.quarantine) == [(3, "(line)"), (4, "producer")]
    assert "not valid JSON" in next(q.reason for q in batch.quarantine if q.line == 3)
    assert "line 4" in next(q.message for q in batch.quarantine if q.line == 4)


def test_unreadable_and_odd_files(tmp_path):
    (tmp_path / "broken.json").write_text('{"eventTime": ')
    (tmp_path / "scalar.json").write_text("42")
    (tmp_path / "lines.json").write_text(json.dumps(_event()) + "\n" + json.dumps(_event(run={"runId": "r2"})) + "\n")
    (tmp_path / "notes.txt").write_text("ignored: not an event file suffix")
    batch = read_openlineage([str(tmp_path), str(tmp_path / "missing.json")], received_at=RECEIVED)
    reasons = {Path(q.file).name: q.reason for q in batch.quarantine}
    assert "not valid JSON" in reasons["broken.json"]
    assert "not an OpenLineage event" in reasons["scalar.json"]
    assert reasons["missing.json"] == "does not exist"
    assert batch.stats["accepted"] == 2  # a .json file of JSON lines is read line by line
    assert all(not f.endswith("notes.txt") for f in batch.files)


def test_dbt_unique_id_from_the_dbt_node_facet():
    facet = {"_producer": "https://github.com/OpenLineage/OpenLineage/tree/1.20.0/integration/dbt",
             "_schemaURL": "https://github.com/OpenLineage/OpenLineage/tree/main/integration/common/openlineage/schema/dbt-node-job-facet.json",
             "unique_id": "model.jaffle_shop.orders", "database": "postgres", "schema": "public", "alias": "orders"}
    event = _event(job={"namespace": "dbt", "name": "postgres.public.jaffle_shop.orders", "facets": {"dbt_node": facet}})
    batch = read_openlineage_payloads([event], received_at=RECEIVED)
    assert not batch.quarantine
    assert batch.jobs["job:dbt:postgres.public.jaffle_shop.orders"].dbt_unique_id == "model.jaffle_shop.orders"
    assert batch.dbt_ids == {
        "job:dbt:postgres.public.jaffle_shop.orders": "model.jaffle_shop.orders",
        "postgres://db:5432:postgres.public.orders": "model.jaffle_shop.orders",
    }
    assert batch.runs[0].dbt_unique_id == "model.jaffle_shop.orders"


def test_datasets_match_dbt_relations():
    dbt = read_dbt(str(REPO / "fixtures" / "dbt" / "jaffle_postgres_v12"), synced_at=RECEIVED)
    batch = read_openlineage_payloads(
        [_event(outputs=[{"namespace": "postgres://db:5432", "name": "Postgres.Public.Orders"}])], received_at=RECEIVED
    )
    matched = match_datasets(dbt.relations, batch.datasets)
    assert matched == {
        "postgres://db:5432:postgres.public.stg_orders": "model.jaffle_shop.stg_orders",
        "postgres://db:5432:Postgres.Public.Orders": "model.jaffle_shop.orders",
    }
    # a symlink (e.g. a table name for a file path) matches too
    ref = DatasetRef(node="hdfs://nn:/warehouse/orders", namespace="hdfs://nn", name="/warehouse/orders",
                     symlinks=["hive://metastore:postgres.public.orders"], symlink_names=["postgres.public.orders"])
    assert match_datasets(dbt.relations, [ref]) == {"hdfs://nn:/warehouse/orders": "model.jaffle_shop.orders"}


def test_error_message_and_parent_facets():
    facets = {
        "errorMessage": {"_producer": "p", "_schemaURL": "s", "message": "division by zero", "programmingLanguage": "SQL"},
        "parent": {"_producer": "p", "_schemaURL": "s", "run": {"runId": "9b6f6a5e-0000-4000-8000-000000000000"},
                   "job": {"namespace": "airflow", "name": "dag_a"}},
    }
    event = _event(eventType="FAIL", run={"runId": "3f5e83fa-3480-44ff-99c5-ff943904e5e8", "facets": facets})
    [run] = read_openlineage_payloads([copy.deepcopy(event)], received_at=RECEIVED).runs
    assert run.state == "FAIL" and run.error_message == "division by zero"
    assert run.parent_job == "job:airflow:dag_a" and run.parent_run_id == "9b6f6a5e-0000-4000-8000-000000000000"
