"""Entity resolution over entity ids, titles and aliases.

Names are matched as token sequences of the question: case- and accent-insensitive, with one
typo tolerated per name (in a word of five or more letters). The longest matched span wins, so
the exact name "revenue" is never taken for "recurring revenue", and "recurring revenue" beats
"revenue" when the question says it.
"""
from __future__ import annotations

import os
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Optional, Protocol

from resolver.intents import COMMON_WORDS, is_function_word
from resolver.text import CJK_CHAR, EAST_ASIAN, HAN_KANA, SPELT_LETTER, edit_distance_at_most_one, fold, stems, tokens

# Words that say what kind of thing a title describes, not which thing: stripped from the ends
# of titles to get the name people use ("Revenue metric v1" -> "revenue").
_KIND_WORDS = {
    "metric", "metrics", "definition", "definitions", "model", "schema", "draft", "proposal", "policy",
    "page", "doc", "document", "wiki", "note", "spec", "specification", "the", "a", "an", "of",
    "metrika", "definice", "navrh", "koncept", "stranka", "dokument", "poznamka",
}
_VERSION = re.compile(r"^(?:v\d+[a-z0-9-]*|\d+(?:-draft)?|version|verze)$")
# Words that say what a metric measures, not which one: people drop them ("the policy retention
# definition" for "Policy retention rate"), so a name is also found, less surely, without them
_MEASURE_WORDS = ("rate", "ratio", "rates", "ratios", "percentage", "time")
_CJK_MEASURE_WORDS = ("率",)  # "M1+ 逾期" for "M1+逾期率" (a name's rate, left unsaid; not Korean, whose words run on: "승인된")
_MAX_NAME_TOKENS = 8
_MAX_CJK_NAME_CHARS = 16
_MAX_THAI_NAME_CHARS = 32  # a Thai letter says less than a Chinese character: "จำนวนวันสินค้าคงคลัง" is 20


def name_forms(name: str) -> set[str]:
    """The token sequences under which a name is matched; a title with a part in parentheses is
    also matched without it ("Site activation time (Site Management)" is "site activation time"),
    and a title with a colon by either side of it."""
    bare = _PARENTHESES.sub(" ", name)
    forms = _forms(name) | (_forms(bare) if bare != name and tokens(bare) else set())
    for short in _dbt_short_names(name):
        forms.add(" ".join(tokens(short)))  # as written: "fct attrition" would head "attrition"
        if name.startswith("source.") and "." not in short and short.count("_") >= 2:  # a source table of three words or more is also said in words
            forms.add(short.replace("_", " "))
    # "Portfolio Steering Committee memo 2026-04: ONC-417 rescue plan" is also "ONC-417 rescue plan"
    # (each side of a title's colon, of three words or more)
    if ": " in bare:
        for part in bare.split(": "):
            if len(tokens(part)) >= 3:
                forms |= _forms(part)
    return forms


_PARENTHESES = re.compile(r"\([^()]*\)")
_DBT_ID = re.compile(r"^(model|seed|snapshot|source)\.[\w-]+\.([\w.-]+)$")
_VERSION_SEGMENT = re.compile(r"^v\d+$")


def _dbt_short_names(name: str) -> list[str]:
    """What people call a dbt node whose unique id is the name: a model by its name ("fct_orders" of
    model.shop.fct_orders, of model.shop.fct_orders.v2 too), a source by its source and table
    ("hospital.bed_census") and by a table name that is an identifier ("bed_census", not "orders":
    a plain word stays a word)."""
    m = _DBT_ID.match(name.strip().lower())
    if m is None:
        return []
    parts = [p for p in m[2].split(".") if p]
    if m[1] == "source":
        if len(parts) < 2:
            return []
        table = parts[-1]
        return [f"{parts[-2]}.{table}"] + ([table] if not table.isalpha() else [])
    while len(parts) > 1 and _VERSION_SEGMENT.match(parts[-1]):
        parts.pop()
    return [parts[-1]] if parts and not parts[-1].isalpha() else []


def _forms(name: str) -> set[str]:
    toks = tokens(name)
    forms = {" ".join(toks)} if toks else set()
    unversioned = list(toks)  # "Policy retention rate v1" is also "policy retention rate"
    while len(unversioned) > 1 and _VERSION.match(unversioned[-1]):
        unversioned.pop()
    forms.add(" ".join(unversioned))
    core = list(toks)
    changed = True
    while core and changed:
        changed = False
        for end in (0, -1):
            if core and (core[end] in _KIND_WORDS or _VERSION.match(core[end])):
                core.pop(end)
                changed = True
    if core:
        forms.add(" ".join(core))
    return {spaced for form in forms if form for spaced in _with_spaces(form)}


def _with_spaces(form: str) -> set[str]:
    """A form, and for an identifier written with underscores, or a name with hyphens, also as words
    ("fct_revenue" ~ "fct revenue", "dock-to-stock time" ~ "dock to stock time")."""
    if "." in form or not ("_" in form or "-" in form):
        return {form}
    return {form, re.sub(r"[_-]", " ", form)}


def whole_forms(name: str) -> set[str]:
    """The forms of a name as written, nothing stripped: "AOV" is a whole name, "AOV wiki" read as
    "aov" is not (name_forms drops the kind word)."""
    whole = " ".join(tokens(name))
    return _with_spaces(whole) if whole else set()


@dataclass(frozen=True)
class Match:
    start: int  # token index in the question
    end: int  # exclusive
    entity_ids: frozenset[str]
    exact: bool
    name: str
    written: str = ""  # the words as the question wrote them ("AOV"), when they could be mapped back

    @property
    def shown(self) -> str:
        """How an answer names the mention: as written when it is the name exactly, else the name."""
        if self.written and self.exact:
            return self.written
        # a name in Chinese or Japanese characters is read one character a token: shown without the spaces
        return _HAN_KANA_SPACE.sub("", self.name)

    @property
    def length(self) -> int:
        return self.end - self.start


_HAN_KANA_SPACE = re.compile(f"(?<=[{HAN_KANA}]) (?=[{HAN_KANA}])")


def typo_words(form: str) -> list[str]:
    """Words of a name form that a typo may be tolerated in: plain words of four letters or more
    (identifiers such as model.shop.fct_orders are matched only as written), Bengali and Tamil words
    of two letters or more (a case ending joins them: case_bases); and for a name ending in
    Chinese, Japanese or Korean characters, its last two ("ル率" of "出品者キャンセル率"), by which a
    name's shorter tail is found (_cjk_tail_matches)."""
    words_ = form.split(" ")
    found = [w for w in words_ if (len(w) >= 4 and w.isalpha()) or (len(w) >= 2 and is_indic_word(w))]
    if len(words_) >= 3 and all(EAST_ASIAN.fullmatch(w) for w in words_[-2:]):
        found.append(words_[-2] + words_[-1])
    return found



class NameLookup(Protocol):
    """Where names live: in memory (EntityIndex) or in the catalog (its SQL implementation)."""

    def forms(self, candidates: list[str]) -> dict[str, set[str]]:
        """Of these candidate forms, the ones that are names -> their entity ids."""
        ...

    def near_words(self, token: str) -> list[str]:
        """Vocabulary words within one edit of `token`, or of its stem (another case or an English
        inflection of the same word: "tržeb", "churned"); not `token` itself."""
        ...

    def forms_with_word(self, word: str, limit: Optional[int] = None) -> list[str]:
        """The name forms holding `word` (a word of typo_words), in order; at most `limit`."""
        ...


class DeletionIndex:
    """Symmetric-delete lookup over a vocabulary: words one edit away, found without a scan, and
    words of the same stem (another case of the same word: "tržeb" for "tržby")."""

    def __init__(self, vocabulary: Iterable[str]):
        self._deletes: dict[str, set[str]] = defaultdict(set)
        self._stems: dict[str, set[str]] = defaultdict(set)
        self._prefixes: dict[str, set[str]] = defaultdict(set)  # the first letters of long words (long_stem)
        self._words: set[str] = set()
        for word in vocabulary:
            self._words.add(word)
            if len(word) >= _LONG_STEM:
                self._prefixes[word[:_LONG_STEM]].add(word)
            for variant in _one_deletions(word):
                self._deletes[variant].add(word)
            for stem in stems(word):
                self._stems[stem].add(word)

    def near(self, token: str) -> list[str]:
        candidates: set[str] = set()
        for variant in _one_deletions(token):
            candidates |= self._deletes.get(variant, set())
        near = {w for w in candidates if w != token and edit_distance_at_most_one(token, w)}
        for stem in stems(token):
            near |= self._stems.get(stem, set()) - {token}
        near |= {base for base in case_bases(token) if base in self._words}
        if len(token) >= _LONG_STEM:
            near |= {w for w in self._prefixes.get(token[:_LONG_STEM], ()) if w != token and long_stem(token, w)}
        near |= {word for word in ABBREVIATIONS.get(token, ()) if word in self._words}
        return sorted(near)


# the abbreviations people write for a name's word ("roaming rev defn") that stand for nothing else
ABBREVIATIONS = {"rev": ("revenue", "revenues"), "qty": ("quantity",), "avg": ("average",), "pct": ("percent", "percentage"),
                 "amt": ("amount",), "txn": ("transaction",), "txns": ("transactions",), "acct": ("account",),
                 "accts": ("accounts",), "cust": ("customer",), "custs": ("customers",), "mgmt": ("management",),
                 "vol": ("volume",), "dept": ("department",), "cnt": ("count",), "util": ("utilization", "utilisation")}


# case endings added to a whole word: Danish/Norwegian definite forms ("rettidigheden"), Finnish
# ("nettoverokertymään"), Hungarian ("adóhátralékra", "adóbevételből"), Romanian ("încasărilor",
# "timpului"), Turkish ("amortismanı"); the word without it must be a name's word of five letters or more
_CASE_ENDINGS = ("erne", "ene", "en", "et", "ne", "n", "a", "an", "aan", "ssa", "sta", "lla", "lta", "lle", "na", "ksi", "ta",
                 "ra", "re", "ban", "ben", "bol", "nak", "nek", "rol", "hoz", "hez", "val", "vel", "t", "on", "ul", "ui", "ului",
                 "lor", "ilor", "ei", "le", "i", "in", "un", "de", "da", "te", "den", "dan", "ten", "tan", "e", "yi", "ye", "ya", "nin",
                 # Basque genitive, locative genitive, destinative ("tasaren", "tasako", "tasarako")
                 "aren", "ren", "ko", "rako",
                 # Turkish and Azerbaijani possessives ("oranımız", our ratio)
                 "miz", "niz", "muz", "nuz",
                 # Hungarian illative, ablative, terminative, essive ("fogyasztásba", "-tól", "-ig", "-ként")
                 "ba", "be", "tol", "ig", "kent",
                 # Uzbek dative, genitive, accusative, possessive, plural ("sof tushumga", "tushumning", "tushumlari")
                 "ga", "ka", "qa", "ning", "ni", "si", "lar", "lari", "ler")


def case_bases(token: str) -> set[str]:
    """`token` without each case ending it may carry (at least five letters left; in Bengali and
    Tamil, whose endings join borrowed words too, two: "টাইমের" of "টাইম", "ஈல்டின்" of "ஈல்டு")."""
    if token.isascii():
        return {token[: -len(e)] for e in _CASE_ENDINGS if token.endswith(e) and len(token) - len(e) >= 5}
    if _GEORGIAN_WORD.fullmatch(token):
        # Georgian cases replace the nominative's closing i ("ჩასხდომებისთვის" of "ჩასხდომები")
        bases = {token[: -len(e)] for e in _GEORGIAN_ENDINGS if token.endswith(e) and len(token) - len(e) >= 3}
        return bases | {b + "ი" for b in bases if b[-1] not in "აეიოუ"}
    if not _INDIC_WORD.fullmatch(token):
        return {token[: -len(e)] for e in _CASE_ENDINGS + _CYRILLIC_ENDINGS + _ARMENIAN_ENDINGS
                if token.endswith(e) and len(token) - len(e) >= 5}
    bases = {token[: -len(e)] for e in _INDIC_ENDINGS if token.endswith(e) and len(token) - len(e) >= 2}
    # Tamil closes a borrowed word on a consonant with u ("ஈல்டு"), which a case ending replaces and
    # which people also leave out ("ஈல்ட்")
    return bases | {b + "\u0bc1" for b in (*bases, token) if _TAMIL_CONSONANT.fullmatch(b[-1])}


# ... and in Serbian, Bulgarian, Russian, Ukrainian ("попуњености" of "попуњеност")
_CYRILLIC_ENDINGS = ("и", "е", "у", "а", "я", "ы", "ом", "ем", "ој", "ой", "ей", "ог", "ов", "ам", "ям", "ах", "ях", "има", "ама",
                     "ами", "ями", "их", "ых", "іх",
                     # the definite article of Macedonian and Bulgarian ("одговорот" of "одговор")
                     "от", "ът", "та", "то", "те",
                     # Kazakh dative, genitive, possessive, locative, ablative ("таза түсімге", "түсімінің")
                     "ға", "ге", "қа", "ке", "ның", "нің", "дың", "дің", "і", "сы", "сі", "ы", "да", "де", "дан", "ден", "нан", "нен")
# ... Armenian (genitive/dative, the article, locative, ablative: "նստումների", "մոդելը")
_ARMENIAN_ENDINGS = ("ի", "ը", "ն", "ում", "ից", "ով", "ների", "երի")
_GEORGIAN_WORD = re.compile("[\u10d0-\u10ff]+")
_GEORGIAN_ENDINGS = ("ისთვის", "ისგან", "იდან", "ამდე", "ებისთვის", "ების", "ებს", "ში", "ზე", "ის", "ს", "ით", "ად", "მა")


# Bengali genitive, objective, locative; Tamil genitive, dative, locative, accusative (folded as
# questions are: a virama dropped)
_INDIC_ENDINGS = tuple(sorted({fold(e) for e in ("য়ের", "ের", "র", "কে", "তে", "য়", "এ", "টির", "টার",
                                                  "ின்", "க்கு", "ுக்கு", "ில்", "ல்", "ை", "ின்", "இன்", "ஆ",
                                                  # Nepali and Marathi case endings joined to the word ("दरमा", "दरको",
                                                  # "संकलनात", "दराच्या")
                                                  "को", "मा", "ले", "लाई", "बाट", "सँग", "मै", "चा", "ची", "चे", "च्या",
                                                  "ात", "त", "ला", "ने", "मध्ये", "साठी", "वर", "ाचा", "ाची", "ाचे", "ाच्या",
                                                  "ाला", "ाने", "ावर")}, key=len, reverse=True))
_INDIC_WORD = re.compile("[\u0900-\u097f\u0980-\u09ff\u0b80-\u0bff]+")  # a Devanagari, Bengali or Tamil word
_TAMIL_CONSONANT = re.compile("[\u0b95-\u0bb9]")


def is_indic_word(token: str) -> bool:
    return _INDIC_WORD.fullmatch(token) is not None


@dataclass
class EntityIndex:
    """An in-memory NameLookup: name form -> entity ids, built from (name, entity_id) pairs."""

    by_form: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    _forms_by_word: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    _deletes: Optional[DeletionIndex] = None

    @classmethod
    def build(cls, names: Iterable[tuple[str, str]]) -> "EntityIndex":
        index = cls()
        for name, entity_id in names:
            index.add(name, entity_id)
        return index

    def add(self, name: str, entity_id: str) -> None:
        for form in name_forms(name):
            self.by_form[form].add(entity_id)
            for word in typo_words(form):
                self._forms_by_word[word].add(form)
        self._deletes = None

    def forms(self, candidates):
        return {c: set(self.by_form[c]) for c in candidates if c in self.by_form}

    def near_words(self, token):
        if self._deletes is None:
            self._deletes = DeletionIndex(self._forms_by_word)
        return self._deletes.near(token)

    def forms_with_word(self, word, limit=None):
        return sorted(self._forms_by_word.get(word, ()))[:limit]

    def matches(self, question_tokens: list[str]) -> list[Match]:
        return find_matches(question_tokens, self)


def find_matches(q: list[str], lookup: NameLookup) -> list[Match]:
    """Every span of the question that is a name: exact, inside a hyphenated word, with one word
    left out, or with one word written with a typo or in another case (near_words) and the others
    as written or inflected."""
    spans: dict[str, list[tuple[int, int]]] = {}  # a name written twice is two mentions
    for i in range(len(q)):
        longest = _MAX_THAI_NAME_CHARS if SPELT_LETTER.match(q[i]) else _MAX_CJK_NAME_CHARS
        for j in range(i + 1, min(len(q), i + longest) + 1):
            # a name in Chinese, Japanese or Korean is a run of one-character tokens, and may be longer
            if j - i > _MAX_NAME_TOKENS and not CJK_CHAR.fullmatch(q[j - 1]):
                break
            spans.setdefault(" ".join(q[i:j]), []).append((i, j))
    found = [Match(i, j, frozenset(ids), True, form) for form, ids in lookup.forms(list(spans)).items()
             for i, j in spans[form]]
    covered = {k for m in found for k in range(m.start, m.end)}
    found += _compound_matches(q, covered, lookup)
    found += _cjk_tail_matches(q, covered, lookup)
    found += _partial_matches(q, lookup)
    # a rate left unsaid in Chinese or Japanese ("M1+ 逾期") only where nothing is named exactly: "クリック" of
    # "7日クリック・1日ビュー" is no "クリック率" beside "ROAS"
    found += [m for m in _measure_matches(spans, {m.name for m in found}, lookup)
              if not (m.name.endswith(_CJK_MEASURE_WORDS) and any(f.exact and not f.entity_ids & m.entity_ids for f in found))]
    found = _with_head_matches(q, found, lookup)
    covered = {k for m in found for k in range(m.start, m.end)}
    # a hyphenated word is read as its parts here, so a typo inside it is found too ("cost-to-incme
    # ratio"); a match must begin and end on whole words of the question
    parts, origin = _hyphen_parts(q)
    typo_forms: dict[str, list[tuple[int, int]]] = {}
    for i, tok in enumerate(parts):
        indic = not tok.isascii() and is_indic_word(tok)  # its vowel signs are no letters; a case ending is short
        if (len(tok) < 4 and not indic and tok not in ABBREVIATIONS) or origin[i] in covered or not (tok.isalpha() or indic) \
                or tok in COMMON_WORDS:
            continue
        bases = case_bases(tok) if indic else set(ABBREVIATIONS.get(tok, ()))
        for word in lookup.near_words(tok):
            for form in lookup.forms_with_word(word):
                toks = form.split(" ")
                if len(tok) < 5 and len(toks) < 3 and word not in bases:  # a short word's typo only inside a longer name ("dock to stok time")
                    continue
                for pos in (p for p, t in enumerate(toks) if t == word):
                    start, end = i - pos, i - pos + len(toks)
                    if start < 0 or end > len(parts) or not _whole_words(origin, start, end):
                        continue
                    if all(a == b or inflected(a, b) for k, (a, b) in enumerate(zip(parts[start:end], toks)) if k != pos):
                        typo_forms.setdefault(form, []).append((origin[start], origin[end - 1] + 1))
    if typo_forms:
        ids = lookup.forms(list(typo_forms))
        for form, places in typo_forms.items():
            for start, end in places:
                if form in ids:
                    found.append(Match(start, end, frozenset(ids[form]), False, form))
    return [m for m in found if not _in_a_ratio(q, m) or _its_own_ratio(q, m, lookup)]


def _hyphen_parts(q: list[str]) -> tuple[list[str], list[int]]:
    """The question's words with each hyphenated word (not an identifier) split into its parts, and
    for each part the index of the word it came from."""
    parts: list[str] = []
    origin: list[int] = []
    for i, tok in enumerate(q):
        pieces = tok.split("-") if _hyphenated(tok) else [tok]
        pieces = [p for p in pieces if p] or [tok]
        parts += pieces
        origin += [i] * len(pieces)
    return parts, origin


def _hyphenated(tok: str) -> bool:
    """A word written with hyphens that may be taken apart: identifiers (with . # : / or _) never are."""
    return "-" in tok and not any(c in tok for c in ".#:/_")


def _content_word(word: str) -> bool:
    """A word that says something of its own beside a name: not a number, not a common question word."""
    return word.isalpha() and len(word) >= 3 and word not in COMMON_WORDS


def _whole_words(origin: list[int], start: int, end: int) -> bool:
    return (start == 0 or origin[start - 1] != origin[start]) and (end == len(origin) or origin[end] != origin[end - 1])


# "X per Y" names a ratio of its own ("cost per shipment", "revenue per user"): neither X nor Y alone.
# "per month" and the like only say how a value is broken down.
_PER = frozenset("per pro par por".split())
_PER_UNITS = frozenset("""day days week weeks month months quarter quarters year years hour hours tag tage woche monat monate
    jahr jahre quartal jour jours semaine mois an ans annee trimestre dia dias semana mes meses ano anos giorno giorni
    settimana mese mesi anno anni dag dagen week maand maanden jaar jaren kwartaal
    vit vitin viti vitit muaj muajin muaji jave javen dite diten tremujor tremujorin""".split())  # Albanian "për" is "for"


def _in_a_ratio(q: list[str], m: Match) -> bool:
    def content(k: int) -> bool:
        return 0 <= k < len(q) and _content_word(q[k]) and q[k] not in _PER_UNITS

    before = m.start >= 2 and q[m.start - 1] in _PER and content(m.start - 2)
    after = m.end + 1 < len(q) and q[m.end] in _PER and content(m.end + 1)
    return before or after


def _its_own_ratio(q: list[str], m: Match, lookup: NameLookup) -> bool:
    """Whether the ratio written after a name is one of that entity's own names ("tariffmarginalen per
    MWh" where "Tariffmarginal per MWh" is the metric's title, its first word inflected)."""
    if m.end + 1 >= len(q) or q[m.end] not in _PER:
        return False
    tail, last = [q[m.end], q[m.end + 1]], q[m.end - 1]
    forms = [f for word in (last, *lookup.near_words(last)) for f in lookup.forms_with_word(word, _PARTIAL_LIMIT)
             if f.split(" ")[-2:] == tail]
    return any(m.entity_ids & set(ids) for ids in lookup.forms(forms).values())


_PARTIAL_LIMIT = 200  # a word in more name forms than this is too common to find a name by
_PARTIAL_SPAN = 4  # words of a name written with one left out (names of three to five words)


def _partial_matches(q: list[str], lookup: NameLookup) -> list[Match]:
    """A name of three or more words written with one word left out, not its last unless that
    only names the kind of record ("board plan", "revenue plan" for "board revenue plan";
    "recurring revenue" for "monthly recurring revenue"; "billing subscriptions" for "billing
    subscriptions source"): not exact, so an exact name of the same length wins. Found through
    the name's rarest word."""
    out: list[Match] = []
    for i in range(len(q)):
        for j in range(i + 2, min(len(q), i + _PARTIAL_SPAN) + 1):
            span = q[i:j]
            # (nor a function word of another language at its start: "du taux de ponctualité" for "lignage du taux …")
            if span[0] in COMMON_WORDS or is_function_word(span[0]) or (span[-1] in COMMON_WORDS and span[-1] not in _NAME_ENDS) \
                    or not all(t.isalpha() for t in span):
                continue
            lists = [found for w in span if len(w) >= 4
                     for found in [lookup.forms_with_word(w, _PARTIAL_LIMIT + 1)] if len(found) <= _PARTIAL_LIMIT]
            if not lists:
                continue
            candidates = min(lists, key=len)
            whole = [f for f in candidates if _one_word_left_out(f.split(" "), span)
                     and not _other_first_word(q, i, f.split(" "), span) and not _dbt_prefix_left_out(f.split(" "), span)]
            if whole:
                named = lookup.forms(whole)
                # every entity one span names this way is a candidate of one mention: "coverage ratio"
                # for "NPL coverage ratio" and "liquidity coverage ratio" is ambiguous (row 13)
                ids = frozenset(eid for found in named.values() for eid in found)
                if ids:
                    out.append(Match(i, j, ids, False, min(named) if len(named) == 1 else " ".join(span)))
    return out


# common words that end many names all the same ("cycle time", "grace period")
_NAME_ENDS = frozenset({"time", "period"})


# a last word that only says what kind of record a name is, written or not: "billing
# subscriptions" for "Billing subscriptions source", "the pricing committee" for "Pricing committee
# minutes" (titles keep these words in their name forms)
_LAST_KIND_WORDS = frozenset("source sources table tables dataset datasets view report dashboard zdroj tabulka "
                             "memo memos memorandum minutes notes protocol protokoll deck slides wiki page faq feed feeds "
                             "extract extracts export exports".split())


def _other_first_word(q: list[str], i: int, name: list[str], span: list[str]) -> bool:
    """The name's first word is left out and another word stands in its place: "involuntary attrition
    rate" names something else than "voluntary attrition rate" (a function word there is no word)."""
    return name[1:] == span and i > 0 and _content_word(q[i - 1])


def _measure_matches(spans: dict[str, list[tuple[int, int]]], named: set[str], lookup: NameLookup) -> list[Match]:
    """Words that are a name once a measure word is added ("policy retention" for "policy retention
    rate", "churn" for "churn rate"): not exact, so a name as written wins over them."""
    candidates = {f"{span} {word}": span for span in spans if span not in named and span.rsplit(" ", 1)[-1].isalpha()
                  and span.count(" ") < _MAX_NAME_TOKENS - 1 for word in _MEASURE_WORDS + _CJK_MEASURE_WORDS}
    found = lookup.forms(list(candidates))
    out = []
    for form, ids in found.items():
        span = candidates[form]
        # "bad debt" for "bad debt ratio" and as well "bad debt provision": the same words begin
        # another name one word longer, so which is meant is not known (row 13)
        words_ = typo_words(span)  # the words name forms are indexed by
        if words_:
            longer = [f for f in lookup.forms_with_word(max(words_, key=len), _PARTIAL_LIMIT)
                      if f.startswith(span + " ") and f.count(" ") == span.count(" ") + 1 and f != form]
            ids = set(ids) | {eid for found_ids in lookup.forms(longer).values() for eid in found_ids}
        out += [Match(i, j, frozenset(ids), False, form if len(ids) == 1 else span) for i, j in spans[span]]
    return out


def _head(form: str) -> Optional[str]:
    """The last word of a name of several words, before a measure word ("premium" of "gross written
    premium", "retention" of "reinsurance retention ratio")."""
    words = form.split(" ")
    if words[-1] in _MEASURE_WORDS:
        words = words[:-1]
    return words[-1] if len(words) > 1 else None


# Hebrew and Arabic put a name's head word first ("הכנסות נדידה", revenue of roaming): its last word is
# no head
_HEAD_FIRST_SCRIPT = re.compile("[\u0590-\u06ff]")


# function words of languages that put what qualifies a noun after it (Vietnamese, Indonesian, Malay):
# two of them in a question say it is written that way
VIETNAMESE_WORDS = frozenset("cua nhung khong duoc nao vay thi la cho voi theo hom nay cac mot nhu the sao bao nhieu".split())
HEAD_FIRST_WORDS = VIETNAMESE_WORDS - {"the"} | frozenset(
    "yang dan untuk utk dengan ini itu apa apakah berapa bagaimana gimana yg dari pada adalah sudah belum tidak gak".split())


def _with_head_matches(q: list[str], found: list[Match], lookup: NameLookup) -> list[Match]:
    """A word that is the head of the names of several entities names each of them ("premium" for
    "gross written premium" and "net earned premium"; "retention" for "policy retention rate" and
    "reinsurance retention ratio"): row 13, ambiguous. One entity's head alone names nothing:
    "premium" is not "gross written premium". A word that is a name as written ("revenue" beside
    "recurring revenue"), or lies inside a longer match, is left alone; a word that names an entity
    less surely (a measure word added) is ambiguous with the heads."""
    if len(VIETNAMESE_WORDS.intersection(q)) >= 2:
        return found  # Vietnamese puts a name's head first ("cửa hàng": a store): its last word is no head
    taken = {k for m in found if m.length > 1 or m.exact for k in range(m.start, m.end)}
    weak: dict[int, list[Match]] = defaultdict(list)
    for m in found:
        if m.length == 1 and not m.exact:
            weak[m.start].append(m)
    out = list(found)
    for i, tok in enumerate(q):
        if i in taken or len(tok) < 4 or not tok.isalpha() or tok in COMMON_WORDS or tok in _LAST_KIND_WORDS \
                or tok in _MEASURE_WORDS or _HEAD_FIRST_SCRIPT.match(tok):
            continue
        holding = lookup.forms_with_word(tok, _PARTIAL_LIMIT + 1)
        if len(holding) > _PARTIAL_LIMIT:
            continue
        # a name of five words or more is a description ("MAU v3 penerima transfer pasif tidak dihitung"), its last
        # word no head
        heads = [f for f in holding if _head(f) == tok and f.count(" ") < 5]
        if not heads:
            continue
        named_weakly = {eid for m in weak.get(i, []) for eid in m.entity_ids}
        ids = named_weakly | {eid for named in lookup.forms(heads).values() for eid in named}
        if len(ids) > 1 and (ids != named_weakly or len(weak.get(i, [])) > 1):
            out = [m for m in out if m not in weak.get(i, [])] + [Match(i, i + 1, frozenset(ids), False, tok)]
    return out


# the layer prefix of a dbt model's name: "inbound delivery performance" is no name for fct_inbound_delivery_performance
_DBT_PREFIXES = frozenset("fct stg dim int mart base raw src rpt agg obt".split())


def _dbt_prefix_left_out(name: list[str], span: list[str]) -> bool:
    return name[0] in _DBT_PREFIXES and name[1:] == span


def _one_word_left_out(name: list[str], span: list[str]) -> bool:
    last = len(name) if name and name[-1] in _LAST_KIND_WORDS | _KIND_WORDS else len(name) - 1
    return len(name) == len(span) + 1 and any(name[:k] + name[k + 1:] == span for k in range(last))


_DEFINITION_HEADS = ("definitionen", "definition", "definisjonen", "definisjon", "definitie", "definicja", "definice",
                     "maaritelma", "definicio", "kennzahlen", "kennzahl",
                     # "Hedgequotenberechnung", "margeberekening": a name closed up with "calculation" or "method"
                     "berechnung", "berekening", "ermittlung", "methodik", "methode", "formel")


# words that end many descriptive titles ("… 팀 기준": the team's basis) and name nothing by themselves
_GENERIC_TAILS = frozenset("기준 정의 방식 버전 마트 모델 테이블 소스 基準 基准 定義 定义 方式 版本 模型 ベース モデル".split())


def _cjk_tail_matches(q: list[str], covered: set[int], lookup: NameLookup) -> list[Match]:
    """A run of Chinese, Japanese or Korean characters that ends longer names ("キャンセル率" of
    "出品者キャンセル率" and "購入者キャンセル率"), where no name is written whole: not exact, and
    ambiguous when it ends the names of several entities (row 13)."""
    out: list[Match] = []
    j = len(q)
    while j >= 2:
        if not (EAST_ASIAN.fullmatch(q[j - 1]) and EAST_ASIAN.fullmatch(q[j - 2])) or j - 1 in covered:
            j -= 1
            continue
        if q[j - 2] + q[j - 1] in _GENERIC_TAILS:
            j -= 1
            continue
        forms = lookup.forms_with_word(q[j - 2] + q[j - 1], _PARTIAL_LIMIT)
        best = None
        i = j - 2
        while i >= 0 and EAST_ASIAN.fullmatch(q[i]) and i not in covered:
            tail = " " + " ".join(q[i:j])
            longer = [f for f in forms if f.endswith(tail)]
            if not longer:
                break
            best = (i, longer)
            i -= 1
        if best is not None and (_inside_katakana_word(q, best[0]) or _inside_katakana_word(q, j)):
            best = None  # "ション" of "アトリビューション" is no tail of "インプレッション": a word begins and ends where a tail does
        if best is not None:
            ids = frozenset(eid for found in lookup.forms(best[1]).values() for eid in found)
            if ids:
                out.append(Match(best[0], j, ids, False, " ".join(q[best[0]:j])))
            j = best[0]
        else:
            j -= 1
    return out


def _katakana(token: str) -> bool:
    return len(token) == 1 and "\u30a0" <= token <= "\u30ff"


def _inside_katakana_word(q: list[str], at: int) -> bool:
    """Whether the token at `at` continues a word written in katakana (the one before it is katakana too)."""
    return 0 < at < len(q) and _katakana(q[at]) and _katakana(q[at - 1])


def _compound_matches(q: list[str], covered: set[int], lookup: NameLookup) -> list[Match]:
    """Names inside a hyphenated word of the question ("churn-definition", "MRR-Definition"), or
    closed up with a word for "definition" ("rettidighedsdefinition"):
    the longest run of its parts that is a name stands for the whole token. Identifiers (with . #
    : / or _) are never taken apart."""
    runs: dict[str, list[int]] = {}
    for i, tok in enumerate(q):
        if i in covered:
            continue
        for head in _DEFINITION_HEADS:  # a name closed up with "definition": "rettidighedsdefinition", "umsatzdefinition"
            if tok.endswith(head) and len(tok) - len(head) >= 3:
                stem = tok[: -len(head)]
                for name in {stem, stem[:-1]} if stem[-1] in "sen" else {stem}:
                    runs.setdefault(name, []).append(i)
        if not _hyphenated(tok):
            continue
        parts = [p for p in tok.split("-") if p]
        # "hedge-ratiodefinitie": the last part closed up with "definition"
        head = next((h for h in _DEFINITION_HEADS if parts and parts[-1].endswith(h) and len(parts[-1]) - len(h) >= 3), None)
        if head is not None:
            runs.setdefault(" ".join([*parts[:-1], parts[-1][: -len(head)]]), []).append(i)
        for a in range(len(parts)):
            for b in range(a + 1, len(parts) + 1):  # the whole token too: "average-order-value" is "average order value"
                runs.setdefault(" ".join(parts[a:b]), []).append(i)
    if not runs:
        return []
    named = lookup.forms(list(runs))
    best: dict[int, str] = {}
    for form in named:
        for i in runs[form]:
            if len(form) > len(best.get(i, "")):
                best[i] = form
    return [Match(i, i + 1, frozenset(named[form]), True, form) for i, form in best.items()]


_THREE_LETTER_ENDINGS = frozenset("ych ich ech ach ami emi ovi ove ymi imi ing ens ern ого ому его ему ими ыми ами ями".split())
_LONG_STEM = 7
_ENGLISH_SUFFIXES = frozenset("or ion er ing ive al ed es s ity ant ent ate ize ise ist ism ous ful ly y ic ics ure".split() + [""])


def long_stem(written: str, name_word: str) -> bool:
    """A long word of a name in a case that changes its last letters, as Finnish, Estonian, Lithuanian
    and Ukrainian do ("reageerimisaja" of "reageerimisaeg", "laskuttamattomaan" of "laskuttamaton",
    "yövirtaamien" of "yövirtaamat", "максимального" of "максимальний"): the name's word kept but for
    its last two letters at most, a stem of seven letters or more and four fifths of it, and an ending
    of six letters at most."""
    if not (written.isalpha() and name_word.isalpha()):
        return False
    shared = len(os.path.commonprefix((written, name_word)))
    tails = (written[shared:], name_word[shared:])
    return (shared >= _LONG_STEM and shared * 5 >= len(name_word) * 4 and len(tails[1]) <= 2 and len(tails[0]) <= 6
            and not (tails[0] in _ENGLISH_SUFFIXES and tails[1] in _ENGLISH_SUFFIXES))  # "distribution" / "distributor"


def inflected(a: str, b: str) -> bool:
    """Two forms of one word: they differ only in an ending of at most two letters after a shared stem
    of four or more ("durchschnittlichen" / "durchschnittlicher", "bestellwerts" / "bestellwert"), of
    three after five or more ("opakovanych" / "opakovane"), or they meet under stems() ("trzeb" /
    "trzby"). So a name of several words is found with every word inflected ("des
    durchschnittlichen Bestellwerts", "měsíčních opakovaných tržeb"), while typos stay limited to
    one word ("recurrnig revnue" is not a name)."""
    if a == b or not (a.isalpha() and b.isalpha()):
        return a == b
    shared = len(os.path.commonprefix((a, b)))
    tails = (a[shared:], b[shared:])
    if shared >= 4 and all(len(t) <= 2 for t in tails):
        return True
    # Czech and Slavic endings run to three letters ("opakovanych" / "opakovane"): only known ones, after
    # a longer stem ("recurrnig" / "recurring" is a typo, not an ending)
    if shared >= 5 and all(len(t) <= 2 or t in _THREE_LETTER_ENDINGS for t in tails):
        return True
    # beside a word that named the name, another whose stem changes in its cases ("nepajamingo vandens" of
    # "nepajamingas vanduo"): four letters shared, at most three after them on either side
    if shared >= 4 and min(len(a), len(b)) >= 6 and all(len(t) <= 3 for t in tails) \
            and sorted(tails[0]) != sorted(tails[1]) and not edit_distance_at_most_one(*tails) \
            and not (tails[0] in _ENGLISH_SUFFIXES and tails[1] in _ENGLISH_SUFFIXES):
        # (not a typo, "recurrnig"; not another English word of the stem, "distribution" / "distributor")
        return True
    return long_stem(a, b) or bool(stems(a) & stems(b))


def _one_deletions(word: str) -> set[str]:
    return {word} | {word[:i] + word[i + 1 :] for i in range(len(word))}


def best_matches(matches: list[Match]) -> list[Match]:
    """Maximal munch: drop every match whose span lies inside a longer (or exact, equal) one."""
    kept: list[Match] = []
    for m in sorted(matches, key=lambda m: (-m.length, not m.exact, m.start)):
        if any(k.start <= m.start and m.end <= k.end for k in kept):
            continue
        kept.append(m)
    return sorted(kept, key=lambda m: m.start)


def normalized_question(question: str) -> list[str]:
    return tokens(fold(question))
