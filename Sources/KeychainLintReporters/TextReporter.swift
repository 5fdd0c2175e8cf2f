import Foundation
import KeychainLintCore

/// Xcode-compatible diagnostics (`path:line:col: error: message [rule-id]`), one indented `fix:` line
/// under each, then skipped files and file notes, then a one-line summary. Paths and messages
/// (which quote the scanned code) are printed with control characters escaped (`OutputEscaping`).
public struct TextReporter: Reporter {
    public init() {}

    public func render(_ result: ScanResult, options: ReportOptions) throws -> String {
        let style = Style(enabled: options.useColor)
        var lines: [String] = []
        for finding in result.findings {
            let start = finding.range.start
            let location = "\(escape(finding.range.file)):\(start.line):\(start.column):"
            lines.append(
                "\(style.bold(location)) \(style.level(finding.severity.diagnosticLevel)) \(escape(finding.message)) [\(escape(finding.ruleId))]")
            if !finding.remediation.isEmpty {
                lines.append("    fix: \(escape(finding.remediation))")
            }
        }
        for diagnostic in result.visibleDiagnostics(verbose: options.verbose) {
            var location = escape(diagnostic.file)
            if let position = diagnostic.position {
                location += ":\(position.line):\(position.column)"
            }
            let message = escape(diagnostic.message)
            let text = switch diagnostic.kind {
            case .skippedFile: "skipped: \(message)"
            case .fileNote: message
            case .unresolved: "\(message) [unresolved]"
            case .testFinding: "in test code, not reported: \(message)"
            }
            lines.append("\(style.bold(location + ":")) \(style.level(.note)) \(text)")
        }
        if options.verbose {
            lines += result.stats.configurationFiles.map { "configuration \(escape($0))" }
            lines += result.stats.modules.map { escape(ScanResult.describe($0)) }
        }
        if !lines.isEmpty {
            lines.append("")
        }
        lines.append(Self.summary(result))
        return lines.joined(separator: "\n") + "\n"
    }

    private func escape(_ text: String) -> String {
        OutputEscaping.text(text)
    }

    /// `Scanned 12 files in 0.12s: 3 findings (1 high, 2 low), 1 suppressed`.
    /// `timed` false: without the time, for documents that must be the same for the same
    /// findings (HTML, Markdown, JUnit).
    static func summary(_ result: ScanResult, timed: Bool = true) -> String {
        let stats = result.stats
        let files = stats.filesScanned == 1 ? "1 file" : "\(stats.filesScanned) files"
        let seconds = String(format: "%.2f", stats.durationSeconds)
        var text = timed ? "Scanned \(files) in \(seconds)s: " : "Scanned \(files): "
        if result.findings.isEmpty {
            text += "no findings"
        } else {
            let count = result.findings.count
            let bySeverity = Severity.allCases.reversed().compactMap { severity -> String? in
                let n = result.count(of: severity)
                return n == 0 ? nil : "\(n) \(severity.rawValue)"
            }
            text += "\(count) \(count == 1 ? "finding" : "findings") (\(bySeverity.joined(separator: ", ")))"
        }
        if stats.suppressedFindings > 0 {
            text += ", \(stats.suppressedFindings) suppressed"
        }
        if stats.knownFindings > 0, let from = stats.knownFrom {
            text += from == "the baseline" ? ", \(stats.knownFindings) in the baseline" : ", \(stats.knownFindings) already in \(OutputEscaping.text(from))"
        }
        if stats.testFindings > 0 {
            text += ", \(stats.testFindings) in test code not reported"
        }
        return text
    }

    /// ANSI styling, or none.
    struct Style {
        var enabled: Bool

        static let reset = "\u{1B}[0m"

        func bold(_ text: String) -> String {
            enabled ? "\u{1B}[1m\(text)\(Self.reset)" : text
        }

        /// The level word with its colon: red error, yellow warning, cyan note.
        func level(_ level: DiagnosticLevel) -> String {
            guard enabled else { return "\(level.rawValue):" }
            let color = switch level {
            case .error: "\u{1B}[31m"
            case .warning: "\u{1B}[33m"
            case .note: "\u{1B}[36m"
            }
            return "\(color)\(level.rawValue)\(Self.reset):"
        }
    }
}
