import Foundation
import Testing

/// Exit codes (0 clean, 1 findings, 2 usage/configuration/I/O errors) and `.keychain-lint.yml`.
@Suite("scan: exit codes and configuration")
struct ExitCodeAndConfigurationTests {
    // MARK: --fail-on

    @Test("--fail-on: the lowest severity that makes the exit code 1", arguments: [
        ("critical", Int32(0)), ("high", Int32(1)), ("medium", Int32(1)), ("low", Int32(1)), ("info", Int32(1)),
    ])
    func failOn(severity: String, expected: Int32) throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }

        let run = try tree.run(["scan", "--fail-on", severity])

        #expect(run.status == expected, "\(run)")
        // The report is the same whatever the threshold.
        #expect(findingPositions(run) == ["SessionStore.swift:11:13", "TokenStore.swift:7:95"], "\(run)")
    }

    @Test("--exit-zero: findings are reported, the exit code is 0; an error still exits 2")
    func exitZero() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }

        let run = try tree.run(["scan", "--exit-zero"])
        #expect(run.status == 0, "\(run)")
        #expect(findingPositions(run) == ["SessionStore.swift:11:13", "TokenStore.swift:7:95"], "\(run)")

        let missing = try tree.run(["scan", "--exit-zero", "Gone.swift"])
        #expect(missing.status == 2, "\(missing)")
    }

    @Test("--format xcode: absolute paths, every finding a warning with its severity, for build tools")
    func xcodeFormat() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }

        let run = try tree.run(["scan", "--format", "xcode", "--no-cache"])
        #expect(run.status == 1, "\(run)")
        let root = tree.url.resolvingSymlinksInPath().standardizedFileURL.path
        let warnings = run.stdoutLines.filter { $0.contains(": warning: ") }
        #expect(warnings.count == 2, "\(run)")
        #expect(warnings.allSatisfy { $0.hasPrefix(root + "/") && $0.hasSuffix("[swift.weak_biometric_acl] (high)") }, "\(run)")
        #expect(warnings.first?.hasPrefix(root + "/SessionStore.swift:11:13: warning: Weak biometric access control") == true, "\(run)")
        #expect(!run.stdout.contains(": error: "), "\(run)")
        #expect(run.stdoutLines.last?.hasPrefix("Scanned ") == true, "\(run)")
    }

    // MARK: Usage errors

    @Test("a path that does not exist: exit 2, one stderr line naming it")
    func missingPath() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }

        let run = try tree.run(["scan", "NoSuchFolder"])

        #expect(run.status == 2, "\(run)")
        #expect(!run.showsCrash, "\(run)")
        #expect(run.stdout.isEmpty, "\(run)")
        #expect(run.stderrLines == ["keychain-lint: error: no such file or directory: 'NoSuchFolder'"], "\(run)")
    }

    @Test("a missing path next to an existing one still fails with 2")
    func missingPathAmongOthers() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }

        let run = try tree.run(["scan", "TokenStore.swift", "Gone.swift"])

        #expect(run.status == 2, "\(run)")
        #expect(run.stderrLines == ["keychain-lint: error: no such file or directory: 'Gone.swift'"], "\(run)")
    }

    @Test("an unknown option: exit 2, the error names it without a doubled `error: Error:`")
    func unknownOption() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }

        let run = try tree.run(["scan", "--bogus"])

        #expect(run.status == 2, "\(run)")
        #expect(!run.showsCrash, "\(run)")
        #expect(run.stdout.isEmpty, "\(run)")
        let first = run.stderrLines.first ?? ""
        #expect(first.hasPrefix("keychain-lint: error: "), "\(run)")
        #expect(first.contains("--bogus"), "\(run)")
        // ArgumentParser's own "Error: " prefix must not follow keychain-lint's "error: ".
        #expect(!first.contains("error: Error:"), "\(run)")
    }

    @Test("an unknown subcommand-like word is a path: exit 2 naming it")
    func unknownWord() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }

        let run = try tree.run(["scna"])

        #expect(run.status == 2, "\(run)")
        #expect(!run.showsCrash, "\(run)")
        #expect(run.stderr.contains("scna"), "\(run)")
    }

    @Test("--help and --version: exit 0 on stdout")
    func helpAndVersion() throws {
        let tree = try TempTree()
        defer { tree.remove() }

        let help = try tree.run(["--help"])
        #expect(help.status == 0, "\(help)")
        #expect(help.stdout.contains("USAGE: keychain-lint <subcommand>"), "\(help)")
        for subcommand in ["scan", "rules", "explain"] {
            #expect(help.stdout.contains("  \(subcommand)"), "\(help)")
        }
        #expect(help.stdout.contains("Exit codes: 0"), "\(help)")

        let scanHelp = try tree.run(["scan", "--help"])
        #expect(scanHelp.status == 0, "\(scanHelp)")
        for option in ["--format", "--output", "--config", "--fail-on", "--include-vendored", "--verbose", "--no-color"] {
            #expect(scanHelp.stdout.contains(option), "\(option) missing from scan --help")
        }

        let version = try tree.run(["--version"])
        #expect(version.status == 0, "\(version)")
        let text = version.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(text.split(separator: ".").count == 3 && text.allSatisfy { $0.isNumber || $0 == "." }, "\(version)")
    }

    // MARK: --config errors

    static let badConfigurations: [(name: String, yaml: String, mustMention: [String])] = [
        ("unknown top-level key", "version: 1\nexlude:\n  - \"Legacy/**\"\n", ["'exlude'"]),
        ("unknown rule id", "rules:\n  swift.weak_biometric_acll:\n    enabled: false\n", ["'swift.weak_biometric_acll'"]),
        (
            "unknown flag in weakBiometricFlags",
            "rules:\n  swift.weak_biometric_acl:\n    weakBiometricFlags: [biometryAny, faceIDAny]\n",
            ["'faceIDAny'", "weakBiometricFlags"]
        ),
        ("unknown rule option", "rules:\n  swift.weak_biometric_acl:\n    enabld: false\n", ["'enabld'"]),
        ("unknown severity", "rules:\n  swift.weak_biometric_acl:\n    severity: severe\n", ["'severe'", "severity"]),
        ("invalid YAML", "rules:\n  swift.weak_biometric_acl:\n    weakBiometricFlags: [biometryAny\n", ["invalid YAML", "line "]),
        ("unsupported version", "version: 2\n", ["version 2"]),
    ]

    @Test("--config with a bad file: exit 2, one line naming the file and the offending entry",
          arguments: badConfigurations)
    func badConfiguration(name: String, yaml: String, mustMention: [String]) throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }
        try tree.write("config/bad.yml", yaml)

        let run = try tree.run(["scan", "--config", "config/bad.yml"])

        #expect(run.status == 2, "\(name): \(run)")
        #expect(!run.showsCrash, "\(name): \(run)")
        #expect(run.stdout.isEmpty, "\(name): \(run)")
        #expect(run.stderrLines.count == 1, "\(name): \(run)")
        #expect(run.stderr.hasPrefix("keychain-lint: error: config/bad.yml: "), "\(name): \(run)")
        for word in mustMention {
            #expect(run.stderr.contains(word), "\(name): stderr should mention \(word): \(run)")
        }
    }

    @Test("--config naming a file that does not exist: exit 2 naming it")
    func missingConfiguration() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }

        let run = try tree.run(["scan", "--config", "nope.yml"])

        #expect(run.status == 2, "\(run)")
        #expect(run.stderrLines.count == 1, "\(run)")
        #expect(run.stderr.contains("'nope.yml'"), "\(run)")
    }

    @Test("a bad .keychain-lint.yml found automatically is an error too (a typo never disables a check)")
    func badAutomaticConfiguration() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }
        try tree.write(".keychain-lint.yml", "rules:\n  swift.weak_biometric_acl:\n    enable: false\n")

        let run = try tree.run(["scan"])

        #expect(run.status == 2, "\(run)")
        #expect(run.stderrLines.count == 1, "\(run)")
        #expect(run.stderr.contains(".keychain-lint.yml"), "\(run)")
        #expect(run.stderr.contains("'enable'"), "\(run)")
    }

    // MARK: .keychain-lint.yml picked up automatically

    @Test("`enabled: false` in the scanned root's .keychain-lint.yml: exit 0")
    func ruleDisabled() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }
        try tree.write(".keychain-lint.yml", "rules: {swift.weak_biometric_acl: {enabled: false}}\n")

        let run = try tree.run(["scan"])

        #expect(run.status == 0, "\(run)")
        #expect(findingPositions(run).isEmpty, "\(run)")
        #expect(run.stdoutLines.last.map { isSummary($0, files: 3, "no findings") } == true, "\(run)")
    }

    @Test("the configuration of the scanned folder applies when it is scanned from its parent")
    func configurationOfScannedFolder() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.copyFixture("weak-app", into: "App")
        try tree.write("App/.keychain-lint.yml", "rules: {swift.weak_biometric_acl: {enabled: false}}\n")

        let run = try tree.run(["scan", "App"])

        #expect(run.status == 0, "\(run)")
        #expect(findingPositions(run).isEmpty, "\(run)")
    }

    @Test("weakBiometricFlags: [userPresence] → only the userPresence finding")
    func onlyUserPresence() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }
        try tree.write(".keychain-lint.yml", """
            version: 1
            rules:
              swift.weak_biometric_acl:
                weakBiometricFlags: [userPresence]

            """)

        let run = try tree.run(["scan"])

        #expect(run.status == 1, "\(run)")
        // SessionStore's [.biometryAny, .or, .devicePasscode] is .userPresence; TokenStore's
        // .biometryAny is no longer weak.
        #expect(findingLines(run) == [ScanTextTests.sessionStoreFinding], "\(run)")
        #expect(run.stdoutLines.last.map { isSummary($0, files: 3, "1 finding (1 high)") } == true, "\(run)")
    }

    @Test("exclude: [\"Legacy/**\"] skips that folder")
    func excludeFolder() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }
        try tree.copyFixture("weak-app", into: "Legacy")

        let without = try tree.run(["scan"])
        #expect(findingPositions(without) == [
            "Legacy/SessionStore.swift:11:13", "Legacy/TokenStore.swift:7:95",
            "SessionStore.swift:11:13", "TokenStore.swift:7:95",
        ], "\(without)")

        try tree.write(".keychain-lint.yml", "exclude: [\"Legacy/**\"]\n")
        let run = try tree.run(["scan"])

        #expect(run.status == 1, "\(run)")
        #expect(findingPositions(run) == ["SessionStore.swift:11:13", "TokenStore.swift:7:95"], "\(run)")
        #expect(run.stdoutLines.last.map { isSummary($0, files: 3, "2 findings (2 high), 1 suppressed") } == true, "\(run)")
    }

    @Test("severity: medium → findings print as `warning:` and count as medium")
    func severityOverride() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }
        try tree.write(".keychain-lint.yml", "rules:\n  swift.weak_biometric_acl:\n    severity: medium\n")

        let run = try tree.run(["scan"])

        #expect(run.status == 1, "\(run)")
        #expect(findingLines(run) == [
            ScanTextTests.sessionStoreFinding.replacingOccurrences(of: ": error: ", with: ": warning: "),
            ScanTextTests.tokenStoreFinding.replacingOccurrences(of: ": error: ", with: ": warning: "),
        ], "\(run)")
        #expect(run.stdoutLines.last.map { isSummary($0, files: 3, "2 findings (2 medium), 1 suppressed") } == true, "\(run)")
        // medium is below --fail-on high.
        #expect(try tree.run(["scan", "--fail-on", "high"]).status == 0)
    }

    @Test("--config overrides the .keychain-lint.yml in the scanned folder")
    func explicitConfigurationWins() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }
        try tree.write(".keychain-lint.yml", "rules: {swift.weak_biometric_acl: {enabled: false}}\n")
        try tree.write("ci/keychain-lint.yml", "version: 1\n")

        let run = try tree.run(["scan", "--config", "ci/keychain-lint.yml"])

        #expect(run.status == 1, "\(run)")
        #expect(findingPositions(run) == ["SessionStore.swift:11:13", "TokenStore.swift:7:95"], "\(run)")
    }

    @Test("an empty .keychain-lint.yml means the defaults")
    func emptyConfiguration() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }
        try tree.write(".keychain-lint.yml", "# nothing configured yet\n")

        let run = try tree.run(["scan"])

        #expect(run.status == 1, "\(run)")
        #expect(findingPositions(run) == ["SessionStore.swift:11:13", "TokenStore.swift:7:95"], "\(run)")
    }
}
