"""Every row scripts/benchmark writes is one the performance tables show: each kind of row in
Benchmarks/results.json, and the `.strings` parser and String Catalog rows `strings-benchmark`
writes (the build scripts/test makes, one round: the shape is judged, never the time). A row of
no kind the tables render fails scripts/benchmark-table, and the page's parser prose may quote
only figures the JSON has, as its Performance prose.

    /usr/bin/python3 -m pytest Tests/Repository/test_benchmark_rows.py
"""
import json
import os
import pathlib
import subprocess
import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "Benchmarks" / "Harness"))
import benchmark  # noqa: E402
import table  # noqa: E402

TABLE = REPO / "scripts" / "benchmark-table"
RESULTS = REPO / "Benchmarks" / "results.json"
PAGE = REPO / "docs" / "performance.md"
# The debug build scripts/test makes before these tests run.
STRINGS_BENCHMARK = REPO / ".build" / "debug" / "strings-benchmark"


def name_shown(row):
    """What the tables print for the row: its label, under the key that names its kind."""
    key = table.kind(row)
    return table.label(row) if key == "items" else row[key]


def benchmark_table(results, *arguments):
    return subprocess.run([str(TABLE), str(results), *map(str, arguments)], capture_output=True, text=True, timeout=60)


@pytest.fixture(scope="module")
def strings_benchmark_rows():
    assert STRINGS_BENCHMARK.exists(), f"{STRINGS_BENCHMARK} is not built: run `swift build` first, as scripts/test does"
    return benchmark.strings_rows(str(STRINGS_BENCHMARK), 1)


def test_every_row_of_the_committed_results_is_shown():
    report = json.loads(RESULTS.read_text())
    text = table.markdown(report)
    missing = [row for row in report["results"] if name_shown(row) not in text]
    assert not missing, f"rows the tables leave out: {missing}"


def test_strings_benchmark_writes_parser_and_catalog_rows_the_tables_show(strings_benchmark_rows):
    rows = strings_benchmark_rows
    assert not [row for row in rows if "error" in row], rows
    assert {table.kind(row) for row in rows} == {"parser", "catalog"}
    assert "Ice Cubes (real)" in [row.get("catalog") for row in rows], "the real catalog of the test corpus is measured"
    text = table.markdown({"results": rows})
    for row in rows:
        figures = ["entrykit", "foundation"] + (["first_lookup", "every_table"] if "catalog" in row else [])
        for figure in figures:
            samples = row["raw"][figure]
            assert len(samples) == row["samples"] == 1
            assert row[f"{figure}_ms"] == row[f"{figure}_min_ms"] == row[f"{figure}_max_ms"] == samples[0] > 0
        assert row["foundation_vs_entrykit"] == pytest.approx(row["foundation_ms"] / row["entrykit_ms"], rel=1e-2)
        assert "load" in row
        sizes = [row["bytes"]] + ([row["entries"]] if "parser" in row else [row["keys"], row["languages"]])
        cells = [name_shown(row), *(f"{size:,}" for size in sizes), table.spread(row, "entrykit"),
                 table.spread(row, "foundation"), table.times(row["foundation_vs_entrykit"])]
        assert "| " + " | ".join(cells) + " |" in text, f"no table line for {name_shown(row)}:\n{text}"


def test_a_parser_row_shows_median_spread_competitor_and_ratio():
    row = {"parser": "a table", "bytes": 2402, "entries": 40, "samples": 3, "entrykit_ms": 0.05, "entrykit_min_ms": 0.04,
           "entrykit_max_ms": 0.06, "foundation_ms": 0.15, "foundation_min_ms": 0.125, "foundation_max_ms": 0.2,
           "foundation_vs_entrykit": 3.0, "raw": {"entrykit": [0.04, 0.05, 0.06], "foundation": [0.125, 0.15, 0.2]}}
    catalog = {"catalog": "a catalog", "bytes": 2_167_710, "keys": 732, "languages": 19, "samples": 1,
               "entrykit_ms": 11.5, "entrykit_min_ms": 11.5, "entrykit_max_ms": 11.5, "foundation_ms": 50.0,
               "foundation_min_ms": 50.0, "foundation_max_ms": 50.0, "foundation_vs_entrykit": 4.348,
               "first_lookup_ms": 20.0, "first_lookup_min_ms": 20.0, "first_lookup_max_ms": 20.0,
               "every_table_ms": 30.0, "every_table_min_ms": 30.0, "every_table_max_ms": 30.0}
    text = table.markdown({"results": [row, catalog]})
    assert "| a table | 2,402 | 40 | 0.050 (0.040–0.060) | 0.15 (0.12–0.20) | 3.0× |" in text, text
    assert ("| a catalog | 2,167,710 | 732 | 19 | 11.5 (11.5–11.5) | 50.0 (50.0–50.0) | 4.3× | 20.0 (20.0–20.0) "
            "| 30.0 (30.0–30.0) |") in text, text
    assert "`PropertyListSerialization`" in text and "`JSONSerialization`" in text
    assert "a catalog: a first lookup (the catalog read, one language's table compiled) takes 20.0 ms, 0.40×" in text


def test_a_run_without_parser_rows_says_so():
    report = json.loads(RESULTS.read_text())
    report["results"] = [row for row in report["results"] if table.kind(row) not in ("parser", "catalog")]
    text = table.markdown(report)
    assert "no `.strings` parser or String Catalog rows" in text
    assert "| `.strings` table |" not in text


def test_a_failed_strings_benchmark_is_an_error_row(tmp_path):
    failing = tmp_path / "strings-benchmark"
    failing.write_text("#!/bin/sh\necho 'strings-benchmark: the parsers disagree on a table' >&2\nexit 1\n")
    failing.chmod(0o755)
    rows = benchmark.strings_rows(str(failing), 1)
    assert [(row["parser"], row["error"]) for row in rows] == [
        ("strings-benchmark", "failed (exit 1): strings-benchmark: the parsers disagree on a table")]
    assert "| strings-benchmark | error: failed (exit 1)" in table.markdown({"results": rows})


@pytest.mark.parametrize("arguments", [["--rounds", "0"], ["--rounds", "many"], ["--json"], ["--speed"],
                                       ["--json", "/nonexistent/folder/strings.json"]])
def test_strings_benchmark_refuses_bad_arguments_before_measuring(arguments):
    done = subprocess.run([str(STRINGS_BENCHMARK), *arguments], capture_output=True, text=True, timeout=30)
    assert done.returncode != 0 and done.stderr.startswith("strings-benchmark: ") and not done.stdout, done


def test_a_row_of_no_known_kind_fails_the_table(tmp_path):
    report = json.loads(RESULTS.read_text())
    report["results"].append({"subject": "a new benchmark", "open_ms": 1.0})
    results = tmp_path / "results.json"
    results.write_text(json.dumps(report))
    for arguments in ([], ["--check", PAGE], ["--write", tmp_path / "performance.md"]):
        done = benchmark_table(results, *arguments)
        assert done.returncode != 0 and "no kind the tables render" in done.stderr, (arguments, done.stderr)


def test_a_figure_the_json_lacks_in_the_parser_prose_is_reported(tmp_path):
    assert benchmark_table(RESULTS, "--check", PAGE).returncode == 0
    text = PAGE.read_text()
    section = text.index("## The parser\n") + len("## The parser\n")
    tampered = tmp_path / "performance.md"
    tampered.write_text(text[:section] + "\nIt reads Ice Cubes in 123.456 ms, 9.87× Foundation.\n" + text[section:])
    done = benchmark_table(RESULTS, "--check", tampered)
    assert done.returncode != 0 and "123.456 ms" in done.stderr and "9.87×" in done.stderr, done.stderr

