from pathlib import Path

import pytest
import yaml

from resolver.intents import is_injection
from resolver.text import fold

INJECTIONS = yaml.safe_load((Path(__file__).parent / "golden" / "injections.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", INJECTIONS, ids=[c["text"] for c in INJECTIONS])
def test_injection_attempts_in_several_languages(case):
    assert is_injection(fold(case["text"])) == case["injection"]


def test_the_subject_named_again_is_not_a_topic():
    from datetime import date

    from resolver.entities import EntityIndex
    from resolver.interpret import read_question

    index = EntityIndex.build([("Churn", "metric.churn")])
    again = read_question("What did churn v1 count as churn while it was in force?", date(2026, 1, 1), index)
    assert again.topic == [] and again.intent != "definition_includes"
    topic = read_question("Does churn include reactivated customers?", date(2026, 1, 1), index)
    assert (topic.intent, topic.topic) == ("definition_includes", ["reactivated", "customers"])


INTENTS = yaml.safe_load((Path(__file__).parent / "golden" / "intents.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", INTENTS, ids=[c["q"] for c in INTENTS])
def test_how_a_question_routes(case):
    from datetime import date

    from resolver.entities import EntityIndex
    from resolver.interpret import read_question

    index = EntityIndex.build([("fct_occupancy", "model.hosp.fct_occupancy"), ("churn", "metric.churn")])
    reading = read_question(case["q"], date(2026, 1, 1), index)
    assert reading.intent == case["intent"]
    if "direction" in case:
        assert reading.direction == case["direction"]


@pytest.mark.parametrize("question, topic", [
    ("Are day-case patients left out of churn?", ["case", "patients"]),
    ("¿Se incluyen los pacientes en observación en el churn?", ["pacientes", "observacion"]),
    ("Werden Tagesfälle beim Churn mitgezählt?", ["tagesfalle"]),
    ("Does churn include reactivated customers?", ["reactivated", "customers"]),
    ("Since when does churn exclude reactivated customers?", ["reactivated", "customers"]),
    ("Seit wann schließt der Churn reaktivierte Kunden aus?", ["reaktivierte", "kunden"]),
    ("Which policy of churn covers pseudonymisation?", ["pseudonymisation"]),
    ("Does churn include paused accounts right now?", ["paused", "accounts"]),
    ("Does churn count trial users these days?", ["trial", "users"]),
])
def test_an_inclusion_question_s_topic_holds_neither_its_cue_nor_function_words(question, topic):
    from datetime import date

    from resolver.entities import EntityIndex
    from resolver.interpret import read_question

    reading = read_question(question, date(2026, 1, 1), EntityIndex.build([("churn", "metric.churn")]))
    assert (reading.intent, reading.topic) == ("definition_includes", topic)


@pytest.mark.parametrize("question, topic", [
    ("churn包含运费吗？", ["运费"]),
    ("churnに送料は含まれますか？", ["送料"]),
    ("churn에 배송비가 포함됩니까?", ["배송비"]),
])
def test_a_topic_in_chinese_japanese_or_korean_is_the_run_between_particles(question, topic):
    from datetime import date

    from resolver.entities import EntityIndex
    from resolver.interpret import read_question

    reading = read_question(question, date(2026, 1, 1), EntityIndex.build([("churn", "metric.churn")]))
    assert (reading.intent, reading.topic) == ("definition_includes", topic)


def test_a_version_written_as_part_of_a_name_is_still_the_version_asked_for():
    from datetime import date

    from resolver.entities import EntityIndex
    from resolver.interpret import read_question

    index = EntityIndex.build([("SAIDI (System Average Interruption Duration Index) v1", "metric.saidi"),
                               ("Revenue metric v1", "metric.revenue"), ("model.x.fct_revenue.v2", "model.x.fct_revenue")])
    assert read_question("What did SAIDI v1 say?", date(2026, 1, 1), index).versions == ["1"]
    assert read_question("What changed between revenue metric v1 and v2?", date(2026, 1, 1), index).versions == ["1", "2"]
    assert read_question("What feeds model.x.fct_revenue.v2?", date(2026, 1, 1), index).versions == []


def test_a_table_word_beside_the_subject_names_its_kind_and_asks_for_no_models():
    from datetime import date

    from resolver.entities import EntityIndex
    from resolver.interpret import read_question

    index = EntityIndex.build([("room_inventory", "source.h.opera.room_inventory")])
    kind = read_question("Si el equipo cambia la tabla room_inventory, ¿qué se rompe aguas abajo?", date(2026, 1, 1), index)
    assert (kind.intent, kind.direction, kind.asks) == ("lineage", "downstream", [])
    asked = read_question("Which models break if the room_inventory table changes?", date(2026, 1, 1), index)
    assert asked.asks == ["model"]


def test_an_inclusion_topic_is_read_from_the_question_sentence_of_a_longer_request():
    from datetime import date

    from resolver.entities import EntityIndex
    from resolver.interpret import read_question

    index = EntityIndex.build([("ICU bed occupancy rate", "metric.icu")])
    reading = read_question("Does the ICU bed occupancy rate count neonatal cots? We report figures as of 30 September 2026 "
                            "and someone in the network mentioned a change.", date(2026, 10, 14), index)
    assert (reading.intent, reading.topic) == ("definition_includes", ["neonatal", "cots"])
    # a lead-in before a colon is context too
    reading = read_question("Quick check for the audit committee: does the ICU bed occupancy rate count neonatal cots?",
                            date(2026, 10, 14), index)
    assert (reading.intent, reading.topic) == ("definition_includes", ["neonatal", "cots"])
    # ... and a date in it still counts when the question names none
    reading = read_question("Reporting date 30 September 2026: does the ICU bed occupancy rate count neonatal cots?",
                            date(2026, 10, 14), index)
    assert reading.time.reporting_date == date(2026, 9, 30)


def test_a_model_word_beside_the_subject_names_its_kind_and_asks_for_no_models():
    from datetime import date

    from resolver.entities import EntityIndex
    from resolver.interpret import read_question

    index = EntityIndex.build([("fct_occupancy_daily", "model.re.fct_occupancy_daily")])
    for question in ("Which sources feed the model fct_occupancy_daily?", "Који извори хране модел fct_occupancy_daily?",
                     "Which sources feed the fct_occupancy_daily dbt model?"):
        reading = read_question(question, date(2026, 1, 1), index)
        assert (reading.intent, reading.direction, reading.asks) == ("lineage", "upstream", ["sources"]), question
    asked = read_question("Which models feed the model fct_occupancy_daily?", date(2026, 1, 1), index)
    assert asked.asks == ["model"]


def test_a_version_in_a_sentence_of_context_is_not_asked_for():
    from datetime import date

    from resolver.entities import EntityIndex
    from resolver.interpret import read_question

    index = EntityIndex.build([("loss ratio", "metric.lr"), ("LR", "metric.lr")])
    context = read_question("Someone pasted a note saying the gross v1 loss ratio still applies. What's the approved LR definition?",
                            date(2026, 1, 1), index)
    assert context.versions == [] and context.intent == "definition_current"
    asked = read_question("We still report v1. Is it the approved loss ratio?", date(2026, 1, 1), index)
    assert asked.versions == []  # the question names its subject: the first sentence is context
    whole = read_question("We still report loss ratio v1. Is it still valid?", date(2026, 1, 1), index)
    assert whole.versions == ["1"]  # the question names no subject: the whole request is read


def test_the_question_of_a_reply_is_its_own_not_the_quoted_one():
    from resolver.text import question_sentence

    text = "> Is that the right basis for the QBR on 12 Nov?\n> — Sam\n\nWhich churn definition is valid for 30 September 2026?"
    start, end = question_sentence(text)
    assert text[start:end].strip().startswith("Which churn definition")


@pytest.mark.parametrize("question, versions", [
    ("What is the approved churn definition, not the v3 draft?", []),
    ("Give me churn v2, ignore v3.", ["2"]),
    ("검토 중인 안(v3 초안) 말고, 현재 공식 승인된 churn 정의만 알려주세요.", []),
    ("churn v3案ではなく、承認済みの定義を教えて", []),
    ("What changed between churn v2 and v3?", ["2", "3"]),
    ("Is churn v3 not approved yet?", ["3"]),
])
def test_a_version_set_aside_is_not_asked_for(question, versions):
    from datetime import date

    from resolver.entities import EntityIndex
    from resolver.interpret import read_question

    index = EntityIndex.build([("churn", "metric.churn")])
    assert read_question(question, date(2026, 1, 1), index).versions == versions


def test_a_date_written_inside_a_name_is_part_of_the_name():
    from datetime import date

    from resolver.entities import EntityIndex
    from resolver.interpret import read_question

    index = EntityIndex.build([("FY25 management letter", "doc.fy25_letter"), ("management letter", "doc.fy25_letter"),
                               ("churn", "metric.churn")])
    letter = read_question("please provide the FY25 management letter", date(2026, 4, 15), index)
    assert letter.time.period is None and letter.time.reporting_date is None and letter.mentions[0].name == "fy25 management letter"
    churn = read_question("which churn definition covered FY25?", date(2026, 4, 15), index)
    assert churn.time.period is not None and churn.time.period.label == "FY2025"


def test_a_rate_left_unsaid_in_chinese():
    from datetime import date

    from resolver.entities import EntityIndex
    from resolver.interpret import read_question

    index = EntityIndex.build([("M1+逾期率", "metric.m1_overdue_ratio")])
    reading = read_question("展期的贷款算不算 M1+ 逾期？业务那边说展期了就不算逾期了", date(2026, 4, 15), index)
    assert [m.entity_ids for m in reading.mentions] == [frozenset({"metric.m1_overdue_ratio"})]
    assert reading.intent == "definition_includes" and reading.topic == ["展期"]


def test_a_tail_inside_a_katakana_word_names_nothing():
    from datetime import date

    from resolver.entities import EntityIndex
    from resolver.interpret import read_question

    index = EntityIndex.build([("インプレッション", "metric.impressions"), ("ROAS", "metric.roas"), ("クリック率", "metric.ctr")])
    reading = read_question("ROASのアトリビューション期間は7日クリック・1日ビューですか？", date(2026, 2, 18), index)
    assert [set(m.entity_ids) for m in reading.mentions] == [{"metric.roas"}]


def test_the_names_the_question_sentence_writes_are_its_subject():
    from datetime import date

    from resolver.entities import EntityIndex
    from resolver.interpret import read_question

    index = EntityIndex.build([("fct_deliveries", "model.fct_deliveries"), ("fuel card transactions", "source.fuel_cards")])
    reading = read_question("Which sources fed fct_deliveries on 1 March 2026? Someone on Slack claims it also joins the fuel "
                            "card transactions now.", date(2026, 5, 20), index)
    assert [set(m.entity_ids) for m in reading.mentions] == [{"model.fct_deliveries"}]
