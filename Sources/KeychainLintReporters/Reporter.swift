import KeychainLintCore

/// How the CLI wants a report rendered.
public struct ReportOptions: Sendable {
    /// ANSI colours in text output. The CLI decides (a TTY, no `--output`, `NO_COLOR` unset).
    public var useColor: Bool
    /// Text and JSON: also include `.unresolved` diagnostics.
    public var verbose: Bool
    /// The project root as an absolute path, for formats that print absolute paths (`xcode`).
    public var rootPath: String?

    /// The text of a reported file, by its path as findings spell it, for reports that show code
    /// (HTML); nil when it cannot be read.
    public var source: (@Sendable (String) -> String?)?

    public init(
        useColor: Bool = false, verbose: Bool = false, rootPath: String? = nil, source: (@Sendable (String) -> String?)? = nil
    ) {
        self.useColor = useColor
        self.verbose = verbose
        self.rootPath = rootPath
        self.source = source
    }
}

/// Turns a scan result into one output document. Rendering is deterministic: the same
/// `ScanResult` and options always give the same string.
public protocol Reporter: Sendable {
    func render(_ result: ScanResult, options: ReportOptions) throws -> String
}

/// The formats `--format` accepts.
public enum OutputFormat: String, CaseIterable, Sendable {
    case text, json, sarif, github, html, markdown, gitlab, junit, checkstyle, xcode

    public var reporter: any Reporter {
        switch self {
        case .text: TextReporter()
        case .json: JSONReporter()
        case .sarif: SARIFReporter()
        case .github: GitHubReporter()
        case .html: HTMLReporter()
        case .markdown: MarkdownReporter()
        case .gitlab: GitLabReporter()
        case .junit: JUnitReporter()
        case .checkstyle: CheckstyleReporter()
        case .xcode: XcodeReporter()
        }
    }

    /// "text, json, sarif, …", for help and errors.
    public static var names: String {
        allCases.map(\.rawValue).joined(separator: ", ")
    }
}
