import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Inputs a real repository contains sooner or later: broken code, empty and binary-ish files,
/// huge generated files, unreadable files. The tool must never crash and never exit 2 for them.
@Suite("scan: robustness")
struct RobustnessTests {
    @Test("a file with syntax errors is still scanned: the weak call in it is found")
    func syntaxErrors() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("Broken.swift", """
            import Security

            func broken( {
                let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryAny, nil)
                if let x = { ]]
            }}}
            class {
            #if
            let = = =

            """)

        let run = try tree.run(["scan"])

        #expect(!run.showsCrash, "\(run)")
        #expect(run.exitedNormally, "\(run)")
        #expect(run.status == 1, "\(run)")
        #expect(findingLines(run) == [
            "Broken.swift:4:104: error: \(CLIFixtures.biometryAnyMessage) [swift.weak_biometric_acl]"
        ], "\(run)")
    }

    @Test("an empty file and a whitespace-only file: exit 0")
    func emptyFiles() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("Empty.swift", "")
        try tree.write("Blank.swift", "\n\n   \n\t\n")

        let run = try tree.run(["scan"])

        #expect(!run.showsCrash, "\(run)")
        #expect(run.status == 0, "\(run)")
        #expect(run.stdoutLines.count == 1, "\(run)")
        #expect(run.stdoutLines.first.map { isSummary($0, files: 2, "no findings") } == true, "\(run)")
    }

    @Test("invalid UTF-8 bytes: scanned after replacement, with a note naming the file (verbose or not)")
    func invalidUTF8() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        var bytes = Data("let label = \"caf".utf8)
        bytes.append(contentsOf: [0xFF, 0xFE, 0xC3])  // never valid in UTF-8; a truncated sequence
        bytes.append(contentsOf: Data("\"\nlet access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .userPresence, nil)\n".utf8))
        try tree.write("Latin1.swift", data: bytes)
        try tree.write("Clean.swift", "let x = 1\n")

        let note = "Latin1.swift: note: invalid UTF-8 bytes were replaced with U+FFFD before scanning"
        for arguments in [["scan"], ["scan", "--verbose"]] {
            let run = try tree.run(arguments)

            #expect(!run.showsCrash, "\(run)")
            #expect(run.status == 1, "\(run)")
            #expect(findingLines(run) == [
                "Latin1.swift:2:100: error: \(CLIFixtures.userPresenceMessage) [swift.weak_biometric_acl]"
            ], "\(run)")
            #expect(run.stdoutLines.filter { $0.contains("UTF-8") } == [note], "\(run)")
            #expect(run.stdoutLines.last.map { isSummary($0, files: 2, "1 finding (1 high)") } == true, "\(run)")
        }

        // JSON carries it as a diagnostic.
        let json = try tree.run(["scan", "--format", "json"])
        let document = try jsonObject(json.stdout)
        let diagnostics = document["diagnostics"] as? [[String: Any]] ?? []
        #expect(diagnostics.count == 1, "\(json)")
        #expect(diagnostics.first?["file"] as? String == "Latin1.swift")
        #expect(diagnostics.first?["kind"] as? String == "fileNote")
    }

    @Test("a generated ~5 MB Swift file completes and every weak call in it is found",
          .timeLimit(.minutes(10)))
    func largeFile() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        var text = "import Security\n\n"
        var lineCount = 2  // lines in `text` so far
        // The line of each weak call, in file order. The calls are otherwise correct (the strongest
        // protection, the Optional result handed back to the caller), so swift.weak_biometric_acl is
        // the only rule that may report anything.
        var weakCallLines: [Int] = []
        var function = 0
        text.reserveCapacity(5 * 1024 * 1024 + 4096)
        while text.utf8.count < 5 * 1024 * 1024 {
            let block: String
            if function % 100 == 0 {
                block = """
                    func makeAccess\(function)() -> SecAccessControl? {
                        return SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryAny, nil)
                    }

                    """
                weakCallLines.append(lineCount + 2)  // the call is the block's second line
            } else {
                block = """
                    func compute\(function)(x: Int) -> Int {
                        let y = x &* \(function) &+ 1
                        return y &+ \(function % 7)
                    }

                    """
            }
            text += block
            lineCount += block.utf8.lazy.filter { $0 == UInt8(ascii: "\n") }.count
            function += 1
        }
        let weakCalls = weakCallLines.count
        try tree.write("Generated.swift", text)

        let start = Date()
        // Parsing 5 MB with a debug build of swift-syntax takes about 100 s on a small machine.
        let run = try tree.run(["scan", "--format", "json"], timeout: 540)
        let seconds = Date().timeIntervalSince(start)

        #expect(!run.timedOut, "the scan of a 5 MB file did not finish in 540 s")
        #expect(!run.showsCrash, "\(run)")
        #expect(run.status == 1, "\(run)")
        let document = try jsonObject(run.stdout)
        let findings = document["findings"] as? [[String: Any]] ?? []
        #expect(findings.count == weakCalls, "expected \(weakCalls) findings in \(String(format: "%.0f", seconds)) s")
        #expect(findings.allSatisfy { $0["ruleId"] as? String == "swift.weak_biometric_acl" }, "\(run)")
        #expect(findings.allSatisfy { $0["column"] as? Int == 98 && $0["file"] as? String == "Generated.swift" })
        #expect(findings.first?["line"] as? Int == 4)
        #expect(findings.compactMap { $0["line"] as? Int } == weakCallLines)
        #expect(Set(findings.compactMap { $0["fingerprint"] as? String }).count == weakCalls, "fingerprints must be unique")
    }

    @Test("an unreadable file is reported as skipped and the rest is scanned")
    func unreadableFile() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }
        try tree.write("Locked.swift", DiscoveryTests.weakCall)
        let locked = tree.path("Locked.swift").path
        try #require(chmod(locked, 0o000) == 0)

        let run = try tree.run(["scan"])

        #expect(!run.showsCrash, "\(run)")
        #expect(run.exitedNormally && run.status != 2, "\(run)")
        if FileManager.default.isReadableFile(atPath: locked) {
            // Running as root (or with CAP_DAC_OVERRIDE): chmod 000 does not stop reads, so the file is
            // scanned normally and there is nothing "skipped" to check.
            #expect(findingPositions(run).contains("Locked.swift:1:100"), "\(run)")
        } else {
            #expect(run.status == 1, "\(run)")
            #expect(findingPositions(run) == ["SessionStore.swift:11:13", "TokenStore.swift:7:95"], "\(run)")
            let skipped = run.stdoutLines.filter { $0.hasPrefix("Locked.swift: note: skipped: cannot read file") }
            #expect(skipped.count == 1, "\(run)")
        }
    }

    @Test("a dangling symbolic link is reported as skipped (works as root too)")
    func danglingLink() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }
        try FileManager.default.createSymbolicLink(atPath: tree.path("Gone.swift").path, withDestinationPath: "Missing.swift")

        let run = try tree.run(["scan"])

        #expect(!run.showsCrash, "\(run)")
        #expect(run.status == 1, "\(run)")
        #expect(findingPositions(run) == ["SessionStore.swift:11:13", "TokenStore.swift:7:95"], "\(run)")
        let skipped = run.stdoutLines.filter { $0.hasPrefix("Gone.swift: note: skipped: cannot read file") }
        #expect(skipped.count == 1, "\(run)")

        let github = try tree.run(["scan", "--format", "github"])
        #expect(github.stdoutLines.filter { $0.hasPrefix("::warning file=Gone.swift::skipped: cannot read file") }.count == 1, "\(github)")
    }

    @Test("a symbolic link to a folder is not followed (no loop)")
    func folderLinkLoop() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }
        try FileManager.default.createSymbolicLink(atPath: tree.path("Loop").path, withDestinationPath: ".")

        let run = try tree.run(["scan"], timeout: 120)

        #expect(!run.timedOut && !run.showsCrash, "\(run)")
        #expect(run.status == 1, "\(run)")
        #expect(findingPositions(run) == ["SessionStore.swift:11:13", "TokenStore.swift:7:95"], "\(run)")
    }

    @Test("a file named .swift that is a folder, and unusual names with spaces and Unicode")
    func unusualNames() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try FileManager.default.createDirectory(at: tree.path("Folder.swift"), withIntermediateDirectories: true)
        try tree.write("Folder.swift/Inner.swift", "let x = 1\n")
        try tree.write("My Store ✓.swift", DiscoveryTests.weakCall)

        let run = try tree.run(["scan"])

        #expect(!run.showsCrash, "\(run)")
        #expect(run.status == 1, "\(run)")
        #expect(findingPositions(run) == ["My Store ✓.swift:1:100"], "\(run)")
        #expect(run.stdoutLines.last.map { isSummary($0, files: 2, "1 finding (1 high)") } == true, "\(run)")
    }
}
