#!/usr/bin/env bash
# A step of action.yml: puts keychain-lint on the PATH of the job's later steps, from this
# repository's release (the binary for the runner's platform, its SHA-256 checked) or built from
# the action's own source.
#
# Environment: KL_BUILD_FROM_SOURCE (true|false), KL_VERSION (release tag), KL_REPOSITORY
# (owner/name of the action), and the runner's GITHUB_PATH, GITHUB_ACTION_PATH, RUNNER_TEMP.
# KEYCHAIN_LINT_DOWNLOAD_BASE replaces https://github.com/KL_REPOSITORY/releases/download/KL_VERSION
# (a mirror, GitHub Enterprise).
set -euo pipefail

fail() {
  echo "::error title=keychain-lint::$*"
  echo "keychain-lint action: error: $*" >&2
  exit 2
}

[ -n "${GITHUB_PATH:-}" ] || fail "GITHUB_PATH is not set: this script is a step of action.yml"
action_path="${GITHUB_ACTION_PATH:-$(cd "$(dirname "$0")/../.." && pwd)}"
case "${KL_BUILD_FROM_SOURCE:-false}" in
  true)
    command -v swift >/dev/null || fail "build-from-source needs a Swift 6 toolchain on the runner (swift not found)"
    flags=(-c release --product keychain-lint --package-path "$action_path")
    [ "$(uname -s)" != Linux ] || flags+=(--static-swift-stdlib)
    swift build "${flags[@]}"
    bin="$(swift build "${flags[@]}" --show-bin-path)"
    ;;
  false)
    [ -n "${KL_VERSION:-}" ] || fail "no version to download: name a release tag in 'uses: OWNER/keychain-lint@TAG' or in the version input"
    case "$(uname -s)/$(uname -m)" in
      Linux/x86_64) platform=linux-x86_64 ;;
      Linux/aarch64|Linux/arm64) platform=linux-aarch64 ;;
      Darwin/*) platform=macos-universal ;;
      *) fail "no release binary for $(uname -s)/$(uname -m); set build-from-source: true" ;;
    esac
    base="${KEYCHAIN_LINT_DOWNLOAD_BASE:-https://github.com/${KL_REPOSITORY:?}/releases/download/$KL_VERSION}"
    dest="${RUNNER_TEMP:-$(mktemp -d)}/keychain-lint"
    rm -rf "$dest"
    mkdir -p "$dest"
    archive="keychain-lint-$platform.tar.gz"
    curl -fsSL --retry 3 -o "$dest/$archive" "$base/$archive" || fail "cannot download $base/$archive"
    curl -fsSL --retry 3 -o "$dest/$archive.sha256" "$base/$archive.sha256" || fail "cannot download $base/$archive.sha256"
    expected="$(cut -d' ' -f1 < "$dest/$archive.sha256")"
    if command -v sha256sum >/dev/null; then
      actual="$(sha256sum "$dest/$archive" | cut -d' ' -f1)"
    else
      actual="$(shasum -a 256 "$dest/$archive" | cut -d' ' -f1)"
    fi
    [ "$expected" = "$actual" ] || fail "$archive: SHA-256 $actual, expected $expected"
    tar -xzf "$dest/$archive" -C "$dest" || fail "cannot unpack $archive"
    bin="$dest/bin"
    ;;
  *) fail "build-from-source must be true or false, not '${KL_BUILD_FROM_SOURCE}'" ;;
esac
"$bin/keychain-lint" --version >/dev/null || fail "$bin/keychain-lint does not run"
echo "keychain-lint $("$bin/keychain-lint" --version) at $bin/keychain-lint"
echo "$bin" >> "$GITHUB_PATH"
