"""Chunks: split at headings and paragraphs, long sections at sentences, never truncated."""
import random
import re

from catalog.chunks import MAX_CHARS, chunk_record, identifiers_in, split_body
from tests.search.conftest import rev

WORDS = ("revenue churn order refund model source grain the of a definition customer net gross "
         "model.shop.fct_orders order_completed_at POL-2024-17 reactivation 2025-06-30").split()


def _sentence(rnd: random.Random, n_words: int) -> str:
    words = [rnd.choice(WORDS) for _ in range(n_words)]
    return " ".join(words).capitalize() + rnd.choice([".", "!", "?", ";", ""])


def _body(rnd: random.Random) -> str:
    parts = []
    for _ in range(rnd.randint(1, 8)):
        kind = rnd.random()
        if kind < 0.2:
            parts.append("#" * rnd.randint(1, 4) + " " + _sentence(rnd, 3).rstrip(".!?;"))
        elif kind < 0.3:
            parts.append("```\n# not a heading\n" + _sentence(rnd, 30) + "\n```")
        elif kind < 0.4:  # one sentence far longer than a chunk
            parts.append(_sentence(rnd, rnd.randint(200, 400)))
        elif kind < 0.45:  # a "word" longer than a chunk
            parts.append("x" * rnd.randint(MAX_CHARS, 3 * MAX_CHARS))
        else:
            parts.append(" ".join(_sentence(rnd, rnd.randint(3, 40)) for _ in range(rnd.randint(1, 30))))
    return rnd.choice(["\n\n", "\n", "\n\n\n"]).join(parts)


def test_chunking_never_truncates_generated_long_texts():
    rnd = random.Random(20260101)
    for _ in range(300):
        body = _body(rnd)
        pieces = split_body(body)
        texts = [t for _, t in pieces]
        # every character of the body is in some chunk, in order; nothing is added
        assert re.sub(r"\s", "", "".join(texts)) == re.sub(r"\s", "", body)
        assert all(len(t) <= MAX_CHARS for t in texts) or len(body.strip()) <= MAX_CHARS
        if all(len(w) <= MAX_CHARS for w in body.split()):
            assert " ".join(texts).split() == body.split()  # no word is cut either


def test_long_section_is_split_at_sentence_boundaries():
    sentence = "Revenue excludes tax and shipping fees for every completed order in the period. "
    body = "# Revenue\n\n" + sentence * 30
    pieces = split_body(body)
    assert len(pieces) > 1
    assert all(t.rstrip().endswith(".") for _, t in pieces)
    assert all(h == ("Revenue",) for h, _ in pieces)


def test_headings_give_the_path_and_fences_are_not_headings():
    body = ("# Churn\n\n" + "Intro sentence about churn. " * 20 + "\n\n## Reactivations\n\n"
            + "Reactivations are counted as new adds. " * 20 + "\n\n```\n# comment in code\n```\n")
    pieces = split_body(body)
    paths = [h for h, _ in pieces]
    assert paths[0] == ("Churn",) and ("Churn", "Reactivations") in paths
    assert ("Churn", "Reactivations", "comment in code") not in paths
    assert ("comment in code",) not in paths


def test_short_record_is_one_chunk_carrying_every_governance_field():
    r = rev("METRIC.X.v2", "# X\n\nShort body.\n\n## More\n\nStill short.", permissions=("analysts", "finance"),
            revision=3, version="2", status="superseded", owner="Finance", effective_from="2025-01-01",
            effective_to="2025-12-31", model_ids=["model.shop.fct_x"], aliases=["ex"])
    [chunk] = chunk_record(r)
    assert chunk.chunk_id == "METRIC.X.v2#3#0" and chunk.position == 0
    assert chunk.text == r.record.body.strip()
    got = chunk.model_dump()
    for field in ("evidence_id", "entity_id", "entity_type", "title", "version", "status", "authority",
                  "effective_from", "effective_to", "content_hash", "owner"):
        assert got[field] == getattr(r.record, field), field
    assert chunk.permissions == ("analysts", "finance") and chunk.revision == 3
    assert "model.shop.fct_x" in chunk.identifiers and chunk.aliases == ("ex",)


def test_identifiers_are_kept_as_written():
    found = identifiers_in("Builds model.shop.fct_orders#amount from order_completed_at under POL-2024-17.")
    assert {"model.shop.fct_orders#amount", "model.shop.fct_orders", "order_completed_at", "pol-2024-17"} <= found
