import Foundation
import Testing

/// Nested `.keychain-lint.yml` files: every one from the project root down to a file's folder
/// applies to the file, the inner one's keys winning; `--config` reads one file for everything.
/// Each tree holds the `weak-app` fixture twice: at the root and in `Legacy/`.
@Suite("scan: nested configurations")
struct NestedConfigurationTests {
    static let rootFindings = ["SessionStore.swift:11:13", "TokenStore.swift:7:95"]
    static let legacyFindings = ["Legacy/SessionStore.swift:11:13", "Legacy/TokenStore.swift:7:95"]

    private func twoApps() throws -> TempTree {
        let tree = try TempTree(fixture: "weak-app")
        try tree.copyFixture("weak-app", into: "Legacy")
        return tree
    }

    /// `path:line:col: level` of each weak-biometric finding line.
    private func levels(_ run: CLIRun) -> [String] {
        run.stdoutLines.filter { $0.hasSuffix("[swift.weak_biometric_acl]") }.compactMap { line in
            for level in ["error", "warning", "note"] {
                if let range = line.range(of: ": \(level): ") { return "\(line[..<range.lowerBound]) \(level)" }
            }
            return nil
        }
    }

    @Test("a rule disabled in a subfolder's configuration is reported everywhere else")
    func ruleDisabledInSubfolder() throws {
        let tree = try twoApps()
        defer { tree.remove() }
        try tree.write("Legacy/.keychain-lint.yml", "rules:\n  swift.weak_biometric_acl:\n    enabled: false\n")

        let run = try tree.run(["scan", "--no-cache"])

        #expect(run.status == 1, "\(run)")
        #expect(findingPositions(run) == Self.rootFindings, "\(run)")
        #expect(run.stdoutLines.last.map { isSummary($0, files: 6, "2 findings (2 high), 1 suppressed") } == true, "\(run)")
    }

    @Test("--verbose and JSON stats name the configuration files read, top first; with --config, that file alone")
    func configurationFilesNamed() throws {
        let tree = try twoApps()
        defer { tree.remove() }
        try tree.write(".keychain-lint.yml", "exclude: []\n")
        try tree.write("Legacy/.keychain-lint.yml", "rules:\n  swift.weak_biometric_acl:\n    severity: medium\n")

        let verbose = try tree.run(["scan", "--no-cache", "--verbose"])
        #expect(verbose.stdoutLines.filter { $0.hasPrefix("configuration ") }
            == ["configuration .keychain-lint.yml", "configuration Legacy/.keychain-lint.yml"], "\(verbose)")
        let quiet = try tree.run(["scan", "--no-cache"])
        #expect(!quiet.stdoutLines.contains { $0.hasPrefix("configuration ") }, "\(quiet)")

        let json = try tree.run(["scan", "--no-cache", "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let stats = try #require(document["stats"] as? [String: Any])
        #expect(stats["configurationFiles"] as? [String] == [".keychain-lint.yml", "Legacy/.keychain-lint.yml"], "\(json)")

        let explicit = try tree.run(["scan", "--no-cache", "--verbose", "--config", "Legacy/.keychain-lint.yml"])
        #expect(explicit.stdoutLines.filter { $0.hasPrefix("configuration ") } == ["configuration Legacy/.keychain-lint.yml"], "\(explicit)")
    }

    @Test("a severity set in a subfolder grades that folder's findings only")
    func severityInSubfolder() throws {
        let tree = try twoApps()
        defer { tree.remove() }
        try tree.write("Legacy/.keychain-lint.yml", "rules:\n  swift.weak_biometric_acl:\n    severity: medium\n")

        let run = try tree.run(["scan", "--no-cache"])

        #expect(run.status == 1, "\(run)")
        #expect(levels(run) == [
            "Legacy/SessionStore.swift:11:13 warning", "Legacy/TokenStore.swift:7:95 warning",
            "SessionStore.swift:11:13 error", "TokenStore.swift:7:95 error",
        ], "\(run)")
        #expect(run.stdoutLines.last.map { isSummary($0, files: 6, "4 findings (2 high, 2 medium), 2 suppressed") } == true, "\(run)")
    }

    @Test("exclude in a nested configuration is relative to its own folder")
    func excludeRelativeToNestedFolder() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.copyFixture("weak-app", into: "Old")
        try tree.copyFixture("weak-app", into: "Legacy/Old")
        try tree.write("Legacy/.keychain-lint.yml", "exclude: [\"Old/**\"]\n")

        let run = try tree.run(["scan", "--no-cache"])

        // `Old/**` in Legacy/ is Legacy/Old: the root's Old/ is still scanned.
        #expect(run.status == 1, "\(run)")
        #expect(findingPositions(run) == ["Old/SessionStore.swift:11:13", "Old/TokenStore.swift:7:95"], "\(run)")
        #expect(run.stdoutLines.last.map { isSummary($0, files: 3, "2 findings (2 high), 1 suppressed") } == true, "\(run)")
    }

    @Test("exclude patterns add up: the root's and a subfolder's both apply")
    func excludesAddUp() throws {
        let tree = try twoApps()
        defer { tree.remove() }
        try tree.write(".keychain-lint.yml", "exclude: [\"/TokenStore.swift\"]\n")
        try tree.write("Legacy/.keychain-lint.yml", "exclude: [\"SessionStore.swift\"]\n")

        let run = try tree.run(["scan", "--no-cache"])

        #expect(findingPositions(run) == ["Legacy/TokenStore.swift:7:95", "SessionStore.swift:11:13"], "\(run)")
    }

    @Test("an inner configuration overrides the keys it sets and inherits the others")
    func innerOverridesOuter() throws {
        let tree = try twoApps()
        defer { tree.remove() }
        try tree.write(".keychain-lint.yml", "rules:\n  swift.weak_biometric_acl:\n    enabled: false\n    severity: low\n")
        try tree.write("Legacy/.keychain-lint.yml", "rules:\n  swift.weak_biometric_acl:\n    enabled: true\n")

        let run = try tree.run(["scan", "--no-cache"])

        // Enabled again in Legacy/, with the root's severity (low prints as `note`).
        #expect(run.status == 1, "\(run)")
        #expect(levels(run) == ["Legacy/SessionStore.swift:11:13 note", "Legacy/TokenStore.swift:7:95 note"], "\(run)")
        #expect(run.stdoutLines.last.map { isSummary($0, files: 6, "2 findings (2 low), 1 suppressed") } == true, "\(run)")
    }

    @Test("rule options in a subfolder apply to its files (one rule instance per distinct options)")
    func optionsInSubfolder() throws {
        let tree = try twoApps()
        defer { tree.remove() }
        try tree.write("Legacy/.keychain-lint.yml", "rules:\n  swift.weak_biometric_acl:\n    weakBiometricFlags: [userPresence]\n")
        let cache = tree.path("cache").path

        let run = try tree.run(["scan", "--cache-dir", cache])

        // In Legacy/, .biometryAny alone is no longer weak: TokenStore's finding goes.
        #expect(findingPositions(run) == ["Legacy/SessionStore.swift:11:13"] + Self.rootFindings, "\(run)")

        // The cache does not keep Legacy's findings once its options change.
        try tree.write("Legacy/.keychain-lint.yml", "version: 1\n")
        let again = try tree.run(["scan", "--cache-dir", cache])
        #expect(findingPositions(again) == Self.legacyFindings + Self.rootFindings, "\(again)")
    }

    @Test("includeTests set in a subfolder reports the test code there only")
    func includeTestsInSubfolder() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.copyFixture("weak-app", into: "AppTests")
        try tree.copyFixture("weak-app", into: "Legacy/LegacyTests")
        try tree.write("Legacy/.keychain-lint.yml", "includeTests: true\n")

        let run = try tree.run(["scan", "--no-cache"])

        #expect(findingPositions(run) == [
            "Legacy/LegacyTests/SessionStore.swift:11:13", "Legacy/LegacyTests/TokenStore.swift:7:95",
        ], "\(run)")
    }

    @Test("a broken nested configuration: exit 2, one line naming that file and the key")
    func brokenNestedConfiguration() throws {
        let tree = try twoApps()
        defer { tree.remove() }
        try tree.write(".keychain-lint.yml", "version: 1\n")
        try tree.write("Legacy/.keychain-lint.yml", "rules:\n  swift.weak_biometric_acl:\n    severity: severe\n")

        let run = try tree.run(["scan", "--no-cache"])

        #expect(run.status == 2, "\(run)")
        #expect(!run.showsCrash, "\(run)")
        #expect(run.stdout.isEmpty, "\(run)")
        #expect(run.stderrLines == [
            "keychain-lint: error: Legacy/.keychain-lint.yml: rules.swift.weak_biometric_acl.severity: expected one of critical, high, medium, low, info, got 'severe'",
        ], "\(run)")
    }

    @Test("a nested configuration that is not a regular file, or a YAML bomb, is an error naming it")
    func hostileNestedConfiguration() throws {
        let tree = try twoApps()
        defer { tree.remove() }
        try FileManager.default.createDirectory(
            at: tree.path("Legacy/.keychain-lint.yml"), withIntermediateDirectories: true)

        let folder = try tree.run(["scan", "--no-cache"])
        #expect(folder.status == 2, "\(folder)")
        #expect(folder.stderrLines.count == 1, "\(folder)")
        #expect(folder.stderr.hasPrefix("keychain-lint: error: cannot read configuration file 'Legacy/.keychain-lint.yml': "), "\(folder)")

        try FileManager.default.removeItem(at: tree.path("Legacy/.keychain-lint.yml"))
        var bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...6 { bomb += "l\(level): &l\(level) [" + Array(repeating: level == 1 ? "*a" : "*l\(level - 1)", count: 10).joined(separator: ", ") + "]\n" }
        try tree.write("Legacy/.keychain-lint.yml", bomb)
        let expanded = try tree.run(["scan", "--no-cache"])
        #expect(expanded.status == 2, "\(expanded)")
        #expect(expanded.stderrLines.count == 1, "\(expanded)")
        #expect(expanded.stderr.hasPrefix("keychain-lint: error: Legacy/.keychain-lint.yml: the configuration expands to more than 10000 values"), "\(expanded)")
    }

    @Test("--config reads that file only: nested configurations are ignored")
    func explicitConfigurationIgnoresNested() throws {
        let tree = try twoApps()
        defer { tree.remove() }
        try tree.write("Legacy/.keychain-lint.yml", "rules:\n  swift.weak_biometric_acl:\n    enabled: false\n")
        try tree.write("ci/keychain-lint.yml", "version: 1\n")

        let run = try tree.run(["scan", "--no-cache", "--config", "ci/keychain-lint.yml"])

        #expect(run.status == 1, "\(run)")
        #expect(findingPositions(run) == Self.legacyFindings + Self.rootFindings, "\(run)")

        // Even a broken nested file is not read.
        try tree.write("Legacy/.keychain-lint.yml", "rules: {nope: {}}\n")
        let broken = try tree.run(["scan", "--no-cache", "--config", "ci/keychain-lint.yml"])
        #expect(broken.status == 1, "\(broken)")
    }

    @Test("scanning a subfolder applies the configurations above it, from the project root down")
    func configurationsAboveTheScannedFolder() throws {
        let tree = try twoApps()
        defer { tree.remove() }
        try tree.write(".keychain-lint.yml", "rules:\n  swift.weak_biometric_acl:\n    severity: medium\n")
        try tree.write("Legacy/.keychain-lint.yml", "exclude: [TokenStore.swift]\n")

        let run = try tree.run(["scan", "--no-cache", "Legacy"])

        #expect(levels(run) == ["Legacy/SessionStore.swift:11:13 warning"], "\(run)")
    }
}
