"""Classification preview of narrative documents (issue 6, item 4): catalog/classify.py.

Golden cases live in golden/classify.yaml; the folder fixtures/docs is a small mixed estate
(draft/, archive/, dated file names, "Effective:"/"Adopted:"/"Revised:" lines, front matter,
a Czech policy, an unverified scratch note) classified as of 2026-11-29.
"""
from __future__ import annotations

import ast
import inspect
import json
import subprocess
import sys
from datetime import date, datetime
from pathlib import Path

import pytest
import yaml
from pydantic import ValidationError

from catalog.classify import (
    INFERRED_FIELDS, METHODS, Classification, Inference, Override, apply_overrides, classify_document,
    render_preview, to_record_fields,
)
from catalog.errors import RecordError
from catalog.records import EvidenceRecord, parse_record

REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "fixtures" / "docs"
GOLDEN = Path(__file__).parent / "golden" / "classify.yaml"
TODAY = date(2026, 11, 29)
MTIME = datetime(2026, 11, 1, 12, 0)
DEFAULTS = {"permissions": ["analysts"], "owner": "Analytics Governance"}


def _golden():
    cases = yaml.safe_load(GOLDEN.read_text(encoding="utf-8"))
    return [pytest.param(case, id=case["id"]) for case in cases]


def classify_fixture(rel: str, **kw) -> Classification:
    kw.setdefault("today", TODAY)
    kw.setdefault("file_mtime", MTIME)
    return classify_document(rel, (DOCS / rel).read_text(encoding="utf-8"), **kw)


def fixture_paths() -> list[str]:
    return sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md"))


def classify_all(**kw) -> dict[str, Classification]:
    return {rel: classify_fixture(rel, **kw) for rel in fixture_paths()}


# ------------------------------------------------------------------------------------------------
# golden cases

@pytest.mark.parametrize("case", _golden())
def test_golden(case):
    c = classify_document(
        case["path"], case["text"],
        file_mtime=case.get("mtime"), today=case.get("today", TODAY),
        legacy_years=case.get("legacy_years", 7),
    )
    assert case["expect"], "a golden case must expect something"
    for field, expected in case["expect"].items():
        inference = getattr(c, field)
        value, method, *confidence = expected
        got = (inference.value, inference.method)
        assert got == (value, method), f"{field}: got {got} ({inference.evidence!r}), expected {(value, method)}"
        if confidence:
            assert inference.confidence == pytest.approx(confidence[0]), f"{field} confidence"


def test_golden_file_covers_every_method_and_both_languages():
    cases = yaml.safe_load(GOLDEN.read_text(encoding="utf-8"))
    methods = {exp[1] for case in cases for exp in case["expect"].values()}
    assert {"front_matter", "text", "path", "file_mtime", "default", "none"} <= methods
    assert any("Platnost od" in case["text"] for case in cases)
    assert len(cases) >= 40


# ------------------------------------------------------------------------------------------------
# the fixture folder

def test_fixture_folder_is_mixed():
    paths = fixture_paths()
    assert sum(p.startswith("draft/") for p in paths) == 2
    assert sum(p.startswith("archive/") for p in paths) == 2
    assert "2023-05-10-refund-policy.md" in paths
    assert any((DOCS / p).read_text(encoding="utf-8").startswith("---") for p in paths)


@pytest.mark.parametrize("rel", fixture_paths())
def test_every_inference_shows_method_and_confidence(rel):
    c = classify_fixture(rel)
    assert set(c.inferences()) == set(INFERRED_FIELDS)
    for field, inference in c.inferences().items():
        assert inference.method in METHODS, field
        assert 0.0 <= inference.confidence <= 1.0, field
        assert inference.evidence.strip(), f"{field} has no evidence"
        nothing = inference.method == "none"
        assert nothing == (inference.value is None), f"{field}: {inference}"
        assert nothing == (inference.confidence == 0.0), f"{field}: {inference}"
    # the fields a record needs are always decided
    for field in ("status", "authority", "title", "entity_id", "entity_type", "evidence_id"):
        assert getattr(c, field).value is not None, field
    # with a file time, every document has an age
    assert c.document_date.method != "none" and c.legacy.method != "none"


EXPECTED = {
    # path: (status, status method, authority, authority method, legacy, document_date method)
    "draft/churn-playbook-v3.md": ("draft", "text", "non_authoritative", "text", False, "file_mtime"),
    "draft/wip-net-revenue-retention.md": ("draft", "path", "non_authoritative", "path", False, "text"),
    "archive/2016-refund-policy.md": ("superseded", "text", "authoritative", "text", True, "text"),
    "archive/old-arpu-definition.md": ("superseded", "path", "non_authoritative", "default", False, "text"),
    "2023-05-10-refund-policy.md": ("current", "default", "authoritative", "text", False, "text"),
    "wiki/revenue-recognition.md": ("current", "default", "non_authoritative", "default", False, "text"),
    "policies/data-retention-policy.md": ("current", "front_matter", "authoritative", "front_matter", False, "front_matter"),
    "cz/zasady-vraceni-plateb.md": ("current", "text", "authoritative", "text", False, "text"),
    "notes/scratch-churn-dashboard.md": ("current", "default", "untrusted", "text", False, "file_mtime"),
}


def test_expectations_cover_the_fixture_folder():
    assert set(EXPECTED) == set(fixture_paths())


@pytest.mark.parametrize("rel", sorted(EXPECTED))
def test_fixture_classification(rel):
    c = classify_fixture(rel)
    status, status_method, authority, authority_method, legacy, date_method = EXPECTED[rel]
    assert (c.status.value, c.status.method) == (status, status_method)
    assert (c.authority.value, c.authority.method) == (authority, authority_method)
    assert c.legacy.value is legacy
    assert c.document_date.method == date_method


def test_fixture_dates():
    docs = classify_all()
    refund = docs["2023-05-10-refund-policy.md"]
    assert (refund.adopted.value, refund.effective_from.value, refund.revised.value) == (
        date(2023, 5, 10), date(2023, 6, 1), date(2025, 2, 12))
    assert refund.owner.value == "Finance Controlling"
    czech = docs["cz/zasady-vraceni-plateb.md"]
    assert czech.effective_from.value == date(2024, 3, 1) and czech.effective_from.evidence == "Platnost od: 1. 3. 2024"
    assert czech.adopted.value == date(2024, 2, 12)
    wiki = docs["wiki/revenue-recognition.md"]
    assert (wiki.effective_from.value, wiki.effective_to.value) == (date(2024, 3, 1), date(2026, 12, 31))
    old = docs["archive/2016-refund-policy.md"]
    assert old.document_date.value == date(2016, 9, 1) and old.age_years.value == pytest.approx(10.2)
    fm = docs["policies/data-retention-policy.md"]
    assert fm.entity_id.value == "policy.data_retention" and fm.version.value == "2"
    assert not fm.body.startswith("---") and "status: current" not in fm.body
    # same subject, two eras: the refund policies share an entity (a supersession candidate)
    assert refund.entity_id.value == old.entity_id.value == "policy.refund_policy"


def test_without_file_time_an_undated_document_has_no_age():
    c = classify_fixture("notes/scratch-churn-dashboard.md", file_mtime=None)
    assert (c.document_date.value, c.document_date.method, c.document_date.confidence) == (None, "none", 0.0)
    assert (c.legacy.value, c.legacy.method) == (None, "none")


# ------------------------------------------------------------------------------------------------
# legacy proposal

def test_legacy_default_is_seven_years():
    assert inspect.signature(classify_document).parameters["legacy_years"].default == 7
    legacy = {rel for rel, c in classify_all().items() if c.legacy.value}
    assert legacy == {"archive/2016-refund-policy.md"}


@pytest.mark.parametrize("years, expected", [
    (3, {"archive/2016-refund-policy.md", "archive/old-arpu-definition.md"}),
    (5, {"archive/2016-refund-policy.md", "archive/old-arpu-definition.md"}),
    (6, {"archive/2016-refund-policy.md"}),
    (12, set()),
])
def test_legacy_years_is_configurable(years, expected):
    docs = classify_all(legacy_years=years)
    assert {rel for rel, c in docs.items() if c.legacy.value} == expected
    assert all(c.legacy_years == years for c in docs.values())


def test_legacy_shows_in_preview():
    text = render_preview(classify_all().values())
    flagged = [line for line in text.splitlines() if "[proposed as legacy for review]" in line]
    assert flagged == ["archive/2016-refund-policy.md   [proposed as legacy for review]"]
    assert "1 proposed as legacy" in text


# ------------------------------------------------------------------------------------------------
# overrides and record fields

def test_records_from_every_fixture_validate_against_the_contract():
    for rel, c in classify_all().items():
        fields = to_record_fields(c, [], DEFAULTS)
        record = parse_record(fields, rel, 0)
        assert isinstance(record, EvidenceRecord)
        assert record.permissions == ("analysts",)
        assert not record.body.startswith("---") and record.body.strip()
        assert record.evidence_id == c.evidence_id.value and record.artifact_id == rel
    fm = to_record_fields(classify_fixture("policies/data-retention-policy.md"), [], DEFAULTS)
    assert fm["owner"] == "Data Governance Office"  # the document's own owner beats the default
    note = to_record_fields(classify_fixture("notes/scratch-churn-dashboard.md"), [], DEFAULTS)
    assert note["owner"] == "Analytics Governance"
    assert (note["status"], note["authority"], note["entity_type"]) == ("current", "untrusted", "note")


def test_record_without_permission_defaults_is_retrievable_by_nobody():
    fields = to_record_fields(classify_fixture("2023-05-10-refund-policy.md"))
    assert fields["permissions"] == []
    assert parse_record(fields, "x", 0).permissions == ()


def _ov(path, field, value, by="eva", reason="checked with the owner"):
    return Override(path=path, field=field, value=value, by=by, reason=reason)


def test_override_changes_the_record_fields():
    rel = "2023-05-10-refund-policy.md"
    c = classify_fixture(rel)
    before = to_record_fields(c, [], DEFAULTS)
    overrides = [
        _ov(rel, "status", "superseded"),
        _ov(rel, "authority", "non_authoritative", reason="the finance handbook is the authority"),
        _ov(rel, "effective_to", "2025-12-31"),
        _ov(rel, "entity_id", "policy.refunds"),
        _ov(rel, "permissions", ["finance"]),
    ]
    after = to_record_fields(c, overrides, DEFAULTS)
    assert (before["status"], before["authority"], before["effective_to"]) == ("current", "authoritative", None)
    assert (after["status"], after["authority"], after["effective_to"]) == ("superseded", "non_authoritative", "2025-12-31")
    assert after["entity_id"] == "policy.refunds" and after["permissions"] == ["finance"]
    assert {k: v for k, v in after.items() if k not in ("status", "authority", "effective_to", "entity_id", "permissions")} == \
        {k: v for k, v in before.items() if k not in ("status", "authority", "effective_to", "entity_id", "permissions")}
    record = parse_record(after, rel, 0)
    assert record.status.value == "superseded" and record.effective_to == date(2025, 12, 31)
    assert record.fingerprint() != parse_record(before, rel, 0).fingerprint()  # a new revision on import


def test_override_wins_with_method_override_and_full_confidence():
    rel = "draft/wip-net-revenue-retention.md"
    applied = apply_overrides(classify_fixture(rel), [_ov(rel, "status", "current", by="jan", reason="approved 2026-11-20")])
    assert (applied.status.value, applied.status.method, applied.status.confidence) == ("current", "override", 1.0)
    assert "jan" in applied.status.evidence and "approved 2026-11-20" in applied.status.evidence
    assert "override" in render_preview([applied])
    # entity_type followed the status out of "draft"; authority stays conservative until overridden too
    assert applied.entity_type.value == "document"
    assert applied.authority.value == "non_authoritative"


def test_overrides_of_other_documents_are_ignored_and_later_ones_win():
    rel = "archive/old-arpu-definition.md"
    c = classify_fixture(rel)
    assert apply_overrides(c, [_ov("draft/churn-playbook-v3.md", "status", "current")]) == c
    assert apply_overrides(c, []) is c
    later = apply_overrides(c, [_ov(rel, "status", "current"), _ov("./" + rel, "status", "retracted")])
    assert later.status.value == "retracted"


def test_title_override_rederives_entity_id_and_type():
    rel = "archive/old-arpu-definition.md"
    c = apply_overrides(classify_fixture(rel), [_ov(rel, "title", "ARPU policy (2021)")])
    assert (c.title.value, c.title.method) == ("ARPU policy (2021)", "override")
    assert c.entity_id.value == "policy.arpu_policy" and c.entity_type.value == "policy"


def test_document_date_override_recomputes_age_and_legacy():
    rel = "archive/old-arpu-definition.md"
    c = classify_fixture(rel)
    assert c.legacy.value is False
    older = apply_overrides(c, [_ov(rel, "document_date", "2012-01-31", reason="date from the original PDF")])
    assert older.legacy.value is True and older.legacy.method == "override"
    assert older.age_years.value == pytest.approx(14.8)
    kept = apply_overrides(c, [_ov(rel, "document_date", "2012-01-31"), _ov(rel, "legacy", False, reason="still used")])
    assert kept.legacy.value is False and kept.legacy.confidence == 1.0


@pytest.mark.parametrize("field, value", [
    ("status", "approved"),
    ("authority", "binding"),
    ("effective_from", "1 March 2024"),
    ("effective_from", datetime(2024, 3, 1, 10, 0)),
    ("legacy", "yes"),
    ("permissions", "analysts"),
    ("title", ""),
    ("body", "new text"),
    ("age_years", 3),
])
def test_invalid_overrides_are_refused(field, value):
    with pytest.raises(ValidationError):
        _ov("a.md", field, value)


def test_override_needs_who_and_why():
    with pytest.raises(ValidationError):
        Override(path="a.md", field="status", value="draft", by="", reason="x")
    with pytest.raises(ValidationError):
        Override(path="a.md", field="status", value="draft", by="eva", reason="")


def test_overrides_survive_storage_as_json():
    stored = [json.loads(_ov("a.md", "effective_from", "2024-03-01").model_dump_json()),
              json.loads(_ov("a.md", "permissions", ["finance"]).model_dump_json())]
    back = [Override.model_validate(s) for s in stored]
    assert back[0].value == date(2024, 3, 1) and back[1].value == ("finance",)
    fields = to_record_fields(classify_document("a.md", "# A\n", file_mtime=None, today=TODAY), back, DEFAULTS)
    assert fields["effective_from"] == "2024-03-01" and fields["permissions"] == ["finance"]


def test_contradictory_interval_is_reported_and_an_override_resolves_it():
    c = classify_document("metrics/revenue.md", "# Revenue\nEffective: 2025-01-01\nValid until: 2024-03-01\n",
                          file_mtime=None, today=TODAY)
    assert len(c.problems) == 1 and "effective_to 2024-03-01 is before effective_from 2025-01-01" in c.problems[0]
    assert "  ! effective_to 2024-03-01" in render_preview([c])
    with pytest.raises(RecordError, match="effective_to"):
        parse_record(to_record_fields(c, [], DEFAULTS), c.path, 0)
    fix = [_ov(c.path, "effective_to", None, reason="the end date was a typo")]
    assert apply_overrides(c, fix).problems == ()
    record = parse_record(to_record_fields(c, fix, DEFAULTS), c.path, 0)
    assert (record.effective_from, record.effective_to) == (date(2025, 1, 1), None)
    assert all(not d.problems for d in classify_all().values())


# ------------------------------------------------------------------------------------------------
# models, rendering, purity

def test_classification_is_frozen_and_round_trips():
    c = classify_fixture("cz/zasady-vraceni-plateb.md")
    with pytest.raises(ValidationError):
        c.status = c.authority  # type: ignore[misc]
    assert Classification.model_validate_json(c.model_dump_json()) == c
    assert "body" not in c.preview_dict() and c.preview_dict()["status"]["method"] == "text"
    with pytest.raises(ValidationError):
        Classification.model_validate({**c.model_dump(), "surprise": 1})


def test_inference_none_means_nothing():
    with pytest.raises(ValidationError):
        Inference(value="draft", method="none", confidence=0.0)
    with pytest.raises(ValidationError):
        Inference(value="draft", method="text", confidence=1.5)


def test_front_matter_argument_is_used_instead_of_the_text():
    text = (DOCS / "policies/data-retention-policy.md").read_text(encoding="utf-8")
    c = classify_document("policies/data-retention-policy.md", text, file_mtime=None, today=TODAY,
                          front_matter={"status": "draft", "authority": "untrusted"})
    assert (c.status.value, c.authority.value) == ("draft", "untrusted")
    assert c.status.method == c.authority.method == "front_matter"
    assert not c.body.startswith("---")


def test_preview_table_has_a_row_per_field_with_method_and_confidence():
    docs = classify_all()
    text = render_preview(docs.values())
    for rel, c in docs.items():
        assert rel in text
    block = text.split("\n\n")[list(docs).index("cz/zasady-vraceni-plateb.md")]
    lines = block.splitlines()
    assert lines[1].split() == ["field", "value", "method", "confidence", "evidence"]
    rows = {line.split()[0]: line for line in lines[2:]}
    assert list(rows) == list(INFERRED_FIELDS)
    assert rows["effective_from"].split()[1:4] == ["2024-03-01", "text", "0.90"]
    assert "Platnost od: 1. 3. 2024" in rows["effective_from"]
    assert rows["revised"].split()[1:4] == ["—", "none", "0.00"]
    assert render_preview([]) == "no documents\n"


def test_classification_is_deterministic():
    assert classify_all() == classify_all()


ALLOWED_IMPORTS = {"__future__", "functools", "re", "unicodedata", "datetime", "typing", "yaml", "pydantic", "catalog"}


def test_classify_is_pure():
    tree = ast.parse((REPO / "catalog" / "classify.py").read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            names.add((node.module or "").split(".")[0])
    assert names <= ALLOWED_IMPORTS, names - ALLOWED_IMPORTS
    code = ("import sys, catalog.classify; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'sqlalchemy','sqlmodel','fastapi','httpx','requests',"
            "'tantivy','torch','openai','psycopg2','dbt','openlineage','networkx','catalog.store'}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True).stdout
    assert out.strip() == "[]"
