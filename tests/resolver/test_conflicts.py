"""Supersession suggestions: near-duplicate texts are suggested, shared template text is not."""
from datetime import date, datetime, timezone

from catalog.records import EvidenceRecord, Revision
from resolver.conflicts import suggest_supersessions

T0 = datetime(2024, 1, 1, tzinfo=timezone.utc)
TEMPLATE = "{name} is taken from the monthly export and adjusted by hand. This page predates the governed metric definition and may be out of date."
COPIED = ("Refunds are deducted in the month the refund is issued, not the month of the order; chargebacks follow the "
          "same rule and partial refunds count at their issued amount.")


def page(evidence_id: str, name: str, body: str, start: date) -> Revision:
    record = EvidenceRecord(evidence_id=evidence_id, entity_id=evidence_id.lower(), entity_type="wiki_page", title=name,
                            status="current", authority="non_authoritative", permissions=["analysts"], body=body,
                            effective_from=start)
    return Revision(record=record, revision=1, recorded_at=T0)


def test_pages_that_share_only_a_template_are_not_suggested_but_a_copied_page_is():
    names = ["Gross churn", "Net adds", "Median call drop rate", "Recurring payroll cost", "Organic lifetime value",
             "Roaming minutes", "Return rate", "Shipping cost", "Supplier lead time", "SMS volume", "Bounce rate"]
    pages = [page(f"WIKI.{i}", name, TEMPLATE.format(name=name), date(2023, 1 + i, 1)) for i, name in enumerate(names)]
    pages += [page("WIKI.REFUNDS.OLD", "Refund handling", COPIED, date(2022, 3, 1)),
              page("WIKI.REFUNDS.NEW", "Refund rules", COPIED + " Reviewed by Finance.", date(2024, 3, 1))]
    pairs = {tuple(item.evidence_ids) for item in suggest_supersessions(pages)}
    assert pairs == {("WIKI.REFUNDS.NEW", "WIKI.REFUNDS.OLD")}


def test_in_a_small_group_template_pages_still_count_as_near_duplicates():
    pages = [page("WIKI.A", "Gross churn", TEMPLATE.format(name="Gross churn"), date(2023, 1, 1)),
             page("WIKI.B", "Gross churn rate", TEMPLATE.format(name="Gross churn rate"), date(2024, 1, 1))]
    assert {tuple(i.evidence_ids) for i in suggest_supersessions(pages)} == {("WIKI.B", "WIKI.A")}
