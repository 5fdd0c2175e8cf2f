import KeychainLintCore

/// A pull-request comment (GitHub, GitLab, Bitbucket Markdown): a headline, a table of findings by
/// rule and severity, then each rule's findings in a folded `<details>` section (open when the
/// whole list is short), each with its place, message, value path and fix.
public struct MarkdownReporter: Reporter {
    /// Up to this many findings in all, every section is open.
    public static let openUpTo = 10

    public init() {}

    public func render(_ result: ScanResult, options: ReportOptions) throws -> String {
        var out: [String] = []
        out.append("### keychain-lint: " + Self.headline(result))
        out.append("")
        guard !result.findings.isEmpty else {
            out.append(Self.escape(TextReporter.summary(result, timed: false)))
            return out.joined(separator: "\n") + "\n"
        }
        let rules = result.rulesById
        var order: [String] = []
        var byRule: [String: [Finding]] = [:]
        for finding in result.findings {
            if byRule[finding.ruleId] == nil { order.append(finding.ruleId) }
            byRule[finding.ruleId, default: []].append(finding)
        }
        order.sort { lhs, rhs in
            let l = byRule[lhs]!.map(\.severity).max()!, r = byRule[rhs]!.map(\.severity).max()!
            return l != r ? l > r : lhs < rhs
        }
        out.append("| Rule | Severity | Findings |")
        out.append("|---|---|---:|")
        for id in order {
            let findings = byRule[id]!
            let severities = Severity.allCases.reversed().compactMap { severity -> String? in
                let n = findings.filter { $0.severity == severity }.count
                return n == 0 ? nil : "\(severity.rawValue)" + (n == findings.count ? "" : " (\(n))")
            }
            let name = rules[id]?.name ?? id
            out.append("| \(Self.escape(name)) `\(Self.code(id))` | \(severities.joined(separator: ", ")) | \(findings.count) |")
        }
        let open = result.findings.count <= Self.openUpTo
        for id in order {
            let findings = byRule[id]!
            out.append("")
            out.append("<details\(open ? " open" : "")><summary><code>\(Self.escape(id))</code>: \(findings.count) finding\(findings.count == 1 ? "" : "s")</summary>")
            out.append("")
            for finding in findings {
                let start = finding.range.start
                out.append("- **\(finding.severity.rawValue)** `\(Self.code(finding.range.file)):\(start.line):\(start.column)`: \(Self.escape(finding.message))")
                for related in finding.relatedLocations {
                    out.append("  - via \(Self.escape(related.message)) (`\(Self.code(related.range.file)):\(related.range.start.line)`)")
                }
                if !finding.remediation.isEmpty { out.append("  - Fix: \(Self.escape(finding.remediation))") }
            }
            out.append("")
            out.append("</details>")
        }
        out.append("")
        out.append(Self.escape(TextReporter.summary(result, timed: false)))
        return out.joined(separator: "\n") + "\n"
    }

    static func headline(_ result: ScanResult) -> String {
        let count = result.findings.count
        guard count > 0 else { return "no findings" }
        let bySeverity = Severity.allCases.reversed().compactMap { severity -> String? in
            let n = result.count(of: severity)
            return n == 0 ? nil : "\(n) \(severity.rawValue)"
        }
        return "\(count) finding\(count == 1 ? "" : "s") (\(bySeverity.joined(separator: ", ")))"
    }

    /// Text from the scanned code in Markdown: outside backquoted code spans, HTML's markup
    /// characters as entities (a comment renders HTML) and table bars escaped; inside them, as
    /// written (Markdown shows a code span's text literally). Control characters are escaped.
    static func escape(_ text: String) -> String {
        let pieces = OutputEscaping.text(text).split(separator: "`", omittingEmptySubsequences: false)
        // An odd number of backquotes leaves the last piece outside any span.
        return pieces.enumerated().map { index, piece in
            let inCode = index % 2 == 1 && index < pieces.count - (pieces.count % 2 == 0 ? 1 : 0)
            return inCode ? String(piece) : outsideCode(piece)
        }.joined(separator: "`")
    }

    private static func outsideCode(_ text: Substring) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "|": out += "\\|"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Inside a code span: no backquote can end it early.
    static func code(_ text: String) -> String {
        OutputEscaping.text(text).replacingOccurrences(of: "`", with: "'").replacingOccurrences(of: "|", with: "\\|")
    }
}
