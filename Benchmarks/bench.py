#!/usr/bin/env python3
"""Helpers for Benchmarks/run.sh: corpus subsets, finding counts, evaluation and the report.

  bench.py subset CORPUS OUT PERCENT      hard-link a deterministic PERCENT% of CORPUS's .swift files
                                          into OUT (every file of the real share is taken evenly from
                                          the sorted list; the generated share by whole modules, so
                                          cross-file references inside a module stay intact)
  bench.py count-lines DIR [objc]         print "files lines" of the .swift files under DIR (with objc: the .m/.mm/.h files)
  bench.py report WORK                    read WORK/results/* and print the Markdown report

Only the Python standard library is used.
"""

import json
import os
import statistics
import sys

WEAK_ACL = "swift.weak_biometric_acl"
WEAK_ACCESSIBILITY = "swift.weak_keychain_accessibility"
BOOL_AUTH = "swift.boolean_only_local_authentication"
PASSCODE = "swift.passcode_fallback_acl"

# Semgrep rule id (as written in Benchmarks/semgrep/keychain-rules.yml) -> keychain-lint rule it mirrors.
SEMGREP_RULES = {
    "keychain-weak-biometric-acl": ("Semgrep keychain-* (AST/taint)", WEAK_ACL),
    "keychain-weak-keychain-accessibility": ("Semgrep keychain-* (AST/taint)", WEAK_ACCESSIBILITY),
    "mobsfscan-like-ios-biometric-acl": ("Semgrep mobsfscan-like (regex)", WEAK_ACL),
    "mobsfscan-like-ios-keychain-weak-accessibility-value": ("Semgrep mobsfscan-like (regex)", WEAK_ACCESSIBILITY),
    "mobsfscan-like-ios-biometric-bool": ("Semgrep mobsfscan-like (regex)", BOOL_AUTH),
    "mobsfscan-like-ios-keychain-weak-acl-device-passcode": ("Semgrep mobsfscan-like (regex)", PASSCODE),
}


def swift_files(root, suffixes=(".swift",)):
    found = []
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(suffixes):
                found.append(os.path.relpath(os.path.join(folder, name), root))
    return sorted(found)


def count_lines(path):
    with open(path, "rb") as handle:
        return handle.read().count(b"\n")


# -- subset ------------------------------------------------------------------------------------

def evenly(items, percent):
    """A deterministic, evenly spread `percent`% of `items` (item i is taken when floor(i*p/100) steps)."""
    chosen = []
    for index, item in enumerate(items):
        if (index + 1) * percent // 100 != index * percent // 100:
            chosen.append(item)
    return chosen


def subset(corpus, out, percent):
    files = swift_files(corpus)
    real = [f for f in files if not f.startswith("generated/")]
    generated = [f for f in files if f.startswith("generated/")]
    modules = sorted({f.split("/")[1] for f in generated})
    keep_modules = set(evenly(modules, percent))
    chosen = evenly(real, percent) + [f for f in generated if f.split("/")[1] in keep_modules]
    lines = 0
    for rel in chosen:
        source = os.path.join(corpus, rel)
        target = os.path.join(out, rel)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        try:
            os.link(source, target)
        except OSError:
            with open(source, "rb") as src, open(target, "wb") as dst:
                dst.write(src.read())
        lines += count_lines(source)
    print(f"{len(chosen)} {lines}")


# -- findings ----------------------------------------------------------------------------------

def load_json(path):
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except (OSError, ValueError):
        return None


def relative_to_corpus(path):
    """`corpus/generated/Module0001/X.swift` -> ("generated", "Module0001/X.swift")."""
    path = path.replace("\\", "/")
    for share in ("generated", "real"):
        marker = f"corpus/{share}/"
        if marker in path:
            return share, path.split(marker, 1)[1]
    return "other", path


def keychain_lint_findings(document):
    """[(rule, share, file, line)] from keychain-lint's JSON."""
    found = []
    for finding in (document or {}).get("findings", []):
        share, rel = relative_to_corpus(finding.get("file", ""))
        found.append((finding.get("ruleId"), share, rel, finding.get("line")))
    return found


def semgrep_rule(check_id):
    for rule_id in SEMGREP_RULES:
        if check_id == rule_id or check_id.endswith("." + rule_id):
            return rule_id
    return check_id


def semgrep_findings(document):
    """[(semgrep rule id, share, file, line)] from Semgrep's JSON."""
    found = []
    for result in (document or {}).get("results", []):
        share, rel = relative_to_corpus(result.get("path", ""))
        found.append((semgrep_rule(result.get("check_id", "")), share, rel, result["start"]["line"]))
    return found


def evaluate(expected, findings, rule):
    """Planted findings found, decoys hit, other findings in generated code, findings in real code."""
    items = [item for item in expected["items"] if item["rule"] == rule]
    planted = [item for item in items if item["category"] == "finding"]
    decoys = [item for item in items if item["category"] == "decoy"]
    at = {}
    for _, share, rel, line in findings:
        if share == "generated":
            at[(rel, line)] = at.get((rel, line), 0) + 1
    known = set()
    found = 0
    for item in planted:
        locations = {(loc["file"], loc["line"]) for loc in item["use"] + item["origins"]}
        known |= locations
        if any(location in at for location in locations):
            found += 1
    decoy_hits = 0
    for item in decoys:
        locations = {(loc["file"], loc["line"]) for loc in item["use"] + item["origins"]}
        known |= locations
        if any(location in at for location in locations):
            decoy_hits += 1
    other = sum(count for location, count in at.items() if location not in known)
    real = sum(1 for _, share, _, _ in findings if share != "generated")
    return {"planted": len(planted), "found": found, "decoys": len(decoys), "decoy_hits": decoy_hits,
            "other": other, "real": real}


# -- report ------------------------------------------------------------------------------------

def read_tsv(path):
    rows = []
    if not os.path.exists(path):
        return rows
    with open(path, encoding="utf-8") as handle:
        header = handle.readline().rstrip("\n").split("\t")
        for line in handle:
            if line.strip():
                rows.append(dict(zip(header, line.rstrip("\n").split("\t"))))
    return rows


def median(values):
    return statistics.median(values) if values else None


def fmt_seconds(value):
    return "n/a" if value is None else f"{value:.2f}"


def fmt_int(value):
    return "n/a" if value is None else f"{value:,}"


def report(work):
    results = os.path.join(work, "results")
    meta = load_json(os.path.join(results, "meta.json")) or {}
    expected = load_json(os.path.join(work, "corpus", "generated", "EXPECTED.json")) or {"items": []}
    timings = read_tsv(os.path.join(results, "timings.tsv"))
    scaling = read_tsv(os.path.join(results, "scaling.tsv"))
    kl_doc = load_json(os.path.join(results, "keychain-lint.json"))
    sg_doc = load_json(os.path.join(results, "semgrep.json"))
    kl = keychain_lint_findings(kl_doc)
    sg = semgrep_findings(sg_doc)

    out = []
    w = out.append
    corpus = meta.get("corpus", {})
    w("## Results")
    w("")
    w(f"- Date: {meta.get('date', 'n/a')}")
    w(f"- Machine: {meta.get('cores', 'n/a')} cores (`nproc`), {meta.get('memory', 'n/a')} memory (`free -g`), {meta.get('os', 'n/a')}")
    w(f"- Swift: {meta.get('swift', 'n/a')}")
    w(f"- keychain-lint: {meta.get('keychain_lint', 'n/a')} (release build)")
    w(f"- Semgrep: {meta.get('semgrep', 'n/a')} (PyPI, `-j {meta.get('semgrep_jobs', '2')}`)")
    w(f"- Command: `{meta.get('command', 'Benchmarks/run.sh')}`")
    w(f"- Runs: {meta.get('runs_note', 'n/a')}")
    w(f"- Cache: {meta.get('cache_note', 'n/a')}")
    w("")
    w("### Corpus")
    w("")
    w("| share | files | lines | what |")
    w("|---|---:|---:|---|")
    w(f"| real | {fmt_int(corpus.get('real_files'))} | {fmt_int(corpus.get('real_lines'))} | "
      f"`*.swift` of {corpus.get('repos', 'n/a')} repositories of the local Swift package mirror, newest tag (or HEAD) |")
    w(f"| generated | {fmt_int(corpus.get('generated_files'))} | {fmt_int(corpus.get('generated_lines'))} | "
      f"Benchmarks/generate_corpus.py (seed {expected.get('seed', 'n/a')}, {expected.get('modules', 'n/a')} modules), planted findings and decoys |")
    w(f"| **total** | **{fmt_int(corpus.get('files'))}** | **{fmt_int(corpus.get('lines'))}** | |")
    w("")
    if corpus.get("warning"):
        w(f"**{corpus['warning']}**")
        w("")
    if corpus.get("skipped_repos"):
        w(f"Skipped repositories: {corpus['skipped_repos']}")
        w("")

    # Timing table.
    def rows_for(tool, cache):
        return [r for r in timings if r["tool"] == tool and r["cache"] == cache]

    w("### Speed and memory (whole corpus)")
    w("")
    w("| tool | files | lines | findings | median s (cold) | median s (warm) | lines/s (warm) | peak RSS MB | runs | load avg at start |")
    w("|---|---:|---:|---:|---:|---:|---:|---:|---|---|")
    loads = []
    medians = {}
    tool_files = {
        "keychain-lint": (kl_doc or {}).get("stats", {}).get("filesScanned"),
        "semgrep": len((sg_doc or {}).get("paths", {}).get("scanned", [])) if sg_doc else None,
    }
    tool_findings = {"keychain-lint": len(kl) if kl_doc else None, "semgrep": len(sg) if sg_doc else None}
    for tool in ("keychain-lint", "semgrep"):
        cold = [float(r["seconds"]) for r in rows_for(tool, "cold") if r["status"] == "ok"]
        warm = [float(r["seconds"]) for r in rows_for(tool, "warm") if r["status"] == "ok"]
        all_rows = rows_for(tool, "cold") + rows_for(tool, "warm")
        rss = [int(r["maxrss_kb"]) for r in all_rows if r["maxrss_kb"].isdigit()]
        failed = [r for r in all_rows if r["status"] != "ok"]
        medians[tool] = median(warm) or median(cold)
        lines = corpus.get("lines")
        speed = (lines / medians[tool]) if (lines and medians[tool]) else None
        runs = f"{len(cold)} cold, {len(warm)} warm"
        if failed:
            runs += f", {len(failed)} FAILED (exit {', '.join(r['exit'] for r in failed)})"
        tool_loads = [float(r["load1"]) for r in all_rows if r.get("load1", "").replace(".", "", 1).isdigit()]
        loads += tool_loads
        load_text = ", ".join(f"{x:.1f}" for x in tool_loads) or "n/a"
        w(f"| {tool} | {fmt_int(tool_files[tool])} | {fmt_int(lines)} | {fmt_int(tool_findings[tool])} | "
          f"{fmt_seconds(median(cold))} | {fmt_seconds(median(warm))} | "
          f"{fmt_int(int(speed)) if speed else 'n/a'} | {f'{max(rss) / 1024:.0f}' if rss else 'n/a'} | {runs} | {load_text} |")
    w("")
    try:
        cores = int(meta.get("cores", 0))
    except ValueError:
        cores = 0
    if cores and loads and max(loads) > cores:
        w(f"**Caveat: the machine was shared.** The 1-minute load average at the start of a timed run was up "
          f"to {max(loads):.1f} on {cores} cores: other processes competed for the CPU, so absolute times are "
          f"inflated and vary between runs; compare tools within one run of this script.")
        w("")
    if medians.get("keychain-lint") and medians.get("semgrep"):
        ratio = medians["semgrep"] / medians["keychain-lint"]
        slower = f": keychain-lint is {1 / ratio:.1f}x slower than Semgrep" if ratio < 1 else ""
        w(f"**Semgrep time / keychain-lint time = {ratio:.1f}x**{slower} (median wall seconds, "
          f"{'warm' if rows_for('semgrep', 'warm') else 'cold'} runs).")
        verdict = []
        verdict.append("meets" if ratio >= 10 else "does NOT meet")
        w("")
        w(f"Target \"10x faster than Semgrep\": keychain-lint {verdict[0]} it on this corpus.")
    fill = [r for r in rows_for("keychain-lint-cache", "fill") if r["status"] == "ok"]
    hit = [r for r in rows_for("keychain-lint-cache", "hit") if r["status"] == "ok"]
    if fill or hit:
        w("")
        w("keychain-lint with its result cache (a private `--cache-dir`, emptied first; the rows above use `--no-cache`):")
        w("")
        w("| keychain-lint run | seconds | peak RSS MB | cache size after the run | Semgrep time / this time |")
        w("|---|---:|---:|---:|---:|")
        for label, rows in (("first run: fills the cache", fill), ("re-run, corpus unchanged: reads the cache", hit)):
            if not rows:
                w(f"| {label} | FAILED | | | |")
                continue
            seconds = median([float(r["seconds"]) for r in rows])
            rss = max(int(r["maxrss_kb"]) for r in rows) / 1024
            ratio = f"{medians['semgrep'] / seconds:.1f}x" if medians.get("semgrep") and seconds else "n/a"
            size = meta.get("kl_cache_size") or "n/a"
            w(f"| {label} | {seconds:.2f} | {rss:.0f} | {size if rows is fill else ''} | {ratio} |")
        w("")
    kl_rss = [int(r["maxrss_kb"]) for r in rows_for("keychain-lint", "cold") + rows_for("keychain-lint", "warm")
              if r["maxrss_kb"].isdigit()]
    if kl_rss:
        peak = max(kl_rss) / 1024
        w(f"Target \"at most 300 MB\": keychain-lint's peak RSS is {peak:.0f} MB: "
          f"{'within' if peak <= 300 else 'OVER'} the target.")
    w("")
    if meta.get("phase_line"):
        w("keychain-lint phase timings (its last timed run, which adds `--verbose`; whole corpus):")
        w("")
        w("```text")
        w(meta["phase_line"])
        w("```")
        w("")
        if meta.get("dominant_phase"):
            w(f"Dominant phase: **{meta['dominant_phase']}**. Phase seconds are added up over worker "
              f"threads, so with several workers their sum can exceed the wall time.")
            w("")
    if sg_doc is not None:
        errors = sg_doc.get("errors", [])
        kinds = {}
        for error in errors:
            kind = error.get("type", "error")
            kind = kind if isinstance(kind, str) else json.dumps(kind)
            kinds[kind] = kinds.get(kind, 0) + 1
        if errors:
            w(f"Semgrep reported {len(errors)} errors/skips: "
              + ", ".join(f"{count} {kind}" for kind, count in sorted(kinds.items())) + ".")
            w("")

    # Cost per line by language.
    languages = read_tsv(os.path.join(results, "languages.tsv"))
    if languages:
        w("### Cost per line by language (keychain-lint, real code only)")
        w("")
        w("The real Swift share alone, and the `.m`, `.mm` and `.h` files of the same repositories "
          "(Objective-C and C, read by the Objective-C front end); same options, no cache.")
        w("")
        w("| language | files | lines | median s | µs per line | peak RSS MB | runs |")
        w("|---|---:|---:|---:|---:|---:|---:|")
        cost = {}
        for language in ("swift", "objc"):
            rows = [r for r in languages if r["language"] == language and r["status"] == "ok"]
            if not rows:
                continue
            seconds = median([float(r["seconds"]) for r in rows])
            lines = int(rows[0]["lines"])
            rss = max(int(r["maxrss_kb"]) for r in rows) / 1024
            cost[language] = seconds * 1e6 / lines if lines else None
            label = "Swift" if language == "swift" else "Objective-C / C"
            w(f"| {label} | {fmt_int(int(rows[0]['files']))} | {fmt_int(lines)} | {seconds:.2f} | "
              f"{cost[language]:.2f} | {rss:.0f} | {len(rows)} |")
        w("")
        if cost.get("swift") and cost.get("objc"):
            verdict = "met" if cost["objc"] <= cost["swift"] else "NOT met"
            w(f"Target \"Objective-C costs no more per line than Swift\": {verdict} "
              f"({cost['objc']:.2f} µs against {cost['swift']:.2f} µs per line).")
            w("")

    # Scaling.
    if scaling:
        w("### Scaling (keychain-lint, subsets of the same corpus)")
        w("")
        w("| share | files | lines | median s | lines/s | peak RSS MB | s per 100k lines | load avg at start |")
        w("|---:|---:|---:|---:|---:|---:|---:|---|")
        per_line = []
        for percent in sorted({int(r["percent"]) for r in scaling}):
            rows = [r for r in scaling if int(r["percent"]) == percent and r["status"] == "ok"]
            if not rows:
                w(f"| {percent}% | n/a | n/a | FAILED | | | | |")
                continue
            seconds = median([float(r["seconds"]) for r in rows])
            lines = int(rows[0]["lines"])
            rss = max(int(r["maxrss_kb"]) for r in rows) / 1024
            load_text = ", ".join(r.get("load1", "n/a") for r in rows)
            w(f"| {percent}% | {int(rows[0]['files']):,} | {lines:,} | {seconds:.2f} | {int(lines / seconds) if seconds else 0:,} | "
              f"{rss:.0f} | {seconds / lines * 100_000:.3f} | {load_text} |")
            per_line.append((percent, seconds / lines))
        w("")
        if len(per_line) >= 2 and per_line[0][1] > 0:
            growth = per_line[-1][1] / per_line[0][1]
            shape = ("roughly linear" if growth < 1.3 else "superlinear: time per line grows with the corpus")
            w(f"Time per line at {per_line[-1][0]}% / at {per_line[0][0]}%: **{growth:.1f}x** ({shape}).")
            w("")

    # Findings and accuracy.
    w("### Findings")
    w("")
    w("Per rule, on the generated share (planted findings found / planted; decoys hit / decoys; findings "
      "at no planted location) and on the real share (any finding). A finding counts as found when it "
      "is on the line keychain-lint reports (the flags argument, the dictionary value) or on a line that "
      "holds the weak value itself (a constant, an enum case, a default value).")
    w("")
    w("| tool / rule set | rule (keychain-lint id) | planted found | decoys hit | other (generated) | real share |")
    w("|---|---|---:|---:|---:|---:|")
    rules_order = [WEAK_ACL, WEAK_ACCESSIBILITY, BOOL_AUTH]
    if kl_doc is not None:
        implemented = sorted({f[0] for f in kl} | set((meta.get("keychain_lint_rules") or [])))
        for rule in rules_order:
            stats = evaluate(expected, [f for f in kl if f[0] == rule], rule)
            note = "" if rule in implemented else " (not implemented yet)"
            w(f"| keychain-lint | {rule}{note} | {stats['found']}/{stats['planted']} | {stats['decoy_hits']}/{stats['decoys']} | "
              f"{stats['other']} | {stats['real']} |")
        others = sorted({f[0] for f in kl} - set(rules_order))
        for rule in others:
            gen = sum(1 for f in kl if f[0] == rule and f[1] == "generated")
            real = sum(1 for f in kl if f[0] == rule and f[1] != "generated")
            w(f"| keychain-lint | {rule} (nothing planted) | | | {gen} | {real} |")
    if sg_doc is not None:
        for rule_id, (family, rule) in SEMGREP_RULES.items():
            mine = [f for f in sg if f[0] == rule_id]
            if rule in rules_order:
                stats = evaluate(expected, mine, rule)
                w(f"| {family}: `{rule_id}` | {rule} | {stats['found']}/{stats['planted']} | "
                  f"{stats['decoy_hits']}/{stats['decoys']} | {stats['other']} | {stats['real']} |")
            else:
                gen = sum(1 for f in mine if f[1] == "generated")
                w(f"| {family}: `{rule_id}` | {rule} (nothing planted) | | | {gen} | {len(mine) - gen} |")
    w("")
    # Per-kind detail.
    detail = [
        (WEAK_ACL, "keychain-weak-biometric-acl", "mobsfscan-like-ios-biometric-acl"),
        (WEAK_ACCESSIBILITY, "keychain-weak-keychain-accessibility", "mobsfscan-like-ios-keychain-weak-accessibility-value"),
    ]
    for rule, taint_id, regex_id in detail:
        for category, title, key in (("finding", "Planted findings of `{}` found, by how the value is written:", "found"),
                                     ("decoy", "Decoys of `{}` reported (false positives), by kind:", "decoy_hits")):
            kinds = sorted({i["kind"] for i in expected["items"] if i["rule"] == rule and i["category"] == category})
            if not kinds:
                continue
            w(title.format(rule))
            w("")
            w(f"| kind | {'planted' if category == 'finding' else 'decoys'} | keychain-lint | Semgrep `{taint_id}` | Semgrep `{regex_id}` |")
            w("|---|---:|---:|---:|---:|")
            for kind in kinds:
                sub = dict(expected)
                sub["items"] = [i for i in expected["items"] if i["kind"] == kind and i["rule"] == rule]
                a = evaluate(sub, [f for f in kl if f[0] == rule], rule)
                b = evaluate(sub, [f for f in sg if f[0] == taint_id], rule)
                c = evaluate(sub, [f for f in sg if f[0] == regex_id], rule)
                total = a["planted"] if category == "finding" else a["decoys"]
                w(f"| {kind} | {total} | {a[key]} | {b[key]} | {c[key]} |")
            w("")
    real_kl = [f for f in kl if f[1] == "real"]
    if real_kl:
        w("keychain-lint findings in the real share:")
        w("")
        for rule, _, rel, line in real_kl[:20]:
            w(f"- `{rel}:{line}` {rule}")
        if len(real_kl) > 20:
            w(f"- … {len(real_kl) - 20} more")
        w("")
    if meta.get("problems"):
        w("### Problems")
        w("")
        for problem in meta["problems"]:
            w(f"- {problem}")
        w("")
    print("\n".join(out))


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    command = sys.argv[1]
    if command == "subset" and len(sys.argv) == 5:
        subset(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    elif command == "count-lines" and len(sys.argv) in (3, 4):
        files = swift_files(sys.argv[2], (".m", ".mm", ".h") if sys.argv[3:] == ["objc"] else (".swift",))
        print(f"{len(files)} {sum(count_lines(os.path.join(sys.argv[2], f)) for f in files)}")
    elif command == "report" and len(sys.argv) == 3:
        report(sys.argv[2])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
