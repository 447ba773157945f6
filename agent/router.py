"""The router: from a reading of the question to a fixed plan of tool calls, with a step budget
and no loops. It is its own, measured step (the evals report routing accuracy against gold
intents). When unsure, it takes the safe route: more evidence, never a guess."""
from __future__ import annotations

from pydantic import Field

from catalog.records import Frozen
from resolver.interpret import Reading

MAX_STEPS = 6

PLANS: dict[str, list[str]] = {
    "definition_at": ["definition_at", "review_decisions", "record_lookup", "lineage"],
    "definition_current": ["definition_at", "review_decisions", "record_lookup", "lineage"],
    "definition_includes": ["definition_at", "review_decisions", "record_lookup"],
    "definition_period": ["definitions_over_period", "review_decisions"],
    "lineage": ["record_lookup", "lineage", "record_lookup"],
    "freshness": ["record_lookup", "freshness"],
    "metric_value": ["definition_at"],
    "injection": [],
    "unknown": [],
}


class Route(Frozen):
    intent: str
    plan: list[str] = Field(default_factory=list)
    budget: int = MAX_STEPS
    safe: bool = False  # taken because the reading was unsure
    reason: str = ""


def route(reading: Reading) -> Route:
    intent = reading.intent
    if intent != "injection" and not reading.mentions and not reading.nodes:
        # nothing the catalog knows is named: the safe route consults nothing it cannot place
        return Route(intent=intent, plan=[], safe=True, reason="no catalog entity or node is named")
    plan = PLANS.get(intent, [])
    if len(plan) > MAX_STEPS:
        plan = plan[:MAX_STEPS]
    return Route(intent=intent, plan=plan, reason=f"fixed plan for {intent}")
