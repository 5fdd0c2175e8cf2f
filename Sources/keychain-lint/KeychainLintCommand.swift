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
        abstract: "Finds misuse of Keychain access control and Face ID / Touch ID authentication in Swift and Objective-C code.",
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

    @Option(help: "Output format: \(OutputFormat.names).")
    var format: OutputFormat = .text

    @Option(help: "Write the report to this file instead of standard output (`-`: standard output).")
    var output: String?

    @Option(name: .customLong("only-rule"), help: ArgumentHelp("Run only this check (repeatable), in every language: weak_biometric_acl, swift.weak_biometric_acl and objc.weak_biometric_acl name the same one.", valueName: "rule"))
    var onlyRules: [String] = []

    @Option(name: .customLong("disable-rule"), help: ArgumentHelp("Do not run this rule (repeatable), as `--only-rule` names them.", valueName: "rule"))
    var disabledRules: [String] = []

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

    @Option(name: .customLong("baseline"), help: ArgumentHelp("Report only findings this baseline does not have (see --write-baseline).", valueName: "file"))
    var baseline: String?

    @Option(name: .customLong("write-baseline"), help: ArgumentHelp("Write the scan's findings to this baseline file and exit 0: they are accepted, later scans with --baseline report only new ones.", valueName: "file"))
    var writeBaseline: String?

    @Flag(name: .customLong("strict-baseline"), help: "With --baseline: also fail (exit 1) when a baseline finding is no longer found.")
    var strictBaseline = false

    @Option(name: .customLong("new-since"), help: ArgumentHelp("Report only findings that the scan of the merge base of this git ref and HEAD does not have (read from git; the work tree is not touched).", valueName: "ref"))
    var newSince: String?

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        _ = try reportRequests()
        if strictBaseline, baseline == nil { throw ValidationError("--strict-baseline needs --baseline FILE") }
        if let baseline, let writeBaseline, ProjectRoot.absolute(baseline) == ProjectRoot.absolute(writeBaseline) {
            throw ValidationError("--baseline and --write-baseline name the same file")
        }
    }

    private var showsProgress: Bool {
        if let progress { return progress }
        return isatty(STDERR_FILENO) != 0 && ProcessInfo.processInfo.environment["CI"] == nil
    }

    @Option(name: .customLong("report"), help: ArgumentHelp("Also write a report in another format: FORMAT=PATH (repeatable; PATH `-` is standard output when --output names a file). Formats: \(OutputFormat.names).", valueName: "format=path"))
    var reports: [String] = []

    /// `--report` values: each format, and its file (nil: standard output).
    func reportRequests() throws -> [(format: OutputFormat, path: String?)] {
        var toStandardOutput = outputFile == nil
        var files: Set<String> = outputFile.map { [ProjectRoot.absolute($0)] } ?? []
        return try reports.map { value in
            guard let equals = value.firstIndex(of: "=") else {
                throw ValidationError("--report '\(value)': expected FORMAT=PATH, e.g. sarif=results.sarif")
            }
            let name = String(value[..<equals])
            let path = String(value[value.index(after: equals)...])
            guard let format = OutputFormat(rawValue: name) else {
                throw ValidationError("--report: unknown format '\(name)' (one of \(OutputFormat.names))")
            }
            guard !path.isEmpty else { throw ValidationError("--report \(name)=: the path is missing") }
            if path == "-" {
                guard !toStandardOutput else {
                    throw ValidationError("--report \(value): only one report can go to standard output")
                }
                toStandardOutput = true
                return (format, nil)
            }
            guard files.insert(ProjectRoot.absolute(path)).inserted else {
                throw ValidationError("--report \(value): another report is written to '\(path)'")
            }
            return (format, path)
        }
    }

    /// `--output`, unless it says standard output (`-`).
    private var outputFile: String? {
        output == "-" ? nil : output
    }

    /// `--only-rule` and `--disable-rule` as the command line's settings, which apply over every
    /// configuration file's.
    private func applyRuleSelection(to configuration: inout Configuration) throws {
        guard !onlyRules.isEmpty || !disabledRules.isEmpty else { return }
        // A rule is selected as its check, in every language (as configuration names it): the
        // settings of every spelling of the check are gathered under its check id first.
        let only = Set(try onlyRules.flatMap { try RuleLookup.ids(for: $0, option: "--only-rule") }.map(RuleIds.check(of:)))
        let disabled = Set(try disabledRules.flatMap { try RuleLookup.ids(for: $0, option: "--disable-rule") }.map(RuleIds.check(of:)))
        for check in Set(RuleRegistry.descriptions.map(\.checkId)).sorted() {
            var settings = configuration.removeSettings(ofCheck: check)
            if !only.isEmpty { settings.enabled = only.contains(check) }
            if disabled.contains(check) { settings.enabled = false }
            if settings != RuleSettings() { configuration.rules[check] = settings }
        }
    }

    func run() throws {
        if let output = outputFile {
            // Before the scan, not after it: a long scan should not end in this error.
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory), isDirectory.boolValue {
                throw CLIError(message: "cannot write report to '\(output)': \(RegularFile.systemReason(EISDIR))")
            }
        }
        for case let (_, path?) in try reportRequests() {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                throw CLIError(message: "cannot write report to '\(path)': \(RegularFile.systemReason(EISDIR))")
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
        try applyRuleSelection(to: &configuration)
        let scope = try ProjectScope(
            paths: paths, basePath: basePath, configuration: &configuration, configurationPath: configurationPath)
        let baselineInput = baseline.map { (spelled: $0, absolute: ProjectScope.absolute($0)) }
        let baselineOutput = writeBaseline.map { (spelled: $0, absolute: ProjectScope.absolute($0)) }
        let scanConfiguration = configuration
        func makeScanner() throws -> KeychainLintEngine.Scanner {
            do {
                let scanner = try KeychainLintEngine.Scanner(configuration: scanConfiguration)
                scanner.readsNestedConfigurations = config == nil
                scanner.configurationFile = config
                return scanner
            } catch {
                throw CLIError(message: "\(error)")
            }
        }
        let outputPath = outputFile.map(ProjectScope.absolute)
        let requestedReports = try reportRequests().map { (format: $0.format, path: $0.path, absolute: $0.path.map(ProjectScope.absolute)) }
        let cacheDirectory = noCache ? nil : ProjectScope.absolute(cacheDir ?? ResultCache.defaultDirectory)
        try scope.enter()
        let scanner = try makeScanner()
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
        if scope.project.isEmpty, result.stats.filesScanned == 0 {
            // "Scanned 0 files: no findings" would pass a CI job that scans the wrong folder.
            let skipped = result.stats.filesSkipped
            let note = skipped == 0 ? "" : " (\(skipped) skipped: \(result.diagnostics.first { $0.kind == .skippedFile }.map { "\($0.file): \($0.message)" } ?? ""))"
            throw CLIError(message: "no Swift or Objective-C source file to scan in \(paths.map { "'\($0)'" }.joined(separator: ", "))\(note)")
        }
        // Baselines and earlier commits are matched on paths from the project root, before
        // `--base-path` re-spells them.
        let gate = Gate(scope: scope)
        if let baselineOutput {
            try gate.write(Baseline(findings: result.findings, commit: gate.head()), to: baselineOutput)
        }
        var stale: [Baseline.Entry] = []
        if let baselineInput {
            let baseline: Baseline
            do {
                baseline = try Baseline.load(path: baselineInput.absolute, spelled: baselineInput.spelled)
            } catch let error as BaselineError {
                throw CLIError(message: error.description)
            }
            let match = try gate.match(result, against: baseline)
            result = result.keepingNew(match, knownFrom: "the baseline")
            stale = match.stale
        }
        if let newSince {
            let match = try gate.matchSince(newSince, result: result) { try makeScanner().scan(
                paths: $0, project: scope.project, includeVendored: includeVendored,
                threads: jobs ?? ProcessInfo.processInfo.activeProcessorCount) }
            let known = result.known
            result = result.keepingNew(match, knownFrom: newSince)
            result.known = (known + result.known).sorted(by: Finding.reportingOrder)
            result.stats.knownFindings = result.known.count
        }
        result = scope.spell(result)
        let useColor = format == .text && outputFile == nil && !noColor && isatty(STDOUT_FILENO) != 0
            && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        let renderStart = Date()
        // Reported paths are spelled from here (the scan's current folder is the project root).
        let reportBase = (scope.spelling ?? scope.root).path
        let source: @Sendable (String) -> String? = { path in
            let file = path.hasPrefix("/") ? path : reportBase + "/" + path
            guard case .success(let bytes) = RegularFile.read(file, limit: KeychainLintEngine.Scanner.maximumFileSize) else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
        var outputs = [(format: format, spelled: outputFile, absolute: outputPath, color: useColor)]
        outputs += requestedReports.map { (format: $0.format, spelled: $0.path, absolute: $0.absolute, color: false) }
        for output in outputs {
            let report = try output.format.reporter.render(
                result, options: ReportOptions(useColor: output.color, verbose: verbose, rootPath: reportBase, source: source))
            if let spelled = output.spelled, let absolute = output.absolute {
                if let code = ReportFile.write(report, to: absolute) {
                    throw CLIError(message: "cannot write report to '\(spelled)': \(RegularFile.systemReason(code))")
                }
                let count = result.findings.count
                FileHandle.standardError.write(Data("keychain-lint: wrote \(count) finding\(count == 1 ? "" : "s") to \(spelled)\n".utf8))
            } else {
                FileHandle.standardOutput.write(Data(report.utf8))
            }
        }
        result.stats.phaseSeconds["report", default: 0] += Date().timeIntervalSince(renderStart)
        if verbose || stats {
            let phases = result.stats.phaseSeconds.keys.sorted().map { String(format: "%@ %.3fs", $0, result.stats.phaseSeconds[$0]!) }
            let summary = "keychain-lint: \(result.stats.filesScanned) files, \(result.stats.linesScanned) lines; "
                + "\(result.stats.filesParsed) parsed (\(result.stats.parses) parses), \(result.stats.filesFromCache) from cache; "
                + String(format: "%.3fs total; ", result.stats.durationSeconds) + phases.joined(separator: ", ") + "\n"
                + "keychain-lint: prefilter: \(result.stats.filesPassingPrefilter) of \(result.stats.filesScanned) files pass; "
                + "files holding each word: " + result.stats.prefilterWords.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
                    .prefix(12).map { "\($0.key) \($0.value)" }.joined(separator: ", ") + "\n"
            FileHandle.standardError.write(Data(summary.utf8))
        }
        if !stale.isEmpty {
            let count = stale.reduce(0) { $0 + $1.count }
            let entries = count == 1 ? "1 baseline finding is" : "\(count) baseline findings are"
            var lines = ["keychain-lint: \(strictBaseline ? "error" : "note"): \(entries) no longer found (the baseline hides nothing there; --write-baseline writes it again):"]
            lines += stale.prefix(20).map { "  \(OutputEscaping.text($0.file)) [\($0.ruleId)] \(OutputEscaping.text($0.message))\($0.count > 1 ? " (×\($0.count))" : "")" }
            if stale.count > 20 { lines.append("  … and \(stale.count - 20) more") }
            FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
            if strictBaseline { throw ExitCode(1) }
        }
        if let baselineOutput {
            let count = result.findings.count + result.known.count
            FileHandle.standardError.write(Data("keychain-lint: wrote a baseline of \(count) finding\(count == 1 ? "" : "s") to \(baselineOutput.spelled)\n".utf8))
            return
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
        // The report's own bytes, not a copy of them (a report can be tens of megabytes).
        var text = text
        var written = 0
        let failure: Int32? = text.withUTF8 { buffer in
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

    @Option(name: .customLong("write-docs"), help: ArgumentHelp("Write each rule's page (ID.md) into this folder, as docs/rules holds them.", valueName: "folder"))
    var writeDocs: String?

    func run() throws {
        if let writeDocs {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: writeDocs, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw CLIError(message: "--write-docs: no such folder: '\(writeDocs)'")
            }
            for rule in RuleRegistry.descriptions {
                let path = (writeDocs as NSString).appendingPathComponent("\(rule.id).md")
                if let code = ReportFile.write(RuleDocs.rulePage(rule), to: path) {
                    throw CLIError(message: "cannot write '\(path)': \(RegularFile.systemReason(code))")
                }
            }
            FileHandle.standardError.write(Data("keychain-lint: wrote \(RuleRegistry.descriptions.count) rule pages to \(writeDocs)\n".utf8))
            return
        }
        switch format {
        case .text: print(RuleDocs.list(RuleRegistry.descriptions), terminator: "")
        case .markdown: print(RuleDocs.markdownTable(RuleRegistry.descriptions), terminator: "")
        }
    }
}

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain", abstract: "Print a rule's documentation, with an example of what it flags.")

    @Argument(help: "A rule id, as `keychain-lint rules` lists them, or its name without the language (weak_biometric_acl).")
    var ruleId: String

    @Flag(help: "Print everything: fix safety, decisions, option values and every example.")
    var full = false

    func run() throws {
        let ids = try RuleLookup.ids(for: ruleId)
        let rule = RuleRegistry.rule(id: ids[0])!.description
        print(full ? RuleDocs.explain(rule) : RuleDocs.page(rule), terminator: "")
        for other in ids.dropFirst() {
            let language = RuleRegistry.rule(id: other)!.description.language
            print("\nThe same check for \(language): keychain-lint explain \(other)")
        }
    }
}

/// Rule ids as a person types them: the full id, or the name without the language prefix
/// (`weak_biometric_acl` is `swift.weak_biometric_acl` and `objc.weak_biometric_acl`).
enum RuleLookup {
    /// The ids `given` names, in `keychain-lint rules` order; a one-line error with the nearest
    /// ids when it names none.
    static func ids(for given: String, option: String? = nil) throws -> [String] {
        let all = RuleRegistry.descriptions.map(\.id)
        if all.contains(given) { return [given] }
        let named = all.filter { name(of: $0) == given.lowercased() }
        if !named.isEmpty { return named }
        let what = option.map { "\($0): unknown rule '\(given)'" } ?? "unknown rule '\(given)'"
        let nearest = suggestions(for: given, among: all)
        if nearest.isEmpty { throw CLIError(message: "\(what) (run `keychain-lint rules` for the list)") }
        throw CLIError(message: "\(what); did you mean \(nearest.joined(separator: ", "))? (run `keychain-lint rules` for the list)")
    }

    static func name(of id: String) -> String {
        id.split(separator: ".", maxSplits: 1).last.map(String.init) ?? id
    }

    /// Ids whose name contains what was typed, or is a few edits from it (at most three).
    static func suggestions(for given: String, among ids: [String]) -> [String] {
        let typed = name(of: given.lowercased())
        guard !typed.isEmpty else { return [] }
        let scored = ids.compactMap { id -> (Int, String)? in
            let candidate = name(of: id)
            if candidate.contains(typed) || (typed.count >= 6 && typed.contains(candidate)) { return (0, id) }
            let distance = editDistance(Array(typed.utf8), Array(candidate.utf8))
            if distance <= 3 { return (distance, id) }
            // A name typed in part, with a slip: `weak_biometrc`.
            let start = editDistance(Array(typed.utf8), Array(candidate.utf8.prefix(typed.utf8.count)))
            return typed.count >= 6 && start <= 2 ? (start + 1, id) : nil
        }
        return scored.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.prefix(4).map(\.1)
    }

    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
