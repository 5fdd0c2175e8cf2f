import Foundation
import Testing

/// `keychain-lint scan Examples` from the package root, as the README's quick start runs it.
@Suite("scan: the bundled Examples")
struct ExamplesScanTests {
    /// Examples/README.md, forms 1–8 (form 9 is suppressed, form 10 is secure), in output order.
    static let expectedPositions = [
        "Examples/InsecureBank/Keychain/CredentialVault.swift:23:73",  // 5: default argument value
        "Examples/InsecureBank/Keychain/CredentialVault.swift:48:13",  // 6: stored property
        "Examples/InsecureBank/Keychain/DocumentVault.swift:31:13",  // 2: local var, if branch
        "Examples/InsecureBank/Keychain/DocumentVault.swift:45:13",  // 4a: enum switch self
        "Examples/InsecureBank/Keychain/LegacyMigration.swift:73:13",  // 7: function result
        "Examples/InsecureBank/Keychain/SecureEnclaveKeyStore.swift:25:13",  // 1: inline literal
        "Examples/InsecureBank/Keychain/SecureEnclaveKeyStore.swift:60:13",  // 8: set algebra
        "Examples/InsecureBank/Keychain/SessionTokenStore.swift:24:13",  // 3: static constant in another file
    ]

    @Test("scan Examples: exit 1, exactly the 8 planted weak-ACL findings, 1 suppressed")
    func examples() throws {
        let root = CLIFixtures.packageRoot
        try #require(
            FileManager.default.fileExists(atPath: root.appendingPathComponent("Examples/InsecureBank").path),
            "Examples/InsecureBank not found under the package root \(root.path)")

        let run = try KeychainLint.run(["scan", "Examples"], in: root)

        #expect(run.status == 1, "\(run)")
        #expect(!run.showsCrash, "\(run)")
        #expect(findingPositions(run) == Self.expectedPositions, "\(run)")
        #expect(run.stdoutLines.filter { $0.hasSuffix("[swift.weak_biometric_acl]") }.count == 8, "\(run)")
        #expect(run.stdoutLines.filter { $0.hasPrefix("    fix: ") }.count == findingLines(run).count, "\(run)")
        // Form 9, suppressed with a reason, is not reported.
        #expect(!run.stdout.contains("LegacyMigration.swift:94:"), "\(run)")
        let summary = run.stdoutLines.last ?? ""
        #expect(summary.hasPrefix("Scanned "), "\(run)")
        #expect(summary.hasSuffix(", 1 suppressed"), "\(run)")
        #expect(summary.contains(": \(findingLines(run).count) findings ("), "\(run)")
    }

    @Test("scan Examples --format sarif: 8 weak-ACL results at the same places")
    func examplesSARIF() throws {
        let run = try KeychainLint.run(["scan", "Examples", "--format", "sarif"], in: CLIFixtures.packageRoot)

        #expect(run.status == 1, "\(run)")
        let log = try jsonObject(run.stdout)
        let results = ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        let weak = results.filter { $0["ruleId"] as? String == "swift.weak_biometric_acl" }
        let positions = weak.map { result -> String in
            let physical = ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]) ?? [:]
            let uri = (physical["artifactLocation"] as? [String: Any])?["uri"] as? String ?? "?"
            let region = physical["region"] as? [String: Any] ?? [:]
            return "\(uri):\(region["startLine"] as? Int ?? 0):\(region["startColumn"] as? Int ?? 0)"
        }
        #expect(positions == Self.expectedPositions, "\(run)")
    }
}
