"""Question understanding, deterministic: entity mentions, time, intent and topic."""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from datetime import date
from typing import Optional

from catalog.records import Revision
from resolver.dates import TimeFinding, scan_time
from resolver.entities import Match, NameLookup, best_matches, find_matches
from resolver.intents import SEPARABLE_INCLUDES_RE, cues, is_injection, topic_words
from resolver.text import fold, question_sentence, tokens, written_spans
from resolver.text import words as words_of

_NODE = re.compile(r"(?<![\w.#])((?:model|source|seed|snapshot|exposure|metric|semantic_model|saved_query)\.[A-Za-z0-9_.]+[A-Za-z0-9_](?:#[A-Za-z0-9_]+)?|[A-Za-z0-9_.:/@-]+#[A-Za-z0-9_]+)")
_VERSION = re.compile(r"\b(?:v|version\s+|verze\s+|verzi\s+)(\d+(?:\.\d+)*[a-z0-9-]*)\b")


@dataclass
class Reading:
    question: str
    intent: str
    time: TimeFinding
    mentions: list[Match] = field(default_factory=list)  # best matches, longest first
    version: Optional[str] = None
    versions: list[str] = field(default_factory=list)  # every version named, in order ("v1 and v2")
    topic: list[str] = field(default_factory=list)
    asks: list[str] = field(default_factory=list)
    direction: Optional[str] = None
    nodes: list[str] = field(default_factory=list)  # lineage node ids written out (model.x.y, model.x.y#col)
    calendar: Optional[Revision] = None  # the record stating the fiscal calendar its fiscal periods were placed on
    approved_only: bool = False  # "only the signed-off version": no draft is a conflict (row 5b), whatever the date
    compares: bool = False  # "what changed between v1 and v2": versions side by side, whatever date is beside them


def undated_tokens(question: str, spans: list[tuple[int, int]]) -> list[str]:
    """The question's tokens with its date expressions blanked: what mention positions count."""
    return tokens(_blank(fold(question), spans))


def _blank(text: str, spans: list[tuple[int, int]]) -> str:
    chars = list(text)
    for start, end in spans:
        for i in range(start, min(end, len(chars))):
            chars[i] = " "
    return "".join(chars)


_MARK = "§"  # where a name stood, for the cues (resolver.intents writes it in its patterns)


def _without_mentions(text: str, mentions: list[Match], mark: Optional[str] = None, within: Optional[range] = None) -> str:
    """The question's tokens without its names; with `mark`, each name leaves that token in its place
    (so that cues can tell "which models are built on X" from "what is X built from"); with `within`,
    only the tokens at those positions."""
    starts = {m.start for m in mentions}
    drop = {i for m in mentions for i in range(m.start, m.end)}
    kept = []
    for i, t in enumerate(tokens(text)):
        if within is not None and i not in within:
            continue
        if mark and i in starts:
            kept.append(mark)
        elif i not in drop:
            kept.append(t)
    return " ".join(kept)


@dataclass(frozen=True)
class Words:
    """What a question says besides its dates: read from the question with its date expressions
    (`spans`) blanked, so it does not depend on the date the question is asked on."""

    mentions: tuple[Match, ...]
    version: Optional[str]
    versions: tuple[str, ...]
    topic: tuple[str, ...]
    nodes: tuple[str, ...]
    flags: Mapping[str, bool]  # read-only (resolver.intents.cues)
    injection: bool


def read_words(question: str, spans: list[tuple[int, int]], index: NameLookup) -> Words:
    folded = fold(question)
    undated = _blank(folded, spans)
    mentions = _as_written(question, spans, best_matches(find_matches(tokens(undated), index)))
    mentions.sort(key=lambda m: (-m.length, not m.exact, m.start))
    marked = _without_mentions(undated, mentions, mark=_MARK)
    asked = question_sentence(question)
    # "Someone pasted a note saying v1 still applies. What's the approved LR definition?": a question that
    # names its subject itself is the request; the other sentences are context, whose versions and
    # kinds of request ("including", "fresh") are not asked for. (Drafts set aside and models or sources
    # asked for count wherever they are written.)
    own = _own_tokens(question, spans, asked, mentions)
    mentions = _named_in_the_question(question, spans, asked, mentions)
    flags = cues(marked)
    scope = mentions
    marked_all = marked
    if own is not None:
        marked_own = _without_mentions(undated, mentions, mark=_MARK, within=own)
        flags = {**cues(marked_own), **{k: v for k, v in flags.items() if k in _FLAGS_OF_THE_WHOLE}}
        scope = [m for m in mentions if m.start in own]
        marked = marked_own
    # a version written as part of a name ("Revenue metric v1", "SAIDI v1" of "SAIDI (…) v1") still
    # names that version, first in the order written
    named_versions = [(m.start, v.group(1)) for m in scope if " " in m.name
                      for v in [_VERSION.fullmatch(m.name.rsplit(" ", 1)[1])] if v]
    versions = tuple(dict.fromkeys([v for _, v in sorted(named_versions)] + [m.group(1) for m in _VERSION.finditer(marked)]))
    versions = tuple(v for v in versions if not _set_aside(folded, v))
    named = {w for m in mentions for w in words_of(m.name)}  # "count as churn": the subject again, not a topic
    rest_all = " ".join(t for t in marked_all.split(" ") if t != _MARK)
    topic = [w for w in topic_words(rest_all) if w not in named]
    if asked is not None:  # "Does X count Y? We report as of 30 September.": the topic is the question's
        said = set(topic_words(fold(question[asked[0]:asked[1]])))
        topic = [w for w in topic if w in said] or topic
    if not flags["includes"] and SEPARABLE_INCLUDES_RE.search(folded):
        flags = {**flags, "includes": True}
    return Words(mentions=tuple(mentions), version=versions[0] if versions else None, versions=versions,
                 topic=tuple(topic), nodes=tuple(m.group(1) for m in _NODE.finditer(question)),
                 flags=MappingProxyType(_with_percent(flags, folded, mentions)), injection=is_injection(folded))


# a version named to be set aside ("not the v3 draft", "ignore v3", "v3 초안 말고", "v3案ではなく", "不是v3"):
# the words just before it, or just after it in languages that put them there
_SET_ASIDE_BEFORE = re.compile(
    r"(?:\b(?:not|ignore|ignoring|excluding|except|besides|instead\s+of|rather\s+than|other\s+than|apart\s+from|nicht|ohne|statt|"
    r"anstatt|anstelle|pas|sauf|hors|plutot\s+que|au\s+lieu\s+de|sin|excepto|salvo|en\s+lugar\s+de|en\s+vez\s+de|non|senza|"
    r"invece\s+d[ie]|nao|sem|em\s+vez\s+de|niet|zonder|in\s+plaats\s+van|nie|zamiast|не|кроме|вместо|без|bukan|selain|"
    r"khong\s+phai)\b|不是|而不是|除了|不要|而非)\W*(?:(?:the|a|die|der|das|la|le|el|il|o|de|het|den)\s+)?"
    r"(?:(?:draft|proposed|proposal|entwurf|brouillon|borrador|bozza|rascunho)\s+)?$")
_SET_ASIDE_AFTER = re.compile(r"^\W*(?:\w{1,8}\W*)?(?:말고|아닌|아니라|대신|ではなく|じゃなく|でなく|以外|değil|degil)")


def _set_aside(folded: str, version: str) -> bool:
    """Whether every place the question names `version` sets it aside."""
    places = [m for m in re.finditer(rf"(?:\bv|\bversion\s+|\bverze\s+|\bverzi\s+)({re.escape(version)})(?![\d-]|\.\d)", folded)]
    return bool(places) and all(_SET_ASIDE_BEFORE.search(folded[max(0, m.start() - 40):m.start()])
                                or _SET_ASIDE_AFTER.match(folded[m.end():m.end() + 16]) for m in places)


# cues read from the whole request even when one sentence of it is the question
_FLAGS_OF_THE_WHOLE = frozenset({"drafts", "approved", "asks_model", "asks_sources"})


def _own_tokens(question: str, spans: list[tuple[int, int]], asked: Optional[tuple[int, int]],
                mentions: list[Match]) -> Optional[range]:
    """The token positions from the question sentence of a request of several sentences to its end, when
    sentences stand before it and the question names a subject itself; else None (the whole request is read)."""
    if asked is None or not mentions:
        return None
    places = written_spans(question, spans)
    if places is None:
        return None
    # from the question to the end: what follows it may add to the request ("… voeden X? graag ook de bronnen")
    inside = [i for i, (a, _) in enumerate(places) if asked[0] <= a]
    if not inside or inside[0] == 0:
        return None
    own = range(inside[0], len(places))
    return own if any(m.start in own for m in mentions) else None


def _named_in_the_question(question: str, spans: list[tuple[int, int]], asked: Optional[tuple[int, int]],
                           mentions: list[Match]) -> list[Match]:
    """Without the names of the sentences after the question, when the question writes one itself ("Which
    sources fed fct_deliveries on 1 March? Someone on Slack claims it also joins the fuel card transactions
    now." is about fct_deliveries; a lead-in before it may name the subject: "Student headcount: census-based
    or anyone enrolled?"); else every name of the request."""
    if asked is None or len(mentions) < 2:
        return mentions
    places = written_spans(question, spans)
    if places is None:
        return mentions
    inside = [m for m in mentions if m.end <= len(places) and all(asked[0] <= places[k][0] < asked[1] for k in range(m.start, m.end))]
    if not inside:
        return mentions
    return [m for m in mentions if m.end <= len(places) and places[m.start][0] < asked[1]]


def _with_percent(flags: dict, folded: str, mentions: list[Match]) -> dict:
    """"NRR % last month?": a name followed by a percent sign asks for its value (the cues read the
    question's words only, without its signs)."""
    if "%" in folded and (any(re.search(re.escape(m.name.rsplit(" ", 1)[-1]) + r"\s*%", folded) for m in mentions)
                          or re.search(r"(?:何|多少|几|몇)\s*(?:%|퍼센트)", folded)):  # "何％でしたか": what percent
        flags["numeric"] = True
    return flags


def reading_of(question: str, time: TimeFinding, words: Words, as_of: date, calendar: Optional[Revision] = None) -> Reading:
    """The reading of a question from its time finding and its words: the intent."""
    flags = words.flags
    reading = Reading(question=question, intent="definition_at", time=time, mentions=list(words.mentions),
                      version=words.version, versions=list(words.versions), topic=list(words.topic), nodes=list(words.nodes),
                      approved_only=flags["approved"], calendar=calendar, compares=flags["compares"])
    if words.injection:
        reading.intent = "injection"
    elif flags["freshness"]:
        reading.intent = "freshness"
    elif (flags["numeric"] or (flags["bare_what_is"] and time.period is not None)) and not flags["definition"]:
        reading.intent = "metric_value"
    elif flags["lineage_word"] and (flags["upstream"] or flags["downstream"]):
        # "trace X all the way upstream, incl. what OpenLineage knows": said outright, lineage before an inclusion cue
        reading.intent = "lineage"
        reading.direction = "downstream" if flags["downstream"] else "upstream"
    elif flags["upstream"] and flags["asks_sources"] and flags["asks_model"] and not flags["lineage_word"]:
        # "from which sources and which dbt models is X calculated?": both kinds of node asked for is a
        # lineage question, though "calculated" ("есептеледі") may also ask what X counts
        reading.intent = "lineage"
        reading.direction = "downstream" if flags["downstream"] else "upstream"
    elif (flags["includes"] and (reading.topic or _apart(reading.mentions))) or (flags["polar"] and reading.topic and not flags["definition"] and not flags["current"]):
        # with no other words, the topic may be a second name ("should returns be ignored in GMV?"):
        # the policy takes it once it knows which name is the subject
        reading.intent = "definition_includes"
    elif (flags["upstream"] or flags["downstream"]) and (not flags["definition"] or flags["from_what"] or flags["lineage_word"]):
        reading.intent = "lineage"
        reading.direction = "downstream" if flags["downstream"] else "upstream"
    elif ((flags["current"] and (not time.explicit or time.reporting_date == as_of))
          or ((flags["current_undated"] or flags["drafts"]) and not time.explicit)) and time.period is None:
        # "the approved definition on 2023-12-31" is at that date (row 5b still keeps drafts out of
        # it); "the current approved definition as of <today>" is the current one
        reading.intent = "definition_current"
    elif time.period is not None:
        reading.intent = "definition_period"
    elif flags["history"] and not time.explicit:
        reading.intent = "definition_period"  # over the subject's whole history: the policy knows its span
    elif not time.explicit and not time.unread and not reading.versions:
        # no date, period or version named: the definition in force now (row 14), as "current" asks
        reading.intent = "definition_current"
    if reading.intent != "lineage":
        reading.asks = [k for k in ("model", "sources") if flags["asks_" + k]]
        if reading.asks and not flags["upstream"] and not flags["definition"]:
            reading.asks = []  # "model" named in passing, not asked for
    else:
        reading.asks = [k for k in ("model", "sources") if flags["asks_" + k]]
    return reading


def _as_written(question: str, dates: list[tuple[int, int]], mentions: list[Match]) -> list[Match]:
    """Each mention with the question's own words for it ("AOV", not "aov"), where the tokens can be
    mapped back (the same tokens as read: date expressions blanked)."""
    places = written_spans(question, dates)
    if places is None:
        return mentions
    return [dataclasses.replace(m, written=question[places[m.start][0]:places[m.end - 1][1]]) if m.end <= len(places) else m
            for m in mentions]


def _apart(mentions: list[Match]) -> bool:
    """Two names of the question that do not overlap and name other entities (a name written twice
    is one subject: "what did churn v1 count as churn?")."""
    return any((a.end <= b.start or b.end <= a.start) and not a.entity_ids & b.entity_ids
               for i, a in enumerate(mentions) for b in mentions[i + 1:])


def read_question(question: str, as_of: date, index: NameLookup, source=None) -> Reading:
    """read: the question's time (relative to as_of; fiscal periods on the calendar `source` states),
    then its words, then its intent."""
    from resolver.fiscal import placed_time

    time, calendar = placed_time(scan_time(question), as_of, source, question)
    inside = dates_inside_names(question, tuple(time.spans), index)
    if inside:
        time, calendar = placed_time(scan_time(masked(question, inside)), as_of, source, question)
    return reading_of(question, time, read_words(question, time.spans, index), as_of, calendar)


def dates_inside_names(question: str, spans: tuple[tuple[int, int], ...], index: NameLookup) -> tuple[tuple[int, int], ...]:
    """The date expressions that are words of a name written out around them ("the FY25 management
    letter" where "FY25 management letter" names a document): a part of the name, not a date asked about."""
    inside = []
    for start, end in spans:
        said = tokens(fold(question[start:end]))
        before, after = tokens(fold(question[:start]))[-4:], tokens(fold(question[end:]))[:5]
        forms = [" ".join(before[len(before) - a:] + said + after[:b])
                 for a in range(len(before) + 1) for b in range(len(after) + 1) if a + b]
        if said and forms and index.forms(forms):
            inside.append((start, end))
    return tuple(inside)


def masked(question: str, spans: tuple[tuple[int, int], ...]) -> str:
    """The question with these expressions' characters made letters no date pattern reads (positions held)."""
    chars = list(question)
    for start, end in spans:
        for i in range(start, end):
            if not chars[i].isspace():
                chars[i] = "x"
    return "".join(chars)
