"""Bulk builds (a parsed dbt manifest, a whole lineage graph) allocate millions of small objects
that form no reference cycles. With the cyclic collector running, each of its passes during the
build re-traverses everything built so far, so the collector is paused for the build and
resumed (as it was) afterwards."""
from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
