"""A time-aware, permission-aware lineage graph.

Pure: networkx and the record models only. Every edge keeps its origin (the record, dbt artifact
or OpenLineage event that states it) and a validity interval; a traversal sees only the edges
that hold at the asked moment and whose origin the caller allows, so a restricted lineage
statement never shapes the result.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Optional

from catalog.records import LineageEdge

Allow = Optional[Callable[[str], bool]]


def column_node(node: str) -> tuple[str, Optional[str]]:
    """Split `model.x.y#col` into (`model.x.y`, `col`)."""
    base, _, column = node.partition("#")
    return base, (column or None)


class LineageGraph:
    def __init__(self, edges: Iterable[LineageEdge] = ()):
        import networkx as nx  # loaded only when a graph is built: keeps `canon` start fast

        self._g = nx.MultiDiGraph()
        for edge in edges:
            self.add(edge)

    @classmethod
    def from_rows(cls, rows) -> "LineageGraph":
        """Bulk build from trusted (source, target, kind, origin, origin_kind, valid_from, valid_to)
        rows read back from the catalog (validated when they were written)."""
        graph = cls()
        make = LineageEdge.model_construct
        graph._g.add_edges_from(
            (s, t, (o, vf), {"edge": make(source=s, target=t, kind=k, origin=o, origin_kind=ok, valid_from=vf, valid_to=vt)})
            for s, t, k, o, ok, vf, vt in rows)
        return graph

    def add(self, edge: LineageEdge) -> None:
        self._g.add_edge(edge.source, edge.target, key=(edge.origin, edge.valid_from), edge=edge)

    def __contains__(self, node: str) -> bool:
        return node in self._g

    @property
    def nodes(self) -> list[str]:
        return list(self._g.nodes)

    def edges(self, at: Optional[datetime] = None, allow: Allow = None) -> list[LineageEdge]:
        return [d["edge"] for _, _, d in self._g.edges(data=True) if self._usable(d["edge"], at, allow)]

    @staticmethod
    def _usable(edge: LineageEdge, at: Optional[datetime], allow: Allow) -> bool:
        return (at is None or edge.holds_at(at)) and (allow is None or allow(edge.origin))

    def _adjacent(self, nodes: list[str], upstream: bool) -> dict[str, list[tuple[str, LineageEdge]]]:
        """For each node, its (neighbour, edge) pairs in one direction. Subclasses may fetch these
        per level from elsewhere (the catalog walks its edge table without building a graph)."""
        adjacency = self._g.pred if upstream else self._g.succ
        return {n: [(other, d["edge"]) for other, keyed in adjacency[n].items() for d in keyed.values()]
                for n in nodes if n in self._g}

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

        depth 0 means unbounded. `allow` filters edges by origin, `allow_node` prunes nodes the
        caller may not see (a pruned node is neither returned nor walked through).
        """
        if node not in self:
            return {}, []
        seen = {node: 0}
        used: list[LineageEdge] = []
        frontier = [node]
        distance = 0
        while frontier and (depth == 0 or distance < depth):
            distance += 1
            nxt = []
            adjacent = self._adjacent(frontier, upstream)
            for current in frontier:
                for other, edge in adjacent.get(current, ()):
                    if not self._usable(edge, at, allow):
                        continue
                    if allow_node is not None and not allow_node(other):
                        continue
                    used.append(edge)
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
