"""Performance benchmarks (see README.md); results go to results/, which is gitignored."""
