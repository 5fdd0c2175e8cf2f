import KeychainLintCore

/// How the CLI wants a report rendered.
public struct ReportOptions: Sendable {
    /// ANSI colours in text output. The CLI decides (a TTY, no `--output`, `NO_COLOR` unset).
    public var useColor: Bool
    /// Text and JSON: also include `.unresolved` diagnostics.
    public var verbose: Bool

    public init(useColor: Bool = false, verbose: Bool = false) {
        self.useColor = useColor
        self.verbose = verbose
    }
}

/// Turns a scan result into one output document. Rendering is deterministic: the same
/// `ScanResult` and options always give the same string.
public protocol Reporter: Sendable {
    func render(_ result: ScanResult, options: ReportOptions) throws -> String
}

/// The formats `--format` accepts.
public enum OutputFormat: String, CaseIterable, Sendable {
    case text, json, sarif, github

    public var reporter: any Reporter {
        switch self {
        case .text: TextReporter()
        case .json: JSONReporter()
        case .sarif: SARIFReporter()
        case .github: GitHubReporter()
        }
    }
}
