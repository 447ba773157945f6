import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def run_canon(*args, env=None, check=None):
    """Run the real CLI in a subprocess; returns CompletedProcess."""
    full_env = {**os.environ, "PYTHONPATH": str(REPO), **(env or {})}
    proc = subprocess.run([sys.executable, "-m", "api.cli", *args], capture_output=True, text=True, cwd=REPO, env=full_env)
    if check is not None:
        assert proc.returncode == check, proc.stderr
    return proc


def ask_json(catalog, question, *extra):
    proc = run_canon("ask", question, "--json", "--catalog", str(catalog), *extra, check=0)
    return json.loads(proc.stdout)


@pytest.fixture
def catalog(tmp_path):
    return tmp_path / "catalog.db"
