"""Gold suites: each runs on a fresh catalog built from its corpus, through the public service.

Two sheets per suite: ANSWER (behavior, primary+conflict ids, validation) and SAFETY (no record
the requester may not see, and no untrusted record, in evidence or context_ids; no restricted
title, id, owner or figure anywhere in the bundle), then a one-line score.
"""
from __future__ import annotations

import json
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

import yaml

from catalog.loader import expand, parse_file
from catalog.records import EvidenceRecord

REPO = Path(__file__).resolve().parent.parent
SUITES = Path(__file__).resolve().parent / "suites"


@dataclass
class CaseResult:
    case_id: str
    question: str
    expected_behavior: str
    behavior: str
    expected_sources: list[str]
    sources: list[str]
    validation: bool
    leaks: list[str] = field(default_factory=list)
    bundle: dict = field(default_factory=dict)
    expected_intent: Optional[str] = None

    @property
    def routed_intent(self) -> Optional[str]:
        routes = [t for t in self.bundle.get("tools", []) if t["name"] == "route"]
        return routes[0]["args"]["intent"] if routes else None

    @property
    def route_ok(self) -> Optional[bool]:
        return None if self.expected_intent is None else self.routed_intent == self.expected_intent

    @property
    def answer_ok(self) -> bool:
        return self.behavior == self.expected_behavior and sorted(self.sources) == sorted(self.expected_sources) and self.validation

    @property
    def safe(self) -> bool:
        return not self.leaks


def load_suite(name_or_path: str) -> tuple[dict, Path]:
    path = Path(name_or_path)
    if not path.exists():
        path = SUITES / f"{name_or_path}.yaml"
    if not path.exists():
        from catalog.errors import UsageError

        known = ", ".join(sorted(p.stem for p in SUITES.glob("*.yaml")))
        raise UsageError(f"no suite '{name_or_path}' (known suites: {known})")
    return yaml.safe_load(path.read_text(encoding="utf-8")), path


def corpus_records(suite: dict) -> list[EvidenceRecord]:
    records = []
    for f in expand([str(REPO / c) for c in suite["corpus"]]):
        records += parse_file(f).records
    return records


def restricted_strings(records: list[EvidenceRecord], roles: set[str], question: str) -> dict[str, list[str]]:
    """Strings that must not appear in a bundle for these roles: per hidden or untrusted record."""
    visible = [r for r in records if set(r.permissions) & roles and r.authority.value != "untrusted"]
    visible_text = " ".join(f"{r.evidence_id} {r.title} {r.owner or ''} {r.artifact_id or ''} {r.body}" for r in visible) + " " + question
    out: dict[str, list[str]] = {}
    for r in records:
        hidden = not (set(r.permissions) & roles)
        if not hidden and r.authority.value != "untrusted":
            continue
        strings = [r.evidence_id]
        if r.title not in visible_text:
            strings.append(r.title)
        if r.owner and r.owner not in visible_text:
            strings.append(r.owner)
        # dates and years are not secrets (also where a word follows without a space: "2024年4月", "FY2024")
        body = re.sub(r"(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)|(?<!\d)(?:19|20)\d{2}(?!\d)", " ", r.body)
        for token in re.findall(r"\b\d[\d.,]*\d(?:\s*(?:million|billion|thousand|EUR|USD|CZK|%|mil\.?))?|\b\d+\s*(?:million|billion|EUR|USD|CZK|%)", body):
            if token not in visible_text and (len(token) >= 3 or not token.isdigit()):
                strings.append(token)
        out[r.evidence_id] = strings
    return out


def run_suite(suite: dict) -> list[CaseResult]:
    from api.service import AskRequest, CanonService

    records = corpus_records(suite)
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        service = CanonService(str(Path(tmp) / "eval.db"))
        service.import_paths([str(REPO / c) for c in suite["corpus"]])
        for case in suite["cases"]:
            roles = list(case.get("roles", suite.get("roles", [])))
            request = AskRequest(question=case["question"], roles=roles, as_of=case.get("as_of", suite.get("as_of")),
                                 known_at=case.get("known_at"), id=str(case["id"]))
            bundle = service.ask_json(request)
            results.append(_score(case, bundle, records, set(roles)))
    return results


def _score(case: dict, bundle: dict, records: list[EvidenceRecord], roles: set[str]) -> CaseResult:
    expect = case["expect"]
    sources = [e["evidence_id"] for e in bundle["evidence"] if e["role"] in ("primary", "conflict")]
    leaks = []
    forbidden = restricted_strings(records, roles, case["question"])
    shown = {e["evidence_id"] for e in bundle["evidence"]} | set(bundle["context_ids"])
    for evidence_id in forbidden:
        if evidence_id in shown:
            leaks.append(f"{evidence_id} in evidence/context_ids")
    text = json.dumps({k: v for k, v in bundle.items() if k not in ("question",)}, ensure_ascii=False)
    for evidence_id, strings in forbidden.items():
        for s in strings:
            # a figure counts where it stands alone, not inside a content hash or a bundle id
            found = (re.search(rf"(?<![0-9A-Za-z]){re.escape(s)}(?![0-9A-Za-z])", text) if s[:1].isdigit() else s in text) if s else False
            if found:
                leaks.append(f"'{s}' of {evidence_id} appears in the bundle")
    return CaseResult(str(case["id"]), case["question"], expect["behavior"], bundle["behavior"],
                      sorted(expect.get("sources", [])), sorted(sources), bundle["validation"]["passed"],
                      sorted(set(leaks)), bundle, expect.get("intent"))


def print_sheets(name: str, results: list[CaseResult]) -> None:
    print(f"== {name}: ANSWER")
    print(f"{'case':<6} {'ok':<3} {'expected':<22} {'got':<22} {'valid':<6} sources (got | expected)")
    for r in results:
        print(f"{r.case_id:<6} {'✓' if r.answer_ok else '✗':<3} {r.expected_behavior:<22} {r.behavior:<22} "
              f"{'yes' if r.validation else 'NO':<6} {','.join(r.sources) or '-'} | {','.join(r.expected_sources) or '-'}")
    print(f"== {name}: SAFETY")
    for r in results:
        print(f"{r.case_id:<6} {'✓' if r.safe else '✗ ' + '; '.join(r.leaks)}")
    routed = [r for r in results if r.route_ok is not None]
    if routed:
        print(f"== {name}: ROUTING (router intent vs gold intent)")
        for r in routed:
            if not r.route_ok:
                print(f"{r.case_id:<6} ✗ routed {r.routed_intent}, gold {r.expected_intent}: {r.question}")
    answered = sum(r.answer_ok for r in results)
    safe = sum(r.safe for r in results)
    leaks = sum(len(r.leaks) for r in results)
    routing = f", routing {sum(bool(r.route_ok) for r in routed)}/{len(routed)}" if routed else ""
    print(f"score {name}: answer {answered}/{len(results)}, safety {safe}/{len(results)}, leaks {leaks}{routing}")


def run_suites(name: Optional[str] = None, as_json: bool = False) -> int:
    names = [name] if name else sorted(p.stem for p in SUITES.glob("*.yaml"))
    all_ok = True
    summary = {}
    for n in names:
        suite, _ = load_suite(n)
        results = run_suite(suite)
        if as_json:
            summary[suite["suite"]] = [{"id": r.case_id, "answer_ok": r.answer_ok, "safe": r.safe, "behavior": r.behavior,
                                        "expected": r.expected_behavior, "sources": r.sources,
                                        "expected_sources": r.expected_sources, "leaks": r.leaks} for r in results]
        else:
            print_sheets(suite["suite"], results)
        all_ok &= all(r.answer_ok and r.safe for r in results)
    if as_json:
        print(json.dumps(summary))
    return 0 if all_ok else 1
