"""The README's performance figures are the benchmark's: its tables are the ones
`scripts/benchmark-table` makes from Benchmarks/results.json, and every figure its Performance
prose quotes is in that JSON. No timing happens here; it only reads files.

    /usr/bin/python3 -m pytest Tests/EndToEnd/test_benchmark_figures.py
"""

import subprocess

from conftest import REPO


def test_readme_figures_come_from_results_json():
    done = subprocess.run(
        [str(REPO / "scripts" / "benchmark-table"), str(REPO / "Benchmarks" / "results.json"),
         "--check", str(REPO / "README.md")],
        capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
