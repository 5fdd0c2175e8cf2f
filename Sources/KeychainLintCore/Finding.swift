/// A position in a source file. Lines are 1-based. `column` counts UTF-8 bytes (as swiftc and
/// clang do in their diagnostics); `characterColumn` counts Unicode scalars (what SARIF calls
/// `unicodeCodePoints`). Both are 1-based and equal on ASCII lines.
public struct SourcePosition: Hashable, Codable, Sendable, Comparable {
    public var line: Int
    public var column: Int
    public var characterColumn: Int

    public init(line: Int, column: Int, characterColumn: Int? = nil) {
        self.line = line
        self.column = column
        self.characterColumn = characterColumn ?? column
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// A place in a scanned file, as the user should see it.
public struct SourceRange: Hashable, Codable, Sendable {
    /// Path as the user gave it (relative to the working directory when they gave a relative path).
    public var file: String
    public var start: SourcePosition
    public var end: SourcePosition

    public init(file: String, start: SourcePosition, end: SourcePosition) {
        self.file = file
        self.start = start
        self.end = end
    }
}

/// A secondary place that explains a finding, e.g. where a resolved value was written.
public struct RelatedLocation: Hashable, Codable, Sendable {
    public var range: SourceRange
    public var message: String

    public init(range: SourceRange, message: String) {
        self.range = range
        self.message = message
    }
}

/// One problem reported by one rule.
public struct Finding: Hashable, Codable, Sendable {
    public var ruleId: String
    public var severity: Severity
    public var confidence: Confidence
    public var message: String
    public var range: SourceRange
    /// What to do instead, in one line.
    public var remediation: String
    /// Where the offending value came from, when it was resolved through other code.
    public var relatedLocations: [RelatedLocation]
    /// Stable identity of the finding that survives unrelated edits (no line numbers in it).
    public var fingerprint: String
    /// The judged code, without its place or wording: a hash of the reported code and of the
    /// code on the path its value took, whitespace removed, with no path, line, message or
    /// occurrence number in it. With the path and rule id it is what a baseline matches on.
    public var codeFingerprint: String = ""

    public init(
        ruleId: String,
        severity: Severity,
        confidence: Confidence,
        message: String,
        range: SourceRange,
        remediation: String,
        relatedLocations: [RelatedLocation] = [],
        fingerprint: String = ""
    ) {
        self.ruleId = ruleId
        self.severity = severity
        self.confidence = confidence
        self.message = message
        self.range = range
        self.remediation = remediation
        self.relatedLocations = relatedLocations
        self.fingerprint = fingerprint
    }

    /// The order every reporter prints findings in: by file, position, then rule.
    public static func reportingOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
        if lhs.range.file != rhs.range.file { return lhs.range.file < rhs.range.file }
        if lhs.range.start != rhs.range.start { return lhs.range.start < rhs.range.start }
        if lhs.ruleId != rhs.ruleId { return lhs.ruleId < rhs.ruleId }
        return lhs.message < rhs.message
    }
}
