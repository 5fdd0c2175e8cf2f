import KeychainLintCore
import KeychainLintRules

/// Whether a finding is silenced by the `keychain-lint:` directives of its file, whichever front
/// end read them from the file's comments.
enum Suppressions {
    static func isSuppressed(_ finding: Finding, by directives: [SuppressionDirective]) -> Bool {
        directives.contains { directive in
            guard let scope = directive.scope,
                directive.ruleIds.contains(finding.ruleId) || directive.ruleIds.contains("all")
            else { return false }
            switch scope {
            case .file: return true
            case .nextLine: return directive.coveredLines.contains(finding.range.start.line)
            }
        }
    }
}
