import Foundation
import Testing

/// `keychain-lint scan Examples` from the package root, as the README's quick start runs it:
/// InsecureBank shows every Swift rule firing at its planted issue, and Objective-C findings in its
/// legacy bridge (Examples/README.md), and
/// SecureBank, the fixed app, is silent.
@Suite("scan: the bundled Examples")
struct ExamplesScanTests {
    /// Every finding of `scan Examples`, in output order: position and rule.
    static let expected: [(position: String, rule: String)] = [
        ("Examples/InsecureBank/Keychain/CardStore.swift:22:13", "swift.passcode_fallback_acl"),
        ("Examples/InsecureBank/Keychain/CardStore.swift:44:13", "swift.invalid_access_control_flags"),
        ("Examples/InsecureBank/Keychain/CardStore.swift:44:13", "swift.missing_faceid_usage_description"),
        ("Examples/InsecureBank/Keychain/CardStore.swift:81:25", "swift.key_without_user_authentication"),
        ("Examples/InsecureBank/Keychain/CardStore.swift:96:22", "swift.broad_query_without_ui_skip"),
        ("Examples/InsecureBank/Keychain/CredentialVault.swift:23:73", "swift.weak_biometric_acl"),
        ("Examples/InsecureBank/Keychain/CredentialVault.swift:48:13", "swift.weak_biometric_acl"),
        ("Examples/InsecureBank/Keychain/CredentialVault.swift:60:31", "swift.hardcoded_application_password"),
        ("Examples/InsecureBank/Keychain/CredentialVault.swift:81:42", "swift.application_password_query_missing_context"),
        ("Examples/InsecureBank/Keychain/DocumentVault.swift:31:13", "swift.weak_biometric_acl"),
        ("Examples/InsecureBank/Keychain/DocumentVault.swift:45:13", "swift.weak_biometric_acl"),
        ("Examples/InsecureBank/Keychain/DocumentVault.swift:76:9", "swift.unchecked_keychain_status"),
        ("Examples/InsecureBank/Keychain/LegacyMigration.swift:25:16", "swift.deprecated_keychain_api"),
        ("Examples/InsecureBank/Keychain/LegacyMigration.swift:56:13", "swift.deprecated_keychain_api"),
        ("Examples/InsecureBank/Keychain/LegacyMigration.swift:73:13", "swift.weak_biometric_acl"),
        ("Examples/InsecureBank/Keychain/LegacyMigration.swift:83:22", "swift.unchecked_access_control_creation"),
        ("Examples/InsecureBank/Keychain/LegacyMigration.swift:83:108", "swift.deprecated_keychain_api"),
        ("Examples/InsecureBank/Keychain/PreferenceStores.swift:17:24", "swift.weak_keychain_accessibility"),
        ("Examples/InsecureBank/Keychain/PreferenceStores.swift:30:24", "swift.weak_biometric_acl"),
        ("Examples/InsecureBank/Keychain/ProtectionLevel.swift:31:20", "swift.deprecated_keychain_api"),
        ("Examples/InsecureBank/Keychain/SecureEnclaveKeyStore.swift:24:13", "swift.biometric_item_not_device_bound"),
        ("Examples/InsecureBank/Keychain/SecureEnclaveKeyStore.swift:25:13", "swift.weak_biometric_acl"),
        ("Examples/InsecureBank/Keychain/SecureEnclaveKeyStore.swift:60:13", "swift.weak_biometric_acl"),
        ("Examples/InsecureBank/Keychain/SessionTokenStore.swift:23:13", "swift.biometric_item_not_device_bound"),
        ("Examples/InsecureBank/Keychain/SessionTokenStore.swift:24:13", "swift.weak_biometric_acl"),
        ("Examples/InsecureBank/Keychain/SessionTokenStore.swift:34:13", "swift.conflicting_accessibility_attributes"),
        ("Examples/InsecureBank/Keychain/SessionTokenStore.swift:79:43", "swift.weak_keychain_accessibility"),
        ("Examples/InsecureBank/Legacy/DeviceTokenKeychain.m:22:39", "objc.weak_keychain_accessibility"),
        ("Examples/InsecureBank/Legacy/DeviceTokenKeychain.m:29:48", "objc.weak_biometric_acl"),
        ("Examples/InsecureBank/Legacy/KeychainBridge.m:17:28", "objc.hardcoded_application_password"),
        ("Examples/InsecureBank/Legacy/KeychainBridge.m:61:9", "objc.biometric_item_not_device_bound"),
        ("Examples/InsecureBank/Legacy/KeychainBridge.m:61:55", "objc.weak_biometric_acl"),
        ("Examples/InsecureBank/Legacy/KeychainBridge.m:73:27", "objc.weak_keychain_accessibility"),
        ("Examples/InsecureBank/UI/BiometricLoginViewController.swift:73:9", "swift.excessive_authentication_reuse"),
        ("Examples/InsecureBank/UI/BiometricLoginViewController.swift:75:9", "swift.boolean_only_local_authentication"),
        ("Examples/InsecureBank/UI/BiometricLoginViewController.swift:82:21", "swift.fail_open_local_authentication"),
    ]

    /// `path:line:col` and `[rule]` of each finding line of a text report.
    static func positionsAndRules(_ run: CLIRun) -> [String] {
        findingLines(run).map { line in
            let position = line.components(separatedBy: ": ").first ?? line
            let rule = line.split(separator: "[").last.map { String($0.dropLast()) } ?? ""
            return "\(position) \(rule)"
        }
    }

    @Test("scan Examples: exit 1, every planted finding at its place, 1 suppressed")
    func examples() throws {
        let root = CLIFixtures.packageRoot
        try #require(
            FileManager.default.fileExists(atPath: root.appendingPathComponent("Examples/InsecureBank").path),
            "Examples/InsecureBank not found under the package root \(root.path)")

        let run = try KeychainLint.run(["scan", "Examples", "--no-cache"], in: root)

        #expect(run.status == 1, "\(run)")
        #expect(!run.showsCrash, "\(run)")
        #expect(Self.positionsAndRules(run) == Self.expected.map { "\($0.position) \($0.rule)" }, "\(run)")
        // The eight reported value forms, and Valet's `accessControl: .userPresence`.
        #expect(run.stdoutLines.filter { $0.hasSuffix("[swift.weak_biometric_acl]") }.count == 9, "\(run)")
        #expect(run.stdoutLines.filter { $0.hasPrefix("    fix: ") }.count == findingLines(run).count, "\(run)")
        // Form 9, suppressed with a reason, is not reported; SecureBank reports nothing.
        #expect(!run.stdout.contains("LegacyMigration.swift:94:"), "\(run)")
        #expect(!run.stdout.contains("Examples/SecureBank/"), "\(run)")
        let summary = run.stdoutLines.last ?? ""
        #expect(summary.hasPrefix("Scanned 28 files "), "\(run)")
        #expect(summary.hasSuffix(", 1 suppressed"), "\(run)")
        #expect(summary.contains(": \(Self.expected.count) findings ("), "\(run)")
    }

    @Test("the README's sample output is lines of the current scan of Examples (Scripts/readme_sample.py)")
    func readmeSampleIsCurrent() throws {
        let root = CLIFixtures.packageRoot
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "<!-- sample-output -->\n"))
        let end = try #require(readme.range(of: "<!-- /sample-output -->"))
        let block = String(readme[start.upperBound..<end.lowerBound])
        let sample = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let run = try KeychainLint.run(["scan", "Examples", "--no-cache", "--no-color"], in: root)
        let output = Set(run.stdoutLines)
        let shown = sample.filter { $0.hasPrefix("Examples/") || $0.hasPrefix("    fix: ") }
        #expect(shown.count >= 8, "\(block)")
        for line in shown {
            #expect(output.contains(line), "README sample line not in the output of `scan Examples` (run Scripts/readme_sample.py): \(line)")
        }
        // The summary line, but for the time the scan took.
        func withoutTime(_ line: String) -> String {
            line.replacingOccurrences(of: #"in [0-9.]+s:"#, with: "in …:", options: .regularExpression)
        }
        let summary = try #require(sample.first { $0.hasPrefix("Scanned ") })
        #expect(withoutTime(summary) == withoutTime(run.stdoutLines.last ?? ""), "\(run)")
        #expect(block.contains("of the \(Self.expected.count) findings"), "\(block)")
    }

    @Test("every Swift rule fires somewhere in InsecureBank")
    func everyRuleIsDemonstrated() throws {
        let run = try KeychainLint.run(["rules"], in: CLIFixtures.packageRoot)
        let swiftRules = Set(run.stdoutLines.compactMap { $0.split(separator: " ").first.map(String.init) }.filter { $0.hasPrefix("swift.") })
        #expect(swiftRules.count >= 16, "\(run)")
        #expect(Set(Self.expected.map(\.rule).filter { $0.hasPrefix("swift.") }) == swiftRules)
    }

    @Test("scan Examples/SecureBank: the fixed app has no findings, exit 0")
    func secureBank() throws {
        let run = try KeychainLint.run(["scan", "Examples/SecureBank", "--no-cache"], in: CLIFixtures.packageRoot)
        #expect(run.status == 0, "\(run)")
        #expect(findingLines(run).isEmpty, "\(run)")
        #expect(run.stdoutLines.last?.hasSuffix(": no findings") == true, "\(run)")
    }

    @Test("scan Examples --format sarif: the same results at the same places")
    func examplesSARIF() throws {
        let run = try KeychainLint.run(["scan", "Examples", "--format", "sarif", "--no-cache"], in: CLIFixtures.packageRoot)

        #expect(run.status == 1, "\(run)")
        let log = try jsonObject(run.stdout)
        let all = ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        // The suppressed one is listed as such (LegacyMigration.swift:94), apart from the findings.
        let results = all.filter { $0["suppressions"] == nil }
        #expect(all.count == results.count + 1)
        let positions = results.map { result -> String in
            let physical = ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]) ?? [:]
            let uri = (physical["artifactLocation"] as? [String: Any])?["uri"] as? String ?? "?"
            let region = physical["region"] as? [String: Any] ?? [:]
            return "\(uri):\(region["startLine"] as? Int ?? 0):\(region["startColumn"] as? Int ?? 0) \(result["ruleId"] as? String ?? "?")"
        }
        #expect(positions == Self.expected.map { "\($0.position) \($0.rule)" }, "\(run)")
    }
}
