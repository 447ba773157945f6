"""Fiscal calendars stated by records, and fiscal periods placed on them (resolver.fiscal)."""
from datetime import date, datetime, timezone
from pathlib import Path

import pytest
import yaml

from catalog.records import EvidenceRecord, Revision
from resolver.dates import find_time
from resolver.fiscal import FiscalCalendar, applicable, calendar_of

GOLDEN = yaml.safe_load((Path(__file__).parent / "golden" / "fiscal.yaml").read_text(encoding="utf-8"))
T0 = datetime(2024, 1, 1, tzinfo=timezone.utc)


def record(title, body, entity_type="policy", **kw):
    data = dict(evidence_id=kw.pop("evidence_id", "POL.X"), entity_id=kw.pop("entity_id", "policy.x"),
                entity_type=entity_type, title=title, status="current", authority="authoritative",
                permissions=["analysts"], body=body)
    data.update(kw)
    return EvidenceRecord(**data)


@pytest.mark.parametrize("case", GOLDEN["calendars"], ids=[c["body"][:40] for c in GOLDEN["calendars"]])
def test_the_calendar_a_record_states(case):
    found = calendar_of(record(case["title"], case["body"], case["type"]))
    if "calendar" in case:
        assert found is None
    else:
        assert found is not None and (found.start_month, found.named_for_end) == (case["start"], case["end_named"])


@pytest.mark.parametrize("case", GOLDEN["periods"], ids=[f"{c['text']} on {c['calendar']}" for c in GOLDEN["periods"]])
def test_fiscal_periods_on_a_calendar(case):
    calendar = FiscalCalendar(*case["calendar"]) if case["calendar"] else None
    found = find_time(case["text"], case["as_of"], calendar)
    assert found.reporting_date == case.get("date")
    if "period" in case:
        assert (found.period.start, found.period.end) == tuple(case["period"])
    else:
        assert found.period is None
    assert found.unread == case.get("unread", [])


def rev(rec):
    return Revision(record=rec, revision=1, recorded_at=T0)


def test_only_an_authoritative_calendar_in_force_applies():
    july = record("Fiscal calendar", "The fiscal year runs from 1 July to 30 June.", evidence_id="CAL.JUL")
    draft = record("Fiscal calendar", "The fiscal year runs from 1 October to 30 September.", evidence_id="CAL.OCT",
                   status="draft", authority="non_authoritative")
    untrusted = record("Fiscal calendar", "The fiscal year runs from 1 March.", evidence_id="CAL.MAR", authority="untrusted")
    later = record("Fiscal calendar", "The fiscal year runs from 1 April to 31 March.", evidence_id="CAL.APR",
                   effective_from=date(2027, 1, 1))
    found = applicable([rev(july), rev(draft), rev(untrusted), rev(later)], date(2026, 5, 1))
    assert found is not None and found[0] == FiscalCalendar(7, True) and found[1].evidence_id == "CAL.JUL"
    assert applicable([rev(draft), rev(untrusted)], date(2026, 5, 1)) is None


def test_two_calendars_in_force_that_disagree_give_none():
    a = record("Fiscal calendar", "The fiscal year runs from 1 July to 30 June.", evidence_id="CAL.A")
    b = record("Fiscal calendar (treasury)", "The fiscal year runs from 1 April to 31 March.", evidence_id="CAL.B")
    assert applicable([rev(a), rev(b)], date(2026, 5, 1)) is None


def test_of_two_calendars_that_disagree_the_one_a_place_in_the_question_names():
    india = record("India sites (Pune, Bengaluru) fiscal calendar", "The fiscal year runs from 1 April to 31 March.",
                   evidence_id="CAL.IN", entity_id="policy.cal_in")
    ph = record("Philippine sites (Manila, Cebu) fiscal calendar", "The fiscal year equals the calendar year.",
                evidence_id="CAL.PH", entity_id="policy.cal_ph")
    both = [rev(india), rev(ph)]
    pune = applicable(both, date(2026, 4, 8), "Bengaluru ka full FY26 AHT trend banana hai")
    assert pune is not None and pune[0] == FiscalCalendar(4, True) and pune[1].evidence_id == "CAL.IN"
    assert applicable(both, date(2026, 4, 8), "Cebu FY26 AHT?")[1].evidence_id == "CAL.PH"
    # a question that names no place, or both, gets no calendar
    assert applicable(both, date(2026, 4, 8), "FY26 AHT for the group?") is None
    assert applicable(both, date(2026, 4, 8), "FY26 AHT for Pune and Cebu?") is None
