"""`canon` — the command line. Each command is a few lines over api.service.

Exit status: 0 success, 1 a refused or failed operation, 2 a usage error. Errors go to stderr in
one sentence; `--json` output goes to stdout alone.
"""
from __future__ import annotations

import argparse
import json
from datetime import date as date_type
import os
import sys
from typing import Optional

from catalog.errors import CanonError, InputError, UsageError, field_path


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # usage errors: one sentence, exit 2
        sys.stderr.write(f"canon: {message} (see `canon {self.prog.split(' ', 1)[-1]} --help`)\n"
                         if " " in self.prog else f"canon: {message} (see `canon --help`)\n")
        sys.exit(2)


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--catalog", help="SQLAlchemy URL or SQLite file path (default: $CANON_CATALOG or ./.canon/catalog.db)")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="canon", description="A governed metadata resolver for analytics documentation.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser("import", help="import evidence records (yaml, json, jsonl, md files or folders)")
    p.add_argument("paths", nargs="+")
    p.add_argument("--preview", action="store_true",
                   help="show how narrative documents would be classified (method, confidence); write nothing")
    p.add_argument("--json", action="store_true")
    _common(p)

    p = sub.add_parser("override", help="override an inferred field of a narrative document for future imports")
    p.add_argument("path", help="the document's path as the preview shows it")
    p.add_argument("assignments", nargs="+", metavar="FIELD=VALUE")
    p.add_argument("--by", required=True)
    p.add_argument("--why", required=True)
    _common(p)

    p = sub.add_parser("ask", help="ask a question; prints the evidence bundle")
    p.add_argument("question", nargs="?")
    p.add_argument("--batch", metavar="FILE.jsonl", help="one request a line; one bundle a line out")
    p.add_argument("--role", action="append", default=[], dest="roles")
    p.add_argument("--principal")
    p.add_argument("--as-of")
    p.add_argument("--known-at")
    p.add_argument("--json", action="store_true")
    _common(p)

    p = sub.add_parser("sync", help="sync dbt artifacts or OpenLineage events into the catalog")
    kinds = p.add_subparsers(dest="kind", required=True, parser_class=_Parser)
    d = kinds.add_parser("dbt", help="a dbt target/ folder or a manifest.json")
    d.add_argument("path")
    d.add_argument("--synced-at", help="record this artifact as synced at DATETIME (backfilling history); default now")
    d.add_argument("--json", action="store_true")
    _common(d)
    o = kinds.add_parser("openlineage", help="OpenLineage events: .json or .ndjson files or folders")
    o.add_argument("paths", nargs="+")
    o.add_argument("--json", action="store_true")
    _common(o)

    p = sub.add_parser("lineage", help="the lineage graph around a node (dbt unique_id, dataset, record id)")
    p.add_argument("node")
    way = p.add_mutually_exclusive_group()
    way.add_argument("--upstream", dest="direction", action="store_const", const="upstream")
    way.add_argument("--downstream", dest="direction", action="store_const", const="downstream")
    p.add_argument("--depth", type=int, default=0, help="0 = all (default)")
    p.add_argument("--at", help="lineage as of this date (YYYY-MM-DD); default today")
    p.add_argument("--type", action="append", dest="types", help="only nodes of this resource type (repeatable)")
    p.add_argument("--role", action="append", default=[], dest="roles")
    p.add_argument("--json", action="store_true")
    _common(p)

    p = sub.add_parser("serve", help="serve the HTTP API (contract.md §4)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--keys", help="API keys file (YAML); default $CANON_API_KEYS")
    _common(p)

    p = sub.add_parser("mcp", help="serve the tools over MCP (stdio); the requester is the key in $CANON_API_KEY")
    p.add_argument("--keys", help="API keys file (YAML), as for serve; default $CANON_API_KEYS")
    _common(p)

    p = sub.add_parser("search", help="discovery search (tantivy + MiniLM, fused) inside your permissions")
    p.add_argument("query")
    p.add_argument("--role", action="append", default=[], dest="roles")
    p.add_argument("--mode", choices=["governed", "hybrid", "text", "vector"], default="governed")
    p.add_argument("--limit", type=int, default=10)
    p.add_argument("--as-of")
    p.add_argument("--json", action="store_true")
    _common(p)

    p = sub.add_parser("reindex", help="rebuild the text and vector indexes from the catalog")
    _common(p)

    p = sub.add_parser("replay", help="re-resolve a stored bundle and report any difference")
    p.add_argument("bundle_id")
    p.add_argument("--now", action="store_true", help="against the catalog as it is now, not as it was then")
    p.add_argument("--json", action="store_true")
    _common(p)

    p = sub.add_parser("audit", help="print a stored bundle for a person: question, decision, evidence, checks")
    p.add_argument("bundle_id")
    _common(p)

    p = sub.add_parser("bundle", help="print a stored bundle (audit)")
    p.add_argument("bundle_id")
    _common(p)

    p = sub.add_parser("quarantine", help="rejected input kept in quarantine: list, show, retry")
    p.add_argument("action", nargs="?", choices=["list", "show", "retry"], default="list")
    p.add_argument("item", nargs="?", type=int)
    p.add_argument("--status", choices=["open", "resolved"])
    p.add_argument("--json", action="store_true")
    _common(p)

    p = sub.add_parser("review", help="conflicts and proposals awaiting a person: list, show, decide, revert")
    actions = p.add_subparsers(dest="action", required=True, parser_class=_Parser)
    r = actions.add_parser("list")
    r.add_argument("--status", choices=["open", "decided", "dismissed"])
    r.add_argument("--kind", choices=["hard", "soft", "suggestion"])
    r.add_argument("--json", action="store_true")
    _common(r)
    r = actions.add_parser("show")
    r.add_argument("item", type=int)
    r.add_argument("--json", action="store_true")
    _common(r)
    r = actions.add_parser("decide")
    r.add_argument("item", type=int)
    how = r.add_mutually_exclusive_group(required=True)
    how.add_argument("--rank", metavar="WINNER", help="this record prevails (for --from/--to, or always)")
    how.add_argument("--supersede", metavar="WINNER", help="this record supersedes the other (written as revisions)")
    how.add_argument("--accept", action="store_true", help="accept a supersession suggestion (written as revisions)")
    how.add_argument("--dismiss", action="store_true")
    r.add_argument("--from", dest="valid_from")
    r.add_argument("--to", dest="valid_to")
    r.add_argument("--by", required=True, help="the reviewer")
    r.add_argument("--why", required=True, help="the rationale")
    r.add_argument("--json", action="store_true")
    _common(r)
    r = actions.add_parser("revert")
    r.add_argument("decision", type=int)
    r.add_argument("--by", required=True)
    r.add_argument("--why", required=True)
    r.add_argument("--json", action="store_true")
    _common(r)

    p = sub.add_parser("eval", help="run a gold suite (default: every suite in evals/suites)")
    p.add_argument("suite", nargs="?")
    p.add_argument("--json", action="store_true")
    _common(p)
    return parser


def _service(args):
    from api.service import CanonService

    return CanonService(args.catalog)


def cmd_import(args) -> int:
    if args.preview:
        from catalog.classify import render_preview

        found = _service(args).preview(args.paths)
        print(json.dumps([c.preview_dict() for c in found], default=str) if args.json else
              (render_preview(found) if found else "no narrative documents to classify (records are imported as they are)"))
        return 0
    fault = os.environ.get("CANON_FAULT")
    report = _service(args).import_paths(args.paths, fault=fault)
    if args.json:
        print(json.dumps(report.as_dict()))
    else:
        print(f"imported {report.files} file(s): {report.added} added, {report.revised} revised, "
              f"{report.unchanged} unchanged, {len(report.quarantined)} quarantined")
    for message in report.quarantined:
        sys.stderr.write(f"canon: quarantined: {message}\n")
    for message in report.review_items:
        sys.stderr.write(f"canon: filed for review: {message}\n")
    return 1 if report.quarantined else 0


def cmd_ask(args) -> int:
    from api.service import AskRequest, parse_as_of, parse_known_at
    from pydantic import ValidationError

    service = _service(args)
    if args.batch:
        if args.question:
            raise UsageError("give either a question or --batch FILE, not both")
        failed = False
        with open(args.batch, encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                if not line.strip():
                    continue
                try:
                    request = AskRequest.model_validate_json(line)
                except ValidationError as exc:
                    err = exc.errors()[0]
                    field = field_path(err, "(line)")
                    sys.stderr.write(f"canon: {args.batch}, line {number}, field '{field}': {err['msg']}\n")
                    failed = True
                    continue
                print(json.dumps(service.ask_json(request), ensure_ascii=False))  # batch output is always JSON Lines
        return 1 if failed else 0
    if not args.question:
        raise UsageError("ask needs a question in quotes, or --batch FILE.jsonl")
    request = AskRequest(question=args.question, roles=args.roles, principal=args.principal,
                         as_of=parse_as_of(args.as_of), known_at=parse_known_at(args.known_at))
    bundle = service.ask_json(request)
    print(json.dumps(bundle, ensure_ascii=False) if args.json else render_bundle(bundle))
    return 0


def render_bundle(b: dict) -> str:
    lines = [f"{b['behavior'].upper()}  (confidence {b['confidence']}, validation {'passed' if b['validation']['passed'] else 'FAILED'})",
             "", b["answer"], ""]
    if b["evidence"]:
        lines.append("evidence:")
        for e in b["evidence"]:
            span = f"{e['effective_from'] or '…'} to {e['effective_to'] or '…'}"
            lines.append(f"  {e['role']:<10} {e['evidence_id']:<28} {e['status']:<11} {e['authority']:<17} {span}")
    for gap in b["gaps"]:
        lines.append(f"gap: {gap}")
    interp = b["interpretation"]
    lines.append(f"interpretation: intent={interp['intent']} entity={interp['entity_id']} "
                 f"date={interp['reporting_date']} period={interp['period']}")
    lines.append(f"bundle: {b['bundle_id']}  (as of {b['as_of']}; audit with `canon bundle {b['bundle_id']}`)")
    return "\n".join(lines)


def _progress(done: int, total: int) -> None:
    if sys.stderr.isatty() and total >= 1000:
        width = 30
        filled = int(width * done / total)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} records")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def cmd_override(args) -> int:
    import yaml

    service = _service(args)
    for assignment in args.assignments:
        field, sep, raw = assignment.partition("=")
        if not sep:
            raise UsageError(f"'{assignment}' is not FIELD=VALUE")
        value = yaml.safe_load(raw) if raw.strip() else None
        if isinstance(value, (date_type,)):
            value = value.isoformat()
        service.override(args.path, field.strip(), value, by=args.by, reason=args.why)
        print(f"override stored: {args.path} {field.strip()} = {value!r} (by {args.by}); the next import honours it")
    return 0


def cmd_sync(args) -> int:
    service = _service(args)
    if args.kind == "dbt":
        from api.service import parse_known_at

        report = service.sync_dbt(args.path, progress=_progress, synced_at=parse_known_at(args.synced_at, "--synced-at"))
    else:
        report = service.sync_openlineage(args.paths)
    if args.json:
        print(json.dumps(report.as_dict(), default=str))
    else:
        print(report.line())
    for message in report.degraded:
        sys.stderr.write(f"canon: degraded since the last sync, previous revision kept: {message}\n")
    for message in report.quarantined:
        sys.stderr.write(f"canon: quarantined: {message}\n")
    return 1 if report.quarantined else 0


def cmd_lineage(args) -> int:
    from api.service import parse_as_of

    if args.depth < 0:
        raise UsageError(f"--depth {args.depth} must be 0 (all) or a positive number of hops")
    result = _service(args).lineage(args.node, direction=args.direction or "both", depth=args.depth,
                                    at=parse_as_of(args.at, "--at"), roles=args.roles, types=args.types)
    if args.json:
        print(json.dumps(result))
    else:
        from lineage.query import render_tree

        print(render_tree(result))
    return 0


def _keys_file(args) -> str:
    keys = args.keys or os.environ.get("CANON_API_KEYS")
    if not keys:
        raise UsageError(f"{args.command} needs an API keys file: --keys FILE or CANON_API_KEYS")
    return keys


def cmd_serve(args) -> int:
    from api.http import run

    run(_service(args), _keys_file(args), args.host, args.port)
    return 0


def cmd_mcp(args) -> int:
    from api.mcp import run

    run(_service(args), _keys_file(args), os.environ.get("CANON_API_KEY"))
    return 0


def cmd_search(args) -> int:
    from api.service import parse_as_of

    result = _service(args).search(args.query, roles=args.roles, as_of=parse_as_of(args.as_of), mode=args.mode,
                                   limit=args.limit)
    if args.json:
        print(json.dumps(result, default=str))
        return 0
    if not result["hits"]:
        print("no hits within your permissions")
    for h in result["hits"]:
        parts = [f"text #{h['text_rank']}" if h["text_rank"] else "", f"vector #{h['vector_rank']}" if h["vector_rank"] else ""]
        print(f"{h['rank']:>2}. {h['evidence_id']}  {h['title']}  ({h['status']}, {h['authority']})  "
              f"score {h['score']:.4f}  {' '.join(p for p in parts if p)}")
    if result["dropped_stale"]:
        print(f"({result['dropped_stale']} stale hit(s) dropped after re-checking the catalog)")
    return 0


def cmd_reindex(args) -> int:
    report = _service(args).reindex()
    print(f"reindexed {len(report['indexed'])} records in {report['chunks']} chunks ({report['encoded']} texts embedded)")
    return 0


def cmd_replay(args) -> int:
    result = _service(args).replay(args.bundle_id, against_now=args.now)
    if args.json:
        print(json.dumps(result, default=str))
    elif result["identical"]:
        print(f"{args.bundle_id}: replayed as of {result['replayed_known_at']}: identical")
    else:
        print(f"{args.bundle_id}: replayed as of {result['replayed_known_at']}: {len(result['differences'])} difference(s)")
        for d in result["differences"]:
            print(f"  {d['field']}:\n    stored:   {d['stored']}\n    replayed: {d['replayed']}")
    return 0 if result["identical"] else 1


def cmd_audit(args) -> int:
    b = _service(args).bundle(args.bundle_id)
    lines = [f"bundle {b['bundle_id']}",
             f"question:  {b['question']}",
             f"requester: {b['requester'].get('principal') or '(anonymous)'} with roles {', '.join(b['requester']['roles']) or '(none)'}",
             f"as of:     {b['as_of']}   known at: {b.get('known_at') or 'the catalog as it was when asked'}",
             "reading:   " + ", ".join(f"{k}={v}" for k, v in b["interpretation"].items() if v not in (None, [], "")),
             f"behavior:  {b['behavior']}   confidence: {b['confidence']}", "", b["answer"], "", "evidence:"]
    for e in b["evidence"] or [{"evidence_id": "(none)"}]:
        if e["evidence_id"] == "(none)":
            lines.append("  (none)")
            continue
        lines.append(f"  {e['role']:<10} {e['evidence_id']} rev {e['revision']} ({e['status']}, {e['authority']}, "
                     f"{e['effective_from'] or '…'} to {e['effective_to'] or '…'})")
        lines.append(f"             artifact {e.get('artifact_id') or '-'}  hash {e['content_hash']}")
    lines.append("tools:")
    for t in b["tools"]:
        lines.append(f"  {t['name']} {json.dumps(t['args'], default=str)} -> {', '.join(t['result_ids']) or '-'}")
    lines.append(f"validation: {'passed' if b['validation']['passed'] else 'FAILED'}")
    for c in b["validation"]["checks"]:
        lines.append(f"  {'ok ' if c['passed'] else 'FAIL'} {c['rule']}: {c['detail']}")
    for g in b["gaps"]:
        lines.append(f"gap: {g}")
    print("\n".join(lines))
    return 0


def cmd_bundle(args) -> int:
    print(json.dumps(_service(args).bundle(args.bundle_id), indent=2, ensure_ascii=False))
    return 0


def _print_list(rows: list[dict], as_json: bool, empty: str, line) -> None:
    """A listing: JSON, or one line per row (`line`), or `empty` when there is none."""
    if as_json:
        print(json.dumps(rows, default=str))
    elif not rows:
        print(empty)
    else:
        for row in rows:
            print(line(row))


def cmd_quarantine(args) -> int:
    service = _service(args)
    if args.action == "list":
        _print_list(service.quarantine_list(args.status), args.json, "quarantine is empty",
                    lambda r: f"#{r['id']} [{r['status']}] {r['path']}, record {r['record']}, field '{r['field']}': {r['reason']}")
        return 0
    if args.item is None:
        raise UsageError(f"quarantine {args.action} needs an item number (see `canon quarantine list`)")
    if args.action == "show":
        row = service.quarantine_show(args.item)
        print(json.dumps(row, default=str, indent=None if args.json else 2, ensure_ascii=False))
        return 0
    outcome = service.quarantine_retry(args.item)
    if args.json:
        print(json.dumps(outcome, default=str))
    else:
        print(outcome["message"])
    return 0 if outcome["resolved"] else 1


def _print_item(item: dict) -> None:
    print(f"#{item['id']} {item['kind']} [{item['status']}] {item['entity_id']}: {item['reason']}")
    print(f"  records: {', '.join(item['evidence_ids'])}   filed {item['created_at']}")
    for d in item.get("decisions", []):
        span = f" for {d['valid_from'] or '…'} to {d['valid_to'] or '…'}" if d["valid_from"] or d["valid_to"] else ""
        target = f" {d['winner']} over {d['loser']}" if d["winner"] else ""
        print(f"  decision #{d['id']} [{d['status']}] {d['action']}{target}{span} by {d['reviewer']} at {d['decided_at']}: {d['rationale']}")
        if d["status"] == "reverted":
            print(f"    reverted by {d['reverted_by']} at {d['reverted_at']}: {d['revert_reason']}")


def cmd_review(args) -> int:
    from api.service import parse_as_of

    service = _service(args)
    if args.action == "list":
        _print_list([i for i in service.review_list(args.status) if not args.kind or i["kind"] == args.kind], args.json,
                    "no review items", lambda i: f"#{i['id']} {i['kind']:<4} [{i['status']}] {i['entity_id']}: {i['reason']}")
        return 0
    if args.action == "show":
        item = service.review_show(args.item)
    elif args.action == "decide":
        action = "rank" if args.rank else "supersede" if args.supersede else "accept" if args.accept else "dismiss"
        item = service.review_decide(args.item, action, reviewer=args.by, rationale=args.why, winner=args.rank or args.supersede,
                                     valid_from=parse_as_of(args.valid_from, "--from"), valid_to=parse_as_of(args.valid_to, "--to"))
    else:
        item = service.review_revert(args.decision, reviewer=args.by, reason=args.why)
    if args.json:
        print(json.dumps(item, default=str))
    else:
        _print_item(item)
    return 0


def cmd_eval(args) -> int:
    from evals.runner import run_suites

    return run_suites(args.suite, as_json=args.json)


COMMANDS = {"mcp": cmd_mcp, "search": cmd_search, "reindex": cmd_reindex, "replay": cmd_replay, "audit": cmd_audit, "override": cmd_override, "serve": cmd_serve, "import": cmd_import, "ask": cmd_ask, "sync": cmd_sync, "lineage": cmd_lineage, "bundle": cmd_bundle, "quarantine": cmd_quarantine, "review": cmd_review, "eval": cmd_eval}


def main(argv: Optional[list[str]] = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return COMMANDS[args.command](args)
    except UsageError as err:
        sys.stderr.write(f"canon: {err}\n")
        return 2
    except (InputError, CanonError) as err:
        sys.stderr.write(f"canon: {err}\n")
        return 1
    except OSError as err:
        sys.stderr.write(f"canon: {err.filename or ''}: {err.strerror}\n")
        return 1


if __name__ == "__main__":
    sys.exit(main())
