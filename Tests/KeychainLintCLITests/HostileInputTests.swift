import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Inputs that made the scan hang, run out of memory, mislead or skip something silently. Every run that could hang has a short timeout: a hang fails the test instead
/// of blocking the suite. FIFOs, links and odd names are made at test time.
@Suite("scan: hostile files, configurations and command lines")
struct HostileInputTests {
    /// Seconds any of these runs may take; each finishes in well under one on a debug build.
    static let timeout: TimeInterval = 30

    static let weakCall = DiscoveryTests.weakCall

    /// The one line of `run`'s standard error, for runs that must fail with exit 2.
    func expectError(_ run: CLIRun, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!run.timedOut && !run.showsCrash, "\(run)", sourceLocation: sourceLocation)
        #expect(run.status == 2, "\(run)", sourceLocation: sourceLocation)
        #expect(run.stdout.isEmpty, "\(run)", sourceLocation: sourceLocation)
        #expect(run.stderrLines == ["keychain-lint: error: \(message)"], "\(run)", sourceLocation: sourceLocation)
    }

    /// Path bytes as a NUL-terminated C string (for names that are not valid UTF-8).
    static func cPath(_ bytes: [UInt8]) -> [CChar] {
        bytes.map { CChar(bitPattern: $0) } + [0]
    }

    func makeFIFO(_ tree: TempTree, _ relative: String) throws {
        try #require(mkfifo(tree.path(relative).path, 0o644) == 0, "mkfifo \(relative): errno \(errno)")
    }

    // MARK: - Files that are not regular files

    @Test("a FIFO named x.swift on the command line is skipped with a note, not read (it blocked forever)")
    func fifoOnTheCommandLine() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try makeFIFO(tree, "pipe.swift")

        let run = try tree.run(["scan", "pipe.swift", "--no-cache"], timeout: Self.timeout)

        #expect(!run.timedOut && !run.showsCrash, "\(run)")
        #expect(run.status == 0, "\(run)")
        #expect(run.stdoutLines.first == "pipe.swift: note: skipped: not a regular file (a FIFO)", "\(run)")
        #expect(run.stdoutLines.last.map { isSummary($0, files: 0, "no findings") } == true, "\(run)")
    }

    @Test("a FIFO and a .swift link to a FIFO met while walking: skipped with a note in every format")
    func fifoInAFolder() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("App/Store.swift", Self.weakCall)
        try makeFIFO(tree, "App/.pipe")
        try makeFIFO(tree, "App/Direct.swift")
        try FileManager.default.createSymbolicLink(atPath: tree.path("App/Link.swift").path, withDestinationPath: ".pipe")

        let text = try tree.run(["scan", "--no-cache"], timeout: Self.timeout)
        #expect(!text.timedOut && !text.showsCrash, "\(text)")
        #expect(text.status == 1, "\(text)")
        #expect(findingPositions(text) == ["App/Store.swift:1:100"], "\(text)")
        #expect(text.stdoutLines.filter { $0.contains(": note: skipped: ") } == [
            "App/Direct.swift: note: skipped: not a regular file (a FIFO)",
            "App/Link.swift: note: skipped: not a regular file (a FIFO)",
        ], "\(text)")

        let json = try tree.run(["scan", "--no-cache", "--format", "json"], timeout: Self.timeout)
        let diagnostics = try jsonObject(json.stdout)["diagnostics"] as? [[String: Any]] ?? []
        #expect(diagnostics.map { $0["file"] as? String } == ["App/Direct.swift", "App/Link.swift"], "\(json)")
        #expect(diagnostics.allSatisfy { $0["kind"] as? String == "skippedFile" }, "\(json)")

        let sarif = try tree.run(["scan", "--no-cache", "--format", "sarif"], timeout: Self.timeout)
        let runs = try jsonObject(sarif.stdout)["runs"] as? [[String: Any]] ?? []
        let invocations = runs.first?["invocations"] as? [[String: Any]] ?? []
        let notifications = invocations.first?["toolExecutionNotifications"] as? [[String: Any]] ?? []
        #expect(
            notifications.compactMap { ($0["message"] as? [String: Any])?["text"] as? String }
                == ["skipped: not a regular file (a FIFO)", "skipped: not a regular file (a FIFO)"], "\(sarif)")
    }

    @Test("a .keychain-lint.yml that is a FIFO, found or given with --config: exit 2 at once")
    func configurationFIFO() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("a.swift", "let x = 1\n")
        try makeFIFO(tree, ".keychain-lint.yml")

        expectError(
            try tree.run(["scan", "--no-cache"], timeout: Self.timeout),
            "cannot read configuration file '.keychain-lint.yml': not a regular file (a FIFO)")
        expectError(
            try tree.run(["scan", "--no-cache", "--config", ".keychain-lint.yml"], timeout: Self.timeout),
            "cannot read configuration file '.keychain-lint.yml': not a regular file (a FIFO)")
    }

    @Test("--config /dev/zero, and a .keychain-lint.yml linked to /dev/urandom: exit 2, not read until memory runs out")
    func configurationDevices() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("a.swift", "let x = 1\n")

        expectError(
            try tree.run(["scan", "--no-cache", "--config", "/dev/zero"], timeout: Self.timeout),
            "cannot read configuration file '/dev/zero': not a regular file (a character device)")

        try FileManager.default.createSymbolicLink(
            atPath: tree.path(".keychain-lint.yml").path, withDestinationPath: "/dev/urandom")
        expectError(
            try tree.run(["scan", "--no-cache"], timeout: Self.timeout),
            "cannot read configuration file '.keychain-lint.yml': not a regular file (a character device)")
    }

    @Test("a configuration file over 1 MB is an error naming its size")
    func configurationTooLarge() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let comment = "# " + String(repeating: "x", count: 1024 * 1024) + "\n"
        try tree.write(".keychain-lint.yml", "version: 1\n" + comment)

        expectError(
            try tree.run(["scan", "--no-cache"], timeout: Self.timeout),
            "cannot read configuration file '.keychain-lint.yml': larger than 1 MB (1048590 bytes)")
    }

    // MARK: - Configuration bombs

    /// "Billion laughs": ten levels of ten aliases, 568 bytes.
    static let aliasBomb = "version: 1\na0: &a0 [\"lol\"]\n" + (1...9).map { level in
        "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
    }.joined()

    @Test("a YAML alias bomb is rejected at once (it never finished), wherever the aliases are used")
    func aliasBomb() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("a.swift", "let x = 1\n")
        let expected =
            ".keychain-lint.yml: the configuration expands to more than 10000 values through aliases (*name) or merge keys (<<); a keychain-lint configuration needs far fewer"

        for tail in ["", "exclude: *a9\n", "? *a9\n: 1\n", "rules:\n  swift.weak_biometric_acl:\n    weakBiometricFlags: *a9\n"] {
            try tree.write(".keychain-lint.yml", Self.aliasBomb + tail)
            expectError(try tree.run(["scan", "--no-cache"], timeout: Self.timeout), expected)
        }
    }

    @Test("a merge-key bomb (24 levels of <<) is rejected at once (it took 45 s)")
    func mergeKeyBomb() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("a.swift", "let x = 1\n")
        let levels = (1...24).map { "base\($0): &b\($0) {<<: [*b\($0 - 1), *b\($0 - 1)], k\($0): 1}\n" }
        try tree.write(".keychain-lint.yml", "base0: &b0 {x: 1}\n" + levels.joined())

        expectError(
            try tree.run(["scan", "--no-cache"], timeout: Self.timeout),
            ".keychain-lint.yml: the configuration expands to more than 10000 values through aliases (*name) or merge keys (<<); a keychain-lint configuration needs far fewer")
    }

    @Test("a few aliases are still fine")
    func smallAliases() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("Vendor/Lib.swift", Self.weakCall)
        try tree.write("App/Store.swift", Self.weakCall)
        try tree.write(".keychain-lint.yml", """
            version: 1
            exclude: &skip ["Vendor/**"]
            rules:
              swift.weak_biometric_acl:
                weakBiometricFlags: &weak [biometryAny, touchIDAny]

            """)

        let run = try tree.run(["scan", "--no-cache"], timeout: Self.timeout)

        #expect(run.status == 1, "\(run)")
        #expect(findingPositions(run) == ["App/Store.swift:1:100"], "\(run)")
    }

    @Test("an exclude glob with 15 ** on a 40-deep tree finishes (it never did) and matches as before")
    func doubleStarGlob() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let deep = Array(repeating: "a", count: 40).joined(separator: "/")
        try tree.write("\(deep)/Deep.swift", Self.weakCall)
        try tree.write("\(deep)/b/Excluded.swift", Self.weakCall)
        let glob = Array(repeating: "**/a", count: 15).joined(separator: "/") + "/**/b"
        try tree.write(".keychain-lint.yml", "exclude: [\"\(glob)\"]\n")

        let run = try tree.run(["scan", "--no-cache"], timeout: Self.timeout)

        #expect(!run.timedOut && !run.showsCrash, "\(run)")
        #expect(run.status == 1, "\(run)")
        #expect(findingPositions(run) == ["\(deep)/Deep.swift:1:100"], "\(run)")
    }

    // MARK: - Command line

    @Test("scan -h.swift is an unknown option (exit 2), not the help with exit 0")
    func dashHPath() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("-h.swift", Self.weakCall)

        expectError(
            try tree.run(["scan", "-h.swift"], timeout: Self.timeout),
            "Unknown option '-h.swift'; to scan a path that starts with '-', write it as ./PATH or after -- (see 'keychain-lint --help')")
        // Spelled as a path, it is scanned.
        for arguments in [["scan", "--no-cache", "./-h.swift"], ["scan", "--no-cache", "--", "-h.swift"]] {
            let run = try tree.run(arguments, timeout: Self.timeout)
            #expect(run.status == 1, "\(run)")
            #expect(findingPositions(run).count == 1, "\(run)")
        }
        // -h alone still asks for the help.
        let help = try tree.run(["scan", "-h"], timeout: Self.timeout)
        #expect(help.status == 0, "\(help)")
        #expect(help.stdout.hasPrefix("OVERVIEW: Scan Swift and Objective-C files and folders"), "\(help)")
    }

    @Test("--jobs -1 and --jobs 0 say that --jobs must be at least 1")
    func negativeJobs() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        for value in ["-1", "0"] {
            expectError(
                try tree.run(["scan", "--jobs", value], timeout: Self.timeout),
                "--jobs must be at least 1 (see 'keychain-lint --help')")
        }
    }

    @Test("--output onto a folder or into a missing folder: one line with the reason")
    func outputOntoAFolder() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("a.swift", "let x = 1\n")
        try FileManager.default.createDirectory(at: tree.path("Reports"), withIntermediateDirectories: true)

        expectError(
            try tree.run(["scan", "--no-cache", "--output", "Reports"], timeout: Self.timeout),
            "cannot write report to 'Reports': is a directory")
        expectError(
            try tree.run(["scan", "--no-cache", "--output", "Missing/report.txt"], timeout: Self.timeout),
            "cannot write report to 'Missing/report.txt': no such file or directory")
    }

    @Test("a .keychain-lint.yml that is a symbolic link loop is an error, not ignored")
    func configurationLinkLoop() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("a.swift", "let x = 1\n")
        try FileManager.default.createSymbolicLink(atPath: tree.path(".keychain-lint.yml").path, withDestinationPath: "loop.yml")
        try FileManager.default.createSymbolicLink(atPath: tree.path("loop.yml").path, withDestinationPath: ".keychain-lint.yml")

        expectError(
            try tree.run(["scan", "--no-cache"], timeout: Self.timeout),
            "cannot read configuration file '.keychain-lint.yml': \(String(cString: strerror(ELOOP)).lowercasedFirst)")
    }

    // MARK: - Discovery

    @Test("a folder and a symbolic link to it: every finding once")
    func folderAndLinkToIt() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("App/Store.swift", Self.weakCall)
        try FileManager.default.createSymbolicLink(atPath: tree.path("AppLink").path, withDestinationPath: "App")
        // A link to a file of the tree, named to sort first: the file is still reported by its own name.
        try FileManager.default.createSymbolicLink(atPath: tree.path("App/A.swift").path, withDestinationPath: "Store.swift")

        for arguments in [["scan", "App", "AppLink"], ["scan", "AppLink", "App"], ["scan", "."]] {
            let run = try tree.run(arguments + ["--no-cache"], timeout: Self.timeout)
            #expect(run.status == 1, "\(run)")
            #expect(findingPositions(run).count == 1, "\(run)")
            #expect(findingPositions(run).first?.hasSuffix("/Store.swift:1:100") == true, "\(run)")
            #expect(run.stdoutLines.last.map { isSummary($0, files: 1, "1 finding (1 high)") } == true, "\(run)")
        }
    }

    @Test("files and folders whose names are not valid UTF-8 are scanned (they were dropped silently), shown with \\xNN escapes and a note")
    func nonUTF8Name() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("App/Store.swift", Self.weakCall)
        // "caf\xE9.swift" (Latin-1), and a folder "d\xFF" holding a Swift file.
        let app = Array(tree.path("App").path.utf8)
        let file = app + Array("/caf".utf8) + [0xE9] + Array(".swift".utf8)
        let folder = app + Array("/d".utf8) + [0xFF]
        let made = Self.cPath(file).withUnsafeBufferPointer { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        // Some file systems (APFS) refuse names that are not UTF-8: then there is nothing to test.
        guard made >= 0 else { return }
        _ = Self.weakCall.utf8CString.withUnsafeBufferPointer { write(made, $0.baseAddress!, $0.count - 1) }
        close(made)
        try #require(Self.cPath(folder).withUnsafeBufferPointer { mkdir($0.baseAddress!, 0o755) } == 0)
        let inner = Self.cPath(folder + Array("/Inner.swift".utf8)).withUnsafeBufferPointer {
            open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644)
        }
        try #require(inner >= 0)
        _ = Self.weakCall.utf8CString.withUnsafeBufferPointer { write(inner, $0.baseAddress!, $0.count - 1) }
        close(inner)

        let run = try tree.run(["scan", "--no-cache"], timeout: Self.timeout)

        #expect(!run.timedOut && !run.showsCrash, "\(run)")
        #expect(run.status == 1, "\(run)")
        #expect(findingPositions(run) == [
            "App/Store.swift:1:100", "App/caf\\xE9.swift:1:100", "App/d\\xFF/Inner.swift:1:100",
        ], "\(run)")
        #expect(run.stdoutLines.filter { $0.contains(": note: ") } == [
            "App/caf\\xE9.swift: note: the file name is not valid UTF-8: its invalid bytes are shown as \\xNN escapes",
            "App/d\\xFF: note: the folder name is not valid UTF-8: its invalid bytes are shown as \\xNN escapes",
        ], "\(run)")
        #expect(run.stdoutLines.last.map { isSummary($0, files: 3, "3 findings (3 high)") } == true, "\(run)")

        // A real file whose name is spelled like the escaped one: the two would share a path in
        // the report (and in the result cache), so the escaped one is skipped, visibly.
        try tree.write("App/caf\\xE9.swift", "let x = 1\n")
        let clash = try tree.run(["scan", "--no-cache"], timeout: Self.timeout)
        #expect(!clash.timedOut && !clash.showsCrash, "\(clash)")
        #expect(findingPositions(clash) == ["App/Store.swift:1:100", "App/d\\xFF/Inner.swift:1:100"], "\(clash)")
        #expect(clash.stdoutLines.contains(
            "App/caf\\xE9.swift: note: skipped: its name is not valid UTF-8 and, with \\xNN escapes, reads the same as another file's"),
            "\(clash)")
        // The result cache, which files by path, takes the same scan.
        let cached = try tree.run(["scan", "--cache-dir", tree.path("cache").path], timeout: Self.timeout)
        #expect(!cached.timedOut && !cached.showsCrash && cached.status == 1, "\(cached)")
    }

    @Test("a file or folder whose path is longer than PATH_MAX is reported as skipped, not dropped silently")
    func pathLongerThanPathMax() throws {
        let tree = try TempTree()
        defer {
            // FileManager cannot remove what it cannot name; rm works relative to each folder.
            let remove = Process()
            remove.executableURL = URL(fileURLWithPath: "/bin/rm")
            remove.arguments = ["-rf", tree.url.path]
            try? remove.run()
            remove.waitUntilExit()
        }
        try tree.write("Store.swift", Self.weakCall)
        // 20 levels of 250-character names: 5,020 bytes, past PATH_MAX (4,096). Made one level at a
        // time relative to the folder above, as the full path cannot be given to the system. In
        // the 16th folder (a 4,015-byte path) a file whose own path is 4,262 bytes long.
        let name = String(repeating: "n", count: 250)
        let fileName = String(repeating: "f", count: 240) + ".swift"
        var descriptor = open(tree.url.path, O_RDONLY | O_DIRECTORY)
        try #require(descriptor >= 0)
        for level in 1...20 {
            try #require(mkdirat(descriptor, name, 0o755) == 0, "errno \(errno)")
            let next = openat(descriptor, name, O_RDONLY | O_DIRECTORY)
            close(descriptor)
            try #require(next >= 0, "errno \(errno)")
            descriptor = next
            if level == 16 {
                let file = openat(descriptor, fileName, O_CREAT | O_WRONLY, 0o644)
                try #require(file >= 0, "errno \(errno)")
                close(file)
            }
        }
        close(descriptor)

        let run = try tree.run(["scan", "--no-cache", "--format", "json"], timeout: Self.timeout)

        #expect(!run.timedOut && !run.showsCrash, "\(run)")
        #expect(run.status == 1, "\(run)")
        let diagnostics = try jsonObject(run.stdout)["diagnostics"] as? [[String: Any]] ?? []
        let tooLong = String(cString: strerror(ENAMETOOLONG))
        let sixteen = Array(repeating: name, count: 16).joined(separator: "/")
        #expect(diagnostics.map { $0["kind"] as? String } == ["skippedFile", "skippedFile"], "\(run)")
        #expect(diagnostics.map { $0["file"] as? String } == [sixteen + "/" + fileName, sixteen + "/" + name], "\(run)")
        #expect(
            diagnostics.map { $0["message"] as? String } == ["cannot read file: \(tooLong)", "cannot read directory: \(tooLong)"],
            "\(run)")
    }

    @Test(
        "an unreadable folder is skipped with a note like an unreadable file (it used to end the scan with exit 2)",
        .enabled(if: getuid() != 0, "root reads every folder"))
    func unreadableFolder() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("App/Store.swift", Self.weakCall)
        try tree.write("Locked/Secret.swift", Self.weakCall)
        try #require(chmod(tree.path("Locked").path, 0o000) == 0)

        let run = try tree.run(["scan", "--no-cache"], timeout: Self.timeout)

        #expect(run.status == 1, "\(run)")
        #expect(findingPositions(run) == ["App/Store.swift:1:100"], "\(run)")
        #expect(run.stdoutLines.filter { $0.contains(": note: skipped: ") } == [
            "Locked: note: skipped: cannot read directory: Permission denied"
        ], "\(run)")
    }
}

extension String {
    /// The text with its first letter in lower case, as keychain-lint writes the system's reasons.
    fileprivate var lowercasedFirst: String {
        guard let first else { return self }
        return first.lowercased() + dropFirst()
    }
}
