"""What the resolver may ask of the catalog, already narrowed to one requester and one `known_at`.

The catalog's implementation applies permissions inside its queries, so records the requester
may not retrieve never reach the resolver; for a denied entity it learns only that it exists.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Optional, Protocol

from catalog.records import Revision
from lineage.graph import LineageGraph

if TYPE_CHECKING:
    from resolver.conflicts import RankDecision


@dataclass(frozen=True)
class EntityView:
    visible: tuple[Revision, ...] = ()
    hidden: bool = False  # records exist that the requester may not retrieve


RECORD_ORIGINS = ("record", "definition")  # edges a catalog record makes: walked only where it may be retrieved


@dataclass(frozen=True)
class LineageView:
    """The lineage graph as one requester may walk it.

    `hidden_origins(ids)` names the record origins (lineage statements) among `ids` the requester
    may not retrieve; `hidden_nodes(ids)` the nodes described only by records they may not
    retrieve. Both are asked only about what a walk actually reached, then the walk is redone
    without those edges and nodes, so a restricted statement or node never shapes the result.
    """

    graph: LineageGraph
    hidden_origins: Optional[Callable[[set[str]], set[str]]] = None
    hidden_nodes: Optional[Callable[[set[str]], set[str]]] = None

    def walk(self, node: str, *, upstream: bool, depth: int = 0, at=None):
        reached, used = self.graph.walk(node, upstream=upstream, depth=depth, at=at)
        origins = {e.origin for e in used if e.origin_kind in RECORD_ORIGINS}
        bad_origins = self.hidden_origins(origins) if self.hidden_origins and origins else set()
        bases = {n.partition("#")[0] for n in reached}
        bad_nodes = self.hidden_nodes(bases) if self.hidden_nodes and bases else set()
        if not bad_origins and not bad_nodes:
            return reached, used
        return self.graph.walk(node, upstream=upstream, depth=depth, at=at,
                               allow=lambda o: o not in bad_origins,
                               allow_node=lambda n: n.partition("#")[0] not in bad_nodes)

    def node_allowed(self, node: str) -> bool:
        base = node.partition("#")[0]
        return not self.hidden_nodes or base not in self.hidden_nodes({base})


@dataclass(frozen=True)
class Freshness:
    node_id: str
    status: str
    checked_at: datetime
    max_loaded_at: Optional[datetime] = None
    criteria: str = ""
    origin: str = ""
    kind: str = "source_freshness"  # source_freshness | run_result | openlineage_run
    record: Optional[Revision] = None  # the freshness-result record that reports it, if a record does


class EvidenceSource(Protocol):
    def entities(self, entity_ids: Iterable[str]) -> dict[str, EntityView]: ...

    def records_for_nodes(self, node_ids: Iterable[str]) -> dict[str, list[Revision]]: ...

    def lineage(self, walk_in_store: bool = False) -> LineageView:
        """walk_in_store: a one-off walk that should not load the whole graph (the source decides how)."""
        ...

    def freshness(self, node_ids: Iterable[str]) -> list[Freshness]: ...

    def checked_by(self, node_ids: Iterable[str]) -> list[Revision]:
        """Visible freshness-result records that report a check of one of these nodes."""
        ...

    def decision_records(self) -> list[Revision]:
        """Visible review-decision records (catalog.records.REVIEW_DECISION_TYPES)."""
        ...

    def calendar_records(self) -> list[Revision]:
        """Visible records that state a fiscal calendar (resolver.fiscal.calendar_of)."""
        ...

    def stating_records(self, node_ids: Iterable[str], at: datetime) -> list[Revision]:
        """Visible records that state a lineage edge into one of these nodes, holding at `at`."""
        ...

    def verify(self, evidence_ids: Iterable[str]) -> dict[str, tuple[int, str]]:
        """evidence_id -> (live revision, content hash), for ids the requester may retrieve."""
        ...

    def decisions(self, entity_id: str) -> list["RankDecision"]:
        """Live (not reverted) review decisions that rank records of this entity."""
        ...

    def discover(self, question: str, as_of, period=None, limit: int = 5):
        """Discovery search inside the requester's permissions: a result with `.hits` (each with
        evidence_id, entity_id, title, score, text_rank, text_match, vector_rank), or None when no
        search is installed."""
        ...


@dataclass
class MemorySource:
    """An EvidenceSource over revisions in memory: the resolver's golden tests use it."""

    revisions: list[Revision]
    roles: tuple[str, ...]
    freshness_rows: list[Freshness] = field(default_factory=list)
    rankings: list = field(default_factory=list)

    def decisions(self, entity_id):
        return list(self.rankings)

    def discover(self, question, as_of, period=None, limit=5):
        return None

    def _visible(self, rev: Revision) -> bool:
        return bool(set(rev.record.permissions) & set(self.roles))

    def entities(self, entity_ids):
        out = {}
        for eid in entity_ids:
            mine = [r for r in self.revisions if r.record.entity_id == eid]
            if mine:
                out[eid] = EntityView(tuple(r for r in mine if self._visible(r)), any(not self._visible(r) for r in mine))
        return out

    def records_for_nodes(self, node_ids):
        from resolver.policy import describes

        out: dict[str, list[Revision]] = {}
        for node in node_ids:
            found = [r for r in self.revisions if self._visible(r) and node in describes(r.record)]
            if found:
                out[node] = found
        return out

    def lineage(self, walk_in_store=False):
        from catalog.records import record_edges, states_lineage

        visible_ids = {r.evidence_id for r in self.revisions if self._visible(r)}
        edges = [e for r in self.revisions if states_lineage(r.record) for e in record_edges(r.record)]
        described = {n for r in self.revisions for n in r.record.node_ids()}
        hidden = {n for n in described if not any(self._visible(r) for r in self.revisions if n in r.record.node_ids())}
        return LineageView(LineageGraph(edges), hidden_origins=lambda ids: ids - visible_ids,
                           hidden_nodes=lambda ids: ids & hidden)

    def stating_records(self, node_ids, at):
        from catalog.records import record_edges, states_lineage

        nodes = set(node_ids)
        return [r for r in self.revisions if self._visible(r) and states_lineage(r.record)
                and any(e.origin_kind == "record" and e.target in nodes and e.holds_at(at) for e in record_edges(r.record))]

    def freshness(self, node_ids):
        ids = set(node_ids)
        return [f for f in self.freshness_rows if f.node_id in ids]

    def checked_by(self, node_ids):
        ids = set(node_ids)
        return [r for r in self.revisions if self._visible(r) and ids & set(r.record.checked_nodes())]

    def decision_records(self):
        return [r for r in self.revisions if self._visible(r) and r.record.is_review_decision()]

    def calendar_records(self):
        from resolver.fiscal import calendar_of

        return [r for r in self.revisions if self._visible(r) and calendar_of(r.record) is not None]

    def verify(self, evidence_ids):
        ids = set(evidence_ids)
        return {r.evidence_id: (r.revision, r.record.content_hash or "") for r in self.revisions if r.evidence_id in ids and self._visible(r)}
