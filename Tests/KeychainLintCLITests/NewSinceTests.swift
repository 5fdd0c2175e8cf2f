import Foundation
import Testing

/// `--new-since REF`: only the findings the scan of the merge base does not have, read from git
/// without touching the work tree.
@Suite("scan: --new-since")
struct NewSinceTests {
    static let store = """
        import Security

        func makeAccess() -> SecAccessControl? {
            SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, KeyPolicy.flags, nil)
        }

        """

    static let legacy = """
        import Security

        func legacyAccess() -> SecAccessControl? {
            SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryAny, nil)
        }

        """

    static func policy(_ flags: String) -> String {
        "import Security\n\nenum KeyPolicy {\n    static let flags: SecAccessControlCreateFlags = \(flags)\n}\n"
    }

    @Test("reports what a commit adds, in the file it touched and in one it did not, and nothing else")
    func newSince() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let git = try TestGit.initialize(tree)
        try tree.write("App/Store.swift", Self.store)
        try tree.write("App/KeyPolicy.swift", Self.policy(".biometryCurrentSet"))
        try tree.write("App/Legacy.swift", Self.legacy)
        try git.commitAll("Start")
        try git("checkout", "-q", "-b", "feature")
        // The commit changes the policy: the call in Store.swift, untouched, now uses a weak flag.
        try tree.write("App/KeyPolicy.swift", Self.policy(".biometryAny"))
        try tree.write("App/New.swift", Self.legacy.replacingOccurrences(of: "legacyAccess", with: "newAccess"))
        try git.commitAll("Relax the policy")
        // main moves on after the branch: its later commits are not the merge base.
        try git("checkout", "-q", "main")
        try tree.write("App/Main.swift", Self.legacy.replacingOccurrences(of: "legacyAccess", with: "mainAccess"))
        try git.commitAll("On main")
        try git("checkout", "-q", "feature")
        let statusBefore = try git("status", "--porcelain", "--ignored")

        let all = try tree.run(["scan", "--no-cache"])
        #expect(findingPositions(all) == ["App/Legacy.swift:4:91", "App/New.swift:4:91", "App/Store.swift:4:91"], "\(all)")
        let run = try tree.run(["scan", "--no-cache", "--new-since", "main"])
        #expect(run.status == 1, "\(run)")
        #expect(findingLines(run) == [
            "App/New.swift:4:91: error: Weak biometric access control: `.biometryAny` accepts biometrics enrolled after the item was created, so a newly added finger or face unlocks it [swift.weak_biometric_acl]",
            "App/Store.swift:4:91: error: Weak biometric access control: `.biometryAny` accepts biometrics enrolled after the item was created, so a newly added finger or face unlocks it (via `KeyPolicy.flags` (KeyPolicy.swift:4)) [swift.weak_biometric_acl]",
        ], "\(run)")
        #expect(run.stdoutLines.last.map { isSummary($0, files: 4, "2 findings (2 high), 1 already in main") } == true, "\(run)")
        #expect(try git("status", "--porcelain", "--ignored") == statusBefore, "the work tree is as it was")
        #expect(try git("worktree", "list").split(separator: "\n").count == 1)

        // From a subfolder, with --base-path: the same findings, spelled from there.
        let spelled = try KeychainLint.run(["scan", ".", "--no-cache", "--new-since", "main", "--base-path", "."], in: tree.path("App"))
        #expect(findingPositions(spelled) == ["New.swift:4:91", "Store.swift:4:91"], "\(spelled)")

        // Against itself, nothing is new.
        let none = try tree.run(["scan", "--no-cache", "--new-since", "HEAD"])
        #expect(none.status == 0, "\(none)")
        #expect(findingLines(none).isEmpty, "\(none)")

        // A renamed file keeps its findings known.
        try git("mv", "App/Legacy.swift", "App/OldAccess.swift")
        try git.commitAll("Rename")
        let renamed = try tree.run(["scan", "--no-cache", "--new-since", "main"])
        #expect(findingPositions(renamed) == ["App/New.swift:4:91", "App/Store.swift:4:91"], "\(renamed)")
    }

    @Test("an unknown ref, or no git repository, is a one-line error")
    func errors() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("App.swift", Self.legacy)
        let notRepository = try tree.run(["scan", "--no-cache", "--new-since", "main"])
        #expect(notRepository.status == 2, "\(notRepository)")
        #expect(notRepository.stderrLines.count == 1, "\(notRepository)")
        #expect(notRepository.stderrLines.first?.hasPrefix("keychain-lint: error: --new-since needs a git repository") == true, "\(notRepository)")

        let git = try TestGit.initialize(tree)
        try git.commitAll("Start")
        let unknown = try tree.run(["scan", "--no-cache", "--new-since", "no-such-branch"])
        #expect(unknown.status == 2, "\(unknown)")
        #expect(unknown.stderrLines == ["keychain-lint: error: --new-since: unknown git ref 'no-such-branch'"], "\(unknown)")
        let option = try tree.run(["scan", "--no-cache", "--new-since=--output=x"])
        #expect(option.status == 2, "\(option)")
        #expect(!FileManager.default.fileExists(atPath: tree.path("x").path))
        for run in [notRepository, unknown, option] { #expect(!run.showsCrash, "\(run)") }
    }
}
