import Foundation
import Testing

/// What a scan reports depends only on the code and its configuration: not on the result cache,
/// not on `--base-path` (which spells paths), not on configuration files of folders that have no
/// say in the scanned files.
@Suite("scan: findings and summary do not depend on the cache or on path spelling")
struct ReportInvarianceTests {
    /// A project with a root configuration that declares a wrapper model and lowers a severity, a
    /// nested configuration that disables a rule, and a suppressed finding.
    static func project(in tree: TempTree, folder: String = "") throws {
        func path(_ relative: String) -> String { folder.isEmpty ? relative : folder + "/" + relative }
        try tree.write(path(".keychain-lint.yml"), DeclaredModelTests.model + """
            rules:
              swift.weak_keychain_accessibility:
                severity: medium

            """)
        try tree.write(path("App/Vault.swift"), DeclaredModelTests.app)
        try tree.write(path("App/Keys.swift"), """
            import Security
            let keyFlags: SecAccessControlCreateFlags = .biometryAny
            func makeAccess() -> SecAccessControl? {
                SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, keyFlags, nil)
            }
            func legacyAccess() -> SecAccessControl? {
                // keychain-lint:disable-next-line swift.weak_biometric_acl -- items of 1.x, deleted on first unlock
                SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .userPresence, nil)
            }

            """)
        try tree.write(path("App/Legacy/.keychain-lint.yml"), "rules:\n  swift.weak_biometric_acl:\n    enabled: false\n")
        try tree.write(path("App/Legacy/Old.swift"), """
            import Security
            let old = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryAny, nil)

            """)
    }

    /// `rule line:column message` of each finding, whatever the path's spelling, with its file's name.
    static func findings(_ run: CLIRun) throws -> [String] {
        let list = try #require(try jsonObject(run.stdout)["findings"] as? [[String: Any]], "\(run)")
        return list.map { finding in
            let file = (finding["file"] as? String ?? "").split(separator: "/").last.map(String.init) ?? ""
            return "\(file):\(finding["line"]!):\(finding["column"]!) \(finding["severity"]!) \(finding["ruleId"]!) \(finding["message"]!)"
        }.sorted()
    }

    /// The summary line after its time: `3 findings (2 high, 1 medium), 1 suppressed`.
    static func summary(_ run: CLIRun) -> String {
        guard let line = run.stdoutLines.last, let colon = line.range(of: "s: ") else { return "(no summary) \(run)" }
        let files = line.hasPrefix("Scanned ") ? line.dropFirst("Scanned ".count).prefix { $0 != " " } : "?"
        return "\(files) files: " + line[colon.upperBound...]
    }

    static let expected = [
        "Keys.swift:4:91 high swift.weak_biometric_acl Weak biometric access control: `.biometryAny` accepts biometrics enrolled after the item was created, so a newly added finger or face unlocks it (via `keyFlags` (line 2))",
        "Vault.swift:4:58 medium swift.weak_keychain_accessibility `protection: .always` (BankVault) → `kSecAttrAccessibleAlways`: readable while the device is locked (deprecated since iOS 12)",
    ]

    @Test("a full scan: the same findings and summary without the cache, from it, and with --base-path")
    func fullScan() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try Self.project(in: tree)
        let json = ["--format", "json"]
        let fresh = try tree.run(["scan", "."] + json + ["--no-cache"])
        #expect(fresh.status == 1, "\(fresh)")
        #expect(try Self.findings(fresh) == Self.expected, "\(fresh)")
        let first = try tree.run(["scan", ".", "--cache-dir", "cache"] + json)
        let cached = try tree.run(["scan", ".", "--cache-dir", "cache"] + json)
        #expect(try (jsonObject(cached.stdout)["stats"] as? [String: Any])?["filesFromCache"] as? Int ?? 0 > 0, "\(cached)")
        for run in [first, cached] {
            #expect(try Self.findings(run) == Self.expected, "\(run)")
        }

        let text = try tree.run(["scan", ".", "--no-cache"])
        #expect(Self.summary(text) == "3 files: 2 findings (1 high, 1 medium), 1 suppressed", "\(text)")
        let variants = [
            try tree.run(["scan", ".", "--cache-dir", "cache"]),
            try tree.run(["scan", ".", "--cache-dir", "cache"]),
            try KeychainLint.run(["scan", ".", "--base-path", ".", "--no-cache"], in: tree.path("App")),
            try KeychainLint.run(["scan", ".", "--base-path", ".", "--cache-dir", "../cache"], in: tree.path("App")),
            try KeychainLint.run(["scan", "App", "--base-path", "App/Legacy", "--no-cache"], in: tree.url),
        ]
        for run in variants {
            #expect(Self.summary(run) == "3 files: 2 findings (1 high, 1 medium), 1 suppressed", "\(run)")
        }
        let spelled = try KeychainLint.run(["scan", ".", "--base-path", ".", "--no-cache"] + json, in: tree.path("App"))
        #expect(try Self.findings(spelled) == Self.expected, "\(spelled)")
        let paths = try #require(try jsonObject(spelled.stdout)["findings"] as? [[String: Any]]).map { $0["file"] as? String }
        #expect(paths == ["Keys.swift", "Vault.swift"])
        let above = try KeychainLint.run(["scan", "App", "--base-path", "App/Legacy", "--no-cache"] + json, in: tree.url)
        let abovePaths = try #require(try jsonObject(above.stdout)["findings"] as? [[String: Any]]).map { $0["file"] as? String }
        #expect(abovePaths == ["../Keys.swift", "../Vault.swift"], "\(above)")
    }

    @Test("--base-path above the project: the configuration files there are not the project's")
    func basePathAboveTheProject() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try Self.project(in: tree, folder: "Project")
        try FileManager.default.createDirectory(at: tree.path("Project/.git"), withIntermediateDirectories: true)
        try tree.write(".keychain-lint.yml", "rules: [this is another project's, broken\n")
        let within = try KeychainLint.run(["scan", ".", "--no-cache"], in: tree.path("Project"))
        let spelled = try KeychainLint.run(["scan", ".", "--no-cache", "--base-path", ".."], in: tree.path("Project"))
        #expect(within.status == 1, "\(within)")
        #expect(spelled.status == 1, "\(spelled)")
        #expect(Self.summary(spelled) == Self.summary(within))
        #expect(findingPositions(spelled) == ["Project/App/Keys.swift:4:91"], "\(spelled)")
        #expect(findingPositions(within) == ["App/Keys.swift:4:91"], "\(within)")
    }

    @Test("a given file after a full scan: the same findings and summary from the cache as without it")
    func givenFileAfterFullScan() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try Self.project(in: tree)
        _ = try tree.run(["scan", ".", "--cache-dir", "cache"])
        for file in ["App/Vault.swift", "App/Legacy/Old.swift"] {
            let cached = try tree.run(["scan", file, "--cache-dir", "cache"])
            let fresh = try tree.run(["scan", file, "--no-cache"])
            #expect(findingLines(cached) == findingLines(fresh), "\(cached)")
            #expect(Self.summary(cached) == Self.summary(fresh), "\(cached)")
        }
        let vault = try tree.run(["scan", "App/Vault.swift", "--cache-dir", "cache"])
        #expect(Self.summary(vault) == "1 files: 1 finding (1 medium)", "\(vault)")
        // Spelled from the file's folder, the root's model and severity still apply.
        let inFolder = try KeychainLint.run(["scan", "Vault.swift", "--base-path", ".", "--no-cache"], in: tree.path("App"))
        #expect(findingPositions(inFolder, rule: "swift.weak_keychain_accessibility") == ["Vault.swift:4:58"], "\(inFolder)")
        #expect(Self.summary(inFolder) == "1 files: 1 finding (1 medium)", "\(inFolder)")
    }

    @Test("a given file: a broken configuration in a sibling folder has no say")
    func siblingConfigurationIsNotRead() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try Self.project(in: tree)
        try tree.write("Other/.keychain-lint.yml", "rules:\n  swift.no_such_rule:\n    enabled: false\n")
        try tree.write("Other/Other.swift", "let other = 1\n")
        let given = try tree.run(["scan", "App/Keys.swift", "--no-cache"])
        #expect(given.status == 1, "\(given)")
        #expect(given.stderr.isEmpty, "\(given)")
        #expect(findingPositions(given) == ["App/Keys.swift:4:91"], "\(given)")
        // Its own folder's and the root's are read: the nested one disables the rule there.
        let legacy = try tree.run(["scan", "App/Legacy/Old.swift", "--no-cache"])
        #expect(legacy.status == 0, "\(legacy)")
        // A scan of the folder that holds it reads it, and says what is wrong.
        let whole = try tree.run(["scan", ".", "--no-cache"])
        #expect(whole.status == 2, "\(whole)")
        #expect(whole.stderr.contains("Other/.keychain-lint.yml"), "\(whole)")
    }

    @Test("a file cut short by an analysis limit is said on a re-scan from the cache too")
    func limitNoteFromCache() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("A.swift", """
            import Security
            let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, sharedFlags, nil)

            """)
        // Only indexed (nothing in it interests a rule), parsed when A's lookup of `sharedFlags` reaches it.
        try tree.write("B.swift", "let sharedFlags = 1\nfunc f() { g(" + String(repeating: "(", count: 70) + "\n}\n")
        let json = ["--format", "json"]
        func diagnostics(_ run: CLIRun) throws -> [String] {
            try #require(try jsonObject(run.stdout)["diagnostics"] as? [[String: Any]], "\(run)").map {
                "\($0["file"]!) \($0["kind"]!) \($0["message"]!)"
            }
        }
        let fresh = try tree.run(["scan", "."] + json + ["--no-cache"])
        let expected = try diagnostics(fresh)
        #expect(expected.contains { $0.hasPrefix("B.swift skippedFile analysis limit: more than 64 brackets open at once") }, "\(fresh)")
        let first = try tree.run(["scan", ".", "--cache-dir", "cache"] + json)
        let second = try tree.run(["scan", ".", "--cache-dir", "cache"] + json)
        #expect(try (jsonObject(second.stdout)["stats"] as? [String: Any])?["filesFromCache"] as? Int == 1, "\(second)")
        #expect(try diagnostics(first) == expected)
        #expect(try diagnostics(second) == expected, "\(second)")
        #expect(try (jsonObject(second.stdout)["stats"] as? [String: Any])?["filesSkipped"] as? Int
            == (jsonObject(fresh.stdout)["stats"] as? [String: Any])?["filesSkipped"] as? Int)
    }

    @Test("the result cache belongs to the build of the executable, not only to its version")
    func cacheKeyedByBuild() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try Self.project(in: tree)
        let binary = try KeychainLintBinary.url()
        let copy = tree.path("bin/keychain-lint")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: binary, to: copy)
        func run() throws -> CLIRun {
            try KeychainLint.run(["scan", ".", "--cache-dir", "cache", "--verbose"], in: tree.url, executable: copy)
        }
        _ = try run()
        let same = try run()
        #expect(!same.stdout.contains("result cache ignored"), "\(same)")
        // Another build of the same version: a new modification time is enough to tell.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: copy.path)
        let rebuilt = try run()
        #expect(rebuilt.stdout.contains("result cache ignored: tool build, configuration or project files changed"), "\(rebuilt)")
        #expect(rebuilt.stderr.contains(" 0 from cache"), "\(rebuilt)")
    }
}
