#!/usr/bin/env bash
# Builds the release binaries and the SwiftPM artifact bundle, from a clean checkout.
#
#   Scripts/release.sh                  # build, check, bundle, zip; everything lands in .release/
#   Scripts/release.sh --url URL        # also write the plugin package for a zip published at URL
#   Scripts/release.sh --binary PATH    # bundle an already-built keychain-lint (no build, no static check)
#   Scripts/release.sh --output DIR     # another output folder
#
# On Linux: a release build with the Swift standard library and Foundation linked statically
# (--static-swift-stdlib), checked with ldd to load no Swift runtime library, and run with the
# toolchain out of reach (empty environment, PATH=/usr/bin:/bin). On macOS: a universal binary
# (arm64 and x86_64). Then:
#   .release/keychain-lint-PLATFORM.tar.gz (+ .sha256)  bin/keychain-lint (and the license under
#                                    share/doc/keychain-lint/), for linux-x86_64, linux-aarch64 or macos-universal
#   .release/keychain-lint.artifactbundle/            info.json (schema 1.0), one variant per platform, license
#   .release/keychain-lint.artifactbundle.zip         its zip; the SHA-256 is printed and written next to it
#   .release/keychain-lint-plugins/                   the plugin-only package (Plugins/) using that bundle
# A bundle with Linux and macOS variants: run the script on each platform, then
#   Scripts/release.sh --binary PATH --merge OTHER/keychain-lint.artifactbundle
# adds the other bundle's variants to this one.
set -euo pipefail

fail() {
  echo "release.sh: error: $*" >&2
  exit 2
}

root="$(cd "$(dirname "$0")/.." && pwd)"
output="$root/.release"
binary=""
url=""
merge=()
while [ $# -gt 0 ]; do
  case "$1" in
    --output) [ $# -ge 2 ] || fail "--output needs a folder"; output="$2"; shift 2 ;;
    --binary) [ $# -ge 2 ] || fail "--binary needs the path of a keychain-lint executable"; binary="$2"; shift 2 ;;
    --url) [ $# -ge 2 ] || fail "--url needs the address the zip will be published at"; url="$2"; shift 2 ;;
    --merge) [ $# -ge 2 ] || fail "--merge needs the path of another keychain-lint.artifactbundle"; merge+=("$2"); shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) fail "unknown argument '$1' (see --help)" ;;
  esac
done
case "$url" in
  ""|https://*) ;;
  *) fail "--url must be an https:// address, not '$url'" ;;
esac
for other in "${merge[@]+"${merge[@]}"}"; do
  [ -f "$other/info.json" ] || fail "--merge: '$other' is not an artifact bundle (no info.json)"
done
mkdir -p "$output" || fail "cannot create the output folder '$output'"
output="$(cd "$output" && pwd)"
cd "$root"

if [ -n "$(git status --porcelain 2>/dev/null || true)" ]; then
  echo "note: the working tree has uncommitted changes; a release is normally built from a clean checkout" >&2
fi

sha256() {
  if command -v sha256sum >/dev/null; then sha256sum "$1" | cut -d' ' -f1; else shasum -a 256 "$1" | cut -d' ' -f1; fi
}

os="$(uname -s)"
arch="$(uname -m)"
# What `swift build` would make is the host's platform; the bundle names it by target triple.
case "$os/$arch" in
  Linux/x86_64) triples=(x86_64-unknown-linux-gnu) ;;
  Linux/aarch64|Linux/arm64) triples=(aarch64-unknown-linux-gnu) ;;
  Darwin/*) triples=(x86_64-apple-macosx arm64-apple-macosx) ;;
  *) fail "unsupported platform $os/$arch (Linux x86_64/aarch64 or macOS)" ;;
esac

if [ -n "$binary" ]; then
  [ -f "$binary" ] && [ -x "$binary" ] || fail "--binary: '$binary' is not an executable file"
  built="$binary"
  echo "Bundling $binary as it is (not built here; its libraries are not checked)"
else
  command -v swift >/dev/null || fail "swift not found: a Swift 6 toolchain is needed to build"
  scratch="$root/.build-release"
  if [ "$os" = Linux ]; then
    echo "Building a release binary with the static Swift standard library (several minutes)…"
    swift build -c release --product keychain-lint --static-swift-stdlib --scratch-path "$scratch"
    built="$(swift build -c release --static-swift-stdlib --scratch-path "$scratch" --show-bin-path)/keychain-lint"
    # No Swift runtime, Foundation or Dispatch library may be loaded from the toolchain.
    linked="$(ldd "$built" || true)"
    echo "$linked"
    if echo "$linked" | grep -Eq 'libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|not found'; then
      fail "$built still loads a Swift runtime library (see ldd above)"
    fi
    # It must run where no toolchain is installed: no PATH to it, no library path.
    env -i PATH=/usr/bin:/bin "$built" --version >/dev/null || fail "$built does not run without the toolchain"
    echo "ok: no Swift runtime library is linked, and it runs with an empty environment"
  else
    echo "Building a universal macOS binary (arm64 and x86_64; several minutes)…"
    swift build -c release --product keychain-lint --arch arm64 --arch x86_64 --scratch-path "$scratch"
    built="$(swift build -c release --arch arm64 --arch x86_64 --scratch-path "$scratch" --show-bin-path)/keychain-lint"
    lipo -info "$built"
  fi
fi

# What is shipped is a stripped copy (the symbol table is half the size of the binary).
if [ -z "$binary" ] && command -v strip >/dev/null; then
  stripped="$output/.keychain-lint.stripped"
  cp "$built" "$stripped"
  strip "$stripped" || fail "strip $stripped failed"
  built="$stripped"
  trap 'rm -f "$stripped"' EXIT
fi

version="$("$built" --version 2>/dev/null | tr -d '[:space:]')" || fail "$built --version failed"
[ -n "$version" ] || fail "$built --version printed nothing"
case "$os" in Linux) platform="linux-$arch" ;; *) platform="macos-universal" ;; esac

license=""
for candidate in LICENSE LICENSE.md LICENSE.txt COPYING; do
  if [ -f "$root/$candidate" ]; then license="$candidate"; break; fi
done
[ -n "$license" ] || echo "warning: the repository has no LICENSE file, so the bundle has none" >&2

# The binary alone.
tarball="$output/keychain-lint-$platform.tar.gz"
stage="$(mktemp -d)"
trap 'rm -rf "$stage" "${stripped:-}"' EXIT
mkdir -p "$stage/bin"
cp "$built" "$stage/bin/keychain-lint"
if [ -n "$license" ]; then
  mkdir -p "$stage/share/doc/keychain-lint"
  cp "$root/$license" "$stage/share/doc/keychain-lint/"
fi
# Named members only (no "." entry), so unpacking into /usr/local touches nothing but bin/.
members=(bin/keychain-lint)
[ -z "$license" ] || members+=("share/doc/keychain-lint/$license")
tar -C "$stage" -czf "$tarball" "${members[@]}"
echo "$(sha256 "$tarball")  $(basename "$tarball")" > "$tarball.sha256"

# The artifact bundle: one folder per platform, each named in info.json with its triples.
bundle="$output/keychain-lint.artifactbundle"
rm -rf "$bundle"
variant_dir="keychain-lint-$version-$platform"
mkdir -p "$bundle/$variant_dir/bin"
cp "$built" "$bundle/$variant_dir/bin/keychain-lint"
[ -z "$license" ] || cp "$root/$license" "$bundle/"
variants=("$variant_dir/bin/keychain-lint|${triples[*]}")
for other in "${merge[@]+"${merge[@]}"}"; do
  # Each variant of the other bundle: its folder is copied, its path and triples listed again.
  while IFS='|' read -r path triple_list; do
    [ -n "$path" ] || continue
    case " ${triples[*]} " in *" ${triple_list%% *} "*) continue ;; esac
    mkdir -p "$bundle/$(dirname "$path")"
    cp "$other/$path" "$bundle/$path" || fail "--merge: cannot copy $other/$path"
    variants+=("$path|$triple_list")
  done < <(python3 - "$other/info.json" <<'PY' || fail "--merge: cannot read $other/info.json"
import json, sys
with open(sys.argv[1]) as f:
    info = json.load(f)
for artifact in info["artifacts"].values():
    for variant in artifact["variants"]:
        print(variant["path"] + "|" + " ".join(variant["supportedTriples"]))
PY
)
done
{
  echo '{'
  echo '  "schemaVersion": "1.0",'
  echo '  "artifacts": {'
  echo '    "keychain-lint": {'
  echo "      \"version\": \"$version\","
  echo '      "type": "executable",'
  echo '      "variants": ['
  count=${#variants[@]}
  index=0
  for entry in "${variants[@]}"; do
    index=$((index + 1))
    path="${entry%%|*}"
    quoted=""
    for triple in ${entry#*|}; do quoted="$quoted${quoted:+, }\"$triple\""; done
    separator=","
    [ "$index" -lt "$count" ] || separator=""
    echo "        {\"path\": \"$path\", \"supportedTriples\": [$quoted]}$separator"
  done
  echo '      ]'
  echo '    }'
  echo '  }'
  echo '}'
} > "$bundle/info.json"

command -v zip >/dev/null || fail "zip not found (apt-get install zip)"
zipfile="$output/keychain-lint.artifactbundle.zip"
rm -f "$zipfile"
(cd "$output" && zip -q -r -X "$zipfile" keychain-lint.artifactbundle)
checksum="$(sha256 "$zipfile")"
echo "$checksum  keychain-lint.artifactbundle.zip" > "$zipfile.sha256"

# The plugin-only package, ready to publish as a repository of its own: with --url it downloads
# the zip (url and checksum filled in); without, it carries the bundle and names it by path.
plugins="$output/keychain-lint-plugins"
rm -rf "$plugins"
mkdir -p "$plugins"
cp -R "$root/Plugins/KeychainLintBuildToolPlugin" "$root/Plugins/KeychainLintCommandPlugin" "$plugins/"
[ -z "$license" ] || cp "$root/$license" "$plugins/"
if [ -n "$url" ]; then
  binary_target=".binaryTarget(name: \"KeychainLintBinary\", url: \"$url\", checksum: \"$checksum\")"
else
  cp -R "$bundle" "$plugins/"
  binary_target='.binaryTarget(name: "KeychainLintBinary", path: "keychain-lint.artifactbundle")'
fi
sed "s|^        \.binaryTarget(name: \"KeychainLintBinary\".*|        $binary_target,|" "$root/Plugins/Package.swift" > "$plugins/Package.swift"
grep -q 'KeychainLintBinary", \(url\|path\)' "$plugins/Package.swift" || fail "Plugins/Package.swift has no KeychainLintBinary binary target line to fill"

echo
echo "binary:           $tarball (SHA-256 $(cut -d' ' -f1 < "$tarball.sha256"))"
echo "artifact bundle:  $bundle ($(printf '%s ' "${variants[@]%%|*}"))"
echo "zip:              $zipfile"
echo "plugin package:   $plugins"
echo "SHA-256:          $checksum"
