"""The policy table of behaviors.md, as small named steps over the requester's evidence.

`resolve` takes a Reading (what the question asks) and an EvidenceSource (the catalog narrowed
to the requester and known_at) and returns a Decision: behavior, evidence with roles, the
templated answer, gaps and tool calls. Nothing here reads the clock or a database.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Optional

from catalog.records import MODEL_TYPES, SOURCE_TYPES, Authority, EvidenceRecord, Revision, Status, end_of
from resolver.bundle import Behavior, Interpretation, ToolCall
from resolver.conflicts import apply_rankings
from resolver.fiscal import states_calendar
from resolver.reports import freshness_of, rankings_in
from resolver.dates import Period, TimeFinding
from resolver.entities import HEAD_FIRST_WORDS, whole_forms
from resolver.intents import COMMON_WORDS, cues, is_function_word
from resolver.interpret import Reading, undated_tokens
from resolver.language import language_of, languages_of
from resolver.text import CJK_CHAR, fold, written_spans
from resolver.source import EntityView, EvidenceSource



@dataclass
class Decision:
    behavior: Behavior
    interpretation: Interpretation
    answer: str
    evidence: list[tuple[Revision, str]] = field(default_factory=list)
    gaps: list[str] = field(default_factory=list)
    tools: list[ToolCall] = field(default_factory=list)
    complete: bool = False  # supporting evidence found for every referenced model/source


# -- record predicates ---------------------------------------------------------------------------


def usable(rev: Revision) -> bool:
    """Untrusted and retracted records never enter evidence (behaviors rows 8, 16)."""
    r = rev.record
    return r.authority != Authority.untrusted and r.status != Status.retracted


def authoritative(r: EvidenceRecord) -> bool:
    return r.authority == Authority.authoritative and r.status in (Status.current, Status.superseded)


def supersedes(newer: EvidenceRecord, older: EvidenceRecord) -> bool:
    return newer.supersedes == older.evidence_id or older.superseded_by == newer.evidence_id


def describes(r: EvidenceRecord) -> set[str]:
    return r.node_ids()


def subtract(spans: list[tuple[date, date]], cut_from: date, cut_to: date) -> list[tuple[date, date]]:
    """Day intervals (both ends inclusive) with [cut_from, cut_to] taken out."""
    out = []
    for start, end in spans:
        if cut_to < start or cut_from > end:
            out.append((start, end))
            continue
        if start < cut_from:
            out.append((start, cut_from - timedelta(days=1)))
        if cut_to < end:
            out.append((cut_to + timedelta(days=1), end))
    return out


def authoritative_days(rev: Revision, peers: list[Revision]) -> list[tuple[date, date]]:
    """The parts of a record's effective interval that no authoritative superseding record covers."""
    r = rev.record
    pieces = [(r.effective_from or date.min, r.effective_to or date.max)]
    for other in peers:
        o = other.record
        if o.evidence_id == r.evidence_id or not authoritative(o) or not supersedes(o, r):
            continue
        pieces = subtract(pieces, o.effective_from or date.min, o.effective_to or date.max)
    return pieces


def authoritative_on(revs: list[Revision], day: date) -> list[Revision]:
    return [
        rev for rev in revs
        if authoritative(rev.record) and not rev.record.reports_on_others() and any(s <= day <= e for s, e in authoritative_days(rev, revs))
    ]


def authoritative_over(revs: list[Revision], start: date, end: date) -> list[tuple[Revision, date, date]]:
    out = []
    for rev in revs:
        if not authoritative(rev.record) or rev.record.reports_on_others():
            continue
        for s, e in authoritative_days(rev, revs):
            if s <= end and start <= e:
                out.append((rev, max(s, start), min(e, end)))
    return sorted(out, key=lambda t: (t[1], t[0].evidence_id))


# -- wording -------------------------------------------------------------------------------------


def cite(rev: Revision) -> str:
    return f"[{rev.evidence_id}]"


def label(rev: Revision) -> str:
    r = rev.record
    return r.title


def interval(r: EvidenceRecord) -> str:
    start = r.effective_from.isoformat() if r.effective_from else "the beginning"
    end = r.effective_to.isoformat() if r.effective_to else "no end date"
    return f"effective {start} to {end}"


def quote(text: str, limit: int = 600) -> str:
    """A record's text to put between double quotes: one line, its own double quotes made single
    (a quotation inside the quotation must not end it), at most `limit` characters."""
    text = " ".join(text.split()).replace('"', "'")
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + "…"


# a draft's sentence that keeps something as it is does not change it (row 5): "the major event day
# exclusion would stay exactly as in v2" (en, de, fr, es, it, pt, nl, cs); "stay date" is a noun
_UNCHANGED = re.compile(
    r"\b(?:stays?(?!\s+(?:date|dates|night|nights|length|period|duration)\b)|remain|remains|unchanged|unaltered|no change|not change|as (?:today|before|now|in v\d+)|"
    r"bleibt|bleiben|unverandert|reste|restent|inchange\w*|sigue|siguen|sin cambios?|resta|restano|invariat\w*|"
    r"permanece\w*|inalterad\w*|blijft|blijven|ongewijzigd|zustava\w*|beze zmen\w*|nezmen\w*)\b")


# a full stop that ends an abbreviation ends no sentence: "i.e.", "e.g.", "incl.", "z. B.", "p. ex."
_ABBREVIATION_END = re.compile(r"(?:^|[\s(])(?:i\.e|e\.g|vs|cf|ca|approx|incl|excl|etc|resp|bzw|z\.\s?b|d\.\s?h|p\.\s?ex|nr)\.$",
                               re.IGNORECASE)


def _sentences(body: str) -> list[str]:
    out: list[str] = []
    for piece in re.split(r"(?<=[.!?])\s+|(?<=[。！？])", " ".join(body.split())):
        if out and _ABBREVIATION_END.search(out[-1]):
            out[-1] += " " + piece
        else:
            out.append(piece)
    return out


def sentences_about(body: str, topic: list[str]) -> list[str]:
    """The body's sentences that mention every topic word; of three words or more, all but one (a
    paraphrase: "planned maintenance outages" is said as "planned maintenance interruptions")."""
    found = []
    slack = 1 if len(topic) >= 3 else 0
    for sentence in _sentences(body):
        low = fold(sentence)
        if sum(not _mentions(low, word) for word in topic) <= slack:
            found.append(sentence)
    return found


def _proposals_about(body: str, topic: list[str]) -> list[str]:
    """The sentences of a draft about the topic (sentences_about), where a sentence that leaves a word
    of the topic out must still hold its rarest words in the draft: "does pro bono count as chargeable,
    and is there a cap?" is not about a sentence on capped chargeable credit for other time."""
    said = sentences_about(body, topic)
    if len(topic) < 3 or not said:
        return said
    sentences = [fold(x) for x in _sentences(body)]
    counts = {w: sum(_mentions(x, w) for x in sentences) for w in topic}
    fewest = min((c for c in counts.values() if c), default=0)
    rare = [w for w, c in counts.items() if c == fewest]
    return [x for x in said if all(_mentions(fold(x), w) for w in topic) or all(_mentions(fold(x), w) for w in rare)]


# words that say what kind of amount a topic is, not which: "ULAE-Kosten" is about ULAE
_GENERIC_TOPIC_WORDS = frozenset("cost costs kosten cout couts coste costes costo costi custo custos naklady "
                                 "amount amounts betrag betrage montant montants importe importes importo importi".split())


def _own_texts(records) -> list[str]:
    """What a subject's records say, names included, folded for _mentions."""
    return [fold(" ".join((rec.body, *rec.names()))) for rec in records]


_ACRONYM = re.compile(r"\b[A-Z]{3,6}\b")


def known_topic(topic: list[str], records, acronyms: frozenset = frozenset()) -> list[str]:
    """The topic words that decide which sentences are about it. A word none of the subject's own
    records uses (any version, drafts included) cannot tell one sentence from another: another
    language's word ("pedidos") or the question's own paraphrase. It is left out when at least two
    words are known ("pedidos drop-ship ... proveedor": drop, ship); with one known word and others
    unknown the topic stays whole ("vendor returns" is not "vendors") — unless that one word was written
    as an acronym ("ULAE", `acronyms`) —, and so it does with none, and the answer says the definition
    does not mention it."""
    topic = [w for w in topic if w not in _GENERIC_TOPIC_WORDS] or topic
    texts = _own_texts(records)
    known = [w for w in topic if any(_mentions(t, w) for t in texts)]
    if len(known) == 1 and known[0] in acronyms:  # "ULAE" amid French words: the acronym is what is asked about
        return known
    return known if len(known) >= 2 or len(known) == len(topic) else topic


def _drafts_in_another_language(reading: Reading, topic: list[str], revisions: list[Revision],
                                drafts: list[Revision]) -> list[Revision]:
    """Row 5 when the topic cannot be matched: asked in a language none of the subject's bodies is
    written in ("Zählen die Gehälter der SDRs zu den Kundenakquisitionskosten?" of an English draft
    that adds SDR salaries), the drafts when the records use no word of the topic (their words cannot
    say whether a draft touches it, and a pending change is shown rather than hidden), else the drafts
    that change something said with the topic's words they do use. In the records' own language an
    unknown topic word is one they do not mention, and nothing is shown for it."""
    if not drafts or not topic:
        return []
    asked_in = language_of(reading.question)
    if asked_in is None or asked_in in languages_of(r.record.body for r in revisions):
        return []
    texts = _own_texts([r.record for r in revisions])
    known = [word for word in topic if any(_mentions(text, word) for text in texts)]
    if not known:
        return drafts
    # a word the records do use ("value" amid Persian): the drafts that change something it is said of
    return [r for r in drafts if any(not _UNCHANGED.search(fold(x)) and any(_mentions(fold(x), w) for w in known)
                                     for x in _sentences(r.record.body))]


# English derivational and inflectional endings: "pseudonymisation" is said as "pseudonymised",
# "cancellations" as "cancelled", "exclusion" as "excluded" (resolver.text.stems keys inflections of
# names, Czech ones included; this only shortens a topic word to the prefix a body's word starts with)
_ENGLISH_ENDINGS = ("isations", "izations", "isation", "ization", "ations", "itions", "ation", "ition", "sions", "sion", "ments",
            "ment", "ings", "ing", "ised", "ized", "ises", "izes", "ies", "ied", "ed", "es", "s")


def _mentions(text: str, word: str) -> bool:
    if CJK_CHAR.search(word):  # no spaces between words to anchor on: the characters, anywhere
        # ... or in two parts of two characters or more ("担保公司代偿" said "担保公司的代偿款")
        return word in text or (len(word) >= 4 and CJK_CHAR.fullmatch(word[0]) is not None
                                and any(word[:i] in text and word[i:] in text for i in range(2, len(word) - 1)))
    stem = word[: max(4, len(word) - 2)]
    for ending in _ENGLISH_ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 4:
            stem = min(stem, word[: len(word) - len(ending)], key=len)
            break
    if re.search(r"\b" + re.escape(stem), text) is not None:
        return True
    # Indonesian and Malay verbs take a prefix ("nerima" is said "menerima", "hitung" "dihitung")
    return _MALAY_TEXT.search(text) is not None and re.search(r"\b(?:me|mem|men|meng|meny|di|ter|ber)" + re.escape(stem), text) is not None


_MALAY_TEXT = re.compile(r"\b(?:yang|dengan|untuk|tidak|adalah|dalam|tetap)\b")


def day_text(d: date) -> str:
    return d.isoformat()


# -- steps ---------------------------------------------------------------------------------------


@dataclass
class Subject:
    entity_id: str
    revisions: list[Revision]  # usable, visible
    mention: str


_TYPE_CUES = [
    (r"\bsources?\b|\bzdroj\w*", {"source", "source_schema", "dataset"}),
    (r"\bmodels?\b|\btables?\b|\bmodel\w*", {"dbt_model", "model"}),
    (r"\bseeds?\b", {"seed"}),
    (r"\bsnapshots?\b", {"snapshot"}),
    (r"\bsemantic models?\b", {"semantic_model"}),
    (r"\bmetrics?\b|\bmetrik\w*|\bkpis?\b", {"metric", "metric_definition"}),
    (r"\bexposures?\b|\bdashboards?\b|\breports?\b", {"exposure"}),
]


def _type_preference(reading: Reading) -> set[str]:
    """Entity types the question names (or implies: freshness is a property of sources)."""
    from resolver.text import fold

    text = fold(reading.question)
    wanted: set[str] = set()
    for pattern, types in _TYPE_CUES:
        if re.search(pattern, text):
            wanted |= types
    if reading.intent == "freshness":
        wanted |= {"source", "source_schema", "dataset"}
    return wanted


def _narrow_by_type(candidates: list[str], views: dict[str, EntityView], reading: Reading) -> list[str]:
    """Among equally named entities, keep those of a type the question names, if that decides."""
    wanted = _type_preference(reading)
    typed = [eid for eid in candidates if any(r.record.entity_type in wanted for r in views[eid].visible if usable(r))]
    return typed if 0 < len(typed) < len(candidates) else candidates


def _narrow_by_versions(candidates: list[str], views: dict[str, EntityView], versions: list[str]) -> list[str]:
    """Among equally named entities, keep those that have every version the question names
    ("realisation v1 and v2" where only the realisation rate has a v2), if that decides."""
    having = [eid for eid in candidates
              if all(named_version([r for r in views[eid].visible if usable(r)], v) for v in versions)]
    return having if 0 < len(having) < len(candidates) else candidates


def _narrow_to_whole_name(candidates: list[str], views: dict[str, EntityView], match) -> list[str]:
    """Among entities the same words name, keep those the words name whole (an id, title or alias
    as written) over those they name only once a kind word is dropped: "AOV" is the metric whose
    alias is "AOV", not the page whose alias is "AOV wiki", if that decides."""
    whole = [eid for eid in candidates
             if any(match.name in whole_forms(n) for r in views[eid].visible if usable(r) for n in r.record.names())]
    return whole if 0 < len(whole) < len(candidates) else candidates


def _narrow_to_base(candidates: list[str], source: EvidenceSource) -> list[str]:
    """One name on several layers of the same pipeline (a dbt model and the semantic model built
    directly on it): the layer every other candidate is built from is the one meant.
    A one-hop check per candidate: walked in the store, never worth loading the whole graph."""
    view = source.lineage(walk_in_store=True)
    for base in candidates:
        children = set(view.walk(base, upstream=False, depth=1)[0]) if base in view.graph else set()
        if all(other in children for other in candidates if other != base):
            return [base]
    return candidates


def choose_subject(reading: Reading, views: dict[str, EntityView], source: Optional[EvidenceSource] = None):
    """Longest mention first; a restricted-only entity counts only if it is more specific. Of two
    mentions as long, a definition question is about the governed definition rather than a model
    or source ("do we count observation stays in bed occupancy?")."""
    def technical(match) -> bool:
        # (models and sources, and the records that state lineage: "lignage du taux de ponctualité" is no
        # subject of "quelle définition du taux de ponctualité")
        revs = [r for eid in match.entity_ids if eid in views for r in views[eid].visible]
        return bool(revs) and all(r.record.entity_type in MODEL_TYPES | SOURCE_TYPES or "lineage" in r.record.entity_type.lower()
                                  for r in revs)

    def withdrawn(match) -> list[str]:
        """The entities of a mention whose every record the requester may see was retracted."""
        return sorted(eid for eid in match.entity_ids if eid in views and views[eid].visible
                      and all(r.record.status == Status.retracted for r in views[eid].visible))

    def part_of_another(match) -> bool:
        """A glossary term that the definition of another entity named beside it is written with
        ("do central bank facilities count towards HQLA in the LCR?"): a part of the subject."""
        revs = [r for eid in match.entity_ids if eid in views for r in views[eid].visible]
        if not revs or any(r.record.entity_type != "glossary_term" for r in revs):
            return False
        term = re.compile(rf"(?<!\w){re.escape(fold(match.name))}(?!\w)")
        return any(term.search(fold(r.record.body)) for other in reading.mentions if other is not match
                   for eid in other.entity_ids if eid in views and eid not in match.entity_ids
                   for r in views[eid].visible if r.record.entity_type not in ("glossary_term", *MODEL_TYPES, *SOURCE_TYPES))

    def the_calendar(match) -> bool:
        """The record stating the fiscal calendar, named to say which year is meant ("FY2025 (회계연도 기준)
        손해율", "Michaelmas term 2024 utilisation"): the question is about the other name."""
        revs = [r for eid in match.entity_ids if eid in views for r in views[eid].visible]
        return bool(revs) and all(states_calendar(r.record) for r in revs)

    mentions = reading.mentions
    if reading.intent.startswith("definition"):
        # stable: else as read; a model or source named loosely ("đơn online" for "đơn hàng online") never
        # outranks a definition named as written
        several = len(mentions) > 1
        mentions = sorted(mentions, key=lambda m: (technical(m) and not m.exact, several and the_calendar(m), -m.length, not m.exact,
                                                   technical(m), several and part_of_another(m)))
    for match in mentions:
        visible = sorted(
            eid for eid in match.entity_ids if eid in views and any(usable(r) for r in views[eid].visible)
        )
        if len(visible) > 1:
            visible = _narrow_to_whole_name(visible, views, match)
        if len(visible) > 1:
            visible = _narrow_by_type(visible, views, reading)
        if len(visible) > 1 and reading.versions:
            visible = _narrow_by_versions(visible, views, reading.versions)
        if len(visible) > 1 and source is not None and match.exact:  # one name on several layers, not a shared word
            visible = _narrow_to_base(visible, source)
        hidden = sorted(
            eid for eid in match.entity_ids
            if eid in views and views[eid].hidden and not any(usable(r) for r in views[eid].visible)
        )
        if len(visible) > 1:
            return ("ambiguous", match, visible)
        if visible:
            eid = visible[0]
            return ("subject", Subject(eid, [r for r in views[eid].visible if usable(r)], match.shown), None)
        if hidden:
            return ("denied", match, None)
        if match.exact and not visible and withdrawn(match):
            # a name written out whose every record was retracted outranks a weaker name after it
            # ("client retention rate ... renewal loan": not the loan metrics)
            return ("retracted", match, withdrawn(match))
    # a name whose every record the requester may see was retracted (row 16): nothing to answer with
    for match in mentions:
        if withdrawn(match):
            return ("retracted", match, withdrawn(match))
    return ("none", None, None)


# "X and Y": words that join two subjects of one question (en, de, fr, es, it, pt, nl, cs), and
# words that ask to compare them
_JOINING = frozenset("and or vs versus plus und oder et ou y o e en of a nebo i".split())
_COMPARING = re.compile(r"^(?:compar\w*|vergleich\w*|srovn\w*|porovn\w*|confront\w*|vergelijk\w*)$")
_ONE_SUBJECT_INTENTS = ("definition_at", "definition_current", "definition_period")


def _joins(between: list[str]) -> bool:
    """The words between two names join them ("X and Y", "X and the Y definition"), rather than
    words of one question about X that happen to hold "or" ("is X before or after Y?")."""
    return bool(_JOINING.intersection(between)) and all(w in _JOINING or is_function_word(w) for w in between)


def _other_subjects(reading: Reading, views: dict[str, EntityView], subject: "Subject") -> list[str]:
    """Other entities the question names beside the subject, joined to it ("revenue and churn",
    "compare X with Y"), that the requester may see and that are not built one on the other (a
    definition and its model are one question). A definition answers one subject at a time."""
    chosen = next((m for m in reading.mentions if subject.entity_id in m.entity_ids), None)
    if chosen is None:
        return []
    words_ = undated_tokens(reading.question, reading.time.spans)
    comparing = any(_COMPARING.match(w) for w in words_)
    related = {n for r in subject.revisions for n in r.record.built_on()}
    others: list[str] = []
    for m in reading.mentions:
        if m is chosen or (m.start < chosen.end and chosen.start < m.end):
            continue
        between = words_[min(m.end, chosen.end):max(m.start, chosen.start)]
        if not comparing and not _joins(between):
            continue
        for eid in sorted(m.entity_ids):
            revs = [r for r in views.get(eid, EntityView()).visible if usable(r)]
            if eid == subject.entity_id or not revs or eid in related:
                continue
            if any(subject.entity_id in r.record.built_on() for r in revs):
                continue
            others.append(eid)
    return list(dict.fromkeys(others))


# words that may stand right before a name without making it another name: besides function words,
# cue words and dates, these qualifiers and verbs ("the right churn definition", "define churn")
_PLAIN_QUALIFIERS = frozenset("""right correct proper exact full whole complete entire same different main primary standard
    general overall total actual reported final new old latest previous prior original updated revised usual normal typical
    real true our their company companys group define defines explain describe calculate calculates compute computes measure
    measures count counts report reports track tracks use uses consume consumes feed feeds build builds support supports affect
    calc calcs calculated computed summarise summarize summary share open pull send paste quote cite pulling using
    preparing building running reporting consistent
    affects impact impacts change changes show give list get find compare see mean means need want understand interpret know
    tell regarding concerning welche welcher welches welchen welchem jako data dataset datasets table tables
    single comparing compared reckons reckon thinks says claims believes mentioned authoritative
    insists insist insisted argues argued suggests suggested states stated maintains asserts swears swore wrote writes
    told tells reckoned thought said claimed believed mentions reported posted
    saying claiming insisting arguing suggesting telling stating mentioning reckoning thinking believing posting writing
    keeps keep kept
    has have had having between among much many more most less least few several some any each every all both either
    neither other another such only just also very too quite rather above below after before during through under again
    further then once ever even still yet already across along around behind beyond via within versus into upon
    whether whatever whichever anything everything something nothing everyone someone nobody vs etc
    mas mehr plus pour sur avec sans entre cuanto cuanta cuantos cuantas quanto quanta quanti quante combien wieviel
    kolik jaky jaka jake ktery ktera ktere nas naše nase unser unsere unseren notre nos nuestro nuestra nostro nostra
    nosso nossa onze ons
    metric metrics measure kpi indicator indicators kennzahl kennzahlen messgrosse indikator indikatoren ukazatel ukazatele
    ukazatelem ukazateli metrika metriky wskaznik wskaznika wskaznikiem matt mattet matten maatstaf kengetal indicatore
    indicador indicateur mesure metrica metrique mittari mittarin mutato mutatot indicatorul indicatorului gosterge
    показатель показателя метрика метрики показник показника δεικτησ δεικτη
    whats hows whos wheres whens whys thats heres lets pls plz hey hello quick quickly btw okay also just one
    signed-off signed approved sanctioned ratified endorsed agreed official governed
    full-year half-year year-end month-end quarter-end year-to-date ytd qtd mtd""".split())


def _qualified_name(reading: Reading, subject: "Subject", own_words_count: bool = True) -> Optional[str]:
    """The words of a longer name the catalog does not hold, when the question writes the subject's
    name with another word right before it that the subject's own records never use ("monthly
    recurring revenue" where only "revenue" is governed, "employee retention rate" beside "policy
    retention rate"): that longer name is what is asked about, and canon holds nothing of that name.
    None when the name stands alone, or the word before it is a function, cue or date word, a plain
    qualifier, or a word the subject's records use ("net revenue" where its definition says "net";
    own_words_count=False leaves that last test out)."""
    # a name written twice, plainly once ("a thread claiming leakage is ... Which leakage definition
    # applies?"), is the name itself
    found = [_qualified_at(reading, subject, m, own_words_count)
             for m in sorted(reading.mentions, key=lambda m: m.start) if subject.entity_id in m.entity_ids]
    return found[0] if found and all(found) else None


def _qualified_at(reading: Reading, subject: "Subject", match, own_words_count: bool) -> Optional[str]:
    if match.start == 0 or any(c in match.name for c in "._#:/"):
        return None  # an identifier ("billing.subscriptions", "fct_orders") is never part of a longer name
    words_ = undated_tokens(reading.question, reading.time.spans)
    if len(HEAD_FIRST_WORDS.intersection(words_)) >= 2:
        return None  # Vietnamese, Indonesian, Malay: what qualifies a name follows it ("định nghĩa SSSG": the definition of SSSG)
    word = words_[match.start - 1] if match.start - 1 < len(words_) else ""
    if not _qualifier(word):
        return None
    texts = _own_texts(r.record for r in subject.revisions) if own_words_count else []
    if texts and all(any(_mentions(t, part) for t in texts) for part in word.split("-")):
        return None
    first = match.start - 1  # the whole run of such words: "monthly recurring revenue"
    while first > 0 and first > match.start - 3 and _qualifier(words_[first - 1]):
        first -= 1
    places = written_spans(reading.question, reading.time.spans)
    if places is not None and match.start < len(places):
        # a name never runs across the end of a sentence or a comma ("... checked yesterday? Utilisation looked
        # odd", "for the billing-push review, which utilisation basis")
        for k in range(match.start - 1, first - 1, -1):
            if re.search(r"[.?!;:,]", reading.question[places[k][1]:places[k + 1][0]]):
                if k + 1 == match.start:
                    return None
                first = k + 1
                break
    if not _words_read(words_[:first] + words_[match.end:]):
        return None
    if places is None or match.end > len(places):
        return " ".join(words_[first:match.start] + [match.name])
    return reading.question[places[first][0]:places[match.end - 1][1]]


# Czech verb endings (past and present: "činila", "platilo", "počítá se" is a cue already): a verb
# before a name is not part of it
_CZECH_VERB = re.compile(r"(?:ila|ela|ala|ilo|elo|alo|ily|ely|aly|uje|uji|oval[aoy]?|ujeme|ujete|ime|ame|eme)$")  # ... and "potřebujeme"


def _words_read(others: list[str]) -> bool:
    """Whether canon reads the language of the question's other words (at least half of them are
    words it knows, one of them a function word): in a language it does not read ("Какое определение коэффициента…", "mikä
    nettoverokertymän määritelmä"), every word looks like a qualifier, so none is taken for one."""
    plain = [w for w in others if w.isalpha() and len(w) >= 3]  # shorter words are never qualifiers: they tell nothing
    return sum(not _qualifier(w) for w in plain) * 2 >= len(plain) and (not plain or any(map(is_function_word, plain)))


def _qualifier(word: str) -> bool:
    """A word that, right before a name, makes it another name: "recurring", "employee", "risk-adjusted"."""
    parts = word.split("-")
    if not all(p.isalpha() for p in parts) or len(word) < 3:
        return False  # (a token of Thai, Lao, Khmer, Burmese, Chinese or Japanese is one character: never a qualifier)
    if len(parts) > 1:
        return word not in _PLAIN_QUALIFIERS and any(_qualifier(p) for p in parts)
    return (word not in COMMON_WORDS and not is_function_word(word) and word not in _PLAIN_QUALIFIERS
            and not any(cues(word).values()) and not _CZECH_VERB.search(word))


def _another_name(qualified: str, subject: "Subject", day: date, interp: dict, tools) -> Decision:
    """Row 3 for a name canon does not hold: the governed record of the shorter name is shown as
    context, never as the answer."""
    shown = _representative(authoritative_on(subject.revisions, day) or subject.revisions, day)
    return Decision(
        Behavior.abstain, Interpretation(**interp),
        f"canon holds no governed record named \"{qualified}\", so it does not answer; {label(shown)} {cite(shown)} is "
        f"governed under another name and is shown only as context, not as the answer {cite(shown)}. "
        "Is that the one you mean?",
        evidence=[(shown, "context")], gaps=[f"no governed record named '{qualified}'"], tools=tools)


def _topic_from_other_names(reading: Reading, subject: "Subject") -> Reading:
    """An inclusion question whose topic is itself a name ("should returns be ignored in GMV?",
    "Returns" being a source): once the subject is known, the other names are the topic."""
    chosen = next((m for m in reading.mentions if subject.entity_id in m.entity_ids), None)
    others = [w for m in reading.mentions if chosen is not None and (m.end <= chosen.start or chosen.end <= m.start)
              and not m.entity_ids & chosen.entity_ids for w in m.name.split(" ")]
    return dataclasses.replace(reading, topic=list(dict.fromkeys(others)))


def _several_subjects(reading: Reading, subject: "Subject", others: list[str], views, day, interp, tools) -> Decision:
    """Several subjects ("compare ROAS and CPC"): on one reporting date where each has exactly one
    authoritative record in force, each is answered as row 1 says, side by side; otherwise canon asks
    which to answer first."""
    interp["mention"] = subject.mention
    entity_ids = [subject.entity_id, *others]
    revisions = {eid: subject.revisions if eid == subject.entity_id else [r for r in views[eid].visible if usable(r)]
                 for eid in entity_ids}
    in_force = {eid: authoritative_on(revs, day) if day is not None else [] for eid, revs in revisions.items()}
    if day is not None and not reading.version and all(len(found) == 1 for found in in_force.values()):
        chosen = [found[0] for found in in_force.values()]
        parts = [f"{'As of ' + day.isoformat() + ', ' if i == 0 else ''}{label(rev)} (version {rev.record.version or '-'}) "
                 f"applies {cite(rev)}: \"{quote(rev.record.body)}\"" for i, rev in enumerate(chosen)]
        tools.append(ToolCall(name="definition_at", args={"entity_ids": entity_ids, "date": day.isoformat()},
                              result_ids=[r.evidence_id for r in chosen]))
        return Decision(Behavior.answer, Interpretation(**interp), " ".join(parts),
                        evidence=[(rev, "primary") for rev in chosen], tools=tools)
    evidence, lines = [], []
    for eid, revs in revisions.items():
        rev = _representative(revs, day)
        evidence.append((rev, "context"))
        lines.append(f"{eid} ({label(rev)}) {cite(rev)}")
    return Decision(
        Behavior.clarify_or_split, Interpretation(**interp),
        "The question names more than one subject: " + "; ".join(lines) + ". Which one should canon answer first "
        "(it answers one subject at a time, so that each answer rests on its own governed evidence)?",
        evidence=evidence, gaps=[f"several subjects named: {', '.join(entity_ids)}"], tools=tools)


def _unread_time(reading: Reading, interp: dict, tools: list[ToolCall]) -> Decision:
    """The question names a date canon cannot read, or more than one: answering for as_of (or for
    the one date it did read) would be a guess (behaviors.md: never guess; row 14 is for questions
    that name no date)."""
    named = ", ".join(f"'{t}'" for t in reading.time.unread)
    return Decision(
        Behavior.abstain,
        Interpretation(**interp),
        f"canon could not read the date or period {named} in the question, or it names more than one, so it does "
        "not answer for a date you may not have meant. Ask again with one date (2025-06-30) or one period "
        "(Q2 2025, 2025-03-01 to 2025-09-30).",
        gaps=[f"date not read: {named}"],
        tools=tools,
    )


def resolve(reading: Reading, source: EvidenceSource, as_of: date) -> Decision:
    decision = _resolve(reading, source, as_of)
    return _with_calendar(decision, reading) if reading.calendar is not None else decision


def _with_calendar(decision: Decision, reading: Reading) -> Decision:
    """An answer for a fiscal period placed on the catalog's fiscal calendar cites the record that
    states the calendar, and says where the period falls."""
    if decision.behavior not in (Behavior.answer, Behavior.answer_with_conflict, Behavior.clarify_or_split) \
            or not decision.evidence:
        return decision
    rev = reading.calendar
    if all(r.evidence_id != rev.evidence_id for r, _ in decision.evidence):
        decision.evidence.append((rev, "supporting"))
    period = reading.time.period
    if period is not None:
        decision.answer += (f" {period.label} is {period.start.isoformat()} to {period.end.isoformat()} on the fiscal "
                            f"calendar of {label(rev)} {cite(rev)}.")
    elif reading.time.reporting_date is not None:
        decision.answer += f" The date was placed on the fiscal calendar of {label(rev)} {cite(rev)}."
    return decision


def _resolve(reading: Reading, source: EvidenceSource, as_of: date) -> Decision:
    interp = dict(
        intent=reading.intent,
        version=reading.version,
        topic=" ".join(reading.topic) or None,
        asks=reading.asks,
        direction=reading.direction,
        date_from="question" if reading.time.explicit else "as_of",
    )
    day = reading.time.reporting_date or (None if reading.time.period else as_of)
    if reading.time.period:
        interp["period"] = reading.time.period.as_dict()
    interp["reporting_date"] = day

    if reading.intent == "injection":
        return Decision(
            Behavior.reject_injection,
            Interpretation(**interp),
            "canon treats text found in documents as data, never as instructions, and does not reveal "
            "records you are not authorized to see. Ask the question itself, without instructions to the system.",
            gaps=["the request asked the system to follow document instructions, override its rules or reveal restricted records"],
        )

    ids = sorted({eid for m in reading.mentions for eid in m.entity_ids})
    views = source.entities(ids) if ids else {}
    tools = [ToolCall(name="resolve_entity", args={"mentions": [m.name for m in reading.mentions]}, result_ids=[])]
    kind, found, extra = choose_subject(reading, views, source)

    if kind == "denied":
        return _denied(interp, tools)
    if reading.time.unread:
        return _unread_time(reading, interp, tools)
    if kind == "subject" and reading.intent in _ONE_SUBJECT_INTENTS:
        others = _other_subjects(reading, views, found)
        if others:
            return _several_subjects(reading, found, others, views, day, interp, tools)
    if kind == "ambiguous":
        interp["mention"] = found.shown
        candidates = {eid: [r for r in views[eid].visible if usable(r)] for eid in extra}
        if not found.exact:  # "net interest income" beside "cost to income ratio" and "fct_cost_income": another name
            subjects = [Subject(eid, revs, found.shown) for eid, revs in candidates.items()]
            # a word shared by several names, written after another word: the records of each candidate
            # may well use that word ("net interest" in a cost/income ratio's text) without being the name
            qualified = [_qualified_name(reading, s, own_words_count=False) for s in subjects]
            if all(qualified):
                return _another_name(qualified[0], subjects[0], day or as_of, interp, tools)
        evidence = []
        lines = []
        for eid, revs in candidates.items():
            rev = _representative(revs, day)
            evidence.append((rev, "context"))
            lines.append(f"{eid} ({label(rev)}) {cite(rev)}")
        return Decision(
            Behavior.clarify_or_split,
            Interpretation(**interp),
            f"\"{found.shown}\" names more than one entity: " + "; ".join(lines) + ". Which one do you mean?",
            evidence=evidence,
            gaps=[f"ambiguous name '{found.name}': {', '.join(extra)}"],
            tools=tools,
        )
    if kind == "retracted" and not reading.nodes:
        interp["mention"] = found.shown
        return Decision(
            Behavior.abstain, Interpretation(**interp),
            f"Every record of \"{found.shown}\" ({', '.join(extra)}) has been retracted, so canon holds no definition of it "
            "to answer with; a retracted record is never used as evidence.",
            gaps=[f"every record of {eid} is retracted" for eid in extra], tools=tools)
    if kind == "none" and reading.nodes and reading.intent in ("lineage", "definition_at", "definition_current"):
        return _node_lineage(reading, reading.nodes[0], source, day or as_of, interp, tools)
    if kind == "none" and reading.intent in ("lineage", "freshness"):
        node, denied = _node_named(reading, source)
        if denied:
            return _denied(interp, tools)
        if node is not None:
            described = _entity_of_node(node, source) if "#" not in node or reading.intent == "freshness" else None
            if described is not None:  # a node with records of its own (an OpenLineage dataset): the usual path
                kind, found = "subject", described
            elif reading.intent == "lineage":
                return _node_lineage(reading, node, source, day or as_of, interp, tools)
    if kind == "none":
        found_by_search, hits = _discover(reading, source, day or as_of, tools)
        if found_by_search is not None:
            view = source.entities([found_by_search])
            revs = [r for r in view.get(found_by_search, EntityView()).visible if usable(r)]
            if revs:
                kind, found = "subject", Subject(found_by_search, revs, f"{label(_representative(revs, day))} (found by search)")
    if kind == "none":
        # shown as context, never relied on: hits matching most of the question's words, and a top
        # hit both searches rank first even when it matches only some of them
        related = [h for i, h in enumerate(hits) if h.text_match in ("strict", "partial")
                   or (i == 0 and h.text_rank == 1 and h.vector_rank == 1)][:3]
        if related:
            revs = source.records_for_nodes([h.evidence_id for h in related])
            context = [(r, "context") for h in related for r in revs.get(h.evidence_id, []) if r.evidence_id == h.evidence_id and usable(r)]
            if context:
                return Decision(
                    Behavior.abstain, Interpretation(**interp),
                    "canon could not tell which governed entity this question is about, so it does not answer. "
                    "Search found possibly related records (shown, not relied on): " +
                    "; ".join(f"{label(r)} {cite(r)}" for r, _ in context) + ". Name one of them to ask about it.",
                    evidence=context, gaps=["no catalog entity matched the question; discovery search was not conclusive"],
                    tools=tools)
        return Decision(
            Behavior.abstain,
            Interpretation(**interp),
            "canon found no governed record for what this question names, so it does not answer. "
            "Name the metric, model or source (or one of its aliases) and try again.",
            gaps=["no catalog entity matched the question"],
            tools=tools,
        )

    subject: Subject = found
    interp["entity_id"] = subject.entity_id
    interp["mention"] = subject.mention
    qualified = _qualified_name(reading, subject)
    if qualified is not None:
        return _another_name(qualified, subject, day or as_of, interp, tools)
    if reading.intent == "definition_includes" and not reading.topic:
        reading = _topic_from_other_names(reading, subject)
        interp["topic"] = " ".join(reading.topic) or None
    tools[0] = ToolCall(name="resolve_entity", args=tools[0].args, result_ids=[r.evidence_id for r in subject.revisions])

    if (len(reading.versions) > 1 and reading.intent.startswith("definition") and (reading.compares or not reading.time.explicit)) \
            or (not reading.time.explicit and (
            # one approved version no longer in force, asked about without a date: what applied over
            # its own interval (a correction of part of it included)
            len(reading.versions) == 1 and reading.intent == "definition_at"
            and _past_approved(named_version(subject.revisions, reading.versions[0]), as_of))):
        return _versions_side_by_side(reading, subject, source, as_of, interp, tools)
    if reading.intent == "definition_period" and reading.time.period is None:
        return _history(reading, subject, source, as_of, interp, tools)
    if reading.version:
        named = named_version(subject.revisions, reading.version)
        if not named:
            return _no_such_version(reading, subject, interp, tools)
        if not reading.time.explicit and reading.intent != "definition_current":  # "is v1 still valid?" is about as_of
            chosen = next((r for r in named if authoritative(r.record)), named[0])
            rec = chosen.record
            anchor = rec.effective_to if rec.effective_to and rec.effective_to < as_of else as_of
            if rec.effective_from and anchor < rec.effective_from:
                anchor = rec.effective_from
            day = anchor
            interp["reporting_date"] = day

    if reading.intent == "metric_value" and not any(_MEASURED.search(r.record.entity_type.lower()) for r in subject.revisions):
        # "who was accountable for the counting policy in 2025, and what was the system of record?": a policy
        # or document has no value to compute; what it says is the answer
        reading = dataclasses.replace(reading, intent="definition_period" if reading.time.period else "definition_at")
        interp["intent"] = reading.intent
    if day is None and reading.intent in ("lineage", "freshness", "metric_value"):
        day = reading.time.period.end
        interp["reporting_date"] = day
    handler = {
        "lineage": _lineage,
        "freshness": _freshness,
        "metric_value": _metric_value,
        "definition_period": _period,
    }.get(reading.intent, _definition if day is not None else _period)
    decision = handler(reading, subject, source, day, interp, tools)
    return decision


def _discover(reading: Reading, source: EvidenceSource, day: date, tools) -> tuple[Optional[str], list]:
    """Discovery search for a question no name placed. An entity is taken only when text and
    vector search agree on the same record first and its text holds every word of the question
    (the strict pass); otherwise the hits are only context. Half the words was too little: "what
    does the Board revenue plan say?" took the MRR definition ("revenue", "plan" fees)."""
    if reading.intent == "injection":
        return None, []
    period = (reading.time.period.start, reading.time.period.end) if reading.time.period else None
    # the date words are a filter (day, period), never what a record should match: "last year" must
    # not find the one policy that says "last contact ... years"
    query = " ".join(undated_tokens(reading.question, reading.time.spans))
    result = source.discover(query, day, period)
    if result is None or not result.hits:
        return None, []
    hits = list(result.hits)
    tools.append(ToolCall(name="search", args={
        "query": query, "mode": result.mode, "dropped_stale": result.dropped_stale,
        "scores": [{"evidence_id": h.evidence_id, "score": round(h.score, 4), "text_rank": h.text_rank,
                    "text_match": h.text_match, "vector_rank": h.vector_rank,
                    "vector_score": round(h.vector_score, 4) if h.vector_score is not None else None} for h in hits]},
        result_ids=[h.evidence_id for h in hits]))
    top = hits[0]
    agreed = top.text_rank == 1 and top.vector_rank == 1 and top.text_match == "strict"
    return (top.entity_id if agreed else None), hits


def _representative(revs: list[Revision], day: Optional[date]) -> Revision:
    def key(r: Revision):
        rec = r.record
        return (authoritative(rec), day is not None and rec.effective_on(day), rec.status == Status.current, r.revision)

    return max(revs, key=key)


def _definition_context(subject: Subject, exclude: set[str]) -> list[tuple[Revision, str]]:
    return [
        (r, "context") for r in subject.revisions
        if r.evidence_id not in exclude and r.record.status == Status.draft
    ]


def named_version(revs: list[Revision], version: str) -> list[Revision]:
    """The revisions of the version a question names ("v3"): the record's version exactly, and
    that version with a label after it ("3-draft", "1-corrected")."""
    labelled = re.compile(re.escape(version.lower()) + r"(?:[-_ ][a-z][a-z0-9_ -]*)?")
    return [r for r in revs if labelled.fullmatch((r.record.version or "").lower())]


def _past_approved(revs: list[Revision], as_of: date) -> bool:
    """Whether these revisions of one version hold an authoritative one, and all of them ended before as_of."""
    return any(authoritative(r.record) for r in revs) and all(
        r.record.effective_to is not None and r.record.effective_to < as_of for r in revs)


def _versions_side_by_side(reading: Reading, subject: Subject, source, as_of: date, interp: dict, tools) -> Decision:
    """A question naming two or more versions ("what changed between v1 and v2"), or one approved
    version and no date ("what did churn v1 count?"): the span from the first one's start to the
    last one's end, answered as a period (row 2: each version that is authoritative in it is
    primary, the answer split at the boundaries, so a correction of part of v1 shows as such)."""
    groups = [named_version(subject.revisions, v) for v in reading.versions]
    for version, group in zip(reading.versions, groups):
        if not group:
            return _no_such_version(dataclasses.replace(reading, version=version), subject, interp, tools)
    revs = [r for group in groups for r in group]
    starts = [r.record.effective_from for r in revs if r.record.effective_from]
    ends = [r.record.effective_to or max(as_of, r.record.effective_from or as_of) for r in revs]
    start = min(starts) if starts else min(ends)
    names = "versions " + " and ".join(reading.versions) if len(reading.versions) > 1 else f"version {reading.versions[0]}"
    period = Period(start, max(max(ends), start), f"spanned by {names}")
    return _over_period(reading, subject, source, period, interp, tools)


def _over_period(reading: Reading, subject: Subject, source, period: Period, interp: dict, tools) -> Decision:
    """A definition question answered over a period the policy worked out (a version's span, the history)."""
    interp.update(intent="definition_period", period=period.as_dict(), reporting_date=None)
    spanned = dataclasses.replace(reading, intent="definition_period", time=TimeFinding(period=period, explicit=True))
    return _period(spanned, subject, source, None, interp, tools)


def _history(reading: Reading, subject: Subject, source, as_of: date, interp: dict, tools) -> Decision:
    """"How has X changed?", "all versions of X": the period from the first authoritative version's
    start to as_of, answered as a period (row 2: each version primary, split at the boundaries)."""
    starts = [r.record.effective_from for r in subject.revisions if authoritative(r.record) and r.record.effective_from]
    start = min(starts) if starts else as_of
    period = Period(min(start, as_of), as_of, f"since the first version of {subject.mention}")
    return _over_period(reading, subject, source, period, interp, tools)


def _no_such_version(reading: Reading, subject: Subject, interp: dict, tools) -> Decision:
    """The question names a version the requester can see no record of: answering with another
    version would answer a question that was not asked."""
    known = sorted({r.record.version for r in subject.revisions if r.record.version})
    listed = f" (versions on record: {', '.join(known)})" if known else ""
    return Decision(
        Behavior.abstain, Interpretation(**interp),
        f"No version {reading.version} of {subject.mention} is on record{listed}, so canon does not answer for another "
        "version. Ask without a version, or name one of these.",
        gaps=[f"no version '{reading.version}' of {subject.entity_id}"], tools=tools,
    )


def _version_not_in_force(reading, subject, named, on_day, when, interp, tools) -> Decision:
    """The named version is not what is authoritative on the date the question is about (a draft,
    or a version a correction superseded): say so, and what is, without answering with it."""
    in_force = "; ".join(f"{label(r)} {cite(r)}" for r in on_day)
    # what a draft proposes is quoted as such, since the question names it; never as the answer
    proposals = " ".join(f"The proposal {cite(r)} says, not approved and not in effect: \"{quote(r.record.body)}\"" for r in named
                         if r.record.status == Status.draft)
    return Decision(
        Behavior.abstain, Interpretation(**interp),
        f"Version {reading.version} of {subject.mention} is not the authoritative definition {when}: "
        + "; ".join(f"{label(r)} {cite(r)} is {r.record.status.value}, {r.record.authority.value.replace('_', '-')}"
                    for r in named)
        + f". What is authoritative {when} is {in_force}." + (f" {proposals}" if proposals else ""),
        evidence=[(r, "context") for r in [*named, *on_day]],
        gaps=[f"version '{reading.version}' of {subject.entity_id} is not authoritative {when}"], tools=tools,
    )


def _abstain_no_authority(reading, subject, day_or_label, interp, tools, evidence=()) -> Decision:
    context = [(r, "context") for r in subject.revisions if not authoritative(r.record)]
    lines = [f"{label(r)} {cite(r)} is {r.record.status.value}, {r.record.authority.value.replace('_', '-')}" for r, _ in context]
    text = f"No authorized, authoritative definition of {subject.mention} is effective {day_or_label}, so canon does not answer."
    if lines:
        text += " Not used as authority: " + "; ".join(lines) + "."
    return Decision(
        Behavior.abstain, Interpretation(**interp), text, evidence=list(evidence) + context,
        gaps=[f"no authoritative record of {subject.entity_id} is effective {day_or_label}"], tools=tools,
    )


def _conflict_abstain(subject, revs, day_or_label, interp, tools) -> Decision:
    names = " and ".join(f"{label(r)} {cite(r)}" for r in revs)
    return Decision(
        Behavior.abstain,
        Interpretation(**interp),
        f"Two authoritative records of {subject.mention} are both effective {day_or_label} and neither supersedes "
        f"the other: {names}. canon does not choose between them; the conflict awaits a governance review.",
        evidence=[(r, "conflict") for r in revs],
        gaps=[f"unresolved conflict between {', '.join(r.evidence_id for r in revs)}: needs a review decision"],
        tools=tools,
    )


def _supporting(primary: Revision, source: EvidenceSource, day: date, tools) -> tuple[dict[str, list[Revision]], bool]:
    """Records of the models and sources a definition names, authoritative and effective on day."""
    rec = primary.record
    wanted = {"model": list(rec.model_ids), "sources": list(rec.source_ids)}
    nodes = [n for ids in wanted.values() for n in ids]
    found = source.records_for_nodes(nodes) if nodes else {}
    out: dict[str, list[Revision]] = {"model": [], "sources": [], "lineage": []}
    complete = True
    for part, ids in wanted.items():
        for node in ids:
            revs = [r for r in found.get(node, []) if usable(r) and authoritative(r.record) and r.record.effective_on(day)]
            if not revs:
                complete = False
            for r in revs:
                if r.evidence_id not in {x.evidence_id for x in out[part]}:
                    out[part].append(r)
    # lineage records that state edges into this definition or its models (a model record that
    # states its own edges is already there as the model)
    for r in source.stating_records(sorted(describes(rec) | set(nodes)), end_of(day)):
        if usable(r) and authoritative(r.record) and r.evidence_id not in {x.evidence_id for part in out.values() for x in part}:
            out["lineage"].append(r)
    tools.append(ToolCall(name="supporting_evidence", args={"evidence_id": rec.evidence_id, "date": day.isoformat()},
                          result_ids=[r.evidence_id for part in out.values() for r in part]))
    return out, complete


def _corrected_on(primary: Revision, revisions: list[Revision], day: date) -> list[Revision]:
    """Authoritative records the primary supersedes retroactively on `day`: effective on it too,
    recorded earlier (row 15). An ordinary successor, whose predecessor ended before it began, corrects nothing."""
    named = {primary.record.supersedes} if primary.record.supersedes else set()
    return [r for r in revisions if r is not primary and authoritative(r.record) and r.record.effective_on(day)
            and r.recorded_at < primary.recorded_at
            and (r.evidence_id in named or r.record.superseded_by == primary.evidence_id)]


def _correction_notes(pieces, revisions: list[Revision]) -> tuple[list[str], list[Revision]]:
    """For each (record, start, end) of an answer that retroactively corrects an earlier record over
    those days: a sentence saying so, and the corrected record (cited as context). No recorded_at
    date is named: a bundle's evidence carries effective dates only, and the worded-answer check
    accepts no date the evidence does not give."""
    notes, corrected = [], []
    for rev, start, _ in pieces:
        for old in _corrected_on(rev, revisions, start):
            if old in corrected:
                continue
            corrected.append(old)
            notes.append(f"{label(rev)} {cite(rev)} is a retroactive correction of {label(old)} {cite(old)}, which "
                         "applied to those dates until the correction was recorded; a question asked with a known_at "
                         "before then gets the answer as the catalog held it at that time.")
    return notes, corrected


def _definition(reading: Reading, subject: Subject, source, day: date, interp, tools) -> Decision:
    # authority is decided over every revision of the subject (a correction of the named version
    # supersedes it), then narrowed to the version the question names
    on_day = authoritative_on(subject.revisions, day)
    tools.append(ToolCall(name="definition_at", args={"entity_id": subject.entity_id, "date": day.isoformat()},
                          result_ids=[r.evidence_id for r in on_day]))
    when = f"on {day_text(day)}"
    if reading.version and not reading.time.explicit and on_day:
        named = named_version(subject.revisions, reading.version)
        of_version = [r for r in on_day if r in named]
        if not of_version:
            return _version_not_in_force(reading, subject, named, on_day, when, interp, tools)
        on_day = of_version
    if not on_day:
        return _abstain_no_authority(reading, subject, when, interp, tools)
    ranked = None
    if len(on_day) > 1:
        ranked = apply_rankings(on_day, day, _rankings(source, subject.entity_id, on_day))
        if ranked is None:
            return _conflict_abstain(subject, on_day, when, interp, tools)
        tools.append(ToolCall(name="review_decisions", args={"entity_id": subject.entity_id, "date": day.isoformat()},
                              result_ids=[ranked.winner.evidence_id]))
        on_day = [ranked.winner]
    primary = on_day[0]
    rec = primary.record
    evidence: list[tuple[Revision, str]] = [(primary, "primary")]
    support, complete = _supporting(primary, source, day, tools)
    for part in ("model", "sources", "lineage"):
        # a model asked for is part of the answer (the dossier's Q6); sources stay supporting, as row 1
        # says and as the dossier labels "which raw sources … support Revenue v2?"
        role = "primary" if part == "model" and part in reading.asks else "supporting"
        evidence += [(r, role) for r in support[part]]

    lead = "as of" if interp["date_from"] == "as_of" else "for reporting date"
    version = f" (version {rec.version})" if rec.version else ""
    parts = [f"{lead.capitalize()} {day_text(day)}, {label(primary)}{version} applies {cite(primary)}: \"{quote(rec.body)}\" "
             f"It is {rec.status.value}, {interval(rec)}, owned by {rec.owner or 'no named owner'} {cite(primary)}."]
    if ranked is not None:
        for loser in ranked.losers:
            evidence.append((loser, "context"))
        evidence += [(d.record, "supporting") for d in ranked.decisions if d.record is not None]
        parts.append(f"{label(primary)} {cite(primary)} prevails over " +
                     ", ".join(f"{label(r)} {cite(r)}" for r in ranked.losers) + ", which is also authoritative on that "
                     "date, by " + "; ".join(d.citation() for d in ranked.decisions) + ".")
    notes, corrected = _correction_notes([(primary, day, day)], subject.revisions)
    parts += notes
    evidence += [(r, "context") for r in corrected]
    if rec.grain:
        parts.append(f"Grain: {rec.grain} {cite(primary)}.")
    if support["model"]:
        parts.append("Implemented by " + ", ".join(f"{label(r)} {cite(r)}" for r in support["model"]) + ".")
    elif "model" in reading.asks:
        parts.append(f"No authorized, authoritative model record effective {when} is linked to it {cite(primary)}.")
    if support["sources"]:
        parts.append("Fed by sources " + ", ".join(f"{label(r)} {cite(r)}" for r in support["sources"]) + ".")
    if support["lineage"]:
        parts.append("Lineage is stated by " + ", ".join(f"{label(r)} {cite(r)}" for r in support["lineage"]) + ".")

    behavior = Behavior.answer
    gaps: list[str] = []
    conflicts: list[Revision] = []
    drafts = [r for r in subject.revisions if r.record.status == Status.draft]
    if reading.intent == "definition_includes":
        topic = known_topic(reading.topic, [r.record for r in subject.revisions],
                            frozenset(w.lower() for w in _ACRONYM.findall(reading.question)))
        said = sentences_about(rec.body, topic)
        if said:
            parts.append(f"On {' '.join(topic)}, it says: \"{quote(' '.join(said), 2000)}\" {cite(primary)}.")
        else:
            parts.append(f"It does not mention {' '.join(topic)} {cite(primary)}.")
            gaps.append(f"the applicable definition does not mention '{' '.join(topic)}'")
        if reading.approved_only:  # row 5b: "approved definition only" makes no draft a conflict
            conflicts, unmatched = [], []
        else:
            conflicts = [r for r in drafts if any(not _UNCHANGED.search(fold(x)) for x in _proposals_about(r.record.body, topic))]
            unmatched = [] if conflicts else _drafts_in_another_language(reading, topic, subject.revisions, drafts)
        for r in unmatched:
            parts.append(f"A {r.record.status.value} proposal, {label(r)} {cite(r)}, would change this definition; the question "
                         f"is not written in the language of the records, so whether it touches '{' '.join(topic)}' cannot be "
                         f"read from their words, and it is shown rather than ruled out {cite(r)}. It is not approved and not "
                         f"in effect {when}, so it does not change the answer {cite(r)}.")
            evidence.append((r, "conflict"))
            behavior = Behavior.answer_with_conflict
    elif reading.intent == "definition_at" and not reading.approved_only:
        conflicts = [r for r in drafts if r.record.effective_from and r.record.effective_on(day)]
    for r in conflicts:
        said = sentences_about(r.record.body, topic) if reading.intent == "definition_includes" else []
        detail = f" It proposes: \"{quote(' '.join(said), 2000)}\"." if said else ""
        parts.append(
            f"A {r.record.status.value} proposal, {label(r)} {cite(r)}, would change this.{detail} It is not approved "
            f"and not in effect {when}, so it does not change the answer {cite(r)}."
        )
        evidence.append((r, "conflict"))
        behavior = Behavior.answer_with_conflict
    if reading.intent == "definition_current":
        for r, role in _definition_context(subject, {e.evidence_id for e, _ in evidence}):
            parts.append(f"Not approved and not used: {label(r)} {cite(r)} ({r.record.status.value}), which proposes: "
                         f"\"{quote(r.record.body, 200)}\"")
            evidence.append((r, role))
    return Decision(behavior, Interpretation(**interp), " ".join(parts), evidence=evidence, gaps=gaps, tools=tools,
                    complete=complete and not gaps)


def _period(reading: Reading, subject: Subject, source, day, interp, tools) -> Decision:
    period = reading.time.period
    pieces = authoritative_over(subject.revisions, period.start, period.end)
    tools.append(ToolCall(name="definitions_over_period",
                          args={"entity_id": subject.entity_id, "start": period.start.isoformat(), "end": period.end.isoformat()},
                          result_ids=sorted({p[0].evidence_id for p in pieces})))
    span = f"in the period {period.label} ({period.start.isoformat()} to {period.end.isoformat()})"
    if not pieces:
        return _abstain_no_authority(reading, subject, span, interp, tools)
    pieces, ranked_by = _trim_ranked(pieces, _rankings(source, subject.entity_id, [p[0] for p in pieces]))
    for i, (a, s1, e1) in enumerate(pieces):
        for b, s2, e2 in pieces[i + 1:]:
            if a.evidence_id != b.evidence_id and s2 <= e1 and s1 <= e2:
                return _conflict_abstain(subject, [a, b], span, interp, tools)
    revs = []
    for rev, _, _ in pieces:
        if rev.evidence_id not in {r.evidence_id for r in revs}:
            revs.append(rev)
    notes, corrected = _correction_notes(pieces, subject.revisions)
    if ranked_by:
        notes.append("Where two authoritative definitions overlap, the " + "; the ".join(d.citation() for d in ranked_by)
                     + " decides which applies.")
    correction = " " + " ".join(notes) if notes else ""
    corrected = corrected + [d.record for d in ranked_by if d.record is not None]
    covered = sum(((e - s).days + 1) for _, s, e in pieces)
    total = (period.end - period.start).days + 1
    gaps = []
    if covered < total:
        gaps.append(f"part of the period {period.label} has no authoritative definition of {subject.entity_id}")
    if len(revs) == 1:
        rev = revs[0]
        text = (f"For the period {period.label} ({period.start.isoformat()} to {period.end.isoformat()}), {label(rev)} applies "
                f"{cite(rev)}: \"{quote(rev.record.body)}\" It is {interval(rev.record)} {cite(rev)}.")
        if gaps:
            s, e = pieces[0][1], pieces[0][2]
            text += f" It covers only {s.isoformat()} to {e.isoformat()} of the period {cite(rev)}."
        # row 5: a draft proposed to take effect inside the period would change the answer for part of it
        drafts = [r for r in subject.revisions if r.record.status == Status.draft and r.record.effective_from
                  and r.record.overlaps(period.start, period.end)] if not reading.approved_only else []
        text += correction
        evidence = [(rev, "primary")] + [(r, "conflict") for r in drafts] + [(r, "context") for r in corrected]
        for r in drafts:
            text += (f" A {r.record.status.value} proposal, {label(r)} {cite(r)}, would change this from "
                     f"{max(r.record.effective_from, period.start).isoformat()}. It is not approved, so it does not "
                     f"change the answer {cite(r)}.")
        return Decision(Behavior.answer_with_conflict if drafts else Behavior.answer, Interpretation(**interp), text,
                        evidence=evidence, gaps=gaps, tools=tools, complete=not gaps)
    lines = [f"from {s.isoformat()} to {e.isoformat()}, {label(r)} {cite(r)}: \"{quote(r.record.body, 300)}\"" for r, s, e in pieces]
    text = (f"The period {period.label} ({period.start.isoformat()} to {period.end.isoformat()}) crosses a definition "
            f"boundary of {subject.mention}, so canon splits it: " + "; ".join(lines) +
            ". If you need one number for the whole period, say which convention to use (restate under one definition, "
            "or report each part under its own).")
    text += correction
    evidence = [(r, "primary") for r in revs] + [(r, "context") for r in corrected if r not in revs]
    return Decision(Behavior.clarify_or_split, Interpretation(**interp), text, evidence=evidence,
                    gaps=gaps + [f"{len(revs)} definitions cover the period {period.label}; choose a convention"], tools=tools)


def _trim_ranked(pieces: list[tuple[Revision, date, date]], decisions):
    """Remove from a loser's pieces the days where a live decision ranks a present winner above it;
    (the pieces left, the decisions that removed days)."""
    present = {r.evidence_id for r, _, _ in pieces}
    out, used = [], []
    for rev, start, end in pieces:
        spans = [(start, end)]
        for d in decisions:
            if d.loser != rev.evidence_id or d.winner not in present:
                continue
            trimmed = subtract(spans, d.valid_from or date.min, d.valid_to or date.max)
            if trimmed != spans and d not in used:
                used.append(d)
            spans = trimmed
        out += [(rev, s_, e_) for s_, e_ in spans]
    return sorted(out, key=lambda t: (t[1], t[0].evidence_id)), used


def _rankings(source: EvidenceSource, entity_id: str, candidates: list[Revision]) -> list:
    """The live review decisions that may rank these records: made with `canon review`, and stated
    by review-decision records the requester may retrieve (resolver.reports.rankings_in)."""
    ids = sorted({r.evidence_id for r in candidates})
    decisions = list(source.decisions(entity_id))
    if len(ids) > 1:
        records = list(source.decision_records())
        # a decision record that a later decision record the requester also sees supersedes ("vervangt besluit
        # 2025-017") ranks nothing any more; as known before that later one was recorded, it still does
        present = {rev.evidence_id for rev in records}
        for rev in records:
            if rev.record.superseded_by in present:
                continue
            decisions += rankings_in(rev, ids)
    return decisions


_MEASURED = re.compile(r"metric|kpi|measure|indicator|semantic|ratio|rate")


def _metric_value(reading: Reading, subject: Subject, source, day, interp, tools) -> Decision:
    when = reading.time.period.end if reading.time.period else day
    on_day = authoritative_on(subject.revisions, when)
    evidence = [(on_day[0], "context")] if len(on_day) == 1 else []
    text = (f"canon does not compute values of {subject.mention}: the number must come from executing the metric "
            "in a semantic layer, and none is configured.")
    if evidence:
        r = evidence[0][0]
        text += f" The definition that applies on {when.isoformat()} is {label(r)} {cite(r)}."
    return Decision(Behavior.abstain, Interpretation(**interp), text, evidence=evidence,
                    gaps=["the value must come from executing the metric; no semantic-layer executor is configured"], tools=tools)


_CHECK_KINDS = {"source_freshness": "freshness check", "run_result": "dbt run", "openlineage_run": "OpenLineage run"}


def _freshness(reading: Reading, subject: Subject, source, day, interp, tools) -> Decision:
    nodes = sorted({n for r in subject.revisions for n in describes(r.record)})
    observations = list(source.freshness(nodes))
    observations += [o for o in (freshness_of(rev, nodes) for rev in source.checked_by(nodes)) if o is not None]
    tools.append(ToolCall(name="freshness", args={"nodes": nodes}, result_ids=[]))
    if not observations:
        return Decision(Behavior.abstain, Interpretation(**interp),
                        f"No freshness check of {subject.mention} is recorded, so canon cannot say whether it is fresh; "
                        "it does not infer freshness from documentation.",
                        gaps=[f"no recorded freshness result for {subject.entity_id}"], tools=tools)
    by_then = [o for o in observations if o.checked_at.date() <= day]  # a check after the reporting date says nothing of it
    if not by_then:
        return Decision(Behavior.abstain, Interpretation(**interp),
                        f"No freshness check of {subject.mention} is recorded on or before {day.isoformat()}; the first "
                        "recorded one is later, so canon cannot say whether it was fresh then.",
                        gaps=[f"no recorded freshness result for {subject.entity_id} on or before {day.isoformat()}"],
                        tools=tools)
    latest = max(by_then, key=lambda o: o.checked_at)
    rev = _representative(subject.revisions, day)
    loaded = f", data loaded up to {latest.max_loaded_at.isoformat()}" if latest.max_loaded_at else ""
    criteria = f" (criteria: {latest.criteria})" if latest.criteria else ""
    age = (day - latest.checked_at.date()).days
    what = _CHECK_KINDS.get(latest.kind, "freshness check")
    staleness = f" That {what} is {age} day(s) old as of {day.isoformat()}; nothing newer is recorded." if age > 0 else ""
    text = (f"The latest recorded {what} of {subject.mention} {cite(rev)} at {latest.checked_at.isoformat()} "
            f"returned {latest.status}{loaded}{criteria}; recorded by {latest.origin}.{staleness}")
    if latest.record is not None:  # the check is a record of its own: the answer rests on it
        return Decision(Behavior.answer, Interpretation(**interp), text, evidence=[(latest.record, "primary"), (rev, "supporting")],
                        tools=tools, complete=True)
    # the answer rests on the recorded check; the record only identifies what was checked
    role = "primary" if authoritative(rev.record) else "supporting"
    return Decision(Behavior.answer, Interpretation(**interp), text, evidence=[(rev, role)], tools=tools, complete=True)


_LIST_LIMIT = 40  # nodes named in a lineage answer; all of them stay in the tool result
_EVIDENCE_LIMIT = 100  # node records attached as evidence, nearest first


_COLUMN_NAMED = (re.compile(r"\bcolumns?\s+[`'\"]?([a-z_][a-z0-9_]*)"), re.compile(r"[`'\"]?([a-z_][a-z0-9_]*)[`'\"]?\s+columns?\b"))


def _lineage(reading: Reading, subject: Subject, source, day, interp, tools) -> Decision:
    revs = subject.revisions
    named = named_version(revs, reading.version) if reading.version else []
    anchor_revs = named or authoritative_on(revs, day) or revs
    anchor = _representative(anchor_revs, day)
    rec = anchor.record
    upstream = reading.direction != "downstream"
    view = source.lineage()
    seeds = sorted(n for n in describes(rec) | {subject.entity_id} if n in view.graph)
    # a column of the subject named ("drop column `amount` from stg_payments"): column-level lineage from it
    columns = {m[1] for pattern in _COLUMN_NAMED for m in pattern.finditer(fold(reading.question))}
    column_seeds = sorted(f"{n}#{c}" for n in seeds for c in columns if f"{n}#{c}" in view.graph)
    seeds = column_seeds or seeds
    reached: dict[str, int] = {}
    used = []

    def walk_from(node: str, offset: int) -> None:
        nodes, edges = view.walk(node, upstream=upstream, at=end_of(day))
        for n, d in nodes.items():
            reached[n] = min(d + offset, reached.get(n, d + offset))
        used.extend(edges)

    for seed in seeds:
        walk_from(seed, 0)
    if upstream:  # the models a definition names implement it directly, stated edges or not
        for model in rec.model_ids:
            if model not in seeds:
                reached[model] = 1
                if model in view.graph:
                    walk_from(model, 1)
    for seed in seeds:
        reached.pop(seed, None)
    tools.append(ToolCall(name="lineage", args={"nodes": seeds, "direction": "upstream" if upstream else "downstream",
                                                "at": day.isoformat()}, result_ids=sorted(reached)))
    if not reached:
        return Decision(Behavior.abstain, Interpretation(**interp),
                        f"No lineage of {subject.mention} {cite(anchor)} is recorded as of {day.isoformat()}; canon does not "
                        "infer lineage from prose.", evidence=[(anchor, "context")],
                        gaps=[f"no lineage edges recorded for {subject.entity_id}"], tools=tools)
    node_records = source.records_for_nodes(sorted(reached))
    # the records that state the edges walked: lineage records, and a definition naming its models
    # and sources (not the subject's own definitions: the anchor of the walk, and its other versions)
    own = {r.evidence_id for r in revs} | {anchor.evidence_id}

    def stating_edge(e) -> bool:
        return e.origin_kind == "record" or (e.origin_kind == "definition" and e.origin not in own)

    stated_by = sorted({e.origin for e in used if stating_edge(e)})
    stating = source.records_for_nodes(stated_by) if stated_by else {}
    evidence: list[tuple[Revision, str]] = []
    seen: set[str] = set()

    def add(rev: Revision, role: str):
        if rev.evidence_id not in seen and usable(rev):
            seen.add(rev.evidence_id)
            evidence.append((rev, role))

    direct = {n for n, d in reached.items() if d == 1} | set(rec.model_ids)
    # a lineage record is primary when it states the edges into the subject or its direct models;
    # one that only shares an upstream edge supports the answer, and so does a definition that names
    # its models and sources (a record of a node on the path, row 10)
    def stating_into(nodes: set[str]) -> set[str]:
        return {e.origin for e in used if e.origin_kind == "record" and (e.target in nodes if upstream else e.source in nodes)}

    # (the records stating the subject's own edges, when there are any: one that states only an edge of
    # a direct model, which another subject's lineage may share, then supports)
    # (downstream, what breaks: every lineage record stating an edge of the blast radius is what the answer
    # rests on, "stg -> fct_mrr" and "fct_mrr -> fct_nrr_cohorts -> NRR" alike)
    about_subject = (stating_into(set(seeds)) or stating_into(set(seeds) | direct) if upstream
                     else {e.origin for e in used if e.origin_kind == "record"})
    # the models that implement the subject (upstream) are primary unless the question asks only for
    # sources; downstream, the models on the path are primary when the question asks which models
    # ("what breaks - which dbt models - if X changes?"), else records of nodes on the path as any other
    models_asked = ("model" in reading.asks) or (upstream and not reading.asks)
    stating_subject = [r for origin in stated_by for r in stating.get(origin, [])
                       if r.evidence_id == origin and origin in about_subject and authoritative(r.record)]
    # a lineage record stating the subject's edges is primary; a model or source record that states its
    # own parents is a record of a node on the path (row 10), primary only when no lineage record states them
    lineage_stated = any(r.record.entity_type not in _NODE_TYPES for r in stating_subject)
    stated = [r for origin in stated_by for r in stating.get(origin, []) if r.evidence_id == origin]
    for r in stated:
        if r in stating_subject and not (r.record.entity_type in _NODE_TYPES and lineage_stated):
            add(r, "primary")
    def pick(revs_):
        good = [r for r in revs_ if usable(r) and r.record.effective_on(day)]
        return good or [r for r in revs_ if usable(r)]
    for node in sorted(reached, key=lambda n: (reached[n], n))[:_EVIDENCE_LIMIT]:
        for r in pick(node_records.get(node, [])):
            primary = _is_model(r, node) and models_asked and authoritative(r.record) and (node in direct or not upstream)
            add(r, "primary" if primary else "supporting")
    for r in stated:  # the other records stating the edges walked support the answer
        add(r, "supporting")
    if not any(role == "primary" for _, role in evidence) and any(e.origin_kind == "definition" and e.origin in own for e in used):
        # no other record the requester may retrieve states them: the subject's own record, which names its
        # parents ("an exposure that depends on fct_orders"), is what the edges rest on
        add(anchor, "primary")
    add(anchor, "supporting")

    def show(node: str) -> str:
        revs_ = [r for r in pick(node_records.get(node, [])) if r.evidence_id in seen]
        return f"{label(revs_[0])} {cite(revs_[0])}" if revs_ else node

    def kind(n: str) -> str:
        revs_ = node_records.get(n, [])
        if revs_:
            return revs_[0].record.entity_type
        return n.split(".", 1)[0] if "." in n.split(":", 1)[0] else "dataset"

    groups: dict[str, list[str]] = {}
    listed: set[str] = set()  # a record's entity and its evidence id are two nodes, one thing to list
    for n in sorted(reached, key=lambda n: (reached[n], n)):
        shown_as = show(n)
        if shown_as not in listed:
            listed.add(shown_as)
            groups.setdefault(kind(n), []).append(n)
    by = ", ".join(f"[{o}]" for o in stated_by if o in seen) or "the lineage graph (dbt and OpenLineage)"
    word = "Upstream of" if upstream else "Downstream of"
    shown, listing = 0, []
    for k in sorted(groups, key=lambda k: (k not in MODEL_TYPES, k not in SOURCE_TYPES, k)):
        names = groups[k][: max(0, _LIST_LIMIT - shown)]
        shown += len(names)
        if names:
            more = f" and {len(groups[k]) - len(names)} more" if len(names) < len(groups[k]) else ""
            listing.append(f"{k.replace('_', ' ')}: " + ", ".join(show(n) for n in names) + more)
    count = len(listed)
    text = f"{word} {label(anchor)} {cite(anchor)} as of {day.isoformat()} ({count} node{'' if count == 1 else 's'}): " + "; ".join(listing)
    text += f". Edges as recorded by {by}."
    missing = [n for n in reached if n not in node_records]
    return Decision(Behavior.answer, Interpretation(**interp), text, evidence=evidence,
                    gaps=[f"no catalog record for lineage node {n}" for n in sorted(missing)], tools=tools,
                    complete=not missing)


_ORIGIN_WORDS = {"dbt": "dbt artifacts", "openlineage": "OpenLineage events", "record": "lineage records",
                 "definition": "the models and sources definitions name"}


_NODE_KIND_CUES = {"source": ("source.",), "sources": ("source.",), "model": ("model.",), "models": ("model.",),
                   "seed": ("seed.",), "table": ("model.", "source."), "dataset": ("dataset.", "source.")}


_NODE_TYPES = MODEL_TYPES | SOURCE_TYPES  # records of lineage nodes themselves


def _is_model(rev: Revision, node: str) -> bool:
    """A record of a model on a lineage path (by its type, or by the dbt node it describes); a seed is
    a loaded file, not a model a question for models asks about."""
    if rev.record.entity_type == "seed" or node.startswith("seed."):
        return False
    return rev.record.entity_type in MODEL_TYPES or node.startswith("model.")


def _denied(interp: dict, tools) -> Decision:
    """Row 4: records of the subject exist and the requester may retrieve none; nothing of them is said."""
    return Decision(
        Behavior.deny,
        Interpretation(**interp),
        "You are not authorized to see any record about this subject, so canon cannot answer. "
        "Ask your data governance team for access if you need it.",
        gaps=["access denied: no record of the subject is retrievable with your roles"],
        tools=tools,
    )


def _entity_of_node(node: str, source: EvidenceSource) -> Optional["Subject"]:
    """The entity whose visible records describe a lineage node, as a subject (named by the node)."""
    base = node.partition("#")[0]
    revs = [r for r in source.records_for_nodes([base]).get(base, []) if usable(r)]
    entity_ids = {r.record.entity_id for r in revs}
    if len(entity_ids) != 1:
        return None
    (entity_id,) = entity_ids
    view = source.entities([entity_id]).get(entity_id, EntityView())
    visible = [r for r in view.visible if usable(r)]
    return Subject(entity_id, visible, node) if visible else None


_DATASET_URI = re.compile(r"([a-z][a-z0-9+.-]*://[^/\s]+)/(.+)")


def _node_named(reading: Reading, source: EvidenceSource) -> tuple[Optional[str], bool]:
    """A lineage node no record name matched, written by its short name ("what feeds fct_orders?"
    for model.shop.fct_orders, "tbl1" for file:/tmp/data/tbl1, "tbl1.agg" for its column,
    "shop_db.orders" for source.tessera.shop_db.orders): the one
    node of that name the requester can walk. Several of one name, a word of the question ("model",
    "source") may decide; otherwise none is chosen. Also whether the name matched only nodes whose
    records the requester may not retrieve (row 4: denied)."""
    view = source.lineage()
    words_ = [w for w in undated_tokens(reading.question, reading.time.spans) if len(w) >= 3 and not is_function_word(w)]
    found: list[str] = []
    hidden = False
    for w in words_:
        table, dot, column = w.rpartition(".")
        uri = _DATASET_URI.fullmatch(w)
        if uri is not None:  # "postgres://warehouse:5432/analytics.public.orders": namespace and name, as OpenLineage writes them
            candidates = [n for n in (f"{uri[1]}:{uri[2]}", w) if n in view.graph] or view.graph.nodes_named(uri[2])
        elif dot and table and column and "." not in table:  # "tbl1.agg": a column of the node named tbl1
            candidates = [f"{n}#{column}" for n in view.graph.nodes_named(table) if f"{n}#{column}" in view.graph]
            if not candidates:  # "shop_db.orders": a dbt source written as its source name and table
                candidates = [n for n in view.graph.nodes_named(column) if n.lower().endswith("." + w)]
        else:
            candidates = view.graph.nodes_named(w)
        for node in candidates:
            if not view.node_allowed(node):
                hidden = True
            elif node not in found and (view.walk(node, upstream=True)[0] or view.walk(node, upstream=False)[0]):
                found.append(node)
    if len(found) > 1:
        prefixes = tuple(p for w in words_ for p in _NODE_KIND_CUES.get(w, ()))
        typed = [n for n in found if prefixes and n.startswith(prefixes)]
        found = typed if len(typed) == 1 else found
    return (found[0] if len(found) == 1 else None), hidden and not found


def _node_lineage(reading: Reading, node: str, source: EvidenceSource, day: date, interp, tools) -> Decision:
    """Lineage of a node written out in the question (a column `model.x.y#col`, a dataset)."""
    interp["reporting_date"] = day
    interp["intent"] = "lineage"
    upstream = reading.direction != "downstream"
    interp["direction"] = "upstream" if upstream else "downstream"
    interp["mention"] = node
    view = source.lineage()
    if node not in view.graph:
        return Decision(Behavior.abstain, Interpretation(**interp),
                        f"No lineage of {node} is recorded; canon does not infer lineage from prose.",
                        gaps=[f"no lineage edges recorded for {node}"], tools=tools)
    if not view.node_allowed(node):
        return _denied(interp, tools)
    reached, used = view.walk(node, upstream=upstream, at=end_of(day))
    tools.append(ToolCall(name="lineage", args={"nodes": [node], "direction": interp["direction"], "at": day.isoformat()},
                          result_ids=sorted(reached)))
    if not reached:
        return Decision(Behavior.abstain, Interpretation(**interp),
                        f"No {'upstream' if upstream else 'downstream'} lineage of {node} is recorded as of {day.isoformat()}.",
                        gaps=[f"no lineage edges recorded for {node}"], tools=tools)
    bases = sorted({n.partition("#")[0] for n in reached} | {node.partition("#")[0]})
    records = source.records_for_nodes(bases)
    stated = sorted({e.origin for e in used if e.origin_kind == "record"})
    stating = source.records_for_nodes(stated) if stated else {}
    evidence: list[tuple[Revision, str]] = []
    seen: set[str] = set()
    for origin in stated:
        for r in stating.get(origin, []):
            if r.evidence_id == origin and usable(r) and r.evidence_id not in seen:
                seen.add(r.evidence_id)
                evidence.append((r, "primary" if authoritative(r.record) else "supporting"))
    for base in bases[:_EVIDENCE_LIMIT]:
        # a node that is an entity with several versions: the one in force on the day, else the most telling one
        usable_ = [r for r in records.get(base, []) if usable(r)]
        chosen = authoritative_on(usable_, day) or ([_representative(usable_, day)] if usable_ else [])
        records[base] = chosen
        for r in chosen:
            if r.evidence_id not in seen:
                seen.add(r.evidence_id)
                # the models on the path are what "which models ..." asks for (as in _lineage)
                asked = "model" in reading.asks and authoritative(r.record) and _is_model(r, base)
                evidence.append((r, "primary" if asked else "supporting"))

    def show(n: str) -> str:
        revs_ = [r for r in records.get(n.partition("#")[0], []) if r.evidence_id in seen]
        return f"{n} {cite(revs_[0])}" if revs_ else n

    names: list[str] = []
    listed: set[str] = set()
    for n in sorted(reached, key=lambda n: (reached[n], n)):
        cited = show(n)
        if cited != n and cited.rpartition(" ")[2] in listed:
            continue  # one record reached as two nodes (its evidence id and its entity) is listed once
        listed.add(cited.rpartition(" ")[2])
        names.append(cited)
    shown_names = names[:_LIST_LIMIT]
    more = f" and {len(names) - len(shown_names)} more" if len(names) > len(shown_names) else ""
    names = shown_names
    origins = sorted({_ORIGIN_WORDS.get(e.origin_kind, e.origin_kind) for e in used})
    text = (f"{'Upstream' if upstream else 'Downstream'} of {node} as of {day.isoformat()}: " + ", ".join(names) + more +
            f". Edges from {', '.join(origins)}" + (" stated by " + ", ".join(f"[{o}]" for o in stated if o in seen) if stated else "") + ".")
    return Decision(Behavior.answer, Interpretation(**interp), text, evidence=evidence, tools=tools,
                    complete=all(n.partition("#")[0] in records for n in reached))
