"""`canon lineage`: the graph around one node, shaped like dbt-mcp's get_lineage.

Pure: takes the requester's LineageView (edges filtered by origin, nodes by visibility) and a
`describe(node) -> (name, resource_type)` callable.
"""
from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Optional

from resolver.source import LineageView


_DBT_KINDS = {"model", "source", "seed", "snapshot", "exposure", "metric", "semantic_model", "saved_query",
              "analysis", "operation", "function"}


def default_description(node: str) -> tuple[str, str]:
    """(name, resource_type) of a node that has no visible record, from its id alone."""
    base, _, column = node.partition("#")
    parts = base.split(".")
    if base.startswith("job:"):
        kind, name = "job", base[4:].split(":", 1)[-1]
    elif parts[0] in _DBT_KINDS and len(parts) >= 3:
        kind = parts[0]
        name = ".".join(parts[2:4]) if kind == "source" else parts[2]
    elif ":" in base:
        kind, name = "dataset", base.rsplit(":", 1)[1]
    else:
        kind, name = "entity", base
    return (f"{name}#{column}" if column else name), ("column" if column else kind)


def lineage_json(view: LineageView, node: str, *, direction: str, depth: int, at: Optional[datetime],
                 types: Optional[list[str]], describe: Callable[[str], tuple[str, str]]) -> dict:
    directions = ["upstream", "downstream"] if direction == "both" else [direction]
    distance: dict[str, int] = {}
    edges: set[tuple[str, str]] = set()
    for way in directions:
        reached, used = view.walk(node, upstream=(way == "upstream"), depth=depth, at=at)
        for n, d in reached.items():
            distance[n] = min(d, distance.get(n, d))
        edges |= {(e.source, e.target) for e in used}
    nodes = []
    for n in sorted(distance, key=lambda x: (distance[x], x)):
        name, kind = describe(n)
        if types and kind not in types:
            continue
        nodes.append({"unique_id": n, "name": name, "resource_type": kind, "depth": distance[n]})
    kept = {n["unique_id"] for n in nodes} | {node}
    return {
        "unique_id": node,
        "types": types,
        "depth": depth,
        "direction": direction,
        "at": at.date().isoformat() if at else None,
        "nodes": nodes,
        "edges": [{"source": s, "target": t} for s, t in sorted(edges) if s in kept and t in kept],
    }


def render_tree(result: dict) -> str:
    lines = [result["unique_id"]]
    for n in result["nodes"]:
        arrow = "  " * n["depth"] + "└─ "
        lines.append(f"{arrow}{n['unique_id']} ({n['resource_type']}, depth {n['depth']})")
    if not result["nodes"]:
        lines.append("  (no lineage recorded" + (f" as of {result['at']}" if result["at"] else "") + ")")
    return "\n".join(lines)


def marquez_graph(result: dict) -> dict:
    """canon's lineage result in the shape of Marquez's GET /api/v1/lineage."""
    kinds = {n["unique_id"]: n for n in result["nodes"]}
    root = {"unique_id": result["unique_id"], "name": result["unique_id"], "resource_type": "root"}
    ins: dict[str, list] = {}
    outs: dict[str, list] = {}
    for e in result["edges"]:
        outs.setdefault(e["source"], []).append({"origin": e["source"], "destination": e["target"]})
        ins.setdefault(e["target"], []).append({"origin": e["source"], "destination": e["target"]})

    def node_type(kind: str) -> str:
        return {"job": "JOB", "dataset": "DATASET", "column": "DATASET_FIELD"}.get(kind, kind.upper())

    graph = []
    for uid, info in [(result["unique_id"], root), *kinds.items()]:
        graph.append({"id": uid, "type": node_type(info["resource_type"]),
                      "data": {"name": info["name"], "resourceType": info["resource_type"], "depth": info.get("depth", 0)},
                      "inEdges": ins.get(uid, []), "outEdges": outs.get(uid, [])})
    return {"graph": graph, "at": result["at"], "direction": result["direction"], "depth": result["depth"]}
