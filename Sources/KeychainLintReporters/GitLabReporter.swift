import KeychainLintCore

/// GitLab Code Quality: a JSON array with one issue per finding (`description`, `check_name`,
/// `fingerprint`, `severity`, `location.path`, `location.lines.begin`), as GitLab's merge request
/// widget reads it (docs.gitlab.com/ci/testing/code_quality/). Paths are relative to the project
/// root, which is the repository's root when the scan runs in a git repository.
public struct GitLabReporter: Reporter {
    public init() {}

    public func render(_ result: ScanResult, options: ReportOptions) throws -> String {
        let rules = result.rulesById
        let issues: [JSONValue] = result.findings.map { finding in
            let name = rules[finding.ruleId]?.name ?? finding.ruleId
            var description = "\(name): \(finding.message)"
            if !finding.remediation.isEmpty { description += " Fix: \(finding.remediation)" }
            return [
                "type": "issue",
                "description": .string(description),
                "check_name": .string(finding.ruleId),
                "fingerprint": .string(finding.fingerprint),
                "severity": .string(Self.severity(finding.severity)),
                "categories": ["Security"],
                "location": [
                    "path": .string(finding.range.file),
                    "lines": ["begin": .int(finding.range.start.line), "end": .int(finding.range.end.line)],
                ],
            ]
        }
        return try encodeJSONDocument(JSONValue.array(issues))
    }

    /// GitLab's five levels: info, minor, major, critical, blocker.
    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .critical: "blocker"
        case .high: "critical"
        case .medium: "major"
        case .low: "minor"
        case .info: "info"
        }
    }
}
