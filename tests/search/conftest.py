"""Shared helpers for the search tests: records built in code, the MiniLM model loaded once."""
from __future__ import annotations

import hashlib
from datetime import datetime, timezone

import pytest

from catalog.records import EvidenceRecord, Revision

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)


def rev(evidence_id: str, body: str, permissions=("analysts",), revision: int = 1, **fields) -> Revision:
    data = dict(evidence_id=evidence_id, entity_id=fields.pop("entity_id", evidence_id.lower()),
                entity_type=fields.pop("entity_type", "document"), title=fields.pop("title", evidence_id.title()),
                status=fields.pop("status", "current"), authority=fields.pop("authority", "authoritative"),
                permissions=list(permissions), body=body, **fields)
    return Revision(record=EvidenceRecord.model_validate(data), revision=revision, recorded_at=NOW)


def fake_encoder(texts):
    """Deterministic bag-of-words vectors (hashing trick): enough to test plumbing, not meaning."""
    import numpy as np

    out = np.zeros((len(texts), 384), dtype=np.float32)
    for i, text in enumerate(texts):
        for word in text.lower().split():
            out[i, int(hashlib.md5(word.strip(".,?!").encode()).hexdigest(), 16) % 384] += 1.0
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    return out / np.where(norms == 0, 1, norms)


@pytest.fixture(scope="session")
def minilm():
    """The real encoder, loaded once per test session (offline, from site-packages)."""
    from catalog.vector_index import encode, load_model

    load_model()
    return encode
