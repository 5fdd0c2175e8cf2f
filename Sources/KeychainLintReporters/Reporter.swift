import KeychainLintCore

/// How the CLI wants a report rendered.
public struct ReportOptions: Sendable {
    /// ANSI colours in text output. The CLI decides (a TTY, no `--output`, `NO_COLOR` unset).
    public var useColor: Bool
    /// Text and JSON: also include `.unresolved` diagnostics.
    public var verbose: Bool
    /// The project root as an absolute path, for formats that print absolute paths (`xcode`).
    public var rootPath: String?

    public init(useColor: Bool = false, verbose: Bool = false, rootPath: String? = nil) {
        self.useColor = useColor
        self.verbose = verbose
        self.rootPath = rootPath
    }
}

/// Turns a scan result into one output document. Rendering is deterministic: the same
/// `ScanResult` and options always give the same string.
public protocol Reporter: Sendable {
    func render(_ result: ScanResult, options: ReportOptions) throws -> String
}

/// The formats `--format` accepts.
public enum OutputFormat: String, CaseIterable, Sendable {
    case text, json, sarif, github, xcode

    public var reporter: any Reporter {
        switch self {
        case .text: TextReporter()
        case .json: JSONReporter()
        case .sarif: SARIFReporter()
        case .github: GitHubReporter()
        case .xcode: XcodeReporter()
        }
    }
}
