import Foundation
import Testing

/// The result cache: a second run over unchanged files reuses findings; an edit to a constant in
/// another file invalidates the findings that used it; `--no-cache` and version/config changes.
@Suite("scan: result cache")
struct CacheTests {
    private func jsonStats(_ run: CLIRun) throws -> [String: Any] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        return try #require(object["stats"] as? [String: Any])
    }

    private func findings(_ run: CLIRun) throws -> [String] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let list = try #require(object["findings"] as? [[String: Any]])
        return list.map { "\($0["file"]!):\($0["line"]!):\($0["column"]!) \($0["message"]!)" }
    }

    @Test("unchanged files come from the cache, with identical findings")
    func secondRunUsesCache() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }
        let arguments = ["scan", ".", "--format", "json", "--cache-dir", "cache"]

        let first = try tree.run(arguments)
        #expect(first.status == 1, "\(first)")
        #expect(try jsonStats(first)["filesFromCache"] as? Int == 0)
        let second = try tree.run(arguments)
        #expect(second.status == 1, "\(second)")
        #expect(try findings(second) == findings(first))
        #expect(try (jsonStats(second)["filesFromCache"] as? Int ?? 0) >= 2)
        #expect(try jsonStats(second)["filesParsed"] as? Int == 0)
    }

    @Test("editing a constant in another file invalidates the findings that used it")
    func crossFileInvalidation() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }
        let arguments = ["scan", ".", "--format", "json", "--cache-dir", "cache"]
        let first = try tree.run(arguments)
        #expect(try findings(first).contains { $0.contains("KeychainFlags.sessionTokenFlags") })

        let constants = try tree.read("KeychainFlags.swift")
        let secured = constants.replacingOccurrences(of: "[.biometryAny, .or, .devicePasscode]", with: ".biometryCurrentSet")
        try #require(secured != constants, "fixture changed: the constant is no longer written as expected")
        try tree.write("KeychainFlags.swift", secured)

        let second = try tree.run(arguments)
        let fresh = try tree.run(arguments + ["--no-cache"])
        #expect(try findings(second) == findings(fresh))
        #expect(try !findings(second).contains { $0.contains("KeychainFlags.sessionTokenFlags") })
    }

    @Test("a scan-wide fact that changes invalidates every file that used it, even files whose own code did not change")
    func scanWideFactInvalidation() throws {
        // The missing-NSFaceIDUsageDescription finding sits at the first Face ID use of the scan
        // (by path). `B.swift` holds the only use until `Config.swift` makes `A.swift` one too:
        // then the finding must move to `A.swift`, though `B.swift` itself is unchanged.
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write(
            "App/Info.plist",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict><key>CFBundleExecutable</key><string>App</string></dict></plist>
            """)
        try tree.write(
            "App/Config.swift",
            "enum Config {\n    static let flags: SecAccessControlCreateFlags = .devicePasscode\n}\n")
        try tree.write(
            "App/A.swift",
            "func a() {\n    _ = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, Config.flags, nil)\n}\n")
        try tree.write(
            "App/B.swift",
            "func b() {\n    _ = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)\n}\n")
        let arguments = ["scan", ".", "--format", "json", "--cache-dir", "cache"]
        func faceIDFindings(_ run: CLIRun) throws -> [String] {
            try findings(run).filter { $0.contains("NSFaceIDUsageDescription") }.map { String($0.prefix(while: { $0 != " " })) }
        }
        let first = try tree.run(arguments)
        #expect(try faceIDFindings(first) == ["App/B.swift:2:95"], "\(first)")

        try tree.write(
            "App/Config.swift",
            "enum Config {\n    static let flags: SecAccessControlCreateFlags = .biometryCurrentSet\n}\n")
        let second = try tree.run(arguments)
        #expect(try faceIDFindings(second) == ["App/A.swift:2:95"], "\(second)")
        #expect(try findings(second) == findings(try tree.run(arguments + ["--no-cache"])))
    }

    @Test("--no-cache writes nothing; a changed configuration ignores the old cache")
    func noCacheAndConfigurationChange() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }
        _ = try tree.run(["scan", ".", "--no-cache", "--cache-dir", "nocache"])
        #expect(!FileManager.default.fileExists(atPath: tree.path("nocache").path))

        let arguments = ["scan", ".", "--format", "json", "--cache-dir", "cache"]
        _ = try tree.run(arguments)
        try tree.write(".keychain-lint.yml", "rules:\n  swift.weak_biometric_acl:\n    weakBiometricFlags: [biometryAny]\n")
        let changed = try tree.run(arguments)
        #expect(try jsonStats(changed)["filesFromCache"] as? Int == 0)
        #expect(try findings(changed) == findings(try tree.run(arguments + ["--no-cache"])))
    }

    @Test("a corrupt cache file is ignored, not an error")
    func corruptCache() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }
        let arguments = ["scan", ".", "--format", "json", "--cache-dir", "cache"]
        _ = try tree.run(arguments)
        let cacheFiles = try FileManager.default.contentsOfDirectory(atPath: tree.path("cache").path)
        let cacheFile = try #require(cacheFiles.first { $0.hasSuffix(".json") })
        try tree.write("cache/" + cacheFile, "{ not json")
        let run = try tree.run(arguments)
        #expect(run.status == 1, "\(run)")
        #expect(try jsonStats(run)["filesFromCache"] as? Int == 0)
    }
}
