import KeychainLintCore
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintRules

/// Whether a finding is silenced by the `keychain-lint:` directives of its file, whichever front
/// end read them from the file's comments. A directive names a check in any of its spellings
/// (`weak_biometric_acl`, `swift.weak_biometric_acl`, `objc.weak_biometric_acl`): a suppression
/// copied between a Swift and an Objective-C file keeps working.
enum Suppressions {
    static func isSuppressed(_ finding: Finding, by directives: [SuppressionDirective]) -> Bool {
        directives.contains { directive in
            guard let scope = directive.scope,
                directive.ruleIds.contains(where: { RuleIds.sameCheck($0, finding.ruleId) }) || directive.ruleIds.contains("all")
            else { return false }
            switch scope {
            case .file: return true
            case .nextLine: return directive.coveredLines.contains(finding.range.start.line)
            }
        }
    }
}

extension Scanner.FileOutcome {
    /// One rule's findings on the file, with those a directive silences counted instead of kept,
    /// and its gaps and notes (the same for every front end).
    mutating func collect(
        _ findings: [Finding], gaps: [ResolutionGap], notes: [ScanDiagnostic], suppressedBy directives: [SuppressionDirective]
    ) {
        for finding in findings {
            if Suppressions.isSuppressed(finding, by: directives) {
                suppressed += 1
                suppressedRules?.append(finding.ruleId)
                suppressedFindings.append(finding)
            } else {
                self.findings.append(finding)
            }
        }
        self.gaps.append(contentsOf: gaps)
        self.notes.append(contentsOf: notes)
    }

    /// Keeps `context`'s judgements made after the walk, with what they need to be collected.
    mutating func keepJudgementsAfterWalk(of context: RuleFileContext, suppressedBy directives: [SuppressionDirective]) {
        guard !context.judgementsAfterWalk.isEmpty else { return }
        judgementsAfterWalk.append(
            Scanner.JudgementsAfterWalk(
                rule: context.rule, path: context.path, judgements: context.judgementsAfterWalk, directives: directives))
    }
}
