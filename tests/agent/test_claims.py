"""Golden cases for the checks on model-worded answers (resolver.claims), from golden/claims.yaml."""
from datetime import datetime, timezone
from pathlib import Path

import pytest
import yaml

from catalog.loader import parse_file
from catalog.records import Revision
from resolver.bundle import Requester
from resolver.claims import check_worded_answer, sentences
from resolver.entities import EntityIndex
from resolver.pipeline import answer
from resolver.source import MemorySource
from tests.agent import dossier

T0 = datetime(2024, 1, 1, tzinfo=timezone.utc)
GOLDEN = yaml.safe_load((Path(__file__).parent / "golden" / "claims.yaml").read_text(encoding="utf-8"))["cases"]


def worded(case):
    draft = dossier.ask(case["question"])
    assert draft.behavior.value in ("answer", "answer_with_conflict", "clarify_or_split"), draft.behavior
    return draft.model_copy(update={"answer": case["text"]})


@pytest.mark.parametrize("case", GOLDEN, ids=[c["id"] for c in GOLDEN])
def test_golden_worded_answer(case):
    checks = check_worded_answer(worded(case))
    failed = sorted(c.rule for c in checks if not c.passed)
    if case.get("pass"):
        assert failed == [], [c for c in checks if not c.passed]
    else:
        assert failed == sorted(case["fails"]), [c for c in checks if not c.passed]


@pytest.mark.parametrize("suite", ["dossier", "telco", "hospital", "retail", "insurance", "logistics", "people", "banking", "saas", "utility", "marketing", "manufacturing", "education",
                                   "airline", "publicsector", "streaming", "marketplace", "clinical", "hotel",
                                   "gaming", "mobility", "publichealth", "energy", "payer", "payments",
                                   "b2bsaas", "supply", "retailbank", "wholesale", "freight", "elearning",
                                   "underwriting", "hr", "agri"])
def test_every_templated_answer_passes_when_a_model_returns_it_unchanged(suite):
    """The resolver's own wording of every gold question meets the rules a model's wording must meet."""
    spec = yaml.safe_load((dossier.REPO / "evals" / "suites" / f"{suite}.yaml").read_text(encoding="utf-8"))
    revs = [Revision(record=r, revision=1, recorded_at=r.recorded_at or T0)
            for corpus in spec["corpus"] for path in sorted((dossier.REPO / corpus).glob("*.yaml"))
            for r in parse_file(path).records]
    index = EntityIndex.build([(n, r.record.entity_id) for r in revs for n in r.record.names()])
    worded, failing = 0, {}
    for case in spec["cases"]:
        roles = list(case.get("roles", spec["roles"]))
        bundle = answer(case["question"], requester=Requester(roles=roles), as_of=case.get("as_of", spec["as_of"]),
                        known_at=None, index=index, source=MemorySource(revs, tuple(roles)))
        if bundle.behavior.value in ("answer", "answer_with_conflict", "clarify_or_split"):
            worded += 1
            texts = {r.record.evidence_id: r.record.body for r in revs}
            failed = [c.rule for c in check_worded_answer(bundle, texts) if not c.passed]
            if failed:
                failing[case["id"]] = (failed, bundle.answer)
    assert set(failing) == WORDING_KNOWN_TO_FAIL.get(suite, set()), failing
    assert worded >= 6


WORDING_KNOWN_TO_FAIL: dict[str, set[str]] = {}


def test_no_failure_detail_repeats_an_id_outside_the_evidence():
    bundle = dossier.ask("Q2").model_copy(update={"answer": "For reporting date 2025-07-15 revenue v2 applies "
                                                            "[METRIC.REVENUE.v2] [MODEL.FCT_REVENUE.v2], not "
                                                            "FINANCE.BOARD.PLAN or [FINANCE.BOARD.PLAN]."})
    checks = check_worded_answer(bundle)
    assert any(not c.passed for c in checks)
    assert "FINANCE" not in " ".join(c.detail for c in checks)


def test_sentences_keep_quotations_and_trailing_citations_together():
    text = ('X applies [A]: "One. Two." It is current [A]. On fees, it says: "Fees are excluded." [A]. '
            'It proposes: "Three.". Which one do you mean?')
    parts = sentences(text)
    assert [p.text for p in parts] == ['X applies [A]: "One. Two."', "It is current [A].",
                                      'On fees, it says: "Fees are excluded." [A].', 'It proposes: "Three.".',
                                      "Which one do you mean?"]
    assert parts[3].cites == ("A",)  # a quotation attributed to "it" cites what the sentence before cites


def test_a_date_inside_a_verbatim_quotation_is_the_record_s_own():
    """A quotation that repeats a cited record's text word for word may carry the record's own dates;
    one that does not (an invented "quotation") is the wording's claim, and its dates are checked."""
    draft = dossier.ask("Q2")
    primary, *others = [e.evidence_id for e in draft.evidence if e.role == "primary"]
    also = "".join(f" [{i}]" for i in others)
    body = "Replaces v1. The change was approved by the board on 2024-11-05 and applies to every order."
    quoted = f'For reporting date 2025-07-15, revenue v2 applies [{primary}]: "The change was approved by the board on 2024-11-05 and applies to every order."{also}'
    invented = f'For reporting date 2025-07-15, revenue v2 applies [{primary}]: "The change was approved on 2024-11-06."{also}'

    def failed(text, quotable):
        return sorted(c.rule for c in check_worded_answer(draft.model_copy(update={"answer": text}), quotable) if not c.passed)

    assert failed(quoted, {primary: body}) == []
    assert failed(quoted, {}) == ["worded_dates_known"]
    assert failed(invented, {primary: body}) == ["worded_dates_known"]
    assert failed(quoted, {"SOMETHING.ELSE": body}) == ["worded_dates_known"]  # only the evidence's own texts
