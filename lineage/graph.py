"""A time-aware, permission-aware lineage graph.

Pure: the record models only. Every edge keeps its origin (the record, dbt artifact or
OpenLineage event that states it) and a validity interval; a traversal sees only the edges that
hold at the asked moment and whose origin the caller allows, so a restricted lineage statement
never shapes the result.

The graph is a directed multigraph kept in plain dicts (node -> neighbour -> key -> edge, as
networkx keeps a MultiDiGraph, so node, neighbour and edge order are the same; `to_networkx`
exports it for graph algorithms). Walks read hops compiled once per direction from those dicts:
per node, on first use, runs of consecutive edges that share a validity interval (a dbt sync
opens all its edges at one moment), so the interval is checked once per run and an unfiltered
walk costs about what a plain dict-of-lists BFS costs.
"""
from __future__ import annotations

import re

from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from operator import attrgetter
from typing import Optional

from catalog.records import LineageEdge

Allow = Optional[Callable[[str], bool]]
# (valid_from, valid_to, neighbours, edges): consecutive edges of one node with one validity
# interval, neighbours[i] reached through edges[i]
Run = tuple[Optional[datetime], Optional[datetime], tuple[str, ...], tuple[LineageEdge, ...]]
Keyed = dict[tuple, LineageEdge]  # (origin, valid_from) -> edge: one edge per statement and start


def column_node(node: str) -> tuple[str, Optional[str]]:
    """Split `model.x.y#col` into (`model.x.y`, `col`)."""
    base, _, column = node.partition("#")
    return base, (column or None)


def runs(hops: Iterable[tuple[str, LineageEdge]]) -> tuple[Run, ...]:
    """Group (neighbour, edge) pairs, in order, into runs of one validity interval."""
    out: list[Run] = []
    interval = None
    others: list[str] = []
    edges: list[LineageEdge] = []
    for other, edge in hops:
        if (edge.valid_from, edge.valid_to) != interval:
            if edges:
                out.append((*interval, tuple(others), tuple(edges)))
            interval, others, edges = (edge.valid_from, edge.valid_to), [], []
        others.append(other)
        edges.append(edge)
    if edges:
        out.append((*interval, tuple(others), tuple(edges)))
    return tuple(out)


_interval = attrgetter("valid_from", "valid_to")


def _node_runs(near: dict[str, Keyed], far: Callable[[LineageEdge], str]) -> tuple[Run, ...]:
    """One node's runs; the common case, one interval for all its edges, without a per-edge loop."""
    edges = [edge for keyed in near.values() for edge in keyed.values()]
    intervals = list(map(_interval, edges))
    if intervals.count(intervals[0]) == len(intervals):
        return ((*intervals[0], tuple(map(far, edges)), tuple(edges)),)
    return runs(zip(map(far, edges), edges))


class _RunsByNode(dict):
    """node -> its runs in one direction, compiled the first time a walk reaches the node (compiling
    the whole graph up front would cost about as much as loading it)."""

    def __init__(self, adjacency: dict[str, dict[str, Keyed]], far: Callable[[LineageEdge], str]):
        super().__init__()
        self._adjacency = adjacency
        self._far = far

    def __missing__(self, node: str) -> tuple[Run, ...]:
        near = self._adjacency.get(node)
        compiled = self[node] = _node_runs(near, self._far) if near else ()
        return compiled


_SEGMENT = re.compile(r"[./:]")


class LineageGraph:
    def __init__(self, edges: Iterable[LineageEdge] = ()):
        self._succ: dict[str, dict[str, Keyed]] = {}
        self._pred: dict[str, dict[str, Keyed]] = {}
        self._runs: dict[bool, _RunsByNode] = {}  # upstream? -> compiled runs, dropped on add
        self._by_name: Optional[dict[str, list[str]]] = None  # short name -> nodes, built on first use
        for edge in edges:
            self.add(edge)

    @classmethod
    def from_rows(cls, rows) -> "LineageGraph":
        """Bulk build from trusted (source, target, kind, origin, origin_kind, valid_from, valid_to)
        rows read back from the catalog (validated when they were written)."""
        graph = cls()
        make = LineageEdge.model_construct
        link = graph._link
        for s, t, k, o, ok, vf, vt in rows:
            link(make(source=s, target=t, kind=k, origin=o, origin_kind=ok, valid_from=vf, valid_to=vt))
        return graph

    def add(self, edge: LineageEdge) -> None:
        self._link(edge)
        self._runs.clear()
        self._by_name = None

    def _link(self, edge: LineageEdge) -> None:
        """Store the edge; a second edge with the same ends, origin and start replaces the first."""
        succ, pred, source, target = self._succ, self._pred, edge.source, edge.target
        for node in (source, target):
            if node not in succ:
                succ[node] = {}
                pred[node] = {}
        keyed = succ[source].get(target)
        if keyed is None:
            keyed = succ[source][target] = pred[target][source] = {}
        keyed[(edge.origin, edge.valid_from)] = edge

    def __contains__(self, node: str) -> bool:
        return node in self._succ

    @property
    def nodes(self) -> list[str]:
        return list(self._succ)

    def nodes_named(self, name: str) -> list[str]:
        """Nodes (not columns) whose id ends in this name, after its last '.', '/' or ':'
        ("fct_orders" -> model.shop.fct_orders, "tbl1" -> file:/tmp/data/tbl1), a versioned model by the name
        of its relation ("fct_orders_v2" -> model.shop.fct_orders.v2), or an OpenLineage
        dataset's whole name after its namespace ("analytics.public.orders" -> postgres://warehouse:5432:
        analytics.public.orders)."""
        if self._by_name is None:
            index: dict[str, list[str]] = {}
            for node in self._succ:
                if "#" not in node:
                    parts = _SEGMENT.split(node.lower())
                    index.setdefault(parts[-1], []).append(node)
                    if len(parts) > 2 and re.fullmatch(r"v\d+", parts[-1]):  # a versioned dbt model: fct_orders_v2
                        index.setdefault(f"{parts[-2]}_{parts[-1]}", []).append(node)
                    dataset = re.split(r"[:/]", node)[-1].lower()
                    if "://" in node and "." in dataset:
                        index.setdefault(dataset, []).append(node)
            self._by_name = index
        return list(dict.fromkeys(self._by_name.get(name.lower(), ())))

    def to_networkx(self, at: Optional[datetime] = None, allow: Allow = None):
        """The graph (or what holds at `at` and `allow` admits) as a networkx MultiDiGraph keyed
        like this one, for graph algorithms; walks stay on the plain dicts, which cost a third of
        what walking networkx's views does."""
        import networkx as nx

        out = nx.MultiDiGraph()
        out.add_nodes_from(self._succ)
        out.add_edges_from((e.source, e.target, (e.origin, e.valid_from), {"edge": e}) for e in self.edges(at, allow))
        return out

    def edges(self, at: Optional[datetime] = None, allow: Allow = None) -> list[LineageEdge]:
        return [edge for targets in self._succ.values() for keyed in targets.values() for edge in keyed.values()
                if self._usable(edge, at, allow)]

    @staticmethod
    def _usable(edge: LineageEdge, at: Optional[datetime], allow: Allow) -> bool:
        return (at is None or edge.holds_at(at)) and (allow is None or allow(edge.origin))

    def _compiled(self, upstream: bool) -> "_RunsByNode":
        compiled = self._runs.get(upstream)
        if compiled is None:
            compiled = self._runs[upstream] = (_RunsByNode(self._pred, attrgetter("source")) if upstream
                                               else _RunsByNode(self._succ, attrgetter("target")))
        return compiled

    def _adjacent(self, nodes: list[str], upstream: bool) -> Mapping[str, Sequence[Run]]:
        """A mapping whose [node] gives, for each of `nodes`, its runs of edges in one direction
        (it may hold other nodes too). Subclasses may fetch these per level from elsewhere (the
        catalog walks its edge table without building a graph)."""
        return self._compiled(upstream)

    def walk(
        self,
        node: str,
        *,
        upstream: bool,
        depth: int = 0,
        at: Optional[datetime] = None,
        allow: Allow = None,
        allow_node: Allow = None,
    ) -> tuple[dict[str, int], list[LineageEdge]]:
        """Breadth-first closure from `node`: {reached node: distance}, and the edges used.

        depth 0 means unbounded. `at` keeps the edges that hold then (valid_from <= at < valid_to,
        None open), `allow` filters edges by origin, `allow_node` prunes nodes the caller may not
        see (a pruned node is neither returned nor walked through).
        """
        if node not in self:
            return {}, []
        seen = {node: 0}
        used: list[LineageEdge] = []
        frontier = [node]
        distance = 0
        dated = at is not None
        filtered = allow is not None or allow_node is not None
        while frontier and (depth == 0 or distance < depth):
            distance += 1
            nxt = []
            adjacent = self._adjacent(frontier, upstream)
            for current in frontier:
                for valid_from, valid_to, others, edges in adjacent[current]:
                    if dated and ((valid_from is not None and at < valid_from) or (valid_to is not None and at >= valid_to)):
                        continue
                    if filtered:
                        others, edges = _allowed(others, edges, allow, allow_node)
                    used += edges
                    for other in others:
                        if other not in seen:
                            seen[other] = distance
                            nxt.append(other)
            frontier = nxt
        del seen[node]
        return seen, used

    def upstream(self, node: str, **kw) -> dict[str, int]:
        return self.walk(node, upstream=True, **kw)[0]

    def downstream(self, node: str, **kw) -> dict[str, int]:
        return self.walk(node, upstream=False, **kw)[0]


def _allowed(others: tuple[str, ...], edges: tuple[LineageEdge, ...], allow: Allow,
             allow_node: Allow) -> tuple[list[str], list[LineageEdge]]:
    """The (neighbour, edge) pairs of a run whose origin and neighbour the caller allows."""
    kept = [(other, edge) for other, edge in zip(others, edges)
            if (allow is None or allow(edge.origin)) and (allow_node is None or allow_node(other))]
    return [other for other, _ in kept], [edge for _, edge in kept]
