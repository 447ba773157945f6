"""Dates and periods as people write them, resolved against an explicit `as_of`.

`find_time(text, as_of)` returns the reporting date or period a question names, and the
character spans it consumed (so the rest of understanding can ignore them). Nothing here reads
the clock.
"""
from __future__ import annotations

import calendar
import re
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Optional

from resolver.text import fold


@dataclass(frozen=True)
class Period:
    start: date
    end: date
    label: str

    def as_dict(self) -> dict:
        return {"start": self.start.isoformat(), "end": self.end.isoformat(), "label": self.label}


@dataclass
class TimeFinding:
    reporting_date: Optional[date] = None
    period: Optional[Period] = None
    spans: list[tuple[int, int]] = field(default_factory=list)
    explicit: bool = False  # the question named a date or period itself


_MONTHS = {
    "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4,
    "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8,
    "september": 9, "sept": 9, "sep": 9, "october": 10, "oct": 10, "november": 11, "nov": 11,
    "december": 12, "dec": 12,
    # Czech, accents folded: nominative and genitive forms
    "leden": 1, "ledna": 1, "lednu": 1, "unor": 2, "unora": 2, "unoru": 2, "brezen": 3, "brezna": 3, "breznu": 3,
    "duben": 4, "dubna": 4, "dubnu": 4, "kveten": 5, "kvetna": 5, "kvetnu": 5,
    "cervenec": 7, "cervence": 7, "cervenci": 7, "cerven": 6, "cervna": 6, "cervnu": 6,
    "srpen": 8, "srpna": 8, "srpnu": 8, "zari": 9, "rijen": 10, "rijna": 10, "rijnu": 10,
    "listopad": 11, "listopadu": 11, "prosinec": 12, "prosince": 12, "prosinci": 12,
}
_MONTH_RE = "|".join(sorted(_MONTHS, key=len, reverse=True))
_Y = r"((?:19|20)\d{2})"
_ORD = r"(?:st|nd|rd|th)?"

_EDGE_START = r"(?:start|beginning|begin|zacatek|zacatku|pocatek)\s+(?:of\s+)?(?:the\s+)?"
_EDGE_END = r"(?:end|close|konec|konci|ke\s+konci)\s+(?:of\s+)?(?:the\s+)?"


def _month_end(year: int, month: int) -> date:
    return date(year, month, calendar.monthrange(year, month)[1])


def _safe_date(year: int, month: int, day: int) -> Optional[date]:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _quarter(year: int, q: int) -> Period:
    start = date(year, 3 * (q - 1) + 1, 1)
    return Period(start, _month_end(year, 3 * q), f"Q{q} {year}")


def _half(year: int, h: int) -> Period:
    return Period(date(year, 1 if h == 1 else 7, 1), date(year, 6 if h == 1 else 12, 30 if h == 1 else 31), f"H{h} {year}")


def _year(year: int, label: Optional[str] = None) -> Period:
    return Period(date(year, 1, 1), date(year, 12, 31), label or str(year))


def _month(year: int, month: int) -> Period:
    return Period(date(year, month, 1), _month_end(year, month), f"{calendar.month_name[month]} {year}")


def _last_past_month(month: int, as_of: date) -> int:
    return as_of.year if month <= as_of.month else as_of.year - 1


# Each pattern yields a Period or a date. Order matters: longer forms first.
def _period_patterns(as_of: date):
    return [
        (rf"\b(?:q|quarter\s*)([1-4])\s*[/ -]?\s*(?:of\s+)?{_Y}\b", lambda m: _quarter(int(m[2]), int(m[1]))),
        (rf"\b{_Y}\s*[/ -]?\s*q([1-4])\b", lambda m: _quarter(int(m[1]), int(m[2]))),
        (rf"\b([1-4])\.\s*(?:ctvrtleti|kvartal)\w*\s+(?:roku\s+)?{_Y}\b", lambda m: _quarter(int(m[2]), int(m[1]))),
        (rf"\b(first|second|1st|2nd)\s+quarter\s+(?:of\s+)?{_Y}\b",
         lambda m: _quarter(int(m[2]), 1 if m[1] in ("first", "1st") else 2)),
        (rf"\b(third|fourth|3rd|4th)\s+quarter\s+(?:of\s+)?{_Y}\b",
         lambda m: _quarter(int(m[2]), 3 if m[1] in ("third", "3rd") else 4)),
        (rf"\bh([12])\s*[/ -]?\s*{_Y}\b", lambda m: _half(int(m[2]), int(m[1]))),
        (rf"\b{_Y}\s*[/ -]?\s*h([12])\b", lambda m: _half(int(m[1]), int(m[2]))),
        (rf"\b(first|second)\s+half\s+(?:of\s+)?{_Y}\b", lambda m: _half(int(m[2]), 1 if m[1] == "first" else 2)),
        (rf"\b([12])\.\s*pololeti\s+(?:roku\s+)?{_Y}\b", lambda m: _half(int(m[2]), int(m[1]))),
        (rf"\b(?:fy|fiscal\s+year|financial\s+year)\s*'?{_Y}\b", lambda m: _year(int(m[1]), f"FY{m[1]}")),
        (rf"\b(?:calendar\s+year|full\s+year|year|rok|roku|v\s+roce|za\s+rok|cely\s+rok)\s+{_Y}\b", lambda m: _year(int(m[1]))),
        (rf"\b({_MONTH_RE})\s+{_Y}\b", lambda m: _month(int(m[2]), _MONTHS[m[1]])),
        (r"\b(?:last|previous|prior)\s+year\b|\bloni\b|\blonsk\w*\b|\bminul\w*\s+rok\w*\b", lambda m: _year(as_of.year - 1)),
        (r"\b(?:this|current)\s+year\b|\bletos\w*\b|\btento\s+rok\b", lambda m: _year(as_of.year)),
        (r"\b(?:last|previous|prior)\s+quarter\b|\bminul\w*\s+ctvrtleti\b", lambda m: _previous_quarter(as_of)),
        (r"\b(?:last|previous|prior)\s+month\b|\bminul\w*\s+mesic\w*\b", lambda m: _previous_month(as_of)),
        (rf"\b(?:in|during|for|v|ve)\s+({_MONTH_RE})\b(?!\s+\d)", lambda m: _month(_last_past_month(_MONTHS[m[1]], as_of), _MONTHS[m[1]])),
    ]


def _previous_quarter(as_of: date) -> Period:
    q = (as_of.month - 1) // 3 + 1
    return _quarter(as_of.year - 1, 4) if q == 1 else _quarter(as_of.year, q - 1)


def _previous_month(as_of: date) -> Period:
    first = as_of.replace(day=1) - timedelta(days=1)
    return _month(first.year, first.month)


def _date_patterns(as_of: date):
    return [
        (r"\b((?:19|20)\d{2})-(\d{1,2})-(\d{1,2})\b", lambda m: _safe_date(int(m[1]), int(m[2]), int(m[3]))),
        (r"\b(\d{1,2})\.\s*(\d{1,2})\.\s*((?:19|20)\d{2})\b", lambda m: _safe_date(int(m[3]), int(m[2]), int(m[1]))),
        (r"\b(\d{1,2})/(\d{1,2})/((?:19|20)\d{2})\b", lambda m: _slash_date(int(m[1]), int(m[2]), int(m[3]))),
        (rf"\b(\d{{1,2}}){_ORD}\.?\s+(?:of\s+)?({_MONTH_RE})\.?,?\s+{_Y}\b", lambda m: _safe_date(int(m[3]), _MONTHS[m[2]], int(m[1]))),
        (rf"\b({_MONTH_RE})\.?\s+(\d{{1,2}}){_ORD},?\s+{_Y}\b", lambda m: _safe_date(int(m[3]), _MONTHS[m[1]], int(m[2]))),
        (r"\b(?:today|dnes|dnesni\w*)\b", lambda m: as_of),
        (r"\b(?:yesterday|vcera|vcerejsi\w*)\b", lambda m: as_of - timedelta(days=1)),
    ]


def _slash_date(a: int, b: int, year: int) -> Optional[date]:
    # Day first unless that is impossible (06/30/2025 is US month-first).
    return _safe_date(year, b, a) if b <= 12 else _safe_date(year, a, b)


_RANGE_SEP = r"\s*(?:to|until|till|through|thru|and|do|az|-|–)\s*"


def find_time(text: str, as_of: date) -> TimeFinding:
    folded = fold(text)
    found = TimeFinding()
    taken: list[tuple[int, int]] = []

    def free(a: int, b: int) -> bool:
        return all(b <= s or a >= e for s, e in taken)

    # Point dates (and their positions) first, so that ranges and edges can use them.
    points: list[tuple[int, int, date]] = []
    for pattern, build in _date_patterns(as_of):
        for m in re.finditer(pattern, folded):
            if free(m.start(), m.end()):
                value = build(m)
                if value is not None:
                    points.append((m.start(), m.end(), value))
                    taken.append((m.start(), m.end()))
    points.sort()

    periods: list[tuple[int, int, Period]] = []
    for pattern, build in _period_patterns(as_of):
        for m in re.finditer(pattern, folded):
            if free(m.start(), m.end()):
                periods.append((m.start(), m.end(), build(m)))
                taken.append((m.start(), m.end()))
    # A bare year ("for 2025") is a period when nothing else claimed it.
    for m in re.finditer(r"(?<![\w.#/-])((?:19|20)\d{2})(?![\w/-]|\.\d)", folded):
        if free(m.start(), m.end()):
            periods.append((m.start(), m.end(), _year(int(m[1]))))
            taken.append((m.start(), m.end()))
    periods.sort(key=lambda p: p[0])

    # "from D1 to D2" / "between D1 and D2" / "od D1 do D2"
    if len(points) >= 2:
        (s1, e1, d1), (s2, e2, d2) = points[0], points[1]
        if re.fullmatch(_RANGE_SEP, folded[e1:s2]) and d1 <= d2:
            found.period = Period(d1, d2, f"{d1.isoformat()} to {d2.isoformat()}")
            found.spans = [(s1, e2)]
            found.explicit = True
            return found

    # "end of Q2 2025" / "start of 2025" turn a period into a date.
    for start, end, period in periods:
        before = folded[:start]
        if re.search(_EDGE_END + r"$", before):
            found.reporting_date = period.end
        elif re.search(_EDGE_START + r"$", before):
            found.reporting_date = period.start
        else:
            continue
        found.spans = [(start, end)]
        found.explicit = True
        return found

    if points:
        found.reporting_date = points[0][2]
        found.spans = [(points[0][0], points[0][1])]
        found.explicit = True
    elif periods:
        found.period = periods[0][2]
        found.spans = [(periods[0][0], periods[0][1])]
        found.explicit = True
    return found
