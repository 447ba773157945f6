"""Values computed at one catalog generation, kept until the catalog moves on.

Every write bumps the catalog's generation in the same transaction as its changes, so anything
computed only from what the catalog holds is a function of (generation, inputs). A GenerationMemo
keeps such values for the last generation it was asked about and forgets them all when another
one comes (requests that straddle a write may make it start over: a cost, never a wrong value);
it holds at most `limit` values (the oldest go first). Thread-safe.
"""
from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class GenerationMemo(Generic[V]):
    def __init__(self, limit: int):
        self.limit = limit
        self.generation = -1
        self._values: dict[Hashable, V] = {}
        self._lock = threading.Lock()

    def get(self, generation: int, key: Hashable, compute: Callable[[], V]) -> V:
        """The value of `key` at `generation`, computed (outside the lock) when not kept."""
        with self._lock:
            if generation != self.generation:
                self.generation, self._values = generation, {}
            values = self._values
        found = values.get(key)
        if found is not None:
            return found
        value = compute()
        if value is not None:
            self._keep(values, key, value)
        return value

    def put(self, generation: int, key: Hashable, value: V) -> None:
        """Keep `value` for `key` at `generation` (replacing what was kept)."""
        with self._lock:
            if generation != self.generation:
                self.generation, self._values = generation, {}
            values = self._values
        self._keep(values, key, value)

    def _keep(self, values: dict, key: Hashable, value: V) -> None:
        with self._lock:
            if values is self._values:  # not dropped for another generation meanwhile
                if key not in values and len(values) >= self.limit:
                    values.pop(next(iter(values)))
                values[key] = value

    def clear(self) -> None:
        with self._lock:
            self._values = {}

    def __len__(self) -> int:
        return len(self._values)
