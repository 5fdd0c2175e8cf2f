import Foundation
import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore
import KeychainLintRules
@testable import KeychainLintEngine
import Testing

/// A rule with a bug: it reports a range that ends (line 1) before it starts (line 2).
private struct ReversedRangeRule: SwiftRule {
    static let description: RuleDescription = {
        var description = InvalidSuppressionRule.description
        description.id = "test.reversed_range"
        return description
    }()
    static let interests: [RuleInterest] = [.identifier("reversed")]

    init(options: [String: ConfigValue]) {}

    func check(_ input: RuleInput, in context: RuleContext) {
        guard case .identifier = input else { return }
        let path = context.file.path
        context.report(
            at: ValueLocation(file: path, line: 2, column: 9, characterColumn: 9, endLine: 1, endColumn: 3, endCharacterColumn: 3),
            message: "reversed", trace: [], snippet: "reversed")
    }
}

@Suite("Finding ranges")
struct FindingRangeTests {
    @Test("a range that ends before it starts is reported empty, at its start")
    func reversedRangeBecomesEmpty() throws {
        let scanner = try Scanner(configuration: Configuration(), ruleTypes: [ReversedRangeRule.self])
        let result = scanner.scan(sources: [ProjectIndex.Input(path: "A.swift", text: "let a = 1\nlet b = reversed\n")])
        let finding = try #require(result.findings.first)
        #expect(result.findings.count == 1)
        #expect(finding.range.start == SourcePosition(line: 2, column: 9, characterColumn: 9))
        #expect(finding.range.end == finding.range.start)
    }
}
