#!/usr/bin/env bash
# Checks the SwiftPM plugins as a user gets them: the plugin-only package with the artifact
# bundle (made by Scripts/release.sh from the debug build, so nothing is compiled again), applied
# to the sample package in Tests/Fixtures/PluginSample.
#
#   Scripts/check_plugins.sh
#
# - `swift build` of the sample succeeds, shows the planted findings of its Swift file and of its
#   Objective-C file as `file:line:col: warning:` lines, and compiles no swift-syntax;
# - the build-tool plugin writes nothing outside the build folder (its cache is in the plugin's
#   work directory);
# - `swift package keychain-lint` fails on the findings, and passes with `--fail-on critical`.
set -euo pipefail

fail() {
  echo "check_plugins.sh: error: $*" >&2
  exit 1
}

[ $# -eq 0 ] || { echo "check_plugins.sh: error: takes no arguments (see the comment at its top)" >&2; exit 2; }
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
command -v swift >/dev/null || fail "swift not found"

swift build --product keychain-lint
binary="$(swift build --show-bin-path)/keychain-lint"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

Scripts/release.sh --binary "$binary" --output "$work" > "$work/release.log" 2>&1 \
  || { cat "$work/release.log" >&2; fail "Scripts/release.sh --binary failed"; }
[ -f "$work/keychain-lint-plugins/keychain-lint.artifactbundle/info.json" ] || fail "no artifact bundle in the plugin package"
cp -R Tests/Fixtures/PluginSample "$work/PluginSample"
sample="$work/PluginSample"
(cd "$sample" && find . -path ./.build -prune -o -print | sort) > "$work/files-before"

# A cache anywhere but the plugin's work directory would show up here.
export KEYCHAIN_LINT_CACHE_DIR="$work/user-cache"

echo "== swift build of the sample package (build-tool plugin, from the artifact bundle)"
status=0
swift build --package-path "$sample" > "$work/build.log" 2>&1 || status=$?
cat "$work/build.log"
[ "$status" -eq 0 ] || fail "the sample package did not build (exit $status)"
grep -Eq '/Sources/Vault/TokenStore\.swift:7:[0-9]+: warning: .*\[swift\.weak_biometric_acl\]' "$work/build.log" \
  || fail "the planted Swift finding is not shown as a warning"
grep -Eq '/Sources/LegacyBridge/LegacyBridge\.m:[0-9]+:[0-9]+: warning: .*\[objc\.weak_biometric_acl\]' "$work/build.log" \
  || fail "the planted Objective-C finding is not shown as a warning"
if grep -q 'Compiling SwiftSyntax\|swift-syntax' "$work/build.log" || [ -e "$sample/.build/checkouts/swift-syntax" ]; then
  fail "the sample package compiled swift-syntax: the plugins must use the artifact bundle"
fi
(cd "$sample" && find . -path ./.build -prune -o -print | sort) > "$work/files-after"
# SwiftPM itself writes Package.resolved; nothing else may appear beside the sources.
grep -v '^\./Package\.resolved$' "$work/files-after" | diff "$work/files-before" - \
  || fail "the build wrote files into the package (above)"
[ ! -e "$KEYCHAIN_LINT_CACHE_DIR" ] || fail "the build-tool plugin wrote a cache outside its work directory"
find "$sample/.build/plugins/outputs" -path '*cache*' -name 'scan-*.json' | grep -q . \
  || fail "no result cache in the plugin's work directory"

echo "== swift package keychain-lint (command plugin): must fail on the findings"
status=0
swift package --package-path "$sample" keychain-lint > "$work/command.log" 2>&1 || status=$?
cat "$work/command.log"
[ "$status" -ne 0 ] || fail "the command plugin exited 0 although there are findings"
grep -q 'swift.weak_biometric_acl' "$work/command.log" || fail "the command plugin did not report the finding"

echo "== swift package keychain-lint --target Vault --fail-on critical: must pass"
swift package --package-path "$sample" keychain-lint --target Vault --fail-on critical > "$work/command2.log" 2>&1 \
  || { cat "$work/command2.log"; fail "the command plugin failed with --fail-on critical"; }
grep -q 'LegacyBridge' "$work/command2.log" && fail "--target Vault scanned another target"

echo "plugins: ok"
