"""GenerationMemo: values kept for one catalog generation, forgotten when it moves on."""
import threading

from catalog.memo import GenerationMemo


def test_values_are_kept_for_their_generation_only():
    memo = GenerationMemo(limit=10)
    calls = []

    def compute(value):
        def run():
            calls.append(value)
            return value
        return run

    assert memo.get(5, "k", compute("a")) == "a"
    assert memo.get(5, "k", compute("b")) == "a" and calls == ["a"]  # kept
    assert memo.get(6, "k", compute("c")) == "c"  # the catalog moved on: computed again
    assert memo.get(5, "k", compute("d")) == "d"  # any other generation (a catalog made anew) too
    assert calls == ["a", "c", "d"] and len(memo) == 1


def test_the_oldest_values_go_first_and_none_is_never_kept():
    memo = GenerationMemo(limit=3)
    for key in "abcd":
        memo.get(1, key, lambda key=key: key.upper())
    assert len(memo) == 3
    assert memo.get(1, "a", lambda: "again") == "again"  # 'a' went first
    assert memo.get(1, "d", lambda: "again") == "D"
    assert memo.get(1, "none", lambda: None) is None and memo.get(1, "none", lambda: 1) == 1


def test_threads_sharing_a_memo_get_consistent_values():
    memo = GenerationMemo(limit=50)
    errors = []

    def work(offset):
        try:
            for i in range(2000):
                key = (i + offset) % 80
                assert memo.get(i // 500, key, lambda key=key: key * 2) == key * 2
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


def test_put_replaces_a_kept_value_and_clear_forgets_all():
    memo = GenerationMemo(limit=2)
    memo.get(3, "a", lambda: "old")
    memo.put(3, "a", "new")
    memo.put(3, "b", "b")
    assert memo.get(3, "a", lambda: "computed") == "new" and len(memo) == 2  # replacing evicts nothing
    memo.put(4, "c", "c")  # another generation: the others go
    assert len(memo) == 1 and memo.get(4, "a", lambda: "computed") == "computed"
    memo.clear()
    assert len(memo) == 0 and memo.get(4, "c", lambda: "again") == "again"
