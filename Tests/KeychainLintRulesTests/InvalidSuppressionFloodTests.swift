@testable import KeychainLintRules
import KeychainLintRuleKit
import Testing

@Suite("Invalid suppression: floods")
struct InvalidSuppressionFloodTests {
    @Test("thousands of unknown rule ids in one comment give a bounded number of findings")
    func unknownIdsAreCapped() {
        let ids = (0..<5000).map { "rule\($0 % 2500)" }
        let directive = SuppressionDirective(
            scope: .nextLine, command: "disable-next-line", ruleIds: ids, reason: nil, line: 1, column: 1,
            coveredLines: 2...2)
        let problems = InvalidSuppressionRule.problems(of: directive, knownRuleIds: RuleRegistry.ruleIds)
        #expect(problems.count == InvalidSuppressionRule.maximumReportedIds + 2)
        #expect(problems[0] == "Suppression names unknown rule 'rule0'")
        #expect(problems[8] == "Suppression names 2492 more unknown rules")
        #expect(problems[9] == "Suppression of rule0, rule1, rule2, rule3, rule4, rule5, rule6, rule7, rule8, rule9, rule10, rule11, rule12, rule13, rule14, rule15 and 4984 more has no reason: add `-- why this is safe` so reviewers can audit it")
    }
}
