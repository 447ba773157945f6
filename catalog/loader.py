"""Read record files (YAML, JSON, JSON Lines, Markdown with front matter) into validated records.

A file that cannot be parsed at all raises FileFormatError; a record that breaks the contract
becomes a Rejected entry (file, record, field, reason) and the rest of the file still loads.
"""
from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from catalog.errors import FileFormatError, RecordError
from catalog.records import EvidenceRecord, parse_record

RECORD_SUFFIXES = {".yaml", ".yml", ".json", ".jsonl", ".ndjson", ".md", ".markdown", ".txt"}
DOCUMENT_SUFFIXES = {".md", ".markdown", ".txt"}


@dataclass(frozen=True)
class Rejected:
    path: str
    index: int
    record: str
    field: str
    reason: str
    raw: str

    @property
    def message(self) -> str:
        return f"{self.path}, record {self.record}, field '{self.field}': {self.reason}"


@dataclass(frozen=True)
class Document:
    """A narrative document (Markdown or text without an evidence_id in its front matter): it is
    classified (catalog/classify.py) before it becomes a record."""

    path: str
    text: str
    modified: float


@dataclass
class LoadedFile:
    path: str
    content_hash: str
    records: list[EvidenceRecord] = field(default_factory=list)
    rejected: list[Rejected] = field(default_factory=list)
    document: Optional[Document] = None


def expand(paths: list[str]) -> list[Path]:
    """Files named, and record files inside folders named (sorted, hidden files skipped)."""
    out: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            for root, dirs, files in os.walk(p):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                out += [Path(root) / f for f in sorted(files) if Path(f).suffix.lower() in RECORD_SUFFIXES and not f.startswith(".")]
        elif p.is_file():
            out.append(p)
        else:
            raise FileFormatError(raw, "no such file or folder")
    return out


def _yaml(text: str, path: str) -> Any:
    import yaml  # only files being read need it; `canon ask` does not

    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise FileFormatError(path, f"malformed YAML{where}: {problem}") from None


def _records_of(data: Any, path: str) -> list[Any]:
    if isinstance(data, dict) and "records" in data:
        data = data["records"]
        if not isinstance(data, list):
            raise FileFormatError(path, "'records' must be a list of records")
    elif isinstance(data, dict):
        data = [data]
    if data is None:
        return []
    if not isinstance(data, list):
        raise FileFormatError(path, "expected a list of records or a mapping with a 'records' list")
    return data


def _is_record_markdown(text: str, path: str) -> bool:
    """Markdown whose front matter names an evidence_id is a record; anything else is a document."""
    if not text.startswith("---"):
        return False
    front = text[3:].split("\n---", 1)[0]
    import yaml

    try:
        data = yaml.safe_load(front)
    except yaml.YAMLError:
        return True  # broken front matter: reported as a broken record, never silently reclassified
    return isinstance(data, dict) and "evidence_id" in data


def _markdown(text: str, path: str) -> list[Any]:
    if not text.startswith("---"):
        raise FileFormatError(path, "a Markdown record needs YAML front matter between '---' lines")
    parts = text.split("\n---", 1)
    if len(parts) != 2:
        raise FileFormatError(path, "the YAML front matter is not closed by a '---' line")
    front = _yaml(parts[0][3:], path)
    if not isinstance(front, dict):
        raise FileFormatError(path, "the front matter must be a mapping of record fields")
    body = parts[1].split("\n", 1)[1] if "\n" in parts[1] else ""
    front.setdefault("body", body.strip("\n"))
    return [front]


def parse_file(path: Path) -> LoadedFile:
    raw = path.read_bytes()
    name = str(path)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FileFormatError(name, "not UTF-8 text") from None
    suffix = path.suffix.lower()
    if suffix in (".jsonl", ".ndjson"):
        items = []
        for number, line in enumerate(text.splitlines(), 1):
            if line.strip():
                try:
                    items.append(json.loads(line))
                except json.JSONDecodeError as exc:
                    raise FileFormatError(name, f"malformed JSON on line {number}: {exc.msg}") from None
    elif suffix == ".json":
        try:
            items = _records_of(json.loads(text), name)
        except json.JSONDecodeError as exc:
            raise FileFormatError(name, f"malformed JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    elif suffix in DOCUMENT_SUFFIXES:
        if not _is_record_markdown(text, name):
            return LoadedFile(path=name, content_hash=hashlib.sha256(raw).hexdigest(),
                              document=Document(name, text, path.stat().st_mtime))
        items = _markdown(text, name)
    elif suffix in (".yaml", ".yml"):
        items = _records_of(_yaml(text, name), name)
    else:
        raise FileFormatError(name, f"unsupported file type '{suffix}' (use .yaml, .json, .jsonl or .md)")

    loaded = LoadedFile(path=name, content_hash=hashlib.sha256(raw).hexdigest())
    seen: dict[str, int] = {}
    for index, item in enumerate(items):
        try:
            record = parse_record(item, name, index)
        except RecordError as err:
            loaded.rejected.append(Rejected(name, index, err.record, err.field, err.reason, _dump(item)))
            continue
        if record.evidence_id in seen:
            loaded.rejected.append(Rejected(
                name, index, f"#{index + 1} ({record.evidence_id})", "evidence_id",
                f"repeats the evidence_id of record #{seen[record.evidence_id] + 1} in the same file", _dump(item)))
            continue
        seen[record.evidence_id] = index
        loaded.records.append(record)
    return loaded


def _dump(item: Any) -> str:
    return json.dumps(item, default=str, ensure_ascii=False, sort_keys=True)
