import Foundation
import Testing

/// What a person types and reads: rule selection on the command line, `--output -`, the help's
/// first line, `explain` by name, and SARIF's severity as the configuration sets it.
@Suite("command line: rule selection, output, help and explain")
struct CommandLineTextTests {
    static let code = """
        import Security
        let a = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryAny, nil)
        let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccessible as String: kSecAttrAccessibleAlways]

        """

    static func rules(_ run: CLIRun) -> [String] {
        findingLines(run).compactMap { $0.split(separator: "[").last.map { String($0.dropLast()) } }
    }

    @Test("--only-rule and --disable-rule, repeatable, by id or by name without the language")
    func ruleSelection() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("App.swift", Self.code)
        let all = try tree.run(["scan", "--no-cache"])
        #expect(Self.rules(all).contains("swift.weak_biometric_acl"), "\(all)")
        #expect(Self.rules(all).contains("swift.weak_keychain_accessibility"), "\(all)")

        let only = try tree.run(["scan", "--no-cache", "--only-rule", "swift.weak_biometric_acl"])
        #expect(Self.rules(only) == ["swift.weak_biometric_acl"], "\(only)")
        let byName = try tree.run(["scan", "--no-cache", "--only-rule", "weak_keychain_accessibility"])
        #expect(Self.rules(byName) == ["swift.weak_keychain_accessibility"], "\(byName)")
        let two = try tree.run(["scan", "--no-cache", "--only-rule", "weak_keychain_accessibility", "--only-rule", "weak_biometric_acl"])
        #expect(Set(Self.rules(two)) == ["swift.weak_keychain_accessibility", "swift.weak_biometric_acl"], "\(two)")
        let disabled = try tree.run(["scan", "--no-cache", "--disable-rule", "weak_biometric_acl", "--disable-rule", "swift.weak_keychain_accessibility"])
        #expect(!Self.rules(disabled).contains("swift.weak_biometric_acl"), "\(disabled)")
        #expect(!Self.rules(disabled).contains("swift.weak_keychain_accessibility"), "\(disabled)")
        // Over the configuration files: a rule a nested file enables stays off.
        try tree.write(".keychain-lint.yml", "rules:\n  swift.weak_biometric_acl:\n    enabled: true\n")
        let overConfiguration = try tree.run(["scan", "--no-cache", "--disable-rule", "weak_biometric_acl"])
        #expect(!Self.rules(overConfiguration).contains("swift.weak_biometric_acl"), "\(overConfiguration)")

        let unknown = try tree.run(["scan", "--no-cache", "--only-rule", "weak_biometric"])
        #expect(unknown.status == 2, "\(unknown)")
        #expect(unknown.stderrLines == [
            "keychain-lint: error: --only-rule: unknown rule 'weak_biometric'; did you mean objc.weak_biometric_acl, swift.weak_biometric_acl? (run `keychain-lint rules` for the list)"
        ], "\(unknown)")
    }

    @Test("--output - writes to standard output, and no file named -")
    func outputDash() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("App.swift", Self.code)
        let run = try tree.run(["scan", "--no-cache", "--format", "json", "--output", "-"])
        #expect(run.status == 1, "\(run)")
        #expect(try (jsonObject(run.stdout)["findings"] as? [Any])?.isEmpty == false)
        #expect(!FileManager.default.fileExists(atPath: tree.path("-").path))
        #expect(run.stderr.isEmpty, "\(run)")
    }

    @Test("the help says Swift and Objective-C")
    func help() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let run = try tree.run(["--help"])
        #expect(run.status == 0)
        let overview = run.stdout.components(separatedBy: "\n\n").first?.replacingOccurrences(of: "\n", with: " ") ?? ""
        #expect(overview == "OVERVIEW: Finds misuse of Keychain access control and Face ID / Touch ID authentication in Swift and Objective-C code.", "\(run)")
    }

    @Test("explain by name without the language, a readable page, --full for everything, suggestions for a near miss")
    func explain() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let page = try tree.run(["explain", "weak_biometric_acl"])
        #expect(page.status == 0, "\(page)")
        #expect(page.stdoutLines.first == "# Weak Biometric Access Control Flags")
        #expect(page.stdoutLines.contains("ID: swift.weak_biometric_acl"))
        #expect(page.stdoutLines.count < 90, "a page a person reads: \(page.stdoutLines.count) lines")
        #expect(page.stdoutLines.last == "The same check for Objective-C: keychain-lint explain objc.weak_biometric_acl", "\(page)")
        #expect(page.stdout.contains("More (fix safety, decisions, option values, all "), "\(page)")
        #expect(!page.stdout.contains("## Fix safety"))
        let full = try tree.run(["explain", "swift.weak_biometric_acl", "--full"])
        #expect(full.stdout.contains("## Fix safety"), "\(full)")
        #expect(full.stdoutLines.count > page.stdoutLines.count + 100)
        let objc = try tree.run(["explain", "objc.weak_biometric_acl"])
        #expect(objc.stdoutLines.contains("ID: objc.weak_biometric_acl"), "\(objc)")
        let nearMiss = try tree.run(["explain", "weak_biometrc_acl"])
        #expect(nearMiss.status == 2)
        #expect(nearMiss.stderrLines == [
            "keychain-lint: error: unknown rule 'weak_biometrc_acl'; did you mean objc.weak_biometric_acl, swift.weak_biometric_acl? (run `keychain-lint rules` for the list)"
        ], "\(nearMiss)")
    }

    @Test("SARIF's security-severity and level follow the severity the configuration sets")
    func sarifSeverityFromConfiguration() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("App.swift", Self.code)
        try tree.write(".keychain-lint.yml", "rules:\n  swift.weak_biometric_acl:\n    severity: low\n")
        let run = try tree.run(["scan", "--no-cache", "--format", "sarif"])
        let driver = try #require(((try jsonObject(run.stdout)["runs"] as? [[String: Any]])?.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let rule = try #require(rules.first { $0["id"] as? String == "swift.weak_biometric_acl" })
        let properties = try #require(rule["properties"] as? [String: Any])
        #expect(properties["security-severity"] as? String == "3.0")
        #expect(properties["severity"] as? String == "low")
        #expect((rule["defaultConfiguration"] as? [String: Any])?["level"] as? String == "note")
        let other = try #require(rules.first { $0["id"] as? String == "swift.weak_keychain_accessibility" })
        #expect((other["properties"] as? [String: Any])?["security-severity"] as? String != "3.0")
    }
}
