#!/usr/bin/env python3
"""Ecosystem check: run keychain-lint on real repositories and score it against the project's labels.

Usage (see README.md in this folder):

    Benchmarks/ecosystem/run.py --binary PATH --repos-dir DIR [--repos-dir DIR ...]
                                [--half development|validation] [--only OWNER/NAME ...] [--write-results]
    Benchmarks/ecosystem/run.py --rescore [--from FILE] [--write-results]

The repositories form two halves (column `half` of repos.tsv): `development`, the repositories fixes
are developed against, and `validation`, held-out repositories that are only measured. Every score
is reported per half and over both.

Each repository is scanned as a user would scan it: the working directory is the repository root and
the command is `keychain-lint scan --format json --no-cache --no-progress` (exit code 1 means
findings). Wall time and peak RSS come from GNU time (`/usr/bin/time -v`) when it exists, else from
the wall clock and getrusage(RUSAGE_CHILDREN) of the child process.

Python 3 standard library only. Output order is deterministic.
"""
import argparse
import csv
import datetime
import hashlib
import json
import os
import platform
import re
import resource
import shlex
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPOS_TSV = os.path.join(HERE, "repos.tsv")
LABELS_TSV = os.path.join(HERE, "labels.tsv")
RESULTS_MD = os.path.join(HERE, "RESULTS.md")
RESULTS_JSON = os.path.join(HERE, "results.json")
DEFAULT_OUT = os.path.join(HERE, ".out", "results.json")

VERDICTS = ("TP", "FP", "DEBATABLE", "FN", "objc-uncovered")
HALVES = ("development", "validation")  # column `half` of repos.tsv; an empty cell or no column means development
SCOPES = ("core", "library-option", "test", "objc", "")
LABEL_COLUMNS = ["id", "repo", "file", "line", "rule", "verdict", "scope", "origin", "reason"]


# ---------------------------------------------------------------- input files

def read_tsv(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))


def load_repos():
    repos = read_tsv(REPOS_TSV)
    for r in repos:
        r["half"] = (r.get("half") or "").strip() or HALVES[0]
        if r["half"] not in HALVES:
            sys.exit(f"error: repos.tsv: {r['repo']}: unknown half {r['half']!r} (one of {', '.join(HALVES)})")
    return repos


def load_labels():
    labels = read_tsv(LABELS_TSV)
    problems = []
    seen_ids, seen_keys = set(), {}
    for lab in labels:
        missing = [c for c in LABEL_COLUMNS if c not in lab or lab[c] is None]
        if missing:
            problems.append(f"label {lab.get('id')}: missing column(s) {', '.join(missing)}")
            continue
        if lab["id"] in seen_ids:
            problems.append(f"label {lab['id']}: duplicate id")
        seen_ids.add(lab["id"])
        if lab["verdict"] not in VERDICTS:
            problems.append(f"label {lab['id']}: unknown verdict {lab['verdict']!r}")
        if lab["scope"] not in SCOPES:
            problems.append(f"label {lab['id']}: unknown scope {lab['scope']!r}")
        try:
            lab["line"] = int(lab["line"])
        except ValueError:
            problems.append(f"label {lab['id']}: line {lab['line']!r} is not a number")
            lab["line"] = -1
        key = label_key(lab)
        if key in seen_keys:
            problems.append(f"label {lab['id']}: same site as {seen_keys[key]}")
        seen_keys[key] = lab["id"]
    return labels, problems


def label_key(x):
    return (x["repo"], x["file"], int(x["line"]), x["rule"])


def repo_dir_for(repos_dirs, repo):
    """OWNER+NAME (what the README's snapshot recipe writes) or OWNER/NAME, in the first of the
    repositories folders (searched in the order given) that has it."""
    owner, name = repo.split("/", 1)
    for repos_dir in repos_dirs:
        for cand in (os.path.join(repos_dir, f"{owner}+{name}"), os.path.join(repos_dir, owner, name)):
            if os.path.isdir(cand):
                return cand
    return None


def measured_commit(path):
    """The commit of the checkout: `git rev-parse HEAD`, else a sidecar file DIR.commit next to the
    folder (written when a snapshot is extracted without .git), else None."""
    if os.path.exists(os.path.join(path, ".git")):
        r = subprocess.run(["git", "-C", path, "rev-parse", "HEAD"], capture_output=True, text=True)
        if r.returncode == 0:
            return r.stdout.strip()
    side = path.rstrip("/") + ".commit"
    if os.path.isfile(side):
        with open(side, encoding="utf-8") as f:
            return f.read().strip() or None
    return None


# ---------------------------------------------------------------- running

def gnu_time():
    path = "/usr/bin/time"
    if not os.access(path, os.X_OK):
        return None
    r = subprocess.run([path, "-v", "true"], capture_output=True, text=True)
    return path if r.returncode == 0 and "Maximum resident set size" in r.stderr else None


def parse_gnu_time(text):
    rss_kb = wall = None
    m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", text)
    if m:
        rss_kb = int(m.group(1))
    m = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", text)
    if m:
        wall = int(m.group(1) or 0) * 3600 + int(m.group(2)) * 60 + float(m.group(3))
    return wall, rss_kb


def run_one(binary, path, timeout, timer, extra_args):
    cmd = [binary, "scan", "--format", "json", "--no-cache", "--no-progress"] + extra_args
    with tempfile.TemporaryDirectory(prefix="eco-") as tmp:
        out_path = os.path.join(tmp, "stdout.json")
        err_path = os.path.join(tmp, "stderr.txt")
        time_path = os.path.join(tmp, "time.txt")
        full = ([timer, "-v", "-o", time_path] + cmd) if timer else cmd
        env = dict(os.environ, CI="1", NO_COLOR="1")
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.monotonic()
        with open(out_path, "wb") as out, open(err_path, "wb") as err:
            proc = subprocess.Popen(full, cwd=path, stdout=out, stderr=err, env=env,
                                    start_new_session=True)
            timed_out = False
            try:
                rc = proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                timed_out = True
                os.killpg(proc.pid, signal.SIGKILL)
                rc = proc.wait()
        wall = time.monotonic() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        rss_kb = None
        if timer and os.path.exists(time_path):
            with open(time_path, encoding="utf-8", errors="replace") as f:
                ttext = f.read()
            twall, rss_kb = parse_gnu_time(ttext)
            m = re.search(r"Exit status: (\d+)", ttext)
            if m and not timed_out:
                rc = int(m.group(1))
            m = re.search(r"Command terminated by signal (\d+)", ttext)
            if m and not timed_out:
                rc = 128 + int(m.group(1))
            if twall is not None:
                wall = twall
        if rss_kb is None:
            # ru_maxrss of RUSAGE_CHILDREN is the largest child so far (kB on Linux): only exact
            # when this child is the largest one yet, so say so.
            rss_kb = after.ru_maxrss if after.ru_maxrss > before.ru_maxrss else None
        with open(out_path, "rb") as f:
            stdout = f.read()
        with open(err_path, "rb") as f:
            stderr = f.read().decode("utf-8", errors="replace")
    if rc < 0:
        rc = 128 - rc  # killed by a signal: report as a shell would
    report, parse_error = None, None
    if not timed_out:
        try:
            report = json.loads(stdout.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as e:
            parse_error = f"{type(e).__name__}: {e}"
    return {
        "exit": "timeout" if timed_out else rc,
        "wall_seconds": round(wall, 2),
        "peak_rss_mb": round(rss_kb / 1024, 1) if rss_kb else None,
        "report": report,
        "json_error": parse_error,
        "stderr_tail": stderr[-2000:],
    }


def norm_path(p, root):
    if os.path.isabs(p):
        p = os.path.relpath(p, root)
    while p.startswith("./"):
        p = p[2:]
    return p


def scan_all(args, repos):
    binary = os.path.abspath(args.binary)
    if not os.access(binary, os.X_OK):
        sys.exit(f"error: binary {args.binary} is not executable")
    repos_dirs = [os.path.abspath(d) for d in args.repos_dir]
    timer = gnu_time()
    version = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout.strip()
    with open(binary, "rb") as f:
        sha = hashlib.sha256(f.read()).hexdigest()
    load = os.getloadavg()
    results = []
    for r in repos:
        repo = r["repo"]
        path = repo_dir_for(repos_dirs, repo)
        entry = {"repo": repo, "half": r["half"], "pinned_commit": r["commit"], "kind": r.get("kind", "")}
        if path is None:
            entry.update(exit="missing", measured_commit=None, findings=[], diagnostics=[])
            print(f"  {repo}: not found under the repositories folder(s) (skipped)", file=sys.stderr)
            results.append(entry)
            continue
        entry["measured_commit"] = measured_commit(path)
        print(f"  {repo} …", end="", file=sys.stderr, flush=True)
        res = run_one(binary, path, args.timeout, timer, args.scan_arg or [])
        rep = res.pop("report")
        findings, diagnostics, stats = [], [], {}
        if rep is not None:
            for fd in rep.get("findings", []):
                findings.append({
                    "file": norm_path(fd.get("file", ""), path),
                    "line": fd.get("line"),
                    "column": fd.get("column"),
                    "rule": fd.get("ruleId"),
                    "severity": fd.get("severity"),
                    "message": fd.get("message", ""),
                })
            for dg in rep.get("diagnostics", []):
                diagnostics.append(dg if isinstance(dg, (str, int, float)) else json.dumps(dg, sort_keys=True))
            stats = rep.get("stats", {}) or {}
        findings.sort(key=lambda f: (f["file"], f["line"] or 0, f["column"] or 0, f["rule"] or "", f["message"]))
        diagnostics = sorted(str(d) for d in diagnostics)
        entry.update(res)
        entry.update(findings=findings, diagnostics=diagnostics,
                     files_scanned=stats.get("filesScanned"), lines_scanned=stats.get("linesScanned"),
                     tool_seconds=stats.get("durationSeconds"))
        if res["exit"] in (0, 1):
            entry.pop("stderr_tail", None)
        print(f" exit {entry['exit']}, {entry['wall_seconds']} s, "
              f"{entry['peak_rss_mb']} MB, {len(findings)} findings", file=sys.stderr)
        results.append(entry)
    meta = {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "tool_version": version,
        "tool_commit": args.tool_commit,
        "binary": os.path.basename(binary),
        "binary_sha256": sha[:16],
        "cores": os.cpu_count(),
        "machine": f"{platform.system()} {platform.machine()}",
        "memory_gib": mem_gib(),
        "timer": "GNU time -v" if timer else "wall clock + getrusage(RUSAGE_CHILDREN)",
        "timeout_seconds": args.timeout,
        "load_average_at_start": [round(x, 2) for x in load],
        "scan_command": "keychain-lint scan --format json --no-cache --no-progress"
                        + "".join(" " + shlex.quote(a) for a in (args.scan_arg or [])),
        "only": sorted(args.only) if args.only else None,
        "half": args.half,
    }
    return {"meta": meta, "repos": results}


def mem_gib():
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    return round(int(line.split()[1]) / 1024 / 1024)
    except OSError:
        pass
    return None


# ---------------------------------------------------------------- scoring

def score(data, labels):
    scanned = {r["repo"] for r in data["repos"] if r["exit"] not in ("missing",)}
    found = {}
    for r in data["repos"]:
        for f in r.get("findings", []):
            key = (r["repo"], f["file"], f["line"], f["rule"])
            found.setdefault(key, []).append(f)
    by_key = {label_key(l): l for l in labels}
    rules = {}

    def row(rule):
        return rules.setdefault(rule, {"TP": 0, "FP": 0, "FN": 0, "DEBATABLE": 0, "unlabelled": 0,
                                       "fixed_FP": 0, "core_TP": 0, "core_FN": 0})

    outcome = []  # per label: what happened in this run
    for lab in sorted(labels, key=lambda l: (l["repo"], l["file"], l["line"], l["rule"], l["id"])):
        if lab["repo"] not in scanned:
            continue
        key = label_key(lab)
        hit = key in found
        v = lab["verdict"]
        if v == "objc-uncovered":
            outcome.append((lab, "reported" if hit else "uncovered"))
            continue
        rw = row(lab["rule"])
        if v in ("TP", "FN"):
            rw["TP" if hit else "FN"] += 1
            if lab["scope"] == "core":
                rw["core_TP" if hit else "core_FN"] += 1
            outcome.append((lab, ("found" if hit else "missed") + (" (labelled FN, now found)" if v == "FN" and hit else "")
                            + (" (labelled TP, no longer reported)" if v == "TP" and not hit else "")))
        elif v == "FP":
            if hit:
                rw["FP"] += 1
            else:
                rw["fixed_FP"] += 1
            outcome.append((lab, "reported" if hit else "no longer reported"))
        elif v == "DEBATABLE":
            if hit:
                rw["DEBATABLE"] += 1
            outcome.append((lab, "reported" if hit else "no longer reported"))
    unlabelled = []
    for key in sorted(found):
        if key not in by_key:
            row(key[3])["unlabelled"] += 1
            for f in found[key][:1]:
                unlabelled.append((key[0], f))
    for rw in rules.values():
        rw["precision"] = ratio(rw["TP"], rw["TP"] + rw["FP"])
        rw["recall"] = ratio(rw["TP"], rw["TP"] + rw["FN"])
        rw["core_recall"] = ratio(rw["core_TP"], rw["core_TP"] + rw["core_FN"])
    total = {k: sum(rw[k] for rw in rules.values())
             for k in ("TP", "FP", "FN", "DEBATABLE", "unlabelled", "fixed_FP", "core_TP", "core_FN")}
    total["precision"] = ratio(total["TP"], total["TP"] + total["FP"])
    total["recall"] = ratio(total["TP"], total["TP"] + total["FN"])
    total["core_recall"] = ratio(total["core_TP"], total["core_TP"] + total["core_FN"])
    return {"rules": dict(sorted(rules.items())), "total": total, "outcome": outcome, "unlabelled": unlabelled}


def score_halves(data, labels, half_of):
    """Scores of each half present in the run, then of both together ("all"). half_of maps a
    repository to its half (from repos.tsv); a label of a repository not in repos.tsv is in no half."""
    present = [h for h in HALVES if any(half_of.get(r["repo"]) == h for r in data["repos"])]
    out = {}
    for h in present:
        sub = dict(data, repos=[r for r in data["repos"] if half_of.get(r["repo"]) == h])
        out[h] = score(sub, [l for l in labels if half_of.get(l["repo"]) == h])
    out["all"] = score(data, labels)
    return out


def half_title(h):
    return "both halves" if h == "all" else f"{h} half"


def ratio(a, b):
    return round(a / b, 4) if b else None


def pct(x):
    return "–" if x is None else f"{100 * x:.0f}%"


# ---------------------------------------------------------------- reports

def repo_rows(data):
    rows = []
    order = {h: i for i, h in enumerate(HALVES)}
    for r in sorted(data["repos"], key=lambda r: (order.get(r.get("half"), len(HALVES)), r["repo"].lower())):
        ex = r["exit"]
        status = "ok" if ex in (0, 1) else ("TIMEOUT" if ex == "timeout" else ("not fetched" if ex == "missing" else "FAILED"))
        if r.get("json_error") and ex in (0, 1):
            status = "bad JSON"
        rows.append((r["repo"], r.get("half", ""), r.get("measured_commit"), r["pinned_commit"], r.get("files_scanned"),
                     r.get("lines_scanned"), r.get("wall_seconds"), r.get("peak_rss_mb"), ex,
                     len(r.get("findings", [])), status, len(r.get("diagnostics", []))))
    return rows


def fmt_num(x, nd=None):
    if x is None:
        return "–"
    if nd is not None:
        return f"{x:.{nd}f}"
    return f"{x:,}" if isinstance(x, int) else str(x)


def rule_lines_text(sc):
    out = []
    hdr = f"{'rule':50} {'TP':>4} {'FP':>4} {'FN':>4} {'DEB':>4} {'prec':>6} {'recall':>7} {'core rec':>9} {'unlab':>6} {'FPgone':>7}"
    out.append(hdr)
    for rule, rw in sc["rules"].items():
        out.append(f"{rule:50} {rw['TP']:>4} {rw['FP']:>4} {rw['FN']:>4} {rw['DEBATABLE']:>4} {pct(rw['precision']):>6} "
                   f"{pct(rw['recall']):>7} {pct(rw['core_recall']):>9} {rw['unlabelled']:>6} {rw['fixed_FP']:>7}")
    t = sc["total"]
    out.append(f"{'ALL':50} {t['TP']:>4} {t['FP']:>4} {t['FN']:>4} {t['DEBATABLE']:>4} {pct(t['precision']):>6} "
               f"{pct(t['recall']):>7} {pct(t['core_recall']):>9} {t['unlabelled']:>6} {t['fixed_FP']:>7}")
    return out


def text_report(data, halves, problems):
    """halves: score_halves() output (each half present, then "all")."""
    out = []
    m = data["meta"]
    sc = halves["all"]
    out.append(f"keychain-lint {m['tool_version']} (commit {m['tool_commit'] or 'unknown'}, binary {m['binary']} sha256 {m['binary_sha256']}), "
               f"{m['date']}, {m['cores']} cores, {m['machine']}")
    out.append("")
    out.append("Per half (labelled sites; DEBATABLE not in precision; recall over TP+FN labels, core = weak value fixed in the scanned code):")
    out.append(f"{'half':50} {'TP':>4} {'FP':>4} {'FN':>4} {'DEB':>4} {'prec':>6} {'recall':>7} {'core rec':>9} {'unlab':>6} {'FPgone':>7}")
    for h, hs in halves.items():
        t = hs["total"]
        out.append(f"{half_title(h):50} {t['TP']:>4} {t['FP']:>4} {t['FN']:>4} {t['DEBATABLE']:>4} {pct(t['precision']):>6} "
                   f"{pct(t['recall']):>7} {pct(t['core_recall']):>9} {t['unlabelled']:>6} {t['fixed_FP']:>7}")
    for h, hs in halves.items():
        if h == "all":
            continue
        out.append("")
        out.append(f"Per rule, {half_title(h)}:")
        out.extend(rule_lines_text(hs))
    out.append("")
    out.append("Per repository:")
    out.append(f"{'repository':40} {'half':11} {'commit':8} {'files':>6} {'lines':>8} {'wall s':>7} {'RSS MB':>7} {'exit':>7} {'finds':>6}  status")
    for (repo, half, mc, pc, files, lines, wall, rss, ex, n, status, ndiag) in repo_rows(data):
        c = (mc or "?")[:8]
        if mc and mc != pc:
            c += "*"
        out.append(f"{repo:40} {half:11} {c:8} {fmt_num(files):>6} {fmt_num(lines):>8} {fmt_num(wall):>7} {fmt_num(rss):>7} "
                   f"{str(ex):>7} {n:>6}  {status}{f' ({ndiag} diagnostics)' if ndiag else ''}")
    for r in data["repos"]:
        if r["exit"] not in (0, 1, "missing"):
            out.append(f"  {r['repo']}: exit {r['exit']}; stderr tail: {r.get('stderr_tail', '').strip()[-400:]}")
        if r.get("json_error"):
            out.append(f"  {r['repo']}: JSON error: {r['json_error']}")
    objc = [(lab, what) for lab, what in sc["outcome"] if lab["verdict"] == "objc-uncovered"]
    if objc:
        out.append("")
        out.append(f"Objective-C sites no rule covers yet ({len(objc)}):")
        for lab, what in objc:
            out.append(f"  {lab['id']} {lab['repo']} {lab['file']}:{lab['line']} {lab['rule']} [{what}]")
    changed = [(lab, what) for lab, what in sc["outcome"]
               if ("now found" in what or "no longer reported" in what)]
    if changed:
        out.append("")
        out.append("Labels whose status changed since they were labelled:")
        for lab, what in changed:
            out.append(f"  {lab['id']} {lab['verdict']:9} {lab['repo']} {lab['file']}:{lab['line']} {lab['rule']}: {what}")
    out.append("")
    out.append(f"Unlabelled findings ({len(sc['unlabelled'])}), to triage into labels.tsv:")
    for repo, f in sc["unlabelled"]:
        out.append(f"  {repo}\t{f['file']}:{f['line']}\t{f['rule']}\t{f['message']}")
    if problems:
        out.append("")
        out.append("Problems in labels.tsv:")
        out.extend("  " + p for p in problems)
    return "\n".join(out)


def md_rule_table(sc):
    L = []
    L.append("| rule | TP | FP | FN | debatable | precision | recall | core recall | unlabelled | FP gone |")
    L.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for rule, rw in sc["rules"].items():
        L.append(f"| `{rule}` | {rw['TP']} | {rw['FP']} | {rw['FN']} | {rw['DEBATABLE']} | {pct(rw['precision'])} | "
                 f"{pct(rw['recall'])} | {pct(rw['core_recall'])} | {rw['unlabelled']} | {rw['fixed_FP']} |")
    t = sc["total"]
    L.append(f"| **all rules** | **{t['TP']}** | **{t['FP']}** | **{t['FN']}** | **{t['DEBATABLE']}** | "
             f"**{pct(t['precision'])}** | **{pct(t['recall'])}** | **{pct(t['core_recall'])}** | **{t['unlabelled']}** | **{t['fixed_FP']}** |")
    return L


def md_targets(data, sc, half):
    """The targets line of one half ("all" = both)."""
    ok = [r for r in data["repos"] if r["exit"] != "missing" and (half == "all" or r.get("half") == half)]
    t = sc["total"]
    slow = [r["repo"] for r in ok if (r.get("wall_seconds") or 0) > 5]
    failed = [r["repo"] for r in ok if r["exit"] not in (0, 1)]

    def met(b):
        return "met" if b else "**not met**"
    return (f"Targets, {half_title(half)}: precision ≥ 97%: " + met((t["precision"] or 0) >= 0.97)
            + f" ({pct(t['precision'])}); core recall ≥ 93%: " + met((t["core_recall"] or 0) >= 0.93)
            + f" ({pct(t['core_recall'])}); no crash, exit code 0 or 1 everywhere: " + met(not failed)
            + (f" ({', '.join(failed)})" if failed else "")
            + "; every repository in ≤ 5 s: " + met(not slow) + (f" ({', '.join(slow)})" if slow else "") + ".")


def markdown(data, halves, command):
    m = data["meta"]
    sc = halves["all"]
    L = []
    L.append("# Ecosystem check: results")
    L.append("")
    L.append("Written by `Benchmarks/ecosystem/run.py --write-results` (do not edit by hand; re-run it). "
             "What is measured and how to read it: [README.md](README.md). Every finding with its message is in "
             "[results.json](results.json).")
    L.append("")
    L.append(f"- Date: {m['date']}")
    L.append(f"- keychain-lint: {m['tool_version']}, commit {m['tool_commit'] or 'unknown'} (release build, "
             f"binary sha256 {m['binary_sha256']}…), `--jobs` default (one worker per core)")
    L.append(f"- Machine: {m['cores']} cores, {m['memory_gib']} GiB memory, {m['machine']}; time and peak RSS from {m['timer']}; "
             f"timeout {m['timeout_seconds']} s per repository; load average at start "
             f"{', '.join(str(x) for x in m.get('load_average_at_start') or []) or 'unknown'}")
    L.append(f"- Command: `{command}`; in each repository root it runs `{m['scan_command']}`")
    counts = ", ".join(f"{len(hs['outcome'])} in the {h} half" for h, hs in halves.items() if h != "all")
    L.append(f"- Labels: [labels.tsv](labels.tsv), {len(sc['outcome'])} labelled sites in the repositories scanned ({counts})")
    L.append("")
    L.append("## Per half")
    L.append("")
    L.append("The repositories form two halves (column `half` of [repos.tsv](repos.tsv)): the **development** half, "
             "which fixes are developed against, and the **validation** half, held-out repositories that are only "
             "measured (no fix is developed against them). Each number below says which half it comes from; "
             "*both halves* counts every labelled site once.")
    L.append("")
    L.append("| half | repositories | TP | FP | FN | debatable | precision | recall | core recall | unlabelled | FP gone |")
    L.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for h, hs in halves.items():
        t = hs["total"]
        nrep = sum(1 for r in data["repos"] if r["exit"] != "missing" and (h == "all" or r.get("half") == h))
        name = f"**{half_title(h)}**" if h == "all" else h
        L.append(f"| {name} | {nrep} | {t['TP']} | {t['FP']} | {t['FN']} | {t['DEBATABLE']} | {pct(t['precision'])} | "
                 f"{pct(t['recall'])} | {pct(t['core_recall'])} | {t['unlabelled']} | {t['fixed_FP']} |")
    L.append("")
    for h in halves:
        L.append(md_targets(data, halves[h], h))
        L.append("")
    L.append("## Per rule")
    L.append("")
    L.append("A finding matches a label when repository, file, line and rule are equal. TP and FP count labelled "
             "findings; FN counts sites labelled TP or FN that were not reported. DEBATABLE findings are counted "
             "apart and are not in precision. *Core recall* leaves out library options (a weak value a wrapper "
             "library offers its callers) and test code. *Unlabelled* findings are not scored until they are "
             "triaged; *FP gone* counts sites labelled FP that are no longer reported.")
    L.append("")
    for h, hs in halves.items():
        if h == "all":
            continue
        L.append(f"### Per rule, {half_title(h)}")
        L.append("")
        L.extend(md_rule_table(hs))
        L.append("")
    objc = [(lab, what) for lab, what in sc["outcome"] if lab["verdict"] == "objc-uncovered"]
    if objc:
        rep = sum(1 for _, w in objc if w == "reported")
        L.append(f"Objective-C sites no rule covers yet: {len(objc)} ({rep} reported).")
        L.append("")
    L.append("## Per repository")
    L.append("")
    L.append("| repository | half | commit measured | files scanned (Swift, Objective-C) | lines | wall s | peak RSS MB | exit | findings | status |")
    L.append("|---|---|---|---:|---:|---:|---:|---:|---:|---|")
    tot_wall = 0.0
    for (repo, half, mc, pc, files, lines, wall, rss, ex, n, status, ndiag) in repo_rows(data):
        c = f"`{mc[:10]}`" if mc else "unknown"
        if mc and mc != pc:
            c += f" (pinned `{pc[:10]}`)"
        tot_wall += wall or 0
        if ndiag:
            status += f" ({ndiag} diagnostic{'s' if ndiag > 1 else ''})"
        L.append(f"| {repo} | {half} | {c} | {fmt_num(files)} | {fmt_num(lines)} | {fmt_num(wall)} | {fmt_num(rss)} | {ex} | {n} | {status} |")
    L.append("")
    L.append(f"Total wall time {tot_wall:.1f} s. Exit code 1 means findings; anything but 0/1 is a failure.")
    L.append("")
    diags = [(r["repo"], d) for r in data["repos"] for d in r.get("diagnostics", [])]
    if diags:
        L.append("Diagnostics keychain-lint reported (skipped files, analysis limits):")
        L.append("")
        for repo, d in diags:
            try:
                j = json.loads(d)
                L.append(f"- {repo} `{j.get('file', '')}:{j.get('line', '')}`: {j.get('message', '')}")
            except (ValueError, AttributeError):
                L.append(f"- {repo}: {d}")
        L.append("")
    bad = [r for r in data["repos"] if r["exit"] not in (0, 1, "missing")]
    for r in bad:
        L.append(f"- {r['repo']}: exit {r['exit']}")
    if bad:
        L.append("")
    L.append("## Unlabelled findings")
    L.append("")
    if sc["unlabelled"]:
        L.append(f"{len(sc['unlabelled'])} findings have no label yet:")
        L.append("")
        for repo, f in sc["unlabelled"]:
            L.append(f"- {repo} `{f['file']}:{f['line']}` `{f['rule']}`")
    else:
        L.append("None: every finding of this run is labelled.")
    L.append("")
    return "\n".join(L)


def strip_for_commit(data):
    """results.json as committed: no stderr of successful runs, nothing machine-specific."""
    d = json.loads(json.dumps(data))
    for r in d["repos"]:
        r.pop("stderr_tail", None) if r.get("exit") in (0, 1) else None
    return d


# ---------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=os.environ.get("KEYCHAIN_LINT", "keychain-lint"),
                    help="keychain-lint release binary (default: $KEYCHAIN_LINT, else keychain-lint on PATH)")
    ap.add_argument("--repos-dir", action="append",
                    help="folder with one checkout per repository, named OWNER+NAME or OWNER/NAME; repeatable, "
                         "the folders are searched in the order given (default: $ECOSYSTEM_REPOS, several "
                         f"folders separated by {os.pathsep!r})")
    ap.add_argument("--half", choices=HALVES, help="scan (or rescore) only the repositories of this half")
    ap.add_argument("--only", action="append", metavar="OWNER/NAME", help="scan only this repository (repeatable)")
    ap.add_argument("--timeout", type=float, default=600, help="seconds per repository (default 600)")
    ap.add_argument("--tool-commit", help="the keychain-lint commit the binary was built from (recorded in the results)")
    ap.add_argument("--scan-arg", action="append", help="extra argument for `keychain-lint scan` (repeatable)")
    ap.add_argument("--out", default=DEFAULT_OUT, help="machine-readable results of this run (default: Benchmarks/ecosystem/.out/results.json)")
    ap.add_argument("--rescore", action="store_true", help="do not scan: score the results in --from against the current labels")
    ap.add_argument("--from", dest="from_file", default=DEFAULT_OUT, help="results file for --rescore")
    ap.add_argument("--write-results", action="store_true", help="also write RESULTS.md and results.json in Benchmarks/ecosystem")
    ap.add_argument("--quiet", action="store_true", help="do not list unlabelled findings")
    args = ap.parse_args()
    if not args.repos_dir and os.environ.get("ECOSYSTEM_REPOS"):
        args.repos_dir = [d for d in os.environ["ECOSYSTEM_REPOS"].split(os.pathsep) if d]

    if args.binary and os.sep not in args.binary and not os.path.exists(args.binary):
        from shutil import which
        args.binary = which(args.binary) or args.binary
    repos = load_repos()
    known = {r["repo"] for r in repos}
    half_of = {r["repo"]: r["half"] for r in repos}
    if args.only:
        unknown = sorted(set(args.only) - known)
        if unknown:
            sys.exit(f"error: not in repos.tsv: {', '.join(unknown)}")
        repos = [r for r in repos if r["repo"] in set(args.only)]
    if args.half:
        repos = [r for r in repos if r["half"] == args.half]
    repos.sort(key=lambda r: r["repo"].lower())
    labels, problems = load_labels()
    problems += [f"label {l['id']}: repository {l['repo']} is not in repos.tsv (so in no half)"
                 for l in labels if l["repo"] not in known]

    if args.rescore:
        with open(args.from_file, encoding="utf-8") as f:
            data = json.load(f)
        if args.only:
            data["repos"] = [r for r in data["repos"] if r["repo"] in set(args.only)]
        if args.half:
            data["repos"] = [r for r in data["repos"] if half_of.get(r["repo"]) == args.half]
        for r in data["repos"]:  # the half is repos.tsv's, also for results written before halves existed
            r["half"] = half_of.get(r["repo"], "")
        command = data["meta"].get("command", "Benchmarks/ecosystem/run.py")
    else:
        if not args.repos_dir:
            sys.exit("error: --repos-dir (or $ECOSYSTEM_REPOS) is required to scan")
        if not args.tool_commit:
            bdir = os.path.dirname(os.path.abspath(args.binary))
            r = subprocess.run(["git", "-C", bdir, "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
            args.tool_commit = (r.stdout.strip() + " (assumed: HEAD of the binary's folder)") if r.returncode == 0 else None
        print(f"scanning {len(repos)} repositories with {args.binary}", file=sys.stderr)
        data = scan_all(args, repos)
        command = "Benchmarks/ecosystem/run.py --binary BINARY" + " --repos-dir DIR" * len(args.repos_dir)
        if args.half:
            command += f" --half {args.half}"
        if args.tool_commit and "assumed" not in args.tool_commit:
            command += f" --tool-commit {args.tool_commit}"
        if args.only:
            command += "".join(f" --only {o}" for o in sorted(args.only))
        if args.write_results:
            command += " --write-results"
        data["meta"]["command"] = command
        os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1, sort_keys=True, ensure_ascii=False)
            f.write("\n")
        print(f"results written to {args.out}", file=sys.stderr)

    halves = score_halves(data, labels, half_of)
    if args.quiet:
        halves_print = {h: dict(hs, unlabelled=[]) for h, hs in halves.items()}
    else:
        halves_print = halves
    print(text_report(data, halves_print, problems))
    if args.write_results:
        if data["meta"].get("only") or data["meta"].get("half") or args.only or args.half:
            sys.exit("error: --write-results needs a run over all repositories of both halves (this one used --only or --half)")
        missing_half = [h for h in HALVES if any(r["half"] == h for r in load_repos()) and h not in halves]
        if missing_half:
            sys.exit(f"error: --write-results needs a run over all repositories; the results have none of the {', '.join(missing_half)} half")
        with open(RESULTS_MD, "w", encoding="utf-8") as f:
            f.write(markdown(data, halves, command))
        with open(RESULTS_JSON, "w", encoding="utf-8") as f:
            json.dump(strip_for_commit(data), f, indent=1, sort_keys=True, ensure_ascii=False)
            f.write("\n")
        print(f"wrote {os.path.relpath(RESULTS_MD)} and {os.path.relpath(RESULTS_JSON)}", file=sys.stderr)
    failed = [r for r in data["repos"] if r["exit"] not in (0, 1, "missing")]
    return 3 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
