#!/usr/bin/env python3
"""What the prefilter lets through, per ecosystem repository.

For each repository of Benchmarks/ecosystem/repos.tsv found under --repos-dir (folders named
OWNER+NAME or OWNER/NAME) and in the half asked for, from the repository's root it runs
`keychain-lint scan --no-cache --stats --format json` once and reports:

  - the Swift and Objective-C files scanned, the files the prefilter lets through, and their share;
  - the files parsed and the parses in all (files parsed for lookups count too);
  - the files the findings are in (what the files let through were for);
  - the three words the rules ask for that the most files hold (`--stats`: a file holding a word
    that needs a companion word is let through only beside it, so these counts can exceed the
    files let through).

Writes a Markdown table (--markdown FILE). Python 3 standard library only.

    Benchmarks/prefilter.py --binary PATH --repos-dir DIR [--half development] [--markdown FILE]
"""
import argparse
import csv
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def repositories(repos_dirs, half):
    with open(os.path.join(HERE, "ecosystem", "repos.tsv"), newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    found = []
    for row in rows:
        name = row.get("repo") or row.get("repository")
        if half and row.get("half") != half:
            continue
        for base in repos_dirs:
            for folder in (name.replace("/", "+"), name):
                path = os.path.join(base, folder)
                if os.path.isdir(path):
                    found.append((name, path))
                    break
            else:
                continue
            break
    return sorted(found, key=lambda item: item[0].lower())


def measure(binary, path):
    run = subprocess.run(
        [binary, "scan", "--no-cache", "--stats", "--no-progress", "--format", "json"],
        cwd=path, capture_output=True, text=True)
    if run.returncode not in (0, 1):
        raise SystemExit(f"prefilter.py: {path}: keychain-lint exited {run.returncode}: {run.stderr.strip()[:200]}")
    totals = re.search(r"(\d+) files, \d+ lines; (\d+) parsed \((\d+) parses\)", run.stderr)
    passing = re.search(r"prefilter: (\d+) of (\d+) files pass; files holding each word: (.*)", run.stderr)
    if not totals or not passing:
        raise SystemExit(f"prefilter.py: {path}: no --stats lines in keychain-lint's output")
    words = []
    for item in passing.group(3).split(", "):
        word, _, count = item.rpartition(" ")
        if word and count.isdigit():
            words.append((word, int(count)))
    document = json.loads(run.stdout)
    findings = document["findings"] if isinstance(document, dict) else document
    return {
        "scanned": int(passing.group(2)),
        "passing": int(passing.group(1)),
        "parsed": int(totals.group(2)),
        "parses": int(totals.group(3)),
        "finding_files": len({finding["file"] for finding in findings}),
        "words": words,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--repos-dir", action="append", required=True)
    parser.add_argument("--half", choices=["development", "validation"])
    parser.add_argument("--markdown")
    arguments = parser.parse_args()
    lines = [
        "| repository | files scanned | let through | share | parsed (parses) | files with findings | words asked for, by files holding them |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]
    total_scanned = total_passing = 0
    for name, path in repositories(arguments.repos_dir, arguments.half):
        result = measure(arguments.binary, path)
        total_scanned += result["scanned"]
        total_passing += result["passing"]
        share = 100 * result["passing"] / max(1, result["scanned"])
        top = ", ".join(f"{word} {count}" for word, count in result["words"][:3])
        lines.append(
            f"| {name} | {result['scanned']:,} | {result['passing']:,} | {share:.0f}% | "
            f"{result['parsed']:,} ({result['parses']:,}) | {result['finding_files']:,} | {top} |")
    lines.append(
        f"| **all** | **{total_scanned:,}** | **{total_passing:,}** | "
        f"**{100 * total_passing / max(1, total_scanned):.1f}%** | | | |")
    text = "\n".join(lines) + "\n"
    if arguments.markdown:
        with open(arguments.markdown, "w") as handle:
            handle.write(text)
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
