import ArgumentParser
import Foundation
import KeychainLintCore
import KeychainLintEngine
import KeychainLintReporters
import KeychainLintRules

/// An error the CLI reports as one line and exit code 2.
struct CLIError: Error {
    let message: String
}

struct KeychainLintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keychain-lint",
        abstract: "Finds misuse of Keychain access control and Face ID / Touch ID authentication in Swift code.",
        discussion: """
            Exit codes: 0 no findings at or above --fail-on, 1 findings, 2 usage, configuration or I/O error.
            """,
        version: KeychainLintVersion.current,
        subcommands: [ScanCommand.self, RulesCommand.self, ExplainCommand.self],
        defaultSubcommand: ScanCommand.self)
}

extension OutputFormat: ExpressibleByArgument {}
extension Severity: ExpressibleByArgument {}

struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Scan Swift and Objective-C files and folders (default: the current folder).")

    @Argument(help: "Files or folders to scan.")
    var paths: [String] = ["."]

    @Option(help: "Output format: text, json, sarif, github, or xcode (for build tools: absolute paths, every finding a warning).")
    var format: OutputFormat = .text

    @Option(help: "Write the report to this file instead of standard output.")
    var output: String?

    @Option(help: "The one configuration file of the scan (default: every .keychain-lint.yml from the project root down to each file's folder, the inner one's keys winning).")
    var config: String?

    @Option(name: .customLong("base-path"), help: "Folder that reported paths are relative to (default: the git root, else the configuration's folder, else the current folder).")
    var basePath: String?

    @Option(name: .customLong("fail-on"), help: "Exit 1 when a finding has at least this severity: critical, high, medium, low, info.")
    var failOn: Severity = .low

    @Flag(name: .customLong("exit-zero"), help: "Exit 0 even when there are findings (an error still exits 2), as build tools need.")
    var exitZero = false

    @Flag(help: "Also scan vendored folders (Pods, Carthage, node_modules, DerivedData, .swiftpm).")
    var includeVendored = false

    @Flag(help: "Also report findings in test code (test targets, and folders named Tests or *Tests without a manifest).")
    var includeTests = false

    @Flag(help: "Show where value resolution stopped, findings in test code, the modules found, and time per phase.")
    var verbose = false

    @Flag(help: "Never colour the text output.")
    var noColor = false

    @Option(help: "Folder for the result cache (default: $KEYCHAIN_LINT_CACHE_DIR, else the user's cache folder, e.g. ~/.cache/keychain-lint).")
    var cacheDir: String?

    @Flag(help: "Do not read or write the result cache.")
    var noCache = false

    @Flag(help: "Print files, lines, parse counts and time per phase (discovery, read, cache, prefilter, parse, rules, report) to standard error.")
    var stats = false

    // Unconditional: the next argument is the value even when it starts with `-`, so that
    // `--jobs -1` is told it must be at least 1 rather than that its value is missing.
    @Option(parsing: .unconditional, help: "Worker threads (default: one per core). The output is the same for any number.")
    var jobs: Int?

    @Flag(inversion: .prefixedNo, help: "Show files done / total on standard error (default: on when standard error is a terminal and CI is not set).")
    var progress: Bool?

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    private var showsProgress: Bool {
        if let progress { return progress }
        return isatty(STDERR_FILENO) != 0 && ProcessInfo.processInfo.environment["CI"] == nil
    }

    func run() throws {
        if let output {
            // Before the scan, not after it: a long scan should not end in this error.
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory), isDirectory.boolValue {
                throw CLIError(message: "cannot write report to '\(output)': \(RegularFile.systemReason(EISDIR))")
            }
        }
        // Everything the user spelled relative to the current folder is resolved before the scan
        // moves into the project root (see `ProjectScope`).
        let configurationPath = try configurationFile()
        // With --config, that file is the scan's one configuration. Without it, the scan reads every
        // `.keychain-lint.yml` from the project root down to each file's folder (`ConfigurationTree`),
        // and `configuration` holds only the command line's settings, applied over them all; the
        // nearest file above the scanned path still decides the project root when there is no git root.
        var configuration = config == nil ? Configuration.default : try loadConfiguration(configurationPath)
        if includeTests { configuration.includeTests = true }
        let scope = try ProjectScope(
            paths: paths, basePath: basePath, configuration: &configuration, configurationPath: configurationPath)
        let outputPath = output.map(ProjectScope.absolute)
        let cacheDirectory = noCache ? nil : ProjectScope.absolute(cacheDir ?? ResultCache.defaultDirectory)
        try scope.enter()
        let scanner: KeychainLintEngine.Scanner
        do {
            scanner = try KeychainLintEngine.Scanner(configuration: configuration)
            scanner.readsNestedConfigurations = config == nil
            scanner.configurationFile = config
        } catch {
            throw CLIError(message: "\(error)")
        }
        var result: ScanResult
        do {
            result = try scanner.scan(
                paths: scope.paths, project: scope.project, includeVendored: includeVendored,
                threads: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
                progress: showsProgress ? ProgressLine.report : nil,
                cacheDirectory: cacheDirectory)
            if showsProgress { ProgressLine.clear() }
        } catch {
            throw CLIError(message: "\(error)")
        }
        let useColor = format == .text && output == nil && !noColor && isatty(STDOUT_FILENO) != 0
            && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        let renderStart = Date()
        let report = try format.reporter.render(result, options: ReportOptions(useColor: useColor, verbose: verbose, rootPath: scope.root.path))
        result.stats.phaseSeconds["report", default: 0] += Date().timeIntervalSince(renderStart)
        if let output, let outputPath {
            if let code = ReportFile.write(report, to: outputPath) {
                throw CLIError(message: "cannot write report to '\(output)': \(RegularFile.systemReason(code))")
            }
            let count = result.findings.count
            FileHandle.standardError.write(Data("keychain-lint: wrote \(count) finding\(count == 1 ? "" : "s") to \(output)\n".utf8))
        } else {
            FileHandle.standardOutput.write(Data(report.utf8))
        }
        if verbose || stats {
            let phases = result.stats.phaseSeconds.keys.sorted().map { String(format: "%@ %.3fs", $0, result.stats.phaseSeconds[$0]!) }
            let summary = "keychain-lint: \(result.stats.filesScanned) files, \(result.stats.linesScanned) lines; "
                + "\(result.stats.filesParsed) parsed (\(result.stats.parses) parses), \(result.stats.filesFromCache) from cache; "
                + String(format: "%.3fs total; ", result.stats.durationSeconds) + phases.joined(separator: ", ") + "\n"
            FileHandle.standardError.write(Data(summary.utf8))
        }
        if !exitZero, result.findings.contains(where: { $0.severity >= failOn }) {
            throw ExitCode(1)
        }
    }

    /// `--config`, else the nearest `.keychain-lint.yml` (as the current folder spells it).
    private func configurationFile() throws -> String? {
        config ?? ConfigurationLocator.find(startingAt: paths.first ?? ".")
    }

    private func loadConfiguration(_ path: String?) throws -> Configuration {
        do {
            if let path {
                return try Configuration.load(path: path)
            }
            return Configuration.default
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError(message: "\(error)")
        }
    }
}

/// Writes the report with open/write rather than Data.write, whose errors read "The operation
/// could not be completed. (NSCocoaErrorDomain error 512.)": the system's reason names the problem.
enum ReportFile {
    /// Writes `text` to `path` (created or truncated); the `errno` of a failure, or nil.
    static func write(_ text: String, to path: String) -> Int32? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { return errno }
        let bytes = Array(text.utf8)
        var written = 0
        let failure: Int32? = bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let count = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += count
            }
            return nil
        }
        if close(descriptor) != 0, failure == nil { return errno }
        return failure
    }
}

/// "Scanning 120/4031 files" on one self-rewriting stderr line.
enum ProgressLine {
    @Sendable static func report(_ done: Int, _ total: Int) {
        FileHandle.standardError.write(Data("\rkeychain-lint: scanning \(done)/\(total) files".utf8))
    }

    static func clear() {
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

/// Finds `.keychain-lint.yml` in the scanned folder or its parents, stopping at the repository
/// root (the folder holding `.git`).
enum ConfigurationLocator {
    static func find(startingAt path: String) -> String? {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        var directory = URL(fileURLWithPath: path).standardizedFileURL
        if !isDirectory.boolValue { directory.deleteLastPathComponent() }
        let relativeStart = isDirectory.boolValue ? path : (path as NSString).deletingLastPathComponent
        var relative = relativeStart.isEmpty ? "." : relativeStart
        while true {
            let candidate = directory.appendingPathComponent(Configuration.fileName).path
            // Anything by that name counts, even a link that leads nowhere (a loop, a missing
            // target): loading it then fails with the reason. Looking through links here
            // ignored a broken configuration and scanned with the defaults.
            var status = stat()
            if lstat(candidate, &status) == 0 {
                return relative == "." ? Configuration.fileName : (relative as NSString).appendingPathComponent(Configuration.fileName)
            }
            if fileManager.fileExists(atPath: directory.appendingPathComponent(".git").path) { return nil }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { return nil }
            directory = parent
            relative = (relative as NSString).appendingPathComponent("..")
        }
    }
}

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rules", abstract: "List the rules: id, severity, name.")

    enum Format: String, ExpressibleByArgument {
        case text, markdown
    }

    @Option(help: "text (one line per rule) or markdown (the README's rule table).")
    var format: Format = .text

    func run() throws {
        switch format {
        case .text: print(RuleDocs.list(RuleRegistry.descriptions), terminator: "")
        case .markdown: print(RuleDocs.markdownTable(RuleRegistry.descriptions), terminator: "")
        }
    }
}

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain", abstract: "Print a rule's full documentation, with examples.")

    @Argument(help: "A rule id, as `keychain-lint rules` lists them.")
    var ruleId: String

    func run() throws {
        guard let rule = RuleRegistry.rule(id: ruleId) else {
            throw CLIError(message: "unknown rule '\(ruleId)' (run `keychain-lint rules` for the list)")
        }
        print(RuleDocs.explain(rule.description), terminator: "")
    }
}
