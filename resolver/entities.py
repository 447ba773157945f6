"""Entity resolution over entity ids, titles and aliases.

Names are matched as token sequences of the question: case- and accent-insensitive, with one
typo tolerated per name (in a word of five or more letters). The longest matched span wins, so
the exact name "revenue" is never taken for "recurring revenue", and "recurring revenue" beats
"revenue" when the question says it.
"""
from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from resolver.text import edit_distance_at_most_one, fold, tokens

# Words that say what kind of thing a title describes, not which thing: stripped from the ends
# of titles to get the name people use ("Revenue metric v1" -> "revenue").
_KIND_WORDS = {
    "metric", "metrics", "definition", "definitions", "model", "schema", "draft", "proposal", "policy",
    "page", "doc", "document", "wiki", "note", "spec", "specification", "the", "a", "an", "of",
    "metrika", "definice", "navrh", "koncept", "stranka", "dokument", "poznamka",
}
_VERSION = re.compile(r"^(?:v\d+[a-z0-9-]*|\d+(?:-draft)?|version|verze)$")
_MAX_NAME_TOKENS = 8


def name_forms(name: str) -> set[str]:
    """The token sequences under which a name is matched."""
    toks = tokens(name)
    forms = {" ".join(toks)} if toks else set()
    core = list(toks)
    changed = True
    while core and changed:
        changed = False
        for end in (0, -1):
            if core and (core[end] in _KIND_WORDS or _VERSION.match(core[end])):
                core.pop(end)
                changed = True
    if core:
        forms.add(" ".join(core))
    # identifiers written with underscores are also matched as words ("fct_revenue" ~ "fct revenue")
    for form in list(forms):
        if "_" in form and "." not in form:
            forms.add(form.replace("_", " "))
    return {f for f in forms if f}


@dataclass(frozen=True)
class Match:
    start: int  # token index in the question
    end: int  # exclusive
    entity_ids: frozenset[str]
    exact: bool
    name: str

    @property
    def length(self) -> int:
        return self.end - self.start


@dataclass
class EntityIndex:
    """name form -> entity ids; built from (name, entity_id) pairs of records."""

    by_form: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    _vocab: set[str] = field(default_factory=set)
    _forms_by_word: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    _deletes: dict[str, set[str]] | None = None

    @classmethod
    def build(cls, names: Iterable[tuple[str, str]]) -> "EntityIndex":
        index = cls()
        for name, entity_id in names:
            index.add(name, entity_id)
        return index

    def add(self, name: str, entity_id: str) -> None:
        for form in name_forms(name):
            self.add_form(form, entity_id)

    def add_form(self, form: str, entity_id: str) -> None:
        """Add an already normalized name form (see name_forms)."""
        toks = form.split(" ")
        if len(toks) > _MAX_NAME_TOKENS:
            return
        self.by_form[form].add(entity_id)
        self._vocab.update(toks)
        for tok in toks:
            self._forms_by_word[tok].add(form)
        self._deletes = None

    def matches(self, question_tokens: list[str]) -> list[Match]:
        """Every span of the question that is a name, exact or with one typo."""
        found: list[Match] = []
        n = len(question_tokens)
        for i in range(n):
            for j in range(i + 1, min(n, i + _MAX_NAME_TOKENS) + 1):
                form = " ".join(question_tokens[i:j])
                ids = self.by_form.get(form)
                if ids:
                    found.append(Match(i, j, frozenset(ids), True, form))
        found.extend(self._typo_matches(question_tokens, found))
        return found

    def _typo_matches(self, q: list[str], exact: list[Match]) -> list[Match]:
        covered = {k for m in exact for k in range(m.start, m.end)}
        out: list[Match] = []
        for i, tok in enumerate(q):
            if len(tok) < 5 or i in covered:
                continue
            # candidate vocabulary words one edit away from this question word
            for word in self._near(tok):
                if word == tok:
                    continue
                for form in self._forms_containing(word):
                    toks = form.split(" ")
                    pos = toks.index(word)
                    start = i - pos
                    end = start + len(toks)
                    if start < 0 or end > len(q):
                        continue
                    window = q[start:end]
                    if all(a == b for k, (a, b) in enumerate(zip(window, toks)) if k != pos):
                        out.append(Match(start, end, frozenset(self.by_form[form]), False, form))
        return out

    def _near(self, tok: str) -> list[str]:
        # symmetric-delete lookup: words sharing a one-deletion variant, then verified
        if self._deletes is None:
            self._deletes = defaultdict(set)
            for word in self._vocab:
                if len(word) >= 4:
                    for variant in _one_deletions(word):
                        self._deletes[variant].add(word)
        candidates: set[str] = set()
        for variant in _one_deletions(tok):
            candidates |= self._deletes.get(variant, set())
        return sorted(w for w in candidates if edit_distance_at_most_one(tok, w))

    def _forms_containing(self, word: str) -> list[str]:
        return sorted(self._forms_by_word.get(word, ()))


def _one_deletions(word: str) -> set[str]:
    return {word} | {word[:i] + word[i + 1 :] for i in range(len(word))}


def best_matches(matches: list[Match]) -> list[Match]:
    """Maximal munch: drop every match whose span lies inside a longer (or exact, equal) one."""
    kept: list[Match] = []
    for m in sorted(matches, key=lambda m: (-m.length, not m.exact, m.start)):
        if any(k.start <= m.start and m.end <= k.end for k in kept):
            continue
        kept.append(m)
    return sorted(kept, key=lambda m: m.start)


def normalized_question(question: str) -> list[str]:
    return tokens(fold(question))
