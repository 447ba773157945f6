"""LineageGraph walks: validity intervals, origin and node filters, depth, and edge order."""
from datetime import datetime, timezone

from catalog.records import LineageEdge
from lineage.graph import LineageGraph


def at(day: int) -> datetime:
    return datetime(2026, 1, day, tzinfo=timezone.utc)


def edge(source: str, target: str, origin: str = "dbt:a", start: int | None = None, end: int | None = None) -> LineageEdge:
    return LineageEdge(source=source, target=target, origin=origin, origin_kind="dbt",
                       valid_from=at(start) if start else None, valid_to=at(end) if end else None)


def graph() -> LineageGraph:
    return LineageGraph([
        edge("a", "b", start=1),
        edge("a", "c", start=1, end=10),  # closed on the 10th
        edge("a", "d", start=5),  # opened on the 5th
        edge("b", "e", origin="rec:secret"),
        edge("c", "e", start=1),
        edge("a", "b", origin="rec:other", start=3),  # a second statement of a -> b
    ])


def test_walk_sees_only_edges_that_hold_at_the_moment():
    g = graph()
    assert g.downstream("a", at=at(2)) == {"b": 1, "c": 1, "e": 2}
    assert g.downstream("a", at=at(12)) == {"b": 1, "d": 1, "e": 2}
    assert g.downstream("a") == {"b": 1, "c": 1, "d": 1, "e": 2}
    assert g.upstream("e", at=at(12)) == {"b": 1, "c": 1, "a": 2}


def test_used_edges_follow_neighbour_then_statement_order():
    _, used = graph().walk("a", upstream=False, at=at(6))
    assert [(e.source, e.target, e.origin) for e in used] == [
        ("a", "b", "dbt:a"), ("a", "b", "rec:other"), ("a", "c", "dbt:a"), ("a", "d", "dbt:a"),
        ("b", "e", "rec:secret"), ("c", "e", "dbt:a")]


def test_filters_and_depth():
    g = graph()
    reached, used = g.walk("a", upstream=False, at=at(6), allow=lambda o: o != "rec:secret", allow_node=lambda n: n != "c")
    assert reached == {"b": 1, "d": 1}
    assert {e.origin for e in used} == {"dbt:a", "rec:other"}
    assert g.downstream("a", depth=1) == {"b": 1, "c": 1, "d": 1}
    assert g.walk("zzz", upstream=True) == ({}, [])


def test_a_restated_edge_replaces_the_first_and_adding_refreshes_walks():
    g = graph()
    assert g.downstream("e") == {}
    g.add(edge("e", "f"))
    g.add(edge("e", "f", end=3))  # same origin and start: replaces
    assert g.downstream("e", at=at(2)) == {"f": 1}
    assert g.downstream("e", at=at(4)) == {}
    assert len(g.edges()) == 7


def test_networkx_export_holds_the_same_edges_and_closure():
    import networkx as nx

    g = graph()
    exported = g.to_networkx(at=at(12))
    assert sorted((s, t, k) for s, t, k in exported.edges(keys=True)) == sorted(
        (e.source, e.target, (e.origin, e.valid_from)) for e in g.edges(at=at(12)))
    assert nx.descendants(exported, "a") == set(g.downstream("a", at=at(12)))
    assert nx.ancestors(exported, "e") == set(g.upstream("e", at=at(12)))


def test_nodes_are_found_by_their_short_name():
    from lineage.graph import LineageEdge, LineageGraph

    g = LineageGraph([LineageEdge(source="source.shop.orders", target="model.shop.orders", kind="dbt", origin="m", origin_kind="record"),
                      LineageEdge(source="model.shop.orders#id", target="model.shop.fct#id", kind="column", origin="m",
                                  origin_kind="record")])
    assert sorted(g.nodes_named("ORDERS")) == ["model.shop.orders", "source.shop.orders"]
    g.add(LineageEdge(source="file:/data/raw/tbl0", target="bigquery:proj.ds.tbl1", kind="dataset", origin="ol", origin_kind="record"))
    assert g.nodes_named("tbl0") == ["file:/data/raw/tbl0"] and g.nodes_named("tbl1") == ["bigquery:proj.ds.tbl1"]
    assert g.nodes_named("id") == [] and g.nodes_named("fct") == []
    # an OpenLineage dataset is also named by its whole name after the namespace
    g.add(LineageEdge(source="postgres://warehouse:5432:analytics.public.orders", target="model.shop.orders", kind="dataset",
                      origin="ol", origin_kind="record"))
    assert g.nodes_named("analytics.public.orders") == ["postgres://warehouse:5432:analytics.public.orders"]
    assert "postgres://warehouse:5432:analytics.public.orders" in g.nodes_named("orders")
    g.add(LineageEdge(source="model.shop.orders", target="model.shop.fct_orders.v2", kind="dbt", origin="m", origin_kind="record"))
    assert g.nodes_named("fct_orders_v2") == ["model.shop.fct_orders.v2"]
