from datetime import date
from pathlib import Path

import pytest
import yaml

from resolver.dates import find_time, place_time, scan_time

CASES = yaml.safe_load((Path(__file__).parent / "golden" / "dates.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES, ids=[c["text"] for c in CASES])
def test_dates_as_people_write_them(case):
    found = find_time(case["text"], case["as_of"])
    assert found.reporting_date == case.get("date")
    if "period" in case:
        assert found.period is not None
        assert (found.period.start, found.period.end) == tuple(case["period"])
    else:
        assert found.period is None
    assert found.explicit == ("date" in case or "period" in case)
    assert found.unread == case.get("unread", [])


def test_one_scan_placed_on_each_date():
    """scan_time reads the text alone: one scan of a text, placed on each of its cases' dates,
    gives every case's answer (the service scans a question once and places it per request)."""
    by_text: dict[str, list[dict]] = {}
    for case in CASES:
        by_text.setdefault(case["text"], []).append(case)
    assert any(len({c["as_of"] for c in group}) > 1 for group in by_text.values())
    for text, group in by_text.items():
        scan = scan_time(text)
        for case in group:
            found = place_time(scan, case["as_of"])
            assert found.reporting_date == case.get("date"), (text, case["as_of"])
            assert (found.period.start, found.period.end) == tuple(case["period"]) if "period" in case else found.period is None


def test_each_placement_is_its_own():
    scan = scan_time("revenue at the end of Q2 2025")
    first, second = place_time(scan, date(2026, 1, 1)), place_time(scan, date(2026, 1, 1))
    assert first == second and first.spans is not second.spans


@pytest.mark.parametrize("text, as_of, reporting, known", [
    ("What did the catalog say on 2026-02-01 about the churn definition for 31 March 2025?", date(2026, 5, 20), date(2025, 3, 31), date(2026, 2, 1)),
    ("Looking at the catalog as it stood on 10 April 2026, which definition applied on 2025-08-31?", date(2026, 5, 20), date(2025, 8, 31), date(2026, 4, 10)),
    ("As we understood it on 1 March 2026, what was the churn definition?", date(2026, 5, 20), date(2026, 3, 1), date(2026, 3, 1)),
    ("Which churn definition applied on 2025-06-30, as known on 2025-09-01?", date(2026, 5, 20), date(2025, 6, 30), date(2025, 9, 1)),
    ("What did we believe on 1 March 2025 about lock-up as at 31 January 2025?", date(2025, 11, 14), date(2025, 1, 31), date(2025, 3, 1)),
    ("Which churn definition applied on 2025-06-30?", date(2026, 5, 20), date(2025, 6, 30), None),
    ("Welke definitie gold per 1 januari 2026, zoals de catalogus er op 1 maart 2026 bij stond?", date(2026, 4, 22), date(2026, 1, 1), date(2026, 3, 1)),
    ("Wat wisten we op 1 oktober 2025: welke definitie gold per 30-09-2025?", date(2026, 4, 22), date(2025, 9, 30), date(2025, 10, 1)),
])
def test_a_knowledge_time_written_in_the_question_is_not_its_reporting_date(text, as_of, reporting, known):
    found = find_time(text, as_of)
    assert (found.reporting_date, found.known_on, found.unread) == (reporting, known, [])
