"""The pure core (resolver/, lineage/graph.py, the record models) imports no adapter library."""
import ast
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FORBIDDEN = {"sqlalchemy", "sqlmodel", "fastapi", "starlette", "uvicorn", "tantivy", "openai", "torch",
             "sentence_transformers", "httpx", "requests", "psycopg2", "dbt", "openlineage"}
CORE = [*sorted((REPO / "resolver").glob("*.py")), REPO / "lineage" / "graph.py", REPO / "catalog" / "records.py",
        REPO / "catalog" / "errors.py"]


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_core_source_imports_no_adapter():
    offenders = {p.name: sorted(_imports(p) & FORBIDDEN) for p in CORE if _imports(p) & FORBIDDEN}
    assert offenders == {}


def test_core_import_pulls_in_no_adapter_at_run_time():
    code = ("import sys; import resolver.pipeline, resolver.source, lineage.graph, catalog.records; "
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in {sorted(FORBIDDEN)!r}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True).stdout
    assert out.strip() == "[]"


def test_cli_start_imports_no_heavy_library():
    code = ("import sys; import api.cli; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in {'torch','sentence_transformers','tantivy','openai','fastapi','networkx'}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True).stdout
    assert out.strip() == "[]"
