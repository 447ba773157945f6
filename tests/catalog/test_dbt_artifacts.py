"""dbt artifact reading and mapping (catalog/dbt_artifacts.py)."""
from __future__ import annotations

import copy
import json
from collections import defaultdict, deque
from datetime import datetime, timezone
from pathlib import Path

import pytest

from catalog.dbt_artifacts import (
    DbtMappingConfig,
    NodeSummary,
    SyncBatch,
    degradation,
    read_dbt,
    relation_key,
    stable_fingerprint,
)
from catalog.errors import ArtifactError
from catalog.records import Authority, Status
from lineage.graph import LineageGraph

REPO = Path(__file__).resolve().parents[2]
DATA = REPO.parent / "shared" / "data"
FIXTURES = REPO / "fixtures" / "dbt"
SMALL = FIXTURES / "jaffle_postgres_v12" / "manifest.json"
SYNCED = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)
NO_DATA = f"shared test data not found at {DATA / 'dbt'} (../shared/data is absent on this machine)"

MANIFESTS = sorted((DATA / "dbt").glob("*/manifest.json")) if (DATA / "dbt").is_dir() else []
MANIFEST_PARAMS = [pytest.param(p, id=p.parent.name) for p in MANIFESTS] or [
    pytest.param(None, id="no-shared-data", marks=pytest.mark.skip(reason=NO_DATA))
]
RECORD_TYPES = {"model", "source", "seed", "snapshot", "exposure", "semantic_model", "metric", "saved_query", "function"}
COLLECTIONS = ("nodes", "sources", "exposures", "metrics", "semantic_models", "saved_queries", "unit_tests", "functions")
NOT_LINEAGE = {"test", "unit_test"}

_BATCHES: dict[Path, SyncBatch] = {}


def batch_for(path: Path) -> SyncBatch:
    if path not in _BATCHES:
        _BATCHES[path] = read_dbt(str(path.parent), config=DbtMappingConfig(), synced_at=SYNCED)
    return _BATCHES[path]


def raw(path: Path) -> dict:
    return json.loads(path.read_text())


def defined_nodes(manifest: dict) -> dict[str, dict]:
    out = {}
    for collection in COLLECTIONS:
        for uid, node in (manifest.get(collection) or {}).items():
            if (node.get("config") or {}).get("enabled", True) is not False:
                out[uid] = node
    return out


# ---------------------------------------------------------------------------------------------
# every manifest in ../shared/data


@pytest.mark.parametrize("path", MANIFEST_PARAMS)
def test_every_manifest_reads(path):
    batch = batch_for(path)
    manifest = raw(path)
    nodes = defined_nodes(manifest)
    expected_records = {uid for uid, n in nodes.items() if n.get("resource_type") in RECORD_TYPES}
    got = {r.evidence_id for r in batch.records}
    quarantined = {q.node for q in batch.quarantine if q.node}
    # every enabled record-type node of the manifest is a record (none of the shared files use meta.canon)
    assert quarantined == set()
    assert expected_records <= got, sorted(expected_records - got)[:5]
    assert len(got) == len(batch.records)  # evidence ids are unique
    assert 2 <= batch.schema_version <= 12
    assert batch.artifact_id == "dbt:" + batch.manifest_hash[:16]
    for record in batch.records:
        assert record.permissions == ("analytics_readers",)
        assert record.authority == Authority.non_authoritative
        assert record.status == Status.current
        assert record.recorded_at == SYNCED
        assert record.body.startswith("dbt ")
        code = (nodes.get(record.evidence_id) or {}).get("raw_code") or (nodes.get(record.evidence_id) or {}).get("raw_sql")
        if isinstance(code, str) and len(code.strip()) > 40:
            assert code.strip() not in record.body  # SQL is not part of the body
    for edge in batch.edges:
        assert edge.origin == batch.artifact_id and edge.origin_kind == "dbt" and edge.valid_from == SYNCED
        assert edge.valid_to is None
    for relation, uid in batch.relations.items():
        assert batch.nodes[uid].relation == relation
    assert batch.stats.resource_types.get("test", 0) == sum(1 for n in nodes.values() if n.get("resource_type") == "test")


def _closure(adjacency: dict[str, list[str]], start: str) -> set[str]:
    seen = {start}
    queue = deque([start])
    while queue:
        for other in adjacency.get(queue.popleft(), ()):
            if other not in seen:
                seen.add(other)
                queue.append(other)
    seen.discard(start)
    return seen


@pytest.mark.parametrize("path", MANIFEST_PARAMS)
def test_closures_equal_parent_map(path):
    """For every node, canon's upstream/downstream closure equals the one computed from parent_map.

    Tests and unit tests are left out on both sides (they are not lineage in canon); parent_map holds
    enabled nodes only. Every node is checked (spellbook-solana's 10k nodes take well under a
    second); a manifest above 50,000 nodes would be checked on a deterministic sample of 300.
    """
    manifest = raw(path)
    nodes = defined_nodes(manifest)

    def lineage(uid: str) -> bool:
        kind = nodes[uid].get("resource_type") if uid in nodes else uid.split(".", 1)[0]
        return kind not in NOT_LINEAGE

    parents: dict[str, list[str]] = defaultdict(list)
    children: dict[str, list[str]] = defaultdict(list)
    universe: set[str] = set()
    for child, ps in (manifest.get("parent_map") or {}).items():
        if not lineage(child):
            continue
        universe.add(child)
        for p in ps:
            if lineage(p):
                universe.add(p)
                parents[child].append(p)
                children[p].append(child)
    batch = batch_for(path)
    graph = LineageGraph(batch.edges)
    ordered = sorted(universe)
    sample = ordered if len(ordered) <= 50_000 else ordered[:: max(1, len(ordered) // 300)][:300]
    # the sample must include nodes that actually have lineage
    with_edges = [n for n in sample if parents.get(n) or children.get(n)]
    assert with_edges or not batch.edges
    for node in sample:
        up = set(graph.upstream(node, depth=0, at=SYNCED))
        down = set(graph.downstream(node, depth=0, at=SYNCED))
        assert up == _closure(parents, node), f"upstream of {node}"
        assert down == _closure(children, node), f"downstream of {node}"
    # and no edge canon has is missing from parent_map
    pm_edges = {(p, c) for c, ps in parents.items() for p in ps}
    assert {(e.source, e.target) for e in batch.edges} <= pm_edges


# ---------------------------------------------------------------------------------------------
# broken inputs


def _write(tmp_path: Path, manifest: dict | bytes) -> Path:
    target = tmp_path / "target"
    target.mkdir(exist_ok=True)
    path = target / "manifest.json"
    path.write_bytes(manifest if isinstance(manifest, bytes) else json.dumps(manifest).encode())
    return target


def _small() -> dict:
    return json.loads(SMALL.read_text())


def test_small_fixture_reads():
    batch = read_dbt(str(SMALL), synced_at=SYNCED)
    assert batch.schema_version == 12
    assert {r.evidence_id for r in batch.records} == {
        "model.jaffle_shop.customers",
        "model.jaffle_shop.orders",
        "model.jaffle_shop.stg_customers",
        "model.jaffle_shop.stg_orders",
        "model.jaffle_shop.stg_payments",
        "seed.jaffle_shop.raw_customers",
        "seed.jaffle_shop.raw_orders",
        "seed.jaffle_shop.raw_payments",
    }
    graph = LineageGraph(batch.edges)
    assert set(graph.upstream("model.jaffle_shop.customers")) == {
        "model.jaffle_shop.stg_customers",
        "model.jaffle_shop.stg_orders",
        "model.jaffle_shop.stg_payments",
        "seed.jaffle_shop.raw_customers",
        "seed.jaffle_shop.raw_orders",
        "seed.jaffle_shop.raw_payments",
    }
    assert set(graph.downstream("seed.jaffle_shop.raw_payments")) == {
        "model.jaffle_shop.stg_payments",
        "model.jaffle_shop.customers",
        "model.jaffle_shop.orders",
    }
    assert batch.relations["postgres.public.orders"] == "model.jaffle_shop.orders"
    assert batch.stats.resource_types == {"model": 5, "seed": 3, "test": 20}
    orders = next(r for r in batch.records if r.evidence_id == "model.jaffle_shop.orders")
    assert orders.model_ids[0] == "model.jaffle_shop.orders"
    assert set(orders.model_ids[1:]) == {"model.jaffle_shop.stg_orders", "model.jaffle_shop.stg_payments"}
    assert "Relation: postgres.public.orders (materialized: table)" in orders.body
    assert "- credit_card_amount: Amount of the order (AUD) paid for by credit card" in orders.body
    assert "select" not in orders.body.lower()  # no SQL in the body


def test_truncated_json(tmp_path):
    data = SMALL.read_bytes()
    target = _write(tmp_path, data[: len(data) // 2])
    with pytest.raises(ArtifactError) as err:
        read_dbt(str(target), synced_at=SYNCED)
    assert "manifest.json" in str(err.value) and "not valid JSON" in str(err.value)


def test_unknown_schema_version(tmp_path):
    manifest = _small()
    manifest["metadata"]["dbt_schema_version"] = "https://schemas.getdbt.com/dbt/manifest/v99.json"
    with pytest.raises(ArtifactError) as err:
        read_dbt(str(_write(tmp_path, manifest)), synced_at=SYNCED)
    message = str(err.value)
    assert "v99" in message and "v2–v12" in message and "manifest.json" in message


def test_schema_version_is_checked_before_the_nodes(tmp_path):
    manifest = _small()
    manifest["metadata"]["dbt_schema_version"] = "https://schemas.getdbt.com/dbt/manifest/v1.json"
    del manifest["nodes"]["model.jaffle_shop.orders"]["unique_id"]  # would be an error too
    with pytest.raises(ArtifactError, match=r"v1; canon supports manifest schema versions v2–v12"):
        read_dbt(str(_write(tmp_path, manifest)), synced_at=SYNCED)


def test_missing_schema_version_and_wrong_artifact(tmp_path):
    manifest = _small()
    del manifest["metadata"]["dbt_schema_version"]
    with pytest.raises(ArtifactError, match="no metadata.dbt_schema_version"):
        read_dbt(str(_write(tmp_path, manifest)), synced_at=SYNCED)
    manifest["metadata"]["dbt_schema_version"] = "https://schemas.getdbt.com/dbt/catalog/v1.json"
    with pytest.raises(ArtifactError, match="catalog artifact"):
        read_dbt(str(_write(tmp_path, manifest)), synced_at=SYNCED)


def test_node_without_unique_id(tmp_path):
    manifest = _small()
    del manifest["nodes"]["model.jaffle_shop.orders"]["unique_id"]
    with pytest.raises(ArtifactError) as err:
        read_dbt(str(_write(tmp_path, manifest)), synced_at=SYNCED)
    assert "model.jaffle_shop.orders" in str(err.value) and "no unique_id" in str(err.value)


def test_dangling_depends_on(tmp_path):
    manifest = _small()
    manifest["nodes"]["model.jaffle_shop.orders"]["depends_on"]["nodes"].append("model.jaffle_shop.ghost")
    with pytest.raises(ArtifactError) as err:
        read_dbt(str(_write(tmp_path, manifest)), synced_at=SYNCED)
    message = str(err.value)
    assert "model.jaffle_shop.orders" in message and "model.jaffle_shop.ghost" in message
    assert "not in the manifest" in message


def test_dangling_parent_map_entry(tmp_path):
    manifest = _small()
    manifest["parent_map"]["model.jaffle_shop.customers"].append("source.jaffle_shop.raw.ghost")
    with pytest.raises(ArtifactError, match="model.jaffle_shop.customers depends on source.jaffle_shop.raw.ghost"):
        read_dbt(str(_write(tmp_path, manifest)), synced_at=SYNCED)


def test_dependency_on_disabled_node(tmp_path):
    manifest = _small()
    node = manifest["nodes"].pop("model.jaffle_shop.stg_orders")
    node["config"]["enabled"] = False
    manifest["disabled"] = {"model.jaffle_shop.stg_orders": [node]}
    manifest["parent_map"].pop("model.jaffle_shop.stg_orders")
    with pytest.raises(ArtifactError, match="depends on model.jaffle_shop.stg_orders, which is disabled"):
        read_dbt(str(_write(tmp_path, manifest)), synced_at=SYNCED)


@pytest.mark.parametrize("where", ["depends_on", "parent_map"])
def test_dependency_cycle(tmp_path, where):
    manifest = _small()
    if where == "depends_on":
        manifest["nodes"]["model.jaffle_shop.stg_orders"]["depends_on"]["nodes"].append("model.jaffle_shop.orders")
    else:
        manifest["parent_map"]["model.jaffle_shop.stg_orders"].append("model.jaffle_shop.orders")
    with pytest.raises(ArtifactError) as err:
        read_dbt(str(_write(tmp_path, manifest)), synced_at=SYNCED)
    message = str(err.value)
    assert "dependency cycle" in message
    assert "model.jaffle_shop.orders -> model.jaffle_shop.stg_orders -> model.jaffle_shop.orders" in message


def test_missing_path_and_folder_without_manifest(tmp_path):
    with pytest.raises(ArtifactError, match="does not exist"):
        read_dbt(str(tmp_path / "nope.json"), synced_at=SYNCED)
    with pytest.raises(ArtifactError, match="has no manifest.json"):
        read_dbt(str(tmp_path), synced_at=SYNCED)


# ---------------------------------------------------------------------------------------------
# governance from meta.canon


def _governed_manifest() -> dict:
    manifest = _small()
    nodes = manifest["nodes"]
    nodes["model.jaffle_shop.customers"]["meta"]["canon"] = {
        "entity_id": "customer",
        "authority": "authoritative",
        "permissions": ["finance_readers"],
        "effective_from": "2024-01-01",
        "effective_to": "2025-06-30",
        "aliases": ["Kunden"],
        "owner": "Data Team",
        "grain": "one row per customer",
    }
    nodes["model.jaffle_shop.orders"]["config"]["meta"]["canon"] = {
        "status": "draft",
        "permissions": ["sales"],
        "supersedes": "model.jaffle_shop.orders_old",
    }
    nodes["model.jaffle_shop.orders"]["access"] = "public"
    nodes["model.jaffle_shop.stg_orders"]["access"] = "public"
    nodes["model.jaffle_shop.stg_customers"]["config"]["group"] = "finance"
    nodes["model.jaffle_shop.stg_customers"]["group"] = "finance"
    manifest["groups"] = {
        "group.jaffle_shop.finance": {
            "name": "finance",
            "resource_type": "group",
            "unique_id": "group.jaffle_shop.finance",
            "owner": {"name": "Finance Team", "email": "finance@example.com"},
        }
    }
    return manifest


def test_meta_canon_from_meta_and_config_meta(tmp_path):
    config = DbtMappingConfig(roles_by_group={"finance": ["finance_readers"]})
    batch = read_dbt(str(_write(tmp_path, _governed_manifest())), config=config, synced_at=SYNCED)
    by_id = {r.evidence_id: r for r in batch.records}

    customers = by_id["model.jaffle_shop.customers"]  # node meta
    assert customers.entity_id == "customer"
    assert customers.authority == Authority.authoritative
    assert customers.permissions == ("finance_readers",)
    assert str(customers.effective_from) == "2024-01-01" and str(customers.effective_to) == "2025-06-30"
    assert customers.aliases == ("Kunden",)
    assert customers.owner == "Data Team"
    assert customers.grain == "one row per customer"
    assert "model.jaffle_shop.customers" in customers.model_ids  # the entity still points at the node

    orders = by_id["model.jaffle_shop.orders"]  # config.meta
    assert orders.status == Status.draft
    assert orders.permissions == ("sales",)
    assert orders.supersedes == "model.jaffle_shop.orders_old"
    assert orders.authority == Authority.non_authoritative  # default

    # group mapping from the configuration, owner from the group
    stg_customers = by_id["model.jaffle_shop.stg_customers"]
    assert stg_customers.permissions == ("finance_readers",)
    assert stg_customers.owner == "Finance Team <finance@example.com>"

    # access: public is never a permission
    stg_orders = by_id["model.jaffle_shop.stg_orders"]
    assert stg_orders.permissions == ("analytics_readers",)
    assert "Access (dbt): public" in stg_orders.body


def test_access_public_grants_nothing(tmp_path):
    manifest = _small()
    for node in manifest["nodes"].values():
        node["access"] = "public"
    batch = read_dbt(str(_write(tmp_path, manifest)), config=DbtMappingConfig(default_roles=[]), synced_at=SYNCED)
    assert batch.records and all(r.permissions == () for r in batch.records)


def test_authoritative_by_default_switch(tmp_path):
    config = DbtMappingConfig(authoritative_by_default=True)
    assert config.default_authority == Authority.authoritative
    batch = read_dbt(str(SMALL), config=config, synced_at=SYNCED)
    assert all(r.authority == Authority.authoritative for r in batch.records)


@pytest.mark.parametrize(
    "canon, where, field, reason",
    [
        ({"permissions": "finance"}, "meta", "meta.canon.permissions", "list of strings"),
        ({"status": "deprecated"}, "meta", "meta.canon.status", "'deprecated' is not one of"),
        ({"authority": "very"}, "config", "meta.canon.authority", "is not one of"),
        ({"effective_from": "2024-13-45"}, "meta", "meta.canon.effective_from", "date"),
        ({"effective_from": "2025-01-01", "effective_to": "2024-01-01"}, "meta", "meta.canon.effective_to", "before"),
        ({"permision": ["x"]}, "meta", "meta.canon.permision", "not a canon governance field"),
        ("finance", "meta", "meta.canon", "must be a mapping"),
    ],
)
def test_bad_meta_canon_goes_to_quarantine(tmp_path, canon, where, field, reason):
    manifest = _small()
    node = manifest["nodes"]["model.jaffle_shop.orders"]
    (node["meta"] if where == "meta" else node["config"]["meta"])["canon"] = canon
    batch = read_dbt(str(_write(tmp_path, manifest)), synced_at=SYNCED)
    assert len(batch.quarantine) == 1
    item = batch.quarantine[0]
    assert item.node == "model.jaffle_shop.orders"
    assert item.file.endswith("manifest.json")
    assert item.field == ("config." if where == "config" else "") + field
    assert reason in item.reason
    assert "model.jaffle_shop.orders" in item.message
    ids = {r.evidence_id for r in batch.records}
    assert "model.jaffle_shop.orders" not in ids
    assert len(ids) == 7  # the rest of the batch lands
    # the node's lineage is still there (a fact of the artifact, not governance)
    assert any(e.target == "model.jaffle_shop.orders" for e in batch.edges)


# ---------------------------------------------------------------------------------------------
# versions, siblings, relations, degradation


@pytest.mark.skipif(not (DATA / "dbt" / "dbt-bouncer-test-project-dbt112").is_dir(), reason=NO_DATA)
def test_versioned_models_share_an_entity():
    batch = read_dbt(str(DATA / "dbt" / "dbt-bouncer-test-project-dbt112"), synced_at=SYNCED)
    versions = {r.evidence_id: r for r in batch.records if r.entity_id == "model.dbt_bouncer_test_project.customers"}
    assert set(versions) == {f"model.dbt_bouncer_test_project.customers.v{i}" for i in (1, 2, 3)}
    v2 = versions["model.dbt_bouncer_test_project.customers.v2"]
    assert v2.version == "2" and v2.title == "customers v2"
    assert "version 2 (latest version: 3)" in v2.body
    assert "Contract: enforced" in v2.body and "Constraints: primary_key(customer_id)" in v2.body
    assert v2.supersedes is None and v2.effective_from is None  # version order is not business time
    assert batch.relations["dbt.main_marts.customers_v2"] == "model.dbt_bouncer_test_project.customers.v2"
    assert batch.stats.run_results == 59


def test_catalog_and_run_results_are_read():
    batch = read_dbt(str(FIXTURES / "bigquery_v2_catalog"), synced_at=SYNCED)
    assert batch.schema_version == 2
    assert [Path(f).name for f in batch.files] == ["manifest.json", "catalog.json", "run_results.json"]
    model = next(r for r in batch.records if r.evidence_id == "model.dbt_test.test_model")
    assert "- id (INT64)" in model.body
    runs = [f for f in batch.freshness if f.kind == "run_result"]
    assert [(r.node_id, r.status) for r in runs] == [("model.dbt_test.test_model", "success")]
    assert runs[0].checked_at == datetime(2021, 7, 7, 12, 44, 46, 972743, tzinfo=timezone.utc)
    # bigquery relation names keep their case (case-sensitive adapter)
    assert relation_key("My-Project", "Sales", "Orders", "bigquery") == "My-Project.Sales.Orders"
    assert relation_key("DB", "PUBLIC", "Orders", "snowflake") == "db.public.orders"


def test_sources_json_freshness(tmp_path):
    manifest = _small()
    manifest["sources"]["source.jaffle_shop.raw.payments"] = {
        "unique_id": "source.jaffle_shop.raw.payments",
        "resource_type": "source",
        "name": "payments",
        "source_name": "raw",
        "database": "postgres",
        "schema": "raw",
        "identifier": "payments",
        "loaded_at_field": "_loaded_at",
        "freshness": {"warn_after": {"count": 12, "period": "hour"}, "error_after": {"count": 24, "period": "hour"}},
        "meta": {},
        "config": {"enabled": True},
        "columns": {},
    }
    manifest["parent_map"]["source.jaffle_shop.raw.payments"] = []
    target = _write(tmp_path, manifest)
    (target / "sources.json").write_text(
        json.dumps(
            {
                "metadata": {
                    "dbt_schema_version": "https://schemas.getdbt.com/dbt/sources/v3.json",
                    "generated_at": "2026-11-28T06:00:05Z",
                    "invocation_id": "abc",
                },
                "results": [
                    {
                        "unique_id": "source.jaffle_shop.raw.payments",
                        "status": "warn",
                        "max_loaded_at": "2026-11-27T15:00:00+00:00",
                        "snapshotted_at": "2026-11-28T06:00:00+00:00",
                        "max_loaded_at_time_ago_in_s": 54000.0,
                        "criteria": {"warn_after": {"count": 12, "period": "hour"}, "error_after": {"count": 24, "period": "hour"}, "filter": None},
                    }
                ],
            }
        )
    )
    batch = read_dbt(str(target), synced_at=SYNCED)
    [obs] = [f for f in batch.freshness if f.kind == "source_freshness"]
    assert obs.node_id == "source.jaffle_shop.raw.payments" and obs.status == "warn"
    assert obs.checked_at == datetime(2026, 11, 28, 6, 0, tzinfo=timezone.utc)
    assert obs.max_loaded_at == datetime(2026, 11, 27, 15, 0, tzinfo=timezone.utc)
    assert obs.warn_after == "12 hour" and obs.error_after == "24 hour"
    assert obs.origin == "dbt-sources:abc" and obs.in_manifest
    source = next(r for r in batch.records if r.evidence_id == "source.jaffle_shop.raw.payments")
    assert source.entity_type == "source" and source.source_ids == ("source.jaffle_shop.raw.payments",)
    assert "Freshness: warn after 12 hour; error after 24 hour" in source.body
    assert "Loaded-at field: _loaded_at" in source.body
    assert batch.relations["postgres.raw.payments"] == "source.jaffle_shop.raw.payments"


def test_unreadable_sibling_is_quarantined(tmp_path):
    target = _write(tmp_path, _small())
    (target / "catalog.json").write_text('{"metadata": {"dbt_schema_version": ')
    batch = read_dbt(str(target), synced_at=SYNCED)
    assert len(batch.records) == 8
    [item] = batch.quarantine
    assert item.file.endswith("catalog.json") and item.field == "(file)" and "not valid JSON" in item.reason


def test_degradation_after_lost_compiled_code_and_columns(tmp_path):
    before = read_dbt(str(SMALL), synced_at=SYNCED)
    manifest = _small()
    orders = manifest["nodes"]["model.jaffle_shop.orders"]
    orders["compiled_code"] = None
    orders["columns"] = {}
    manifest["nodes"]["model.jaffle_shop.customers"]["compiled_code"] = None
    after = read_dbt(str(_write(tmp_path, manifest)), synced_at=SYNCED)
    found = {d.node_id: d for d in after.lost_since(before.summary())}
    assert set(found) == {"model.jaffle_shop.orders", "model.jaffle_shop.customers"}
    assert found["model.jaffle_shop.orders"].lost == ["compiled_code", "columns"]
    assert found["model.jaffle_shop.orders"].previous_columns == 9 and found["model.jaffle_shop.orders"].current_columns == 0
    assert found["model.jaffle_shop.customers"].lost == ["compiled_code"]
    assert "lost its compiled code" in found["model.jaffle_shop.customers"].message
    # the JSON form of a summary works the same (what the store keeps between syncs)
    stored = {k: v.model_dump(mode="json") for k, v in before.summary().items()}
    assert [d.node_id for d in degradation(stored, after.summary())] == sorted(found)
    assert degradation(before.summary(), before.summary()) == []


def test_same_manifest_same_hashes_and_fingerprints():
    a = read_dbt(str(SMALL), synced_at=SYNCED)
    b = read_dbt(str(SMALL), synced_at=datetime(2026, 12, 1, tzinfo=timezone.utc))
    assert a.artifact_hash == b.artifact_hash and a.artifact_id == b.artifact_id
    assert [stable_fingerprint(r) for r in a.records] == [stable_fingerprint(r) for r in b.records]
    assert [r.fingerprint() for r in a.records] != [r.fingerprint() for r in b.records]  # recorded_at differs


def test_trimmed_manifest_drops_dangling_edges_with_a_warning(tmp_path):
    manifest = _small()
    # a trimmed manifest: a node is gone, but parent_map/child_map still mention it
    del manifest["nodes"]["model.jaffle_shop.stg_payments"]
    batch = read_dbt(str(_write(tmp_path, manifest)), synced_at=SYNCED)
    assert any("model.jaffle_shop.stg_payments" in w and "trimmed" in w for w in batch.warnings)
    assert all("stg_payments" not in e.source for e in batch.edges)


def test_disabled_nodes_are_counted_not_mapped():
    path = DATA / "dbt" / "dbt-core-test-fixture-v12" / "manifest.json"
    if not path.is_file():
        pytest.skip(NO_DATA)
    batch = read_dbt(str(path), synced_at=SYNCED)
    manifest = raw(path)
    assert batch.stats.disabled == sum(len(v) for v in manifest["disabled"].values())
    assert not {r.evidence_id for r in batch.records} & set(manifest["disabled"])


def test_node_summary_round_trip():
    batch = read_dbt(str(SMALL), synced_at=SYNCED)
    summary = batch.summary()["model.jaffle_shop.orders"]
    assert summary == NodeSummary(
        unique_id="model.jaffle_shop.orders",
        name="orders",
        resource_type="model",
        package_name="jaffle_shop",
        relation="postgres.public.orders",
        has_compiled_code=True,
        columns=9,
    )
    assert copy.deepcopy(summary) == summary
