import Foundation
import KeychainLintCore

/// Diagnostics for build tools, as the SwiftPM and Xcode plugins print them:
/// `/absolute/path:line:col: warning: message [rule-id] (severity)` for every finding, whatever its
/// severity, so Xcode and `swift build` show each at its line without failing the build; skipped
/// files and file notes as `note:` lines; then the summary. Paths are absolute (build tools run
/// from a folder of their own), spelled from the project root given in `ReportOptions.rootPath`.
public struct XcodeReporter: Reporter {
    public init() {}

    public func render(_ result: ScanResult, options: ReportOptions) throws -> String {
        var lines: [String] = []
        for finding in result.findings {
            let start = finding.range.start
            let path = escape(Self.absolute(finding.range.file, root: options.rootPath))
            lines.append(
                "\(path):\(start.line):\(start.column): warning: \(escape(finding.message)) [\(escape(finding.ruleId))] (\(finding.severity.rawValue))")
            if !finding.remediation.isEmpty {
                lines.append("    fix: \(escape(finding.remediation))")
            }
        }
        for diagnostic in result.visibleDiagnostics(verbose: options.verbose) {
            var location = diagnostic.file.isEmpty ? "keychain-lint" : escape(Self.absolute(diagnostic.file, root: options.rootPath))
            if let position = diagnostic.position, !diagnostic.file.isEmpty {
                location += ":\(position.line):\(position.column)"
            }
            let message = escape(diagnostic.message)
            let text = switch diagnostic.kind {
            case .skippedFile: "skipped: \(message)"
            case .fileNote: message
            case .unresolved: "\(message) [unresolved]"
            case .testFinding: "in test code, not reported: \(message)"
            }
            lines.append("\(location): note: \(text)")
        }
        lines.append(TextReporter.summary(result))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `file` (relative to the project root, or already absolute) as an absolute path.
    public static func absolute(_ file: String, root: String?) -> String {
        if file.hasPrefix("/") { return file }
        guard let root, !root.isEmpty else { return file }
        return URL(fileURLWithPath: root).appendingPathComponent(file).standardizedFileURL.path
    }

    private func escape(_ text: String) -> String {
        OutputEscaping.text(text)
    }
}
