#!/usr/bin/env python3
"""Runs the steps of action.yml as a GitHub runner would, on this machine, and checks the results.

    Scripts/check_action.py [--binary PATH]

The binary (default: the one `swift build` made) is packed as a release archive by
Scripts/release.sh, and the install step downloads it from there (KEYCHAIN_LINT_DOWNLOAD_BASE, a
file:// address) with its SHA-256 checked. Each `run:` step gets the runner's files and variables
(GITHUB_PATH, GITHUB_OUTPUT, GITHUB_ACTION_PATH, RUNNER_TEMP), its `env:` and `if:` expressions
are evaluated, and `uses:` steps (the SARIF upload) are checked instead of run: the file they would
upload must be a SARIF 2.1.0 log. Scenarios: findings above fail-on (the action fails after the
upload), a clean scan (it passes), fail-on none, and bad inputs (one-line errors, exit code 2).
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def fail(message):
    print(f"check_action.py: error: {message}", file=sys.stderr)
    sys.exit(1)


try:
    import yaml
except ImportError:
    fail("PyYAML is needed to read action.yml (pip install PyYAML)")


class Runner:
    """The part of a GitHub runner a composite action's steps see."""

    def __init__(self, action, workspace, temp, download_base):
        self.action = action
        self.workspace = workspace
        self.temp = temp
        self.download_base = download_base

    def evaluate(self, expression, context):
        """A GitHub expression of the forms action.yml uses: names, 'strings', ==, !=, &&, ||, always()."""
        def name(match):
            parts = match.group(0).split(".")
            value = context
            for part in parts:
                value = value.get(part, "") if isinstance(value, dict) else ""
            return repr(value if value is not None else "")
        code = re.sub(r"\b(inputs|steps|github)(\.[A-Za-z0-9_-]+)+", name, expression.strip())
        code = code.replace("&&", " and ").replace("||", " or ").replace("always()", "True")
        code = code.replace("success()", repr(context["_success"]))
        return eval(code, {"__builtins__": {}}, {})  # noqa: S307 (the expressions are this repository's own)

    def substitute(self, text, context):
        return re.sub(r"\$\{\{(.*?)\}\}", lambda m: str(self.evaluate(m.group(1), context)), str(text))

    def run(self, inputs, version="v0-local"):
        """Runs the action; returns (succeeded, outputs of each step, log)."""
        given = {name: str(spec.get("default", "")) for name, spec in self.action["inputs"].items()}
        unknown = set(inputs) - set(given)
        if unknown:
            fail(f"unknown inputs {sorted(unknown)}")
        given.update(inputs)
        context = {"inputs": given, "steps": {}, "_success": True,
                   "github": {"action_ref": version, "action_repository": "OWNER/keychain-lint"}}
        path_file = os.path.join(self.temp, "github_path")
        open(path_file, "w").close()
        log = []
        for index, step in enumerate(self.action["runs"]["steps"]):
            condition = step.get("if")
            if condition is not None:
                condition = condition.strip()
                if condition.startswith("${{") and condition.endswith("}}"):
                    condition = condition[3:-2]
                should_run = bool(self.evaluate(condition, context))
                # As on GitHub: a condition without a status function runs only after success.
                if not re.search(r"\b(always|success|failure|cancelled)\(\)", condition):
                    should_run = should_run and context["_success"]
            else:
                should_run = context["_success"]
            name = self.substitute(step.get("name", f"step {index}"), context)
            if not should_run:
                log.append(f"-- skipped: {name}")
                continue
            if "uses" in step:
                with_ = {k: self.substitute(v, context) for k, v in step.get("with", {}).items()}
                log.append(f"-- {name}: would run {step['uses']} with {with_}")
                if "upload-sarif" in step["uses"]:
                    sarif = os.path.join(self.workspace, with_["sarif_file"])
                    with open(sarif, encoding="utf-8") as handle:
                        document = json.load(handle)
                    if document.get("version") != "2.1.0" or not document.get("runs"):
                        fail(f"{sarif} is not a SARIF 2.1.0 log")
                continue
            output_file = os.path.join(self.temp, f"output-{index}")
            open(output_file, "w").close()
            env = dict(os.environ)
            with open(path_file) as handle:
                extra_path = [line.strip() for line in handle if line.strip()]
            env["PATH"] = os.pathsep.join(list(reversed(extra_path)) + [env.get("PATH", "")])
            env.update({
                "GITHUB_ACTION_PATH": ROOT, "GITHUB_PATH": path_file, "GITHUB_OUTPUT": output_file,
                "RUNNER_TEMP": self.temp, "GITHUB_WORKSPACE": self.workspace, "CI": "true",
                "KEYCHAIN_LINT_DOWNLOAD_BASE": self.download_base,
                "KEYCHAIN_LINT_CACHE_DIR": os.path.join(self.temp, "cache"),
            })
            for key, value in step.get("env", {}).items():
                env[key] = self.substitute(value, context)
            command = self.substitute(step["run"], context)
            result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", command],
                                    cwd=self.workspace, env=env, capture_output=True, text=True)
            log.append(f"-- {name}: exit {result.returncode}\n{result.stdout}{result.stderr}".rstrip())
            outputs = {}
            with open(output_file) as handle:
                for line in handle:
                    if "=" in line:
                        key, value = line.rstrip("\n").split("=", 1)
                        outputs[key] = value
            if "id" in step:
                context["steps"][step["id"]] = {"outputs": outputs, "result": result}
            if result.returncode != 0:
                context["_success"] = False
        return context["_success"], context["steps"], "\n".join(log)


def main(argv):
    binary = None
    args = list(argv)
    while args:
        arg = args.pop(0)
        if arg == "--binary" and args:
            binary = args.pop(0)
        elif arg in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        else:
            fail(f"unknown argument '{arg}' (usage: Scripts/check_action.py [--binary PATH])")
    if binary is None:
        try:
            bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                                      capture_output=True, text=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError) as error:
            fail(f"cannot find the build folder with `swift build --show-bin-path`: {error}")
        binary = os.path.join(bin_path, "keychain-lint")
    if not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
        fail(f"{binary} is not an executable (run `swift build` first, or give --binary)")
    with open(os.path.join(ROOT, "action.yml"), encoding="utf-8") as handle:
        action = yaml.safe_load(handle)

    work = tempfile.mkdtemp(prefix="keychain-lint-action-")
    try:
        release = os.path.join(work, "release")
        made = subprocess.run([os.path.join(ROOT, "Scripts", "release.sh"), "--binary", binary, "--output", release],
                              capture_output=True, text=True)
        if made.returncode != 0:
            fail(f"Scripts/release.sh --binary failed:\n{made.stdout}{made.stderr}")
        # The workspace: a checkout of a project, here this repository's Examples.
        workspace = os.path.join(work, "workspace")
        shutil.copytree(os.path.join(ROOT, "Examples"), os.path.join(workspace, "Examples"))
        subprocess.run(["git", "init", "-q", workspace], check=True)

        def runner(name, base=release):
            temp = os.path.join(work, "runner-" + name)
            os.makedirs(temp)
            return Runner(action, workspace, temp, "file://" + base)

        problems = []

        def expect(condition, message, log):
            if not condition:
                problems.append(f"{message}\n{log}")

        ok, steps, log = runner("findings").run({"path": "Examples", "fail-on": "high", "sarif-file": "report.sarif"})
        print(log)
        expect(not ok, "findings at or above fail-on must fail the action", log)
        scan = steps.get("scan", {}).get("outputs", {})
        expect(scan.get("failing") == "1" and int(scan.get("findings", "0")) > 0,
               f"scan outputs should say failing=1 and some findings: {scan}", log)
        expect("would run github/codeql-action/upload-sarif" in log, "the SARIF upload step did not run", log)
        expect("::error file=Examples/InsecureBank/" in log, "no annotation for a finding", log)

        ok, steps, log = runner("clean").run({"path": "Examples/SecureBank", "upload-sarif": "false"})
        print(log)
        expect(ok, "a clean scan must pass", log)
        expect(steps.get("scan", {}).get("outputs", {}).get("findings") == "0", "a clean scan has 0 findings", log)
        expect("upload-sarif" not in log.replace("skipped: Upload SARIF", ""), "upload-sarif: false still uploaded", log)

        ok, steps, log = runner("none").run({"path": "Examples", "fail-on": "none", "upload-sarif": "false"})
        print(log)
        expect(ok, "fail-on: none must pass whatever is found", log)

        ok, steps, log = runner("bad-fail-on").run({"fail-on": "severe"})
        print(log)
        expect(not ok and "fail-on must be critical, high, medium, low, info or none, not 'severe'" in log,
               "a bad fail-on must be a one-line error", log)

        ok, steps, log = runner("bad-source").run({"build-from-source": "maybe"})
        print(log)
        expect(not ok and "build-from-source must be true or false" in log, "a bad build-from-source must be an error", log)

        ok, steps, log = runner("no-release", base=os.path.join(work, "no-such-release")).run({"path": "Examples"})
        print(log)
        expect(not ok and "cannot download" in log, "a missing release must fail the install step", log)

        if problems:
            for problem in problems:
                print(f"check_action.py: FAILED: {problem}", file=sys.stderr)
            return 1
        print("action: ok")
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
