import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Support for the CLI tests: they run the BUILT `keychain-lint` executable (the one in the same
// build folder as this test process) on fixture trees copied into temporary folders, and check what
// a user sees: exit code, standard output, standard error.

/// A problem of the test setup (binary not found, fixture missing), reported as the test's failure.
struct CLITestSetupError: Error, CustomStringConvertible {
    let description: String
}

// MARK: - Locating the executable

enum KeychainLintBinary {
    static let name = "keychain-lint"

    /// The executable, or an error that says where it was looked for.
    static func url() throws -> URL {
        switch located {
        case .success(let url): return url
        case .failure(let error): throw error
        }
    }

    private static let located: Result<URL, CLITestSetupError> = locate()

    /// Looks next to the test process's executable (and in a few of its parent folders, for bundle
    /// layouts such as `X.xctest/Contents/MacOS/X`): that is the build folder of this very build,
    /// whether it is `.build/debug/`, `.build/<triple>/debug/`, a `--scratch-path` or release.
    /// `KEYCHAIN_LINT_BINARY` overrides the search.
    private static func locate() -> Result<URL, CLITestSetupError> {
        let fileManager = FileManager.default
        if let override = ProcessInfo.processInfo.environment["KEYCHAIN_LINT_BINARY"], !override.isEmpty {
            if fileManager.isExecutableFile(atPath: override) { return .success(URL(fileURLWithPath: override)) }
            return .failure(CLITestSetupError(
                description: "KEYCHAIN_LINT_BINARY is set to '\(override)', which is not an executable file"))
        }

        var starts: [URL] = []
        if let exe = try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            starts.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
        }
        if let executable = Bundle.main.executableURL {
            starts.append(executable.resolvingSymlinksInPath().deletingLastPathComponent())
        }
        starts.append(Bundle.main.bundleURL.resolvingSymlinksInPath().deletingLastPathComponent())
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            starts.append(bundle.bundleURL.resolvingSymlinksInPath().deletingLastPathComponent())
        }
        if let first = CommandLine.arguments.first, first.contains("/") {
            starts.append(URL(fileURLWithPath: first).resolvingSymlinksInPath().deletingLastPathComponent())
        }

        var searched: [String] = []
        for start in starts {
            var directory = start.standardizedFileURL
            for _ in 0..<4 {
                let candidate = directory.appendingPathComponent(name)
                if !searched.contains(directory.path) { searched.append(directory.path) }
                var isDirectory: ObjCBool = false
                if fileManager.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                    fileManager.isExecutableFile(atPath: candidate.path)
                {
                    return .success(candidate)
                }
                let parent = directory.deletingLastPathComponent()
                if parent.path == directory.path { break }
                directory = parent
            }
        }
        return .failure(CLITestSetupError(description: """
            the keychain-lint executable was not found next to the test process. Build it in the same \
            build folder first (`swift build --build-tests`, with the same --scratch-path as `swift test`), \
            or set KEYCHAIN_LINT_BINARY. Searched: \(searched.joined(separator: ", "))
            """))
    }
}

// MARK: - Running it

/// What one run of the executable produced.
struct CLIRun: Sendable, CustomStringConvertible {
    var arguments: [String]
    /// The exit status, or the signal number when `crashed`.
    var status: Int32
    /// Ended by a signal (a trap, a segfault…): always a bug.
    var crashed: Bool
    var timedOut: Bool
    var stdout: String
    var stderr: String
    /// CPU seconds the run took (user and system, last sampled while it ran), where the system
    /// says (Linux's `/proc`); nil elsewhere.
    var cpuSeconds: Double? = nil

    var stdoutLines: [String] { Self.lines(stdout) }
    var stderrLines: [String] { Self.lines(stderr) }

    /// A finished run that ended with an exit code (not a signal, not the timeout).
    var exitedNormally: Bool { !crashed && !timedOut }

    /// Signs of a crash or an unhandled error in the output (Swift runtime traps, stack dumps).
    var showsCrash: Bool {
        crashed
            || ["Fatal error", "Stack dump", "stack trace", "Segmentation fault", "Illegal instruction", "💣"].contains {
                stderr.contains($0)
            }
    }

    /// The text lines, without the empty string after the final newline.
    static func lines(_ text: String) -> [String] {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    var description: String {
        let how = timedOut ? "timed out" : crashed ? "crashed with signal \(status)" : "exit \(status)"
        return "keychain-lint \(arguments.joined(separator: " ")) → \(how)\n--- stdout\n\(stdout.prefix(4000))\n--- stderr\n\(stderr.prefix(4000))"
    }
}

enum KeychainLint {
    /// Runs `keychain-lint ARGUMENTS` in `directory`, with no colours and no terminal; output goes
    /// through files (not pipes), so a large report cannot block the child.
    /// `executable`: another copy of the tool (default: the one of this build).
    /// `cpuLimit`: a run that has used more CPU than this is stopped as hung (where the CPU time
    /// can be read); the wall-clock `timeout` stays as the guard for a run that hangs without
    /// using the CPU. On a busy machine a run's wall time says little about the run itself.
    static func run(
        _ arguments: [String], in directory: URL, timeout: TimeInterval = 300, cpuLimit: TimeInterval? = nil, executable: URL? = nil
    ) throws -> CLIRun {
        let binary = try executable ?? KeychainLintBinary.url()
        let captureDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("keychain-lint-cli-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: captureDirectory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: captureDirectory) }
        let stdoutURL = captureDirectory.appendingPathComponent("stdout")
        let stderrURL = captureDirectory.appendingPathComponent("stderr")
        guard FileManager.default.createFile(atPath: stdoutURL.path, contents: nil),
            FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        else { throw CLITestSetupError(description: "cannot create capture files in \(captureDirectory.path)") }
        let stdoutHandle = try FileHandle(forWritingTo: stdoutURL)
        let stderrHandle = try FileHandle(forWritingTo: stderrURL)

        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment["KEYCHAIN_LINT_BINARY"] = nil
        // Keep the result cache out of the user's cache folder (tests that need it pass --cache-dir).
        if environment["KEYCHAIN_LINT_CACHE_DIR"] == nil {
            environment["KEYCHAIN_LINT_CACHE_DIR"] = FileManager.default.temporaryDirectory
                .appendingPathComponent("keychain-lint-tests-cache").path
        }
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdoutHandle
        process.standardError = stderrHandle
        try process.run()

        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        var cpuSeconds = Self.cpuSeconds(of: process.processIdentifier)
        var samples = 0
        while process.isRunning {
            // Every 0.2 s: the child's CPU time so far (the last sample before it ends is kept).
            if samples % 10 == 0, let used = Self.cpuSeconds(of: process.processIdentifier) { cpuSeconds = used }
            samples += 1
            if Date() > deadline || (cpuLimit.map { limit in (cpuSeconds ?? 0) > limit } ?? false) {
                timedOut = true
                process.terminate()
                process.waitUntilExit()
                break
            }
            usleep(20_000)
        }
        process.waitUntilExit()
        try? stdoutHandle.close()
        try? stderrHandle.close()

        let stdout = String(decoding: (try? Data(contentsOf: stdoutURL)) ?? Data(), as: UTF8.self)
        let stderr = String(decoding: (try? Data(contentsOf: stderrURL)) ?? Data(), as: UTF8.self)
        return CLIRun(
            arguments: arguments, status: process.terminationStatus,
            crashed: !timedOut && process.terminationReason == .uncaughtSignal, timedOut: timedOut,
            stdout: stdout, stderr: stderr, cpuSeconds: cpuSeconds)
    }

    /// User and system CPU seconds of a running process, from `/proc/PID/stat` (fields 14 and 15,
    /// in clock ticks, counted after the command name, which may hold spaces); nil where there is no `/proc`.
    static func cpuSeconds(of pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the name: state (field 3) is fields[0], so utime (14) and stime (15) are 11 and 12.
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return ticks > 0 ? (user + system) / ticks : nil
    }
}

// MARK: - Fixture trees

enum CLIFixtures {
    /// `Tests/KeychainLintCLITests/Fixtures`. The trees in it are hidden folders (`.weak-app`, …):
    /// SwiftPM skips hidden entries, so their `.swift` files are not compiled into this test target
    /// (Package.swift does not exclude `Fixtures`).
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// The package root (for `Examples/`).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // KeychainLintCLITests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// The remediation every `swift.weak_biometric_acl` finding prints under `fix:`.
    static let weakACLRemediation =
        "Use .biometryCurrentSet (with .privateKeyUsage for Secure Enclave keys) so the item is invalidated when biometrics change; check availability with canEvaluatePolicy first and handle invalidation."

    static let biometryAnyMessage =
        "Weak biometric access control: `.biometryAny` accepts biometrics enrolled after the item was created, so a newly added finger or face unlocks it"
    static let userPresenceMessage =
        "Weak biometric access control: `.userPresence` falls back to the device passcode and accepts biometrics enrolled after the item was created"
    static let orPasscodeMessage =
        "Weak biometric access control: `[.biometryAny, .or, .devicePasscode]` is `.userPresence`: it falls back to the device passcode and accepts biometrics enrolled after the item was created"
}

/// A temporary folder holding a fixture tree, with a `.git` folder at its root so that the search
/// for `.keychain-lint.yml` stops there (as it does at a repository root) and never picks up a file
/// from the machine's temporary folder. Call `remove()` when done (`defer`).
struct TempTree {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("keychain-lint-cli-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(
            at: url.appendingPathComponent(".git", isDirectory: true), withIntermediateDirectories: true)
    }

    /// A tree holding a copy of `Fixtures/.NAME`.
    init(fixture name: String) throws {
        try self.init()
        try copyFixture(name)
    }

    func remove() {
        // chmod 000 files must not stop the clean-up.
        if let enumerator = FileManager.default.enumerator(atPath: url.path) {
            for case let relative as String in enumerator {
                chmod(url.appendingPathComponent(relative).path, 0o755)
            }
        }
        try? FileManager.default.removeItem(at: url)
    }

    func path(_ relative: String) -> URL {
        url.appendingPathComponent(relative)
    }

    /// Copies the contents of `Fixtures/.NAME` into `subfolder` of the tree (default: its root).
    func copyFixture(_ name: String, into subfolder: String = "") throws {
        let source = CLIFixtures.directory.appendingPathComponent(".\(name)", isDirectory: true)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: source.path), !names.isEmpty else {
            throw CLITestSetupError(description: "fixture folder \(source.path) is missing or empty")
        }
        let destination = subfolder.isEmpty ? url : url.appendingPathComponent(subfolder, isDirectory: true)
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        for file in names {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(file), to: destination.appendingPathComponent(file))
        }
    }

    func write(_ relative: String, _ text: String) throws {
        try write(relative, data: Data(text.utf8))
    }

    func write(_ relative: String, data: Data) throws {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(relative), encoding: .utf8)
    }

    /// Runs keychain-lint with this tree as the working directory.
    func run(_ arguments: [String], timeout: TimeInterval = 300) throws -> CLIRun {
        try KeychainLint.run(arguments, in: url, timeout: timeout)
    }
}

// MARK: - Output helpers

/// The `path:line:col: level: message [rule]` lines of a text report (not `fix:` lines, file
/// notes or `--verbose` `[unresolved]` notes).
func findingLines(_ run: CLIRun) -> [String] {
    run.stdoutLines.filter { line in
        !line.hasPrefix(" ") && line.hasSuffix("]") && !line.hasSuffix("[unresolved]")
            && [": error: ", ": warning: ", ": note: "].contains { line.contains($0) }
    }
}

/// `path:line:col` of each `[RULE]` finding line, in output order.
func findingPositions(_ run: CLIRun, rule: String = "swift.weak_biometric_acl") -> [String] {
    run.stdoutLines.filter { $0.hasSuffix("[\(rule)]") }.compactMap { line in
        guard let end = line.range(of: ": error: ") ?? line.range(of: ": warning: ") ?? line.range(of: ": note: ")
        else { return nil }
        return String(line[..<end.lowerBound])
    }
}

/// Whether `line` is the summary line for `files` files with the given tail (`2 findings (2 high), 1 suppressed`),
/// whatever the time it took: `Scanned 3 files in 0.02s: …`.
func isSummary(_ line: String, files: Int, _ tail: String) -> Bool {
    let fileWord = files == 1 ? "1 file" : "\(files) files"
    let prefix = "Scanned \(fileWord) in "
    guard line.hasPrefix(prefix), line.hasSuffix("s: \(tail)") else { return false }
    let seconds = line.dropFirst(prefix.count).dropLast("s: \(tail)".count)
    return !seconds.isEmpty && seconds.allSatisfy { $0.isNumber || $0 == "." }
}

/// The control characters in `text` other than its line breaks (which a report may not print raw
/// from the scanned code: the reporters escape them), as `U+1B`.
func rawControlCharacters(_ text: String) -> [String] {
    text.unicodeScalars.filter { scalar in
        switch scalar.value {
        case 0x0A: return false
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
}

/// Parses a JSON document from the run's standard output (or a file) as a dictionary.
func jsonObject(_ text: String) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
    guard let object = value as? [String: Any] else {
        throw CLITestSetupError(description: "expected a JSON object, got: \(text.prefix(400))")
    }
    return object
}
