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


def test_records_already_in_a_stated_chain_are_not_suggested_again():
    def version(n: int, **links) -> Revision:
        record = EvidenceRecord(evidence_id=f"METRIC.CHURN.v{n}", entity_id="metric.churn", entity_type="metric_definition",
                                title="Churn", status="current" if n == 3 else "superseded", authority="authoritative",
                                permissions=["analysts"], body=f"Churn v{n} counts customers who left.",
                                effective_from=date(2020 + n, 1, 1), effective_to=None if n == 3 else date(2021 + n, 1, 1),
                                **links)
        return Revision(record=record, revision=1, recorded_at=T0)

    chain = [version(1, superseded_by="METRIC.CHURN.v2"),
             version(2, supersedes="METRIC.CHURN.v1", superseded_by="METRIC.CHURN.v3"),
             version(3, supersedes="METRIC.CHURN.v2")]
    assert suggest_supersessions(chain) == []
    unlinked = [version(1), version(3)]
    assert {tuple(i.evidence_ids) for i in suggest_supersessions(unlinked)} == {("METRIC.CHURN.v3", "METRIC.CHURN.v1")}


def test_a_record_that_says_it_is_superseded_is_suggested_as_the_predecessor():
    """An archived page with no date of its own starts when it was recorded, after the current
    page: its status, not that date, says which came first."""
    current = page("POLICY.2023", "Refund policy", COPIED, date(2023, 6, 1))
    record = EvidenceRecord(evidence_id="POLICY.2016", entity_id="policy.2016", entity_type="wiki_page",
                            title="Refund policy (2016)", status="superseded", authority="non_authoritative",
                            permissions=["analysts"], body=COPIED + " Superseded by the 2023 policy.")
    archived = Revision(record=record, revision=1, recorded_at=datetime(2026, 11, 29, tzinfo=timezone.utc))
    items = suggest_supersessions([current, archived])
    assert [tuple(i.evidence_ids) for i in items] == [("POLICY.2023", "POLICY.2016")]
    assert items[0].reason.startswith("POLICY.2023 (from 2023-06-01) may supersede POLICY.2016")
