import Foundation
import Testing

/// `keychain-lint scan` with the default text output, on the `.weak-app` and `.secure-app` fixtures.
@Suite("scan: text output")
struct ScanTextTests {
    static let tokenStoreFinding =
        "TokenStore.swift:7:95: error: \(CLIFixtures.biometryAnyMessage) [swift.weak_biometric_acl]"
    static let sessionStoreFinding =
        "SessionStore.swift:11:13: error: \(CLIFixtures.orPasscodeMessage) (via `KeychainFlags.sessionTokenFlags` (KeychainFlags.swift:6)) [swift.weak_biometric_acl]"

    @Test("weak flags inline and through a static constant in another file: exit 1, exact lines")
    func weakTree() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }

        let run = try tree.run(["scan"])

        #expect(run.status == 1, "\(run)")
        #expect(!run.showsCrash, "\(run)")
        #expect(run.stderr.isEmpty, "\(run)")
        let lines = run.stdoutLines
        try #require(lines.count == 6, "\(run)")
        // Sorted by path; each finding is followed by its `fix:` line.
        #expect(lines[0] == Self.sessionStoreFinding)
        #expect(lines[1] == "    fix: \(CLIFixtures.weakACLRemediation)")
        #expect(lines[2] == Self.tokenStoreFinding)
        #expect(lines[3] == "    fix: \(CLIFixtures.weakACLRemediation)")
        #expect(lines[4] == "")
        // The secure call (TokenStore.swift:12) is silent; the suppressed one (line 18) is counted.
        #expect(isSummary(lines[5], files: 3, "2 findings (2 high), 1 suppressed"), "\(lines[5])")
    }

    @Test("the same tree scanned by folder name prints paths under that folder")
    func folderArgument() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.copyFixture("weak-app", into: "App")

        let run = try tree.run(["scan", "App"])

        #expect(run.status == 1, "\(run)")
        #expect(findingPositions(run) == ["App/SessionStore.swift:11:13", "App/TokenStore.swift:7:95"], "\(run)")
        #expect(run.stdoutLines.last.map { isSummary($0, files: 3, "2 findings (2 high), 1 suppressed") } == true, "\(run)")
    }

    @Test("the default path is the current folder, `.` and `./` spell it too")
    func defaultPath() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }

        let plain = try tree.run(["scan"])
        for spelling in [".", "./"] {
            let run = try tree.run(["scan", spelling])
            #expect(run.status == 1, "\(run)")
            #expect(findingLines(run) == findingLines(plain), "\(run)")
        }
        // `scan` is the default subcommand.
        let implicit = try tree.run([])
        #expect(implicit.status == 1, "\(implicit)")
        #expect(findingLines(implicit) == findingLines(plain), "\(implicit)")
    }

    @Test("a tree with only secure code: exit 0, `no findings`")
    func secureTree() throws {
        let tree = try TempTree(fixture: "secure-app")
        defer { tree.remove() }

        let run = try tree.run(["scan"])

        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.isEmpty, "\(run)")
        #expect(run.stdoutLines.count == 1, "\(run)")
        #expect(run.stdoutLines.first.map { isSummary($0, files: 1, "no findings") } == true, "\(run)")
    }

    @Test("an empty folder: exit 2, saying no source file was found (a wrong path in CI must not pass)")
    func emptyFolder() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try FileManager.default.createDirectory(at: tree.path("Sources"), withIntermediateDirectories: true)

        let run = try tree.run(["scan"])
        #expect(run.status == 2, "\(run)")
        #expect(run.stdout.isEmpty, "\(run)")
        #expect(run.stderrLines == ["keychain-lint: error: no Swift or Objective-C source file to scan in '.'"], "\(run)")
        let folder = try tree.run(["scan", "Sources", "--format", "sarif", "--output", "out.sarif"])
        #expect(folder.status == 2, "\(folder)")
        #expect(folder.stderrLines == ["keychain-lint: error: no Swift or Objective-C source file to scan in 'Sources'"], "\(folder)")
        #expect(!FileManager.default.fileExists(atPath: tree.path("out.sarif").path))
    }

    @Test("a suppression without a reason is itself reported, as a low `note:`")
    func suppressionWithoutReason() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("Store.swift", """
            // keychain-lint:disable-next-line swift.weak_biometric_acl
            let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryAny, nil)

            """)

        let run = try tree.run(["scan"])

        #expect(run.status == 1, "\(run)")
        #expect(findingPositions(run, rule: "swift.weak_biometric_acl").isEmpty, "\(run)")
        let line = run.stdoutLines.first ?? ""
        #expect(line.hasPrefix("Store.swift:1:1: note: "), "\(run)")
        #expect(line.contains("no reason"), "\(run)")
        #expect(line.hasSuffix("[keychain_lint.invalid_suppression]"), "\(run)")
        #expect(run.stdoutLines.last.map { isSummary($0, files: 1, "1 finding (1 low), 1 suppressed") } == true, "\(run)")
        // A low finding fails the default --fail-on low, not --fail-on medium.
        #expect(try tree.run(["scan", "--fail-on", "medium"]).status == 0)
    }
}
