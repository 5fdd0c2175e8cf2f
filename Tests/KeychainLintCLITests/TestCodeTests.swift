import Foundation
import Testing

/// Findings in test code are held back unless asked for: a `*Tests` folder (no manifest) and a
/// SwiftPM test target; `--include-tests` and `includeTests: true` report them.
@Suite("Test code")
struct TestCodeTests {
    static let weak = """
        import Security

        let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryAny, nil)
        """

    static func tree() throws -> TempTree {
        let tree = try TempTree()
        try tree.write("Vault/Store.swift", weak)
        try tree.write("VaultTests/StoreTests.swift", weak)
        return tree
    }

    @Test("a finding in a *Tests folder is counted, not reported")
    func hiddenByDefault() throws {
        let tree = try Self.tree()
        defer { tree.remove() }
        let run = try tree.run(["scan"])
        #expect(run.status == 1, "\(run)")
        #expect(findingPositions(run) == ["Vault/Store.swift:3:100"], "\(run)")
        #expect(run.stdoutLines.last.map { isSummary($0, files: 2, "1 finding (1 high), 1 in test code not reported") } == true, "\(run)")
    }

    @Test("--verbose lists it as a note and shows the modules")
    func listedUnderVerbose() throws {
        let tree = try Self.tree()
        defer { tree.remove() }
        let run = try tree.run(["scan", "--verbose"])
        #expect(run.stdoutLines.contains(
            "VaultTests/StoreTests.swift:3:100: note: in test code, not reported: \(CLIFixtures.biometryAnyMessage) [swift.weak_biometric_acl]"),
            "\(run)")
        #expect(run.stdoutLines.contains("module . (folder, library): 1 file"), "\(run)")
        #expect(run.stdoutLines.contains("module VaultTests (folder, test): 1 file"), "\(run)")
    }

    @Test("--include-tests reports it")
    func includeTestsFlag() throws {
        let tree = try Self.tree()
        defer { tree.remove() }
        let run = try tree.run(["scan", "--include-tests"])
        #expect(findingPositions(run) == ["Vault/Store.swift:3:100", "VaultTests/StoreTests.swift:3:100"], "\(run)")
        #expect(run.stdoutLines.last.map { isSummary($0, files: 2, "2 findings (2 high)") } == true, "\(run)")
    }

    @Test("includeTests: true in the configuration reports it; a wrong value names the key")
    func includeTestsKey() throws {
        let tree = try Self.tree()
        defer { tree.remove() }
        try tree.write(".keychain-lint.yml", "version: 1\nincludeTests: true\n")
        #expect(findingPositions(try tree.run(["scan"])).count == 2)
        try tree.write(".keychain-lint.yml", "version: 1\nincludeTests: sometimes\n")
        let run = try tree.run(["scan"])
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains(".keychain-lint.yml: includeTests: expected true or false, got 'sometimes'"), "\(run)")
    }

    @Test("a SwiftPM test target is test code; JSON stats list the modules")
    func packageTestTarget() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "Vault",
                platforms: [.iOS(.v16)],
                targets: [.target(name: "Vault"), .testTarget(name: "VaultChecks", dependencies: ["Vault"])]
            )
            """)
        try tree.write("Sources/Vault/Store.swift", Self.weak)
        try tree.write("Tests/VaultChecks/StoreChecks.swift", Self.weak)
        let run = try tree.run(["scan", "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(findings.map { $0["file"] as? String } == ["Sources/Vault/Store.swift"], "\(run)")
        let stats = try #require(document["stats"] as? [String: Any])
        #expect(stats["testFindings"] as? Int == 1)
        let modules = try #require(stats["modules"] as? [[String: Any]])
        #expect(modules.map { $0["name"] as? String } == [".", "Vault", "VaultChecks"], "\(run)")
        #expect(modules.map { $0["role"] as? String } == ["library", "library", "test"])
        #expect(modules[1]["platforms"] as? [String] == ["iOS"])
        #expect(modules[1]["files"] as? Int == 1)
        #expect(modules[1]["manifest"] as? String == "Package.swift")
    }
}
