#!/usr/bin/env python3
"""Time per line on generated files that grow: is every pass near-linear in the size of a file?

Writes one Swift (or Objective-C) file of N lines for each size, scans it with a release build of
keychain-lint (--no-cache), and prints the wall time per size and the ratio of time per line at the
largest size to time per line at the smallest. A pass that is quadratic shows as a ratio that
doubles with each doubling of N.

    Benchmarks/linearity.py --binary .build/release/keychain-lint [--sizes 1000,2000,...] [--shape NAME]

Shapes (each line is one statement inside one function, the worst case for per-scope passes):
  distinct-names  `let vN = SecAccessControlCreateWithFlags(nil, kSecAttrAccessible…, .biometryAny, nil)`
  same-name       the same line N times with one name (each shadows the one before)
  error-checked   `var eN: Unmanaged<CFError>?` + creation with `&eN`, never checked
  queries         `SecItemAdd([kSecAttrAccessible: kSecAttrAccessibleAlways, …] as CFDictionary, nil)`
  objc            the distinct-names shape as Objective-C (`SecAccessControlRef vN = …;`)
  clause-entries  inside one `if`, `query["kN" as CFString] = "vN"; SecItemAdd(query as CFDictionary, nil)`:
                  a dictionary built entry by entry and used after each entry, in one clause (each
                  use must continue from the state before the last, not follow the clause again)
  many-types      N/8 classes of 8 lines, each declaring `makeAccess(flags:)` and calling its own
                  (one method name in many types: a function's callers must not be matched against
                  every call of the name)

Scratch files go to a temporary folder; nothing is written to the repository unless
--markdown FILE is given (a results table).
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

SHAPES = {
    "distinct-names": (".swift", "import Security\nfunc f() {\n", "}\n",
                       lambda i: f"    let v{i} = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryAny, nil)\n"),
    "same-name": (".swift", "import Security\nfunc f() {\n", "}\n",
                  lambda i: "    let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryAny, nil)\n"),
    "error-checked": (".swift", "import Security\nfunc f() {\n", "}\n",
                      lambda i: f"    var e{i}: Unmanaged<CFError>?; let v{i} = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, &e{i})\n"),
    "queries": (".swift", "import Security\nfunc f() {\n", "}\n",
                lambda i: f"    SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrAccount: \"a{i}\", kSecAttrAccessible: kSecAttrAccessibleAlways] as CFDictionary, nil)\n"),
    "clause-entries": (".swift", "import Security\nfunc f(flag: Bool) {\n    var query: [CFString: Any] = [kSecClass: kSecClassGenericPassword]\n    if flag {\n", "    }\n}\n",
                       lambda i: f"        query[\"k{i}\" as CFString] = \"v{i}\"; SecItemAdd(query as CFDictionary, nil)\n"),
    "many-types": (".swift", "import Security\n", "",
                   lambda i: "" if i % 8 else (
                       f"final class Store{i}" + " {\n"
                       "    func makeAccess(flags: SecAccessControlCreateFlags = .biometryAny) -> SecAccessControl? {\n"
                       "        SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags, nil)\n"
                       "    }\n"
                       "    func save() -> SecAccessControl? {\n"
                       "        makeAccess(flags: .biometryCurrentSet)\n"
                       "    }\n"
                       "}\n")),
    "objc": (".m", "#import <Security/Security.h>\nvoid f(void) {\n", "}\n",
             lambda i: f"    SecAccessControlRef v{i} = SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, kSecAccessControlBiometryAny, NULL);\n"),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.environ.get("KEYCHAIN_LINT", "keychain-lint"))
    parser.add_argument("--sizes", default="1000,2000,4000,8000,16000,32000,64000")
    parser.add_argument("--shape", action="append", choices=sorted(SHAPES), help="repeatable; default: all")
    parser.add_argument("--timeout", type=float, default=300)
    parser.add_argument("--markdown", help="also write the table to this file")
    args = parser.parse_args()
    try:
        sizes = [int(s) for s in args.sizes.split(",") if s]
    except ValueError:
        sys.exit("error: --sizes takes comma-separated line counts, e.g. 1000,2000,4000")
    shapes = args.shape or list(SHAPES)
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        for shape in shapes:
            suffix, head, tail, line = SHAPES[shape]
            times = []
            for n in sizes:
                folder = os.path.join(scratch, f"{shape}-{n}")
                os.makedirs(folder)
                with open(os.path.join(folder, "Generated" + suffix), "w") as out:
                    out.write(head + "".join(line(i) for i in range(n)) + tail)
                start = time.monotonic()
                try:
                    done = subprocess.run([args.binary, "scan", folder, "--no-cache", "--format", "json",
                                           "--output", os.path.join(scratch, "out.json")],
                                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=args.timeout)
                except FileNotFoundError:
                    sys.exit(f"error: cannot run {args.binary}: give a release build with --binary")
                except subprocess.TimeoutExpired:
                    times.append(None)
                    print(f"{shape:15} {n:>7} lines  timeout (> {args.timeout:.0f} s)", flush=True)
                    break
                seconds = time.monotonic() - start
                if done.returncode not in (0, 1):
                    sys.exit(f"error: exit {done.returncode} on {shape} {n}: {done.stderr.decode(errors='replace').strip()[:300]}")
                times.append(seconds)
                print(f"{shape:15} {n:>7} lines  {seconds:7.2f} s  {seconds / n * 1e6:8.1f} µs/line", flush=True)
            measured = [(n, t) for n, t in zip(sizes, times) if t is not None]
            ratio = None
            if len(measured) >= 2 and times[-1] is not None:
                # The smallest size is dominated by start-up; compare time per line from the second size on.
                first = measured[1] if len(measured) > 2 else measured[0]
                ratio = (measured[-1][1] / measured[-1][0]) / (first[1] / first[0])
            rows.append((shape, list(zip(sizes, times)), ratio))
    table = ["| shape | " + " | ".join(f"{n:,} lines" for n in sizes) + " | µs/line, largest ÷ second |",
             "|---|" + "---|" * len(sizes) + "---|"]
    for shape, measured, ratio in rows:
        cells = [("timeout" if t is None else f"{t:.2f} s") for _, t in measured]
        cells += ["–"] * (len(sizes) - len(cells))
        table.append(f"| {shape} | " + " | ".join(cells) + f" | {ratio:.2f}x |" if ratio else f"| {shape} | " + " | ".join(cells) + " | – |")
    print("\n".join(table))
    if args.markdown:
        with open(args.markdown, "w") as out:
            out.write("\n".join(table) + "\n")


if __name__ == "__main__":
    main()
