"""dbt and OpenLineage syncs through the store and the CLI: one transaction, history kept."""
import copy
import json
import sqlite3
from datetime import datetime, timezone
from pathlib import Path

import pytest

from tests.conftest import REPO, ask_json, run_canon

DATA = REPO.parent / "shared" / "data"
NO_DATA = f"shared test data not found at {DATA} (../shared/data is absent on this machine)"
needs_data = pytest.mark.skipif(not DATA.is_dir(), reason=NO_DATA)
SMALL = REPO / "fixtures" / "dbt" / "jaffle_postgres_v12" / "manifest.json"
MANIFESTS = sorted((DATA / "dbt").glob("*/manifest.json")) if (DATA / "dbt").is_dir() else []


def counts(catalog):
    with sqlite3.connect(catalog) as conn:
        return {t: conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in ("revision", "lineage_edge", "sync_state")}


@needs_data
@pytest.mark.parametrize("path", MANIFESTS, ids=[p.parent.name for p in MANIFESTS])
def test_every_manifest_syncs_and_the_stored_graph_is_the_manifests(path, tmp_path):
    from api.service import CanonService
    from catalog.dbt_artifacts import read_dbt

    synced = datetime(2026, 1, 1, tzinfo=timezone.utc)
    service = CanonService(str(tmp_path / "c.db"))
    report = service.sync_dbt(str(path.parent), synced_at=synced)
    batch = read_dbt(str(path.parent), synced_at=synced)
    stored = service.catalog.lineage_graph(datetime(2026, 6, 1, tzinfo=timezone.utc))
    assert {(e.source, e.target) for e in stored.edges()} == {(e.source, e.target) for e in batch.edges}
    assert report.added + len(batch.quarantine) == len(batch.records)
    # closures equal the batch's, which tests/catalog/test_dbt_artifacts.py proves equal to parent_map
    from catalog.store import SqlLineageGraph

    in_store = SqlLineageGraph(service.catalog, datetime(2026, 6, 1, tzinfo=timezone.utc))
    for i, node in enumerate(sorted(stored.nodes)[:200]):
        assert set(stored.upstream(node)) == set(_closure(batch.edges, node, up=True))
        if i % 10 == 0:  # the one-shot walk in the edge table agrees with the in-process graph
            assert in_store.upstream(node) == stored.upstream(node)
            assert in_store.downstream(node) == stored.downstream(node)


def _closure(edges, node, up):
    adjacency = {}
    for e in edges:
        a, b = (e.target, e.source) if up else (e.source, e.target)
        adjacency.setdefault(a, []).append(b)
    seen, todo = set(), [node]
    while todo:
        for other in adjacency.get(todo.pop(), ()):
            if other not in seen and other != node:
                seen.add(other)
                todo.append(other)
    return seen


def _write_manifest(folder: Path, manifest: dict) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return folder


def test_resync_retires_a_removed_model_and_lineage_as_of_keeps_it(tmp_path, catalog):
    manifest = json.loads(SMALL.read_text())
    def lineage_children(uid):
        return [c for c in manifest["child_map"].get(uid, []) if not c.startswith(("test.", "unit_test."))]

    leaf = next(uid for uid in manifest["nodes"]
                if uid.startswith("model.") and not lineage_children(uid) and manifest["parent_map"].get(uid))
    parent = manifest["parent_map"][leaf][0]
    doomed = {leaf} | {c for c in manifest["child_map"].get(leaf, [])}  # the model and its tests
    first = _write_manifest(tmp_path / "v1", manifest)
    run_canon("sync", "dbt", str(first), "--synced-at", "2026-03-01T08:00:00Z", "--catalog", str(catalog), check=0)
    again = run_canon("sync", "dbt", str(first), "--catalog", str(catalog), check=0)
    assert "unchanged since the last sync" in again.stdout

    smaller = copy.deepcopy(manifest)
    for uid in doomed:
        smaller["nodes"].pop(uid, None)
        smaller["parent_map"].pop(uid, None)
        smaller["child_map"].pop(uid, None)
    for table in ("parent_map", "child_map"):
        for uid, linked in smaller[table].items():
            smaller[table][uid] = [x for x in linked if x not in doomed]
    second = _write_manifest(tmp_path / "v2", smaller)
    proc = run_canon("sync", "dbt", str(second), "--synced-at", "2026-03-10T08:00:00Z", "--catalog", str(catalog), check=0)
    assert "1 retired" in proc.stdout and "closed" in proc.stdout

    def downstream(at):
        out = run_canon("lineage", parent, "--downstream", "--at", at, "--role", "analytics_readers", "--json",
                        "--catalog", str(catalog), check=0)
        return {n["unique_id"] for n in json.loads(out.stdout)["nodes"]}

    assert leaf in downstream("2026-03-09")
    assert leaf not in downstream("2026-03-10")
    with sqlite3.connect(catalog) as conn:
        payloads = [json.loads(p) for (p,) in conn.execute("SELECT payload FROM revision WHERE evidence_id = ? ORDER BY revision", (leaf,))]
    assert [p["effective_to"] for p in payloads] == [None, "2026-03-09"]  # retired, never deleted


def test_lost_compiled_code_is_reported_and_the_previous_revision_kept(tmp_path, catalog):
    manifest = json.loads(SMALL.read_text())
    model = next(uid for uid, n in manifest["nodes"].items() if uid.startswith("model.") and n.get("compiled_code"))
    run_canon("sync", "dbt", str(_write_manifest(tmp_path / "a", manifest)), "--catalog", str(catalog), check=0)
    degraded = copy.deepcopy(manifest)
    for node in degraded["nodes"].values():
        node.pop("compiled_code", None)
        node["compiled"] = False
    proc = run_canon("sync", "dbt", str(_write_manifest(tmp_path / "b", degraded)), "--catalog", str(catalog), check=0)
    assert "degraded since the last sync" in proc.stderr and model in proc.stderr
    assert "previous revision" in proc.stdout or "kept at their previous revision" in proc.stdout


@pytest.mark.parametrize("breakage", ["truncated", "schema", "no_unique_id", "dangling", "cycle"])
def test_broken_manifests_leave_the_catalog_unchanged(breakage, tmp_path, catalog):
    run_canon("sync", "dbt", str(SMALL.parent), "--catalog", str(catalog), check=0)
    before = counts(catalog)
    manifest = json.loads(SMALL.read_text())
    models = [uid for uid in manifest["nodes"] if uid.startswith("model.")]
    if breakage == "truncated":
        folder = tmp_path / "t"
        folder.mkdir()
        (folder / "manifest.json").write_text(SMALL.read_text()[:5000], encoding="utf-8")
    else:
        if breakage == "schema":
            manifest["metadata"]["dbt_schema_version"] = "https://schemas.getdbt.com/dbt/manifest/v99.json"
        elif breakage == "no_unique_id":
            manifest["nodes"][models[0]].pop("unique_id")
        elif breakage == "dangling":
            manifest["nodes"][models[0]]["depends_on"]["nodes"].append("model.nowhere.ghost")
        elif breakage == "cycle":
            a, b = models[0], models[1]
            manifest["nodes"][a]["depends_on"]["nodes"].append(b)
            manifest["nodes"][b]["depends_on"]["nodes"].append(a)
            manifest["parent_map"][a] = sorted(set(manifest["parent_map"].get(a, []) + [b]))
            manifest["parent_map"][b] = sorted(set(manifest["parent_map"].get(b, []) + [a]))
        folder = _write_manifest(tmp_path / breakage, manifest)
    proc = run_canon("sync", "dbt", str(folder), "--catalog", str(catalog))
    assert proc.returncode == 1
    assert proc.stderr.startswith("canon: ") and proc.stderr.count("\n") == 1, proc.stderr
    assert "manifest.json" in proc.stderr
    assert counts(catalog) == before


@needs_data
def test_every_openlineage_event_is_ingested_or_quarantined(catalog):
    from catalog.openlineage_events import read_openlineage

    folder = DATA / "openlineage"
    batch = read_openlineage([str(folder)])
    proc = run_canon("sync", "openlineage", str(folder), "--json", "--catalog", str(catalog))
    report = json.loads(proc.stdout)
    assert report["added"] == len(batch.events) > 0
    assert report["quarantined"] == len(batch.quarantine) > 0
    assert proc.returncode == 1  # something was quarantined
    listed = json.loads(run_canon("quarantine", "--json", "--catalog", str(catalog), check=0).stdout)
    assert len(listed) == len(batch.quarantine) and all(r["reason"] for r in listed)
    assert counts(catalog)["lineage_edge"] > 0


@needs_data
def test_lineage_and_freshness_questions_on_a_synced_project(catalog):
    run_canon("sync", "dbt", str(DATA / "dbt" / "jaffle-shop"), "--catalog", str(catalog), check=0)
    up = ask_json(catalog, "Which sources feed the customers model?", "--role", "analytics_readers")
    assert up["behavior"] == "answer" and up["interpretation"]["intent"] == "lineage"
    ids = {e["evidence_id"] for e in up["evidence"]}
    assert "source.jaffle_shop.ecom.raw_customers" in ids and "model.jaffle_shop.stg_customers" in ids
    down = ask_json(catalog, "What breaks if stg_orders changes?", "--role", "analytics_readers")
    assert down["interpretation"]["direction"] == "downstream"
    assert "model.jaffle_shop.orders" in {e["evidence_id"] for e in down["evidence"]}
    nobody = ask_json(catalog, "Which sources feed the customers model?", "--role", "outsiders")
    assert nobody["behavior"] == "deny" and nobody["evidence"] == []


@needs_data
def test_freshness_comes_from_recorded_results_only(catalog):
    folder = DATA / "dbt" / "ticketswap-tap-dbt-artifacts-sample"
    run_canon("sync", "dbt", str(folder), "--catalog", str(catalog), check=0)
    sources = json.loads((folder / "sources.json").read_text())["results"]
    checked = sources[0]["unique_id"]
    with sqlite3.connect(catalog) as conn:
        name = json.loads(conn.execute("SELECT payload FROM revision WHERE evidence_id = ?", (checked,)).fetchone()[0])["title"]
    bundle = ask_json(catalog, f"Is the source {name} fresh?", "--role", "analytics_readers")
    assert bundle["interpretation"]["intent"] == "freshness"
    assert bundle["behavior"] == "answer", bundle["answer"]
    assert sources[0]["status"] in bundle["answer"]


@needs_data
def test_column_lineage_from_openlineage_answers_with_citations(catalog):
    run_canon("sync", "openlineage", str(DATA / "openlineage" / "compat-tests-consumer-CLL"), "--catalog", str(catalog), check=0)
    with sqlite3.connect(catalog) as conn:
        source, target = conn.execute("SELECT source, target FROM lineage_edge WHERE kind = 'column' ORDER BY id LIMIT 1").fetchone()
    bundle = ask_json(catalog, f"Which columns feed {target}?", "--role", "analytics_readers")
    assert bundle["behavior"] == "answer" and bundle["validation"]["passed"]
    assert source in bundle["answer"]
    assert source.partition("#")[0] in {e["evidence_id"] for e in bundle["evidence"]}
    outsider = ask_json(catalog, f"Which columns feed {target}?", "--role", "outsiders")
    assert outsider["behavior"] == "deny" and source not in json.dumps(outsider)


def test_configuration_sets_dbt_default_roles(tmp_path, catalog):
    config = tmp_path / "canon.yaml"
    config.write_text("dbt:\n  default_roles: [platform]\n", encoding="utf-8")
    run_canon("sync", "dbt", str(SMALL.parent), "--catalog", str(catalog), env={"CANON_CONFIG": str(config)}, check=0)
    with sqlite3.connect(catalog) as conn:
        roles = {r for (r,) in conn.execute("SELECT DISTINCT role FROM revision_role")}
    assert roles == {"platform"}
    config.write_text("dbt:\n  default_rolez: [platform]\n", encoding="utf-8")
    proc = run_canon("sync", "dbt", str(SMALL.parent), "--catalog", str(catalog), env={"CANON_CONFIG": str(config)})
    assert proc.returncode == 2 and "default_rolez" in proc.stderr


def test_a_sync_hands_the_search_refresh_the_revisions_the_catalog_holds(tmp_path, monkeypatch):
    """The refresh after a sync reuses the revisions the sync wrote instead of reading them back:
    they must be the very revisions the catalog returns, and the index must end equal to the catalog."""
    pytest.importorskip("tantivy")
    from api.service import CanonService
    from catalog.dbt_artifacts import read_dbt
    from catalog.sync import sync_dbt

    service = CanonService(str(tmp_path / "c.db"))
    service.catalog.search.indexes.update([], vectors=False)  # an index exists: every write refreshes it
    written: dict = {}
    batch = read_dbt(str(SMALL.parent), synced_at=datetime(2026, 3, 1, tzinfo=timezone.utc))
    sync_dbt(service.catalog, batch, str(SMALL.parent), datetime(2026, 3, 1, tzinfo=timezone.utc), written=written)
    assert written and sorted(written) == sorted(r.evidence_id for r in batch.records)
    read_back = {r.evidence_id: r for r in service.catalog.search._live_revisions(sorted(written))}
    assert read_back == written

    manifest = json.loads(SMALL.read_text())
    model = next(uid for uid in manifest["nodes"] if uid.startswith("model."))
    manifest["nodes"][model]["description"] = "Now documented: the zanzibar ledger."
    service.sync_dbt(str(_write_manifest(tmp_path / "v2", manifest)), synced_at=datetime(2026, 3, 2, tzinfo=timezone.utc))
    indexed = json.loads((service.catalog.search.folder / "state.json").read_text())
    assert indexed == {eid: key for eid, key in service.catalog.search._live_keys().items() if key[3] != "retracted"}
    assert indexed[model][0] == 2
    assert model in {h.evidence_id for h in service.catalog.search.indexes.text.search("zanzibar", ["analytics_readers"])}
