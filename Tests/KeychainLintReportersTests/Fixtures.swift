import Foundation
import KeychainLintCore
import Testing

/// A small hand-built scan: two rules (listed out of order), a high finding on a line with
/// non-ASCII text before the reported expression and a related location, a low finding in another
/// file, a file note, a skipped file and an unresolved value.
enum Fixtures {
    static let biometricRule = RuleDescription(
        id: "swift.weak_biometric_acl",
        name: "Weak Biometric Access Control Flags",
        severity: .high,
        confidence: .high,
        resource: "Authentication",
        tags: ["CWE:287", "MASVS:auth-8"],
        aliases: [RuleAlias(tool: "mobsfscan", id: "ios_biometric_acl")],
        summary: "Flags access control that any enrolled fingerprint or face satisfies.",
        documentation: RuleDocumentation(
            whatItDoes: "Reports .biometryAny and .userPresence.",
            whyItMatters: "A newly enrolled face unlocks the item.",
            whatToDoInstead: "Use .biometryCurrentSet.",
            fixSafety: "Changes which users can read the item.",
            references: ["https://developer.apple.com/documentation/security/secaccesscontrolcreateflags"]),
        remediation: "Use .biometryCurrentSet so new enrollments invalidate the item.",
        examples: [])

    static let deprecatedRule = RuleDescription(
        id: "swift.deprecated_touch_id_flag",
        name: "Deprecated Touch ID Flag",
        severity: .low,
        confidence: .medium,
        resource: "Correctness",
        tags: ["MASWE:0014"],
        summary: "Flags the deprecated Touch ID spellings.",
        documentation: RuleDocumentation(
            whatItDoes: "Reports .touchIDAny.",
            whyItMatters: "Deprecated since iOS 11.3.",
            whatToDoInstead: "Use .biometryAny.",
            fixSafety: "Same raw value.",
            references: []),
        remediation: "Use .biometryAny.",
        examples: [])

    /// Line 14 is `    let title = "🔐 Zugang"; let flags: SecAccessControlCreateFlags = .biometryAny`:
    /// the 🔐 takes 4 UTF-8 bytes but one code point, so columns differ by 3 after it.
    static let highFinding = Finding(
        ruleId: "swift.weak_biometric_acl",
        severity: .high,
        confidence: .high,
        message: "Access control uses .biometryAny, which any enrolled biometry satisfies",
        range: SourceRange(
            file: "Sources/App/Login Store.swift",
            start: SourcePosition(line: 14, column: 68, characterColumn: 65),
            end: SourcePosition(line: 14, column: 80, characterColumn: 77)),
        remediation: "Use .biometryCurrentSet so new enrollments invalidate the item.",
        relatedLocations: [
            RelatedLocation(
                range: SourceRange(
                    file: "Sources/App/Policy.swift",
                    start: SourcePosition(line: 3, column: 5),
                    end: SourcePosition(line: 3, column: 17)),
                message: "flags is assigned here")
        ],
        fingerprint: "3f2a9c0d5e1b7a44")

    static let lowFinding = Finding(
        ruleId: "swift.deprecated_touch_id_flag",
        severity: .low,
        confidence: .medium,
        message: ".touchIDAny is deprecated",
        range: SourceRange(
            file: "Sources/Keychain.swift",
            start: SourcePosition(line: 3, column: 9),
            end: SourcePosition(line: 3, column: 20)),
        remediation: "Use .biometryAny.",
        fingerprint: "b81e02c9aa004f13")

    static let diagnostics = [
        ScanDiagnostic(kind: .unresolved, file: "Sources/Keychain.swift", position: SourcePosition(line: 7, column: 5),
                       message: "cannot resolve 'flags': it is a function parameter"),
        ScanDiagnostic(kind: .skippedFile, file: "Sources/Generated/Huge.swift", message: "larger than 1 MB"),
        ScanDiagnostic(kind: .fileNote, file: "Sources/Broken.swift", message: "syntax errors; results may be incomplete"),
    ]

    static var stats: ScanStats {
        var stats = ScanStats()
        stats.filesDiscovered = 14
        stats.filesScanned = 12
        stats.filesParsed = 5
        stats.filesSkipped = 1
        stats.linesScanned = 1234
        stats.suppressedFindings = 1
        stats.durationSeconds = 0.1234
        stats.phaseSeconds = ["parse": 0.04567, "rules": 0.0211]
        return stats
    }

    static var result: ScanResult {
        ScanResult(findings: [highFinding, lowFinding], diagnostics: diagnostics, stats: stats,
                   rules: [deprecatedRule, biometricRule])
    }

    /// A path and messages from hostile scanned code, trying to act on a terminal or a CI log: a
    /// newline followed by a GitHub workflow command, ESC sequences (clear the screen, set the
    /// window title, hide text, move up a line), BEL, CR, TAB, DEL, the C1 control CSI and a
    /// right-to-left override.
    static let hostileFile = "Sources/nl\n::error file=FAKE.swift::x\u{1B}[2J.swift"
    static let hostileMessage = "Weak \u{1B}]0;owned\u{07} flags\r\u{9B}31m \u{202E}txt.exe"

    static var hostileResult: ScanResult {
        var finding = lowFinding
        finding.range.file = hostileFile
        finding.message = hostileMessage
        finding.remediation = "Use .biometryCurrentSet\n::warning::injected\u{7F}\tend"
        let diagnostics = [
            ScanDiagnostic(kind: .skippedFile, file: hostileFile, message: "cannot read file:\r\u{1B}[1A"),
            ScanDiagnostic(kind: .fileNote, file: "Sources/\u{07}bell.swift", message: "syntax errors\n::notice::hi"),
            ScanDiagnostic(kind: .unresolved, file: hostileFile, position: SourcePosition(line: 2, column: 1),
                           message: "cannot resolve '\u{1B}[8m'"),
        ]
        return ScanResult(findings: [finding], diagnostics: diagnostics, stats: ScanStats(), rules: [deprecatedRule])
    }

    static var empty: ScanResult {
        ScanResult(findings: [], diagnostics: [], stats: ScanStats(), rules: [])
    }
}

/// The characters no report may print raw (see `OutputEscaping`), other than `except`.
func rawControlCharacters(in text: String, except allowed: Set<Unicode.Scalar> = []) -> [String] {
    text.unicodeScalars.filter { scalar in
        guard !allowed.contains(scalar) else { return false }
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
}

/// A rendered JSON document as Foundation objects.
func decodeObject(_ text: String) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}
