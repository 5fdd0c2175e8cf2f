import Foundation

public enum KeychainLintVersion {
    public static let current = "0.1.0"
    public static let toolName = "keychain-lint"
    public static let informationURI = "https://github.com/keychain-lint/keychain-lint"
}

/// Something the scan wants the user to know that is not a finding: a skipped file, a value the
/// resolver could not follow (shown under `--verbose`), a missing project file.
public struct ScanDiagnostic: Hashable, Codable, Sendable {
    public enum Kind: String, Codable, Sendable {
        /// A file that was not scanned, with the reason (unreadable, too large, …).
        case skippedFile
        /// A file scanned with a caveat (invalid UTF-8 replaced, syntax errors).
        case fileNote
        /// Where value resolution stopped; only shown under `--verbose`.
        case unresolved
        /// A finding in test code, not reported (`--include-tests` reports it); only shown under
        /// `--verbose`.
        case testFinding
    }

    public var kind: Kind
    public var file: String
    public var position: SourcePosition?
    public var message: String

    public init(kind: Kind, file: String, position: SourcePosition? = nil, message: String) {
        self.kind = kind
        self.file = file
        self.position = position
        self.message = message
    }

    public static func order(_ lhs: ScanDiagnostic, _ rhs: ScanDiagnostic) -> Bool {
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        let l = lhs.position ?? SourcePosition(line: 0, column: 0)
        let r = rhs.position ?? SourcePosition(line: 0, column: 0)
        if l != r { return l < r }
        return lhs.message < rhs.message
    }
}

/// Counters and timings of one scan.
public struct ScanStats: Hashable, Codable, Sendable {
    /// Swift (and project) files found after exclusions.
    public var filesDiscovered: Int = 0
    /// Files whose text was read and checked (prefiltered or parsed).
    public var filesScanned: Int = 0
    /// Files that were parsed (the text prefilter let them through or resolution needed them).
    public var filesParsed: Int = 0
    /// Files the rules' text prefilter let through (they are parsed and analysed).
    public var filesPassingPrefilter: Int = 0
    /// For each word of the prefilter, how many files hold it.
    public var prefilterWords: [String: Int] = [:]
    /// Parses in all: a file whose tree the scan let go and needed again is parsed again.
    public var parses: Int = 0
    /// Files whose findings came from the result cache (unchanged since the last run).
    public var filesFromCache: Int = 0
    public var filesSkipped: Int = 0
    public var linesScanned: Int = 0
    public var suppressedFindings: Int = 0
    public var durationSeconds: Double = 0
    /// Seconds per phase: discovery, read (with the prefilter), index, cache, analysis (wall), parse, rules, report.
    public var phaseSeconds: [String: Double] = [:]
    /// Findings in test code that were not reported (without `--include-tests`).
    public var testFindings: Int = 0
    /// The modules the project model found, sorted by manifest then name.
    public var modules: [ModuleSummary] = []
    /// The configuration files the scan read (`--config`, or every `.keychain-lint.yml` from the
    /// project root down), top first.
    public var configurationFiles: [String] = []
    /// Findings a baseline (`--baseline`) or the scan of an earlier commit (`--new-since`) already
    /// has: not reported (SARIF keeps them, suppressed).
    public var knownFindings: Int = 0
    /// What they are known from: "the baseline", or the ref given to `--new-since`.
    public var knownFrom: String?

    public init() {}
}

/// One module of the project model, as reports show it.
public struct ModuleSummary: Hashable, Codable, Sendable {
    public var name: String
    /// `target`, `testTarget`, `application`, `framework`, `folder`, …
    public var kind: String
    /// `app`, `extension`, `library`, `test` or `sample`.
    public var role: String
    /// `iOS`, `macOS`, … (empty when the manifest does not say).
    public var platforms: [String]
    /// Swift files of the scan that belong to it.
    public var files: Int
    /// The `Package.swift` or `project.pbxproj` that declares it; nil for a folder.
    public var manifest: String?

    public init(name: String, kind: String, role: String, platforms: [String], files: Int, manifest: String?) {
        self.name = name
        self.kind = kind
        self.role = role
        self.platforms = platforms
        self.files = files
        self.manifest = manifest
    }
}

/// What a scan produced; every reporter renders one of these.
public struct ScanResult: Sendable {
    /// Sorted by `Finding.reportingOrder`.
    public var findings: [Finding]
    public var diagnostics: [ScanDiagnostic]
    public var stats: ScanStats
    /// The rules that were enabled, for reporters that describe them (SARIF).
    public var rules: [RuleDescription]
    /// The findings `stats.knownFindings` counts, in reporting order (SARIF reports them as
    /// suppressed; other formats leave them out).
    public var known: [Finding] = []
    /// Findings a `keychain-lint:` comment suppresses (`stats.suppressedFindings` counts them), in
    /// reporting order; SARIF reports them as suppressed in the source.
    public var suppressed: [Finding] = []

    public init(findings: [Finding], diagnostics: [ScanDiagnostic], stats: ScanStats, rules: [RuleDescription]) {
        self.findings = findings
        self.diagnostics = diagnostics
        self.stats = stats
        self.rules = rules
    }

    public func count(of severity: Severity) -> Int {
        findings.filter { $0.severity == severity }.count
    }
}
