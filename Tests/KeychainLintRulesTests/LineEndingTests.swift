import Foundation
import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore
import KeychainLintEngine
import KeychainLintRules
import Testing

/// The three line breaks a Swift file may use. Swift reads `\r\n` as one `Character`, so code that
/// looks for `"\n"` among characters finds no line break at all in a CRLF or CR file.
enum LineEnding: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case lf = "\n"
    case crlf = "\r\n"
    case cr = "\r"

    var testDescription: String {
        switch self {
        case .lf: "LF"
        case .crlf: "CRLF"
        case .cr: "CR"
        }
    }

    func apply(_ text: String) -> String {
        self == .lf ? text : text.replacingOccurrences(of: "\n", with: rawValue)
    }
}

/// `rule line:column-endLine:endColumn (characterColumn-endCharacterColumn)`.
private func positions(_ findings: [Finding]) -> [String] {
    findings.map { finding in
        let range = finding.range
        return "\(finding.ruleId) \(range.start.line):\(range.start.column)-\(range.end.line):\(range.end.column)"
            + " (\(range.start.characterColumn)-\(range.end.characterColumn))"
    }
}

@Suite("Positions with LF, CRLF and CR line breaks")
struct LineEndingTests {
    @Test("suppression findings span their comment to the end of its line", arguments: LineEnding.allCases)
    func suppressionPositions(_ ending: LineEnding) throws {
        // Line 3: the directive without a reason (it still suppresses the weak flags on line 4).
        // Line 6: "🔐" is 4 UTF-8 bytes and 1 code point, so the two kinds of column differ by 3.
        // Line 7: the last line, with no line break after it.
        let text = ending.apply("""
            import Security
            func f() {
                // keychain-lint:disable-next-line swift.weak_biometric_acl
                let a = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryAny, nil)
            }
            let s = "🔐" // keychain-lint:disable-file swift.weak_biometric_acl
            /* keychain-lint:disable-file -- generated */
            """)
        let result = try Scanner(configuration: Configuration()).scan(sources: [ProjectIndex.Input(path: "A.swift", text: text)])
        #expect(positions(result.findings) == [
            "keychain_lint.invalid_suppression 3:5-3:64 (5-64)",
            "keychain_lint.invalid_suppression 6:16-6:70 (13-67)",
            "keychain_lint.invalid_suppression 7:1-7:46 (1-46)",
        ])
        #expect(result.findings.map(\.message) == [
            "Suppression of swift.weak_biometric_acl has no reason: add `-- why this is safe` so reviewers can audit it",
            "Suppression of swift.weak_biometric_acl has no reason: add `-- why this is safe` so reviewers can audit it",
            "Suppression names no rule: list the rule ids to disable (or `all`)",
        ])
        #expect(result.stats.suppressedFindings == 1)
    }

    @Test("SourceFile.lineText ends each line before its break", arguments: LineEnding.allCases)
    func lineText(_ ending: LineEnding) {
        let file = SourceFile(id: 0, path: "A.swift", text: ending.apply("a\n\nbé c\nd"))
        #expect((1...5).map { String(file.lineText($0)) } == ["a", "", "bé c", "d", ""])
        let breakLength = ending.rawValue.utf8.count
        #expect(file.utf8Range(ofLine: 3) == (1 + 2 * breakLength)..<(1 + 2 * breakLength + 5))
    }

    /// Every example of every rule, scanned with all rules, as LF, CRLF and CR files: no range
    /// ends before it starts, and the line break changes no position.
    @Test("no finding ends before it starts, and the line breaks change no position")
    func rangesAreOrderedForEveryExample() throws {
        let scanner = try Scanner(configuration: Configuration())
        var checked = 0
        for type in RuleRegistry.all {
            for example in type.description.examples {
                var reference: [String]?
                for ending in LineEnding.allCases {
                    let files = example.strippedFiles.sorted { $0.key < $1.key }
                    let sources = files.filter { ProjectFileInput.Kind(fileName: $0.key) == nil }
                        .map { ProjectIndex.Input(path: $0.key, text: ending.apply($0.value)) }
                    let projectFiles = files.compactMap { name, text in
                        ProjectFileInput.Kind(fileName: name).map { ProjectFileInput(path: name, kind: $0, data: Data(text.utf8)) }
                    }
                    let findings = scanner.scan(sources: sources, projectFiles: projectFiles).findings
                    for finding in findings {
                        checked += 1
                        let ranges = [finding.range] + finding.relatedLocations.map(\.range)
                        for range in ranges {
                            #expect(range.start <= range.end, "\(example.declaredAt) \(ending): \(finding.ruleId) \(range)")
                            #expect(range.start.characterColumn <= range.end.characterColumn || range.start.line < range.end.line,
                                    "\(example.declaredAt) \(ending): \(finding.ruleId) \(range)")
                        }
                    }
                    let described = findings.map { finding in
                        ([finding.range] + finding.relatedLocations.map(\.range)).map { "\($0)" }.joined(separator: " ")
                            + " \(finding.ruleId) \(finding.message)"
                    }
                    if let reference {
                        #expect(described == reference, "\(example.declaredAt) \(ending)")
                    } else {
                        reference = described
                    }
                }
            }
        }
        #expect(checked > 100, "the examples produced only \(checked) findings")
    }
}
