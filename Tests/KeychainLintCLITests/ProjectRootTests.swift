import Foundation
import Testing

/// Paths are spelled from the project root (the git root, else the configuration's folder, else
/// the current folder; `--base-path` spells them from another folder), so reports and fingerprints do not depend on the
/// working directory or on how a path was spelled; given files are resolved against the project.
@Suite("Project root and given files")
struct ProjectRootTests {
    /// `(uri, startLine, fingerprint)` of every SARIF result.
    static func sarifResults(_ run: CLIRun) throws -> [String] {
        let log = try jsonObject(run.stdout)
        let runs = try #require(log["runs"] as? [[String: Any]])
        let results = try #require(runs.first?["results"] as? [[String: Any]])
        return try results.map { result in
            let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let artifact = try #require(location["artifactLocation"] as? [String: Any])
            let line = try #require((location["region"] as? [String: Any])?["startLine"] as? Int)
            let fingerprint = try #require((result["partialFingerprints"] as? [String: Any])?["keychainLint/v1"] as? String)
            return "\(artifact["uriBaseId"] as? String ?? "-") \(artifact["uri"] as? String ?? "-"):\(line) \(fingerprint)"
        }
    }

    @Test("SARIF locations and fingerprints are the same from every folder and spelling")
    func invariance() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("App/Keys.swift", "import Security\nlet keyFlags: SecAccessControlCreateFlags = .biometryAny\n")
        try tree.write("App/Store/Store.swift", """
            import Security
            func store() {
                let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, keyFlags, nil)
                _ = access
            }
            """)
        let sarif = ["--format", "sarif", "--no-cache"]
        let outside = try TempTree()
        defer { outside.remove() }
        let runs = [
            try tree.run(["scan", "App"] + sarif),
            try tree.run(["scan", "./App/"] + sarif),
            try tree.run(["scan", tree.path("App").path] + sarif),
            try KeychainLint.run(["scan", "."] + sarif, in: tree.path("App")),
            try KeychainLint.run(["scan", ".."] + sarif, in: tree.path("App/Store")),
            try KeychainLint.run(["scan", tree.path("App").path] + sarif, in: outside.url),
        ]
        let expected = try Self.sarifResults(runs[0])
        #expect(expected.count == 1)
        #expect(expected.first?.hasPrefix("%SRCROOT% App/Store/Store.swift:3 ") == true)
        for run in runs {
            #expect(run.status == 1, "\(run)")
            #expect(try Self.sarifResults(run) == expected, "\(run)")
        }
    }

    @Test("Text and JSON paths are relative to the git root when run from a subfolder")
    func textFromSubfolder() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("App/Store.swift", "import Security\nlet a = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryAny, nil)\n")
        let text = try KeychainLint.run(["scan", ".", "--no-cache"], in: tree.path("App"))
        #expect(findingPositions(text) == ["App/Store.swift:2:95"], "\(text)")
        let json = try KeychainLint.run(["scan", "Store.swift", "--no-cache", "--format", "json"], in: tree.path("App"))
        let findings = try #require(try jsonObject(json.stdout)["findings"] as? [[String: Any]])
        #expect(findings.map { $0["file"] as? String } == ["App/Store.swift"])
    }

    @Test("--base-path spells reported paths from its folder; a missing one is a one-line error")
    func basePath() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("App/Store.swift", "import Security\nlet a = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryAny, nil)\n")
        let run = try tree.run(["scan", "App", "--base-path", "App", "--no-cache"])
        #expect(findingPositions(run) == ["Store.swift:2:95"], "\(run)")
        let github = try tree.run(["scan", "App", "--base-path", "App", "--no-cache", "--format", "github"])
        #expect(github.stdoutLines.first?.hasPrefix("::error file=Store.swift,line=2,col=95,") == true, "\(github)")
        let missing = try tree.run(["scan", "App", "--base-path", "Nowhere"])
        #expect(missing.status == 2)
        #expect(missing.stderrLines == ["keychain-lint: error: --base-path: no such folder: 'Nowhere'"])
        let notFolder = try tree.run(["scan", "App", "--base-path", "App/Store.swift"])
        #expect(notFolder.status == 2)
        #expect(notFolder.stderrLines == ["keychain-lint: error: --base-path: not a folder: 'App/Store.swift'"])
    }

    @Test("Without git, paths are relative to the configuration's folder")
    func configurationFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keychain-lint-nogit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
        try Data("version: 1\n".utf8).write(to: folder.appendingPathComponent(".keychain-lint.yml"))
        try Data("import Security\nlet a = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryAny, nil)\n".utf8)
            .write(to: folder.appendingPathComponent("Sources/App/Store.swift"))
        let run = try KeychainLint.run(["scan", ".", "--no-cache"], in: folder.appendingPathComponent("Sources"))
        #expect(findingPositions(run) == ["Sources/App/Store.swift:2:95"], "\(run)")
    }

    @Test("Given files resolve against the project and only they are reported")
    func givenFiles() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("Sources/Config.swift", "import Security\nenum Config { static let tokenFlags: SecAccessControlCreateFlags = .biometryAny }\n")
        try tree.write("Sources/Store.swift", """
            import Security
            func store() {
                let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, Config.tokenFlags, nil)
                _ = access
            }
            """)
        try tree.write("Sources/Other.swift", "import Security\nlet other = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleAlways, .biometryAny, nil)\n")
        let run = try tree.run(["scan", "Sources/Store.swift", "--no-cache"])
        #expect(run.status == 1, "\(run)")
        #expect(findingLines(run).map { String($0.prefix(while: { $0 != " " })) } == ["Sources/Store.swift:3:104:"], "\(run)")
        #expect(run.stdout.contains("(via `Config.tokenFlags` (Config.swift:2))"), "\(run)")
        #expect(run.stdoutLines.last?.hasPrefix("Scanned 1 file in ") == true, "\(run)")
        // The same, as a hook run from a subfolder would spell it.
        let fromSubfolder = try KeychainLint.run(["scan", "Store.swift", "--no-cache"], in: tree.path("Sources"))
        #expect(findingLines(fromSubfolder) == findingLines(run), "\(fromSubfolder)")
        // Two given files: each reported, the third is not.
        let two = try tree.run(["scan", "Sources/Store.swift", "Sources/Config.swift", "--no-cache"])
        #expect(findingPositions(two) == ["Sources/Store.swift:3:104"], "\(two)")
    }
}
