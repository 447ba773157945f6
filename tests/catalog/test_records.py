"""What a record is called by: EvidenceRecord.names()."""
from catalog.records import EvidenceRecord


def _record(**kw):
    data = dict(evidence_id="X.1", entity_id="document.x", entity_type="document", title="Title", status="current",
                authority="authoritative", permissions=["board"], body="text")
    data.update(kw)
    return EvidenceRecord(**data)


def test_a_document_is_also_called_by_what_leads_its_title_before_a_dash():
    memo = _record(title="Project Halcyon - board memo on FY2026 TPV plan and acquirer exit")
    assert "Project Halcyon" in memo.names()
    # one word before the dash is no name of its own; a metric's title is left as written
    assert _record(title="Memo - FY2026 plan").names() == ("document.x", "Memo - FY2026 plan")
    metric = _record(entity_id="metric.nr", entity_type="metric_definition", title="Net revenue – finance view")
    assert metric.names() == ("metric.nr", "Net revenue – finance view")


def test_a_document_is_also_called_by_what_leads_its_title_before_a_colon():
    memo = _record(title="Project Kestrel: FY2026 workforce restructuring board memo")
    assert "Project Kestrel" in memo.names()
    assert _record(title="Memo: FY2026 plan").names() == ("document.x", "Memo: FY2026 plan")
    # a time of day or a ratio is no colon of a title
    assert _record(title="Board memo 10:30 session").names() == ("document.x", "Board memo 10:30 session")
    metric = _record(entity_id="metric.nr", entity_type="metric_definition", title="Net revenue: finance view")
    assert metric.names() == ("metric.nr", "Net revenue: finance view")


def test_an_alias_in_serbian_letters_is_also_a_name_in_the_other_serbian_script():
    metric = _record(entity_id="metric.occ", entity_type="metric_definition", title="Occupancy rate",
                     aliases=["popunjenost", "попуњеност", "нето ефективна закупнина", "заетост", "регистър", "occupancy"])
    names = metric.names()
    assert "neto efektivna zakupnina" in names and "zaetost" in names  # Cyrillic -> Latin
    assert names.count("попуњеност") == 1 and names.count("popunjenost") == 1
    # letters no Serbian script has (ъ, y) are transliterated nowhere
    assert not any(n in names for n in ("registar", "оццупанцй"))
