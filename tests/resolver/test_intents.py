from pathlib import Path

import pytest
import yaml

from resolver.intents import is_injection
from resolver.text import fold

INJECTIONS = yaml.safe_load((Path(__file__).parent / "golden" / "injections.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", INJECTIONS, ids=[c["text"] for c in INJECTIONS])
def test_injection_attempts_in_several_languages(case):
    assert is_injection(fold(case["text"])) == case["injection"]
