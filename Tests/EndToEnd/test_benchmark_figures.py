"""The performance page's figures are the benchmark's: its tables are the ones
`scripts/benchmark-table` makes from Benchmarks/results.json, and every figure its prose
quotes is in that JSON. No timing happens here; it only reads files.

    /usr/bin/python3 -m pytest Tests/EndToEnd/test_benchmark_figures.py
"""

import subprocess

from conftest import REPO

PAGE = REPO / "docs" / "performance.md"
RESULTS = REPO / "Benchmarks" / "results.json"


def check(page):
    return subprocess.run([str(REPO / "scripts" / "benchmark-table"), str(RESULTS), "--check", str(page)],
                          capture_output=True, text=True, timeout=60)


def test_performance_page_figures_come_from_results_json():
    done = check(PAGE)
    assert done.returncode == 0, done.stderr


def test_readme_summary_comes_from_results_json():
    done = check(REPO / "README.md")
    assert done.returncode == 0, done.stderr


def test_a_readme_summary_that_differs_from_the_json_is_reported(tmp_path):
    tampered = tmp_path / "README.md"
    tampered.write_text((REPO / "README.md").read_text().replace("| set the items |", "| set the items | 1 ms |", 1))
    done = check(tampered)
    assert done.returncode != 0 and "differ from the JSON" in done.stderr, done.stderr


def test_a_figure_the_json_lacks_is_reported(tmp_path):
    """The check reads this page's prose: a figure added to it that no run measured fails it."""
    text = PAGE.read_text()
    first_subsection = text.index("\n## ")
    tampered = tmp_path / "performance.md"
    tampered.write_text(text[:first_subsection] + "\nIt opens in 123.456 ms.\n" + text[first_subsection:])
    done = check(tampered)
    assert done.returncode != 0 and "123.456 ms" in done.stderr, done.stderr


def test_tables_that_differ_from_the_json_are_reported(tmp_path):
    tampered = tmp_path / "performance.md"
    tampered.write_text(PAGE.read_text().replace("| **DropDownField** | 1,000 |", "| **DropDownField** | 1,001 |", 1))
    done = check(tampered)
    assert done.returncode != 0 and "differ from the JSON" in done.stderr, done.stderr
