"""Text normalization shared by question understanding: case- and accent-insensitive tokens."""
from __future__ import annotations

import re
import unicodedata
from typing import Optional

# a token is letters and digits of any script (Latin folded to ASCII, Cyrillic, Greek…), with the
# punctuation of identifiers inside it; Chinese, Japanese and Korean, written without spaces between
# words (or with particles fused to them), are a token per character, so a name is a run of them
# and Thai, Lao, Burmese and Khmer, also written without spaces between words, whose letters are a token each
SPELT = "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff"  # Thai, Lao, Burmese, Khmer
HAN_KANA = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"  # Chinese and Japanese
_HANGUL = "\uac00-\ud7af"
CJK = SPELT + HAN_KANA + _HANGUL
CJK_CHAR = re.compile(f"[{CJK}]")
SPELT_LETTER = re.compile(f"[{SPELT}]")
# characters that carry meaning alone (kana, Han, Hangul): unlike Thai letters, also a token each
EAST_ASIAN = re.compile(f"[{HAN_KANA}{_HANGUL}]")
_TOKEN = re.compile(rf"[{CJK}]|[^\W_{CJK}](?:[^\W{CJK}]|[.#:/-])*[^\W{CJK}]|[^\W_{CJK}]")
# Devanagari and the other Indic scripts write vowels as marks that are not word characters to re: a
# word of theirs is its letters and marks together ("कितनी"), read by a pattern of its own
_INDIC = "\u0900-\u0dff"
_HAS_INDIC = re.compile(f"[{_INDIC}]")
_W, _WS = rf"(?:[^\W{CJK}]|[{_INDIC}])", rf"(?:[^\W_{CJK}]|[{_INDIC}])"
_TOKEN_INDIC = re.compile(rf"[{CJK}]|{_WS}(?:{_W}|[.#:/-])*{_W}|{_WS}")
# letters that carry no accent to strip but stand for plain ones: Danish/Norwegian ø, æ; Polish ł;
# Turkish dotless ı; Icelandic ð, þ; Croatian đ; Maltese ħ; French œ
_PLAIN_LETTERS = str.maketrans({"ø": "o", "æ": "ae", "ł": "l", "ı": "i", "ð": "d", "þ": "th", "đ": "d", "ħ": "h", "œ": "oe",
                                "\u0640": "-",  # the Arabic tatweel joins a prefix to a borrowed word: "الـARPU" is "ال-arpu"
                                # digits of other scripts are digits: Arabic-Indic, Persian/Urdu, Devanagari, Bengali,
                                # Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada, Malayalam, Thai, Lao, Tibetan, Myanmar, Khmer
                                **{chr(base + i): str(i) for base in (0x660, 0x6F0, 0x966, 0x9E6, 0xA66, 0xAE6, 0xB66, 0xBE6,
                                                                      0xC66, 0xCE6, 0xD66, 0xE50, 0xED0, 0xF20, 0x1040, 0x17E0)
                                   for i in range(10)}})


def fold(text: str) -> str:
    """Lower-case and strip accents ("Tržby" -> "trzby", "løbende" -> "lobende")."""
    if text.isascii():  # nothing to decompose: the common case, without a per-character pass
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", text.casefold().translate(_PLAIN_LETTERS))
    out, marks_kept = [], False
    for ch in decomposed:
        if not unicodedata.combining(ch):
            out.append(ch)
            marks_kept = ch >= "\u3040"  # kana keep their voicing marks ("で" is not "て")
        elif marks_kept:
            out.append(ch)
    folded = "".join(out)
    # Hangul syllables and voiced kana were taken apart by NFKD: put them together again
    return unicodedata.normalize("NFC", folded) if folded and max(folded) >= "\u1100" else folded


_DOTTED = re.compile(r"(?:[a-z]\.){2,}[a-z]?")


def _scan(folded: str):
    """(token, start, end) of each token of folded text, trailing punctuation dropped."""
    for m in (_TOKEN_INDIC if _HAS_INDIC.search(folded) else _TOKEN).finditer(folded):
        t = m.group(0).rstrip(".:/-")
        if "-" in t and ((not t.isascii() and _MIXED_SCRIPTS.search(t)) or _LOCAL_WORD_AFTER.search(t)):
            # a case ending on a borrowed word ("uptime-க்கு", "plan-এ", "fct_orders-ы"): the word alone
            yield from _apart(t, "-", m.start())
            continue
        if "-" in t and (prefix := _NGUNI_PREFIX.match(t)) is not None:  # "ye-active policies": the borrowed word alone
            yield t[prefix.end():], m.start() + prefix.end(), m.start() + len(t)
            continue
        if "/" in t and _WORDS_OR_WORDS.fullmatch(t):  # "absence/availability": either word, each a token
            yield from _apart(t, "/", m.start())
            continue
        yield t, m.start(), m.start() + len(t)


def _apart(token: str, separator: str, start: int):
    """(part, start, end) of each non-empty part of a token taken apart at a separator."""
    for part in token.split(separator):
        if part:
            yield part, start, start + len(part)
        start += len(part) + 1


# an isiZulu or isiXhosa concord hyphened to a borrowed word ("ye-active policies", "i-dashboard", "ama-dbt models")
_NGUNI_PREFIX = re.compile(r"(?:ye|nge|ngo|kwi|ama|isi|ezi|yi|i|nase|kwe|nama|yase)-(?=[a-z]{2})")
# words written with a slash between them ("absence/availability", "churn/attrition"): two words; "n/a",
# "km/h", paths and identifiers stay whole
_WORDS_OR_WORDS = re.compile(r"[^\W\d_]{2,}(?:/[^\W\d_]{2,})+")
# a hyphen between a Latin part and a part in another script
_MIXED_SCRIPTS = re.compile(r"[a-z0-9_]-[^\x00-\x7f]|[^\x00-\x7f]-[a-z0-9_]")
# ... or a Nordic, Dutch, German or Finnish word hyphened to a borrowed name ("berth productivity-definisjon",
# "vessel_visits-kilden", "fct_container_dwell-malli"): the name alone
_LOCAL_WORD_AFTER = re.compile(r"[a-z_]{2}-(?:defini\w*|kild\w*|kalla\w*|bron\w*|quelle\w*|data\w*|tabel\w*|malli\w*|modell\w*|model\w*|"
                               r"lahte\w*|taulu\w*|rapport\w*|raportti\w*|maalet\w*|metrik\w*|kennzahl\w*|mittari\w*|tall\w*)$")


def tokens(text: str) -> list[str]:
    """Word tokens; identifiers such as model.shop.fct_orders#amount stay whole; an abbreviation
    written with dots is its letters ("A.O.V." -> "aov")."""
    return [t.replace(".", "") if _DOTTED.fullmatch(t + ".") else t for t, _, _ in _scan(fold(text))]


def written_spans(text: str, blanks: list[tuple[int, int]] = ()) -> Optional[list[tuple[int, int]]]:
    """Where each token of the folded text, with the `blanks` (spans of the folded text) blanked,
    stands in `text` as written (start, end); None when folding changed the text in a way that
    cannot be mapped back (then callers show the folded form)."""
    folded, origin = [], []
    for i, ch in enumerate(text):
        for f in fold(ch):
            folded.append(f)
            origin.append(i)
    if "".join(folded) != fold(text):
        return None
    for start, end in blanks:
        folded[start:end] = " " * (min(end, len(folded)) - start)
    return [(origin[start], origin[end - 1] + 1) for _, start, end in _scan("".join(folded))]


def words(text: str) -> list[str]:
    """Plain words: identifiers split at their punctuation too (fct_revenue -> fct, revenue)."""
    folded = fold(text)
    if _HAS_INDIC.search(folded):
        return [w for w in re.split(rf"(?:(?![{_INDIC}])[\W_])+|(?<=[{CJK}])|(?=[{CJK}])", folded) if w]
    return [w for w in re.split(rf"[\W_]+|(?<=[{CJK}])|(?=[{CJK}])", folded) if w]


def norm(text: str) -> str:
    return " ".join(tokens(text))


def edit_distance_at_most_one(a: str, b: str) -> bool:
    """True when a and b differ by at most one insertion, deletion, substitution or swap."""
    if a == b:
        return True
    la, lb = len(a), len(b)
    if abs(la - lb) > 1:
        return False
    if la == lb:
        diff = [i for i in range(la) if a[i] != b[i]]
        if len(diff) == 1:
            return True
        return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]
    if la > lb:
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    return a[i:] == b[i + 1 :]


# Case and number endings of Czech (and most Slavic and Romance) nouns and adjectives, folded,
# longest first; and English plural/past endings. A light stemmer for matching names, not a
# linguistic one: it only has to map the forms of one word to a common key.
_ENDINGS = ("ovych", "ovymi", "ach", "ech", "ich", "ami", "emi", "ovi", "ove", "ych", "ymi", "ou", "em", "um", "am",
            "im", "ym", "es", "ed", "a", "e", "i", "o", "u", "y", "s")
_FLEETING_E = re.compile(r"^(.*[^aeiouy])e([^aeiouy])$")  # tržeb / tržby: the e of a genitive plural


def stems(word: str) -> set[str]:
    """Keys under which the inflected forms of `word` meet (at least four letters each)."""
    out = set()
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 4:
            out.add(word[: -len(ending)])
            break
    else:
        if len(word) >= 4:
            out.add(word)
    for stem in list(out):
        m = _FLEETING_E.match(stem)
        if m and len(m[1]) + 1 >= 4:
            out.add(m[1] + m[2])
    return out


# the end of a sentence: . ! ? after a word (not a day number "30." or an abbreviation "pr."), before a capital
_SENTENCE_END = re.compile(r"(?:(?<=[^\W\d_]{3}[.!?:])|(?<=\d[.!?])|(?<=[?!]))\s+(?=[^\W\d_])|\s*\n\s*(?=\S)"
                           r"|(?<=[？！。])\s*(?=\S)")  # Chinese and Japanese write no space after a sentence


_ISO_DATE_END = re.compile(r"\d{4}-\d{2}-\d{2}\.$")


def question_sentence(text: str) -> Optional[tuple[int, int]]:
    """Where the one question of a request of several sentences stands (start, end in `text`): None
    when the text is one sentence, or holds no question or several."""
    # a sentence ends before a capital letter, or before any letter after a question mark or an
    # ISO date ("ran this on 2026-03-17. does it count ..."); a lead-in ends at its colon ("Quick check
    # for the audit committee: are GASDS top-ups part of Gift Aid?"); a line ends at its line break
    ends = [m.start() for m in _SENTENCE_END.finditer(text)
            if (text[m.start() - 1] in ".!?" and (text[m.end()].isupper() or _ISO_DATE_END.search(text, 0, m.start())))
            or text[m.start() - 1] in "?!:？！。" or "\n" in m.group(0)]
    if not ends:
        return None
    bounds = [0, *ends, len(text)]
    asked = [(a, b) for a, b in zip(bounds, bounds[1:]) if text[a:b].rstrip().endswith(("?", "？", "؟"))]
    # an e-mail's quoted lines ("> Does the clock stop ...?") are what was asked before: the reply's own
    # question is the one asked now
    own = [(a, b) for a, b in asked if not text[a:b].lstrip().startswith(">")]
    if own:
        asked = own
    return asked[0] if len(asked) == 1 else None
