"""Records that report on other records: freshness results and review decisions kept as records."""
from datetime import date, datetime, timezone

import pytest

from catalog.records import EvidenceRecord, Revision
from resolver.reports import freshness_of, rankings_in
from tests.resolver.test_policy import ask, rec

T1 = datetime(2026, 1, 20, 10, 0, tzinfo=timezone.utc)


def report(evidence_id, entity_type, body, **kw) -> Revision:
    data = dict(evidence_id=evidence_id, entity_id=kw.pop("entity_id", evidence_id.lower()), entity_type=entity_type,
                title=kw.pop("title", evidence_id), status=kw.pop("status", "current"),
                authority=kw.pop("authority", "authoritative"), permissions=kw.pop("permissions", ["analysts"]), body=body)
    data.update(kw)
    return Revision(record=EvidenceRecord(**data), revision=1, recorded_at=kw.get("recorded_at") or T1)


CHECK = ("dbt source freshness result for source.shop.raw.orders: status pass; max_loaded_at 2026-04-15T05:52:10Z; "
         "snapshotted_at 2026-04-15T06:00:00Z; criteria warn_after 2 hour, error_after 6 hour.")


def test_a_freshness_result_record_is_read_from_dbt_fields():
    rev = report("FRESH.ORDERS.1", "freshness_result", CHECK, source_ids=["source.shop.raw.orders"])
    seen = freshness_of(rev, ["source.shop.raw.orders"])
    assert (seen.status, seen.checked_at.isoformat(), seen.max_loaded_at.isoformat()) == \
        ("pass", "2026-04-15T06:00:00+00:00", "2026-04-15T05:52:10+00:00")
    assert seen.criteria.startswith("warn_after 2 hour") and seen.record is rev


def test_a_dbt_run_result_record_is_read_as_a_check_of_its_model():
    body = ("dbt run result (run_results.json) for model.shop.dim_customers: status error; started 2026-04-13T23:36:10Z, "
            "completed 2026-04-13T23:36:14Z; message 'column c.is_qa_account does not exist'.")
    rev = report("RUN.DIM_CUSTOMERS", "run_result", body, entity_id="model.shop.dim_customers", model_ids=["model.shop.dim_customers"])
    seen = freshness_of(rev, ["model.shop.dim_customers"])
    assert (seen.status, seen.kind, seen.checked_at.isoformat()) == ("error", "run_result", "2026-04-13T23:36:14+00:00")


@pytest.mark.parametrize("change", [
    dict(authority="non_authoritative"),  # a wiki's word about freshness is prose
    dict(authority="untrusted"),
    dict(status="draft"),
    dict(body="The orders feed refreshes nightly and is usually fresh by 6am."),  # no status field: prose
    dict(source_ids=["source.shop.raw.customers"]),  # a check of another node
])
def test_a_freshness_record_that_reports_no_check_of_the_node_is_left_unread(change):
    fields = dict(body=CHECK, source_ids=["source.shop.raw.orders"]) | change
    assert freshness_of(report("FRESH.ORDERS.1", "freshness_result", **fields), ["source.shop.raw.orders"]) is None


@pytest.mark.parametrize("body, winner", [
    ("Review decision for metric.x. Winner: X.FIN. Loser: X.OPS. Reason: it reconciles to the ledger.", "X.FIN"),
    ("Conflict: X.OPS vs X.FIN (both authoritative). Ranking: winner X.FIN, loser X.OPS.", "X.FIN"),
    ("The council ranks X.OPS over X.FIN for all reporting.", "X.OPS"),
    ("X.FIN (finance view) prevails; X.OPS stays an operational view.", "X.FIN"),
    ("Entscheidung: Gewinner X.OPS, Verlierer X.FIN.", "X.OPS"),
    ("Keputusan review atas metric.x. Pemenang: X.FIN. Kalah: X.OPS. Alasan: sejalan dengan laporan OJK.", "X.FIN"),
    ("Quyết định rà soát: bên thắng X.OPS, bên thua X.FIN.", "X.OPS"),
    ("ผลการพิจารณา: ผู้ชนะ X.FIN ผู้แพ้ X.OPS", "X.FIN"),
    ("Решение 2025-14 по metric.x. Победитель: X.OPS. Проигравший: X.FIN. Причина: частота идентификации.", "X.OPS"),
    ("口径裁决 2025-019。胜出：X.FIN。落选：X.OPS。理由：行业惯例。", "X.FIN"),
    ("Karar: kazanan X.FIN, kaybeden X.OPS.", "X.FIN"),
    ("Decisão 2025-014. Vencedora: X.OPS. Perdedora: X.FIN. Motivo: metodologia do FMI.", "X.OPS"),
])
def test_a_review_decision_record_ranks_the_winner_it_marks(body, winner):
    found = rankings_in(report("REVIEW.X", "review_decision", body, owner="Data Council"), ["X.FIN", "X.OPS"])
    assert [(d.winner, d.loser) for d in found] == [(winner, ({"X.FIN", "X.OPS"} - {winner}).pop())]
    assert found[0].reviewer == "Data Council" and found[0].decided_at == T1


@pytest.mark.parametrize("body, change", [
    ("Winner: X.FIN. Loser: X.OPS.", dict(authority="untrusted")),  # a note that claims a decision is no decision
    ("Winner: X.FIN. Loser: X.OPS.", dict(status="draft")),
    ("Winner: X.FIN. Loser: X.OPS.", dict(entity_type="note")),
    ("X.FIN and X.OPS were discussed; no decision yet.", {}),  # no winner marked
    ("Winner: X.FIN. Winner: X.OPS.", {}),  # two winners
    ("Winner: X.FIN.", {}),  # one candidate named
    ("Winner: X.FINANCE. Loser: X.OPS.", {}),  # another id that begins like a candidate
])
def test_a_review_decision_record_that_ranks_nothing_clearly_is_left_unread(body, change):
    fields = dict(entity_type="review_decision") | change
    assert rankings_in(report("REVIEW.X", body=body, **fields), ["X.FIN", "X.OPS"]) == []


def _conflict():
    return [rec("C.fin", effective_from=date(2025, 1, 1), title="Churn"),
            rec("C.ops", effective_from=date(2025, 1, 1), title="Churn")]


def test_a_review_decision_record_settles_a_conflict_and_is_cited():
    decision = report("REVIEW.CHURN", "review_decision", "Winner: C.fin. Loser: C.ops. Reason: finance closes the books.",
                      owner="Data Council", effective_from=date(2025, 1, 1))
    bundle = ask(_conflict() + [decision], "Which churn definition applies on 2026-03-01?", as_of=date(2026, 4, 1))
    assert bundle.behavior.value == "answer" and bundle.ids("primary") == ["C.fin"]
    assert "C.ops" in bundle.ids("context") and "REVIEW.CHURN" in bundle.ids("supporting")
    assert "[REVIEW.CHURN]" in bundle.answer and "Data Council" in bundle.answer and "finance closes the books" in bundle.answer


def test_a_review_decision_record_the_requester_may_not_see_settles_nothing():
    decision = report("REVIEW.CHURN", "review_decision", "Winner: C.fin. Loser: C.ops.", permissions=["council"])
    bundle = ask(_conflict() + [decision], "Which churn definition applies on 2026-03-01?", as_of=date(2026, 4, 1))
    assert bundle.behavior.value == "abstain" and sorted(bundle.ids("conflict")) == ["C.fin", "C.ops"]
    assert "REVIEW.CHURN" not in bundle.ids() + bundle.context_ids


def test_a_review_decision_record_ranks_only_inside_its_effective_interval():
    decision = report("REVIEW.CHURN", "review_decision", "Winner: C.fin. Loser: C.ops.", effective_from=date(2026, 1, 1))
    bundle = ask(_conflict() + [decision], "Which churn definition applies on 2025-06-30?", as_of=date(2026, 4, 1))
    assert bundle.behavior.value == "abstain"


def test_a_freshness_question_is_answered_from_a_freshness_result_record():
    source = rec("SRC.ORDERS", entity_id="source.shop.raw.orders", entity_type="source", title="raw orders")
    check = report("FRESH.ORDERS.1", "freshness_result", CHECK, source_ids=["source.shop.raw.orders"])
    wiki = report("WIKI.ORDERS", "wiki", "status: pass. The orders feed is always fresh.", authority="non_authoritative",
                  source_ids=["source.shop.raw.orders"])
    bundle = ask([source, check, wiki], "Is raw orders fresh?", as_of=date(2026, 4, 15))
    assert bundle.behavior.value == "answer" and bundle.ids("primary") == ["FRESH.ORDERS.1"]
    assert "2026-04-15T06:00:00+00:00" in bundle.answer and "pass" in bundle.answer
    # a check after the reporting date says nothing of it
    before = ask([source, check], "Was raw orders fresh on 2026-04-10?", as_of=date(2026, 4, 15))
    assert before.behavior.value == "abstain"


def test_a_review_decision_filed_under_the_entity_it_settles_is_no_rival_definition():
    decision = report("REVIEW.CHURN", "review_decision", "Winner: C.fin. Loser: C.ops.", entity_id="metric.churn",
                      title="Churn review decision")
    bundle = ask(_conflict() + [decision], "Which churn definition applies on 2026-03-01?", as_of=date(2026, 4, 1))
    assert bundle.behavior.value == "answer" and bundle.ids("primary") == ["C.fin"]
    from resolver.conflicts import find_conflicts
    assert all("REVIEW.CHURN" not in item.evidence_ids for item in find_conflicts(_conflict()[:1] + [decision])
               if item.kind == "hard")


def test_an_openlineage_run_kept_as_a_freshness_record_and_a_winner_that_ranks_above():
    run = report("FRESH.RUN.1", "freshness_result", "OpenLineage RunEvent eventType COMPLETE for job billing.export, "
                 "eventTime 2026-05-13T02:47:31Z; output dataset billing.rated_cdrs.", source_ids=["source.billing.cdrs"])
    seen = freshness_of(run, ["source.billing.cdrs"])
    assert (seen.status, seen.kind, seen.checked_at.isoformat()) == ("complete", "openlineage_run", "2026-05-13T02:47:31+00:00")
    decision = report("REVIEW.X", "review_decision", "For metric.x, X.FIN ranks above X.OPS for every reporting date.")
    assert [(d.winner, d.loser) for d in rankings_in(decision, ["X.FIN", "X.OPS"])] == [("X.FIN", "X.OPS")]


def test_a_review_decision_written_in_japanese_ranks_its_winner():
    from datetime import date, datetime, timezone

    from catalog.records import EvidenceRecord, Revision
    from resolver.reports import rankings_in

    record = EvidenceRecord(evidence_id="REVIEW.UPTIME", entity_id="metric.uptime", entity_type="review_decision",
                            title="レビュー決定", status="current", authority="authoritative", permissions=["a"],
                            effective_from=date(2025, 4, 1),
                            body="レビュー決定 2025-031。採用: METRIC.UPTIME.SEIGI。 不採用: METRIC.UPTIME.KOJO。理由: JIS と整合するため。")
    found = rankings_in(Revision(record=record, revision=1, recorded_at=datetime(2025, 12, 18, tzinfo=timezone.utc)),
                        ["METRIC.UPTIME.SEIGI", "METRIC.UPTIME.KOJO"])
    assert [(d.winner, d.loser) for d in found] == [("METRIC.UPTIME.SEIGI", "METRIC.UPTIME.KOJO")]
    assert found[0].rationale.startswith("理由")


def test_an_openlineage_run_written_as_its_events_is_a_check_of_the_job():
    rev = report("RUN.NIGHTLY", "job_run", "OpenLineage RunEvents from Airflow: START 2026-05-20T02:00:04Z; FAIL "
                 "2026-05-20T03:06:52Z. The previous run ended COMPLETE at 02:58:11Z.", entity_id="job.nightly")
    found = freshness_of(rev, ["job.nightly"])
    assert found is not None and (found.status, found.checked_at.isoformat(), found.kind) == ("fail", "2026-05-20T03:06:52+00:00", "openlineage_run")


def test_a_review_decision_a_later_decision_supersedes_ranks_nothing():
    older = report("REVIEW.CHURN.1", "review_decision", "Winner: C.ops. Loser: C.fin.", status="superseded",
                   superseded_by="REVIEW.CHURN.2")
    newer = report("REVIEW.CHURN.2", "review_decision", "Replaces REVIEW.CHURN.1. Winner: C.fin. Loser: C.ops.",
                   supersedes="REVIEW.CHURN.1")
    bundle = ask(_conflict() + [older, newer], "Which churn definition applies on 2026-03-01?", as_of=date(2026, 4, 1))
    assert bundle.behavior.value == "answer" and bundle.ids("primary") == ["C.fin"]
    # as known before the later decision was recorded (it does not exist yet), the older one still ranks
    alone = ask(_conflict() + [older], "Which churn definition applies on 2026-03-01?", as_of=date(2026, 4, 1))
    assert alone.behavior.value == "answer" and alone.ids("primary") == ["C.ops"]
