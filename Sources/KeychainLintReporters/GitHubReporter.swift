import KeychainLintCore

/// GitHub Actions workflow commands: one `::error`/`::warning`/`::notice` annotation per finding and
/// a `::warning` per skipped file. No summary line.
public struct GitHubReporter: Reporter {
    public init() {}

    public func render(_ result: ScanResult, options: ReportOptions) throws -> String {
        let rules = result.rulesById
        var lines: [String] = []
        for finding in result.findings {
            let command = switch finding.severity.diagnosticLevel {
            case .error: "error"
            case .warning: "warning"
            case .note: "notice"
            }
            let title = rules[finding.ruleId].map { "\($0.name) (\(finding.ruleId))" } ?? finding.ruleId
            let range = finding.range
            let properties = [
                ("file", range.file), ("line", String(range.start.line)),
                ("col", String(range.start.characterColumn)), ("endLine", String(range.end.line)),
                ("endColumn", String(range.end.characterColumn)), ("title", title),
            ]
            var message = Self.escapeData(finding.message)
            if !finding.remediation.isEmpty {
                message += "%0AFix: " + Self.escapeData(finding.remediation)
            }
            lines.append(Self.command(command, properties, message))
        }
        for diagnostic in result.visibleDiagnostics(verbose: false) where diagnostic.kind == .skippedFile {
            lines.append(Self.command("warning", [("file", diagnostic.file)],
                                      Self.escapeData("skipped: \(diagnostic.message)")))
        }
        return lines.map { $0 + "\n" }.joined()
    }

    static func command(_ name: String, _ properties: [(String, String)], _ escapedMessage: String) -> String {
        let list = properties.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(name) \(list)::\(escapedMessage)"
    }

    /// The message part of a workflow command: `%`, CR and LF are encoded as GitHub's workflow
    /// command syntax requires, and every other control character the same way, so none reaches
    /// the log raw (`OutputEscaping`).
    static func escapeData(_ text: String) -> String {
        OutputEscaping.percentEncoded(text)
    }

    /// A property value: as data, plus `:` and `,`, which would end the value.
    static func escapeProperty(_ text: String) -> String {
        OutputEscaping.percentEncoded(text, also: [":", ","])
    }
}
