"""Checks on an answer worded by a model (never on the templated one): see check_worded_answer."""
from __future__ import annotations

from resolver.bundle import Bundle, Check


def check_worded_answer(bundle: Bundle) -> list[Check]:
    """Placeholder until the wording checks land: passes nothing through unchecked."""
    return [Check(rule="worded_answer_checked", passed=False, detail="no checks for model-worded answers are installed")]
