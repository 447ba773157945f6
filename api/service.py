"""The one service layer behind the CLI, the HTTP API and the evals.

This is the only layer that reads the clock: it turns "now" and "today" into explicit `as_of`
and `known_at` values before anything below it runs.
"""
from __future__ import annotations

import json
import os
from functools import lru_cache
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Optional

from pydantic import Field, field_validator

from catalog.errors import FileFormatError, NotFoundError, UsageError, field_path

from catalog.memo import GenerationMemo
from catalog.loader import RECORD_SUFFIXES, LoadedFile, Rejected, expand, parse_file
from catalog.records import Frozen, as_utc
from catalog.store import Catalog, ImportReport
from resolver.bundle import Bundle, Requester
from agent.llm_config import LlmConfig
from agent.router import route
from resolver.bundle import ToolCall
from resolver.dates import TimeScan, find_time, scan_time
from resolver.fiscal import placed_time
from resolver.interpret import dates_inside_names, masked, read_question, read_words, reading_of
from resolver.pipeline import answer_reading

DEFAULT_CATALOG = "./.canon/catalog.db"
WORDS_SIZE = 4096  # questions whose words are kept per catalog generation (CanonService._reading)
ANSWERS_SIZE = 2048  # answer-cache entries kept in process per catalog generation (CanonService._cached_answer)
STORED_SIZE = 8192  # ids of bundles this process stored, per catalog generation (CanonService._answer)


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """A digest of the code that answers (these packages' sources): part of every answer-cache key,
    so an upgrade that changes how questions are read or resolved never serves answers the previous
    code made from a shared catalog."""
    import hashlib

    digest = hashlib.sha256()
    root = Path(__file__).resolve().parents[1]
    for package in ("api", "agent", "catalog", "lineage", "resolver"):
        for path in sorted((root / package).glob("*.py")):
            digest.update(f"{package}/{path.name}\0".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


@lru_cache(maxsize=4096)
def _time_scan(question: str) -> TimeScan:
    """scan_time is a pure function of the question: its date expressions are found once, and
    placed on each request's as_of (place_time)."""
    return scan_time(question)


def default_catalog() -> str:
    return os.environ.get("CANON_CATALOG") or DEFAULT_CATALOG


class AskRequest(Frozen):
    """One question, as the batch file, the CLI and `POST /v1/ask` give it."""

    question: str = Field(min_length=1)
    id: Optional[str] = None
    roles: list[str] = Field(default_factory=list)
    principal: Optional[str] = None
    as_of: Optional[date] = None
    known_at: Optional[datetime] = None

    @field_validator("as_of", mode="before")
    @classmethod
    def _date_only(cls, value):
        if isinstance(value, str) and len(value) != 10:
            raise ValueError(f"'{value}' is not a date (YYYY-MM-DD)")
        return value

    @field_validator("known_at")
    @classmethod
    def _utc(cls, value):
        return None if value is None else as_utc(value)


class CanonConfig(Frozen):
    """canon.yaml (or the file named by CANON_CONFIG): defaults for governance fields that an
    artifact does not state. Only what is here is configurable; unknown keys are errors."""

    dbt: dict = Field(default_factory=dict)  # DbtMappingConfig fields: default_roles, roles_by_group, ...
    documents: dict = Field(default_factory=dict)  # narrative documents: default_roles, owner, legacy_years
    llm: LlmConfig = Field(default_factory=LlmConfig)  # optional model: off unless enabled with base_url and model
    openlineage_roles: list[str] = Field(default_factory=lambda: ["analytics_readers"])


def load_config(path: Optional[str] = None) -> CanonConfig:
    path = path or os.environ.get("CANON_CONFIG") or ("canon.yaml" if os.path.exists("canon.yaml") else None)
    if not path:
        return CanonConfig()
    import yaml
    from pydantic import ValidationError

    try:
        with open(path, encoding="utf-8") as handle:
            data = yaml.safe_load(handle) or {}
        config = CanonConfig.model_validate(data)
        if config.dbt:
            from catalog.dbt_artifacts import DbtMappingConfig

            DbtMappingConfig.model_validate(config.dbt)
        return config
    except (OSError, yaml.YAMLError) as exc:
        raise UsageError(f"cannot read the configuration {path}: {exc}") from None
    except ValidationError as exc:
        err = exc.errors()[0]
        field = field_path(err)
        raise UsageError(f"{path}, field '{field}': {err['msg']}") from None


def compact_json(data: dict) -> bytes:
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")


class ServedAnswer:
    """A bundle's JSON, serialized once: stored for audit, put in the answer cache, sent over HTTP.
    As an answer-cache entry it is kept for one catalog generation (CanonService._answers), and
    served only after its evidence verifies again for the requester."""

    __slots__ = ("shown", "checked", "_body")

    def __init__(self, body: bytes, shown: dict[str, tuple[int, str]], checked: set[str]):
        self._body = body  # compact UTF-8 JSON of the bundle without its request id
        self.shown = shown  # evidence id -> (revision, content hash) of what the bundle shows
        self.checked = checked  # every id verified again before the entry is served

    @classmethod
    def of(cls, bundle: Bundle) -> "ServedAnswer":
        """A resolved bundle, serialized by pydantic-core in one pass (fields in declaration order)."""
        shown = {e.evidence_id: (e.revision, e.content_hash) for e in bundle.evidence}
        return cls(bundle.model_dump_json(exclude={"id"}).encode("utf-8"), shown, set(shown) | set(bundle.context_ids))

    @classmethod
    def parse(cls, text: str) -> "ServedAnswer":
        """An answer-cache row's payload (a ServedAnswer's text, without a request id), served as stored."""
        bundle = json.loads(text)
        shown = {e["evidence_id"]: (e["revision"], e["content_hash"]) for e in bundle["evidence"]}
        return cls(text.encode("utf-8"), shown, set(shown) | set(bundle["context_ids"]))

    @property
    def text(self) -> str:
        return self._body.decode("utf-8")

    def bundle(self, request_id: Optional[str]) -> dict:
        fresh = json.loads(self._body)  # a copy of its own: callers may change what they get
        return fresh if request_id is None else {"id": request_id, **fresh}

    def body(self, request_id: Optional[str]) -> bytes:
        if request_id is None or self._body == b"{}":
            return self._body if request_id is None else compact_json({"id": request_id})
        return b'{"id":' + json.dumps(request_id, ensure_ascii=False).encode("utf-8") + b"," + self._body[1:]


class CanonService:
    def __init__(self, catalog: Optional[str] = None, config: Optional[CanonConfig] = None):
        self.catalog = Catalog(catalog or default_catalog())
        self._config = config
        self._answers = GenerationMemo(ANSWERS_SIZE)  # answer-cache entries by key (see _cached_answer)
        self._words = GenerationMemo(WORDS_SIZE)  # what questions say besides dates, by (question, date spans)
        self._named_dates = GenerationMemo(WORDS_SIZE)  # date expressions inside names, by (question, date spans)
        self._stored = GenerationMemo(STORED_SIZE)  # bundle ids already in the catalog's bundle table

    @property
    def config(self) -> CanonConfig:
        if self._config is None:
            self._config = load_config()
        return self._config

    @property
    def llm(self):
        """The model hooks (agent/llm.py, loaded on first use)."""
        if getattr(self, "_llm", None) is None:
            from agent.llm import LlmHooks

            self._llm = LlmHooks(self.config.llm)
        return self._llm

    @staticmethod
    def now() -> datetime:
        return datetime.now(timezone.utc)

    # -- import --------------------------------------------------------------------------------

    def import_paths(self, paths: list[str], fault: Optional[str] = None) -> ImportReport:
        """Validate every file first; a file that cannot be parsed stops the import before any write.
        Narrative documents are classified (with the stored overrides) and imported as records."""
        now = self.now()
        loaded, broken = self._load(paths)
        if broken:
            self.catalog.quarantine([Rejected(p, -1, "(file)", "(file)", why, "") for p, why in broken], now)
            first = broken[0]
            more = f" (and {len(broken) - 1} more file(s))" if len(broken) > 1 else ""
            raise FileFormatError(first[0], first[1] + more + "; nothing was imported")
        legacy = []
        for relative, item in loaded:
            if item.document is not None:
                if self._document_to_record(relative, item, now):
                    legacy.append(item.records[0])
        report = self.catalog.import_files([item for _, item in loaded], [], now, fault=fault, legacy=legacy)
        self.refresh_search()
        return report

    def preview(self, paths: list[str]) -> list:
        """How each narrative document would be classified, with method and confidence per field; no writes."""
        loaded, broken = self._load(paths)
        if broken:
            raise FileFormatError(broken[0][0], broken[0][1])
        return [self._classify(relative, item.document) for relative, item in loaded if item.document is not None]

    def override(self, path: str, field: str, value, *, by: str, reason: str) -> None:
        from pydantic import ValidationError

        from catalog.classify import Override

        try:
            Override(path=path, field=field, value=value, by=by, reason=reason)
        except ValidationError as exc:
            raise UsageError(f"override of {path}: {exc.errors()[0]['msg'].removeprefix('Value error, ')}") from None
        self.catalog.add_override(path, field, value, by, reason, self.now())

    def _load(self, paths: list[str]) -> tuple[list[tuple[str, LoadedFile]], list[tuple[str, str]]]:
        loaded, broken = [], []
        for raw in paths:
            root = Path(raw) if Path(raw).is_dir() else Path(raw).parent
            for path in expand([raw]):
                try:
                    loaded.append((path.relative_to(root).as_posix(), parse_file(path)))
                except FileFormatError as err:
                    broken.append((err.path, err.reason))
        return loaded, broken

    def _overrides(self) -> list:
        from catalog.classify import Override

        return [Override(**row) for row in self.catalog.overrides()]

    def _classify(self, relative: str, document, overrides=None):
        from catalog.classify import apply_overrides, classify_document

        docs = self.config.documents
        classification = classify_document(
            relative, document.text, file_mtime=datetime.fromtimestamp(document.modified, timezone.utc),
            today=self.now().date(), legacy_years=int(docs.get("legacy_years", 7)))
        return apply_overrides(classification, self._overrides() if overrides is None else overrides)

    def _document_to_record(self, relative: str, item: LoadedFile, now: datetime) -> bool:
        """Classify a document into one record (or a quarantine entry). True when proposed as legacy."""
        from catalog.classify import to_record_fields
        from catalog.errors import RecordError
        from catalog.records import parse_record

        overrides = self._overrides()
        classification = self._classify(relative, item.document, overrides)
        docs = self.config.documents
        fields = to_record_fields(classification, overrides, {"permissions": docs.get("default_roles", ["analytics_readers"]),
                                                              "owner": docs.get("owner")})
        authority = classification.authority
        if fields["authority"] == "authoritative" and authority.method != "override" and authority.confidence < 0.9:
            fields["authority"] = "non_authoritative"  # inferred authority is a proposal until a person confirms it
        try:
            item.records.append(parse_record(fields, item.path, 0))
        except RecordError as err:
            item.rejected.append(Rejected(item.path, 0, err.record, err.field, err.reason, json.dumps(fields, default=str)))
            return False
        return bool(classification.legacy.value)

    # -- ask -----------------------------------------------------------------------------------

    cache_hits = 0

    def ask(self, request: AskRequest) -> Bundle:
        bundle, served = self._ask(request)
        return bundle if bundle is not None else Bundle.model_validate(served.bundle(request.id))

    def ask_json(self, request: AskRequest) -> dict:
        """`ask` as the bundle's JSON (what `canon ask --json` prints); a cache hit is served
        without a round trip through the model."""
        return self._ask(request)[1].bundle(request.id)

    def ask_body(self, request: AskRequest) -> bytes:
        """`ask_json` serialized as POST /v1/ask sends it (compact UTF-8 JSON, serialized once per
        answer); a cache hit is sent as stored, with the request's id put in front."""
        return self._ask(request)[1].body(request.id)

    def _ask(self, request: AskRequest) -> tuple[Optional[Bundle], "ServedAnswer"]:
        """(the resolved bundle, or None for a cache hit; the answer as served)."""
        as_of = request.as_of or self.now().date()
        roles = sorted(set(request.roles))
        key = self._cache_key(request.question, request.principal, roles, as_of, request.known_at,
                              self.config.llm.model if self.config.llm.active else None)
        generation = self.catalog.generation()
        hit = self._cached_answer(key, generation, roles, request.known_at)
        if hit is not None:
            return None, hit
        return self._answer(request.model_copy(update={"as_of": as_of}), key, generation)

    def _cached_answer(self, key: str, generation: int, roles: list[str], known_at: Optional[datetime]) -> Optional["ServedAnswer"]:
        """The answer cached under `key`: only while the catalog is at the generation it was made
        in, and only if its evidence still verifies for this requester."""
        def stored() -> Optional[ServedAnswer]:
            payload = self.catalog.cached(key, generation)
            return None if payload is None else ServedAnswer.parse(payload)

        found = self._answers.get(generation, key, stored)
        if found is None:
            return None
        verified = self.catalog.source(roles, known_at, generation).verify(found.checked)
        if any(verified.get(evidence_id) != version for evidence_id, version in found.shown.items()):
            return None
        self.cache_hits += 1
        return found

    def _answer(self, request: AskRequest, key: str, generation: int) -> tuple[Bundle, "ServedAnswer"]:
        """Resolve (request.as_of set), cache what may be cached, store the bundle for audit."""
        bundle = self._resolve_only(request, generation)
        served = ServedAnswer.of(bundle)
        cacheable = bundle.behavior.value in ("answer", "answer_with_conflict", "clarify_or_split") \
            and bool(bundle.evidence) and bundle.validation.passed
        if request.id is not None:
            bundle = bundle.model_copy(update={"id": request.id})
        # The bundle and its cache entry in one transaction. A bundle id is a digest of the question,
        # requester, time and evidence, and a stored bundle is never replaced (the first one stays):
        # an id this process stored at this generation (an abstain or deny asked again) is not written
        # again. A catalog made anew has another generation, so nothing is skipped there.
        if cacheable or self._stored.get(generation, bundle.bundle_id, lambda: None) is None:
            self.catalog.save_bundle(bundle.bundle_id, bundle.requester.principal, bundle.question,
                                     served.body(request.id).decode("utf-8"), self.now(),
                                     cache=(key, served.text, generation) if cacheable else None)
            self._stored.put(generation, bundle.bundle_id, True)
        if cacheable:
            self._answers.put(generation, key, served)  # in place of an entry whose evidence no longer verified
        return bundle, served

    @staticmethod
    def _cache_key(question: str, principal: Optional[str], roles: list[str], as_of: date, known_at: Optional[datetime],
                   model: Optional[str] = None) -> str:
        import hashlib

        # The question is kept as written: the bundle quotes it (and its id depends on it), so two
        # spellings of one question are two entries. The principal is in the bundle too.
        raw = json.dumps([question, principal, roles, as_of.isoformat(), known_at.isoformat() if known_at else None, model,
                          code_fingerprint()])
        return hashlib.sha256(raw.encode("utf-8")).hexdigest()

    def replay(self, bundle_id: str, *, against_now: bool = False) -> dict:
        """Re-resolve a stored bundle (as the catalog knew it when the bundle was made, or now) and
        report every difference."""
        stored = self.catalog.get_bundle(bundle_id)
        known_at = None if against_now else (parse_known_at(stored["known_at"]) if stored.get("known_at")
                                              else self.catalog.bundle_created_at(bundle_id))
        request = AskRequest(question=stored["question"], roles=stored["requester"]["roles"],
                             principal=stored["requester"].get("principal"), as_of=stored["as_of"], known_at=known_at)
        fresh = self._resolve_only(request).to_json()
        differences = []
        worded = any(c["rule"].startswith("worded_") for c in stored["validation"]["checks"])
        # a model's wording is not reproducible; what it rests on (behavior, evidence) is
        for field in ("behavior", "interpretation", "confidence", "gaps") + (() if worded else ("answer",)):
            if stored.get(field) != fresh.get(field):
                differences.append({"field": field, "stored": stored.get(field), "replayed": fresh.get(field)})
        key = lambda e: (e["evidence_id"], e["role"], e["revision"], e["content_hash"])
        if sorted(map(key, stored["evidence"])) != sorted(map(key, fresh["evidence"])):
            differences.append({"field": "evidence", "stored": sorted(map(key, stored["evidence"])),
                                "replayed": sorted(map(key, fresh["evidence"]))})
        return {"bundle_id": bundle_id, "replayed_known_at": known_at.isoformat() if known_at else "now",
                "identical": not differences, "differences": differences}

    def _resolve_only(self, request: AskRequest, generation: Optional[int] = None) -> Bundle:
        """Resolve a request (as_of set). With the catalog `generation` the caller read, the
        catalog's statements are answered from that generation's read memo and the words of the
        question are reused (see _reading); neither depends on the requester beyond the roles and
        known_at the statements carry."""
        requester = Requester(principal=request.principal, roles=sorted(set(request.roles)))
        source = self.catalog.source(requester.roles, request.known_at, generation)
        llm = self.llm if self.config.llm.active else None  # off: the deterministic path never loads the model code
        if llm is not None:
            reading = llm.read(request.question, request.as_of, self.catalog.names(generation), source)
        else:
            reading = self._reading(request.question, request.as_of, generation, source)
        known_at = request.known_at
        if known_at is None and reading.time.known_on is not None:
            # "what did the catalog say on 2026-02-01 about ...": the catalog as it stood at the end of that day
            day = reading.time.known_on
            known_at = datetime(day.year, day.month, day.day, 23, 59, 59, tzinfo=timezone.utc)
            source = self.catalog.source(requester.roles, known_at, generation)
        return answer_reading(reading, requester=requester, as_of=request.as_of,
                              known_at=known_at.isoformat().replace("+00:00", "Z") if known_at else None,
                              source=source,
                              wording=llm.wording if llm else None,
                              route=ToolCall(name="route", args=route(reading).model_dump(), result_ids=[]))

    def forget_memos(self) -> None:
        """Drop every in-process memo (answer-cache entries, question words, read statements): the next
        ask costs what the first ask after a write costs (benchmarks)."""
        self._answers.clear()
        self._words.clear()
        self._named_dates.clear()
        self._stored.clear()
        self.catalog.forget_reads()

    def _reading(self, question: str, as_of: date, generation: Optional[int], source):
        """read_question, with the question's words (all of the reading but its time and intent)
        kept for the catalog generation: they depend on the question, the spans of its date
        expressions and the catalog's names, not on as_of."""
        if generation is None:
            return read_question(question, as_of, self.catalog.names(), source)
        time, calendar = placed_time(_time_scan(question), as_of, source, question)  # a TimeFinding of this reading's own
        if time.spans:
            inside = self._named_dates.get(generation, (question, tuple(time.spans)),
                                     lambda: dates_inside_names(question, tuple(time.spans), self.catalog.names(generation)))
            if inside:
                time, calendar = placed_time(_time_scan(masked(question, inside)), as_of, source, question)
        words = self._words.get(generation, (question, tuple(time.spans)),
                                lambda: read_words(question, time.spans, self.catalog.names(generation)))
        return reading_of(question, time, words, as_of, calendar)

    def bundle(self, bundle_id: str) -> dict:
        return self.catalog.get_bundle(bundle_id)

    def bundle_for(self, bundle_id: str, *, principal: Optional[str], roles: list[str]) -> dict:
        """A stored bundle, for its own requester or for anyone who may retrieve all it shows."""
        bundle = self.catalog.get_bundle(bundle_id)
        if bundle["requester"].get("principal") == principal and principal is not None:
            return bundle
        shown = {e["evidence_id"] for e in bundle["evidence"]} | set(bundle["context_ids"])
        if shown - set(self.catalog.source(roles, None).verify(shown)):
            raise NotFoundError(f"no bundle '{bundle_id}' is retrievable with your roles")
        return bundle

    def record(self, evidence_id: str, *, roles: list[str]) -> dict:
        """The live revision of a record, if the caller may retrieve it (else: not found)."""
        source = self.catalog.source(roles, None)
        found = source.records_for_nodes([evidence_id]).get(evidence_id, [])
        rev = next((r for r in found if r.evidence_id == evidence_id), None)
        if rev is None:
            raise NotFoundError(f"no record '{evidence_id}' is retrievable with your roles")
        return {**rev.record.contract_dict(), "revision": rev.revision, "revision_recorded_at": rev.recorded_at.isoformat()}

    def resolve_entity(self, entity_id: str, *, day: Optional[date], roles: list[str], principal: Optional[str] = None) -> dict:
        """Which record of an entity applies on a date: the resolver on a structured request."""
        from resolver.pipeline import answer_reading, entity_reading

        as_of = day or self.now().date()
        requester = Requester(principal=principal, roles=sorted(set(roles)))
        bundle = answer_reading(entity_reading(entity_id, as_of), requester=requester, as_of=as_of, known_at=None,
                                source=self.catalog.source(requester.roles, None))
        data = bundle.to_json()
        self.catalog.save_bundle(bundle.bundle_id, principal, bundle.question, compact_json(data).decode("utf-8"), self.now())
        return data

    # -- search --------------------------------------------------------------------------------

    def refresh_search(self, written: Optional[dict] = None) -> None:
        """Bring the search indexes in line with the catalog, in the same command as the write.
        The catalog stays the authority either way: every hit is re-checked against it.
        `written`: revisions this command just stored, by evidence id (reused, not read back)."""
        from catalog.search import available

        # once the indexes exist every write keeps them current; the first search builds them
        if available() and os.environ.get("CANON_SEARCH", "on") != "off" and self.catalog.search.exists():
            self.catalog.search.refresh(written=written)

    def search(self, query: str, *, roles: list[str], as_of: Optional[date] = None, mode: str = "governed",
               limit: int = 10, known_at: Optional[datetime] = None) -> dict:
        day = as_of or self.now().date()
        time = find_time(query, day)
        period = (time.period.start, time.period.end) if time.period else None
        source = self.catalog.source(roles, known_at)
        result = self.catalog.search.search(query, source, as_of=time.reporting_date or day, period=period, mode=mode, limit=limit)
        return result.model_dump(mode="json")

    def reindex(self) -> dict:
        report = self.catalog.search.rebuild()
        return report.model_dump(mode="json")

    # -- quarantine ----------------------------------------------------------------------------

    def quarantine_list(self, status: Optional[str] = None) -> list[dict]:
        rows = self.catalog.quarantined()
        return [r for r in rows if status is None or r["status"] == status]

    def quarantine_show(self, item_id: int) -> dict:
        return self.catalog.quarantine_item(item_id)

    def quarantine_retry(self, item_id: int) -> dict:
        """Re-read a quarantined record from its file (after the file was fixed) and import it if valid now."""
        from catalog.loader import parse_file

        item = self.catalog.quarantine_item(item_id)
        if item["status"] != "open":
            raise UsageError(f"quarantine item #{item_id} is already {item['status']}")
        path = item["path"]
        if not os.path.isfile(path) or os.path.splitext(path)[1].lower() not in RECORD_SUFFIXES:
            raise UsageError(f"quarantine item #{item_id} came from {path}, which is not a record file here; "
                             "fix the artifact and run `canon sync` again")
        try:
            loaded = parse_file(Path(path))
        except FileFormatError as err:
            return {"resolved": False, "message": f"still rejected: {err}"}
        if item["record_index"] < 0:
            report = self.catalog.import_files([loaded], [], self.now())
            self.catalog.resolve_quarantine(item_id, self.now())
            return {"resolved": True, "message": f"{path} now parses: {report.added} added, {report.revised} revised"}
        still = [r for r in loaded.rejected if r.index == item["record_index"]]
        if still:
            return {"resolved": False, "message": f"still rejected: {still[0].message}"}
        if item["record_index"] >= len(loaded.records) + len(loaded.rejected):
            return {"resolved": False, "message": f"{path} no longer has record #{item['record_index'] + 1}"}
        wanted = [r for i, r in enumerate(self._valid_in_order(loaded)) if i == item["record_index"]]
        subset = type(loaded)(path=loaded.path, content_hash=loaded.content_hash, records=wanted)
        report = self.catalog.import_files([subset], [], self.now())
        self.catalog.resolve_quarantine(item_id, self.now())
        self.refresh_search()
        return {"resolved": True, "message": f"record #{item['record_index'] + 1} of {path} imported "
                                              f"({report.added} added, {report.revised} revised)"}

    @staticmethod
    def _valid_in_order(loaded) -> list:
        """Records of a file by their position in it (None where a record was rejected)."""
        rejected = {r.index for r in loaded.rejected}
        valid = iter(loaded.records)
        return [None if i in rejected else next(valid) for i in range(len(loaded.records) + len(loaded.rejected))]

    # -- governance ----------------------------------------------------------------------------

    def review_list(self, status: Optional[str] = None) -> list[dict]:
        from catalog.review_store import list_items

        return list_items(self.catalog, status)

    def review_show(self, item_id: int) -> dict:
        from catalog.review_store import show_item

        return show_item(self.catalog, item_id)

    def review_decide(self, item_id: int, action: str, *, reviewer: str, rationale: str, winner: Optional[str] = None,
                      valid_from: Optional[date] = None, valid_to: Optional[date] = None) -> dict:
        from catalog.review_store import decide

        result = decide(self.catalog, item_id, action, reviewer=reviewer, rationale=rationale, now=self.now(), winner=winner,
                        valid_from=valid_from, valid_to=valid_to)
        self.refresh_search()
        return result

    def review_revert(self, decision_id: int, *, reviewer: str, reason: str) -> dict:
        from catalog.review_store import revert

        result = revert(self.catalog, decision_id, reviewer=reviewer, reason=reason, now=self.now())
        self.refresh_search()
        return result

    # -- dbt and OpenLineage -------------------------------------------------------------------

    def sync_dbt(self, path: str, progress=None, config=None, synced_at: Optional[datetime] = None):
        """Sync a dbt target/ folder or manifest. `synced_at` backfills a historical artifact."""
        from catalog.dbt_artifacts import read_dbt
        from catalog.sync import sync_dbt

        from catalog.dbt_artifacts import DbtMappingConfig

        now = self.now()
        config = config or DbtMappingConfig.model_validate(self.config.dbt)
        batch = read_dbt(path, config=config, synced_at=synced_at or now)
        written: dict = {}
        report = sync_dbt(self.catalog, batch, path, now, progress=progress, written=written)
        del batch
        self.refresh_search(written)
        return report

    def sync_openlineage(self, paths: list[str]):
        from catalog.openlineage_events import read_openlineage
        from catalog.sync import sync_openlineage

        now = self.now()
        missing = [p for p in paths if not os.path.exists(p)]
        if missing:
            raise FileFormatError(missing[0], "no such file or folder")
        batch = read_openlineage(paths, received_at=now)
        report = sync_openlineage(self.catalog, batch, ", ".join(paths), now, roles=tuple(self.config.openlineage_roles))
        self.refresh_search()
        return report

    def ingest_openlineage_events(self, events: list, source: str = "(http)"):
        from catalog.openlineage_events import read_openlineage_payloads
        from catalog.sync import sync_openlineage

        now = self.now()
        batch = read_openlineage_payloads(events, source=source, received_at=now)
        report = sync_openlineage(self.catalog, batch, source, now, roles=tuple(self.config.openlineage_roles))
        self.refresh_search()
        return report

    def lineage(self, node: str, *, direction: str = "both", depth: int = 0, at: Optional[date] = None,
                roles: Optional[list[str]] = None, types: Optional[list[str]] = None) -> dict:
        from catalog.records import end_of
        from lineage.query import default_description, lineage_json

        source = self.catalog.source(roles or [], None)
        view = source.lineage(walk_in_store=True)
        if node not in view.graph:
            raise NotFoundError(f"no lineage node '{node}' in the catalog; name a dbt unique_id (model.pkg.name), "
                                "an OpenLineage dataset (namespace:name) or a record id that states edges")
        if not view.node_allowed(node):
            raise NotFoundError(f"lineage node '{node}' is not retrievable with roles {sorted(roles or [])}")
        described: dict[str, tuple[str, str]] = {}

        def describe(n: str) -> tuple[str, str]:
            return described.get(n) or default_description(n)

        result = lineage_json(view, node, direction=direction, depth=depth, at=end_of(at or self.now().date()),
                              types=types, describe=describe)
        records = source.records_for_nodes([n["unique_id"] for n in result["nodes"]])
        for n in result["nodes"]:
            revs = records.get(n["unique_id"])
            if revs:
                rec = max(revs, key=lambda r: r.revision).record
                n["name"] = rec.title
        return result


def parse_as_of(value: Optional[str], option: str = "--as-of") -> Optional[date]:
    if value is None:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise UsageError(f"{option} '{value}' is not a date; write it as YYYY-MM-DD") from None


def parse_known_at(value: Optional[str], option: str = "--known-at") -> Optional[datetime]:
    if value is None:
        return None
    try:
        return as_utc(datetime.fromisoformat(value.replace("Z", "+00:00")))
    except ValueError:
        raise UsageError(f"{option} '{value}' is not a datetime; write it as YYYY-MM-DDTHH:MM:SSZ") from None
