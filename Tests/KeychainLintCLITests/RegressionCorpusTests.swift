import Foundation
import Testing

/// Every input that once crashed or hung keychain-lint (`Fixtures/.regression/cases.tsv`: found
/// by fuzzing and by hand) is scanned again on each test run: it must end normally, with the
/// exit code and the analysis-limit diagnostic recorded for it, within the time limit.
@Suite("scan: regression corpus")
struct RegressionCorpusTests {
    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let exitCode: Int32
        /// The `analysis limit: …` diagnostic the scan must report (nil: none).
        let limitDiagnostic: String?
        let history: String

        var description: String { name }
    }

    static let folder = CLIFixtures.directory.appendingPathComponent(".regression", isDirectory: true)

    static let cases: [Case] = {
        guard let table = try? String(contentsOf: folder.appendingPathComponent("cases.tsv"), encoding: .utf8) else {
            return []
        }
        return table.split(separator: "\n").compactMap { line -> Case? in
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, let code = Int32(fields[1]) else { return nil }
            return Case(name: fields[0], exitCode: code, limitDiagnostic: fields[2].isEmpty ? nil : fields[2], history: fields[3])
        }
    }()

    /// CPU seconds one case may take with a debug build (the release build takes a fraction): a
    /// hang fails the test instead of blocking the suite. CPU time, not wall time: on a machine
    /// busy with other work a case that takes 30 s of CPU can take minutes of wall time. Where the
    /// CPU time cannot be read, the wall time counts.
    static let timeLimit: TimeInterval = 120

    /// Wall seconds after which a case is stopped whatever its CPU time (a hang that waits).
    static let wallLimit: TimeInterval = 600

    #if os(Linux)
    @Test("the CPU time of a process is read where the time limit counts it")
    func cpuTimeIsRead() throws {
        var spent = 0.0
        for step in 0..<3_000_000 { spent += Double(step % 7) }
        let seconds = try #require(KeychainLint.cpuSeconds(of: ProcessInfo.processInfo.processIdentifier))
        #expect(seconds > 0 && spent > 0)
    }
    #endif

    @Test("the case table lists every case folder, and every folder has a row")
    func tableMatchesFolders() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { !$0.hasPrefix(".") && $0 != "cases.tsv" }.sorted()
        #expect(!Self.cases.isEmpty)
        #expect(Self.cases.map(\.name).sorted() == folders)
    }

    @Test("a past crash or hang now ends normally", arguments: cases)
    func scansNormally(_ entry: Case) throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try Self.unpack(entry.name, into: tree)

        let started = Date()
        let run = try KeychainLint.run(
            ["scan", ".", "--no-cache", "--format", "json"], in: tree.url, timeout: Self.wallLimit, cpuLimit: Self.timeLimit)
        let seconds = run.cpuSeconds ?? Date().timeIntervalSince(started)

        #expect(!run.timedOut, "\(entry.name) (\(entry.history)): \(run)")
        #expect(!run.showsCrash && run.exitedNormally, "\(entry.name) (\(entry.history)): \(run)")
        #expect(run.status == entry.exitCode, "\(entry.name): \(run)")
        #expect(seconds < Self.timeLimit, "\(entry.name): \(seconds) s")
        let report = try jsonObject(run.stdout)
        let diagnostics = (report["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        let limits = Set(diagnostics.filter { $0.hasPrefix("analysis limit: ") })
        #expect(limits == Set([entry.limitDiagnostic].compactMap { $0 }), "\(entry.name): \(diagnostics)")
    }

    /// Copies a case into `tree`, unpacking gzipped files (large inputs are stored compressed).
    static func unpack(_ name: String, into tree: TempTree) throws {
        let source = folder.appendingPathComponent(name, isDirectory: true)
        for file in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            let data = try Data(contentsOf: source.appendingPathComponent(file))
            if file.hasSuffix(".gz") {
                try tree.write(String(file.dropLast(3)), data: try gunzip(data))
            } else {
                try tree.write(file, data: data)
            }
        }
    }

    static func gunzip(_ data: Data) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-dc"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // Write on another thread: the child's output pipe must be drained while it is fed.
        let writer = Thread {
            input.fileHandleForWriting.write(data)
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let unpacked = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CLITestSetupError(description: "gzip -dc failed with status \(process.terminationStatus)")
        }
        return unpacked
    }
}
