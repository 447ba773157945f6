"""A fiscal calendar stated by a governed record, and fiscal periods placed on it.

canon reads "FY26", "Q1 FY27", "H1 FY2026", "FY2024/25" and "last financial year" as fiscal
periods (resolver.dates marks them). With no calendar in the catalog a fiscal year is the calendar
year, as FY2025 = 2025 reads; a catalog that holds an authoritative calendar policy ("the fiscal
year runs from 1 April to 31 March and is named for the year in which it ends") places them on
that calendar instead, and the answer cites the policy. The calendar is read from the record when
it is stored (the catalog keys such records) and again, from the same text, when a question needs it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Optional

from catalog.records import Authority, Revision, Status
from resolver.dates import _MONTH_RE, _MONTHS, Period, TimeFinding, TimeScan, has_fiscal, place_time, scan_time
from resolver.text import fold


@dataclass(frozen=True)
class FiscalCalendar:
    start_month: int  # 1..12: the month a fiscal year starts in
    named_for_end: bool = True  # FY26 = the fiscal year that ends in 2026 (when it does not start in January)

    def start_of(self, fy: int) -> date:
        """The first day of the fiscal year named `fy`."""
        if self.start_month == 1:
            return date(fy, 1, 1)
        return date(fy - 1 if self.named_for_end else fy, self.start_month, 1)

    def name_of(self, start: date) -> int:
        """The name (a year) of the fiscal year starting on `start`."""
        return start.year + (1 if self.named_for_end and self.start_month != 1 else 0)

    def current_start(self, day: date) -> date:
        """The first day of the fiscal year `day` is in."""
        year = day.year if day.month >= self.start_month else day.year - 1
        return date(year, self.start_month, 1)


def _add_months(day: date, months: int) -> date:
    m = day.month - 1 + months
    return date(day.year + m // 12, m % 12 + 1, 1)


def _span(start: date, months: int, label: str) -> Period:
    return Period(start, _add_months(start, months) - timedelta(days=1), label)


def place(period: Period, calendar: FiscalCalendar, as_of: date) -> Optional[Period]:
    """A fiscal period (period.fiscal set by resolver.dates) on this calendar; None where the
    calendar cannot place it (a year across two calendar years, on a calendar that starts in January)."""
    kind, number, part = period.fiscal
    if kind.startswith("span"):
        if calendar.start_month == 1:
            return None
        start = date(number, calendar.start_month, 1)
        if kind == "span_quarter":
            return _span(_add_months(start, 3 * (part - 1)), 3, period.label)
        if kind == "span_half":
            return _span(_add_months(start, 6 * (part - 1)), 6, period.label)
        return _span(start, 12, period.label)
    if kind in ("relative_half", "relative_quarter"):  # "H1 of the prior fiscal year", "Q2 of this fiscal year"
        start = calendar.current_start(as_of)
        start = date(start.year + number, start.month, 1)
        months = 6 if kind == "relative_half" else 3
        return _span(_add_months(start, months * (part - 1)), months,
                     f"{'H' if months == 6 else 'Q'}{part} FY{calendar.name_of(start)}")
    if kind in ("relative", "nendo_relative", "nendo_relative_half", "nendo_relative_quarter"):
        start = calendar.current_start(as_of)
        start = date(start.year + number, start.month, 1)
        if kind == "nendo_relative_quarter":
            return _span(_add_months(start, 3 * (part - 1)), 3, f"{period.label} (FY{calendar.name_of(start)} Q{part})")
        if kind == "nendo_relative_half":
            return _span(_add_months(start, 6 * (part - 1)), 6, f"{period.label} (FY{calendar.name_of(start)} H{part})")
        return _span(start, 12, f"FY{calendar.name_of(start)}" if kind == "relative" else f"{period.label} (FY{calendar.name_of(start)})")
    if kind == "ytd_relative":
        start = calendar.current_start(as_of)
        return Period(start, as_of, f"FY{calendar.name_of(start)} to date")
    start = calendar.start_of(number)
    if kind == "ytd":
        end = min(_add_months(start, 12) - timedelta(days=1), as_of)
        return None if end < start else Period(start, end, f"FY{number} to date")
    if kind == "nendo_half":
        return _span(_add_months(start, 6 * (part - 1)), 6, period.label)
    if kind == "nendo_quarter":
        return _span(_add_months(start, 3 * (part - 1)), 3, period.label)
    if kind == "nendo":
        return _span(start, 12, period.label)
    if kind == "half":
        return _span(_add_months(start, 6 * (part - 1)), 6, f"H{part} FY{number}")
    if kind == "quarter":
        return _span(_add_months(start, 3 * (part - 1)), 3, f"Q{part} FY{number}")
    return _span(start, 12, f"FY{number}")


# -- reading a calendar from a record ---------------------------------------------------------------

# words for a fiscal year (folded: accents removed, lower case), in the languages canon reads
_FISCAL_WORDS = re.compile(
    r"\bfiscal\b|\bfinancial\s+year|\bfy\b|\bgesch(?:ae|a)ftsjahr|\bexercice\b|\bejercicio\b|\besercizio\b|\bexercicio\b"
    r"|\bano\s+fiscal|\bboekjaar|\bregnskaps?ar|\brakenskapsar|\bregnskabsar|\btilikau|\brok\w*\s+obrotow|\bhospodarsk\w*\s+rok"
    r"|\bfiskaln\w*\s+rok|\bfiskal\w*|会計年度|财年|財年|财政年度|財政年度|회계\s*연도|финансов\w*\s+год|фінансов\w*\s+рік|отчетн\w*\s+год")
# "the fiscal year runs ...", "Fiscal year: FY25 = ...", "das Geschäftsjahr beginnt ...": a sentence that states it
_STATEMENT = re.compile(
    r"\b(?:fiscal\s+year|financial\s+year|gesch(?:ae|a)ftsjahr|exercice(?:\s+fiscal)?|ejercicio(?:\s+fiscal)?|esercizio|"
    r"ano\s+fiscal|boekjaar|regnskapsaret|regnskabsaret|rakenskapsaret|tilikausi)\s*(?::|=|is\b|runs\b|starts\b|begins\b|"
    r"commences\b|ends\b|equals\b|beginnt\b|endet\b|entspricht\b|commence\b|va\b|gar\b|loopt\b|begint\b|corre\b|"
    r"inicia\b|comienza\b|empieza\b|inizia\b|alkaa\b)|\bfy\s*['\u2019]?\d{2,4}(?:/\d{2,4})?\s*=")
_CALENDAR_KINDS = re.compile(r"polic|calendar|glossar|convention|standard|guideline|rule|reference|handbook")
_CALENDAR_TITLE = re.compile(r"calendar|kalender|calendrier|calendario|kalenteri|kalendarz")
_EQUALS_CALENDAR_YEAR = re.compile(
    r"(?:equals?|is|=|matches|same\s+as|corresponds?\s+to|follows|entspricht|gleich|correspond\s+a|coincide\s+con|"
    r"es|est|e|igual\s+ao|gelijk\s+aan|is\s+gelijk\s+aan|er|ar|on|jest)\s+(?:(?:the|dem|l|a|al|el|o|het|lo|il)\s+)?"
    r"(?:calendar\s+year|kalenderjahr|annee\s+civile|ano\s+civil|ano\s+calendario|anno\s+solare|anno\s+civile|"
    r"kalenderjaar|kalenderaret|kalenderar|kalenterivuosi|rok\s+kalendarzowy|kalendarni\s+rok)")
_EXAMPLE = re.compile(r"\bfy\s*['\u2019]?\s*((?:19|20)?\d{2})(?:\s*[/-]\s*(\d{2}|\d{4}))?\b")
_START_CUE = (r"(?:starts?|starting|begins?|beginning|commences?|runs|running|from|beginnt|startet|vom|ab|commence|debute|du|"
              r"desde|de|del|empieza|comienza|inicia|inizia|dal|comeca|van|begint|loopt\s+van|fra|fran|alkaa|od|"
              r"rozpoczyna\s+sie|zacina|с|з|от|від)")
_END_CUE = r"(?:ends?|ending|closes?|endet|termine|se\s+termine|termina|eindigt|slutter|slutar|paattyy|konczy\s+sie|konci)"
_DAY = r"(?:\d{1,2}(?:st|nd|rd|th|er|\.|º|o)?\s+(?:of\s+|de\s+|d\W?)?)?"
_ON = r"(?:on\s+|the\s+|am\s+|le\s+|el\s+|il\s+|o\s+|den\s+|op\s+)?"
_START = re.compile(rf"\b{_START_CUE}\s+{_ON}{_DAY}({_MONTH_RE})\b")
_END = re.compile(rf"\b{_END_CUE}\s+{_ON}{_DAY}({_MONTH_RE})\b")
_MONTH_RANGE = re.compile(rf"\b({_MONTH_RE})\s*\d{{0,2}}\s*(?:-|–|—|to|through|until|till|bis|au|a|al|tot|do|til|till)\s*(?:\d{{1,2}}\.?\s+)?({_MONTH_RE})\b")
_NAMED = re.compile(r"\b(?:named|labell?ed|called|designated|referred\s+to|numbered)\b[^.;]{0,40}?\byear\b[^.;]{0,25}?"
                    r"\b(end|ends|ending|finish\w*|close\w*|begin\w*|start\w*)\b")


_CJK_EXAMPLE = re.compile(r"((?:19|20)\d{2})\s*(?:年度|财年|財年|회계연도)\s*[=＝:：]\s*((?:19|20)\d{2})\s*[年년]\s*(\d{1,2})\s*[月월]")
_CJK_START = re.compile(r"(\d{1,2})\s*[月월]\s*(?:\d{1,2}\s*[日일])?\s*(?:に|から|에|부터|起)?\s*(?:始ま|開始|开始|시작)")
_CJK_NAMED_START = re.compile(r"開始する年|始まる年|开始的年|시작하는\s*해|시작\s*연도")


def states_calendar(record) -> bool:
    """Whether a record may state the fiscal calendar: a policy (or glossary, convention, calendar)
    that names a fiscal year in its title, id or aliases, or a calendar that talks of one."""
    if not _CALENDAR_KINDS.search(record.entity_type.lower()):
        return False
    names = fold(" ".join((record.entity_id.replace("_", " ").replace(".", " "), record.title, *record.aliases)))
    if _FISCAL_WORDS.search(names):
        return True
    body = fold(record.body)
    return bool((_CALENDAR_TITLE.search(names) and _FISCAL_WORDS.search(body)) or _STATEMENT.search(body))


def calendar_of(record) -> Optional[FiscalCalendar]:
    """The fiscal calendar a record states, or None: read from an example written out ("FY26 = 1 April
    2025 - 31 March 2026"), "equals the calendar year", the month it starts or ends in, and the year
    it is named for ("named for the year in which it ends"; by default the year it ends in)."""
    if not states_calendar(record):
        return None
    body = fold(record.body)
    named = _NAMED.search(body)
    named_for_end = None if named is None else not re.match(r"begin|start", named.group(1))
    cjk = _CJK_EXAMPLE.search(body)  # "2025年度 = 2025年4月1日〜2026年3月31日"
    if cjk is not None:
        label, year, month = int(cjk[1]), int(cjk[2]), int(cjk[3])
        if 1 <= month <= 12 and label in (year, year + 1):
            return FiscalCalendar(month, month != 1 and label == year + 1)
    cjk = _CJK_START.search(body)  # "4月1日に始まり", "4月1日开始", "4월 1일에 시작"
    if cjk is not None and 1 <= int(cjk[1]) <= 12:
        return FiscalCalendar(int(cjk[1]), False if _CJK_NAMED_START.search(body) else True if named_for_end is None else named_for_end)
    for m in _EXAMPLE.finditer(body):
        found = _example(m, body)
        if found is not None:
            start, first_year = found
            if start.month == 1:
                return FiscalCalendar(1)
            if m.group(2):  # FY2024/25: the year it starts in, then the next
                return FiscalCalendar(start.month, named_for_end if named_for_end is not None else False)
            return FiscalCalendar(start.month, first_year == start.year + 1)
    if _EQUALS_CALENDAR_YEAR.search(body):
        return FiscalCalendar(1)
    month = None
    for m in (_START.search(body), _MONTH_RANGE.search(body)):
        if m is not None and (month is None or m.start() < month[0]):
            month = (m.start(), _MONTHS[m.group(1)])
    end = _END.search(body)
    if month is None and end is not None:
        month = (end.start(), _MONTHS[end.group(1)] % 12 + 1)
    if month is None or not _FISCAL_WORDS.search(body):
        return None
    return FiscalCalendar(month[1], True if named_for_end is None else named_for_end)


def _example(m: re.Match, body: str) -> Optional[tuple[date, int]]:
    """(its first day, the year written) of a fiscal year written out after its name."""
    after = body[m.end():m.end() + 90]
    scan = scan_time(after)
    anchor = date(2000, 1, 1)
    # a day or a calendar period written out, not another fiscal name ("FY26 = GJ 2025/26 = 1 October 2025")
    found = [f for f in (*scan.points, *scan.periods)
             if not (isinstance(v := f.build(f.match, anchor), Period) and v.fiscal is not None)]
    first = min(found, key=lambda f: f.start, default=None)
    # the date must follow the name closely ("FY26 = 1 April 2025", "FY2024/25 starter 1. mai 2024")
    if first is None or first.start > 50 or re.search(r"[.;]\s", after[:first.start]):
        return None
    value = first.build(first.match, anchor)
    start = value if isinstance(value, date) else value.start
    digits = m.group(1)
    return start, int(digits) if len(digits) == 4 else 2000 + int(digits)


def applicable(revisions: list[Revision], as_of: date, question: str = "") -> Optional[tuple[FiscalCalendar, Revision]]:
    """The calendar in force on as_of: stated by an authoritative record, current (or superseded but
    still effective then), whose interval holds as_of. When those in force disagree, the one whose
    name alone holds a word of the question ("Pune" of "India sites (Pune, Bengaluru) fiscal year",
    beside a calendar of the Philippine sites); else None (no calendar is assumed)."""
    found = []
    for rev in revisions:
        r = rev.record
        if r.authority != Authority.authoritative or r.status not in (Status.current, Status.superseded):
            continue
        if (r.effective_from and as_of < r.effective_from) or (r.effective_to and as_of > r.effective_to):
            continue
        calendar = calendar_of(r)
        if calendar is not None:
            found.append((calendar, rev))
    if not found:
        return None
    current = [f for f in found if f[1].record.status == Status.current] or found
    if len({c for c, _ in current}) > 1:
        return _named_in(current, question)
    return current[0]


def _name_words(rev: Revision) -> set[str]:
    r = rev.record
    return set(re.findall(r"\w{3,}", fold(" ".join((r.title, *r.aliases)))))


def _named_in(found: list[tuple[FiscalCalendar, Revision]], question: str) -> Optional[tuple[FiscalCalendar, Revision]]:
    """Of calendars that disagree, the one a word of the question names (a word only its own title or
    aliases hold); None when no single calendar is named so."""
    asked = set(re.findall(r"\w{3,}", fold(question)))
    words = [_name_words(rev) for _, rev in found]
    named = [f for i, f in enumerate(found)
             if asked & (words[i] - set().union(*(w for j, w in enumerate(words) if j != i)))]
    return named[0] if len({c for c, _ in named}) == 1 else None


def placed_time(scan: TimeScan, as_of: date, source, question: str = "") -> tuple[TimeFinding, Optional[Revision]]:
    """A question's time on as_of, its fiscal periods placed on the calendar the requester's catalog
    states (and the record that states it), or on the calendar year where it states none."""
    if source is None or not has_fiscal(scan):
        return place_time(scan, as_of), None
    found = applicable(source.calendar_records(), as_of, question)
    if found is None:
        return place_time(scan, as_of), None
    return place_time(scan, as_of, found[0]), found[1]
