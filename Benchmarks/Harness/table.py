#!/usr/bin/python3
"""Turns scripts/benchmark's JSON into the README "Performance" tables (markdown).

    table.py FILE.json        (also: scripts/benchmark-table FILE.json)
"""
import json
import sys

# The stock GTK 3 lists EntryKit's rows are compared with, at the same size.
COMPETITORS = ["GtkComboBoxText", "GtkTreeView popover"]
LOGIN_COMPETITOR = "zenity --password --username"


def ms(value):
    if value is None:
        return "—"
    if value >= 1000:
        return f"{value / 1000:.1f} s"
    return f"{value:.1f}" if value >= 10 else f"{value:.2f}"


def ratio(ours, theirs):
    if ours is None or theirs is None or ours <= 0:
        return "—"
    r = theirs / ours
    return f"{r:,.0f}×" if r >= 100 else f"{r:.1f}×"


def markdown(report):
    results = report["results"]
    lists = [r for r in results if "items" in r]
    logins = [r for r in results if "items" not in r and "input" not in r]
    chooses = [r for r in results if "input" in r]
    by_key = {(r["widget"], r["items"]): r for r in lists}
    lines = ["| widget | items | set | open | filter median / max | scroll | bytes/item | open vs "
             + " / ".join(f"`{c}`" for c in COMPETITORS) + " |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for row in lists:
        name = row["widget"]
        label = f"`{name}`" if name in COMPETITORS else f"**{name}**"
        if "skipped" in row:
            lines.append(f"| {label} | {row['items']:,} | skipped: {row['skipped']} | | | | | |")
            continue
        if "filter_ms" in row:
            filtered = f"{ms(row['filter_ms'])} / {ms(row.get('filter_max_ms'))}"
        else:
            filtered = "—"
        memory = f"{row['bytes_per_item']:.0f}" if "bytes_per_item" in row else "—"
        if name in COMPETITORS:
            versus = ""
        else:
            versus = " / ".join(ratio(row.get("open_ms"), by_key.get((c, row["items"]), {}).get("open_ms"))
                                for c in COMPETITORS)
        lines.append(f"| {label} | {row['items']:,} | {ms(row.get('set_ms'))} | {ms(row.get('open_ms'))} | "
                     f"{filtered} | {ms(row.get('scroll_ms'))} | {memory} | {versus} |")
    lines.append("")
    lines.append("Times in milliseconds unless marked: open, filter and scroll run to the end of the frame "
                 "that paints the result (the frame clock's `after-paint`); filter is a four-letter query "
                 "typed one key at a time; bytes/item is resident memory growth per item beyond the "
                 "strings' own bytes (left out below 10,000 items, where page-sized noise dominates).")
    if logins:
        zenity = next((r.get("startup_ms") for r in logins if r["widget"] == LOGIN_COMPETITOR), None)
        lines += ["", "| login dialog | start-up (spawn → window mapped) | vs zenity |", "|---|---:|---:|"]
        for row in logins:
            if "skipped" in row:
                lines.append(f"| `{row['widget']}` | skipped: {row['skipped']} | |")
            else:
                versus = "" if row["widget"] == LOGIN_COMPETITOR else f"{row['startup_ms'] / zenity:.2f}× its time"
                lines.append(f"| `{row['widget']}` | {ms(row['startup_ms'])} ms | {versus} |")
    if chooses:
        baseline = chooses[0].get("startup_ms")
        lines += ["", "| `entrykit choose` with | start-up (spawn → window mapped) | vs the first |", "|---|---:|---:|"]
        for index, row in enumerate(chooses):
            versus = "" if index == 0 else f"{row['startup_ms'] / baseline:.2f}× its time"
            lines.append(f"| {row['input']} | {ms(row['startup_ms'])} ms | {versus} |")
    machine = report.get("machine")
    if machine:
        lines += ["", f"Measured {report.get('date', '')} on {machine['cpu']} ({machine['cores']} cores), "
                  f"{machine['os']}, {machine['swift']}, GTK {machine['gtk']}, {machine['display']}, "
                  "release build; medians of several runs where a run is cheap."]
    return "\n".join(lines)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: benchmark-table FILE.json")
    with open(sys.argv[1]) as source:
        print(markdown(json.load(source)))
