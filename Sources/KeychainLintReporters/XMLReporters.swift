import KeychainLintCore

/// Text for XML attributes and character data: the five markup characters as entities, and the
/// characters XML 1.0 cannot hold at all (most C0 controls) as their escaped spelling, so that a
/// hostile name in the scanned code can neither end an attribute nor make the document invalid.
enum XMLText {
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\t": out += "&#9;"
            default:
                let value = scalar.value
                if value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value) || value == 0xFFFE || value == 0xFFFF
                    || OutputEscaping.isUnsafe(scalar)
                {
                    out += "\\u{\(OutputEscaping.hex(value, digits: 2))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}

/// JUnit XML, as CI servers read test results (Jenkins, GitLab's `artifacts:reports:junit`,
/// Azure Pipelines): one `<testsuite>` per file with findings and one failed `<testcase>` per
/// finding; a scan without findings is one passed test case, so the report is never empty.
public struct JUnitReporter: Reporter {
    public init() {}

    public func render(_ result: ScanResult, options: ReportOptions) throws -> String {
        let rules = result.rulesById
        var files: [String] = []
        var byFile: [String: [Finding]] = [:]
        for finding in result.findings {
            if byFile[finding.range.file] == nil { files.append(finding.range.file) }
            byFile[finding.range.file, default: []].append(finding)
        }
        let total = max(result.findings.count, 1)
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="keychain-lint" tests="\#(total)" failures="\#(result.findings.count)" errors="0">"#,
        ]
        if files.isEmpty {
            lines.append(#"  <testsuite name="keychain-lint" tests="1" failures="0" errors="0" skipped="0">"#)
            lines.append(#"    <testcase name="\#(XMLText.escape(TextReporter.summary(result, timed: false)))" classname="keychain-lint"/>"#)
            lines.append("  </testsuite>")
        }
        for file in files {
            let findings = byFile[file]!
            let name = XMLText.escape(file)
            lines.append(#"  <testsuite name="\#(name)" tests="\#(findings.count)" failures="\#(findings.count)" errors="0" skipped="0">"#)
            for finding in findings {
                let start = finding.range.start
                let title = rules[finding.ruleId]?.name ?? finding.ruleId
                let caseName = XMLText.escape("\(finding.ruleId) at \(file):\(start.line):\(start.column)")
                lines.append(#"    <testcase name="\#(caseName)" classname="\#(name)" file="\#(name)" line="\#(start.line)">"#)
                var body = "\(file):\(start.line):\(start.column): \(finding.severity.rawValue): \(finding.message)"
                if !finding.remediation.isEmpty { body += "\nFix: \(finding.remediation)" }
                for related in finding.relatedLocations {
                    body += "\nvia \(related.message) (\(related.range.file):\(related.range.start.line))"
                }
                lines.append(#"      <failure message="\#(XMLText.escape(title + ": " + finding.message))" type="\#(XMLText.escape(finding.ruleId))">\#(XMLText.escape(body))</failure>"#)
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Checkstyle XML, which many code review and CI tools read (reviewdog, Jenkins' warnings
/// plugin, Danger): one `<file>` per file with findings, one `<error>` per finding, its
/// `source` the rule id.
public struct CheckstyleReporter: Reporter {
    public init() {}

    public func render(_ result: ScanResult, options: ReportOptions) throws -> String {
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#, #"<checkstyle version="4.3">"#]
        var current: String?
        for finding in result.findings {
            if finding.range.file != current {
                if current != nil { lines.append("  </file>") }
                current = finding.range.file
                lines.append(#"  <file name="\#(XMLText.escape(finding.range.file))">"#)
            }
            let severity = switch finding.severity.diagnosticLevel {
            case .error: "error"
            case .warning: "warning"
            case .note: "info"
            }
            let start = finding.range.start
            lines.append(#"    <error line="\#(start.line)" column="\#(start.characterColumn)" severity="\#(severity)" message="\#(XMLText.escape(finding.message))" source="\#(XMLText.escape(finding.ruleId))"/>"#)
        }
        if current != nil { lines.append("  </file>") }
        lines.append("</checkstyle>")
        return lines.joined(separator: "\n") + "\n"
    }
}
