"""Checks on an answer worded by a model (never on the templated one): see check_worded_answer.

Pure: the bundle is all these checks see (no catalog, no model). A model may only reword what the
resolver decided, so its text is held to what the bundle can vouch for:

* every identifier it names is an evidence id of this bundle, written exactly (no other case, no
  id of a record outside the evidence, bracketed or not);
* every sentence that claims something cites evidence (questions back to the user and bare
  headings claim nothing);
* a version it names is the version of the evidence it cites for that entity, and a date it names
  is one the bundle knows (reporting date, period, effective bounds, the question's own dates);
* no refusal or apology (the deterministic path words refusals itself) and no echo of injected
  instructions;
* drafts and conflicts are cited and said to be not approved / not in effect, never presented as
  approved; a split cites every primary and names the boundary dates.

Every rule is one Check; the validator turns the bundle into `abstain` if any fails. Details never
quote an identifier that is not in the evidence (it may name a record the requester may not see).
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, timedelta
from types import MappingProxyType
from typing import Optional

from resolver.bundle import Behavior, Bundle, Check, EvidenceRef
from resolver.intents import is_injection
from resolver.text import fold, words

_CITATION = re.compile(r"\[([^\[\]\s]+)\]")  # as resolver.validate reads citations
_QUOTE = re.compile(r"\"[^\"\n]*\"|“[^”\n]*”|„[^“”\n]*[“”]|«[^»\n]*»")
_ABBREVIATION = re.compile(r"\b(?:e\.g|i\.e|vs|etc|cf|approx|incl|excl|např|tj|resp|atd|tzv|mj)\.", re.IGNORECASE)
_END = re.compile(r"[.!?][\"”“»)]*(?:\s*\[[^\[\]\s]+\])*[.!?]?[\"”“»)]*(?=\s|$)|\n")
# "It proposes: "..."." -- a quotation attributed to the record the sentence before cites.
_ATTRIBUTION = re.compile(r"^(?:it|this|that|the (?:draft|proposal|record|definition|document|body|text))\s+"
                          r"(?:\w+\s+){0,2}(?:says|states|reads|proposes|proposed|adds|continues|notes)\s*:?\s*$")
# Something written like an evidence id: an upper-case lead segment and at least one more (FINANCE.BOARD.PLAN).
_ID_LIKE = re.compile(r"(?<![\w.\[/#:-])([A-Z][A-Z0-9_]+(?:\.[A-Za-z0-9_-]*[A-Za-z0-9_])+)")
# Any dotted identifier (ids, dbt/OpenLineage node ids): blanked before versions and dates are read.
_DOTTED = re.compile(r"[\w:/#-]+(?:\.[\w:/#-]+)+")
_VERSION = re.compile(r"\b(?:v|version\s+|verze\s+|verzi\s+|verzich\s+)(\d+(?:\.\d+)*[a-z0-9-]*)\b")
_LINK = re.compile(r"https?://|\bwww\.|!\[[^\]]*\]\(|\]\([^)\s]+\)|<a\s|<img\s|\bdata:[a-z]+/", re.IGNORECASE)
_ISO_DATE = re.compile(r"(?<![\d-])(\d{4}-\d{2}-\d{2})(?![\d-])")

_REFUSAL = [
    r"\bi\s+(?:cannot|can\s?not|can't|won't|will not|am unable|'m unable|am not able|'m not able)\b",
    r"\bi\s+(?:am|'m)\s+(?:sorry|afraid)\b",
    r"\bi\s+apologi[sz]e\b",
    r"\b(?:my )?apologies\b",
    r"\bsorry,?\s+(?:but\s+)?i\b",
    r"\bas an? (?:ai|artificial intelligence|assistant|language model|large language model|llm)\b",
    r"\bas a (?:large )?language model\b",
    r"\bunable to (?:help|assist|comply|answer|provide)\b",
    r"\b(?:cannot|can't) (?:help|assist) (?:you|with)\b",
    # Czech, accents folded
    r"\bnemohu\b", r"\bnemuzu\b", r"\bomlouvam se\b", r"\bjako (?:ai|umela inteligence|jazykovy model)\b",
]
_ECHO = [
    r"\bignore\s+(?:all\s+|any\s+)?(?:the\s+)?(?:previous|prior|above|earlier|preceding|system|your|other)\b",
    r"\bignore all\b",
    r"\bdisregard\s+(?:all|any|the|previous|prior|your|above)\b",
    r"\bsystem\s+(?:prompt|instructions?|message|rules)\b",
    r"\byou are now\b", r"\bfrom now on,? you\b", r"\bdeveloper mode\b", r"\bjailbreak\w*\b", r"\bdan mode\b",
    r"\bnew instructions?\b", r"\b(?:as|per) (?:the )?instruct(?:ed|ions?) (?:in|by|from) (?:the )?(?:note|document|record|text)\b",
    r"\btreat (?:this|the) (?:note|document|record|text) as\b",
    r"\breveal (?:the |all )?(?:confidential|restricted|secret|hidden)\b",
    r"<\|?(?:system|im_start|im_end|endoftext)\|?>", r"\[/?inst\]", r"^\s*(?:system|assistant|user)\s*:",
    # Czech, accents folded
    r"\bignoruj\w*\b", r"\bsystemov\w* (?:pokyn|instrukc|prompt)\w*\b", r"\bnyni jsi\b",
]
# A sentence that asks the user to choose or say something (a question back, not a claim).
_REQUEST = re.compile(
    r"\b(?:say|tell (?:me|us|canon)|let (?:me|us|canon) know|specify|choose|pick|confirm|clarify|decide|indicate)\b"
    r"[^.?!]*\b(?:which|whether|what|one|if)\b"
    r"|\b(?:upresn\w*|zvolte|zvol|vyberte|vyber|rekn\w*|napis\w*|urcete)\b"
)
# Words that say a record is not approved / not in effect (checked near a draft's citation): STRONG
# ones say so outright, the others call it a draft or proposal.
_STRONG_NOT_APPROVED = (
    r"\bnot\s+(?:yet\s+|been\s+|be\s+)*(?:approved|adopted|in effect|effective|in force|valid|binding|final|"
    r"authoritative|official|governed|used|applied|applicable|current)\b"
    r"|\b(?:isn't|aren't|wasn't|hasn't been|has not been)\s+(?:yet\s+)?(?:approved|adopted|in effect|effective)\b"
    r"|\bunapproved\b|\bpending (?:approval|review)\b|\bdoes not (?:apply|change|affect)\b|\bdoesn't (?:apply|change|affect)\b"
    r"|\bneschvalen\w*\b|\bneni (?:schvalen|platn|ucinn|v platnosti)\w*\b|\bneplat\w*\b|\bnevstoupil\w*\b"
)
_STRONG = re.compile(_STRONG_NOT_APPROVED)
_NOT_APPROVED = re.compile(
    _STRONG_NOT_APPROVED + r"|\bpending\b|\bdrafts?\b|\bproposals?\b|\bproposed\b|\bproposes\b"
    r"|\bnavrh\w*\b|\bkoncept\w*\b"
)
# ... and words that present it as approved or in effect (never allowed in a clause about a draft).
_APPROVED = re.compile(
    r"(?<!\bnot )(?<!n't )(?<!never )\b(?:is|are|was|were|has been|have been|had been|now|already|became|becomes|got|been)\s+"
    r"(?:now\s+|officially\s+|fully\s+|formally\s+)?(?:approved|adopted|in effect|effective|in force|binding|official|"
    r"authoritative|current|final|valid|the governing)\b"
    r"|\bapproved (?:definition|version|proposal|draft|change|rule)\b|\bofficially\b|\bnow (?:applies|includes|excludes)\b"
    r"|\b(?:it|this|which|that|the (?:draft|proposal)) (?:applies|takes precedence|supersedes|replaces|overrides)\b"
    r"|\b(?:je|byl[aoy]?) (?:schvalen|platn|ucinn)\w*\b|\bschvaleny\b|\buz plati\b"
)
_CLAUSE = re.compile(r"[,;:()]|\s(?:but|while|whereas|although|though|however|and|which|ale|zatimco|avsak)\s")
_GENERIC = {
    "metric", "metrics", "model", "models", "schema", "definition", "definitions", "source", "sources", "the", "of",
    "and", "for", "to", "a", "an", "in", "on", "at", "by", "is", "it", "its", "this", "that", "version", "verze",
    "draft", "proposal", "page", "doc", "document", "wiki", "note", "lineage", "with", "from", "applies", "apply",
    "record", "records", "table", "dbt", "fct", "stg", "dim", "raw", "analytics", "staging", "v",
}
_DEFINITION_INTENTS = {"definition_at", "definition_current", "definition_includes"}


@dataclass(frozen=True)
class Sentence:
    text: str
    start: int
    end: int
    cites: tuple[str, ...]


def _masked(text: str) -> str:
    """The text with what may not end a sentence blanked (same offsets): sentence ends inside a
    quotation (but its last one, so a sentence after the quotation stands on its own) and the dots
    of abbreviations."""
    chars = list(text)
    for m in _QUOTE.finditer(text):
        inner_end = m.end() - 1
        last = inner_end - 1 if chars[inner_end - 1] in ".!?" else inner_end
        for i in range(m.start() + 1, last):
            if chars[i] in ".!?":
                chars[i] = " "
    for m in _ABBREVIATION.finditer(text):
        chars[m.end() - 1] = " "
    return "".join(chars)


def sentences(text: str) -> list[Sentence]:
    """Sentences and list items, a quotation staying inside the sentence that quotes it. A sentence
    that only attributes a quotation to "it" ("It proposes: "..."") cites what the one before cites."""
    out: list[Sentence] = []
    start = 0
    for m in list(_END.finditer(_masked(text))) + [None]:
        end = len(text) if m is None else (m.start() if m.group(0) == "\n" else m.end())
        piece = text[start:end]
        if piece.strip():
            lead = len(piece) - len(piece.lstrip())
            cites = tuple(_CITATION.findall(piece))
            if not cites and out and _attributes_quote(piece):
                cites = out[-1].cites
            out.append(Sentence(piece.strip(), start + lead, end, cites))
        start = len(text) if m is None else m.end()
    return out


def _attributes_quote(piece: str) -> bool:
    quotes = list(_QUOTE.finditer(piece))
    if len(quotes) != 1:
        return False
    before, after = piece[: quotes[0].start()], piece[quotes[0].end():]
    return bool(_ATTRIBUTION.match(fold(before.strip()))) and not re.search(r"\w", after)


def _bare(sentence: str) -> str:
    """A sentence without list markers, markdown emphasis and citations."""
    s = re.sub(r"^\s*(?:[-*•>]+|\d+[.)]|#+)\s*", "", sentence)
    s = _CITATION.sub(" ", s).replace("|", " ")  # table cells read as words
    return " ".join(s.replace("**", "").replace("__", "").split())


def _is_heading(sentence: str) -> bool:
    """A bare heading ("Answer:", "## Sources", "**Summary**"): short, no digits, no citation needed."""
    bare = _bare(sentence)
    if re.search(r"\d", bare):
        return False
    n_words = len(bare.split())
    if sentence.lstrip().startswith("#") or bare.endswith(":"):
        return n_words <= 8
    if re.fullmatch(r"\s*(?:\*\*|__)[^*_]+(?:\*\*|__)\s*:?\s*", sentence):
        return True
    is_item = re.match(r"\s*(?:[-*•]|\d+[.)])\s", sentence) is not None
    return not is_item and n_words <= 4 and not re.search(r"[.!?]$", bare)


def _is_request(sentence: str) -> bool:
    """A question or a request back to the user, stating no date, number or version."""
    bare = _bare(sentence)
    if re.search(r"\d", bare):
        return False
    return bare.rstrip("\"”)» ").endswith("?") or bool(_REQUEST.search(fold(bare)))


def makes_claim(sentence: str) -> bool:
    bare = _bare(sentence)
    if not re.search(r"\w", bare) or re.fullmatch(r"(?:yes|no|ano|ne)[.!,]?", fold(bare)):
        return False  # a bare yes/no leads into the cited sentences that say it
    return not (_is_heading(sentence) or _is_request(sentence))


# -- individual rules ---------------------------------------------------------------------------


def _check(rule: str, problems: list[str], ok: str) -> Check:
    return Check(rule=rule, passed=not problems, detail=ok if not problems else "; ".join(problems))


def _ids_known(text: str, evidence_ids: set[str], entity_ids: set[str] = frozenset()) -> Check:
    folded_ids = {i.casefold(): i for i in evidence_ids}
    unknown = 0
    wrong_case: set[str] = set()
    named = set(_CITATION.findall(text)) | set(_ID_LIKE.findall(_CITATION.sub(" ", text)))
    # a known id written in another case, anywhere (bracketed or not, any leading case); an entity id
    # of the evidence is itself ("lineage.monetization" beside the record LINEAGE.MONETIZATION)
    for token in set(_DOTTED.findall(text)):
        token = token.strip(".-:/#")
        if token not in evidence_ids and token not in entity_ids and token.casefold() in folded_ids:
            wrong_case.add(folded_ids[token.casefold()])
    for token in named:
        if token in evidence_ids:
            continue
        if token.casefold() in folded_ids:
            wrong_case.add(folded_ids[token.casefold()])
        else:
            unknown += 1
    problems = []
    if unknown:
        problems.append(f"the text names {unknown} identifier(s) that are not evidence ids of this answer")
    if wrong_case:
        problems.append("evidence ids written in another letter case: " + ", ".join(sorted(wrong_case)))
    return _check("worded_ids_in_evidence", problems, "every identifier named is an evidence id, written exactly")


def _claims_cited(parts: list[Sentence]) -> Check:
    uncited = [i + 1 for i, s in enumerate(parts) if makes_claim(s.text) and not s.cites]
    problems = [f"sentence(s) {', '.join(map(str, uncited))} make a claim without citing evidence"] if uncited else []
    return _check("worded_claims_cited", problems, "every sentence that makes a claim cites evidence")


def _same_version(said: str, label: Optional[str]) -> bool:
    if not label:
        return False
    said, label = said.casefold(), label.casefold().lstrip("v")
    return said == label or label.split("-")[0] == said


def _vocabulary(e: EvidenceRef) -> set[str]:
    names = words(e.title) + words(e.entity_id) + words(e.evidence_id)
    return {w for w in names if w not in _GENERIC and len(w) > 2 and not re.fullmatch(r"v?\d+[a-z0-9]*", w)}


def _versions_match(bundle: Bundle, parts: list[Sentence]) -> Check:
    by_id = {e.evidence_id: e for e in bundle.evidence}
    cited_all = [by_id[i] for s in parts for i in s.cites if i in by_id]
    vocab = {e.evidence_id: _vocabulary(e) for e in bundle.evidence}
    problems = []
    for s in parts:
        # a record's own words, quoted, or the title of a record this sentence cites, may name other
        # versions ("v2.1 (retroactive correction of v2)"): they are data
        here = [by_id[i] for i in s.cites if i in by_id]
        text = _QUOTE.sub(" ", s.text)
        for title in sorted({e.title for e in here if e.title}, key=len, reverse=True):
            text = text.replace(title, " ")
        plain = fold(_DOTTED.sub(" ", _CITATION.sub(" ", text)))
        for m in _VERSION.finditer(plain):
            said = m.group(1)
            window = set(words(plain[max(0, m.start() - 40): m.start()])[-3:]) | set(words(plain[m.end(): m.end() + 30])[:3])
            named = [e for e in bundle.evidence if vocab[e.evidence_id] & window]
            if named:
                named_ids = {e.evidence_id for e in named}
                candidates = ([e for e in here if e.evidence_id in named_ids]
                              or [e for e in cited_all if e.evidence_id in named_ids] or named)
            else:
                candidates = here or cited_all
            if not any(_same_version(said, e.version) for e in candidates):
                have = sorted({e.version for e in candidates if e.version}) or ["none"]
                problems.append(f"names version {said}, but the evidence it refers to has version {', '.join(have)}")
    return _check("worded_versions_match", sorted(set(problems)), "every version named is the version of the cited evidence")


def _known_dates(bundle: Bundle) -> set[str]:
    days: set[date] = {bundle.as_of}
    interp = bundle.interpretation
    if interp.reporting_date:
        days.add(interp.reporting_date)
    if interp.period:
        for key in ("start", "end"):
            try:
                days.add(date.fromisoformat(interp.period[key]))
            except (KeyError, ValueError):
                pass
    for e in bundle.evidence:
        for d in (e.effective_from, e.effective_to):
            if d:
                days |= {d, d - timedelta(days=1), d + timedelta(days=1)}
    known = {d.isoformat() for d in days}
    known |= set(_ISO_DATE.findall(bundle.question))
    if bundle.known_at:
        known.add(bundle.known_at[:10])
    return known


def _verbatim_quotes_removed(text: str, quotable: Mapping[str, str]) -> str:
    """The text without the quotations that are a cited record's own words (as policy.quote writes
    them: one line, inner double quotes made single, cut with "…"): what a record says of itself, its
    dates included, is the record's, not a claim of the wording."""
    if not quotable:
        return text
    bodies = [" ".join(b.split()).replace('"', "'") for b in quotable.values()]

    def verbatim(m: re.Match) -> str:
        inner = " ".join(m.group(0)[1:-1].split()).rstrip("…").rstrip()
        return " " if inner and any(inner in b for b in bodies) else m.group(0)

    return _QUOTE.sub(verbatim, text)


def _dates_known(bundle: Bundle, quotable: Mapping[str, str]) -> Check:
    known = _known_dates(bundle)
    text = _verbatim_quotes_removed(bundle.answer, quotable)
    named = set(_ISO_DATE.findall(_DOTTED.sub(" ", _CITATION.sub(" ", text))))
    strange = sorted(named - known)
    problems = [f"names date(s) {', '.join(strange)} that are neither the reporting date, the period, "
                "an effective bound of the evidence nor in the question"] if strange else []
    return _check("worded_dates_known", problems, "every date named is one the evidence or the question gives")


def _markers(text: str, patterns: list[str]) -> list[str]:
    folded = fold(text.replace("’", "'").replace("‘", "'"))
    found = []
    for p in patterns:
        m = re.search(p, folded, re.MULTILINE)
        if m:
            found.append(m.group(0).strip())
    return found


def _no_refusal(text: str) -> Check:
    found = _markers(text, _REFUSAL)
    problems = [f"refusal or apology marker(s): {', '.join(repr(f) for f in found)}"] if found else []
    return _check("worded_no_refusal", problems, "no refusal or apology (the resolver words refusals itself)")


def _no_echo(text: str) -> Check:
    found = _markers(text, _ECHO)
    if not found and is_injection(fold(_QUOTE.sub(" ", text))):
        found = ["instruction to the system"]
    problems = [f"instruction or injection marker(s): {', '.join(repr(f) for f in found)}"] if found else []
    return _check("worded_no_instruction_echo", problems, "no instruction or injection text is echoed")


def _no_links(text: str) -> Check:
    """Links and images could carry data out of the answer when rendered; canon's answers have none."""
    problems = ["the text contains a link, URL or image"] if _LINK.search(text) else []
    return _check("worded_no_links", problems, "no links, URLs or images")


def _clauses_about(sentence: str, target: str, other_ids: set[str]) -> list[str]:
    """Clauses of a sentence that speak of `target`: the one citing it, and those citing nothing else."""
    out = []
    pieces = _CLAUSE.split(_QUOTE.sub(" ", sentence))
    for piece in pieces:
        cites = set(_CITATION.findall(piece))
        if target in cites or not (cites & other_ids):
            out.append(piece)
    return out


def _prose(sentence: str) -> str:
    """A sentence's own words, folded: without quotations, citations and identifiers."""
    return fold(_DOTTED.sub(" ", _CITATION.sub(" ", _QUOTE.sub(" ", sentence))))


def _drafts_not_approved(bundle: Bundle, parts: list[Sentence]) -> Optional[Check]:
    """Drafts and conflicts: every sentence citing one calls it a draft/proposal or not approved, none
    presents it as approved or in effect, and a conflict is said outright to be not approved/effective."""
    conflicts = {e.evidence_id for e in bundle.evidence if e.role == "conflict"}
    drafts = conflicts | {e.evidence_id for e in bundle.evidence if e.status == "draft"}
    if not drafts:
        return None
    others = {e.evidence_id for e in bundle.evidence} - drafts
    problems = []
    for d in sorted(drafts):
        said_outright = False
        for i, s in enumerate(parts):
            if d not in s.cites:
                continue
            text = _prose(s.text)
            said_outright = said_outright or bool(_STRONG.search(text))
            if not _NOT_APPROVED.search(text):
                problems.append(f"sentence {i + 1} cites {d} without saying it is not approved or not in effect")
            elif any(_APPROVED.search(_prose(c)) for c in _clauses_about(s.text, d, others)):
                problems.append(f"sentence {i + 1} presents {d} as approved or in effect")
        if d in conflicts and not said_outright and any(d in s.cites for s in parts):
            problems.append(f"the answer does not say that {d} is not approved or not in effect")
    return _check("worded_drafts_not_approved", problems,
                  "every draft or conflict cited is said to be not approved / not in effect")


def _all_cited(rule: str, wanted: list[str], cited: set[str], what: str) -> Check:
    missing = [i for i in wanted if i not in cited]
    problems = [f"{what} not cited: {', '.join(missing)}"] if missing else []
    return _check(rule, problems, f"every {what} is cited")


def _split_dates_named(bundle: Bundle) -> Optional[Check]:
    interp = bundle.interpretation
    primaries = [e for e in bundle.evidence if e.role == "primary"]
    if not interp.period or len(primaries) < 2:
        return None
    try:
        start, end = date.fromisoformat(interp.period["start"]), date.fromisoformat(interp.period["end"])
    except (KeyError, ValueError):
        return None
    named = set(_ISO_DATE.findall(bundle.answer))
    missing = set()
    for e in primaries:
        if e.effective_to and start <= e.effective_to < end and e.effective_to.isoformat() not in named:
            if (e.effective_to + timedelta(days=1)).isoformat() not in named:
                missing.add(e.effective_to.isoformat())
        if e.effective_from and start < e.effective_from <= end and e.effective_from.isoformat() not in named:
            if (e.effective_from - timedelta(days=1)).isoformat() not in named:
                missing.add(e.effective_from.isoformat())
    problems = [f"the split does not name the boundary date(s) {', '.join(sorted(missing))}"] if missing else []
    return _check("worded_split_dates_named", problems, "the split names its boundary dates")


def _reporting_date_named(bundle: Bundle) -> Optional[Check]:
    interp = bundle.interpretation
    if (bundle.behavior not in (Behavior.answer, Behavior.answer_with_conflict) or interp.intent not in _DEFINITION_INTENTS
            or interp.reporting_date is None or interp.period):
        return None
    day = interp.reporting_date.isoformat()
    problems = [] if day in bundle.answer else [f"the answer does not name the reporting date {day}"]
    return _check("worded_reporting_date_named", problems, "the answer names its reporting date")


# -- entry point --------------------------------------------------------------------------------


def check_worded_answer(bundle: Bundle, quotable: Mapping[str, str] = MappingProxyType({})) -> list[Check]:
    """The checks a model-worded answer must pass on top of the validator's usual ones. `quotable`:
    the evidence's own texts by evidence id, which a quotation may repeat word for word."""
    text = bundle.answer or ""
    parts = sentences(text)
    evidence_ids = {e.evidence_id for e in bundle.evidence}
    cited = set(_CITATION.findall(text))
    out = [
        _ids_known(text, evidence_ids, {e.entity_id for e in bundle.evidence}),
        _claims_cited(parts),
        _versions_match(bundle, parts),
        _dates_known(bundle, {i: t for i, t in quotable.items() if i in evidence_ids}),
        _no_refusal(text),
        _no_echo(text),
        _no_links(text),
    ]
    primaries = [e.evidence_id for e in bundle.evidence if e.role == "primary"]
    if bundle.behavior in (Behavior.answer, Behavior.answer_with_conflict, Behavior.clarify_or_split) and primaries:
        out.append(_all_cited("worded_primaries_cited", primaries, cited, "primary evidence"))
    if bundle.behavior == Behavior.clarify_or_split and not primaries:
        candidates = [e.evidence_id for e in bundle.evidence if e.role == "context"]
        out.append(_all_cited("worded_candidates_cited", candidates, cited, "candidate"))
    if bundle.behavior == Behavior.answer_with_conflict:
        conflicts = [e.evidence_id for e in bundle.evidence if e.role == "conflict"]
        out.append(_all_cited("worded_conflicts_cited", conflicts, cited, "conflict record"))
    drafts = _drafts_not_approved(bundle, parts)
    if drafts is not None:
        out.append(drafts)
    for extra in (_split_dates_named(bundle), _reporting_date_named(bundle)):
        if extra is not None:
            out.append(extra)
    return out
