"""What a text-index hit returns, kept beside the tantivy index in an append-only payload file.

Each indexed chunk's payload (the hit's governance fields as one JSON object) is appended to the
file of the store's current generation, and the tantivy document holds the payload's address as
a numeric fast field: generation, offset and length packed in one integer. A search reads the
addresses of its hits from the fast field in one call and slices the payloads out of the
memory-mapped file: no statement, no copy per page.

Safety:
* Payloads are written and fsynced before the tantivy commit that refers to them; a crash in
  between leaves bytes nothing refers to, never a document without its payload.
* A file is only ever appended to. Replaced or deleted chunks leave their bytes behind (garbage,
  counted against the live documents: `garbage_high`), until a rebuild starts a new generation
  and deletes the old file. A reader of the previous index generation that has the old file
  mapped keeps reading it; one that has not finds no file and leaves the hit out. Files are
  never truncated, so a mapped file never shrinks under a reader.
* Appends from several processes are serialized by an exclusive lock on the generation's file.
"""
from __future__ import annotations

import fcntl
import json
import mmap
import os
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Optional

from catalog.errors import InputError

_GEN_BITS, _OFFSET_BITS, _LENGTH_BITS = 12, 32, 20
MAX_PAYLOAD = (1 << _LENGTH_BITS) - 1  # 1 MB: a hit payload is governance fields, a few hundred bytes
MAX_FILE = (1 << _OFFSET_BITS) - 1  # 4 GB of payloads a generation
# a rebuild is due when the payload file holds more garbage than this beyond the live payloads
GARBAGE_SLACK = 64_000_000


def address(generation: int, offset: int, length: int) -> int:
    return (generation << (_OFFSET_BITS + _LENGTH_BITS)) | (offset << _LENGTH_BITS) | length


def unpack(addr: int) -> tuple[int, int, int]:
    return addr >> (_OFFSET_BITS + _LENGTH_BITS), (addr >> _LENGTH_BITS) & MAX_FILE, addr & MAX_PAYLOAD


class PayloadTooLarge(InputError):
    """A record whose hit payload (its governance fields) will not fit an address."""


class HitStore:
    """Hit payloads in `folder` (created when missing): `current` names the generation in use,
    `<generation>.bin` holds its payloads, `<generation>.json` what was appended to it."""

    def __init__(self, folder: str | os.PathLike):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self._maps: dict[int, mmap.mmap] = {}
        self._files: dict[int, object] = {}
        self._lock = threading.Lock()
        if not (self.folder / "current").exists():
            self._set_current(0)

    # -- generations ----------------------------------------------------------------------------

    def current(self) -> int:
        return int((self.folder / "current").read_text().strip())

    def _set_current(self, generation: int) -> None:
        tmp = self.folder / "current.tmp"
        tmp.write_text(str(generation))
        os.replace(tmp, self.folder / "current")

    def _path(self, generation: int) -> Path:
        return self.folder / f"{generation}.bin"

    def _stats(self, generation: int) -> dict:
        path = self.folder / f"{generation}.json"
        return json.loads(path.read_text()) if path.exists() else {"payloads": 0, "bytes": 0}

    # -- writing --------------------------------------------------------------------------------

    def add(self, payloads: Iterable[bytes]) -> list[int]:
        """Append the payloads to the current generation's file, durably; their addresses, in order."""
        generation = self.current()
        blobs = list(payloads)
        for blob in blobs:
            if len(blob) > MAX_PAYLOAD:
                raise PayloadTooLarge(f"a hit payload of {len(blob)} bytes is over the {MAX_PAYLOAD}-byte limit: "
                                      "shorten the record's title, or its permissions list")
        with open(self._path(generation), "ab") as fh:
            fcntl.flock(fh, fcntl.LOCK_EX)
            try:
                offset = fh.seek(0, os.SEEK_END)
                out = []
                for blob in blobs:
                    out.append(address(generation, offset, len(blob)))
                    offset += len(blob)
                if offset > MAX_FILE:
                    raise PayloadTooLarge(f"the payload file {self._path(generation)} would pass 4 GB: run canon reindex")
                fh.write(b"".join(blobs))
                fh.flush()
                os.fsync(fh.fileno())
                stats = self._stats(generation)
                stats = {"payloads": stats["payloads"] + len(blobs), "bytes": offset}
                tmp = self.folder / f"{generation}.json.tmp"
                tmp.write_text(json.dumps(stats))
                os.replace(tmp, self.folder / f"{generation}.json")
            finally:
                fcntl.flock(fh, fcntl.LOCK_UN)
        return out

    def clear(self) -> None:
        """Start a new, empty generation (a rebuild) and delete the files of the others."""
        old = self.current()
        new = (old + 1) % (1 << _GEN_BITS)
        self._path(new).write_bytes(b"")
        (self.folder / f"{new}.json").write_text(json.dumps({"payloads": 0, "bytes": 0}))
        self._set_current(new)
        with self._lock:  # no close: a reader of the previous index generation may still be slicing a map
            self._maps = {g: m for g, m in self._maps.items() if g == new}
            self._files = {g: f for g, f in self._files.items() if g == new}
        for path in self.folder.iterdir():
            stem = path.name.split(".", 1)[0]
            if stem.isdigit() and int(stem) != new:
                path.unlink(missing_ok=True)

    def garbage_high(self, live_payloads: int) -> bool:
        """Whether the current file holds more replaced or deleted payloads than live ones (and
        GARBAGE_SLACK bytes of them): then a rebuild (canon reindex) is worth its cost."""
        stats = self._stats(self.current())
        if not stats["payloads"]:
            return False
        live_bytes = stats["bytes"] * min(1.0, live_payloads / stats["payloads"])
        garbage = stats["bytes"] - live_bytes
        return garbage > live_bytes and garbage > GARBAGE_SLACK

    def size(self) -> int:
        """Bytes in the current generation's file."""
        path = self._path(self.current())
        return path.stat().st_size if path.exists() else 0

    # -- reading --------------------------------------------------------------------------------

    def _map(self, generation: int, end: int) -> Optional[mmap.mmap]:
        """The generation's file mapped up to at least `end` (appends grow it: mapped again then)."""
        mapped = self._maps.get(generation)
        if mapped is not None and len(mapped) >= end:
            return mapped
        with self._lock:
            mapped = self._maps.get(generation)
            if mapped is not None and len(mapped) >= end:
                return mapped
            try:
                fh = self._files.get(generation) or open(self._path(generation), "rb")
            except FileNotFoundError:
                return None  # a rebuild since this reader's index generation: its hits are left out
            self._files[generation] = fh
            size = os.fstat(fh.fileno()).st_size
            if size < end:
                return None
            self._maps[generation] = mmap.mmap(fh.fileno(), size, access=mmap.ACCESS_READ)
            return self._maps[generation]

    def read(self, addresses: list[int]) -> dict[int, bytes]:
        """The payloads at these addresses that exist, by address."""
        out: dict[int, bytes] = {}
        for addr in addresses:
            generation, offset, length = unpack(addr)
            mapped = self._map(generation, offset + length)
            if mapped is not None:
                out[addr] = mapped[offset:offset + length]
        return out

    def close(self) -> None:
        with self._lock:
            for mapped in self._maps.values():
                mapped.close()
            for fh in self._files.values():
                fh.close()
            self._maps.clear()
            self._files.clear()
