"""Search costs nothing until it is used: no tantivy, torch or sentence-transformers at import."""
import ast
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
HEAVY = {"tantivy", "torch", "sentence_transformers", "transformers"}


def test_importing_the_search_modules_loads_no_heavy_library():
    code = ("import sys; import catalog.chunks, catalog.hybrid, catalog.text_index, catalog.vector_index; "
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in {sorted(HEAVY)!r}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True).stdout
    assert out.strip() == "[]"


def test_chunks_module_is_pure():
    tree = ast.parse((REPO / "catalog" / "chunks.py").read_text(encoding="utf-8"))
    names = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    names |= {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    assert not names & (HEAVY | {"numpy", "sqlalchemy", "sqlmodel"})
