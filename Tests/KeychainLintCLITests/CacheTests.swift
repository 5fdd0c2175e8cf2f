import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
        // A run that took every file from the cache writes them back: the third run reuses them too.
        let third = try tree.run(arguments)
        #expect(try findings(third) == findings(first))
        #expect(try jsonStats(third)["filesFromCache"] as? Int == jsonStats(second)["filesFromCache"] as? Int)
        #expect(try jsonStats(third)["filesParsed"] as? Int == 0)
    }

    @Test("a re-scan in which nothing changed leaves the cache file as it is; one after an edit replaces it")
    func unchangedRescanKeepsCacheFile() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }
        let arguments = ["scan", ".", "--format", "json", "--cache-dir", "cache"]
        let first = try tree.run(arguments)
        let names = try FileManager.default.contentsOfDirectory(atPath: tree.path("cache").path)
        let path = tree.path("cache/" + (try #require(names.first { $0.hasSuffix(".json") }))).path
        func identity() -> UInt64 {
            var status = stat()
            return lstat(path, &status) == 0 ? UInt64(status.st_ino) : 0
        }
        let written = identity()
        let second = try tree.run(arguments)
        #expect(try findings(second) == findings(first))
        #expect(try jsonStats(second)["filesParsed"] as? Int == 0)
        // Written anew, the file would be another inode (a new file renamed over the old one).
        #expect(identity() == written)

        let constants = try tree.read("KeychainFlags.swift")
        try tree.write("KeychainFlags.swift", constants + "\nlet addedFlags: SecAccessControlCreateFlags = .biometryAny\n")
        let edited = try tree.run(arguments)
        #expect(identity() != written)
        #expect(try findings(edited) == findings(try tree.run(arguments + ["--no-cache"])))
        // The file written after the edit is complete: the next run replays every file.
        let replayed = try tree.run(arguments)
        #expect(try findings(replayed) == findings(edited))
        #expect(try jsonStats(replayed)["filesParsed"] as? Int == 0)
    }

    @Test("comments added after a file's last token re-judge nothing, a looked-up name in one neither; code or an import there does")
    func commentAfterLastToken() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }
        let arguments = ["scan", ".", "--format", "json", "--cache-dir", "cache"]
        _ = try tree.run(arguments)
        let unchanged = try tree.run(arguments)
        let analysed = try #require(try jsonStats(unchanged)["filesFromCache"] as? Int)
        #expect(analysed >= 2)
        // A file that is analysed (its fingerprint is kept with its outcome) and that the other
        // store's analysis looks into: neither is judged again.
        let constants = try tree.read("TokenStore.swift")
        try tree.write("TokenStore.swift", constants + "\n// Reviewed: the signing key needs the current biometry.\n/* a block\n   comment */\n")
        let commented = try tree.run(arguments)
        #expect(try jsonStats(commented)["filesFromCache"] as? Int == analysed, "\(commented)")
        #expect(try findings(commented) == findings(try tree.run(arguments + ["--no-cache"])))

        // A looked-up name in a comment declares nothing: the index reads no comment.
        try tree.write("TokenStore.swift", constants + "\n// static let sessionTokenFlags = []\n")
        let named = try tree.run(arguments)
        #expect(try jsonStats(named)["filesFromCache"] as? Int == analysed, "\(named)")
        #expect(try findings(named) == findings(try tree.run(arguments + ["--no-cache"])))

        let edits = [
            // Code: the file and what reads it are judged again.
            "\nlet extraFlags: SecAccessControlCreateFlags = .biometryAny\n",
            // A looked-up name that the index takes for a declaration in this file.
            "\nlet sessionTokenFlags: SecAccessControlCreateFlags = []\n",
            // An import, which the module scope reads from the text.
            "\n/*\nimport LocalAuthentication\n*/\n",
        ]
        for edit in edits {
            try tree.write("TokenStore.swift", constants)
            _ = try tree.run(arguments)
            try tree.write("TokenStore.swift", constants + edit)
            let edited = try tree.run(arguments)
            #expect(try (jsonStats(edited)["filesFromCache"] as? Int ?? 0) < analysed, "\(edit)")
            #expect(try findings(edited) == findings(try tree.run(arguments + ["--no-cache"])), "\(edit)")
        }
    }

    @Test("an Objective-C file with a comment added after its last token is not judged again")
    func objectiveCCommentAfterLastToken() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let store = """
            #import <Security/Security.h>

            static NSString *const kService = @"https://example.com//tokens";

            void StoreToken(NSData *token) {
                NSDictionary *query = @{
                    (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                    (__bridge id)kSecAttrService: kService,
                    (__bridge id)kSecAttrAccessible: (__bridge id)kSecAttrAccessibleAlways,
                    (__bridge id)kSecValueData: token,
                };
                SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            }
            """
        try tree.write("Legacy/TokenStore.m", store)
        let arguments = ["scan", ".", "--format", "json", "--cache-dir", "cache"]
        let first = try tree.run(arguments)
        #expect(try !findings(first).isEmpty, "\(first)")
        try tree.write("Legacy/TokenStore.m", store + "\n// kept for the old app\n")
        let commented = try tree.run(arguments)
        #expect(try jsonStats(commented)["filesFromCache"] as? Int == 1, "\(commented)")
        #expect(try findings(commented) == findings(first))
        // A `#define` after the last token is code.
        try tree.write("Legacy/TokenStore.m", store + "\n#define kOther @\"x\"\n")
        let defined = try tree.run(arguments)
        #expect(try jsonStats(defined)["filesFromCache"] as? Int == 0, "\(defined)")
        #expect(try findings(defined) == findings(try tree.run(arguments + ["--no-cache"])))
    }

    @Test("a file the prefilter lets go once another file no longer holds a companion word is not replayed from the cache")
    func prefilterCompanionGone() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        // `watch` lets a file through only when the scan spells access-control flags somewhere.
        try tree.write("Watch.swift", "enum Device { case phone, watch }\nlet current = Device.watch\n")
        let store = "import Security\n\nfunc makeFlags() -> SecAccessControlCreateFlags {\n    [.biometryCurrentSet]\n}\n"
        try tree.write("Flags.swift", store)
        // Another analysed file keeps the cache key as it is (whether identity attributes are followed).
        try tree.write("Store.swift", "import Security\n\nfunc removeAll(_ query: CFDictionary) -> OSStatus {\n    SecItemDelete(query)\n}\n")
        let arguments = ["scan", ".", "--format", "json", "--cache-dir", "cache"]
        _ = try tree.run(arguments)
        // `Watch.swift` is analysed (the flags type is in the scan); its analysis looked nothing up.
        #expect(try jsonStats(try tree.run(arguments))["filesFromCache"] as? Int == 2)
        // Without the flags type in the scan, `Watch.swift` is not analysed: nothing of it is replayed.
        try tree.write("Flags.swift", "import Security\n\nfunc makeFlags() {}\n")
        let run = try tree.run(arguments)
        #expect(try jsonStats(run)["filesFromCache"] as? Int == 1, "\(run)")
        #expect(try findings(run) == findings(try tree.run(arguments + ["--no-cache"])))
    }

    @Test("a file whose stamp (size, times, inode) is as the cache keeps it is not hashed again; one written since is")
    func unchangedStampKeepsHash() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }
        // Stamps of files changed in the last two seconds before a scan are not kept.
        Thread.sleep(forTimeInterval: 2.2)
        let arguments = ["scan", ".", "--format", "json", "--cache-dir", "cache"]
        let first = try tree.run(arguments)
        let names = try FileManager.default.contentsOfDirectory(atPath: tree.path("cache").path)
        let cachePath = "cache/" + (try #require(names.first { $0.hasSuffix(".json") }))
        // The stored hash of an unchanged file, replaced: the next scan takes it from the stamp,
        // finds the file as it was, and replays it; hashing the text would find it changed.
        func storeHash(_ hash: String) throws {
            var stored = try #require(try JSONSerialization.jsonObject(with: Data(tree.read(cachePath).utf8)) as? [String: Any])
            let paths = try #require(stored["paths"] as? [String])
            var hashes = try #require(stored["hashes"] as? [String])
            let position = try #require(paths.firstIndex { $0.hasSuffix("TokenStore.swift") })
            hashes[position] = hash
            stored["hashes"] = hashes
            try tree.write(cachePath, String(decoding: try JSONSerialization.data(withJSONObject: stored), as: UTF8.self))
        }
        try storeHash(String(repeating: "0", count: 64))
        let replayed = try tree.run(arguments)
        #expect(try jsonStats(replayed)["filesFromCache"] as? Int == 2, "\(replayed)")
        #expect(try findings(replayed) == findings(first))

        // Written again with the same size and modification time: its status-change time moved.
        let token = try tree.read("TokenStore.swift")
        var status = stat()
        #expect(stat(tree.path("TokenStore.swift").path, &status) == 0)
        try tree.write("TokenStore.swift", token.replacingOccurrences(of: ".biometryAny", with: ".biometryOne"))
        var times = [timespec](repeating: timespec(), count: 2)
        #if canImport(Darwin)
        times[0] = status.st_atimespec
        times[1] = status.st_mtimespec
        #else
        times[0] = status.st_atim
        times[1] = status.st_mtim
        #endif
        #expect(utimensat(AT_FDCWD, tree.path("TokenStore.swift").path, times, 0) == 0)
        let rewritten = try tree.run(arguments)
        #expect(try (jsonStats(rewritten)["filesFromCache"] as? Int ?? 2) < 2, "\(rewritten)")
        #expect(try findings(rewritten) == findings(try tree.run(arguments + ["--no-cache"])))
    }

    @Test("a bound a question met is said by a re-scan that replays the file, as by the scan that met it")
    func replayedFileSaysItsBounds() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("Store.swift", """
            import Security

            func store(_ flags: SecAccessControlCreateFlags) -> SecAccessControl? {
                SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags, nil)
            }
            """)
        for number in 0...ValueResolverBounds.callerFiles {
            try tree.write("Callers/Caller\(number).swift", "func caller\(number)() { _ = store(.biometryAny) }")
        }
        let note = "Store.swift:4:91: note: search limit: `flags`: more than 64 files may call `store`, so its callers are not followed [unresolved]"
        let arguments = ["scan", "--no-color", "--verbose", "--stats", "--cache-dir", "cache"]
        let first = try tree.run(arguments)
        #expect(first.stdout.contains(note), "\(first)")
        let replayed = try tree.run(arguments)
        #expect(replayed.stderr.contains("0 parsed (0 parses), 1 from cache"), "\(replayed)")
        #expect(replayed.stdout.contains(note), "\(replayed)")
        try tree.write("Callers/Caller0.swift", "func caller0() { _ = store(.biometryAny) }\n// checked\n")
        let edited = try tree.run(arguments)
        #expect(edited.stdout.contains(note), "\(edited)")
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

    // MARK: - What is at the cache path is not always ours

    /// Runs a scan to learn the name of the cache file, then deletes it: the tests put something
    /// else at that path.
    private func emptiedCachePath(_ tree: TempTree, _ arguments: [String]) throws -> (path: String, name: String) {
        _ = try tree.run(arguments)
        let names = try FileManager.default.contentsOfDirectory(atPath: tree.path("cache").path)
        let name = try #require(names.first { $0.hasPrefix("scan-") && $0.hasSuffix(".json") }, "\(names)")
        #expect(names == [name], "only the cache file is left in the cache folder")
        let path = tree.path("cache/" + name).path
        try FileManager.default.removeItem(atPath: path)
        return (path, name)
    }

    /// The text line of the note that the cache was not written, checked whole: the cache file's
    /// path (as the tool spells it: the working folder may be a link on some systems) twice.
    private func expectNotWrittenNote(_ run: CLIRun, name: String, because reason: String) {
        let lines = run.stdoutLines.filter { $0.contains("could not write the result cache") }
        #expect(lines.count == 1, "\(run)")
        guard let line = lines.first, let end = line.range(of: ": note: ") else { return }
        let path = String(line[..<end.lowerBound])
        #expect(path.hasSuffix("/cache/" + name), "\(line)")
        #expect(line == "\(path): note: could not write the result cache: \(path) is \(reason), not a cache file; left as it is [unresolved]")
    }

    @Test("a symbolic link at the cache path is neither read nor followed: its target stays as it was")
    func symbolicLinkAtCachePath() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }
        let arguments = ["scan", ".", "--format", "json", "--cache-dir", "cache"]
        let first = try tree.run(arguments)
        let (path, name) = try emptiedCachePath(tree, arguments)
        // The link's target is a valid cache of this very scan: reading through the link would
        // reuse it, writing through it would change it.
        _ = try tree.run(arguments)
        let valid = try Data(contentsOf: URL(fileURLWithPath: path))
        try FileManager.default.removeItem(atPath: path)
        try tree.write("victim.json", data: valid)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: tree.path("victim.json").path)

        let run = try tree.run(arguments)
        #expect(run.status == 1, "\(run)")
        #expect(try findings(run) == findings(first))
        #expect(try jsonStats(run)["filesFromCache"] as? Int == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == tree.path("victim.json").path)
        #expect(try Data(contentsOf: tree.path("victim.json")) == valid)
        expectNotWrittenNote(try tree.run(["scan", ".", "--cache-dir", "cache", "--verbose"]), name: name, because: "a symbolic link")
        #expect(try Data(contentsOf: tree.path("victim.json")) == valid)
    }

    @Test("a folder at the cache path is left as it is, with a note")
    func folderAtCachePath() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }
        let arguments = ["scan", ".", "--cache-dir", "cache", "--verbose"]
        let (path, name) = try emptiedCachePath(tree, arguments)
        try tree.write("cache/\(name)/keep.txt", "mine")

        let run = try tree.run(arguments)
        #expect(run.status == 1, "\(run)")
        expectNotWrittenNote(run, name: name, because: "a folder")
        #expect(try String(contentsOfFile: path + "/keep.txt", encoding: .utf8) == "mine")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.path("cache").path) == [name])
    }

    @Test("a FIFO at the cache path does not block the scan, and is left as it is")
    func fifoAtCachePath() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }
        let arguments = ["scan", ".", "--cache-dir", "cache", "--verbose"]
        let (path, name) = try emptiedCachePath(tree, arguments)
        try #require(mkfifo(path, 0o600) == 0)

        let run = try tree.run(arguments, timeout: 60)
        #expect(run.exitedNormally && run.status == 1, "\(run)")
        expectNotWrittenNote(run, name: name, because: "a FIFO")
        var status = stat()
        #expect(lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    }

    @Test("the cache file is private to its owner (mode 0600)")
    func cacheFileMode() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }
        _ = try tree.run(["scan", ".", "--cache-dir", "cache"])
        let names = try FileManager.default.contentsOfDirectory(atPath: tree.path("cache").path)
        try #require(names.count == 1, "\(names)")
        var status = stat()
        #expect(lstat(tree.path("cache/" + names[0]).path, &status) == 0)
        #expect(status.st_mode & S_IFMT == S_IFREG)
        #expect(status.st_mode & 0o7777 == 0o600)
    }

    @Test("8 scans sharing one cache folder at once all write it, and leave no temporary file")
    func concurrentScans() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }
        let arguments = ["scan", ".", "--format", "json", "--cache-dir", "cache", "--verbose"]
        let reference = try tree.run(arguments + ["--no-cache"])
        final class Collected: @unchecked Sendable {
            let lock = NSLock()
            var runs: [CLIRun] = []
            var errors: [String] = []
        }
        let collected = Collected()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let outcome = Result { try tree.run(arguments, timeout: 120) }
            collected.lock.lock()
            defer { collected.lock.unlock() }
            switch outcome {
            case .success(let run): collected.runs.append(run)
            case .failure(let error): collected.errors.append("\(error)")
            }
        }
        #expect(collected.errors == [])
        #expect(collected.runs.count == 8)
        for run in collected.runs {
            #expect(run.exitedNormally && run.status == 1, "\(run)")
            #expect(try findings(run) == findings(reference))
            #expect(!run.stdout.contains("could not write the result cache"), "\(run)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: tree.path("cache").path)
        #expect(names.count == 1 && names.allSatisfy { $0.hasPrefix("scan-") && $0.hasSuffix(".json") }, "\(names)")
        // What is left is a whole cache file, which the next run uses.
        let next = try tree.run(arguments)
        #expect(try (jsonStats(next)["filesFromCache"] as? Int ?? 0) >= 2, "\(next)")
    }
}
