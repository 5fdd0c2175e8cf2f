#!/usr/bin/env bash
# Checks .pre-commit-hooks.yaml with the pre-commit tool itself, on a temporary git repository:
#
#   Scripts/check_precommit.sh
#
# A weak biometric flag is staged in a .swift and in a .m file: `pre-commit try-repo` with the
# keychain-lint-system hook (keychain-lint from `swift build`, put on the PATH) must fail and name
# both findings, and so must a real `git commit` with the hook installed from this repository's
# last commit. After the flags are fixed, the commit goes through. pre-commit is installed, at a
# pinned version (PRE_COMMIT_VERSION, default 4.7.0), into a virtual environment in a temporary folder.
set -euo pipefail

fail() {
  echo "check_precommit.sh: error: $*" >&2
  exit 1
}

[ $# -eq 0 ] || { echo "check_precommit.sh: error: takes no arguments (see the comment at its top)" >&2; exit 2; }
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
version="${PRE_COMMIT_VERSION:-4.7.0}"

swift build --product keychain-lint
export PATH="$(swift build --show-bin-path):$PATH"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export PRE_COMMIT_HOME="$work/pre-commit-home"
export KEYCHAIN_LINT_CACHE_DIR="$work/cache"

python3 -m venv "$work/venv" || fail "cannot create a Python virtual environment (python3 -m venv)"
"$work/venv/bin/pip" install --quiet "pre-commit==$version" || fail "cannot install pre-commit==$version"
pre_commit="$work/venv/bin/pre-commit"

app="$work/app"
mkdir -p "$app/App" "$app/Legacy"
cd "$app"
git init -q .
git config user.email "check@example.invalid"
git config user.name "check_precommit"
git config commit.gpgsign false
cat > App/TokenStore.swift <<'EOF'
import Security

func tokenAccess() -> SecAccessControl? {
    SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryAny, nil)
}
EOF
cat > Legacy/Bridge.m <<'EOF'
#import <Security/Security.h>

SecAccessControlRef BridgeAccess(void) {
    return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                           kSecAccessControlBiometryAny, NULL);
}
EOF
git add App/TokenStore.swift Legacy/Bridge.m

echo "== pre-commit try-repo (staged .swift and .m with weak flags): must fail"
status=0
"$pre_commit" try-repo "$root" keychain-lint-system > "$work/try.log" 2>&1 || status=$?
cat "$work/try.log"
! grep -q 'An error has occurred' "$work/try.log" || fail "pre-commit itself failed (above)"
[ "$status" -ne 0 ] || fail "pre-commit try-repo passed although the staged files have weak flags"
grep -Eq 'App/TokenStore.swift:[0-9]+:.*\[swift.weak_biometric_acl\]' "$work/try.log" || fail "the .swift finding is not reported"
grep -Eq 'Legacy/Bridge.m:[0-9]+:.*\[objc.weak_biometric_acl\]' "$work/try.log" || fail "the .m finding is not reported"

rev="$(git -C "$root" rev-parse HEAD)"
if git -C "$root" cat-file -e "$rev:.pre-commit-hooks.yaml" 2>/dev/null; then
  cat > .pre-commit-config.yaml <<EOF
repos:
  - repo: $root
    rev: $rev
    hooks:
      - id: keychain-lint-system
EOF
  git add .pre-commit-config.yaml
  "$pre_commit" install > /dev/null
  echo "== git commit with the hook installed: must fail"
  status=0
  git commit -q -m "weak flags" > "$work/commit.log" 2>&1 || status=$?
  cat "$work/commit.log"
  ! grep -q 'An error has occurred' "$work/commit.log" || fail "pre-commit itself failed (above)"
  [ "$status" -ne 0 ] || fail "the commit went through although the staged files have weak flags"
  grep -q 'objc.weak_biometric_acl' "$work/commit.log" || fail "the commit's hook did not report the .m finding"

  echo "== git commit after the flags are fixed: must pass"
  sed -i.bak 's/\.biometryAny/.biometryCurrentSet/' App/TokenStore.swift
  sed -i.bak 's/kSecAccessControlBiometryAny/kSecAccessControlBiometryCurrentSet/' Legacy/Bridge.m
  rm -f App/TokenStore.swift.bak Legacy/Bridge.m.bak
  git add App/TokenStore.swift Legacy/Bridge.m
  git commit -q -m "strong flags" || fail "the commit with fixed flags did not go through"
else
  echo "note: the last commit has no .pre-commit-hooks.yaml; only try-repo was checked"
fi
echo "pre-commit: ok"
