#!/usr/bin/env bash
# Coverage-guided fuzzing (libFuzzer) of the scan of one in-memory input, which may hold several
# files separated by `//--- NAME.swift` lines (Fuzz/Sources/KeychainLintFuzz/FuzzTarget.swift).
#
#   Scripts/fuzz.sh [SECONDS] [WORKERS]     # default: 600 s, 1 worker
#   FUZZ_TIMEOUT=30 Scripts/fuzz.sh …        # seconds per input before it counts as a hang (default 10;
#                                            # raise it when other work shares the cores)
#
# Builds the fuzz target (release, instrumented; the first build takes several minutes), seeds
# the corpus with the project's examples and the regression corpus, and runs. A crash, a hang
# (FUZZ_TIMEOUT, 10 s per input by default) or an input over 4 GB of memory is written to Fuzz/findings/ and stops that
# worker; libFuzzer prints how many inputs it ran ("#N DONE" / "stat::number_of_executed_units").
# Reproduce one with: Fuzz/.build-fuzz/release/KeychainLintFuzz Fuzz/findings/crash-…
set -euo pipefail
seconds=${1:-600}
workers=${2:-1}
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root/Fuzz"
# The fuzz package depends on the main package by path, and SwiftPM keeps its build plan when only
# the dependency's files change: a source file added there is then missing from the build. Dropping
# the plan makes SwiftPM list the files again (compiled objects are kept).
rm -f .build-fuzz/release.yaml
swift build -c release --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer
binary=.build-fuzz/release/KeychainLintFuzz

mkdir -p corpus findings
# Seeds: every Swift and Objective-C file of the examples and fixtures, and the regression corpus (unpacked).
find "$root/Examples" "$root/Tests" \( -name '*.swift' -o -name '*.m' -o -name '*.h' \) -size -64k -exec cp {} corpus/ \; 2>/dev/null || true
for packed in "$root"/Tests/KeychainLintCLITests/Fixtures/.regression/*/*.gz; do
  [ -e "$packed" ] || continue
  # (head stops reading early: gzip's broken pipe is expected)
  gzip -dc "$packed" 2>/dev/null | head -c 65536 > "corpus/regression-$(basename "$(dirname "$packed")")-$(basename "$packed" .gz)" || true
done

args=(corpus -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=4096 -max_len=65536
      -artifact_prefix=findings/ -print_final_stats=1)
if [ "$workers" -gt 1 ]; then
  args+=(-fork="$workers" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
fi
exec "$binary" "${args[@]}"
