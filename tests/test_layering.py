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


def test_an_ask_on_a_sqlite_catalog_loads_no_orm_yaml_or_model_code(tmp_path):
    """A one-shot `canon ask` is mostly import time: on an existing SQLite catalog it reads through
    sqlite3 alone; SQLAlchemy/SQLModel load on the first write, YAML and agent/llm.py only when used."""
    db = str(tmp_path / "c.db")
    subprocess.run([sys.executable, "-m", "api.cli", "import", "fixtures/dossier", "--catalog", db], cwd=REPO,
                   capture_output=True, check=False)
    code = ("import sys, io, contextlib; from api.cli import main\n"
            "out = io.StringIO()\n"
            "with contextlib.redirect_stdout(out):\n"
            f"    code = main(['ask', 'Which revenue definition applies for reporting date 2025-06-30?', '--role', "
            f"'analytics_readers', '--as-of', '2026-10-10', '--json', '--catalog', {db!r}])\n"
            "assert '\"behavior\": \"answer\"' in out.getvalue(), out.getvalue()\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in {'sqlalchemy', 'sqlmodel', 'yaml', 'networkx'} "
            "or m == 'agent.llm'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"
