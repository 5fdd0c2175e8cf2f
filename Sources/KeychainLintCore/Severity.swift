/// How bad a finding is. Ordered from least to most severe so `>=` reads naturally in `--fail-on`.
public enum Severity: String, Codable, Sendable, CaseIterable, Comparable, CustomStringConvertible {
    case info, low, medium, high, critical

    private var rank: Int {
        switch self {
        case .info: 0
        case .low: 1
        case .medium: 2
        case .high: 3
        case .critical: 4
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }

    public var description: String { rawValue }

    /// The diagnostic level Xcode, SARIF and most tools understand.
    public var diagnosticLevel: DiagnosticLevel {
        switch self {
        case .critical, .high: .error
        case .medium: .warning
        case .low, .info: .note
        }
    }

    /// GitHub code scanning reads `security-severity` as a CVSS-like score:
    /// 9.0+ critical, 7.0–8.9 high, 4.0–6.9 medium, 0.1–3.9 low.
    public var securitySeverityScore: String {
        switch self {
        case .critical: "9.5"
        case .high: "8.0"
        case .medium: "5.5"
        case .low: "3.0"
        case .info: "1.0"
        }
    }
}

public enum DiagnosticLevel: String, Sendable {
    case error, warning, note
}

/// How sure a rule is that the finding is real. High when the value was written at the call,
/// medium when it was resolved through variables, branches, properties or functions.
public enum Confidence: String, Codable, Sendable, CaseIterable, Comparable {
    case low, medium, high

    private var rank: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .high: 2
        }
    }

    public static func < (lhs: Confidence, rhs: Confidence) -> Bool { lhs.rank < rhs.rank }
}
