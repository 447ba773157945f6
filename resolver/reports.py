"""Records that report on other records: a freshness check and a review decision kept as records.

Pure. A catalog may hold a dbt source-freshness result transcribed as a record (entity type with
"freshness" in it, the checked node in `source_ids`/`model_ids`, dbt's result fields in the body:
`status`, `snapshotted_at`, `max_loaded_at`, `criteria`; or an OpenLineage run's `eventType` and `eventTime`),
and a review decision kept in a governance
log (entity type `review_decision`, the records it ranks named by evidence id in its body, the
winner marked as such). Both count only when authoritative and current or superseded, and only as
far as their fields say: a body that names no status, or no single winner, is left unread, and the
question is answered as if the record were not there (abstain on freshness, the conflict stands).
"""
from __future__ import annotations

import re
from datetime import datetime, timezone
from typing import Iterable, Optional

from catalog.records import Authority, Revision, Status
from resolver.conflicts import RankDecision
from resolver.source import Freshness


def _usable(rev: Revision) -> bool:
    r = rev.record
    return r.authority == Authority.authoritative and r.status in (Status.current, Status.superseded)


_STATUS = re.compile(r"\bstatus\b\W{0,3}(runtime error|pass|warn|error|fail(?:ed)?|success|skipped)\b"
                     r"|\beventType\b\W{0,3}(COMPLETE|FAIL|ABORT)\b", re.I)  # ... or an OpenLineage run's end
_TIMESTAMP = r"(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)"
_TIME = r"\W{0,3}" + _TIMESTAMP
_CHECKED = re.compile(r"\b(?:snapshotted_at|checked_at|eventTime|completed_at|completed)\b" + _TIME, re.I)  # ... or a run's end
_LOADED = re.compile(r"\bmax_loaded_at\b" + _TIME, re.I)
_CRITERIA = re.compile(r"\bcriteria\b\W{0,3}(.+?)(?:[.;]\s|\n|$)|\b(warn_after\W.+?)(?:[.;]\s|\n|$)", re.I)


def _when(text: str) -> datetime:
    moment = datetime.fromisoformat(text.replace(" ", "T").replace("Z", "+00:00"))
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


# an OpenLineage run's end written as its event and time ("START 2026-05-20T02:00:04Z; FAIL 2026-05-20T03:06:52Z")
_EVENT_AT = re.compile(r"\b(COMPLETE|FAIL|ABORT)\b" + _TIME)


def freshness_of(rev: Revision, nodes: Iterable[str]) -> Optional[Freshness]:
    """The check a freshness-result record reports for one of `nodes`, or None when it reports none."""
    r = rev.record
    checked = [n for n in r.checked_nodes() if n in set(nodes)]
    status = _STATUS.search(r.body)
    event = _EVENT_AT.search(r.body) if status is None and r.reports_run() else None
    if not checked or (status is None and event is None) or not _usable(rev):
        return None
    if event is not None:
        # a run's events tell how the job itself ended, not how each model it lists built (a model's own run
        # result says that)
        if r.entity_id not in checked:
            return None
        try:
            return Freshness(node_id=r.entity_id, status=event[1].lower(), checked_at=_when(event[2]), max_loaded_at=None,
                             criteria="", origin=f"[{r.evidence_id}]", kind="openlineage_run", record=rev)
        except ValueError:
            return None
    at, loaded, criteria = _CHECKED.search(r.body), _LOADED.search(r.body), _CRITERIA.search(r.body)
    try:
        checked_at = _when(at[1]) if at else rev.recorded_at
        max_loaded_at = _when(loaded[1]) if loaded else None
    except ValueError:
        return None
    run = status[2] is not None
    return Freshness(node_id=checked[0], status=(status[1] or status[2]).lower(), checked_at=checked_at, max_loaded_at=max_loaded_at,
                     criteria=(criteria[1] or criteria[2]).strip() if criteria else "", origin=f"[{r.evidence_id}]",
                     kind="openlineage_run" if run else "run_result" if r.reports_run() else "source_freshness",
                     record=rev)


# what marks the winner or the loser of a ranking, just before an id ("Winner: A", "ranks A over B")
# or just after it ("A prevails"); in the languages canon reads most
_WINNER_BEFORE = re.compile(r"(?:winner|winning|prevailing|preferred|ranks|ranked first|ranked higher|gewinner|sieger"
                            r"|ganadora?|vencedora?|gagnante?|retenue?|vincitore|vincitrice|winnaar|vinder|vinnare|zwyci\w+|v[ií]t[eě]z"
                            r"|pemenang|menang|bên thắng|thắng|ผู้ชนะ|ชนะ|vinner|voittaja"
                            r"|победитель|приоритет|переможець|пріоритет|kazanan|öncelikli|nyertes|câștigător|castigator|νικητής"
                            r"|жеңімпаз|g.olib|الفائز|المعتمد|המנצח"
                            r"|승자|(?<!不)採用|(?<!不)采用|(?<!불)채택|優先|优先|우선|胜出|勝出|获胜|獲勝|胜者|勝者)\W*(?:\([^()]*\)\W*)?$", re.I)
_LOSER_BEFORE = re.compile(r"(?:loser|losing|over|above|instead of|rather than|ranked second|ranked lower|verlierer"
                           r"|perdedora?|perdante?|perdente|verliezer|taber|förlorare|przegr\w+|pora[zž]en\w*"
                           r"|kalah|yang kalah|bên thua|thua|ผู้แพ้|แพ้|taper|häviäjä"
                           r"|проигравш\w*|уступает|програвш\w*|поступається|kaybeden|vesztes|învins|invins|ηττημένος"
                           r"|жеңілген|yutqazgan|الخاسر|המפסיד"
                           r"|패자|不採用|不采用|불채택|劣後|落选|落選|败者|敗者)\W*(?:\([^()]*\)\W*)?$", re.I)
_WINNER_AFTER = re.compile(r"^\W*(?:\([^()]*\)\W*)?(?:wins|prevails|takes precedence|(?:is\s+)?ranke?[sd]?\s+(?:first|higher|above|over|ahead)"
                           r"|is the winner|gewinnt|prevalece|pr[eé]vaut|prevale|выигрывает|имеет приоритет|переважає|kazanır)(?!\w)", re.I)
_LOSER_AFTER = re.compile(r"^\W*(?:\([^()]*\)\W*)?(?:loses|is ranked (?:second|lower|below)|is demoted)\b", re.I)
_WINDOW = 40
_REASON = re.compile(r"[^.\n]*\b(?:reason|rationale|because|why|grund|weil|motivo|porque|raison|parce que|perch[eé]"
                     r"|reden|omdat|powód|alasan|karena|kerana|lý do|vì|begrunnelse|begrundelse|motivering|syy"
                     r"|причина|потому что|так как|обоснование|оскільки|тому що|обґрунтування|çünkü|gerekçe|sebep)\b[^.\n]*\.?|(?:理由|原因|이유|사유)[:：][^。\n]*。?", re.I)


def rankings_in(rev: Revision, candidates: Iterable[str]) -> list[RankDecision]:
    """The rankings a review-decision record states among `candidates` (evidence ids): one winner
    marked as such, each other candidate it names the loser. Nothing when the record is not usable,
    names fewer than two candidates, or marks no winner or more than one."""
    r = rev.record
    if not r.is_review_decision() or not _usable(rev):
        return []
    mentions = sorted((m.start(), m.end(), evidence_id) for evidence_id in set(candidates)
                      for m in re.finditer(rf"(?<![\w.-]){re.escape(evidence_id)}(?![\w-]|\.\w)", r.body))
    named = {evidence_id for _, _, evidence_id in mentions}
    if len(named) < 2:
        return []
    winners, losers = set(), set()
    for i, (start, end, evidence_id) in enumerate(mentions):
        before = r.body[max(start - _WINDOW, mentions[i - 1][1] if i else 0):start]
        before = re.split(r"[;.,]\s", before)[-1]  # what closes the clause before belongs to the mention before
        after = r.body[end:min(end + _WINDOW, mentions[i + 1][0] if i + 1 < len(mentions) else len(r.body))]
        if _WINNER_BEFORE.search(before) or _WINNER_AFTER.search(after):
            winners.add(evidence_id)
        if _LOSER_BEFORE.search(before) or _LOSER_AFTER.search(after):
            losers.add(evidence_id)
    if len(winners) != 1 or winners & losers:
        return []
    winner = next(iter(winners))
    reason = _REASON.search(r.body)
    rationale = reason[0].strip() if reason else r.title
    return [RankDecision(record=rev, winner=winner, loser=loser, valid_from=r.effective_from, valid_to=r.effective_to,
                         reviewer=r.owner or "an unnamed reviewer", decided_at=rev.recorded_at, rationale=rationale)
            for loser in sorted(named - winners)]
