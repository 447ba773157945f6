"""resolver.language: which language a question or a record's body is written in."""
from pathlib import Path

import pytest
import yaml

from resolver.language import language_of, languages_of

CASES = yaml.safe_load((Path(__file__).parent / "golden" / "language.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES, ids=[c["text"][:40] for c in CASES])
def test_language_of(case):
    assert language_of(case["text"]) == case["language"]


def test_languages_of_reads_each_sentence_alone():
    body = ("Active wallets counts wallets with at least one transaction in the last 30 days. "
            "Mkoba unahesabiwa kama hai ikiwa una muamala mmoja katika siku 30 zilizopita.")
    assert languages_of([body]) == {"en", "sw"}
    assert languages_of(["GMV, Q3 2025."]) == frozenset()
