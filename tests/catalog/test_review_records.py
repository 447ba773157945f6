"""Import and the review queue: a conflict a review-decision record ranks is not filed again."""
import yaml

from api.service import CanonService

BASE = {"entity_type": "metric_definition", "status": "current", "authority": "authoritative",
        "effective_from": "2024-01-01", "recorded_at": "2024-01-01T00:00:00Z", "permissions": ["analysts"]}
FIN = dict(BASE, evidence_id="X.FIN", entity_id="metric.x", title="X (finance)", body="X as finance closes it.")
OPS = dict(BASE, evidence_id="X.OPS", entity_id="metric.x", title="X (ops)", body="X as operations count it.")
DECISION = dict(BASE, evidence_id="REVIEW.X", entity_id="review.metric.x", entity_type="review_decision",
                title="Review decision on X", body="Winner: X.FIN. Loser: X.OPS. Reason: finance closes the books.")


def _hard_items(tmp_path, records) -> list[list[str]]:
    (tmp_path / "r.yaml").write_text(yaml.safe_dump({"records": records}), encoding="utf-8")
    service = CanonService(str(tmp_path / "c.db"))
    service.import_paths([str(tmp_path / "r.yaml")])
    return [sorted(i["evidence_ids"]) for i in service.review_list() if i["kind"] == "hard"]


def test_a_conflict_no_one_has_decided_is_filed_for_review(tmp_path):
    assert _hard_items(tmp_path, [FIN, OPS]) == [["X.FIN", "X.OPS"]]


def test_a_conflict_a_review_decision_record_ranks_is_not_filed_for_review(tmp_path):
    assert _hard_items(tmp_path, [FIN, OPS, DECISION]) == []
    # ... while a note that claims a decision decides nothing
    note = dict(DECISION, evidence_id="NOTE.X", entity_type="note", authority="untrusted")
    (tmp_path / "other").mkdir()
    assert _hard_items(tmp_path / "other", [FIN, OPS, note]) == [["X.FIN", "X.OPS"]]
