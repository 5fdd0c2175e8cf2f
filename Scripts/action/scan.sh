#!/usr/bin/env bash
# A step of action.yml: scans KL_PATH, writes the SARIF report to KL_SARIF_FILE, shows the
# findings as annotations, and sets the step's outputs: sarif-file, findings (their number) and
# failing (1 when a finding is at or above KL_FAIL_ON, else 0). An error of the scan (exit code 2:
# a bad option or configuration) fails this step at once.
#
# Environment: KL_PATH, KL_FAIL_ON, KL_SARIF_FILE, KL_ARGS, and the runner's GITHUB_OUTPUT.
set -euo pipefail

fail() {
  echo "::error title=keychain-lint::$*"
  echo "keychain-lint action: error: $*" >&2
  exit 2
}

[ -n "${GITHUB_OUTPUT:-}" ] || fail "GITHUB_OUTPUT is not set: this script is a step of action.yml"
command -v keychain-lint >/dev/null || fail "keychain-lint is not on the PATH (the install step did not run)"
case "${KL_FAIL_ON:-low}" in
  critical|high|medium|low|info) gate=(--fail-on "${KL_FAIL_ON:-low}") ;;
  none) gate=(--exit-zero) ;;
  *) fail "fail-on must be critical, high, medium, low, info or none, not '$KL_FAIL_ON'" ;;
esac
sarif="${KL_SARIF_FILE:-keychain-lint.sarif}"
read -r -a paths <<< "${KL_PATH:-.}"
[ ${#paths[@]} -gt 0 ] || paths=(.)
read -r -a extra <<< "${KL_ARGS:-}"

# The SARIF report: exit code 1 only means findings.
status=0
keychain-lint scan --no-progress --format sarif --output "$sarif" --fail-on critical "${extra[@]+"${extra[@]}"}" -- "${paths[@]}" || status=$?
[ "$status" -le 1 ] || exit "$status"
echo "sarif-file=$sarif" >> "$GITHUB_OUTPUT"

# The same findings as annotations (from the result cache, so quick); its exit code is the gate.
status=0
keychain-lint scan --no-progress --format github "${gate[@]}" "${extra[@]+"${extra[@]}"}" -- "${paths[@]}" || status=$?
[ "$status" -le 1 ] || exit "$status"

findings="$(python3 -c 'import json, sys; print(sum(len(run.get("results", [])) for run in json.load(open(sys.argv[1]))["runs"]))' "$sarif")" \
  || fail "cannot read $sarif"
echo "findings=$findings" >> "$GITHUB_OUTPUT"
echo "failing=$status" >> "$GITHUB_OUTPUT"
echo "keychain-lint: $findings finding(s); report in $sarif"
