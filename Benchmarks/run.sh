#!/usr/bin/env bash
# keychain-lint vs Semgrep: speed, memory and findings on >= 1.5M lines of real Swift plus a
# generated share with planted findings. See Benchmarks/README.md.
#
#   Benchmarks/run.sh [--quick] [--clean]
#
#   --quick   one (warm) timed run per tool and per scaling step instead of three
#   --clean   rebuild the corpus, the generated share and the Semgrep venv from scratch
#   --report-only   only rewrite the report (Benchmarks/RESULTS.md) from the last run's results
#   --corpus-only   only assemble the corpus in .scratch/corpus (for profiling by hand); no build, no runs
#
# Environment: RUNS (timed runs per tool, default 3, 1 with --quick; the first is a cold-cache run
# when the page cache can be dropped), SEMGREP_RUNS (default RUNS), SCALING_RUNS (default RUNS),
# SEMGREP_JOBS (default 2), MIN_LINES (default 1500000), CACHE_RUNS (default 1: when keychain-lint
# has a result cache, also time one run that fills a private cache and one that re-reads it; 0 skips).
#
# Everything it makes goes to Benchmarks/.scratch/ (git-ignored); the report is printed and written
# to Benchmarks/RESULTS.md.
set -euo pipefail

usage() { sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; }

QUICK=0
CLEAN=0
REPORT_ONLY=0
CORPUS_ONLY=0
for arg in "$@"; do
    case "$arg" in
        --quick) QUICK=1 ;;
        --clean) CLEAN=1 ;;
        --report-only) REPORT_ONLY=1 ;;
        --corpus-only) CORPUS_ONLY=1 ;;
        -h | --help) usage; exit 0 ;;
        *) echo "run.sh: unknown argument '$arg'" >&2; usage >&2; exit 2 ;;
    esac
done

BENCH_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_DIR="$(cd "$BENCH_DIR/.." && pwd)"
WORK="$BENCH_DIR/.scratch"
CORPUS="$WORK/corpus"
RESULTS="$WORK/results"
LOGS="$WORK/logs"
RULES_REL="../semgrep/keychain-rules.yml" # relative to $WORK, where the tools run

write_report() {
    python3 "$BENCH_DIR/bench.py" report "$WORK" > "$RESULTS/report.md"
    {
        echo "# Benchmark results: keychain-lint vs Semgrep"
        echo
        echo "Written by \`Benchmarks/run.sh\` (do not edit by hand; re-run the script). What is measured and"
        echo "how to read it: [README.md](README.md)."
        echo
        cat "$RESULTS/report.md"
    } > "$BENCH_DIR/RESULTS.md"
    cat "$RESULTS/report.md"
}
if [[ $REPORT_ONLY == 1 ]]; then
    [[ -f $RESULTS/meta.json ]] || { echo "run.sh: no results to report: run the benchmark first" >&2; exit 2; }
    write_report
    exit 0
fi

if [[ $QUICK == 1 ]]; then DEFAULT_RUNS=1; else DEFAULT_RUNS=3; fi
RUNS="${RUNS:-$DEFAULT_RUNS}"
SEMGREP_RUNS="${SEMGREP_RUNS:-$RUNS}"
SCALING_RUNS="${SCALING_RUNS:-$RUNS}"
SEMGREP_JOBS="${SEMGREP_JOBS:-2}"
MIN_LINES="${MIN_LINES:-1500000}"
CACHE_RUNS="${CACHE_RUNS:-1}"
SCALING_PERCENTS=(10 25 50)

PROBLEMS=()
problem() { PROBLEMS+=("$*"); echo "run.sh: PROBLEM: $*" >&2; }
step() { printf '\n==> %s\n' "$*" >&2; }
note() { echo "    $*" >&2; }

if [[ $CLEAN == 1 ]]; then
    step "--clean: removing $(basename "$WORK")/{corpus,objc-corpus,subsets,venv,results,logs}"
    rm -rf "$CORPUS" "$WORK/objc-corpus" "$WORK/subsets" "$WORK/venv" "$RESULTS" "$LOGS"
fi
mkdir -p "$WORK" "$RESULTS" "$LOGS"
rm -f "$RESULTS"/*.tsv "$RESULTS"/*.json "$RESULTS"/*.log
START_SECONDS=$SECONDS

# ---------------------------------------------------------------------------------------------
step "Prerequisites"
for tool in git python3 swift tar; do
    command -v "$tool" > /dev/null || { echo "run.sh: '$tool' is required" >&2; exit 2; }
done
if [[ ! -x /usr/bin/time ]]; then
    note "/usr/bin/time is missing: installing Debian's 'time' package"
    if [[ $(id -u) == 0 ]] && command -v apt-get > /dev/null; then
        apt-get update > "$LOGS/apt.log" 2>&1 && apt-get install -y time >> "$LOGS/apt.log" 2>&1
    fi
    [[ -x /usr/bin/time ]] || { echo "run.sh: /usr/bin/time (GNU time) is required: apt-get install time" >&2; exit 2; }
fi

if [[ $CORPUS_ONLY == 0 ]]; then
# ---------------------------------------------------------------------------------------------
# The binary users install: `make install` links the Swift runtime statically on Linux, which
# also starts each process faster (about 8 ms less than the dynamically linked build).
BUILD_FLAGS=(-c release --product keychain-lint)
[[ $(uname -s) == Linux ]] && BUILD_FLAGS+=(--static-swift-stdlib)
step "a. Release build of keychain-lint (swift build ${BUILD_FLAGS[*]}; log: logs/build.log)"
# A source edited while it compiles fails the build ("was modified during the build"): try again.
for attempt in 1 2 3; do
    if (cd "$REPO_DIR" && swift build "${BUILD_FLAGS[@]}" > "$LOGS/build.log" 2>&1); then break; fi
    if [[ $attempt -lt 3 ]] && grep -q 'modified during the build' "$LOGS/build.log"; then
        note "a source file changed during the build; building again"
        continue
    fi
    tail -20 "$LOGS/build.log" >&2
    echo "run.sh: release build failed" >&2
    exit 2
done
BIN_DIR="$(cd "$REPO_DIR" && swift build "${BUILD_FLAGS[@]}" --show-bin-path)"
[[ -x $BIN_DIR/keychain-lint ]] || { echo "run.sh: no keychain-lint binary in the release bin path" >&2; exit 2; }
# Measure a copy, so that a rebuild in .build during the benchmark cannot swap the binary.
mkdir -p "$WORK/bin"
cp "$BIN_DIR/keychain-lint" "$WORK/bin/keychain-lint"
KEYCHAIN_LINT="$WORK/bin/keychain-lint"
TREE="$(git -C "$REPO_DIR" describe --always --dirty 2> /dev/null || echo unknown)"
note "binary: .build/$(basename "$(dirname "$BIN_DIR")")/$(basename "$BIN_DIR")/keychain-lint (copied to $(basename "$WORK")/bin), tree $TREE"
fi

# The local package mirror: where git's url.<base>.insteadOf sends https://github.com/.
find_mirror() {
    MIRROR=""
    while read -r key value; do
        if [[ $value == "https://github.com/" ]]; then
            MIRROR="${key#url.}"
            MIRROR="${MIRROR%.insteadof}"
            break
        fi
    done < <(git config --get-regexp '^url\..*\.insteadof$' || true)
    MIRROR="${MIRROR#file://}"
    if [[ -z $MIRROR || ! -d $MIRROR ]]; then
        echo "run.sh: no local package mirror: git config has no url.<dir>.insteadOf https://github.com/ pointing to a folder" >&2
        exit 2
    fi
}

# ---------------------------------------------------------------------------------------------
step "b. Real corpus: Swift sources of the local package mirror"
REAL="$CORPUS/real"
if [[ -f $REAL/.complete ]]; then
    note "reusing $(basename "$CORPUS")/real (use --clean to rebuild)"
else
    find_mirror
    MIRROR_REAL="$(cd "$MIRROR" && pwd -P)"
    note "mirror found through git's url.*.insteadOf (not printed: machine-specific path)"
    rm -rf "$REAL"
    mkdir -p "$REAL"
    MANIFEST="$REAL/MANIFEST.tsv"
    printf 'repository\tref\tcommit\tswift_files\tlines\n' > "$MANIFEST"
    declare -A SEEN=()
    SKIPPED=()
    while IFS= read -r -d '' repo; do
        physical="$(cd "$repo" && pwd -P)"
        [[ -n ${SEEN[$physical]:-} ]] && continue # a symlinked alias (other case, renamed owner)
        SEEN[$physical]=1
        if [[ $physical == "$MIRROR_REAL"/* ]]; then rel="${physical#"$MIRROR_REAL"/}"; else rel="${repo#"$MIRROR"}"; rel="${rel#/}"; fi
        name="${rel%.git}"
        ref="$(git -C "$repo" for-each-ref --sort=-v:refname --count=1 --format='%(refname:short)' refs/tags 2> /dev/null || true)"
        [[ -n $ref ]] || ref=HEAD
        if ! commit="$(git -C "$repo" rev-parse --verify --quiet "$ref^{commit}")"; then
            SKIPPED+=("$name (no commit at $ref)")
            continue
        fi
        dest="$REAL/$name"
        mkdir -p "$dest"
        if ! (git -C "$repo" archive --format=tar "$commit" -- '*.swift' 2> "$LOGS/archive.err" | tar -x -C "$dest" 2>> "$LOGS/archive.err"); then
            SKIPPED+=("$name ($(head -1 "$LOGS/archive.err" | cut -c1-100))")
            rm -rf "$dest"
            continue
        fi
        find "$dest" -type l -delete # symlinked sources: keep regular files only
        read -r files lines < <(python3 "$BENCH_DIR/bench.py" count-lines "$dest")
        if [[ $files == 0 ]]; then
            SKIPPED+=("$name (no .swift files at $ref)")
            rm -rf "$dest"
            continue
        fi
        printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$ref" "$commit" "$files" "$lines" >> "$MANIFEST"
    done < <(find -L "$MIRROR" -mindepth 2 -maxdepth 2 -type d -name '*.git' -print0 | sort -z)
    printf '%s\n' "${SKIPPED[@]+"${SKIPPED[@]}"}" > "$REAL/SKIPPED.txt"
    touch "$REAL/.complete"
fi
read -r REAL_FILES REAL_LINES < <(python3 "$BENCH_DIR/bench.py" count-lines "$REAL")
REPOS=$(($(wc -l < "$REAL/MANIFEST.tsv") - 1))
SKIPPED_REPOS="$(grep -v '^$' "$REAL/SKIPPED.txt" | paste -sd ';' - || true)"
note "$REPOS repositories, $REAL_FILES files, $REAL_LINES lines (wc -l)"
[[ -n $SKIPPED_REPOS ]] && note "skipped: $SKIPPED_REPOS"
CORPUS_WARNING=""
if ((REAL_LINES < MIN_LINES)); then
    CORPUS_WARNING="WARNING: the real corpus has only $REAL_LINES lines, below the $MIN_LINES-line target: results are not comparable to a full run."
    problem "$CORPUS_WARNING"
    printf '\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n%s\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n\n' "$CORPUS_WARNING" >&2
fi

# ---------------------------------------------------------------------------------------------
step "b2. Objective-C corpus: the .m, .mm and .h files of the same mirror (for the cost per line by language)"
# Kept apart from the compared corpus: Semgrep's rules are Swift rules, and the comparison must be
# on the same files.
OBJC="$WORK/objc-corpus"
if [[ -f $OBJC/.complete ]]; then
    note "reusing $(basename "$OBJC") (use --clean to rebuild)"
else
    find_mirror
    rm -rf "$OBJC"
    mkdir -p "$OBJC/corpus"
    while IFS=$'\t' read -r name ref commit _; do
        [[ $name == repository ]] && continue
        repo="$MIRROR/$name.git"
        [[ -d $repo ]] || continue
        dest="$OBJC/corpus/$name"
        mkdir -p "$dest"
        # One pattern at a time: git archive fails on a pattern that matches nothing.
        for pattern in '*.m' '*.mm' '*.h'; do
            git -C "$repo" archive --format=tar "$commit" -- "$pattern" 2> /dev/null | tar -x -C "$dest" 2> /dev/null || true
        done
        find "$dest" -type l -delete
        find "$dest" -depth -type d -empty -delete
    done < "$REAL/MANIFEST.tsv"
    touch "$OBJC/.complete"
fi
read -r OBJC_FILES OBJC_LINES < <(python3 "$BENCH_DIR/bench.py" count-lines "$OBJC/corpus" objc)
note "$OBJC_FILES Objective-C/C files, $OBJC_LINES lines (wc -l)"

# ---------------------------------------------------------------------------------------------
step "c. Generated share with planted findings (generate_corpus.py)"
GENERATED="$CORPUS/generated"
TARGET_GENERATED=$((REAL_LINES / 9)) # generated = 10% of all lines
STAMP="target-lines=$TARGET_GENERATED $(sha1sum "$BENCH_DIR/generate_corpus.py" | cut -c1-12)"
if [[ -f $GENERATED/.complete && "$(cat "$GENERATED/.complete")" == "$STAMP" ]]; then
    note "reusing $(basename "$CORPUS")/generated"
else
    python3 "$BENCH_DIR/generate_corpus.py" "$GENERATED" --target-lines "$TARGET_GENERATED" >&2
    echo "$STAMP" > "$GENERATED/.complete"
fi
read -r GEN_FILES GEN_LINES < <(python3 "$BENCH_DIR/bench.py" count-lines "$GENERATED")
TOTAL_FILES=$((REAL_FILES + GEN_FILES))
TOTAL_LINES=$((REAL_LINES + GEN_LINES))
note "generated: $GEN_FILES files, $GEN_LINES lines; corpus total: $TOTAL_FILES files, $TOTAL_LINES lines"
: > "$CORPUS/.semgrepignore" # empty: Semgrep's default ignore list (tests/, build/, vendor/, ...) must not apply
if [[ $CORPUS_ONLY == 1 ]]; then
    echo "run.sh: corpus ready in $(basename "$WORK")/corpus ($TOTAL_FILES files, $TOTAL_LINES lines)" >&2
    exit 0
fi

# ---------------------------------------------------------------------------------------------
step "d. Semgrep (PyPI) in $(basename "$WORK")/venv, rules Benchmarks/semgrep/keychain-rules.yml"
SEMGREP="$WORK/venv/bin/semgrep"
if [[ ! -x $SEMGREP ]]; then
    rm -rf "$WORK/venv"
    python3 -m venv "$WORK/venv"
    "$WORK/venv/bin/pip" install --quiet "semgrep==${SEMGREP_VERSION_PIN:-1.182.0}" > "$LOGS/pip.log" 2>&1 || {
        tail -20 "$LOGS/pip.log" >&2
        echo "run.sh: pip install semgrep failed" >&2
        exit 2
    }
fi
export SEMGREP_SEND_METRICS=off SEMGREP_ENABLE_VERSION_CHECK=0
SEMGREP_VERSION="$("$SEMGREP" --version 2> /dev/null | tail -1)"
note "semgrep $SEMGREP_VERSION"
"$SEMGREP" scan --help=plain > "$LOGS/semgrep-help.txt" 2>&1 || true
for flag in --metrics --disable-version-check --no-git-ignore --jobs --max-target-bytes --validate --test; do
    grep -q -e "$flag" "$LOGS/semgrep-help.txt" ||
        problem "semgrep $SEMGREP_VERSION: flag $flag not found in 'semgrep scan --help'"
done
cd "$WORK"
if timeout 180 "$SEMGREP" --validate --config "$RULES_REL" --metrics=off --disable-version-check > "$LOGS/semgrep-validate.log" 2>&1; then
    note "semgrep --validate: ok"
elif [[ ! -s $LOGS/semgrep-validate.log ]] || grep -q -E 'ConnectionError|NameResolution|Failed to resolve|Max retries|Timeout|timed out' "$LOGS/semgrep-validate.log"; then
    note "semgrep --validate needs the Semgrep registry (p/semgrep-rule-lints), unreachable here: relying on --test below"
else
    tail -20 "$LOGS/semgrep-validate.log" >&2
    echo "run.sh: semgrep --validate rejected $RULES_REL" >&2
    exit 2
fi
if "$SEMGREP" --test --metrics=off --disable-version-check ../semgrep/ > "$LOGS/semgrep-test.log" 2>&1 &&
    grep -q 'All tests passed' "$LOGS/semgrep-test.log"; then
    note "semgrep --test Benchmarks/semgrep/: all rule tests passed"
else
    sed -n '/unit tests did not pass/,$p' "$LOGS/semgrep-test.log" | head -30 >&2
    echo "run.sh: the Semgrep rules fail their tests (Benchmarks/semgrep/keychain-rules.swift)" >&2
    exit 2
fi

# ---------------------------------------------------------------------------------------------
step "e. Timed runs (/usr/bin/time: wall seconds, peak RSS)"
printf 'version: 1\n' > "$WORK/keychain-lint.yml" # isolate from any .keychain-lint.yml of the repository
KL_ARGS=(scan corpus --config keychain-lint.yml --format json)
# A keychain-lint with a result cache is timed without it (Semgrep has none), and then separately
# with a private cache: one run that fills it, one re-run of the unchanged corpus that reads it.
KL_HAS_CACHE=0
if "$KEYCHAIN_LINT" scan --help 2> /dev/null | grep -q -e '--no-cache'; then
    KL_HAS_CACHE=1
    KL_ARGS+=(--no-cache)
fi
SG_ARGS=(--config "$RULES_REL" --json --metrics=off --disable-version-check --no-git-ignore
    -j "$SEMGREP_JOBS" --max-target-bytes 16777216)

if [[ $QUICK == 1 ]]; then
    CAN_DROP=0
    CACHE_NOTE="warm only (--quick)"
elif (sync && echo 3 > /proc/sys/vm/drop_caches) 2> /dev/null; then
    CAN_DROP=1
    CACHE_NOTE="the first run of each tool is cold (right after 'sync; echo 3 > /proc/sys/vm/drop_caches'), the others warm (corpus in the page cache)"
else
    CAN_DROP=0
    CACHE_NOTE="warm only: /proc/sys/vm/drop_caches is not writable here, so every run finds the corpus in the page cache"
fi
note "$CACHE_NOTE"

printf 'tool\tcache\trun\tseconds\tmaxrss_kb\texit\tstatus\tload1\n' > "$RESULTS/timings.tsv"
load1() { cut -d' ' -f1 /proc/loadavg 2> /dev/null || echo n/a; }

# timed TOOL CACHE RUN OUTPUT_JSON -- command...: one timed run; 'ok' for exit 0/1 (keychain-lint: 1 =
# findings) and a parseable JSON report, 'failed' otherwise.
timed() {
    local tool=$1 cache=$2 run=$3 output=$4
    shift 5
    local stats="$LOGS/time.$tool.$cache.$run" log="$LOGS/$tool.$cache.$run.log" rc=0
    LAST_LOG="$log"
    if [[ $cache == cold ]]; then sync; echo 3 > /proc/sys/vm/drop_caches; fi
    rm -f "$output"
    local load
    load="$(load1)"
    /usr/bin/time -f '%e %M' -o "$stats" "$@" > "$log" 2>&1 || rc=$?
    local seconds maxrss status=ok
    read -r seconds maxrss < <(tail -1 "$stats")
    if [[ $rc -gt 1 ]] || ! python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$output" 2> /dev/null; then
        status=failed
        problem "$tool run $cache/$run exited $rc; last stderr line: $(grep -v '^\s*$' "$log" | tail -1 | cut -c1-300)"
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$tool" "$cache" "$run" "$seconds" "$maxrss" "$rc" "$status" "$load" >> "$RESULTS/timings.tsv"
    note "$tool $cache run $run: ${seconds}s, $((maxrss / 1024)) MB peak RSS, exit $rc, load average at start $load"
}

run_tool() { # run_tool TOOL RUNS
    local tool=$1 runs=$2 i output cmd
    if [[ $tool == keychain-lint-cache ]]; then
        # Private cache folder, emptied first: run 1 fills it, run 2 re-reads the unchanged corpus.
        rm -rf "$WORK/kl-cache"
        output="$RESULTS/keychain-lint-cache.json"
        local args=("$KEYCHAIN_LINT")
        for i in "${KL_ARGS[@]}"; do [[ $i == --no-cache ]] || args+=("$i"); done
        args+=(--cache-dir "$WORK/kl-cache" --output "$output")
        timed "$tool" fill 1 "$output" -- "${args[@]}"
        KL_CACHE_SIZE="$(du -sh "$WORK/kl-cache" 2> /dev/null | cut -f1 || echo n/a)"
        note "result cache size after the first run: $KL_CACHE_SIZE"
        timed "$tool" hit 2 "$output" -- "${args[@]}"
        rm -rf "$WORK/kl-cache"
        return
    fi
    if [[ $tool == keychain-lint ]]; then
        output="$RESULTS/keychain-lint.json"
        cmd=("$KEYCHAIN_LINT" "${KL_ARGS[@]}" --output "$output")
    else
        output="$RESULTS/semgrep.json"
        cmd=("$SEMGREP" "${SG_ARGS[@]}" --output "$output" corpus)
    fi
    local first=1
    if [[ $CAN_DROP == 1 && $runs -gt 1 ]]; then timed "$tool" cold 1 "$output" -- "${cmd[@]}"; first=2; fi
    for ((i = first; i <= runs; i++)); do
        # keychain-lint's last run adds --verbose, which prints the phase line to standard error.
        if [[ $tool == keychain-lint && $i == "$runs" ]]; then
            timed "$tool" warm "$i" "$output" -- "${cmd[@]}" --verbose
            cp "$LAST_LOG" "$LOGS/keychain-lint-verbose.err"
        else
            timed "$tool" warm "$i" "$output" -- "${cmd[@]}"
        fi
    done
}

KL_CACHE_SIZE=""
run_tool keychain-lint "$RUNS"
run_tool semgrep "$SEMGREP_RUNS"
if [[ $KL_HAS_CACHE == 1 && $CACHE_RUNS -gt 0 ]]; then
    step "keychain-lint with its result cache (private --cache-dir; fill, then re-run on the unchanged corpus)"
    run_tool keychain-lint-cache 2
fi

PHASE_LINE="$(grep -E 'discovery [0-9.]+ ?s' "$LOGS/keychain-lint-verbose.err" | tail -1 | cut -c1-400 || true)"
note "phase line of the --verbose run: ${PHASE_LINE:-none found}"
KL_STDERR_PROBLEMS="$(grep -i -E 'crash|fatal error|error:' "$LOGS/keychain-lint-verbose.err" | head -5 || true)"
[[ -n $KL_STDERR_PROBLEMS ]] && problem "keychain-lint --verbose stderr: $KL_STDERR_PROBLEMS"

# ---------------------------------------------------------------------------------------------
step "f. Scaling: keychain-lint on 10/25/50/100% of the corpus files"
printf 'percent\tfiles\tlines\trun\tseconds\tmaxrss_kb\texit\tstatus\tload1\n' > "$RESULTS/scaling.tsv"
CORPUS_STAMP="$(cat "$GENERATED/.complete") $REAL_FILES $REAL_LINES"
for percent in "${SCALING_PERCENTS[@]}"; do
    subset="$WORK/subsets/p$percent"
    if [[ ! -f $subset/.complete || "$(head -1 "$subset/.complete")" != "$CORPUS_STAMP" ]]; then
        rm -rf "$subset"
        mkdir -p "$subset/corpus"
        counts="$(python3 "$BENCH_DIR/bench.py" subset "$CORPUS" "$subset/corpus" "$percent")"
        printf '%s\n%s\n' "$CORPUS_STAMP" "$counts" > "$subset/.complete"
    fi
    read -r files lines < <(sed -n 2p "$subset/.complete")
    for ((i = 1; i <= SCALING_RUNS; i++)); do
        rc=0
        load="$(load1)"
        (cd "$subset" && /usr/bin/time -f '%e %M' -o "$LOGS/time.scale.$percent.$i" "$KEYCHAIN_LINT" "${KL_ARGS[@]/keychain-lint.yml/$WORK/keychain-lint.yml}" \
            --output "$RESULTS/scale-$percent.json" > "$LOGS/scale.$percent.$i.log" 2>&1) || rc=$?
        read -r seconds maxrss < <(tail -1 "$LOGS/time.scale.$percent.$i")
        status=ok
        if [[ $rc -gt 1 ]]; then
            status=failed
            problem "keychain-lint on the $percent% subset exited $rc: $(tail -1 "$LOGS/scale.$percent.$i.log" | cut -c1-300)"
        fi
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$percent" "$files" "$lines" "$i" "$seconds" "$maxrss" "$rc" "$status" "$load" >> "$RESULTS/scaling.tsv"
        note "$percent%: $files files, $lines lines: ${seconds}s, $((maxrss / 1024)) MB"
    done
done
# 100% = the warm (or only) runs of the whole-corpus measurement above.
awk -F'\t' -v files="$TOTAL_FILES" -v lines="$TOTAL_LINES" 'NR > 1 && $1 == "keychain-lint" && $2 == "warm" {
    printf "100\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", files, lines, $3, $4, $5, $6, $7, $8 }' "$RESULTS/timings.tsv" >> "$RESULTS/scaling.tsv"

# ---------------------------------------------------------------------------------------------
step "f2. Cost per line by language: keychain-lint on the real Swift share alone and on the Objective-C corpus"
printf 'language\tfiles\tlines\trun\tseconds\tmaxrss_kb\texit\tstatus\tload1\n' > "$RESULTS/languages.tsv"
for language in swift objc; do
    if [[ $language == swift ]]; then dir="$CORPUS"; target=real; files=$REAL_FILES; lines=$REAL_LINES
    else dir="$OBJC"; target=corpus; files=$OBJC_FILES; lines=$OBJC_LINES; fi
    for ((i = 1; i <= SCALING_RUNS; i++)); do
        rc=0
        load="$(load1)"
        (cd "$dir" && /usr/bin/time -f '%e %M' -o "$LOGS/time.language.$language.$i" "$KEYCHAIN_LINT" scan "$target" \
            --config "$WORK/keychain-lint.yml" --format json --no-cache --output "$RESULTS/language-$language.json" \
            > "$LOGS/language.$language.$i.log" 2>&1) || rc=$?
        read -r seconds maxrss < <(tail -1 "$LOGS/time.language.$language.$i")
        status=ok
        if [[ $rc -gt 1 ]]; then
            status=failed
            problem "keychain-lint on the $language share exited $rc: $(tail -1 "$LOGS/language.$language.$i.log" | cut -c1-300)"
        fi
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$language" "$files" "$lines" "$i" "$seconds" "$maxrss" "$rc" "$status" "$load" >> "$RESULTS/languages.tsv"
        note "$language: $files files, $lines lines: ${seconds}s, $((maxrss / 1024)) MB"
    done
done

# ---------------------------------------------------------------------------------------------
step "g. Report"
cd "$REPO_DIR"
SWIFT_VERSION="$(swift --version 2>&1 | grep -m1 -i 'swift version' || true)"
KL_VERSION="$("$KEYCHAIN_LINT" --version 2> /dev/null || echo unknown)"
KL_RULES="$("$KEYCHAIN_LINT" rules 2> /dev/null | grep -o -E '(swift|objc|keychain_lint)\.[a-z_]+' | sort -u | paste -sd ' ' - || true)"
ENV_NOTE=""
for var in RUNS SEMGREP_RUNS SCALING_RUNS SEMGREP_JOBS CACHE_RUNS MIN_LINES; do
    if [[ -n ${!var+x} ]] && printenv "$var" > /dev/null; then ENV_NOTE+="$var=$(printenv "$var") "; fi
done
if [[ $QUICK == 1 ]]; then ARGS_NOTE=" --quick"; else ARGS_NOTE=""; fi
if [[ $CAN_DROP == 1 ]]; then COLD_NOTE=" (first cold)"; else COLD_NOTE=""; fi
if "$KEYCHAIN_LINT" scan --help 2> /dev/null | grep -q -e '--jobs'; then KL_JOBS="--jobs default: one worker per core"; else KL_JOBS="single-threaded"; fi
export BENCH_DATE="$(date -u '+%Y-%m-%d %H:%M UTC')"
export BENCH_CORES="$(nproc)"
export BENCH_MEMORY="$(free -g | awk '/^Mem:/ {print $2 " GiB total, " $7 " GiB available"}')"
export BENCH_OS="$(uname -sm)"
export BENCH_SWIFT="$SWIFT_VERSION" BENCH_KL="$KL_VERSION, commit $TREE, $KL_JOBS" BENCH_KL_RULES="$KL_RULES" BENCH_SEMGREP="$SEMGREP_VERSION"
export BENCH_JOBS="$SEMGREP_JOBS"
export BENCH_COMMAND="${ENV_NOTE}Benchmarks/run.sh$ARGS_NOTE"
export BENCH_RUNS="keychain-lint $RUNS run(s)$COLD_NOTE (the last adds --verbose for the phase line), Semgrep $SEMGREP_RUNS run(s)$COLD_NOTE, scaling steps $SCALING_RUNS warm run(s) each; the tables show medians. keychain-lint: \`keychain-lint ${KL_ARGS[*]} --output FILE\`; Semgrep: \`semgrep ${SG_ARGS[*]} --output FILE corpus\` (both run in Benchmarks/.scratch; --max-target-bytes raises Semgrep's 1 MB default to keychain-lint's 16 MiB limit, so both read the same files)"
export BENCH_CACHE="$CACHE_NOTE"
export BENCH_REAL_FILES="$REAL_FILES" BENCH_REAL_LINES="$REAL_LINES" BENCH_GEN_FILES="$GEN_FILES" BENCH_GEN_LINES="$GEN_LINES"
export BENCH_FILES="$TOTAL_FILES" BENCH_LINES="$TOTAL_LINES" BENCH_REPOS="$REPOS" BENCH_SKIPPED="$SKIPPED_REPOS"
export BENCH_WARNING="$CORPUS_WARNING" BENCH_PHASE="$PHASE_LINE" BENCH_CACHE_SIZE="$KL_CACHE_SIZE"
export BENCH_PROBLEMS="$(printf '%s\n' "${PROBLEMS[@]+"${PROBLEMS[@]}"}")"
export BENCH_ELAPSED="$((SECONDS - START_SECONDS))"
python3 - "$RESULTS/meta.json" << 'EOF'
import json, os, re, sys
env = os.environ
phase = env.get("BENCH_PHASE", "")
phases = {name: float(value) for name, value in re.findall(r"([a-z]+) ([0-9.]+)s", phase)}
dominant = ""
if phases:
    name = max(phases, key=phases.get)
    total = sum(phases.values())
    dominant = f"{name} ({phases[name]:.2f} s of {total:.2f} s of measured phases, {100 * phases[name] / total:.0f}%)" if total else name
meta = {
    "date": env["BENCH_DATE"], "cores": env["BENCH_CORES"], "memory": env["BENCH_MEMORY"], "os": env["BENCH_OS"],
    "swift": env["BENCH_SWIFT"], "keychain_lint": env["BENCH_KL"], "semgrep": env["BENCH_SEMGREP"],
    "keychain_lint_rules": env["BENCH_KL_RULES"].split(), "semgrep_jobs": env["BENCH_JOBS"],
    "command": env["BENCH_COMMAND"], "runs_note": env["BENCH_RUNS"], "cache_note": env["BENCH_CACHE"],
    "corpus": {
        "repos": int(env["BENCH_REPOS"]), "real_files": int(env["BENCH_REAL_FILES"]), "real_lines": int(env["BENCH_REAL_LINES"]),
        "generated_files": int(env["BENCH_GEN_FILES"]), "generated_lines": int(env["BENCH_GEN_LINES"]),
        "files": int(env["BENCH_FILES"]), "lines": int(env["BENCH_LINES"]),
        "skipped_repos": env["BENCH_SKIPPED"], "warning": env["BENCH_WARNING"],
    },
    "phase_line": phase, "dominant_phase": dominant, "kl_cache_size": env.get("BENCH_CACHE_SIZE", ""),
    "problems": [p for p in env["BENCH_PROBLEMS"].split("\n") if p],
    "elapsed_seconds": int(env["BENCH_ELAPSED"]),
}
json.dump(meta, open(sys.argv[1], "w"), indent=1)
EOF
write_report
echo
echo "run.sh: done in $((SECONDS - START_SECONDS)) s; report written to Benchmarks/RESULTS.md" >&2
