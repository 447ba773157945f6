"""Structure-aware chunks of a record's body, each carrying every governance field of its record.

Pure: no search or model library is imported here. A body is split at Markdown headings, then at
paragraphs; a paragraph longer than MAX_CHARS is split at sentence boundaries (then at spaces, and
only as a last resort inside a word). Nothing is ever cut off: chunk texts are verbatim slices of
the body that together cover every non-space character of it, in order. A body of at most
MAX_CHARS characters is one chunk. `Hit` is what every index returns for a chunk it found.
"""
from __future__ import annotations

import re
from datetime import date
from typing import Optional

from pydantic import BaseModel, ConfigDict

from catalog.records import Authority, EffectiveInterval, Revision, Status

MAX_CHARS = 800

_HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.+?)[ \t#]*$")
_FENCE = re.compile(r"^ {0,3}(```|~~~)")
_SENTENCE_END = re.compile(r"(?<=[.!?;])[\"')\]]*\s+")
_TOKEN = re.compile(r"[A-Za-z0-9_]+(?:[.#:/-][A-Za-z0-9_]+)*")  # linear: each character is read once
# _TOKEN's tokens, with a plain alphanumeric word (the first alternative: a whole token of letters
# and digits) matched as an empty group: findall gives "" for it, dropped by filter(None, ...) in C.
# The possessive run never backtracks: each character is still read once.
_ID_TOKEN = re.compile(r"[A-Za-z0-9]++(?![A-Za-z0-9_]|[.#:/-][A-Za-z0-9_])|([A-Za-z0-9_]+(?:[.#:/-][A-Za-z0-9_]+)*)")


class Chunk(EffectiveInterval, BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    chunk_id: str  # evidence_id#revision#position
    evidence_id: str
    revision: int
    position: int
    entity_id: str
    entity_type: str
    title: str
    headings: tuple[str, ...] = ()  # heading path of the section the chunk comes from
    text: str
    # governance, inherited from the record
    status: Status
    authority: Authority
    version: Optional[str] = None
    effective_from: Optional[date] = None
    effective_to: Optional[date] = None
    permissions: tuple[str, ...]
    content_hash: str
    owner: Optional[str] = None
    # names and technical ids of the record (searchable as written)
    aliases: tuple[str, ...] = ()
    identifiers: tuple[str, ...] = ()

    def embed_text(self) -> str:
        """What the vector index embeds: title, heading path and text."""
        head = " / ".join((self.title, *self.headings))
        kind = self.entity_type.replace("_", " ")
        return f"{head} ({kind}). {self.text}".strip()


# -- splitting ----------------------------------------------------------------------------------


def _sections(body: str) -> list[tuple[tuple[str, ...], int, int]]:
    """(heading path, start, end) spans; each section starts at its heading line."""
    if "#" not in body:  # no heading line: one section (the line walk below gives the same)
        return [((), 0, len(body))]
    out: list[tuple[tuple[str, ...], int, int]] = []
    path: list[tuple[int, str]] = []
    current: tuple[str, ...] = ()
    start = 0
    offset = 0
    fenced = False
    for line in body.splitlines(keepends=True):
        if _FENCE.match(line):
            fenced = not fenced
        m = None if fenced else _HEADING.match(line.rstrip("\r\n"))
        if m:
            if offset > start:
                out.append((current, start, offset))
            level = len(m.group(1))
            path = [(lv, t) for lv, t in path if lv < level] + [(level, m.group(2).strip())]
            current = tuple(t for _, t in path)
            start = offset
        offset += len(line)
    if offset > start or not out:
        out.append((current, start, offset))
    return out


def _paragraphs(body: str, start: int, end: int) -> list[tuple[int, int]]:
    """Spans of blank-line separated paragraphs inside [start, end), fenced code kept whole."""
    spans: list[tuple[int, int]] = []
    para_start: Optional[int] = None
    offset = start
    fenced = False
    for line in body[start:end].splitlines(keepends=True):
        blank = not line.strip()
        if _FENCE.match(line):
            fenced = not fenced
        if blank and not fenced:
            if para_start is not None:
                spans.append((para_start, offset))
                para_start = None
        elif para_start is None:
            para_start = offset
        offset += len(line)
    if para_start is not None:
        spans.append((para_start, end))
    return spans


_SPACE = re.compile(r"\s+")


def _pieces(body: str, start: int, end: int, limit: int, patterns: tuple[re.Pattern, ...]) -> list[tuple[int, int]]:
    """Atomic spans of [start, end): cut after each match of the first pattern; a piece still
    longer than `limit` is cut with the next pattern, and finally every `limit` characters."""
    if end - start <= limit:
        return [(start, end)]
    if not patterns:
        return [(i, min(i + limit, end)) for i in range(start, end, limit)]
    text = body[start:end]
    cuts = [start + m.end() for m in patterns[0].finditer(text) if 0 < m.end() < len(text)]
    out: list[tuple[int, int]] = []
    rest = patterns[1:]
    for a, b in zip([start, *cuts], [*cuts, end]):
        if b - a <= limit:  # what the call below would return, without the call (SQL: a piece per space)
            out.append((a, b))
        else:
            out += _pieces(body, a, b, limit, rest)
    return out


def _split_long(body: str, start: int, end: int, limit: int) -> list[tuple[int, int]]:
    """Split [start, end) into spans of at most `limit` characters at sentence, then space, ends."""
    return _pack(_pieces(body, start, end, limit, (_SENTENCE_END, _SPACE)), limit)


def _pack(spans: list[tuple[int, int]], limit: int) -> list[tuple[int, int]]:
    """Merge consecutive small spans while the merged span stays within `limit`."""
    out: list[tuple[int, int]] = []
    for a, b in spans:
        if out and b - out[-1][0] <= limit:
            out[-1] = (out[-1][0], b)
        else:
            out.append((a, b))
    return out


def split_body(body: str, limit: int = MAX_CHARS) -> list[tuple[tuple[str, ...], str]]:
    """(heading path, text) pieces of a body; verbatim slices covering all of it."""
    if len(body.strip()) <= limit:
        heads = _sections(body)
        first = next((h for h, a, b in heads if body[a:b].strip()), ())
        return [(first, body.strip())]
    pieces: list[tuple[tuple[str, ...], str]] = []
    for heads, s, e in _sections(body):
        spans: list[tuple[int, int]] = []
        heading = 0  # a heading line alone stays with the text that follows it
        for a, b in _paragraphs(body, s, e):
            if a == s and _HEADING.match(body[a:b].strip()) and "\n" not in body[a:b].strip():
                heading = b - a + 1
                spans.append((a, b))
                continue
            spans += _split_long(body, a, b, limit - heading if heading and b - a > limit - heading else limit)
            heading = 0
        for a, b in _pack(spans, limit):
            text = body[a:b].strip()
            if text:
                pieces.append((heads, text))
    return pieces or [((), body.strip())]


# -- identifiers --------------------------------------------------------------------------------


_SEPARATOR = re.compile(r"[.#:/-]")


def identifiers_in(text: str) -> set[str]:
    """Technical identifiers as written: dotted/colon/hash ids, snake_case names, and their parts."""
    found: set[str] = set()
    for token in filter(None, _ID_TOKEN.findall(text)):  # one pass in C, plain words dropped there
        token = token.strip("_")
        separated = not token.replace("_", "").isalnum()
        if not token or not separated and "_" not in token:
            continue
        token = token.lower()
        found.add(token)
        if "#" in token:
            found.update(p for p in token.split("#") if p)
        if separated:
            found.update(p for p in _SEPARATOR.split(token) if "_" in p.strip("_"))
    return found


def record_identifiers(rev: Revision) -> tuple[str, ...]:
    r = rev.record
    ids = {r.evidence_id, r.entity_id, *r.model_ids, *r.source_ids}
    for e in r.edges:
        ids.update((e.source, e.target))
    return tuple(sorted(ids))


def chunk_record(rev: Revision) -> list[Chunk]:
    r = rev.record
    common = dict(
        evidence_id=r.evidence_id, revision=rev.revision, entity_id=r.entity_id, entity_type=r.entity_type,
        title=r.title, status=r.status, authority=r.authority, version=r.version,
        effective_from=r.effective_from, effective_to=r.effective_to, permissions=tuple(r.permissions),
        content_hash=r.content_hash or "", owner=r.owner, aliases=tuple(r.aliases),
        identifiers=record_identifiers(rev),
    )
    return [
        Chunk(chunk_id=f"{r.evidence_id}#{rev.revision}#{n}", position=n, headings=heads, text=text, **common)
        for n, (heads, text) in enumerate(split_body(r.body))
    ]


class Hit(EffectiveInterval, BaseModel):
    """One retrieved chunk with its record's governance fields, as every index returns it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    chunk_id: str
    evidence_id: str
    revision: int
    position: int = 0
    entity_id: str
    entity_type: str
    title: str
    score: float
    rank: int  # 1-based, within the list that produced the hit
    status: Status
    authority: Authority
    version: Optional[str] = None
    effective_from: Optional[date] = None
    effective_to: Optional[date] = None
    permissions: tuple[str, ...]
    content_hash: str
    owner: Optional[str] = None
    match: str = "strict"  # text: strict | loose; vector: vector

    @classmethod
    def of(cls, chunk: Chunk, score: float, rank: int, match: str) -> "Hit":
        fields = chunk.model_dump(include=set(cls.model_fields) - {"score", "rank", "match"})
        return cls(**fields, score=score, rank=rank, match=match)

