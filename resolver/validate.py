"""The citation validator (behaviors.md, last section). It runs before any bundle leaves.

Every rule is checked against the catalog as the requester may see it (`verified`: evidence id ->
(live revision, content hash), only for ids the requester may retrieve), never against the
bundle's own claims. A failed check turns the bundle into `abstain`, with the failures in `gaps`.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date
from types import MappingProxyType
from typing import Optional

from resolver.bundle import Behavior, Bundle, Check, Validation

_CITATION = re.compile(r"\[([^\[\]\s]+)\]")
_NO_EVIDENCE = {Behavior.deny, Behavior.reject_injection}
_AUTHORITATIVE_STATUSES = {"current", "superseded"}


def cited_ids(answer: str) -> list[str]:
    return _CITATION.findall(answer)


def _covers(ev, day: Optional[date], period: Optional[dict]) -> bool:
    start = ev.effective_from or date.min
    end = ev.effective_to or date.max
    if period:
        return start <= date.fromisoformat(period["end"]) and date.fromisoformat(period["start"]) <= end
    return day is None or start <= day <= end


def checks(bundle: Bundle, verified: dict[str, tuple[int, str]], resolved_primary: list[str],
           worded: bool = False, quotable: Mapping[str, str] = MappingProxyType({})) -> list[Check]:
    evidence_ids = {e.evidence_id for e in bundle.evidence}
    out: list[Check] = []

    cited = cited_ids(bundle.answer)
    missing = sorted(set(cited) - evidence_ids)
    # a model-worded answer may cite anything; never echo an unknown id into the bundle
    named = f"{len(missing)} id(s)" if worded else ", ".join(missing)
    out.append(Check(rule="citations_in_evidence", passed=not missing,
                     detail="every cited id is in evidence" if not missing else f"cited but not in evidence: {named}"))

    unauthorized = sorted((evidence_ids | set(bundle.context_ids)) - set(verified))
    out.append(Check(rule="retrieved_and_authorized", passed=not unauthorized,
                     detail="every evidence and context id is retrievable by the requester" if not unauthorized
                     else f"not retrievable by the requester: {', '.join(unauthorized)}"))

    untrusted = sorted(e.evidence_id for e in bundle.evidence if e.authority == "untrusted")
    out.append(Check(rule="no_untrusted_evidence", passed=not untrusted,
                     detail="no untrusted record in evidence" if not untrusted else f"untrusted: {', '.join(untrusted)}"))

    primaries = [e for e in bundle.evidence if e.role == "primary"]
    weak = sorted(e.evidence_id for e in primaries
                  if e.authority != "authoritative" or e.status not in _AUTHORITATIVE_STATUSES)
    out.append(Check(rule="primary_authoritative", passed=not weak,
                     detail="primary evidence is authoritative" if not weak else f"not authoritative: {', '.join(weak)}"))

    interp = bundle.interpretation
    if interp.intent in ("lineage",):
        stale: list[str] = []
    elif interp.intent == "freshness":
        # a recorded check is dated by when it ran: the latest one on or before the date asked about
        # answers, whatever day it ran on
        stale = sorted(e.evidence_id for e in primaries if interp.reporting_date and e.effective_from
                       and e.effective_from > interp.reporting_date)
    else:
        stale = sorted(e.evidence_id for e in primaries if not _covers(e, interp.reporting_date, interp.period))
    out.append(Check(rule="primary_effective", passed=not stale,
                     detail="primary evidence is effective on the reporting date or period" if not stale
                     else f"not effective: {', '.join(stale)}"))

    wrong_version = sorted(set(e.evidence_id for e in primaries) ^ set(resolved_primary))
    out.append(Check(rule="cited_version_is_resolved", passed=not wrong_version,
                     detail="primary evidence is the resolved version" if not wrong_version
                     else f"differs from the resolution: {', '.join(wrong_version)}"))

    mismatched = sorted(e.evidence_id for e in bundle.evidence
                        if e.evidence_id in verified and (verified[e.evidence_id][1] != e.content_hash
                                                          or verified[e.evidence_id][0] != e.revision))
    out.append(Check(rule="content_hash_matches_catalog", passed=not mismatched,
                     detail="content hashes and revisions match the catalog" if not mismatched
                     else f"changed in the catalog: {', '.join(mismatched)}"))

    if bundle.behavior in _NO_EVIDENCE:
        leaked = bool(bundle.evidence) or bool(bundle.context_ids)
        out.append(Check(rule="refusal_carries_no_evidence", passed=not leaked,
                         detail="deny/reject bundles carry no evidence" if not leaked else "refusal carries evidence"))
    if bundle.behavior == Behavior.abstain:
        out.append(Check(rule="abstention_has_no_primary", passed=not primaries,
                         detail="abstention rests on no primary evidence" if not primaries else "abstention has primary evidence"))
    if bundle.behavior in (Behavior.answer, Behavior.answer_with_conflict, Behavior.clarify_or_split):
        uncited = not cited
        out.append(Check(rule="answer_cites_evidence", passed=not uncited,
                         detail="the answer cites evidence" if not uncited else "the answer cites nothing"))
    if worded:
        from resolver.claims import check_worded_answer

        out += check_worded_answer(bundle, quotable)
    return out


def validate(bundle: Bundle, verified: dict[str, tuple[int, str]], resolved_primary: list[str],
             worded: bool = False, quotable: Mapping[str, str] = MappingProxyType({})) -> Bundle:
    """`quotable`: the evidence's own texts, which a model's wording may quote (checked word for word)."""
    results = checks(bundle, verified, resolved_primary, worded, quotable)
    passed = all(c.passed for c in results)
    if passed:
        return bundle.model_copy(update={"validation": Validation(passed=True, checks=results)})
    failed = [f"validation failed: {c.rule}: {c.detail}" for c in results if not c.passed]
    safe_context = [i for i in bundle.context_ids if i in verified]
    return bundle.model_copy(update={
        "behavior": Behavior.abstain,
        "answer": "canon could not validate the evidence for this answer, so it abstains. See gaps for the failed checks.",
        "evidence": [],
        "context_ids": safe_context,
        "validation": Validation(passed=False, checks=results),
        "confidence": "low",
        "gaps": list(bundle.gaps) + failed,
    })
