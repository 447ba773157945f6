# The repository root is importable in tests (packages live at the top level).
