#!/usr/bin/env python3
"""Mutation fuzzing of whole trees: keychain-lint must never crash, hang or exit outside 0/1/2.

Each round copies a few seed Swift files (the project's examples and rule tests), mutates them
(byte and token edits, repeated chunks, runs of brackets and operators, splices between files)
and scans the tree with the given binary under a time limit. Inputs that crash, hang or break
an invariant are kept, with the command, under --out.

    python3 Scripts/fuzz_trees.py --binary .build/release/keychain-lint --minutes 60

Deterministic for a given --seed. Prints one summary line per 50 rounds and a final count.
"""
import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Fragments that reach deep or slow paths: the shapes of past failures, among others.
FRAGMENTS = [
    "[", "(", "{", "]", ")", "}", "<", ">", "\\(", "#available(", "switch x {", "if a {", " ? a : ",
    ".union(.or)", ".b", " + 1", " | ", "!", "?", "{ }", "save { }", "\"", "\"\"\"", "#\"", "/*", "*/", "//",
    "SecItemAdd(", "SecAccessControlCreateWithFlags(nil, p, .biometryAny, nil)", ".biometryCurrentSet",
    "kSecAttrAccessibleAlways", "evaluatePolicy(", "LAContext()", "\r\n", "\r", "\u00e9", "\U0001F600",
    "// keychain-lint:disable-next-line ", "#if DEBUG\n", "#endif\n", "case let .x(v):", "unsafe ",
]


def seeds():
    files = []
    for folder in ("Examples", "Tests"):
        for base, _, names in os.walk(os.path.join(ROOT, folder)):
            for name in names:
                if name.endswith(".swift"):
                    path = os.path.join(base, name)
                    if os.path.getsize(path) < 200_000:
                        with open(path, "rb") as handle:
                            files.append(handle.read())
    return files


def mutate(data, rng, corpus):
    data = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        kind = rng.randrange(8)
        at = rng.randrange(len(data) + 1)
        if kind == 0 and data:  # flip bytes
            for _ in range(rng.randint(1, 8)):
                data[rng.randrange(len(data))] = rng.randrange(256)
        elif kind == 1 and data:  # delete a chunk
            end = min(len(data), at + rng.randint(1, 200))
            del data[at:end]
        elif kind == 2:  # insert a fragment
            data[at:at] = rng.choice(FRAGMENTS).encode()
        elif kind == 3:  # a run of one fragment: deep nesting or long chains
            fragment = rng.choice(FRAGMENTS).encode()
            data[at:at] = fragment * rng.choice([10, 30, 100, 1000, 5000])
        elif kind == 4 and data:  # repeat a chunk of the file many times
            end = min(len(data), at + rng.randint(1, 400))
            data[at:at] = bytes(data[at:end]) * rng.choice([2, 10, 100, 1000])
        elif kind == 5:  # splice from another file
            other = rng.choice(corpus)
            if other:
                start = rng.randrange(len(other))
                data[at:at] = other[start:start + rng.randint(1, 2000)]
        elif kind == 6 and data:  # duplicate a line
            line_start = data.rfind(b"\n", 0, at) + 1
            line_end = data.find(b"\n", at)
            line_end = len(data) if line_end < 0 else line_end
            data[line_end:line_end] = b"\n" + bytes(data[line_start:line_end])
        else:  # swap two chunks
            if len(data) > 10:
                a, b = sorted(rng.sample(range(len(data)), 2))
                data = data[:a] + data[b:] + data[a:b]
    return bytes(data[:4_000_000])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/keychain-lint"))
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--rounds", type=int, default=0, help="stop after this many rounds (0: by time)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=10, help="seconds per scan before it counts as a hang")
    parser.add_argument("--out", default="fuzz-findings", help="folder for failing inputs")
    args = parser.parse_args()

    if not os.access(args.binary, os.X_OK):
        sys.exit(f"fuzz_trees: no executable at {args.binary} (build it: swift build -c release)")
    rng = random.Random(args.seed)
    corpus = seeds()
    deadline = time.time() + args.minutes * 60
    rounds = failures = files_scanned = 0
    os.makedirs(args.out, exist_ok=True)
    while (args.rounds and rounds < args.rounds) or (not args.rounds and time.time() < deadline):
        rounds += 1
        tree = tempfile.mkdtemp(prefix="kl-fuzz-")
        try:
            count = rng.randint(1, 6)
            for number in range(count):
                with open(os.path.join(tree, f"f{number}.swift"), "wb") as handle:
                    handle.write(mutate(rng.choice(corpus), rng, corpus))
            files_scanned += count
            jobs = str(rng.choice([1, 2]))
            command = [args.binary, "scan", ".", "--no-cache", "--format", rng.choice(["text", "json", "sarif", "github"]),
                       "--jobs", jobs]
            started = time.time()
            try:
                run = subprocess.run(command, cwd=tree, capture_output=True, timeout=args.timeout)
                problem = None
                if run.returncode not in (0, 1):
                    problem = f"exit {run.returncode}"
                elif b"Fatal error" in run.stderr or b"Program crashed" in run.stderr:
                    problem = "crash report on stderr"
            except subprocess.TimeoutExpired:
                problem = f"hang (> {args.timeout:g} s)"
            if problem:
                failures += 1
                kept = os.path.join(args.out, f"round-{args.seed}-{rounds}")
                shutil.copytree(tree, kept)
                with open(os.path.join(kept, "README.txt"), "w") as handle:
                    handle.write(f"{problem} after {time.time() - started:.1f} s\ncommand: {' '.join(command[1:])}\n")
                print(f"round {rounds}: {problem}; kept in {kept}", flush=True)
        finally:
            shutil.rmtree(tree, ignore_errors=True)
        if rounds % 50 == 0:
            print(f"{rounds} rounds, {files_scanned} files, {failures} failing", flush=True)
    print(f"done: {rounds} rounds, {files_scanned} files scanned, {failures} failing inputs kept in {args.out}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
