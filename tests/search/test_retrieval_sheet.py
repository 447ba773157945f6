"""The retrieval sheet on the dossier suite: governed hybrid at least matches the dossier's
governed BM25 (9/10 gold in top-3, 5/6 complete sets) and no retriever returns a record the
requester may not retrieve."""
import pytest

pytest.importorskip("tantivy")
pytest.importorskip("sentence_transformers")


def test_dossier_retrieval_sheet(minilm):
    from evals.retrieval import DOSSIER_BASELINE, run_suite

    _, rows = run_suite("dossier")
    by_mode = {r.mode: r for r in rows}
    governed = by_mode["governed"]
    best_gold, _, best_complete, _ = DOSSIER_BASELINE["governed"]
    assert governed.gold_hits >= best_gold and governed.complete >= best_complete, governed.misses
    assert all(r.unauthorized == 0 for r in rows)
    assert governed.untrusted == 0
