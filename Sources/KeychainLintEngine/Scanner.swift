import Foundation
import KeychainLintAnalysis
import KeychainLintCore
import KeychainLintRules
import SwiftSyntax

/// Runs the enabled rules over a set of files: read → text prefilter → parse once → one walk that
/// hands each rule the nodes it asked for → suppressions → severities from the configuration →
/// fingerprints → sorted result.
public final class Scanner {
    /// Files larger than this are reported as skipped rather than parsed.
    public static let maximumFileSize = 16 * 1024 * 1024

    public let configuration: Configuration
    let enabledRules: [any Rule.Type]

    /// Validates the configuration against the known rules (unknown ids and options are errors).
    public init(configuration: Configuration, ruleTypes: [any Rule.Type] = RuleRegistry.all) throws {
        let descriptions = ruleTypes.map { $0.description }
        try configuration.validate(against: descriptions)
        self.configuration = configuration
        self.enabledRules = ruleTypes.filter { configuration.isEnabled($0.description) }
    }

    /// Scans files and folders on disk. Throws `DiscoveryError` for a path that does not exist.
    public func scan(paths: [String], includeVendored: Bool) throws -> ScanResult {
        let clock = PhaseClock()
        let discovery = FileDiscovery(
            exclude: configuration.exclude, baseDirectory: configuration.baseDirectory,
            includeVendored: includeVendored)
        let discovered = try discovery.discover(paths)
        clock.lap("discovery")

        var sources: [ProjectIndex.Input] = []
        var diagnostics: [ScanDiagnostic] = []
        var skipped = 0
        for file in discovered where file.kind == .swift {
            switch Self.read(file.path) {
            case .success(let (text, note)):
                sources.append(ProjectIndex.Input(path: file.path, text: text))
                if let note { diagnostics.append(ScanDiagnostic(kind: .fileNote, file: file.path, message: note)) }
            case .failure(let problem):
                skipped += 1
                diagnostics.append(ScanDiagnostic(kind: .skippedFile, file: file.path, message: problem.message))
            }
        }
        clock.lap("read")
        var result = scan(sources: sources, clock: clock)
        result.diagnostics = (result.diagnostics + diagnostics).sorted(by: ScanDiagnostic.order)
        result.stats.filesDiscovered = discovered.count
        result.stats.filesSkipped += skipped
        return result
    }

    struct ReadProblem: Error {
        let message: String
    }

    static func read(_ path: String) -> Result<(String, String?), ReadProblem> {
        let url = URL(fileURLWithPath: path)
        if let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int,
            size > maximumFileSize
        {
            return .failure(ReadProblem(message: "larger than \(maximumFileSize / 1024 / 1024) MB (\(size) bytes)"))
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
            return .failure(ReadProblem(message: "cannot read file: \(reason)"))
        }
        if let text = String(data: data, encoding: .utf8) { return .success((text, nil)) }
        return .success((String(decoding: data, as: UTF8.self), "invalid UTF-8 bytes were replaced with U+FFFD before scanning"))
    }

    /// Scans in-memory sources (used by the rule examples and by `scan(paths:)`).
    public func scan(sources: [ProjectIndex.Input], clock: PhaseClock = PhaseClock()) -> ScanResult {
        let index = ProjectIndex(inputs: sources)
        let resolver = ValueResolver(index: index)
        let rules = enabledRules.map { type in
            (type: type, rule: type.init(options: configuration.options(for: type.description)),
             description: type.description)
        }
        let prefilterWords = Array(Set(rules.flatMap { $0.type.interests.map(\.prefilterWord) })).sorted().map {
            Array($0.utf8)
        }
        var findings: [Finding] = []
        var gaps: [ResolutionGap] = []
        var suppressed = 0
        var lines = 0
        var prefilterTime = 0.0
        var parseTime = 0.0
        var ruleTime = 0.0

        for fileIndex in sources.indices {
            let text = sources[fileIndex].text
            lines += Self.lineCount(text)
            var start = Date()
            let mayMatch = prefilterWords.contains { TextSearch.contains(text, $0) }
            let hasDirectives = TextSearch.contains(text, SuppressionDirective.prefix)
            prefilterTime += Date().timeIntervalSince(start)
            guard mayMatch || hasDirectives else { continue }

            start = Date()
            let file = index.file(at: fileIndex)
            parseTime += Date().timeIntervalSince(start)

            start = Date()
            let contexts = rules.map { RuleContext(file: file, resolver: resolver, rule: $0.description) }
            let directives = hasDirectives ? SuppressionCollector.directives(in: file) : []
            if mayMatch {
                let dispatcher = RuleDispatcher(rules: rules.map { ($0.type, $0.rule) }, contexts: contexts)
                dispatcher.walk(file.tree)
            }
            for (position, entry) in rules.enumerated() where entry.type.interests.contains(.suppressionDirectives) {
                for directive in directives { entry.rule.check(.suppression(directive), in: contexts[position]) }
            }
            for context in contexts {
                for finding in context.findings {
                    if Suppressions.isSuppressed(finding, by: directives) {
                        suppressed += 1
                    } else {
                        findings.append(finding)
                    }
                }
                gaps.append(contentsOf: context.gaps)
            }
            ruleTime += Date().timeIntervalSince(start)
        }
        clock.add("prefilter", prefilterTime)
        clock.add("parse", parseTime)
        clock.add("rules", ruleTime)

        findings = findings.map { finding in
            var finding = finding
            if let type = rules.first(where: { $0.description.id == finding.ruleId })?.description {
                if configuration.rules[type.id]?.severity != nil {
                    finding.severity = configuration.severity(for: type)
                }
            }
            return finding
        }
        findings = Fingerprints.assign(findings).sorted(by: Finding.reportingOrder)

        var stats = ScanStats()
        stats.filesDiscovered = sources.count
        stats.filesScanned = sources.count
        stats.filesParsed = index.parsedFileCount
        stats.linesScanned = lines
        stats.suppressedFindings = suppressed
        stats.phaseSeconds = clock.phases
        stats.durationSeconds = clock.total

        var seenGaps = Set<ResolutionGap>()
        let diagnostics = gaps.filter { seenGaps.insert($0).inserted }.map { gap in
            ScanDiagnostic(
                kind: .unresolved, file: gap.file, position: SourcePosition(line: gap.line, column: gap.column),
                message: gap.reason)
        }.sorted(by: ScanDiagnostic.order)
        return ScanResult(findings: findings, diagnostics: diagnostics, stats: stats, rules: rules.map(\.description))
    }

    static func lineCount(_ text: String) -> Int {
        var count = 0
        for byte in text.utf8 where byte == 10 { count += 1 }
        return text.isEmpty || text.utf8.last == 10 ? count : count + 1
    }
}

/// Wall-clock time per phase of a scan, for `--stats`/`--verbose`.
public final class PhaseClock: @unchecked Sendable {
    private let start = Date()
    private var last = Date()
    public private(set) var phases: [String: Double] = [:]

    public init() {}

    public func lap(_ phase: String) {
        let now = Date()
        phases[phase, default: 0] += now.timeIntervalSince(last)
        last = now
    }

    public func add(_ phase: String, _ seconds: Double) {
        phases[phase, default: 0] += seconds
        last = Date()
    }

    public var total: Double { Date().timeIntervalSince(start) }
}

/// The one walk per file: hands each node kind to the rules that declared an interest in it.
final class RuleDispatcher: SyntaxVisitor {
    private let rules: [any Rule]
    private let contexts: [RuleContext]
    private let rulesByCallee: [String: [Int]]

    init(rules: [(type: any Rule.Type, rule: any Rule)], contexts: [RuleContext]) {
        self.rules = rules.map(\.rule)
        self.contexts = contexts
        var byCallee: [String: [Int]] = [:]
        for (position, entry) in rules.enumerated() {
            for interest in entry.type.interests {
                if case .call(let name) = interest { byCallee[name, default: []].append(position) }
            }
        }
        self.rulesByCallee = byCallee
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = SyntaxQueries.calleeName(of: node), let interested = rulesByCallee[name] {
            for position in interested { rules[position].check(.call(node), in: contexts[position]) }
        }
        return .visitChildren
    }
}

/// Stable identities for findings: rule, file, the flagged code (whitespace-normalised) and its
/// occurrence number among identical snippets in the file — no line numbers, so moving unrelated
/// code does not change them.
enum Fingerprints {
    static func assign(_ findings: [Finding]) -> [Finding] {
        var occurrences: [String: Int] = [:]
        let ordered = findings.sorted(by: Finding.reportingOrder)
        return ordered.map { finding in
            var finding = finding
            let base = "\(finding.ruleId)\n\(finding.range.file)\n\(finding.fingerprint)"
            let occurrence = occurrences[base, default: 0]
            occurrences[base] = occurrence + 1
            finding.fingerprint = fnv1a(base + "\n\(occurrence)")
            return finding
        }
    }

    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
