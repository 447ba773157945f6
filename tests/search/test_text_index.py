"""The tantivy index: permissions inside the query, identifiers as written, strict then loose."""
import pytest

from catalog.chunks import chunk_record
from tests.search.conftest import rev

pytest.importorskip("tantivy")


@pytest.fixture
def text_index(tmp_path):
    from catalog.text_index import TextIndex

    return TextIndex(tmp_path / "text")


def _index(idx, *revisions):
    idx.upsert([c for r in revisions for c in chunk_record(r)])


def test_role_filter_is_inside_the_query(text_index):
    """'rare' may read 8 of 100 documents, which rank *below* the others for the query: a filter
    applied after taking the top hits would return nothing; the filter in the query returns them."""
    revs = []
    for i in range(100):
        rare = i % 12 == 0 and len([r for r in revs if "rare" in r.record.permissions]) < 8
        body = "Quarterly churn review notes." if rare else "Churn churn churn: churn definition and churn reporting."
        revs.append(rev(f"DOC.{i:03d}", body, permissions=("rare",) if rare else ("everyone",),
                        title="Notes" if rare else "Churn handbook"))
    _index(text_index, *revs)
    rare_ids = {r.evidence_id for r in revs if "rare" in r.record.permissions}
    assert len(rare_ids) == 8

    top5 = text_index.search("churn", ["rare"], limit=5)
    assert len(top5) == 5 and {h.evidence_id for h in top5} <= rare_ids
    everything = text_index.search("churn", ["rare"], limit=100)
    assert {h.evidence_id for h in everything} == rare_ids
    assert text_index.search("churn", [], limit=100) == []
    assert text_index.search("churn", ["nobody"], limit=100) == []
    both = text_index.search("churn", ["rare", "everyone"], limit=100)
    assert len(both) == 100


def test_untrusted_retracted_and_effective_filters(text_index):
    _index(text_index,
           rev("A", "refund policy text", effective_from="2024-01-01", effective_to="2024-12-31"),
           rev("B", "refund policy text", effective_from="2025-01-01"),
           rev("C", "refund policy text", authority="untrusted"),
           rev("D", "refund policy text", status="retracted"))
    ids = lambda hits: {h.evidence_id for h in hits}  # noqa: E731
    assert ids(text_index.search("refund policy", ["analysts"])) == {"A", "B"}
    assert ids(text_index.search("refund policy", ["analysts"], exclude_untrusted=False)) == {"A", "B", "C"}
    from datetime import date

    assert ids(text_index.search("refund policy", ["analysts"], as_of=date(2024, 6, 30))) == {"A"}
    assert ids(text_index.search("refund policy", ["analysts"], as_of=date(2026, 1, 1))) == {"B"}


def test_identifiers_match_as_written(text_index):
    _index(text_index,
           rev("MODEL.FCT_ORDERS", "dbt model model.shop.fct_orders builds one row per order; column order_completed_at.",
               model_ids=["model.shop.fct_orders"]),
           rev("MODEL.FCT_REFUNDS", "dbt model model.shop.fct_refunds: one row per refund, column refunded_at."),
           rev("POLICY.RETENTION", "Retention policy POL-2024-17 applies to order data."),
           rev("NOTE.ORDERS", "Orders shop model notes: fct and orders are mentioned, completed at times."))
    for query, expected in [("model.shop.fct_orders", "MODEL.FCT_ORDERS"), ("order_completed_at", "MODEL.FCT_ORDERS"),
                            ("POL-2024-17", "POLICY.RETENTION"), ("pol-2024-17", "POLICY.RETENTION"),
                            ("MODEL.FCT_REFUNDS", "MODEL.FCT_REFUNDS"), ("refunded_at", "MODEL.FCT_REFUNDS")]:
        hits = text_index.search(query, ["analysts"], limit=3)
        assert hits and hits[0].evidence_id == expected, (query, [h.evidence_id for h in hits])
        assert hits[0].match == "strict"


def test_title_weighs_more_than_body(text_index):
    _index(text_index, rev("IN.BODY", "A page that mentions gross margin once.", title="Misc page"),
           rev("IN.TITLE", "A page about costs.", title="Gross margin"))
    assert [h.evidence_id for h in text_index.search("gross margin", ["analysts"])][0] == "IN.TITLE"


def test_strict_pass_then_loose_fallback(text_index):
    _index(text_index, rev("REV", "Revenue excludes refunds and chargebacks."),
           rev("CHURN", "Churn counts disconnected subscribers."))
    strict = text_index.search("refunds chargebacks", ["analysts"])
    assert [(h.evidence_id, h.match) for h in strict] == [("REV", "strict")]
    typo = text_index.search("chargebaks", ["analysts"])  # one edit away
    assert [(h.evidence_id, h.match) for h in typo] == [("REV", "loose")]
    prefix = text_index.search("disconn", ["analysts"])  # a prefix of what is indexed
    assert [(h.evidence_id, h.match) for h in prefix] == [("CHURN", "loose")]
    some = text_index.search("refunds for subscribers", ["analysts"])  # no document has both words
    assert {h.evidence_id for h in some} == {"REV", "CHURN"} and all(h.match == "loose" for h in some)
    assert text_index.search("zzzzqqq", ["analysts"]) == []


def test_upsert_replaces_and_delete_removes_all_chunks(text_index):
    long_body = " ".join(f"Sentence {i} about revenue recognition." for i in range(120))
    _index(text_index, rev("LONG", long_body))
    assert text_index.count() > 1
    _index(text_index, rev("LONG", "Now a short body about revenue.", revision=2))
    hits = text_index.search("revenue", ["analysts"], limit=50)
    assert [h.chunk_id for h in hits] == ["LONG#2#0"]
    text_index.delete_evidence(["LONG"])
    assert text_index.search("revenue", ["analysts"]) == [] and text_index.count() == 0


def test_hit_payloads_follow_the_index(text_index):
    """Each indexed chunk's payload is in the store's append-only file: a replaced chunk's hit
    comes from its new payload, a deleted one returns nothing, and a rebuild starts a new, empty
    generation and deletes the old file."""
    _index(text_index, rev("A", "Revenue excludes refunds."), rev("B", "Churn counts disconnections."))
    assert text_index.count() == 2
    first_size = text_index.hits.size()
    _index(text_index, rev("A", "Revenue excludes refunds and chargebacks.", revision=2))
    assert text_index.count() == 2 and text_index.hits.size() > first_size  # appended, never rewritten
    [hit] = text_index.search("chargebacks", ["analysts"])
    assert (hit.evidence_id, hit.revision, hit.chunk_id) == ("A", 2, "A#2#0")
    assert text_index.search("refunds", ["analysts"])[0].revision == 2
    text_index.delete_evidence(["B"])
    assert text_index.count() == 1 and text_index.search("disconnections", ["analysts"]) == []
    old = text_index.hits.current()
    text_index.clear()
    assert text_index.count() == 0 and text_index.hits.size() == 0 and text_index.hits.current() != old
    assert not (text_index.path / "hits" / f"{old}.bin").exists()
    _index(text_index, rev("C", "Refunds are netted."))
    assert [h.evidence_id for h in text_index.search("refunds", ["analysts"])] == ["C"]


def test_payloads_are_durable_before_the_commit_and_readable_by_another_process_s_reader(tmp_path):
    """A second TextIndex on the same folder (another process's reader) maps the file as the
    writer appends to it, and finds every payload the committed index refers to."""
    from catalog.text_index import TextIndex

    writer = TextIndex(tmp_path / "text")
    reader = TextIndex(tmp_path / "text")
    _index(writer, rev("A", "Revenue excludes refunds."))
    assert [h.evidence_id for h in reader.search("refunds", ["analysts"])] == ["A"]
    _index(writer, *(rev(f"N{i}", f"Refunds note number {i}.") for i in range(50)))
    assert len(reader.search("refunds", ["analysts"], limit=100)) == 51  # the file grew past the reader's map


def test_a_hit_whose_payload_a_concurrent_rebuild_removed_is_left_out(text_index, monkeypatch):
    """Between another process's rebuild and this reader's reload, a hit may point at a payload
    file already deleted: it is left out (and the ranks stay consecutive), never invented."""
    _index(text_index, rev("A", "Revenue policy one."), rev("B", "Revenue policy two."), rev("C", "Revenue policy three."))
    before = text_index.search("revenue policy", ["analysts"])
    assert len(before) == 3
    read = text_index.hits.read
    first = {}

    def read_without_the_first(addresses):
        out = read(addresses)
        first.setdefault("addr", addresses[0])
        out.pop(first["addr"], None)
        return out

    monkeypatch.setattr(text_index.hits, "read", read_without_the_first)
    after = text_index.search("revenue policy", ["analysts"])
    assert [h.evidence_id for h in after] == [h.evidence_id for h in before[1:]]
    assert [h.rank for h in after] == [1, 2]


def test_a_payload_file_that_is_gone_leaves_its_hits_out(tmp_path):
    from catalog.hit_store import HitStore, address

    store = HitStore(tmp_path / "hits")
    [addr] = store.add([b'{"x":1}'])
    assert store.read([addr]) == {addr: b'{"x":1}'}
    assert store.read([address(store.current() + 1, 0, 5)]) == {}  # no such generation
    assert store.read([address(store.current(), 1000, 5)]) == {}  # beyond the file


def test_a_payload_too_large_for_an_address_is_refused_before_anything_is_written(tmp_path):
    from catalog.errors import InputError
    from catalog.hit_store import MAX_PAYLOAD, HitStore

    store = HitStore(tmp_path / "hits")
    with pytest.raises(InputError, match="over the"):
        store.add([b"{}", b"x" * (MAX_PAYLOAD + 1)])
    assert store.size() == 0


def test_a_mostly_replaced_payload_file_asks_for_a_rebuild(tmp_path, monkeypatch):
    import catalog.hit_store as hit_store

    monkeypatch.setattr(hit_store, "GARBAGE_SLACK", 100)
    store = hit_store.HitStore(tmp_path / "hits")
    store.add([b"x" * 100] * 10)
    assert not store.garbage_high(10)
    store.add([b"x" * 100] * 10)  # the same ten chunks again: ten payloads of garbage
    assert not store.garbage_high(10)
    store.add([b"x" * 100] * 10)
    assert store.garbage_high(10)
    store.clear()
    assert not store.garbage_high(0) and store.size() == 0


def test_an_index_without_its_hit_store_is_emptied_for_reindexing(tmp_path):
    import shutil

    from catalog.text_index import TextIndex

    first = TextIndex(tmp_path / "text")
    _index(first, rev("A", "Revenue excludes refunds."))
    first.hits.close()
    shutil.rmtree(tmp_path / "text" / "hits")
    reopened = TextIndex(tmp_path / "text")
    assert reopened.was_reset and reopened.count() == 0 and reopened.hits.size() == 0


def test_prefix_fallback_with_few_and_many_completions(text_index):
    """A word cut short finds the chunks of every term it begins, whether the index looks it up
    as those few terms or (past MAX_PREFIX_TERMS) with an automaton, and scores them alike."""
    from catalog.text_index import MAX_PREFIX_TERMS

    many = " ".join(f"zork{chr(97 + i)}{chr(97 + i)}x" for i in range(MAX_PREFIX_TERMS + 2))
    _index(text_index, rev("FEW", "Quarterly plumbus review."), rev("MANY", f"Glossary: {many}."),
           rev("OTHER", "Nothing of the kind."))
    few = text_index.search("plumb", ["analysts"])
    assert [(h.evidence_id, h.match) for h in few] == [("FEW", "loose")]
    lots = text_index.search("zork", ["analysts"])
    assert [(h.evidence_id, h.match) for h in lots] == [("MANY", "loose")]
    assert few[0].score == pytest.approx(lots[0].score)


def test_typo_found_alike_by_the_automaton_and_by_the_cached_neighbours(text_index):
    """A word the index lacks is looked up by tantivy's automaton the first time, then as its
    terms within one edit (deletion, insertion, substitution, transposition), remembered until
    the index changes: the same hits and scores every time."""
    from catalog.text_index import _edits1

    edits = _edits1("chargebaks", "cq")
    assert {"chargebak", "chargebacks", "chargebaqs", "cahrgebaks"} <= edits and "chargebaks" not in edits
    assert len(_edits1("abcd", "")) == 4 + 3 and "acbd" in _edits1("abcd", "")  # deletions, transpositions
    _index(text_index, rev("REV", "Revenue excludes refunds and chargebacks."),
           rev("TAX", "Tax on chargebaqs and fees."), rev("CHURN", "Churn counts disconnected subscribers."))
    runs = [[(h.evidence_id, h.score, h.match) for h in text_index.search(q, ["analysts"])]
            for q in ("chargebaks fees", "chargebaks fees", "chargebaks fees", "chragebacks")]
    assert runs[0] == runs[1] == runs[2] and {e for e, _, _ in runs[0]} == {"REV", "TAX"}
    assert text_index._lookups.get(("fuzzy", "chargebak"), lambda: None) == ("chargeback", "chargebaq")
    assert [e for e, _, _ in runs[3]] == ["REV"]  # a transposition
    _index(text_index, rev("NEW", "Chargebaks spelled so in a new document."))  # the index changed
    assert not text_index._lookups.asked
    assert text_index.search("chargebaks", ["analysts"])[0].evidence_id == "NEW"  # now a known word: strict


def test_partial_pass_skipped_when_too_few_terms_can_match(text_index, monkeypatch):
    """Two of three words match nothing, even loosely (no term within one edit, none they begin):
    the partial pass (two of three terms) cannot find a chunk and is not run; the loose pass
    finds the chunk of the third word, as when the partial pass ran."""
    _index(text_index, rev("REV", "Revenue excludes refunds and chargebacks."),
           rev("CHURN", "Churn counts disconnected subscribers."))
    searches = []

    class Counting:  # the index's searcher, counting its searches
        def __init__(self, inner):
            self._inner = inner

        def searcher(self):
            return Counting(self._inner.searcher())

        def search(self, *args, **kwargs):
            searches.append(1)
            return self._inner.search(*args, **kwargs)

        def __getattr__(self, name):
            return getattr(self._inner, name)

    monkeypatch.setattr(text_index, "index", Counting(text_index.index))
    runs = []
    for _ in range(3):
        searches.clear()
        runs.append(([(h.evidence_id, h.score, h.match) for h in text_index.search("refunds qqxzv zzkq", ["analysts"])],
                     len(searches)))
    assert runs[0][0] == runs[1][0] == runs[2][0] == [("REV", runs[0][0][0][1], "loose")]
    assert runs[0][1] == 2 and runs[2][1] == 1  # partial and loose, then (neighbours known to be none) loose only


def test_identifier_fallback_stays_inside_the_roles(text_index):
    """An identifier only another role may read: the loose pass finds the readable chunks that
    spell its words, never the chunk that holds it."""
    _index(text_index,
           rev("SECRET", "dbt model model.shop.fct_orders", permissions=("finance",), model_ids=["model.shop.fct_orders"]),
           rev("WIKI", "Shop orders are counted daily."))
    hits = text_index.search("model.shop.fct_orders", ["analysts"])
    assert [(h.evidence_id, h.match) for h in hits] == [("WIKI", "loose")]
    assert [h.evidence_id for h in text_index.search("model.shop.fct_orders", ["finance"])] == ["SECRET"]


def test_loose_pass_with_common_terms_ranks_as_one_disjunction(text_index, monkeypatch):
    """The loose pass looks at common terms last (`_loose_top`); whether its first search is
    enough or the full disjunction runs, the hits and scores are those of the full disjunction."""
    import catalog.text_index as text_index_module

    revs = []
    for i in range(60):
        words = ["orders"] * (1 + i % 4)  # a common word, in every document
        if i % 7 == 0:
            words.append("chargeback")
        if i % 11 == 0:
            words.append("ledger")
        roles = ("analysts",) if i % 3 else ("auditors",)
        revs.append(rev(f"DOC.{i:02d}", " ".join(words) + f" note {i}.", permissions=roles, title=f"Page {i}"))
    _index(text_index, *revs)
    queries = ["chargeback orders", "ledger orders", "chargebak orders", "orders", "chargeback ledger orders"]

    def results(common_share):
        monkeypatch.setattr(text_index_module, "COMMON_SHARE", common_share)
        return [[(h.chunk_id, h.match, round(h.score, 4)) for h in text_index.search(q, roles, limit=limit)]
                for q in queries for roles in (["analysts"], ["auditors"]) for limit in (3, 10)]

    assert results(0.05) == results(1.0)  # 1.0: no term is common, one disjunction


def test_a_hit_carries_its_chunk_fields(text_index):
    from datetime import date

    from catalog.chunks import Hit

    record = rev("REV.V2", "Revenue excludes refunds.", version="2", owner="Finance", status="superseded",
                 effective_from="2024-01-01", effective_to="2024-12-31", permissions=("analysts", "finance"))
    chunk, = chunk_record(record)
    text_index.upsert([chunk])
    hit, = text_index.search("revenue", ["finance"], as_of=date(2024, 6, 30))
    assert hit == Hit.of(chunk, score=hit.score, rank=1, match="strict")
    assert hit.effective_to == date(2024, 12, 31) and hit.permissions == ("analysts", "finance")


def test_a_title_term_scored_inside_its_body_term_scores_as_the_flat_union(text_index):
    """_disjunction makes a word's title term an optional clause of its body term (the body holds
    the title); every chunk gets the score of the plain union of both."""
    import tantivy

    _index(text_index, rev("A", "Churn policy text.", title="Churn"), rev("B", "Other words about churn, churn."),
           rev("C", "Nothing relevant.", title="Churn and refunds"), rev("D", "Refunds only."))
    alternatives = {("term", "title", "churn"): 4.0, ("term", "body", "churn"): 1.0, ("term", "body", "refund"): 1.0,
                    ("term", "title", "refund"): 4.0}
    Q, Occur = tantivy.Query, tantivy.Occur
    flat = Q.boolean_query([(Occur.Should, Q.boost_query(text_index._leaf(k), b)) for k, b in alternatives.items()])
    searcher = text_index.index.searcher()

    def scores(query):
        return sorted((a.doc, round(s, 4)) for s, a in searcher.search(query, 10, count=False).hits)

    assert len(scores(flat)) == 4 and scores(text_index._disjunction(alternatives)) == scores(flat)


def test_a_batch_larger_than_the_base_budget_is_written_as_one_segment(tmp_path):
    """Every search pays per segment, and tantivy-py cannot merge them: the writer's memory
    budget grows with the batch's text, so a build is one segment where the base budget alone
    (15 MB, tantivy's least) would have flushed several."""
    from catalog.text_index import TextIndex

    words = [f"w{i:04d}" for i in range(3000)]
    revs = [rev(f"DOC.{i:05d}", " ".join(words[(i * 7 + k * 13) % 3000] for k in range(60)) + ".")
            for i in range(12_000)]
    chunks = [c for r in revs for c in chunk_record(r)]
    assert sum(len(c.text) for c in chunks) > 4_000_000
    idx = TextIndex(tmp_path / "text", writer_heap=15_000_000)
    idx.upsert(chunks, replace=False)
    assert idx.index.searcher().num_segments == 1
    assert [h.evidence_id for h in idx.search("w0007 w0020", ["analysts"], limit=1)] == ["DOC.00001"]
