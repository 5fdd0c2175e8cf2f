#!/usr/bin/env python3
"""Per-repository speed: keychain-lint and Semgrep on the ecosystem repositories, in one run.

For each repository of Benchmarks/ecosystem/repos.tsv found under --repos-dir (folders named
OWNER+NAME or OWNER/NAME), from the repository's root:

  1. keychain-lint without the result cache (`scan --no-cache`), --runs times (median);
  2. Semgrep with Benchmarks/semgrep/keychain-rules.yml on the same folder (skipped with --no-semgrep);
  3. keychain-lint with a fresh result cache: a first scan that fills it, a re-scan with nothing
     changed, and re-scans after a one-line edit of one file (the first file, in path order, that
     calls a Keychain or LocalAuthentication API; restored afterwards): a comment appended at its
     end (no token moves), and a comment line inserted at its top (every line below moves, so the
     file and what looked into it are judged again, as after an edit of its code).

Times are wall seconds of the whole process; peak memory comes from GNU time when it is installed.
Writes a Markdown table (--markdown FILE) and the raw numbers (--json FILE).

    Benchmarks/repos.py --binary .build-release/release/keychain-lint --repos-dir DIR \\
        [--semgrep PATH] [--runs 3] [--only OWNER/NAME] [--markdown FILE] [--json FILE]

Give it the binary users install (`make build` puts it in .build-release/; on Linux it links the
Swift runtime statically, which starts each process about 8 ms sooner than `swift build -c release`).
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
RULES = os.path.join(HERE, "semgrep", "keychain-rules.yml")
EDIT_WORDS = ("SecItemAdd", "SecItemCopyMatching", "SecAccessControlCreateWithFlags", "evaluatePolicy", "LAContext")


def read_repos(path):
    with open(path) as handle:
        lines = [line.rstrip("\n").split("\t") for line in handle if line.strip()]
    header, rows = lines[0], lines[1:]
    return [dict(zip(header, row)) for row in rows]


def folder_for(repos_dir, repo):
    for candidate in (repo.replace("/", "+"), repo):
        path = os.path.join(repos_dir, candidate)
        if os.path.isdir(path):
            return path
    return None


def timed(command, cwd, env=None):
    """Wall seconds and peak RSS (MB, or None) of one process; exit code."""
    gnu_time = shutil.which("time") if os.path.exists("/usr/bin/time") else None
    stats = tempfile.NamedTemporaryFile(delete=False)
    stats.close()
    full = (["/usr/bin/time", "-f", "%M", "-o", stats.name] if gnu_time else []) + command
    start = time.monotonic()
    done = subprocess.run(full, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    seconds = time.monotonic() - start
    peak = None
    if gnu_time:
        try:
            with open(stats.name) as handle:
                peak = int(handle.read().strip().splitlines()[-1]) / 1024
        except (ValueError, IndexError):
            peak = None
    os.unlink(stats.name)
    return seconds, peak, done.returncode, done.stderr.decode(errors="replace")


def source_files(root):
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if name.endswith((".swift", ".m", ".mm")):
                yield os.path.join(folder, name)


def file_to_edit(root):
    for path in source_files(root):
        try:
            with open(path, encoding="utf-8", errors="replace") as handle:
                text = handle.read()
        except OSError:
            continue
        if any(word in text for word in EDIT_WORDS):
            return path
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.environ.get("KEYCHAIN_LINT", "keychain-lint"))
    parser.add_argument("--repos-dir", default=os.environ.get("ECOSYSTEM_REPOS"))
    parser.add_argument("--repos", default=os.path.join(HERE, "ecosystem", "repos.tsv"))
    parser.add_argument("--semgrep", default=shutil.which("semgrep"))
    parser.add_argument("--no-semgrep", action="store_true")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--markdown")
    parser.add_argument("--json")
    args = parser.parse_args()
    if not args.repos_dir or not os.path.isdir(args.repos_dir):
        sys.exit("error: --repos-dir must be the folder with the repositories (see Benchmarks/ecosystem/README.md)")
    if not shutil.which(args.binary) and not os.path.isfile(args.binary):
        sys.exit(f"error: cannot find keychain-lint at {args.binary}: give a release build with --binary")
    binary = os.path.abspath(args.binary) if os.path.isfile(args.binary) else shutil.which(args.binary)
    use_semgrep = not args.no_semgrep
    if use_semgrep and not args.semgrep:
        sys.exit("error: semgrep not found: install it (pip install semgrep==1.182.0) and give --semgrep PATH, or pass --no-semgrep")
    rows = []
    for entry in read_repos(args.repos):
        repo = entry["repo"]
        if args.only and repo not in args.only:
            continue
        root = folder_for(args.repos_dir, repo)
        if root is None:
            print(f"{repo}: not found under --repos-dir, skipped", file=sys.stderr)
            continue
        row = {"repo": repo}
        scan = [binary, "scan", "--format", "json", "--no-progress", "--output", os.devnull]
        runs = [timed(scan + ["--no-cache"], root) for _ in range(args.runs)]
        if any(code not in (0, 1) for _, _, code, _ in runs):
            row["error"] = runs[0][3].strip()[:200]
        row["kl_seconds"] = statistics.median(r[0] for r in runs)
        row["kl_peak_mb"] = max((r[1] for r in runs if r[1] is not None), default=None)
        if use_semgrep:
            semgrep = [args.semgrep, "scan", "--config", RULES, "--json", "--metrics=off", "--disable-version-check",
                       "--no-git-ignore", "-j", "2", "--max-target-bytes", "16777216", "--output", os.devnull, "."]
            sg_runs = [timed(semgrep, root) for _ in range(args.runs)]
            row["semgrep_seconds"] = statistics.median(r[0] for r in sg_runs)
        with tempfile.TemporaryDirectory() as cache:
            cached = scan + ["--cache-dir", cache]
            row["kl_fill_seconds"] = timed(cached, root)[0]
            row["kl_unchanged_seconds"] = statistics.median(timed(cached, root)[0] for _ in range(args.runs))
            edited = file_to_edit(root)
            if edited:
                with open(edited, "rb") as handle:
                    original = handle.read()
                try:
                    edits = []
                    for run in range(args.runs):
                        with open(edited, "ab") as handle:
                            handle.write(f"\n// keychain-lint benchmark edit {run}\n".encode())
                        edits.append(timed(cached, root)[0])
                    row["kl_edit_seconds"] = statistics.median(edits)
                    top_edits = []
                    for run in range(args.runs):
                        with open(edited, "wb") as handle:
                            handle.write(f"// keychain-lint benchmark edit {run}\n".encode() + original)
                        top_edits.append(timed(cached, root)[0])
                    row["kl_top_edit_seconds"] = statistics.median(top_edits)
                    row["edited_file"] = os.path.relpath(edited, root)
                finally:
                    with open(edited, "wb") as handle:
                        handle.write(original)
        rows.append(row)
        semgrep_text = f"  semgrep {row['semgrep_seconds']:.2f} s" if "semgrep_seconds" in row else ""
        print(f"{repo:45} kl {row['kl_seconds']:.2f} s{semgrep_text}  unchanged {row['kl_unchanged_seconds']:.2f} s"
              f"  one edit {row.get('kl_edit_seconds', float('nan')):.2f} s"
              f"  line at top {row.get('kl_top_edit_seconds', float('nan')):.2f} s", flush=True)

    def cell(value, digits=2):
        return "–" if value is None else f"{value:.{digits}f}"

    table = ["| repository | keychain-lint (s) | Semgrep (s) | ratio | peak MB | re-scan, unchanged (s) "
             "| re-scan, comment appended (s) | re-scan, line inserted at the top (s) |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    total_kl = sum(r["kl_seconds"] for r in rows)
    total_sg = sum(r.get("semgrep_seconds", 0) for r in rows)
    for r in rows:
        ratio = r["semgrep_seconds"] / r["kl_seconds"] if "semgrep_seconds" in r and r["kl_seconds"] > 0 else None
        table.append(f"| {r['repo']} | {cell(r['kl_seconds'])} | {cell(r.get('semgrep_seconds'))} | "
                     f"{cell(ratio, 1) + 'x' if ratio else '–'} | {cell(r.get('kl_peak_mb'), 0)} | "
                     f"{cell(r.get('kl_unchanged_seconds'))} | {cell(r.get('kl_edit_seconds'))} | {cell(r.get('kl_top_edit_seconds'))} |")
    ratio = f"{total_sg / total_kl:.1f}x" if total_sg and total_kl else "–"
    table.append(f"| **all {len(rows)}** | **{total_kl:.2f}** | **{total_sg:.2f}** | **{ratio}** | | "
                 f"{sum(r.get('kl_unchanged_seconds', 0) for r in rows):.2f} | {sum(r.get('kl_edit_seconds', 0) for r in rows):.2f} | "
                 f"{sum(r.get('kl_top_edit_seconds', 0) for r in rows):.2f} |")
    print("\n".join(table))
    if args.markdown:
        with open(args.markdown, "w") as handle:
            handle.write("\n".join(table) + "\n")
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(rows, handle, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
