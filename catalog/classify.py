"""Classification preview for narrative documents (issue 6, item 4).

Pure: text in, frozen pydantic out. No database, web, search or model import may appear here, and
nothing here reads a file — the caller passes the path (relative to the folder being imported,
so ids stay stable), the text and, when it has one, the file's modification time.

For every document `classify_document` infers status, authority, dates, document age, a legacy
proposal, title, version, owner and record-id suggestions. Each inference names its method and a
confidence; the methods, in precedence:

    front_matter  1.0        YAML front matter at the top of the file
    text          0.95–0.5   explicit lines ("Status: draft", "Effective: 2024-01-01", "Adopted: …",
                             "Superseded by …", a DRAFT banner, "Platnost od: 1. 3. 2024", …)
    path          0.7–0.4    folder and filename markers (draft/, wip, archive, old, a year, a date)
    file_mtime    0.2        the file's modification time — for document age only
    default       0.3        a conservative default (authority non_authoritative, status current,
                             entity_type document) when nothing else decides
    override      1.0        an operator's decision (`apply_overrides`)
    none          0.0        nothing found; the value is None

`apply_overrides` lets an operator's `Override` win; `to_record_fields` turns a (possibly
overridden) classification into the contract fields of one evidence record (contract.md §1);
`render_preview` prints one readable table per document.
"""
from __future__ import annotations

import functools
import re
import unicodedata
from datetime import date, datetime
from typing import Any, Callable, Generic, Iterable, Literal, Mapping, Optional, Sequence, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

StatusValue = Literal["draft", "current", "superseded", "retracted"]
AuthorityValue = Literal["authoritative", "non_authoritative", "untrusted"]
EntityTypeValue = Literal["wiki", "policy", "draft", "document", "note"]
Method = Literal["front_matter", "text", "path", "file_mtime", "default", "override", "none"]

METHODS: tuple[str, ...] = ("override", "front_matter", "text", "path", "file_mtime", "default", "none")
DEFAULT_LEGACY_YEARS = 7

T = TypeVar("T")


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Inference(_Frozen, Generic[T]):
    """One inferred value with how it was decided. `method == "none"` means nothing decided it."""

    value: T
    method: Method
    confidence: float = Field(ge=0.0, le=1.0)
    evidence: str = ""

    @model_validator(mode="after")
    def _none_means_nothing(self) -> "Inference":
        if self.method == "none" and (self.value is not None or self.confidence != 0.0):
            raise ValueError("an inference with method 'none' has value None and confidence 0")
        return self


def _none(evidence: str = "nothing found") -> Inference:
    return Inference(value=None, method="none", confidence=0.0, evidence=evidence)


# Order of the inferred fields, as the preview shows them.
INFERRED_FIELDS: tuple[str, ...] = (
    "status", "authority", "effective_from", "effective_to", "adopted", "revised", "document_date",
    "age_years", "legacy", "title", "version", "owner", "entity_type", "entity_id", "evidence_id",
)


class Classification(_Frozen):
    path: str
    today: date
    legacy_years: int = Field(ge=0)
    status: Inference[Optional[StatusValue]]
    authority: Inference[Optional[AuthorityValue]]
    effective_from: Inference[Optional[date]]
    effective_to: Inference[Optional[date]]
    adopted: Inference[Optional[date]]
    revised: Inference[Optional[date]]
    document_date: Inference[Optional[date]]  # newest date found (future dates are not age evidence)
    age_years: Inference[Optional[float]]
    legacy: Inference[Optional[bool]]  # newest date older than legacy_years → proposed as legacy for review
    title: Inference[Optional[str]]
    version: Inference[Optional[str]]
    owner: Inference[Optional[str]]
    entity_type: Inference[Optional[EntityTypeValue]]
    entity_id: Inference[Optional[str]]
    evidence_id: Inference[Optional[str]]
    body: str  # the document text without front matter
    problems: tuple[str, ...] = ()  # what would stop the real import (e.g. effective_to before effective_from)

    def inferences(self) -> dict[str, Inference]:
        return {name: getattr(self, name) for name in INFERRED_FIELDS}

    def preview_dict(self) -> dict:
        """JSON-ready preview: every inference, without the body."""
        return self.model_dump(mode="json", exclude={"body"})


# ------------------------------------------------------------------------------------------------
# text helpers

@functools.lru_cache(maxsize=4096)
def _unaccent_char(ch: str) -> str:
    base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
    return base if len(base) == 1 else ch


@functools.lru_cache(maxsize=4096)
def _fold_char(ch: str) -> str:
    base = _unaccent_char(ch)
    low = base.lower()
    return low if len(low) == 1 else base


def _fold(text: str) -> str:
    """Lowercase and strip diacritics, one character for one (indices stay aligned with `text`)."""
    if text.isascii():
        return text.lower()
    return "".join(map(_fold_char, text))


def _unaccent(text: str) -> str:
    """Strip diacritics, keep case, one character for one."""
    if text.isascii():
        return text
    return "".join(map(_unaccent_char, text))


def _short(text: str, limit: int = 90) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


_DECORATION = re.compile(r"^[\s>#*_|+\-]*")


def _clean_line(line: str) -> str:
    """A line without Markdown decoration: leading quote/heading/list marks, bold and code marks."""
    line = line.replace("**", "").replace("__", "").replace("`", "")
    line = _DECORATION.sub("", line)
    return line.rstrip(" |").strip()


# ------------------------------------------------------------------------------------------------
# dates (English and Czech)

_MONTHS = {
    "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4,
    "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9,
    "sept": 9, "sep": 9, "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
    # Czech, genitive ("1. března 2024") and nominative ("březen 2024"), without diacritics
    "ledna": 1, "leden": 1, "unora": 2, "unor": 2, "brezna": 3, "brezen": 3, "dubna": 4, "duben": 4,
    "kvetna": 5, "kveten": 5, "cervna": 6, "cerven": 6, "cervence": 7, "cervenec": 7, "srpna": 8,
    "srpen": 8, "zari": 9, "rijna": 10, "rijen": 10, "listopadu": 11, "listopad": 11, "prosince": 12,
    "prosinec": 12,
}
_MONTH_RE = "|".join(sorted(_MONTHS, key=len, reverse=True))
_ORD = r"(?:st|nd|rd|th)?"
_DATE_PATTERNS: tuple[tuple[re.Pattern, str], ...] = (
    (re.compile(r"(?<![\d.])(\d{4})([-/_.])(\d{1,2})\2(\d{1,2})(?![\d])"), "ymd"),
    (re.compile(rf"(?<![\d.])(\d{{1,2}}){_ORD}\.?\s+({_MONTH_RE})\.?,?\s+(\d{{4}})(?!\d)"), "d_month_y"),
    (re.compile(rf"\b({_MONTH_RE})\.?\s+(\d{{1,2}}){_ORD},?\s+(\d{{4}})(?!\d)"), "month_d_y"),
    (re.compile(r"(?<![\d.])(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})(?!\d)"), "dmy"),
    (re.compile(rf"\b({_MONTH_RE})\.?\s+(\d{{4}})(?!\d)"), "month_y"),
)


def _make_date(y: int, m: int, d: int) -> Optional[date]:
    try:
        return date(y, m, d) if 1900 <= y <= 2199 else None
    except ValueError:
        return None


def find_dates(text: str) -> list[tuple[int, int, date]]:
    """Every date in `text` as (start, end, date), in order, non-overlapping.

    ISO (2024-01-01, also with / _ . separators), "1 March 2024", "March 1, 2024", "March 2024"
    (the 1st), Czech "1. 3. 2024" and "1. března 2024". Ambiguous US/UK slashes (03/04/2024) are
    not read.
    """
    folded = _fold(text)
    found: list[tuple[int, int, date]] = []
    taken: list[tuple[int, int]] = []
    for pattern, kind in _DATE_PATTERNS:
        for m in pattern.finditer(folded):
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue
            g = m.groups()
            if kind == "ymd":
                value = _make_date(int(g[0]), int(g[2]), int(g[3]))
            elif kind == "d_month_y":
                value = _make_date(int(g[2]), _MONTHS[g[1]], int(g[0]))
            elif kind == "month_d_y":
                value = _make_date(int(g[2]), _MONTHS[g[0]], int(g[1]))
            elif kind == "dmy":
                value = _make_date(int(g[2]), int(g[1]), int(g[0]))
            else:
                value = _make_date(int(g[1]), _MONTHS[g[0]], 1)
            if value is not None:
                found.append((m.start(), m.end(), value))
                taken.append((m.start(), m.end()))
    return sorted(found)


def _as_date(value: Any) -> Optional[date]:
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        dates = find_dates(value)
        return dates[0][2] if dates else None
    return None


# ------------------------------------------------------------------------------------------------
# vocabularies (folded: lowercase, no diacritics)

_STATUS_WORDS: tuple[tuple[str, StatusValue], ...] = (
    ("work in progress", "draft"), ("under review", "draft"), ("in review", "draft"),
    ("in force", "current"),
    ("draft", "draft"), ("wip", "draft"), ("proposal", "draft"), ("proposed", "draft"), ("rfc", "draft"),
    ("navrh", "draft"), ("koncept", "draft"),
    ("current", "current"), ("active", "current"), ("approved", "current"), ("adopted", "current"),
    ("final", "current"), ("live", "current"), ("published", "current"), ("platny", "current"),
    ("platne", "current"), ("platna", "current"), ("schvaleno", "current"), ("schvaleny", "current"),
    ("aktualni", "current"), ("ucinny", "current"), ("ucinne", "current"),
    ("superseded", "superseded"), ("deprecated", "superseded"), ("archived", "superseded"),
    ("obsolete", "superseded"), ("replaced", "superseded"), ("legacy", "superseded"),
    ("zastarale", "superseded"), ("zastaraly", "superseded"), ("nahrazeno", "superseded"),
    ("nahrazen", "superseded"), ("archivovano", "superseded"),
    ("retracted", "retracted"), ("withdrawn", "retracted"), ("revoked", "retracted"),
    ("cancelled", "retracted"), ("canceled", "retracted"), ("zruseno", "retracted"), ("stazeno", "retracted"),
)

_AUTHORITY_WORDS: tuple[tuple[str, AuthorityValue], ...] = (
    ("non authoritative", "non_authoritative"), ("not authoritative", "non_authoritative"),
    ("nonauthoritative", "non_authoritative"), ("informational", "non_authoritative"),
    ("informative", "non_authoritative"), ("guidance", "non_authoritative"),
    ("nezavazne", "non_authoritative"), ("nezavazny", "non_authoritative"), ("informativni", "non_authoritative"),
    ("authoritative", "authoritative"), ("official", "authoritative"), ("binding", "authoritative"),
    ("normative", "authoritative"), ("zavazne", "authoritative"), ("zavazny", "authoritative"),
    ("oficialni", "authoritative"),
    ("untrusted", "untrusted"), ("unverified", "untrusted"), ("neovereno", "untrusted"), ("neovereny", "untrusted"),
)

# path tokens (folder names and filename parts)
_PATH_STATUS: tuple[tuple[frozenset, StatusValue, float], ...] = (
    (frozenset({"retracted", "withdrawn", "zruseno", "stazeno"}), "retracted", 0.6),
    (frozenset({"old", "archive", "archived", "archiv", "superseded", "deprecated", "legacy", "obsolete",
                "zastarale", "zastaraly", "stare", "stary", "nahrazeno"}), "superseded", 0.6),
    (frozenset({"draft", "drafts", "wip", "proposal", "proposals", "rfc", "navrh", "navrhy", "koncept",
                "koncepty"}), "draft", 0.6),
    (frozenset({"final"}), "current", 0.4),
)
_PATH_UNTRUSTED = frozenset({"scratch", "tmp", "temp", "inbox", "personal", "scraped", "imported", "unverified",
                             "neovereno"})
_PATH_AUTHORITATIVE = frozenset({"official", "approved", "governed", "oficialni", "schvalene"})

_KIND_WORDS: tuple[tuple[frozenset, str], ...] = (
    (frozenset({"policy", "policies", "smernice", "zasady", "pravidla", "procedure"}), "policy"),
    (frozenset({"wiki", "playbook", "runbook", "guide", "handbook", "howto", "faq", "prirucka", "navod",
                "manual"}), "wiki"),
    (frozenset({"note", "notes", "meeting", "minutes", "memo", "poznamky", "poznamka", "zapis", "zapisy"}), "note"),
)
_ENTITY_PREFIX = {"policy": "policy", "wiki": "wiki", "note": "note", "document": "doc"}

# words that describe a document's state or age, not its subject (dropped from entity slugs)
_NOISE = frozenset({
    "draft", "drafts", "wip", "final", "old", "archive", "archived", "archiv", "superseded", "deprecated",
    "legacy", "obsolete", "proposal", "proposed", "rfc", "navrh", "koncept", "zastarale", "stare", "copy",
    "version", "verze", "the", "a", "an", "new", "updated", "revised", "md", "markdown", "wiki",
})

_UNTRUSTED_PHRASES = ("unverified", "not verified", "not been verified", "do not rely", "scraped from",
                      "pasted from", "neovereno", "neovereny", "neoverene")


# ------------------------------------------------------------------------------------------------
# labelled lines: (kind, pattern) — patterns are applied to folded, decoration-free lines

def _labels(*alternatives: str) -> re.Pattern:
    return re.compile(r"(?:" + "|".join(alternatives) + r")\b")


_TO_WORDS = r"(?!\s+(?:until|to|through|thru|till|do)\b)"
_LINE_LABELS: tuple[tuple[str, re.Pattern], ...] = (
    ("effective_to", _labels(r"effective\s+(?:until|to|through|thru|till)", r"valid\s+(?:until|to|through|thru|till)",
                             r"in\s+force\s+until", r"expires(?:\s+on)?", r"expiry(?:\s+date)?", r"expiration(?:\s+date)?",
                             r"platnost\s+do", r"ucinnost\s+do", r"plati\s+do", r"platne\s+do", r"platny\s+do",
                             r"ucinne\s+do")),
    ("effective_from", _labels(r"effective\s+(?:from|as\s+of|date|on|since)", r"in\s+effect\s+from", r"in\s+force\s+from",
                               r"valid\s+(?:from|since)", r"applies\s+from", r"applicable\s+from",
                               r"effective" + _TO_WORDS, r"platnost\s+od", r"ucinnost\s+od", r"ucinne\s+od",
                               r"plati\s+od", r"platne\s+od", r"platny\s+od", r"platnost" + _TO_WORDS,
                               r"ucinnost" + _TO_WORDS)),
    ("adopted", _labels(r"adopted(?:\s+on)?", r"approved(?:\s+(?:on|by))?", r"ratified(?:\s+on)?",
                        r"schvaleno(?:\s+dne)?", r"prijato(?:\s+dne)?", r"schvalil[ao]?")),
    ("revised", _labels(r"last\s+revised", r"revised(?:\s+on)?", r"revision\s+date", r"last\s+updated", r"updated(?:\s+on)?",
                        r"last\s+modified", r"posledni\s+(?:aktualizace|revize|zmena)", r"revize", r"revidovano",
                        r"aktualizovano(?:\s+dne)?", r"zmeneno(?:\s+dne)?")),
    ("dated", _labels(r"date", r"dated", r"datum", r"published", r"created", r"written", r"last\s+reviewed",
                      r"reviewed", r"vytvoreno", r"vydano", r"zverejneno")),
)
# phrases that may also decide a date in the middle of a sentence ("… is effective from 1 March 2024")
_MIDLINE_LABELS: tuple[tuple[str, re.Pattern], ...] = (
    ("effective_to", _labels(r"effective\s+(?:until|through|till)", r"valid\s+(?:until|through|till)", r"in\s+force\s+until",
                             r"expires\s+on", r"platnost\s+do", r"ucinnost\s+do", r"plati\s+do")),
    ("effective_from", _labels(r"effective\s+(?:from|as\s+of|on|since)", r"in\s+effect\s+from", r"in\s+force\s+from",
                               r"valid\s+from", r"platnost\s+od", r"ucinnost\s+od", r"ucinne\s+od", r"plati\s+od",
                               r"platne\s+od")),
    ("adopted", _labels(r"adopted\s+on", r"approved\s+on", r"schvaleno\s+dne", r"prijato\s+dne")),
    ("revised", _labels(r"revised\s+on", r"updated\s+on", r"last\s+updated", r"last\s+revised", r"aktualizovano\s+dne")),
)
_NEGATED = re.compile(r"\b(?:not|never|no\s+longer|nebylo|nebyl[ao]?)\s+$")
_RANGE_JOIN = re.compile(r"^\s*(?:to|until|till|through|thru|[-–—]+|do|az)\s*$")

_STATUS_LABEL = re.compile(r"^(?:document\s+status|status|stav(?:\s+dokumentu)?)\s*[:=|\-–—]\s*(.+)$")
_AUTHORITY_LABEL = re.compile(r"^(?:authority|autorita|zavaznost)\s*[:=|\-–—]\s*(.+)$")
_VERSION_LABEL = re.compile(r"^(?:version|verze)(?:\s*[:=|\-–—]\s*|\s+)v?(\d+(?:\.\d+)*(?:-[a-z0-9]+)?)\s*(?:$|[,;(])")
_OWNER_LABEL = re.compile(r"^(?:document\s+owner|owned\s+by|owner|maintainer|vlastnik|garant|odpovedna\s+osoba)\s*[:=\-–—]\s*(.+)$")
_TITLE_LABEL = re.compile(r"^(?:title|nazev)\s*[:=]\s*(.+)$")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$")

_CONF_LABEL_LINE = 0.9   # "Effective: 2024-01-01" at the start of a line
_CONF_LABEL_MID = 0.75   # "… effective from 1 March 2024" inside a sentence
_CONF_TEXT_DATE = 0.5    # a bare date anywhere in the text (document age only)
_CONF_PATH_DATE = 0.7
_CONF_PATH_YEAR = 0.5
_CONF_MTIME = 0.2
_CONF_DEFAULT = 0.3


def _lines(body: str) -> list[tuple[str, str, str]]:
    """(original line, cleaned line, folded cleaned line) for every non-empty line."""
    out = []
    for raw in body.splitlines():
        clean = _clean_line(raw)
        if clean:
            out.append((raw, clean, _fold(clean)))
    return out


def _labelled_dates(lines: list[tuple[str, str, str]]) -> dict[str, list[tuple[date, float, str]]]:
    """Dates that follow a label, by kind: effective_from/effective_to/adopted/revised/dated."""
    out: dict[str, list[tuple[date, float, str]]] = {k: [] for k, _ in _LINE_LABELS}
    for raw, clean, folded in lines:
        dates = find_dates(clean)
        if not dates:
            continue
        used: set[int] = set()
        # a label at the start of the line decides the dates that follow it on the line
        for kind, pattern in _LINE_LABELS:
            m = pattern.match(folded)
            if not m:
                continue
            after = [d for d in dates if d[0] >= m.end()]
            if not after:
                continue
            first = after[0]
            evidence = _short(clean)
            if kind == "effective_from" and len(after) > 1 and _RANGE_JOIN.match(clean[first[1]:after[1][0]]) \
                    and after[1][2] >= first[2]:
                out["effective_from"].append((first[2], _CONF_LABEL_LINE, evidence))
                out["effective_to"].append((after[1][2], _CONF_LABEL_LINE, evidence))
            elif kind in ("revised", "dated"):
                out[kind].append((max(d[2] for d in after), _CONF_LABEL_LINE, evidence))
            else:
                out[kind].append((first[2], _CONF_LABEL_LINE, evidence))
            used.add(first[0])
            break
        # phrases inside a sentence decide the date right after them
        for kind, pattern in _MIDLINE_LABELS:
            for m in pattern.finditer(folded):
                if m.start() == 0 or _NEGATED.search(folded[:m.start()]):
                    continue
                near = [d for d in dates if m.end() <= d[0] <= m.end() + 12 and d[0] not in used]
                if near:
                    out[kind].append((near[0][2], _CONF_LABEL_MID, _short(clean)))
                    used.add(near[0][0])
    return out


# ------------------------------------------------------------------------------------------------
# front matter

_FRONT = re.compile(r"\A---[ \t]*\r?\n(.*?)(?:\r?\n)?^---[ \t]*(?:\r?\n|\Z)", re.DOTALL | re.MULTILINE)


def split_front_matter(text: str) -> tuple[Optional[dict], str]:
    """(front matter mapping or None, body). Unreadable front matter is treated as absent but
    still removed from the body."""
    text = text.lstrip("\ufeff")
    m = _FRONT.match(text)
    if not m:
        return None, text.strip("\n")
    body = text[m.end():].strip("\n")
    try:
        data = yaml.safe_load(m.group(1))
    except yaml.YAMLError:
        return None, body
    return (data if isinstance(data, dict) else None), body


_FM_KEYS = {
    "effective_from": ("effective_from", "effective", "valid_from", "platnost_od", "ucinnost_od"),
    "effective_to": ("effective_to", "valid_until", "valid_to", "expires", "platnost_do", "ucinnost_do"),
    "adopted": ("adopted", "adopted_on", "approved", "approved_on"),
    "revised": ("revised", "revised_on", "last_revised", "updated", "last_updated"),
    "dated": ("date", "created", "published", "reviewed", "last_reviewed"),
}


def _fm_value(fm: Mapping, *keys: str) -> tuple[Optional[str], Any]:
    for key in keys:
        if key in fm and fm[key] not in (None, ""):
            return key, fm[key]
    return None, None


def _fm_date(fm: Mapping, field: str) -> Optional[Inference]:
    for key in _FM_KEYS[field]:
        if key in fm:
            value = _as_date(fm[key])
            if value is not None:
                return Inference(value=value, method="front_matter", confidence=1.0, evidence=f"{key}: {fm[key]}")
    return None


def _word_lookup(text: str, table: Sequence[tuple[str, Any]], words: int = 4) -> Optional[Any]:
    """The value of the first phrase of `table` among the first `words` words of `text`."""
    folded = " " + " ".join(re.split(r"[^a-z0-9]+", _fold(text).strip())[:words]) + " "
    for phrase, value in table:
        if f" {phrase} " in folded:
            return value
    return None


# ------------------------------------------------------------------------------------------------
# path

def _norm_path(path: str) -> str:
    path = path.replace("\\", "/")
    while path.startswith("./"):
        path = path[2:]
    return path


def _path_parts(path: str) -> list[str]:
    parts = [p for p in _norm_path(path).split("/") if p and p != "."]
    if parts:
        stem = parts[-1].rsplit(".", 1)[0] if "." in parts[-1] else parts[-1]
        parts[-1] = stem
    return parts


def _tokens(text: str) -> list[str]:
    return [t for t in re.split(r"[^a-z0-9]+", _fold(text)) if t]


def _path_dates(path: str, today: date) -> list[tuple[date, float, str]]:
    out = []
    for part in _path_parts(path):
        spans = find_dates(part)
        for s, e, value in spans:
            out.append((value, _CONF_PATH_DATE, f"date in path '{part}'"))
        rest = part
        for s, e, _ in reversed(spans):
            rest = rest[:s] + " " + rest[e:]
        for token in _tokens(rest):
            if re.fullmatch(r"(19|20)\d\d", token):
                # a bare year says "some time that year": take its last day, capped at today
                value = min(date(int(token), 12, 31), today)
                out.append((value, _CONF_PATH_YEAR, f"year {token} in path '{part}'"))
    return out


def _slug(text: str) -> str:
    words = [t for t in _tokens(text) if t not in _NOISE and not re.fullmatch(r"v\d+|(19|20)\d\d|\d{1,2}", t)]
    return "_".join(words)


def _title_from_path(path: str) -> str:
    stem = _path_parts(path)[-1] if _path_parts(path) else path
    for s, e, _ in reversed(find_dates(stem)):
        stem = stem[:s] + stem[e:]
    words = [w for w in re.split(r"[-_\s]+", stem) if w]
    text = " ".join(words).strip() or stem.strip() or _norm_path(path).strip() or "Untitled document"
    return text[:1].upper() + text[1:]


# ------------------------------------------------------------------------------------------------
# the inferences

def _stated(fm: Optional[Mapping], field: str, lines, label: re.Pattern, table, *,
            normalize: Callable[[str], str] = str) -> Optional[Inference]:
    """A value of `table` stated in the front matter (`field: …`) or on a label line such as
    "Status: …" (`label`); None when neither states one."""
    if fm:
        key, raw = _fm_value(fm, field)
        if key:
            value = _word_lookup(normalize(str(raw)), table)
            if value:
                return Inference(value=value, method="front_matter", confidence=1.0, evidence=f"{field}: {raw}")
    for raw, clean, folded in lines:
        m = label.match(folded)
        if m:
            value = _word_lookup(m.group(1), table)
            if value:
                return Inference(value=value, method="text", confidence=0.95, evidence=_short(clean))
    return None


# Status statements in the text, strongest first: retracted > superseded > draft.
_STATUS_STATEMENTS: list[tuple[StatusValue, float, re.Pattern]] = [
    ("retracted", 0.8, re.compile(r"^(?:retracted|withdrawn|zruseno|stazeno)\s*(?:[:!—–-]|$)|"
                                  r"^this(?:\s+\w+)?\s+(?:has\s+been|was|is)(?:\s+now)?\s+(?:retracted|withdrawn)\b|"
                                  r"^(?:tento|tato|toto)(?:\s+\w+)?\s+(?:byl[ao]?\s+|je\s+)?(?:zrusen|stazen)[aoy]?\b")),
    ("superseded", 0.8, re.compile(r"^(?:superseded|replaced|nahrazen[oa]?)\s+(?:by|dokumentem|timto)\b|"
                                   r"^(?:deprecated|superseded|obsolete|zastarale|zastaraly|nahrazeno)\s*(?:[:!—–-]|$)|"
                                   r"^this(?:\s+\w+)?\s+(?:has\s+been|was|is)(?:\s+now)?\s+(?:superseded|replaced|deprecated)\b|"
                                   r"[(\[]\s*(?:deprecated|superseded|obsolete|archived|zastarale)\s*[)\]]")),
    ("draft", 0.8, re.compile(r"^(?:draft|navrh|koncept|wip|work\s+in\s+progress)\s*(?:[:!—–-]|$)|"
                              r"[(\[]\s*(?:draft|navrh|koncept|wip)\s*[)\]]")),
    ("draft", 0.7, re.compile(r"^(?:proposal|proposed)\b(?!\s+(?:by|on)\b)|^rfc\b")),
]
# Upper-case banners near the top ("DRAFT", "DEPRECATED").
_STATUS_BANNERS = {
    "retracted": re.compile(r"\b(?:RETRACTED|WITHDRAWN|ZRUSENO|STAZENO)\b"),
    "superseded": re.compile(r"\b(?:SUPERSEDED|DEPRECATED|OBSOLETE|ZASTARALE)\b"),
    "draft": re.compile(r"\b(?:DRAFT|NAVRH|KONCEPT)\b"),
}


def _infer_status(fm: Optional[Mapping], lines, path_tokens: list[tuple[str, str]]) -> Inference:
    stated = _stated(fm, "status", lines, _STATUS_LABEL, _STATUS_WORDS)  # front matter, or a "Status: …" line
    if stated is not None:
        return stated
    head = lines[:15]
    for value, confidence, pattern in _STATUS_STATEMENTS:
        for raw, clean, folded in lines:
            is_heading = bool(_HEADING.match(raw))
            if pattern.search(folded) and (is_heading or pattern.match(folded)):
                return Inference(value=value, method="text", confidence=confidence, evidence=_short(clean))
        if value in _STATUS_BANNERS and confidence == 0.8:
            for raw, clean, folded in head:
                if _STATUS_BANNERS[value].search(_unaccent(clean)):
                    return Inference(value=value, method="text", confidence=0.8, evidence=_short(clean))
        # a draft heading like "# Draft churn playbook" or "# Návrh: …"
        if value == "draft" and confidence == 0.8:
            for raw, clean, folded in lines:
                if _HEADING.match(raw) and re.match(r"(?:draft|navrh|koncept)\b", folded):
                    return Inference(value=value, method="text", confidence=0.8, evidence=_short(clean))
    # folder and filename markers
    for tokens, value, confidence in _PATH_STATUS:
        for token, part in path_tokens:
            if token in tokens:
                return Inference(value=value, method="path", confidence=confidence, evidence=f"'{token}' in path part '{part}'")
    return Inference(value="current", method="default", confidence=_CONF_DEFAULT,
                     evidence="no status marker found; assumed current")


def _infer_authority(fm, lines, path_tokens, status: Inference, adopted: Inference) -> Inference:
    stated = _stated(fm, "authority", lines, _AUTHORITY_LABEL, _AUTHORITY_WORDS,
                     normalize=lambda raw: raw.replace("_", " ").replace("-", " "))
    if stated is not None:
        return stated
    for raw, clean, folded in lines:
        for phrase in _UNTRUSTED_PHRASES:
            if re.search(rf"\b{phrase}\b", folded):
                return Inference(value="untrusted", method="text", confidence=0.7, evidence=_short(clean))
    if status.value == "draft" and status.method != "default":
        return Inference(value="non_authoritative", method=status.method, confidence=min(status.confidence, 0.8),
                         evidence=f"a draft is not authoritative (status from: {status.evidence})")
    for token, part in path_tokens:
        if token in _PATH_UNTRUSTED:
            return Inference(value="untrusted", method="path", confidence=0.5, evidence=f"'{token}' in path part '{part}'")
    if adopted.value is not None and status.value in ("current", "superseded"):
        return Inference(value="authoritative", method=adopted.method, confidence=0.6,
                         evidence=f"formally adopted/approved: {adopted.evidence}")
    for token, part in path_tokens:
        if token in _PATH_AUTHORITATIVE:
            return Inference(value="authoritative", method="path", confidence=0.5, evidence=f"'{token}' in path part '{part}'")
    return Inference(value="non_authoritative", method="default", confidence=_CONF_DEFAULT,
                     evidence="no authority marker found; conservative default")


def _pick(fm_inf: Optional[Inference], found: list[tuple[date, float, str]], *, newest: bool = False) -> Inference:
    if fm_inf is not None:
        return fm_inf
    if not found:
        return _none()
    best_conf = max(c for _, c, _ in found)
    candidates = [f for f in found if f[1] == best_conf]
    day, confidence, evidence = max(candidates, key=lambda f: f[0]) if newest else candidates[0]
    return Inference(value=day, method="text", confidence=confidence, evidence=evidence)


def _document_date(fm, body: str, labelled: dict, path: str, today: date,
                   file_mtime: Optional[datetime]) -> Inference:
    candidates: list[tuple[date, str, float, str]] = []
    if fm:
        for field, keys in _FM_KEYS.items():
            for key in keys:
                value = _as_date(fm.get(key))
                if value is not None:
                    candidates.append((value, "front_matter", 1.0, f"{key}: {fm[key]} (front matter)"))
    for kind, found in labelled.items():
        for day, confidence, evidence in found:
            candidates.append((day, "text", min(confidence, 0.85), evidence))
    newest_bare: Optional[tuple[date, str]] = None  # only the newest past bare date can matter
    for line in body.splitlines():
        for _, _, day in find_dates(line):
            if day <= today and (newest_bare is None or day > newest_bare[0]):
                newest_bare = (day, line)
    if newest_bare is not None:
        candidates.append((newest_bare[0], "text", _CONF_TEXT_DATE, f"date in text: {_short(newest_bare[1].strip(), 70)}"))
    for day, confidence, evidence in _path_dates(path, today):
        candidates.append((day, "path", confidence, evidence))
    # a bare year in the path stands for its last day; a full date of that same year is better evidence
    full_years = {c[0].year for c in candidates if not c[3].startswith("year ")}
    candidates = [c for c in candidates if not (c[3].startswith("year ") and c[0].year in full_years)]
    past = [c for c in candidates if c[0] <= today]
    if past:
        newest = max(c[0] for c in past)
        day, method, confidence, evidence = max((c for c in past if c[0] == newest), key=lambda c: c[2])
        return Inference(value=day, method=method, confidence=confidence, evidence=evidence)
    if file_mtime is not None:
        day = file_mtime.date()
        return Inference(value=day, method="file_mtime", confidence=_CONF_MTIME,
                         evidence=f"file modified {file_mtime.isoformat(timespec='seconds')} (no date in the document)")
    if candidates:
        return _none("only future dates found (not evidence of age)")
    return _none("no date in front matter, text or path, and no file time")


def _years_before(today: date, years: int) -> date:
    try:
        return today.replace(year=today.year - years)
    except ValueError:  # 29 February
        return today.replace(year=today.year - years, day=28)


def _age_and_legacy(document_date: Inference, today: date, legacy_years: int) -> tuple[Inference, Inference]:
    if document_date.value is None:
        return _none("no document date"), _none("no document date to judge age by")
    day = document_date.value
    age = round((today - day).days / 365.25, 1)
    age_inf = Inference(value=age, method=document_date.method, confidence=document_date.confidence,
                        evidence=f"{today.isoformat()} − {day.isoformat()}")
    cutoff = _years_before(today, legacy_years)
    legacy = day < cutoff
    relation = "older than" if legacy else "within"
    legacy_inf = Inference(
        value=legacy, method=document_date.method, confidence=min(document_date.confidence, 0.6),
        evidence=f"newest date {day.isoformat()} is {relation} {legacy_years} years"
                 + (" → proposed as legacy for review" if legacy else ""))
    return age_inf, legacy_inf


def _infer_title(fm, lines, path: str) -> Inference:
    if fm:
        key, raw = _fm_value(fm, "title")
        if key and str(raw).strip():
            return Inference(value=str(raw).strip(), method="front_matter", confidence=1.0, evidence=f"title: {raw}")
    for raw, clean, folded in lines:
        m = _HEADING.match(raw)
        if m:
            title = _clean_line(m.group(1))
            if title:
                return Inference(value=title, method="text", confidence=0.9, evidence=_short(raw.strip()))
    for raw, clean, folded in lines:
        m = _TITLE_LABEL.match(folded)
        if m:
            title = clean[m.start(1):].strip()
            if title:
                return Inference(value=title, method="text", confidence=0.9, evidence=_short(clean))
    title = _title_from_path(path)
    return Inference(value=title, method="path", confidence=0.5, evidence=f"from file name '{(_path_parts(path) or [path])[-1]}'")


def _infer_version(fm, lines, path_tokens, title: Inference) -> Inference:
    if fm:
        key, raw = _fm_value(fm, "version")
        if key:
            return Inference(value=str(raw), method="front_matter", confidence=1.0, evidence=f"version: {raw}")
    for raw, clean, folded in lines:
        m = _VERSION_LABEL.match(folded)
        if m:
            return Inference(value=m.group(1), method="text", confidence=0.9, evidence=_short(clean))
    if title.method in ("text", "front_matter"):
        for token in _tokens(title.value or ""):
            if re.fullmatch(r"v\d+", token):
                return Inference(value=token[1:], method="text", confidence=0.7, evidence=f"'{token}' in title")
    for token, part in path_tokens:
        if re.fullmatch(r"v\d+", token):
            return Inference(value=token[1:], method="path", confidence=0.6, evidence=f"'{token}' in path part '{part}'")
    return _none()


def _infer_owner(fm, lines) -> Inference:
    if fm:
        key, raw = _fm_value(fm, "owner")
        if key:
            return Inference(value=str(raw), method="front_matter", confidence=1.0, evidence=f"owner: {raw}")
    for raw, clean, folded in lines:
        m = _OWNER_LABEL.match(folded)
        if m:
            owner = clean[m.start(1):].strip()
            if owner:
                return Inference(value=owner, method="text", confidence=0.9, evidence=_short(clean))
    return _none()


def _kind(title: Inference, path_tokens) -> tuple[str, Optional[Inference]]:
    """policy / wiki / note from words in the title, then the path; ('document', None) when none."""
    title_tokens = _tokens(title.value or "")
    for words, kind in _KIND_WORDS:
        for token in title_tokens:
            if token in words:
                return kind, Inference(value=kind, method=title.method, confidence=0.6,
                                       evidence=f"'{token}' in title")
    for words, kind in _KIND_WORDS:
        for token, part in path_tokens:
            if token in words:
                return kind, Inference(value=kind, method="path", confidence=0.5, evidence=f"'{token}' in path part '{part}'")
    return "document", None


def _infer_entity_type(fm, title: Inference, status: Inference, path_tokens) -> Inference:
    if fm:
        key, raw = _fm_value(fm, "entity_type")
        if key and raw in ("wiki", "policy", "draft", "document", "note"):
            return Inference(value=raw, method="front_matter", confidence=1.0, evidence=f"entity_type: {raw}")
    if status.value == "draft" and status.method != "default":
        return Inference(value="draft", method=status.method, confidence=min(status.confidence, 0.8),
                         evidence=f"status draft ({status.evidence})")
    kind, inference = _kind(title, path_tokens)
    if inference is not None:
        return inference
    return Inference(value="document", method="default", confidence=_CONF_DEFAULT,
                     evidence="no policy/wiki/note marker in title or path")


def _infer_entity_id(fm, title: Inference, path: str, path_tokens) -> Inference:
    if fm:
        key, raw = _fm_value(fm, "entity_id")
        if key:
            return Inference(value=str(raw), method="front_matter", confidence=1.0, evidence=f"entity_id: {raw}")
    kind, _ = _kind(title, path_tokens)
    prefix = _ENTITY_PREFIX.get(kind, "doc")
    slug = _slug(title.value or "")
    method = title.method
    evidence = f"slug of title '{_short(title.value or '', 60)}'"
    if not slug:
        parts = _path_parts(path)
        slug = _slug(parts[-1] if parts else path) or "_".join(_tokens(parts[-1] if parts else path)) or "document"
        method, evidence = "path", f"slug of file name '{parts[-1] if parts else path}'"
    return Inference(value=f"{prefix}.{slug}", method=method, confidence=0.5, evidence=evidence)


def _infer_evidence_id(fm, path: str) -> Inference:
    if fm:
        key, raw = _fm_value(fm, "evidence_id")
        if key:
            return Inference(value=str(raw), method="front_matter", confidence=1.0, evidence=f"evidence_id: {raw}")
    parts = _path_parts(path) or ["document"]
    slug = ".".join("_".join(_tokens(p)).upper() or "X" for p in parts)
    return Inference(value=f"DOC.{slug}", method="path", confidence=1.0, evidence=f"slug of path '{_norm_path(path)}'")


def classify_document(
    path: str,
    text: str,
    *,
    file_mtime: datetime | None,
    today: date,
    legacy_years: int = DEFAULT_LEGACY_YEARS,
    front_matter: dict | None = None,
) -> Classification:
    """Infer a narrative document's governance fields, each with method, confidence and evidence.

    `path` should be relative to the folder being imported (markers and ids are read from it).
    `front_matter`, when given, is used instead of parsing the text's own front matter block (the
    block is removed from the body either way). Dates after `today` are not evidence of age.
    """
    if legacy_years < 0:
        raise ValueError("legacy_years must be zero or more")
    path = _norm_path(path)
    parsed, body = split_front_matter(text)
    fm = front_matter if front_matter is not None else parsed
    lines = _lines(body)
    path_tokens = [(token, part) for part in _path_parts(path) for token in _tokens(part)]

    labelled = _labelled_dates(lines)
    status = _infer_status(fm, lines, path_tokens)
    adopted = _pick(_fm_date(fm, "adopted") if fm else None, labelled["adopted"])
    authority = _infer_authority(fm, lines, path_tokens, status, adopted)
    effective_from = _pick(_fm_date(fm, "effective_from") if fm else None, labelled["effective_from"])
    effective_to = _pick(_fm_date(fm, "effective_to") if fm else None, labelled["effective_to"])
    revised = _pick(_fm_date(fm, "revised") if fm else None, labelled["revised"], newest=True)
    document_date = _document_date(fm, body, labelled, path, today, file_mtime)
    age_years, legacy = _age_and_legacy(document_date, today, legacy_years)
    title = _infer_title(fm, lines, path)
    return _with_problems(Classification(
        path=path, today=today, legacy_years=legacy_years,
        status=status, authority=authority,
        effective_from=effective_from, effective_to=effective_to, adopted=adopted, revised=revised,
        document_date=document_date, age_years=age_years, legacy=legacy,
        title=title,
        version=_infer_version(fm, lines, path_tokens, title),
        owner=_infer_owner(fm, lines),
        entity_type=_infer_entity_type(fm, title, status, path_tokens),
        entity_id=_infer_entity_id(fm, title, path, path_tokens),
        evidence_id=_infer_evidence_id(fm, path),
        body=body,
    ))


def _problems(c: Classification) -> tuple[str, ...]:
    out = []
    start, end = c.effective_from.value, c.effective_to.value
    if start is not None and end is not None and start > end:
        out.append(f"effective_to {end.isoformat()} is before effective_from {start.isoformat()}: "
                   "the import will quarantine this document unless one of them is overridden")
    return tuple(out)


def _with_problems(c: Classification) -> Classification:
    problems = _problems(c)
    return c if problems == c.problems else c.model_copy(update={"problems": problems})


# ------------------------------------------------------------------------------------------------
# overrides

_DATE_FIELDS = frozenset({"effective_from", "effective_to", "adopted", "revised", "document_date"})
_TEXT_FIELDS = frozenset({"title", "version", "owner", "entity_id", "evidence_id"})
RECORD_ONLY_FIELDS = frozenset({"permissions"})
OVERRIDABLE_FIELDS = frozenset({"status", "authority", "entity_type", "legacy", *_DATE_FIELDS, *_TEXT_FIELDS,
                                *RECORD_ONLY_FIELDS})
_CHOICES = {
    "status": ("draft", "current", "superseded", "retracted"),
    "authority": ("authoritative", "non_authoritative", "untrusted"),
    "entity_type": ("wiki", "policy", "draft", "document", "note"),
}


class Override(_Frozen):
    """An operator's decision about one field of one document; it wins over every inference."""

    path: str = Field(min_length=1)
    field: str
    value: Any = None
    by: str = Field(min_length=1)
    reason: str = Field(min_length=1)
    at: Optional[datetime] = None

    @field_validator("path")
    @classmethod
    def _path(cls, value: str) -> str:
        return _norm_path(value)

    @model_validator(mode="after")
    def _typed_value(self) -> "Override":
        field, value = self.field, self.value
        if field not in OVERRIDABLE_FIELDS:
            raise ValueError(f"field '{field}' cannot be overridden (one of: {', '.join(sorted(OVERRIDABLE_FIELDS))})")
        if field in _CHOICES:
            if value not in _CHOICES[field]:
                raise ValueError(f"{field} must be one of {', '.join(_CHOICES[field])}, not {value!r}")
        elif field in _DATE_FIELDS:
            if value is not None:
                if isinstance(value, datetime) or not isinstance(value, (date, str)):
                    raise ValueError(f"{field} must be an ISO date (YYYY-MM-DD) or null, not {value!r}")
                if isinstance(value, str):
                    try:
                        value = date.fromisoformat(value)
                    except ValueError:
                        raise ValueError(f"{field} must be an ISO date (YYYY-MM-DD) or null, not {value!r}") from None
        elif field == "legacy":
            if not isinstance(value, bool):
                raise ValueError(f"legacy must be true or false, not {value!r}")
        elif field == "permissions":
            if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) and v for v in value):
                raise ValueError("permissions must be a list of role names")
            value = tuple(value)
        else:
            if field in ("title", "entity_id", "evidence_id") and not (isinstance(value, str) and value.strip()):
                raise ValueError(f"{field} must be a non-empty string")
            if value is not None and not isinstance(value, str):
                value = str(value)
        object.__setattr__(self, "value", value)
        return self


def _overrides_for(path: str, overrides: Iterable[Override]) -> list[Override]:
    path = _norm_path(path)
    return [o for o in overrides if o.path == path]


def apply_overrides(classification: Classification, overrides: Iterable[Override]) -> Classification:
    """The classification with every override for its path applied (later overrides win).

    Fields derived from an overridden one are re-derived unless themselves overridden or stated
    in front matter: entity_type from status/title, entity_id from title, age and legacy from
    document_date.
    """
    mine = [o for o in _overrides_for(classification.path, overrides) if o.field not in RECORD_ONLY_FIELDS]
    if not mine:
        return classification
    changes: dict[str, Inference] = {}
    for o in mine:
        changes[o.field] = Inference(value=o.value, method="override", confidence=1.0,
                                     evidence=_short(f"set by {o.by}: {o.reason}", 120))
    c = classification.model_copy(update=changes)
    fixed = set(changes)
    path_tokens = [(token, part) for part in _path_parts(c.path) for token in _tokens(part)]
    update: dict[str, Inference] = {}
    if {"status", "title"} & fixed and "entity_type" not in fixed and c.entity_type.method != "front_matter":
        update["entity_type"] = _infer_entity_type(None, c.title, c.status, path_tokens)
    if "title" in fixed and "entity_id" not in fixed and c.entity_id.method != "front_matter":
        update["entity_id"] = _infer_entity_id(None, c.title, c.path, path_tokens)
    if "document_date" in fixed:
        age, legacy = _age_and_legacy(c.document_date, c.today, c.legacy_years)
        update["age_years"] = age
        if "legacy" not in fixed:
            update["legacy"] = legacy
    return _with_problems(c.model_copy(update=update) if update else c)


def to_record_fields(
    classification: Classification,
    overrides: Iterable[Override] = (),
    defaults: Optional[Mapping[str, Any]] = None,
) -> dict:
    """The contract fields (contract.md §1) of one evidence record for a previewed document.

    `defaults` gives `permissions` (a list of roles; absent → [] so nobody may retrieve it until
    someone grants access) and `owner` (used when the document names none). An override of
    `permissions` wins over the default. Dates are ISO strings; the body has no front matter.
    """
    overrides = list(overrides)
    defaults = dict(defaults or {})
    c = apply_overrides(classification, overrides)
    permissions: Sequence[str] = defaults.get("permissions") or ()
    for o in _overrides_for(c.path, overrides):
        if o.field == "permissions":
            permissions = o.value
    if isinstance(permissions, str):
        raise ValueError("defaults['permissions'] must be a list of role names, not a single string")

    def iso(inference: Inference) -> Optional[str]:
        return inference.value.isoformat() if inference.value is not None else None

    return {
        "evidence_id": c.evidence_id.value,
        "entity_id": c.entity_id.value,
        "entity_type": c.entity_type.value or "document",
        "title": c.title.value,
        "version": c.version.value,
        "status": c.status.value or "current",
        "authority": c.authority.value or "non_authoritative",
        "owner": c.owner.value if c.owner.value is not None else defaults.get("owner"),
        "effective_from": iso(c.effective_from),
        "effective_to": iso(c.effective_to),
        "permissions": list(permissions),
        "artifact_id": c.path,
        "body": c.body,
    }


# ------------------------------------------------------------------------------------------------
# rendering

def _show(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, date):
        return value.isoformat()
    return str(value)


def render_preview(classifications: Iterable[Classification]) -> str:
    """One readable table per document: field, value, method, confidence, evidence."""
    items = list(classifications)
    blocks: list[str] = []
    header = ("field", "value", "method", "confidence", "evidence")
    for c in items:
        rows = [(name, _show(inf.value), inf.method, f"{inf.confidence:.2f}", _short(inf.evidence, 80))
                for name, inf in c.inferences().items()]
        rows = [(n, _short(v, 48), m, k, e) for n, v, m, k, e in rows]
        widths = [max(len(r[i]) for r in [header, *rows]) for i in range(4)]
        title = c.path + ("   [proposed as legacy for review]" if c.legacy.value else "")
        lines = [title, "  " + "  ".join(h.ljust(w) for h, w in zip(header[:4], widths)) + "  " + header[4]]
        for row in rows:
            lines.append("  " + "  ".join(cell.ljust(w) for cell, w in zip(row[:4], widths)) + "  " + row[4])
        lines += [f"  ! {problem}" for problem in c.problems]
        blocks.append("\n".join(line.rstrip() for line in lines))
    legacy = [c.path for c in items if c.legacy.value]
    if items:
        years = sorted({c.legacy_years for c in items})
        as_of = sorted({c.today for c in items})
        blocks.append(
            f"{len(items)} document{'s' if len(items) != 1 else ''}; {len(legacy)} proposed as legacy "
            f"(newest date older than {'/'.join(map(str, years))} years as of {', '.join(d.isoformat() for d in as_of)})")
    else:
        blocks.append("no documents")
    return "\n\n".join(blocks) + "\n"
