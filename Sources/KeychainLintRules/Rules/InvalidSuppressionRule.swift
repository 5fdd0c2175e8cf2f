import KeychainLintCore
import KeychainLintRuleKit

/// `keychain_lint.invalid_suppression` — a suppression comment must say which rule it silences
/// and why, so reviewers can audit every silenced finding.
public struct InvalidSuppressionRule: SwiftRule {
    public static let interests: [RuleInterest] = [.suppressionDirectives]

    public init(options: [String: ConfigValue]) {}

    public func check(_ input: RuleInput, in context: RuleContext) {
        guard case .suppression(let directive) = input else { return }
        let problems = Self.problems(of: directive, knownRuleIds: RuleRegistry.ruleIds)
        for message in problems {
            context.reportDirective(directive, message: message)
        }
    }

    /// What is wrong with a directive, one message per problem (also asked by the Objective-C
    /// front end of its comments' directives).
    public static func problems(of directive: SuppressionDirective, knownRuleIds: Set<String> = RuleRegistry.ruleIds) -> [String] {
        guard directive.scope != nil else {
            return [
                "Unknown keychain-lint directive '\(directive.command)': use disable-next-line or disable-file"
            ]
        }
        var problems: [String] = []
        if directive.ruleIds.isEmpty {
            problems.append("Suppression names no rule: list the rule ids to disable (or `all`)")
        }
        // One finding per unknown id, up to a few: a comment with thousands of words (generated or
        // mangled) must not turn into thousands of findings.
        var seen = Set<String>()
        let unknown = directive.ruleIds.filter { $0 != "all" && !knownRuleIds.contains($0) && seen.insert($0).inserted }
        for id in unknown.prefix(maximumReportedIds) {
            problems.append("Suppression names unknown rule '\(id)'")
        }
        if unknown.count > maximumReportedIds {
            problems.append("Suppression names \(unknown.count - maximumReportedIds) more unknown rules")
        }
        if directive.reason == nil {
            let names = directive.ruleIds.isEmpty ? "" : " of " + SuppressionDirective.listed(directive.ruleIds)
            problems.append("Suppression\(names) has no reason: add `-- why this is safe` so reviewers can audit it")
        }
        return problems
    }

    /// Unknown rule ids reported one by one; more are counted in one finding.
    static let maximumReportedIds = 8

    public static let description = RuleDescription(
        id: "keychain_lint.invalid_suppression",
        name: "Suppression Without a Reason",
        severity: .low,
        confidence: .high,
        resource: "Tooling",
        tags: [],
        summary: "A keychain-lint suppression comment has no `-- reason`, names no rule, or names an unknown rule.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Checks every `keychain-lint:` comment. `// keychain-lint:disable-next-line RULE[, RULE] -- reason` \
                silences the listed rules on the statement that starts on the next line; \
                `// keychain-lint:disable-file RULE -- reason` silences them in the whole file. A directive \
                without a reason after `--`, without a rule id, with an unknown rule id, or with an unknown \
                command is reported. The suppression itself still applies.
                """,
            whyItMatters: """
                A silenced security finding is a decision someone must be able to review later. Without a \
                reason the next reader cannot tell an accepted risk from a hurried workaround, and a typo in \
                the rule id silently suppresses nothing.
                """,
            whatToDoInstead: "Name the rule and give the reason: `// keychain-lint:disable-next-line swift.weak_biometric_acl -- legacy items, migrated in 3.0`.",
            fixSafety: "No automatic fix: only a person can state the reason.",
            notes: [
                "`all` may stand for every rule; use it sparingly.",
                "Directives are read from comments only: the same words in a string literal are not a directive.",
            ],
            references: []),
        remediation: "Write `// keychain-lint:disable-next-line RULE_ID -- reason` with a known rule id and a reason.",
        examples: [
            .triggering(
                "A suppression without a reason",
                """
                ↓// keychain-lint:disable-next-line swift.weak_biometric_acl
                let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryAny, nil)
                """,
                messages: [
                    "Suppression of swift.weak_biometric_acl has no reason: add `-- why this is safe` so reviewers can audit it"
                ]),
            .triggering(
                "A misspelt rule id and an unknown command",
                """
                ↓// keychain-lint:disable-next-line swift.weak_biometrik_acl -- migrated in 3.0
                let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
                ↓// keychain-lint:disable-line swift.weak_biometric_acl -- legacy
                """,
                messages: [
                    "Suppression names unknown rule 'swift.weak_biometrik_acl'",
                    "Unknown keychain-lint directive 'disable-line': use disable-next-line or disable-file",
                ]),
            .triggering(
                "A file-wide suppression that names no rule",
                """
                ↓/* keychain-lint:disable-file -- generated code */
                """,
                messages: ["Suppression names no rule: list the rule ids to disable (or `all`)"]),
            .nonTriggering(
                "A suppression with a rule id and a reason silences the finding",
                """
                // keychain-lint:disable-next-line swift.weak_biometric_acl -- legacy migration, removed in 3.0
                let access = SecAccessControlCreateWithFlags(
                    nil,
                    kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                    .biometryAny,
                    nil)
                """),
            .nonTriggering(
                "A file-wide suppression with a reason",
                """
                // keychain-lint:disable-file swift.weak_biometric_acl -- test fixtures for the migration
                let a = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryAny, nil)
                let b = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .userPresence, nil)
                """),
            .nonTriggering(
                "The directive's words inside a string literal are not a directive",
                """
                let text = "// keychain-lint:disable-next-line"
                """),
        ])
}
