"""Classification preview of narrative documents, and operator overrides honoured by the real import."""
import json
import sqlite3

from tests.conftest import REPO, run_canon

DOCS = REPO / "fixtures" / "docs"


def test_preview_shows_method_and_confidence_for_every_inference(catalog):
    proc = run_canon("import", str(DOCS), "--preview", "--json", "--catalog", str(catalog), check=0)
    previews = json.loads(proc.stdout)
    assert len(previews) >= 8
    for doc in previews:
        for field in ("status", "authority", "effective_from", "document_date", "legacy", "title"):
            inference = doc[field]
            assert inference["method"] in {"front_matter", "text", "path", "file_mtime", "default", "override", "none"}
            assert 0.0 <= inference["confidence"] <= 1.0
    by_path = {d["path"]: d for d in previews}
    assert by_path["archive/2016-refund-policy.md"]["legacy"]["value"] is True
    assert any(d["status"]["value"] == "draft" for p, d in by_path.items() if p.startswith("draft/"))
    with sqlite3.connect(catalog) as conn:
        assert conn.execute("SELECT COUNT(*) FROM revision").fetchone()[0] == 0  # a preview writes nothing


def test_an_override_changes_the_real_import(catalog):
    run_canon("import", str(DOCS), "--catalog", str(catalog), check=0)
    with sqlite3.connect(catalog) as conn:
        before = {json.loads(p)["evidence_id"]: json.loads(p) for (p,) in conn.execute("SELECT payload FROM revision")}
        legacy = conn.execute("SELECT COUNT(*) FROM review_item WHERE key LIKE 'soft:legacy:%'").fetchone()[0]
    assert legacy >= 1
    refund = next(r for r in before.values() if r["artifact_id"] == "2023-05-10-refund-policy.md")
    assert refund["authority"] == "non_authoritative"  # inferred at 0.6: a proposal until a person confirms
    run_canon("override", "2023-05-10-refund-policy.md", "authority=authoritative", "effective_to=2026-12-31",
              "--by", "eva", "--why", "adopted by the finance committee", "--catalog", str(catalog), check=0)
    again = run_canon("import", str(DOCS), "--catalog", str(catalog), check=0)
    assert "1 revised" in again.stdout
    with sqlite3.connect(catalog) as conn:
        live = json.loads(conn.execute("SELECT payload FROM revision WHERE evidence_id = ? ORDER BY revision DESC",
                                       (refund["evidence_id"],)).fetchone()[0])
    assert live["authority"] == "authoritative" and live["effective_to"] == "2026-12-31"
    preview = json.loads(run_canon("import", str(DOCS), "--preview", "--json", "--catalog", str(catalog), check=0).stdout)
    shown = next(d for d in preview if d["path"] == "2023-05-10-refund-policy.md")
    assert shown["authority"]["method"] == "override" and "eva" in shown["authority"]["evidence"]
    bad = run_canon("override", "x.md", "status=approved", "--by", "eva", "--why", "typo", "--catalog", str(catalog))
    assert bad.returncode == 2 and "status" in bad.stderr
