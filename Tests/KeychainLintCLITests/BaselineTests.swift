import Foundation
import Testing

/// Runs git in a test repository, with an identity of its own and no user or system settings.
struct TestGit {
    let directory: URL

    @discardableResult
    func callAsFunction(_ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false",
                             "-c", "init.defaultBranch=main"] + arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw CLITestSetupError(description: "git \(arguments.joined(separator: " ")) failed: \(text)")
        }
        return text
    }

    /// A repository at the tree's root (replacing the plain `.git` folder a `TempTree` has).
    static func initialize(_ tree: TempTree) throws -> TestGit {
        try FileManager.default.removeItem(at: tree.path(".git"))
        let git = TestGit(directory: tree.url)
        try git("init", "-q")
        return git
    }

    func commitAll(_ message: String) throws {
        try self("add", "-A")
        try self("commit", "-q", "-m", message)
    }
}

/// `--write-baseline`, `--baseline`, `--strict-baseline`: accepted findings stay accepted through
/// the edits code goes through, and only new ones are reported.
@Suite("scan: baseline")
struct BaselineTests {
    static let weakFlagFunction = """

        func newSessionAccess() -> SecAccessControl? {
            SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryAny, nil)
        }

        """

    /// A copy of Examples in a git repository, committed.
    static func examplesRepository() throws -> (TempTree, TestGit) {
        let tree = try TempTree()
        try FileManager.default.copyItem(at: CLIFixtures.packageRoot.appendingPathComponent("Examples"), to: tree.path("Examples"))
        let git = try TestGit.initialize(tree)
        try git.commitAll("Examples")
        return (tree, git)
    }

    @Test("the baseline survives lines inserted above, reformatting, a rename and a re-worded message; a new weak flag is reported")
    func survivesEdits() throws {
        let (tree, git) = try Self.examplesRepository()
        defer { tree.remove() }
        let full = try tree.run(["scan", "Examples", "--no-cache"])
        #expect(full.status == 1, "\(full)")
        let count = findingLines(full).count
        #expect(count == ExamplesScanTests.expected.count)

        let written = try tree.run(["scan", "Examples", "--no-cache", "--write-baseline", "baseline.json"])
        #expect(written.status == 0, "\(written)")
        #expect(written.stderrLines == ["keychain-lint: wrote a baseline of \(count) findings to baseline.json"], "\(written)")
        let baselineText = try tree.read("baseline.json")
        let baseline = try jsonObject(baselineText)
        let entries = try #require(baseline["findings"] as? [[String: Any]])
        #expect(entries.reduce(0) { $0 + ($1["count"] as? Int ?? 0) } == count)
        #expect(baseline["commit"] as? String == (try git("rev-parse", "HEAD")).trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(!baselineText.contains(tree.url.path), "the baseline holds no absolute path")
        // Written again from the same code, it is the same file.
        _ = try tree.run(["scan", "Examples", "--no-cache", "--write-baseline", "again.json"])
        #expect(try tree.read("again.json") == baselineText)
        try FileManager.default.removeItem(at: tree.path("again.json"))

        // Lines inserted above the findings.
        let vault = "Examples/InsecureBank/Keychain/CredentialVault.swift"
        try tree.write(vault, "// Credentials of the signed-in user.\n// Stored in the data-protection keychain.\n\n" + tree.read(vault))
        // A file reformatted: each multi-line call on one line, indentation with tabs.
        let documents = "Examples/InsecureBank/Keychain/DocumentVault.swift"
        let original = try tree.read(documents)
        let reformatted = try Self.joinMultilineCalls(original).replacingOccurrences(of: "    ", with: "\t")
        try #require(reformatted.components(separatedBy: "\n").count < original.components(separatedBy: "\n").count - 8)
        try tree.write(documents, reformatted)
        // A file renamed, as git records it.
        try git("mv", "Examples/InsecureBank/Keychain/LegacyMigration.swift", "Examples/InsecureBank/Keychain/LegacyMigrator.swift")
        try git.commitAll("Rename the migration")
        // Every message re-worded, as a newer keychain-lint may word it.
        let reworded = try baselineText.replacingOccurrences(
            of: #""message" : "[^"\\]*(\\.[^"\\]*)*""#, with: #""message" : "worded otherwise""#, options: .regularExpression)
        #expect(reworded != baselineText)
        try tree.write("baseline.json", reworded)

        let edited = try tree.run(["scan", "Examples", "--no-cache"])
        #expect(findingLines(edited).count == count, "the edits change no finding: \(edited)")
        #expect(findingPositions(edited).contains("Examples/InsecureBank/Keychain/CredentialVault.swift:26:73"), "\(edited)")

        let gated = try tree.run(["scan", "Examples", "--no-cache", "--baseline", "baseline.json", "--strict-baseline"])
        #expect(gated.status == 0, "\(gated)")
        #expect(findingLines(gated).isEmpty, "\(gated)")
        #expect(gated.stderr.isEmpty, "\(gated)")
        #expect(gated.stdoutLines.last.map { isSummary($0, files: 28, "no findings, 1 suppressed, \(count) in the baseline") } == true, "\(gated)")

        // A new weak flag in a file that has findings already.
        try tree.write(vault, try tree.read(vault) + Self.weakFlagFunction)
        let added = try tree.run(["scan", "Examples", "--no-cache", "--baseline", "baseline.json"])
        #expect(added.status == 1, "\(added)")
        #expect(findingLines(added) == [
            "Examples/InsecureBank/Keychain/CredentialVault.swift:130:91: error: Weak biometric access control: `.biometryAny` accepts biometrics enrolled after the item was created, so a newly added finger or face unlocks it [swift.weak_biometric_acl]"
        ], "\(added)")

        // The same call a second time in that file: the baseline has one, the second is new too.
        try tree.write(vault, try tree.read(vault) + Self.weakFlagFunction.replacingOccurrences(of: "newSessionAccess", with: "otherAccess"))
        let twice = try tree.run(["scan", "Examples", "--no-cache", "--baseline", "baseline.json"])
        #expect(findingPositions(twice) == [
            "Examples/InsecureBank/Keychain/CredentialVault.swift:130:91", "Examples/InsecureBank/Keychain/CredentialVault.swift:134:91",
        ], "\(twice)")

        // SARIF keeps the baselined findings, suppressed.
        let sarif = try tree.run(["scan", "Examples", "--no-cache", "--baseline", "baseline.json", "--format", "sarif"])
        let results = try #require(((try jsonObject(sarif.stdout)["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        func suppressed(_ kind: String) -> Int {
            results.filter { ($0["suppressions"] as? [[String: Any]])?.first?["kind"] as? String == kind }.count
        }
        // The two new findings, the baselined ones, and the one a comment suppresses.
        #expect(results.count == count + 2 + 1)
        #expect(suppressed("external") == count)
        #expect(suppressed("inSource") == 1)
    }

    @Test("--strict-baseline fails when a baseline finding is no longer found; without it, a note")
    func strictBaseline() throws {
        let (tree, _) = try Self.examplesRepository()
        defer { tree.remove() }
        _ = try tree.run(["scan", "Examples", "--no-cache", "--write-baseline", "baseline.json"])
        try FileManager.default.removeItem(at: tree.path("Examples/InsecureBank/UI/BiometricLoginViewController.swift"))
        let strict = try tree.run(["scan", "Examples", "--no-cache", "--baseline", "baseline.json", "--strict-baseline"])
        #expect(strict.status == 1, "\(strict)")
        #expect(findingLines(strict).isEmpty, "\(strict)")
        #expect(strict.stderrLines.first == "keychain-lint: error: 3 baseline findings are no longer found (the baseline hides nothing there; --write-baseline writes it again):", "\(strict)")
        #expect(strict.stderrLines.dropFirst().map { $0.components(separatedBy: "] ").first ?? $0 } == [
            "  Examples/InsecureBank/UI/BiometricLoginViewController.swift [swift.boolean_only_local_authentication",
            "  Examples/InsecureBank/UI/BiometricLoginViewController.swift [swift.excessive_authentication_reuse",
            "  Examples/InsecureBank/UI/BiometricLoginViewController.swift [swift.fail_open_local_authentication",
        ], "\(strict)")
        let lenient = try tree.run(["scan", "Examples", "--no-cache", "--baseline", "baseline.json"])
        #expect(lenient.status == 0, "\(lenient)")
        #expect(lenient.stderrLines.first?.hasPrefix("keychain-lint: note: 3 baseline findings are no longer found") == true, "\(lenient)")
        // A scan of another folder judges only its own entries: none is stale there.
        let part = try tree.run(["scan", "Examples/SecureBank", "--no-cache", "--baseline", "baseline.json", "--strict-baseline"])
        #expect(part.status == 0, "\(part)")
        // A rule that did not run judges none of its entries.
        let other = try tree.run([
            "scan", "Examples", "--no-cache", "--baseline", "baseline.json", "--strict-baseline", "--disable-rule", "boolean_only_local_authentication",
            "--disable-rule", "excessive_authentication_reuse", "--disable-rule", "swift.fail_open_local_authentication",
        ])
        #expect(other.status == 0, "\(other)")
    }

    @Test("a missing, malformed or foreign baseline file is a one-line error")
    func badBaselineFiles() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("App.swift", "let a = 1\n")
        let missing = try tree.run(["scan", "--baseline", "nope.json"])
        #expect(missing.status == 2)
        #expect(missing.stderrLines == ["keychain-lint: error: cannot read baseline 'nope.json': no such file or directory"], "\(missing)")
        try tree.write("broken.json", "{ not json")
        let broken = try tree.run(["scan", "--baseline", "broken.json"])
        #expect(broken.stderrLines == ["keychain-lint: error: 'broken.json' is not a keychain-lint baseline (write one with --write-baseline): not valid JSON"], "\(broken)")
        try tree.write("sarif.json", #"{"version": "2.1.0", "runs": []}"#)
        let foreign = try tree.run(["scan", "--baseline", "sarif.json"])
        #expect(foreign.status == 2)
        #expect(foreign.stderrLines.first?.hasPrefix("keychain-lint: error: 'sarif.json' is not a keychain-lint baseline (write one with --write-baseline): ") == true, "\(foreign)")
        let strictAlone = try tree.run(["scan", "--strict-baseline"])
        #expect(strictAlone.status == 2)
        #expect(strictAlone.stderrLines == ["keychain-lint: error: --strict-baseline needs --baseline FILE (see 'keychain-lint --help')"], "\(strictAlone)")
        for run in [missing, broken, foreign, strictAlone] { #expect(!run.showsCrash, "\(run)") }
    }

    /// `SecAccessControlCreateWithFlags(` … `)` written over several lines, on one.
    static func joinMultilineCalls(_ text: String) throws -> String {
        let pattern = try NSRegularExpression(pattern: #"SecAccessControlCreateWithFlags\(\n([^)]*?)\n\s*\)"#)
        let result = NSMutableString(string: text)
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
            let inner = (text as NSString).substring(with: match.range(at: 1))
            let arguments = inner.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            result.replaceCharacters(in: match.range, with: "SecAccessControlCreateWithFlags(\(arguments))")
        }
        return result as String
    }
}
