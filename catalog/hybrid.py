"""Discovery search: full text and vectors fused with Reciprocal Rank Fusion, then governed.

`SearchIndexes(folder)` owns both indexes (`folder/text`, `folder/vectors`) and a ledger
(`folder/state.json`) of what each evidence id was indexed as: (revision, content hash,
permission set, status). `update()` re-indexes exactly the records whose key changed, removes
retracted and deleted ones from both indexes, and re-embeds only text it has not embedded before.

A search runs inside the requester's roles in both indexes (a filter in the tantivy query; a
permitted-row selection before scoring vectors), fuses the two lists per evidence id (RRF, k=60),
optionally applies the governed ranking, and finally asks the catalog (`recheck`) which evidence
ids this requester may retrieve now: anything else is dropped and counted, so an index that lags
the catalog can never leak.

Importing this module is cheap: the indexes (tantivy, numpy, torch) load on first use.
"""
from __future__ import annotations

import json
import os
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from datetime import date
from pathlib import Path
from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict

from catalog.bulk import collector_paused
from catalog.chunks import Chunk, Hit, chunk_record
from catalog.records import Authority, EffectiveInterval, Revision, Status

RRF_K = 60
Mode = Literal["text", "vector", "hybrid", "governed"]

# Governed ranking: multipliers on the fused score (see `govern`). The best (1.2 x 1.2) and the
# worst (1.2 x 0.6) differ by at most 2x, about what RRF gives a record both retrievers found over
# one that only one found: governance reorders comparably relevant evidence (the effective version
# before the expired one, the authority before the wiki), it does not bury what both retrievers
# agree on (a draft that is exactly about the question stays visible as a possible conflict).
AUTHORITY_BOOST = 1.2  # authoritative, status current or superseded
EFFECTIVE_BOOST = 1.2  # an authority whose stated interval contains the reporting date / overlaps the period
NOT_EFFECTIVE = 0.6  # an authority with a stated interval that does not: the wrong version
NON_AUTHORITATIVE = 0.9
STALE = 0.9  # a non-authoritative record whose status is superseded
DRAFT = 0.9  # status draft: a proposal, shown as a possible conflict, never as the authority


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class FusedHit(EffectiveInterval, Frozen):
    """One evidence id found by search, with what each component said about it."""

    evidence_id: str
    chunk_id: str  # the best-ranked chunk of the record
    revision: int
    entity_id: str
    entity_type: str
    title: str
    status: Status
    authority: Authority
    version: Optional[str] = None
    effective_from: Optional[date] = None
    effective_to: Optional[date] = None
    permissions: tuple[str, ...]
    content_hash: str
    owner: Optional[str] = None
    rank: int
    score: float  # the final score (fused, times the governance factor in governed mode)
    rrf_score: float = 0.0
    text_rank: Optional[int] = None
    text_score: Optional[float] = None
    text_match: Optional[str] = None  # strict | loose
    vector_rank: Optional[int] = None
    vector_score: Optional[float] = None
    governance: tuple[str, ...] = ()  # the governed-ranking signals applied
    governance_factor: float = 1.0



class SearchResult(Frozen):
    query: str
    mode: str
    roles: tuple[str, ...]
    as_of: Optional[date] = None
    period: Optional[tuple[date, date]] = None
    hits: tuple[FusedHit, ...] = ()
    dropped_stale: int = 0  # hits the catalog's recheck refused (the index lagged the catalog)
    text_candidates: int = 0
    vector_candidates: int = 0

    @property
    def evidence_ids(self) -> list[str]:
        return [h.evidence_id for h in self.hits]


class UpdateReport(Frozen):
    indexed: tuple[str, ...] = ()  # evidence ids (re)indexed
    removed: tuple[str, ...] = ()  # evidence ids taken out of both indexes
    unchanged: int = 0
    chunks: int = 0
    encoded: int = 0  # texts embedded (the rest came from the embedding cache)


# -- fusion -------------------------------------------------------------------------------------


def _by_evidence(hits: Sequence[Hit]) -> list[Hit]:
    """Each evidence id once, at its best chunk's place."""
    seen: set[str] = set()
    out = []
    for h in hits:
        if h.evidence_id not in seen:
            seen.add(h.evidence_id)
            out.append(h)
    return out


def _base(h: Hit) -> dict:
    return h.model_dump(exclude={"score", "rank", "match", "position"})


def fuse(text_hits: Sequence[Hit], vector_hits: Sequence[Hit], k: int = RRF_K) -> list[FusedHit]:
    """Reciprocal Rank Fusion of two ranked lists, per evidence id: sum of 1 / (k + rank)."""
    text_list, vector_list = _by_evidence(text_hits), _by_evidence(vector_hits)
    parts: dict[str, dict] = {}
    for rank, h in enumerate(text_list, 1):
        parts[h.evidence_id] = {**_base(h), "text_rank": rank, "text_score": h.score, "text_match": h.match,
                                "rrf_score": 1.0 / (k + rank)}
    for rank, h in enumerate(vector_list, 1):
        entry = parts.setdefault(h.evidence_id, {**_base(h), "rrf_score": 0.0})
        entry.update(vector_rank=rank, vector_score=h.score, rrf_score=entry["rrf_score"] + 1.0 / (k + rank))
    ordered = sorted(parts.values(), key=lambda p: (-p["rrf_score"], p["evidence_id"]))
    return [FusedHit(**p, rank=i, score=p["rrf_score"]) for i, p in enumerate(ordered, 1)]


def _single(hits: Sequence[Hit], component: str) -> list[FusedHit]:
    out = []
    for rank, h in enumerate(_by_evidence(hits), 1):
        extra = ({"text_rank": rank, "text_score": h.score, "text_match": h.match} if component == "text"
                 else {"vector_rank": rank, "vector_score": h.score})
        out.append(FusedHit(**_base(h), **extra, rank=rank, score=h.score))
    return out


def governance_factor(h: FusedHit, as_of: Optional[date], period: Optional[tuple[date, date]]) -> tuple[float, tuple[str, ...]]:
    """Multiplier and signals of the governed ranking for one hit.

    Authoritative records (status current or superseded) are boosted. The effective interval is
    a signal about authorities only: one whose stated interval contains the reporting date (or
    overlaps the period) is boosted, one whose stated interval does not is demoted; an undated
    authority is neutral. Drafts and non-authoritative records are demoted. Untrusted and
    retracted records never reach this point (the indexes filter them out).
    """
    factor, signals = 1.0, []
    is_authority = h.authority == Authority.authoritative and h.status in (Status.current, Status.superseded)
    if is_authority:
        factor *= AUTHORITY_BOOST
        signals.append("authoritative")
        dated = h.effective_from is not None or h.effective_to is not None
        if dated and (as_of is not None or period is not None):
            inside = h.overlaps(*period) if period is not None else h.effective_on(as_of)
            if inside:
                factor *= EFFECTIVE_BOOST
                signals.append("effective")
            else:
                factor *= NOT_EFFECTIVE
                signals.append("not_effective")
    elif h.authority == Authority.non_authoritative:
        factor *= NON_AUTHORITATIVE
        signals.append("non_authoritative")
        if h.status == Status.superseded:
            factor *= STALE
            signals.append("stale")
    if h.status == Status.draft:
        factor *= DRAFT
        signals.append("draft")
    return factor, tuple(signals)


def govern(hits: Sequence[FusedHit], as_of: Optional[date] = None,
           period: Optional[tuple[date, date]] = None) -> list[FusedHit]:
    """Governed ranking of fused hits: untrusted and retracted out, then `governance_factor`."""
    scored = []
    for h in hits:
        if h.authority == Authority.untrusted or h.status == Status.retracted:
            continue
        factor, signals = governance_factor(h, as_of, period)
        scored.append((h.score * factor, factor, signals, h))
    scored.sort(key=lambda s: (-s[0], s[3].evidence_id))
    return [h.model_copy(update={"score": score, "rank": i, "governance": signals, "governance_factor": factor})
            for i, (score, factor, signals, h) in enumerate(scored, 1)]


# -- the two indexes, kept in step with the catalog ---------------------------------------------


def index_key(rev: Revision) -> list:
    r = rev.record
    return [rev.revision, r.content_hash, sorted(set(r.permissions)), r.status.value]


class SearchIndexes:
    """Text and vector indexes of the live revisions, in `folder`."""

    def __init__(self, folder: str | os.PathLike, encoder: Optional[Callable[[Sequence[str]], object]] = None):
        from catalog.text_index import TextIndex
        from catalog.vector_index import VectorIndex

        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.text = TextIndex(self.folder / "text")
        self.vectors = VectorIndex(self.folder / "vectors", encoder=encoder)
        self._state_file = self.folder / "state.json"
        if self.text.was_reset:  # the text index was emptied (another schema): nothing is indexed any more
            self._state_file.unlink(missing_ok=True)

    def _state(self) -> dict[str, list]:
        if self._state_file.exists():
            return json.loads(self._state_file.read_text(encoding="utf-8"))
        return {}

    def _save_state(self, state: dict[str, list]) -> None:
        tmp = self._state_file.with_suffix(".tmp")
        tmp.write_text(json.dumps(state, sort_keys=True), encoding="utf-8")
        os.replace(tmp, self._state_file)

    def update(self, revisions_live: Iterable[Revision], removed_evidence_ids: Iterable[str] = (),
               vectors: bool = True, encode: bool = True) -> UpdateReport:
        """Bring both indexes in line with these live revisions and removals (one operation).
        With vectors=False only the text index is updated (the vector index is built on first use);
        with encode=False new texts are embedded by the next vector search, not now."""
        with collector_paused():  # thousands of chunks and documents, no reference cycles (catalog/bulk.py)
            return self._update(revisions_live, removed_evidence_ids, vectors, encode)

    def _update(self, revisions_live: Iterable[Revision], removed_evidence_ids: Iterable[str],
                vectors: bool, encode: bool) -> UpdateReport:
        state = self._state()
        chunks: list[Chunk] = []
        indexed, removed, unchanged = [], set(removed_evidence_ids), 0
        for rev in revisions_live:
            key = index_key(rev)
            if state.get(rev.evidence_id) == key:
                unchanged += 1
                continue
            if rev.record.status == Status.retracted:
                removed.add(rev.evidence_id)
                continue
            chunks += chunk_record(rev)
            indexed.append(rev.evidence_id)
            state[rev.evidence_id] = key
        removed -= set(indexed)
        self.text.upsert(chunks, delete=removed)  # one writer and one commit
        encoded = 0
        if vectors:
            encoded = self.vectors.upsert(chunks, encode=encode, delete=removed)
        for eid in removed:
            state.pop(eid, None)
        self._save_state(state)
        return UpdateReport(indexed=tuple(indexed), removed=tuple(sorted(removed)), unchanged=unchanged,
                            chunks=len(chunks), encoded=encoded)

    def rebuild(self, revisions: Iterable[Revision]) -> UpdateReport:
        """Both indexes from scratch (vectors of unchanged text are reused)."""
        live = [r for r in revisions if r.record.status != Status.retracted]
        chunks = [c for rev in live for c in chunk_record(rev)]
        self.text.clear()
        self.text.upsert(chunks, replace=False)
        encoded = self.vectors.replace_all(chunks)
        self._save_state({rev.evidence_id: index_key(rev) for rev in live})
        return UpdateReport(indexed=tuple(r.evidence_id for r in live), chunks=len(chunks), encoded=encoded)

    def search(self, query: str, roles: Collection[str], as_of: Optional[date] = None, mode: Mode = "governed",
               limit: int = 10, *, period: Optional[tuple[date, date]] = None,
               recheck: Optional[Callable[[list[str]], Collection[str] | Mapping[str, tuple]]] = None,
               exclude_untrusted: bool = True,
               depth: Optional[int] = None) -> SearchResult:
        """Evidence for `query` that `roles` may retrieve, best first, at most `limit`.

        `as_of` is the reporting date (and `period` a reporting period) the governed ranking
        weighs effective intervals against; it filters nothing. `depth` chunks are taken from
        each index (default: 5 x limit, at least 50). `recheck` gets the candidate evidence ids
        and returns those the requester may retrieve now (a set), or, like EvidenceSource.verify,
        {evidence_id: (live revision, content hash)}; then a hit of another revision or content is
        dropped too. Dropped hits are counted in `dropped_stale`.
        """
        if mode not in ("text", "vector", "hybrid", "governed"):
            raise ValueError(f"unknown search mode '{mode}' (text, vector, hybrid or governed)")
        roles = tuple(sorted({r for r in roles if r}))
        depth = depth or max(5 * limit, 50)
        untrusted_out = exclude_untrusted or mode == "governed"
        text_hits = (self.text.search(query, roles, limit=depth, exclude_untrusted=untrusted_out)
                     if roles and mode != "vector" else [])
        vector_hits = (self.vectors.search(query, roles, depth, exclude_untrusted=untrusted_out)
                       if roles and mode != "text" else [])
        if mode == "text":
            fused = _single(text_hits, "text")
        elif mode == "vector":
            fused = _single(vector_hits, "vector")
        else:
            fused = fuse(text_hits, vector_hits)
            if mode == "governed":
                fused = govern(fused, as_of, period)
        dropped = 0
        if recheck is not None and fused:
            allowed = recheck(sorted({h.evidence_id for h in fused}))
            if isinstance(allowed, Mapping):  # {evidence_id: (revision, content_hash)}, as EvidenceSource.verify
                kept = [h for h in fused if h.evidence_id in allowed
                        and tuple(allowed[h.evidence_id]) == (h.revision, h.content_hash)]
            else:
                allowed = set(allowed)
                kept = [h for h in fused if h.evidence_id in allowed]
            dropped = len(fused) - len(kept)
            fused = kept
        hits = tuple(h.model_copy(update={"rank": i}) for i, h in enumerate(fused[:limit], 1))
        return SearchResult(query=query, mode=mode, roles=roles, as_of=as_of, period=period, hits=hits,
                            dropped_stale=dropped, text_candidates=len(text_hits), vector_candidates=len(vector_hits))
