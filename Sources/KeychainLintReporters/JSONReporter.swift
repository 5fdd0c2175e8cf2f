import KeychainLintCore

/// One pretty-printed JSON object with sorted keys; `schemaVersion` changes when a field is
/// renamed or removed (adding fields does not change it).
public struct JSONReporter: Reporter {
    public static let schemaVersion = 1
    public static let pathsRelativeTo =
        "the project root (the git root, else the folder of the configuration file, else the current folder), or --base-path when given"

    public init() {}

    public func render(_ result: ScanResult, options: ReportOptions) throws -> String {
        let stats = result.stats
        let document = Document(
            diagnostics: result.visibleDiagnostics(verbose: options.verbose).map {
                Diagnostic(file: $0.file, kind: $0.kind.rawValue, line: $0.position?.line,
                           column: $0.position?.column, message: $0.message)
            },
            findings: [],
            pathsRelativeTo: Self.pathsRelativeTo,
            schemaVersion: Self.schemaVersion,
            stats: Stats(
                durationSeconds: roundedSeconds(stats.durationSeconds),
                filesDiscovered: stats.filesDiscovered,
                filesFromCache: stats.filesFromCache,
                filesParsed: stats.filesParsed,
                filesScanned: stats.filesScanned,
                filesSkipped: stats.filesSkipped,
                knownFindings: stats.knownFindings,
                knownFrom: stats.knownFrom,
                findingsBySeverity: Dictionary(
                    uniqueKeysWithValues: Severity.allCases.map { ($0.rawValue, result.count(of: $0)) }),
                linesScanned: stats.linesScanned,
                modules: stats.modules,
                configurationFiles: stats.configurationFiles,
                phaseSeconds: stats.phaseSeconds.mapValues(roundedSeconds),
                suppressedFindings: stats.suppressedFindings,
                testFindings: stats.testFindings),
            tool: Tool(name: KeychainLintVersion.toolName, version: KeychainLintVersion.current),
            version: KeychainLintVersion.current)
        // The findings one at a time: a large scan's report is built without holding every
        // finding's encoding at once.
        return try encodeJSONDocument(document, array: "findings", elements: result.findings.map(FindingEntry.init))
    }

    struct Document: Encodable {
        var diagnostics: [Diagnostic]
        var findings: [FindingEntry]
        /// What every `file` is relative to.
        var pathsRelativeTo: String
        var schemaVersion: Int
        var stats: Stats
        var tool: Tool
        var version: String
    }

    struct Diagnostic: Encodable {
        var file: String
        var kind: String
        var line: Int?
        var column: Int?
        var message: String
    }

    struct FindingEntry: Encodable {
        var column: Int
        var confidence: String
        var endColumn: Int
        var endLine: Int
        var file: String
        var fingerprint: String
        /// What a baseline matches on, with the file and rule id.
        var codeFingerprint: String
        var line: Int
        var message: String
        var related: [Related]
        var remediation: String
        var ruleId: String
        var severity: String

        init(_ finding: Finding) {
            column = finding.range.start.column
            confidence = finding.confidence.rawValue
            endColumn = finding.range.end.column
            endLine = finding.range.end.line
            file = finding.range.file
            fingerprint = finding.fingerprint
            codeFingerprint = finding.codeFingerprint
            line = finding.range.start.line
            message = finding.message
            related = finding.relatedLocations.map {
                Related(column: $0.range.start.column, file: $0.range.file, line: $0.range.start.line,
                        message: $0.message)
            }
            remediation = finding.remediation
            ruleId = finding.ruleId
            severity = finding.severity.rawValue
        }
    }

    struct Related: Encodable {
        var column: Int
        var file: String
        var line: Int
        var message: String
    }

    struct Stats: Encodable {
        var durationSeconds: Double
        var filesDiscovered: Int
        var filesFromCache: Int
        var filesParsed: Int
        var filesScanned: Int
        var filesSkipped: Int
        /// Findings a baseline or the scan of an earlier commit has, not listed.
        var knownFindings: Int
        var knownFrom: String?
        var findingsBySeverity: [String: Int]
        var linesScanned: Int
        var modules: [ModuleSummary]
        var configurationFiles: [String]
        var phaseSeconds: [String: Double]
        var suppressedFindings: Int
        var testFindings: Int
    }

    struct Tool: Encodable {
        var name: String
        var version: String
    }
}
