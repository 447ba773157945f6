from pathlib import Path

import pytest
import yaml

from resolver.entities import EntityIndex, best_matches, name_forms, normalized_question, whole_forms

GOLDEN = yaml.safe_load((Path(__file__).parent / "golden" / "entities.yaml").read_text(encoding="utf-8"))
INDEX = EntityIndex.build([tuple(pair) for pair in GOLDEN["names"]])


def _named_whole(match) -> list[str]:
    """The policy's narrowing (resolver.policy._narrow_to_whole_name): of the entities a mention
    names, those it names whole, if that decides."""
    whole = [eid for eid in match.entity_ids
             if any(match.name in whole_forms(n) for n, e in GOLDEN["names"] if e == eid)]
    return sorted(whole if 0 < len(whole) < len(match.entity_ids) else match.entity_ids)


@pytest.mark.parametrize("case", GOLDEN["cases"], ids=[c["q"] for c in GOLDEN["cases"]])
def test_longest_name_wins_with_one_typo_tolerated(case):
    matches = sorted(best_matches(INDEX.matches(normalized_question(case["q"]))), key=lambda m: (-m.length, not m.exact))
    got = _named_whole(matches[0]) if matches else []
    assert got == case["ids"]


def test_title_forms_drop_kind_words_and_versions():
    assert "revenue" in name_forms("Revenue metric v1")
    assert "gross margin" in name_forms("Gross margin definition draft")
    assert "board revenue plan" in name_forms("Board revenue plan")


def test_two_typos_are_not_tolerated():
    assert best_matches(INDEX.matches(normalized_question("recurrnig revnue"))) == [] or all(
        "metric.recurring_revenue" not in m.entity_ids for m in best_matches(INDEX.matches(normalized_question("recurrnig revnue"))))


def test_a_name_written_twice_is_two_mentions():
    found = best_matches(INDEX.matches(normalized_question("churn v1 counted as churn")))
    assert [(m.start, m.end) for m in found if "metric.churn" in m.entity_ids] == [(0, 1), (4, 5)]


def test_stems_meet_across_cases():
    from resolver.text import stems

    assert stems("trzby") & stems("trzeb") & stems("trzbami")  # tržby, tržeb, tržbami
    assert stems("vynosy") & stems("vynosu")
    assert not stems("date") & stems("data")  # stems are four letters at least


def test_a_case_ending_hyphened_to_a_borrowed_word_is_not_part_of_it():
    from resolver.text import tokens

    assert tokens("tool uptime-க்கு இப்போது")[:2] == ["tool", "uptime"]
    assert tokens("cost per wafer plan-এ") == ["cost", "per", "wafer", "plan", "এ"]
    assert tokens("ONC-417 and Müller-Lüdenscheid") == ["onc-417", "and", "muller-ludenscheid"]


def test_an_isizulu_concord_hyphened_to_a_borrowed_word_is_not_part_of_it():
    from resolver.text import tokens

    assert tokens("incazelo ye-active policies") == ["incazelo", "active", "policies"]
    assert tokens("ephakela i-active policies, ama-dbt models") == ["ephakela", "active", "policies", "dbt", "models"]
    assert tokens("e-commerce x-ray i-9") == ["e-commerce", "x-ray", "i-9"]  # no concord: the word whole


def _finder(names):
    """question -> the entity ids its names match, over an index of (name, entity id) pairs."""
    from resolver.entities import EntityIndex, find_matches
    from resolver.text import tokens

    index = EntityIndex.build(names)
    return lambda question: sorted({i for m in find_matches(tokens(question), index) for i in m.entity_ids})


def test_names_with_a_case_ending_in_bengali_tamil_and_cyrillic():
    found = _finder([("সাইকেল টাইম", "metric.ct"), ("டை ஈல்டு", "metric.dy"), ("попуњеност", "metric.occ"),
                     ("ডিফেক্ট ডেনসিটি", "metric.dd")])

    assert found("০১.০১.২০২৬ তারিখে সাইকেল টাইমের সংজ্ঞা কী ছিল?") == ["metric.ct"]  # genitive -er
    assert found("ডিফেক্ট ডেনসিটির কোন সংজ্ঞা প্রযোজ্য?") == ["metric.dd"]  # genitive -r
    assert found("டை ஈல்டின் அதிகாரப்பூர்வ வரையறை என்ன?") == ["metric.dy"]  # genitive -in, the u replaced
    assert found("2025 வாரம் 27-க்கு டை ஈல்ட் வரையறை எது?") == ["metric.dy"]  # the closing u left out
    assert found("Која дефиниција попуњености се примењује?") == ["metric.occ"]  # genitive -и
    assert found("সাইকেল কী?") == []


def test_names_with_a_case_ending_in_georgian_armenian_and_macedonian():
    found = _finder([("მგზავრთა ჩასხდომები", "metric.boardings"), ("ուղևորների նստումներ", "metric.boardings"),
                     ("одговор на FDA 483", "doc.fda483")])

    assert found("რომელი განმარტება მოქმედებს მგზავრთა ჩასხდომებისთვის?") == ["metric.boardings"]
    assert found("Ուղևորների նստումների ո՞ր սահմանումն է գործում") == ["metric.boardings"]
    assert found("Што вели одговорот на FDA 483?") == ["doc.fda483"]


def test_abbreviations_of_a_name_s_word_and_no_head_word_in_hebrew_or_arabic():
    found = _finder([("roaming revenue", "metric.roam"), ("הכנסות נדידה", "metric.roam"), ("תוכנית דירקטוריון נדידה", "doc.plan")])

    assert found("roaming rev defn for 2026-W01??") == ["metric.roam"]
    assert found("מה ההגדרה המאושרת ל-ARPU נדידה?") == []  # "נדידה" (roaming) is no head of either name


def test_names_whose_last_letters_change_in_their_cases():
    """Finnish, Estonian, Lithuanian, Ukrainian and Hungarian cases change a word's last letters (or its
    stem's): a long word kept but for its last two letters names it; beside it, a short word may change
    more; English words that share only a stem do not."""
    found = _finder([("reageerimisaeg", "metric.response"), ("laskuttamaton vesi", "metric.nrw"), ("DMA-yövirtaamat", "source.flows"),
                     ("nepajamingas vanduo", "metric.nrw"), ("ймовірний максимальний збиток", "metric.pml"),
                     ("mért fogyasztás", "metric.consumption")])

    assert found("Mis on reageerimisaja definitsioon?") == ["metric.response"]  # genitive, aeg -> aja
    assert found("Kuris nepajamingo vandens apibrėžimas taikomas?") == ["metric.nrw"]  # genitive, both words changed
    assert found("Menikö DMA-yövirtaamien tarkistus läpi?") == ["source.flows"]  # genitive plural
    assert found("Покажи формулу ймовірного максимального збитку") == ["metric.pml"]  # genitive -ого
    assert found("beleszámítanak-e a becsült leolvasások a mért fogyasztásba?") == ["metric.consumption"]  # illative -ba
    from resolver.entities import inflected, long_stem

    assert inflected("vandens", "vanduo") and long_stem("reageerimisaja", "reageerimisaeg")
    assert not inflected("distribution", "distributor") and not inflected("management", "manager")  # other English words
    assert not inflected("recurrnig", "recurring")  # a typo, not a case


def test_a_name_closed_up_with_a_word_for_definition_or_calculation():
    found = _finder([("hedge ratio", "metric.hedge"), ("Hedgequote", "metric.hedge")])

    assert found("Welke hedge-ratiodefinitie gold op 30/09/2025?") == ["metric.hedge"]
    assert found("hedgequotenberechnung: gilt die volumenbasierte oder die wertbasierte?") == ["metric.hedge"]
