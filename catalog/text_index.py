"""Full-text index of chunks on disk (tantivy), searched inside the requester's permissions.

Fields: title and the entity's names are weighted well above the body (which also holds them, so
that one fuzzy or prefix look-up covers a chunk's every word); `ident` holds technical
identifiers as written (dbt unique_ids, column names, policy numbers, evidence ids: lowercased,
untokenized); `perm`, `authority`, `status` are raw tokens; `eff_from` / `eff_to` are day
numbers (date.toordinal(); open ends are 0 and OPEN_TO). Nothing is stored in tantivy: `row`
(a numeric fast field) is the address of the chunk's hit payload, what a hit returns as one JSON
object, kept beside the index in catalog.hit_store.

Every search is one tantivy query whose filter clauses (roles, authority, status, effective
date) are zero-score MUST / MUST_NOT clauses: a chunk the requester may not retrieve is never
matched, scored or returned. A strict pass (every query term, exactly) runs first; when it finds
fewer than `limit` chunks, a partial pass (at least half of the terms) adds its chunks after them;
only when both find nothing, the loose pass (any one term) is the fallback. In the partial and
loose passes a term the index does not hold (a typo, a word cut short) also matches within edit
distance 1 or as a prefix.

tantivy is imported lazily, so importing this module costs nothing.
"""
from __future__ import annotations

import functools
import json
import math
import os
import re
import shutil
from collections.abc import Callable, Collection, Iterable
from datetime import date
from pathlib import Path
from typing import Optional

from catalog.chunks import Chunk, Hit, identifiers_in
from catalog.hit_store import HitStore
from catalog.records import Authority, Status

SCHEMA_VERSION = 6  # 3: a hit's fields stored as one JSON payload; 4: the payloads beside the index
# (HitStore); 5: `visible`; 6: payloads in an append-only memory-mapped file, `row` their address
OPEN_FROM = 0
OPEN_TO = 4_000_000  # beyond date.max.toordinal()
ANALYZER = "canon_text"

BOOSTS = {"title": 4.0, "names": 3.0, "kind": 1.5, "body": 1.0}
IDENT_BOOST = 4.0
FILTER_CACHE_SIZE = 256
# A write's memory budget per byte of chunk text and per chunk, enough to keep a batch in one segment
# (measured: 12k chunks of 4 MB text need 30 MB; 100k bench chunks of 49 MB text, 64-128 MB),
# within a cap for very large batches.
WRITER_HEAP_PER_TEXT_BYTE = 2
WRITER_HEAP_PER_CHUNK = 2048
WRITER_HEAP_CAP = 1_000_000_000
# The loose pass looks at a term in more than this share of the chunks last (see _loose_top).
COMMON_SHARE = 0.05
BM25_K1 = 1.2  # tantivy's
FUZZY_BOOST = 0.3
PREFIX_BOOST = 0.2
# A prefix that begins at most this many terms of the index is looked up as those terms (they are
# intersected lazily with the filters); a shorter, commoner one as an automaton over the terms.
MAX_PREFIX_TERMS = 8

# Function words of a question: they say nothing about what it asks for (query side only; the
# index analyzer also drops tantivy's English stop words).
QUESTION_WORDS = frozenset("""
a about above after again against all also am an and any are as at be because been before being below between
both but by can could did do does doing done down during each either else ever every few for from further had
has have having he her here hers him his how i if in into is it its itself just may me might more most must my
neither no nor not now of off on once only or other ought our ours out over own per please same shall she
should show since so some such tell than that the their theirs them then there these they this those through
thus till to too under until up upon us very via was we were what whats when where whether which while who
whom whose why will with within without would yet you your yours
jak jaka jaky jake jaké jaký jaká co kdo kde kdy proc proč je jsou byl byla bylo byly se si na v ve do k ke
s z za o od pro a i ale mi mne mně
""".split())

_NUMERIC_ID = re.compile(r"^[0-9]+(?:[.#:/-][0-9]+)+$")


def _idf(doc_freq: int, docs: int) -> float:
    """BM25's inverse document frequency, as tantivy computes it."""
    return math.log(1 + (docs - doc_freq + 0.5) / (doc_freq + 0.5))


_encode = json.JSONEncoder(separators=(",", ":")).encode  # json.dumps(..., separators=...) without a new encoder per call


def _hit_payload(c: Chunk) -> dict:
    """What a hit of this chunk returns besides score, rank and match (dates as ISO strings)."""
    return {"chunk_id": c.chunk_id, "evidence_id": c.evidence_id, "revision": c.revision, "position": c.position,
            "entity_id": c.entity_id, "entity_type": c.entity_type, "title": c.title, "status": c.status.value,
            "authority": c.authority.value, "version": c.version,
            "effective_from": c.effective_from and c.effective_from.isoformat(),
            "effective_to": c.effective_to and c.effective_to.isoformat(), "permissions": list(c.permissions),
            "content_hash": c.content_hash, "owner": c.owner}


@functools.cache
def _hit_list():
    """pydantic's validator of a JSON array of hits (one call for a search's hits)."""
    from pydantic import TypeAdapter

    return TypeAdapter(list[Hit])


def day_number(d: Optional[date], open_value: int) -> int:
    return open_value if d is None else d.toordinal()


_EDIT_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789"
LOOKUP_CACHE_SIZE = 4096


def _edits1(word: str, alphabet: str) -> set[str]:
    """Every string within Levenshtein distance 1 of `word`, a transposition of neighbours
    counting as one edit (as tantivy's fuzzy query with transposition_cost_one)."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    out = {a + b[1:] for a, b in splits if b}
    out.update(a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1)
    out.update(a + c + b[1:] for a, b in splits if b for c in alphabet)
    out.update(a + c + b for a, b in splits for c in alphabet)
    out.discard(word)
    return out


class _Lookups:
    """Term-dictionary look-ups of one reader generation, kept until the index reloads (a
    commit, or another process's): which weighted fields hold a token, the body's terms a word
    begins, and the body's terms within edit distance 1 of a word it lacks. The last is
    enumerated (every edit of the word, a term look-up each: about 0.6 ms, some five times what
    tantivy's automaton costs in one search), so only for a word asked for a second time."""

    def __init__(self):
        self._cache: dict[tuple, object] = {}
        self.asked: set[str] = set()  # unknown words asked for once (automaton) in this generation

    def clear(self) -> None:
        self._cache.clear()
        self.asked.clear()

    def has(self, key: tuple) -> bool:
        return key in self._cache

    def peek(self, key: tuple):
        return self._cache.get(key)

    def first_ask(self, word: str) -> bool:
        """Whether `word` is asked for the first time in this generation (and remember it)."""
        if word in self.asked:
            return False
        if len(self.asked) >= LOOKUP_CACHE_SIZE:
            self.asked.clear()
        self.asked.add(word)
        return True

    def get(self, key: tuple, compute: Callable[[], object]):
        value = self._cache.get(key)
        if value is None:
            if len(self._cache) >= LOOKUP_CACHE_SIZE:
                self.clear()
            value = self._cache[key] = compute()
        return value


class _QueryTerms:
    """What the index holds of one query's terms, looked up once per reader generation (see
    _Lookups): the weighted fields holding each token (a field without it adds nothing to a
    query but work), the terms known at all, and for each unknown word of 3+ letters the body's
    terms it begins."""

    def __init__(self, searcher, words: list[str], idents: list[str], lookups: _Lookups):
        self._searcher = searcher
        self._lookups = lookups
        self.known = ({i for i in idents if lookups.get(("ident", i), lambda i=i: searcher.doc_freq("ident", i))}
                      | {w for w in words if self.fields(w)})
        self.completions = {w: lookups.get(("prefix", w), lambda w=w: tuple(
                                term for term, _ in searcher.terms_with_prefix("body", w)))
                            for w in words if w not in self.known and len(w) >= 3}

    def fields(self, token: str) -> tuple[str, ...]:
        return self._lookups.get(("fields", token), lambda: tuple(
            f for f in BOOSTS if self._searcher.doc_freq(f, token)))

    def matchless(self, word: str) -> bool:
        """Whether a word can match no chunk at all, loosely either: the index lacks it, it begins
        none of the body's terms, and it has no fuzzy look-up (shorter than 4) or its terms
        within one edit are known to be none."""
        return (word not in self.known and not self.completions.get(word)
                and (len(word) < 4 or self._lookups.peek(("fuzzy", word)) == ()))

    def neighbours(self, word: str) -> Optional[tuple[str, ...]]:
        """The body's terms within edit distance 1 of `word` (which the index lacks), or None: a
        word first asked for in this generation, or with characters beyond a-z and 0-9 (then
        tantivy's automaton looks them up in the search). The candidates are over a-z0-9, which
        is what the analyzer (lowercase, ASCII folding) leaves of Latin-script text; a term that
        differs from the word by a character it cannot fold (another script) is not found."""
        if not (word.isascii() and word.isalnum()):
            return None
        if not self._lookups.has(("fuzzy", word)) and self._lookups.first_ask(word):
            return None
        return self._lookups.get(("fuzzy", word), lambda: tuple(sorted(
            c for c in _edits1(word, _EDIT_ALPHABET) if self._searcher.doc_freq("body", c))))


class TextIndex:
    """A tantivy index in `path` (created when missing)."""

    def __init__(self, path: str | os.PathLike, *, writer_heap: int = 64_000_000, writer_threads: int = 1):
        import tantivy

        self._t = tantivy
        self.path = Path(path)
        self.path.mkdir(parents=True, exist_ok=True)
        self._writer_heap = writer_heap
        self._writer_threads = writer_threads
        marker = self.path / "canon-schema.json"
        hits_folder = self.path / "hits"
        self.was_reset = marker.exists() and (json.loads(marker.read_text()).get("version") != SCHEMA_VERSION
                                              or not (hits_folder / "current").exists())
        if self.was_reset:  # an index of another schema, or without its hit store: emptied, its owner re-indexes (SearchIndexes)
            shutil.rmtree(self.path)
            self.path.mkdir(parents=True)
        self.schema = self._build_schema()
        self.index = tantivy.Index(self.schema, path=str(self.path), reuse=True)
        self.hits = HitStore(hits_folder)
        # the reader moves to a new commit only in _commit and _refresh, which also drop the
        # term-dictionary look-ups of the previous one (_Lookups)
        self.index.config_reader("Manual")
        self._analyzer = self._build_analyzer()
        self.index.register_tokenizer(ANALYZER, self._analyzer)
        marker.write_text(json.dumps({"version": SCHEMA_VERSION}))
        self._meta_path = str(self.path / "meta.json")
        self._meta_mtime = self._meta_stamp()
        self._filter_cache: dict[tuple, list] = {}
        self._lookups = _Lookups()  # term-dictionary look-ups of the current reader

    # -- schema -------------------------------------------------------------------------------

    def _build_analyzer(self):
        t = self._t
        return (
            t.TextAnalyzerBuilder(t.Tokenizer.simple())
            .filter(t.Filter.remove_long(64))
            .filter(t.Filter.lowercase())
            .filter(t.Filter.ascii_fold())
            .filter(t.Filter.stopword("english"))
            .filter(t.Filter.stemmer("english"))
            .build()
        )

    def _build_schema(self):
        """Searched fields are not stored; what a hit returns is in the hit store, under the
        document's `row`."""
        sb = self._t.SchemaBuilder()
        raw = dict(tokenizer_name="raw", index_option="basic")
        for name in ("chunk_id", "evidence_id", "entity_id"):
            sb.add_text_field(name, **raw)
        for name in ("title", "names", "kind", "body"):
            sb.add_text_field(name, tokenizer_name=ANALYZER)
        sb.add_text_field("ident", **raw)
        for name in ("perm", "visible", "authority", "status", "entity_type", "version", "content_hash", "owner"):
            sb.add_text_field(name, **raw)
        sb.add_integer_field("eff_from", indexed=True, fast=True)
        sb.add_integer_field("eff_to", indexed=True, fast=True)
        sb.add_unsigned_field("row", fast=True)
        return sb.build()

    def _document(self, c: Chunk, shared: dict, row: int):
        """The tantivy document of a chunk whose payload is in `row`. `shared`: what the chunks of
        one revision have in common, computed by _shared (a record's chunks share everything but
        position and text)."""
        text = c.text
        ident = shared["ident"].union(identifiers_in(text)) if text else shared["ident"]
        d = self._t.Document(
            chunk_id=c.chunk_id, body="\n".join((*shared["head"], *c.headings, text)),
            ident=sorted(ident), **shared["fields"])
        d.add_integer("eff_from", shared["eff_from"])
        d.add_integer("eff_to", shared["eff_to"])
        d.add_unsigned("row", row)
        return d

    @staticmethod
    def _payload(c: Chunk, shared: dict) -> bytes:
        return b'{"chunk_id":%s,"position":%d,%s' % (_encode(c.chunk_id).encode(), c.position, shared["hit"])

    @staticmethod
    def _shared(c: Chunk) -> dict:
        """The document fields and the hit payload's fields that depend only on the chunk's revision."""
        fields = {"evidence_id": c.evidence_id, "entity_id": c.entity_id, "title": c.title,
                  "kind": c.entity_type.replace("_", " "), "authority": c.authority.value, "status": c.status.value,
                  "entity_type": c.entity_type, "content_hash": c.content_hash,
                  "names": [*c.aliases, re.sub(r"[._]", " ", c.entity_id)]}
        if c.permissions:
            fields["perm"] = list(c.permissions)
            if c.authority is not Authority.untrusted and c.status is not Status.retracted:
                fields["visible"] = list(c.permissions)  # the default filter in one clause (_filter_clauses)
        if c.version is not None:
            fields["version"] = c.version
        if c.owner is not None:
            fields["owner"] = c.owner
        payload = _hit_payload(c)
        del payload["chunk_id"], payload["position"]
        # identifiers_in(title + "\n" + text) == identifiers_in(title) | identifiers_in(text): no token spans a line break
        return {"fields": fields, "head": (c.title, *c.aliases),
                "ident": frozenset({*(i.lower() for i in c.identifiers), *identifiers_in(c.title)}),
                "eff_from": day_number(c.effective_from, OPEN_FROM), "eff_to": day_number(c.effective_to, OPEN_TO),
                "hit": _encode(payload)[1:].encode()}

    def _with_shared(self, chunks: list[Chunk]) -> list[tuple[Chunk, dict]]:
        """Each chunk with its revision's common part (computed once for consecutive chunks of one revision)."""
        out, key, shared = [], None, None
        for c in chunks:
            if (c.evidence_id, c.revision) != key:
                key, shared = (c.evidence_id, c.revision), self._shared(c)
            out.append((c, shared))
        return out

    # -- writing ------------------------------------------------------------------------------

    def _writer(self, chunks: Collection[Chunk] = ()):
        """A writer whose memory budget holds the batch `chunks` where it can: tantivy writes a
        new segment each time the budget fills, and every search pays per segment (tantivy-py
        has no call to merge them afterwards)."""
        need = sum(WRITER_HEAP_PER_TEXT_BYTE * len(c.text) + WRITER_HEAP_PER_CHUNK for c in chunks)
        heap = max(self._writer_heap, min(WRITER_HEAP_CAP, need))
        return self.index.writer(heap_size=heap, num_threads=self._writer_threads)

    def _commit(self, writer) -> None:
        writer.commit()
        writer.wait_merging_threads()
        self.index.reload()
        self._lookups.clear()
        self._meta_mtime = self._meta_stamp()

    def upsert(self, chunks: Iterable[Chunk], *, replace: bool = True, delete: Iterable[str] = ()) -> int:
        """Replace every chunk of each evidence id present in `chunks` by the given chunks
        (`replace=False`: only add them, for a build into an empty index), and delete every chunk
        of the evidence ids in `delete`: one writer, one commit."""
        chunks = list(chunks)
        drop = set(delete)
        if replace:
            drop.update(c.evidence_id for c in chunks)
        if not chunks and not drop:
            return 0
        pairs = self._with_shared(chunks)
        rows = self.hits.add(self._payload(c, shared) for c, shared in pairs)  # durable before the commit
        writer = self._writer(chunks)
        for eid in sorted(drop):
            writer.delete_documents_by_term("evidence_id", eid)
        for (c, shared), row in zip(pairs, rows):
            writer.add_document(self._document(c, shared, row))
        self._commit(writer)
        return len(chunks)

    def delete_evidence(self, evidence_ids: Iterable[str]) -> None:
        ids = sorted(set(evidence_ids))
        if not ids:
            return
        writer = self._writer()
        for eid in ids:
            writer.delete_documents_by_term("evidence_id", eid)
        self._commit(writer)

    def clear(self) -> None:
        writer = self._writer()
        writer.delete_all_documents()
        self._commit(writer)
        self.hits.clear()

    def count(self) -> int:
        self._refresh()
        return self.index.searcher().num_docs

    def needs_rebuild(self) -> bool:
        """Whether replaced and deleted chunks left more payload bytes behind than the live ones
        hold (the payload file is append-only; a rebuild starts it anew)."""
        return self.hits.garbage_high(self.count())

    # -- searching ----------------------------------------------------------------------------

    def _meta_stamp(self) -> float:
        try:
            return os.stat(self._meta_path).st_mtime
        except FileNotFoundError:
            return 0.0

    def _refresh(self) -> None:
        """Another process (an import) may have committed: reload when meta.json changed."""
        stamp = self._meta_stamp()
        if stamp != self._meta_mtime:
            self.index.reload()
            self._lookups.clear()
            self._meta_mtime = stamp

    def _analyze(self, text: str) -> list[str]:
        return self._analyzer.analyze(text)

    def _terms(self, query: str) -> tuple[list[str], list[str]]:
        """(the query's words as indexed, its identifiers as written)."""
        idents = sorted(identifiers_in(query))
        text = query
        for ident in idents:
            if _NUMERIC_ID.match(ident):  # dates and version numbers: identifier only
                text = re.sub(re.escape(ident), " ", text, flags=re.IGNORECASE)
        spelled: set[str] = set()  # words an identifier of the query already stands for
        for ident in idents:
            spelled.update(self._analyze(re.sub(r"[.#:/_-]", " ", ident)))
        words: dict[str, None] = {}
        for w in re.findall(r"\w+", text.lower()):
            if w in QUESTION_WORDS:
                continue
            for token in self._analyze(w):
                if token not in spelled:
                    words[token] = None
        return list(words), idents

    # A term's alternatives: {(kind, field, token[, distance, prefix]): boost}, one way each a chunk
    # can match it. The loose pass merges every term's alternatives into one flat disjunction (a
    # repeated alternative once, with the boosts summed: the same score), which tantivy unions in
    # one pass instead of a union of unions per term and identifier.

    @staticmethod
    def _any_field(token: str, terms: _QueryTerms) -> dict[tuple, float]:
        return {("term", f, token): BOOSTS[f] for f in terms.fields(token)}

    @staticmethod
    def _merged(groups: Iterable[dict[tuple, float]]) -> dict[tuple, float]:
        out: dict[tuple, float] = {}
        for group in groups:
            for key, boost in group.items():
                out[key] = out.get(key, 0.0) + boost
        return out

    def _ident_parts(self, ident: str) -> list[str]:
        """A named identifier's words as the text analyzer indexes them (none for a numeric id)."""
        if _NUMERIC_ID.match(ident):
            return []
        return self._analyze(re.sub(r"[.#:/_-]", " ", ident))

    def _ident_alternatives(self, ident: str, terms: _QueryTerms) -> dict[tuple, float]:
        """Loosely: the identifier as written, within edit distance 1 when the index does not hold
        it, or any one of its words in the text."""
        alternatives = {("term", "ident", ident): IDENT_BOOST}
        if ident not in terms.known:
            alternatives[("fuzzy", "ident", ident, 1, False)] = FUZZY_BOOST
        return self._merged([alternatives, *(self._any_field(p, terms) for p in self._ident_parts(ident))])

    def _word_alternatives(self, stem: str, terms: _QueryTerms) -> dict[tuple, float]:
        """Loosely: the word in any weighted field; a word the index does not hold also within
        edit distance 1 or as a prefix (of the body's terms it begins), in the body (which holds
        the title, names and headings too)."""
        alternatives = self._any_field(stem, terms)
        if stem not in terms.known and len(stem) >= 4:
            neighbours = terms.neighbours(stem)
            if neighbours is None or len(neighbours) > MAX_PREFIX_TERMS:
                alternatives[("fuzzy", "body", stem, 1, False)] = FUZZY_BOOST
            elif neighbours:  # none: the look-up adds no clause
                alternatives[("terms", "body", stem, neighbours)] = FUZZY_BOOST
        if terms.completions.get(stem):
            alternatives[("prefix", "body", stem, terms.completions[stem])] = PREFIX_BOOST
        return alternatives

    def _leaf(self, key: tuple):
        Q, Occur = self._t.Query, self._t.Occur
        if key[0] == "term":
            return Q.term_query(self.schema, key[1], key[2])
        if key[0] in ("prefix", "terms"):  # a prefix's completions, or a word's neighbours (edit distance 1)
            _, field, stem, completions = key
            if key[0] == "prefix" and len(completions) > MAX_PREFIX_TERMS:  # one automaton walk beats a union
                return Q.fuzzy_term_query(self.schema, field, stem, 0, True, True)
            # scored as the prefix automaton scores: a constant, whatever the number of terms matched
            return Q.const_score_query(Q.boolean_query(
                [(Occur.Should, Q.term_query(self.schema, field, t)) for t in completions]), 1.0)
        _, field, token, distance, prefix = key
        return Q.fuzzy_term_query(self.schema, field, token, distance, True, prefix)

    def _disjunction(self, alternatives: dict[tuple, float]):
        """Any of the alternatives, each scored with its boost. The body holds the title, so a
        word's title term is an optional clause of its body term (the same score, and tantivy
        skips through the title's postings instead of decoding a union of both)."""
        Q, Occur = self._t.Query, self._t.Occur
        clauses = []
        for key, boost in alternatives.items():
            if key[0] == "term" and key[1] == "title" and ("term", "body", key[2]) in alternatives:
                continue  # scored with its body term below
            leaf = Q.boost_query(self._leaf(key), boost)
            if key[0] == "term" and key[1] == "body" and ("term", "title", key[2]) in alternatives:
                title = ("term", "title", key[2])
                leaf = Q.boolean_query([(Occur.Must, leaf),
                                        (Occur.Should, Q.boost_query(self._leaf(title), alternatives[title]))])
            clauses.append(leaf)
        if len(clauses) == 1:
            return clauses[0]
        return Q.boolean_query([(Occur.Should, c) for c in clauses])

    def _strict_ident_clause(self, ident: str, word_query: Callable[[str], object]):
        """The identifier as written, or its words all spelled out in the text (`word_query`: a
        word in any weighted field)."""
        Q, Occur = self._t.Query, self._t.Occur
        exact = Q.boost_query(Q.term_query(self.schema, "ident", ident), IDENT_BOOST)
        parts = self._ident_parts(ident)
        if not parts:
            return exact
        spelled = Q.boolean_query([(Occur.Must, word_query(p)) for p in parts])
        return Q.boolean_query([(Occur.Should, exact), (Occur.Should, spelled)])

    def _any_of(self, field: str, values: Collection[str]):
        """Documents holding any of `values` in a raw field: an OR of term queries, which tantivy
        intersects lazily with the rest of the query (a term-set query would first mark every
        matching document of the index)."""
        Q, Occur = self._t.Query, self._t.Occur
        terms = [Q.term_query(self.schema, field, v, "basic") for v in sorted(set(values))]
        if len(terms) == 1:
            return terms[0]
        return Q.boolean_query([(Occur.Should, t) for t in terms]) if terms else Q.empty_query()

    def _filters(self, roles: Collection[str], as_of: Optional[date], exclude_untrusted: bool,
                 statuses: Optional[Collection[str]], authorities: Optional[Collection[str]]):
        """The filter clauses, built once per distinct request (tantivy queries are immutable)."""
        key = (tuple(sorted(set(roles))), as_of, exclude_untrusted,
               None if statuses is None else tuple(sorted(set(statuses))),
               None if authorities is None else tuple(sorted(set(authorities))))
        if key not in self._filter_cache:
            if len(self._filter_cache) >= FILTER_CACHE_SIZE:
                self._filter_cache.clear()
            self._filter_cache[key] = self._filter_clauses(*key)
        return list(self._filter_cache[key])

    def _filter_clauses(self, roles: Collection[str], as_of: Optional[date], exclude_untrusted: bool,
                        statuses: Optional[Collection[str]], authorities: Optional[Collection[str]]):
        Q, Occur = self._t.Query, self._t.Occur
        zero = self._filter_only
        if exclude_untrusted and authorities is None and statuses is None:
            clauses = [(Occur.Must, zero(self._any_of("visible", roles)))]  # perm, not untrusted, not retracted
            return clauses + self._as_of_clauses(as_of)
        clauses = [(Occur.Must, zero(self._any_of("perm", roles)))]
        if exclude_untrusted:
            clauses.append((Occur.MustNot, Q.term_query(self.schema, "authority", "untrusted")))
        if authorities is not None:
            clauses.append((Occur.Must, zero(self._any_of("authority", authorities))))
        if statuses is None:
            clauses.append((Occur.MustNot, Q.term_query(self.schema, "status", "retracted")))
        else:
            clauses.append((Occur.Must, zero(self._any_of("status", statuses))))
        return clauses + self._as_of_clauses(as_of)

    def _as_of_clauses(self, as_of: Optional[date]) -> list:
        if as_of is None:
            return []
        Q, Occur, t = self._t.Query, self._t.Occur, self._t
        day = as_of.toordinal()
        return [(Occur.Must, self._filter_only(Q.range_query(self.schema, "eff_from", t.FieldType.Integer, None, day))),
                (Occur.Must, self._filter_only(Q.range_query(self.schema, "eff_to", t.FieldType.Integer, day, None)))]

    def _filter_only(self, query):
        """A filter clause: it never scores."""
        return self._t.Query.const_score_query(query, 0.0)

    def _query(self, words: list[str], idents: list[str], filters, at_least: Optional[int], terms: _QueryTerms):
        """Every term exactly (`at_least` None), or at least `at_least` terms loosely (the terms
        the index does not hold get fuzzy and prefix alternatives)."""
        Q, Occur = self._t.Query, self._t.Occur
        if not words and not idents:
            return None
        if at_least is None:
            built: dict[str, object] = {}  # a query's identifiers share words (x.fct_orders, fct_orders)

            def word_query(token: str):
                if token not in built:
                    built[token] = self._disjunction(self._any_field(token, terms))
                return built[token]

            clauses = [self._strict_ident_clause(i, word_query) for i in idents]
            clauses += [word_query(stem) for stem in words]
            return Q.boolean_query(filters + [(Occur.Must, c) for c in clauses])
        per_term = self._per_term(words, idents, terms)
        if at_least <= 1:
            inner = self._disjunction(self._merged(per_term))
        else:
            inner = Q.boolean_query([(Occur.Should, self._disjunction(a)) for a in per_term],
                                    min(at_least, len(per_term)))
        return Q.boolean_query(filters + [(Occur.Must, inner)])

    def _per_term(self, words: list[str], idents: list[str], terms: _QueryTerms) -> list[dict[tuple, float]]:
        """Each term's loose alternatives, identifiers first."""
        return ([self._ident_alternatives(i, terms) for i in idents]
                + [self._word_alternatives(stem, terms) for stem in words])

    # -- the loose pass, common terms last ------------------------------------------------------
    # A word in a large share of the chunks ("model" in every dbt id) makes the loose disjunction
    # walk most of the index. So the loose pass first asks for chunks with at least one of the
    # other alternatives, scored with all of them (the common ones as optional clauses: the same
    # score as in the full disjunction). A chunk holding only common terms scores less than the
    # sum of their BM25 upper bounds (idf x (k1 + 1) x boost); when the first pass's `limit`-th
    # score reaches that bound, no such chunk can enter the top, and the first pass is the exact
    # answer. Otherwise the full disjunction runs (MaxScore, done in two searches).

    def _indexed_docs(self, searcher) -> int:
        """The document count tantivy's BM25 uses (deleted documents not yet merged away included):
        every document holds exactly one status token."""
        return sum(searcher.doc_freq("status", s.value) for s in Status)

    def _score_bound(self, searcher, alternatives: dict[tuple, float], doc_freq: dict[tuple, int]) -> float:
        """Above any score these term alternatives can give a chunk together."""
        docs = self._indexed_docs(searcher)
        bound = sum(boost * _idf(doc_freq[key], docs) * (1 + BM25_K1) for key, boost in alternatives.items())
        return bound * (1 + 1e-4)  # tantivy scores in float32

    def _loose_top(self, searcher, alternatives: dict[tuple, float], filters, limit: int):
        """The loose pass's top `limit` (score, address) pairs over the merged alternatives."""
        Q, Occur = self._t.Query, self._t.Occur
        doc_freq = {key: searcher.doc_freq(key[1], key[2]) for key in alternatives if key[0] == "term"}
        alternatives = {key: boost for key, boost in alternatives.items() if doc_freq.get(key) != 0}  # no chunk has it
        if not alternatives:
            return []
        threshold = COMMON_SHARE * searcher.num_docs
        common = {key: boost for key, boost in alternatives.items() if doc_freq.get(key, 0) > threshold}
        others = {key: boost for key, boost in alternatives.items() if key not in common}
        if common and others:
            # one optional term per level: tantivy then skips through each common term's postings to
            # the candidates, where a union of them would decode all of them
            scored = self._disjunction(others)
            for key, boost in common.items():
                scored = Q.boolean_query([(Occur.Must, scored), (Occur.Should, Q.boost_query(self._leaf(key), boost))])
            first = searcher.search(Q.boolean_query(filters + [(Occur.Must, scored)]), limit, count=False).hits
            if len(first) == limit and min(score for score, _ in first) >= self._score_bound(searcher, common, doc_freq):
                return first
        return searcher.search(Q.boolean_query(filters + [(Occur.Must, self._disjunction(alternatives))]),
                               limit, count=False).hits

    def search(self, query: str, roles: Collection[str], *, limit: int = 10, as_of: Optional[date] = None,
               exclude_untrusted: bool = True, statuses: Optional[Collection[str]] = None,
               authorities: Optional[Collection[str]] = None) -> list[Hit]:
        """Chunks matching `query` that one of `roles` may retrieve, best first.

        `as_of` keeps only chunks effective on that day; `statuses` / `authorities` keep only
        those values (default: every status but retracted, every authority but untrusted when
        `exclude_untrusted`). No roles: nothing. Each hit's `match` says which pass found it.
        """
        roles = [r for r in roles if r]
        if not roles or limit <= 0:
            return []
        self._refresh()
        searcher = self.index.searcher()
        words, idents = self._terms(query)
        filters = self._filters(roles, as_of, exclude_untrusted, statuses, authorities)
        n = len(words) + len(idents)
        terms = _QueryTerms(searcher, words, idents, self._lookups)
        found_all: list[tuple[float, object, str]] = []  # (score, address, match), best first
        seen: set[tuple[int, int]] = set()
        for match, at_least in (("strict", None), ("partial", (n + 1) // 2), ("loose", 1)):
            if match == "strict" and len(terms.known) < n:
                continue  # a term the index does not hold: no chunk has every term
            if match == "partial" and (n <= 2 or len(found_all) >= limit
                                       or n - sum(map(terms.matchless, words)) < at_least):
                continue  # partial supplements the strict pass; with 1-2 terms it is the loose pass;
                # with fewer than `at_least` terms that can match anything it finds nothing
            if match == "loose" and found_all:
                break  # the loose pass is the fallback for nothing found
            if not words and not idents:
                return []
            if match == "loose":
                found = self._loose_top(searcher, self._merged(self._per_term(words, idents, terms)),
                                        filters, limit)
            else:
                found = searcher.search(self._query(words, idents, filters, at_least, terms),
                                        limit, count=False).hits
            for score, address in found:
                if len(found_all) >= limit:
                    break
                key = (address.segment_ord, address.doc)  # one chunk
                if key not in seen:
                    seen.add(key)
                    found_all.append((score, address, match))
        return self._hits(searcher, found_all)

    def _hits(self, searcher, found: list[tuple[float, object, str]]) -> list[Hit]:
        """The hits of (score, address, match) triples: payload addresses from the fast field in
        one call, payloads sliced from the hit store's mapped file, parsed and validated as one
        JSON array. A payload missing from the store belongs to a generation a concurrent rebuild
        just deleted: it is left out."""
        if not found:
            return []
        rows = searcher.fast_field_values("row", [address for _, address, _ in found])
        payloads = self.hits.read([r for r in rows if r is not None])
        items: list[bytes] = []
        for (score, _, match), row in zip(found, rows):
            payload = payloads.get(row)
            if payload is not None:
                items.append(self._hit_json(payload, score, len(items) + 1, match))
        return _hit_list().validate_json(b"[" + b",".join(items) + b"]") if items else []

    @staticmethod
    def _hit_json(payload: bytes, score: float, rank: int, match: str) -> bytes:
        """The stored payload (a JSON object) with score, rank and match put in front of its
        fields. A BM25 score is finite, so its repr is a JSON number; a match is one of a few
        plain words."""
        return b'{"score":%r,"rank":%d,"match":"%s",' % (float(score), rank, match.encode()) + payload[1:]
