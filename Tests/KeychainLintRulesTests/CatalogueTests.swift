import Foundation
import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore
import KeychainLintEngine
import KeychainLintRules
import Testing

/// The catalogue test: EVERY registered rule, all together with default options (the example's
/// own options apply to its own rule), over EVERY example of EVERY rule — what a user scanning the
/// example would see.
///
/// - The example's own rule must report exactly what the example expects (as in RuleExampleTests,
///   but alongside every other rule).
/// - Another rule may fire on an example only when the example says so: `alsoTriggers` on the
///   example (`.triggering(…, messages: […], alsoTriggers: ["swift.deprecated_keychain_api"])`,
///   also on `.nonTriggering`) lists the ids of other rules whose findings it legitimately triggers,
///   e.g. a `.touchIDAny` example is also deprecated API. The knowledge stays next to the example,
///   where the code that causes it is. Any finding of a rule that is not listed fails, naming the
///   rule and example, the other rule, where it fired and its message.
/// - A listed rule must exist and must fire on the example, so the lists cannot go stale.
///
/// The check is per rule id, not per position: which findings another rule reports, and where, is
/// that rule's own examples' business.
@Suite("Catalogue: every rule over every example")
struct CatalogueTests {
    struct CatalogueFinding: CustomStringConvertible {
        let ruleId: String
        let position: ReportedPosition

        var description: String { "\(ruleId) at \(position)" }
    }

    /// Runs all registered rules over an example's files.
    static func runAll(on testCase: ExampleCase) throws -> [CatalogueFinding] {
        let example = testCase.example
        var configuration = Configuration()
        if !example.options.isEmpty {
            configuration.rules[testCase.ruleId] = RuleSettings(options: example.options)
        }
        let scanner = try Scanner(configuration: configuration, ruleTypes: RuleRegistry.all)
        let files = example.strippedFiles.sorted { $0.key < $1.key }
        let sources = files.filter { ProjectFileInput.Kind(fileName: $0.key) == nil }
            .map { ProjectIndex.Input(path: $0.key, text: $0.value) }
        let projectFiles = files.compactMap { name, text in
            ProjectFileInput.Kind(fileName: name).map { ProjectFileInput(path: name, kind: $0, data: Data(text.utf8)) }
        }
        return scanner.scan(sources: sources, projectFiles: projectFiles).findings.map {
            CatalogueFinding(
                ruleId: $0.ruleId,
                position: ReportedPosition(
                    file: $0.range.file, line: $0.range.start.line, column: $0.range.start.column, message: $0.message))
        }
    }

    static func label(_ testCase: ExampleCase) -> String {
        let example = testCase.example
        return "\(testCase.ruleId) \(example.kind == .triggering ? "triggering" : "non-triggering") example \"\(example.title)\" (\(example.declaredAt))"
    }

    @Test(arguments: ExampleCase.all)
    func onlyDeclaredRulesFire(_ testCase: ExampleCase) throws {
        let example = testCase.example
        let findings = try Self.runAll(on: testCase)

        let own = findings.filter { $0.ruleId == testCase.ruleId }.map(\.position)
        let expected = zip(example.markerPositions, example.messages).map {
            ReportedPosition(file: $0.0.file, line: $0.0.line, column: $0.0.column, message: $0.1)
        }
        #expect(own == expected, "\(Self.label(testCase)): its own findings change when every rule runs")

        let allowed = Set(example.alsoTriggers)
        for finding in findings where finding.ruleId != testCase.ruleId && !allowed.contains(finding.ruleId) {
            Issue.record(
                """
                \(Self.label(testCase)): \(finding.ruleId) also fires at \(finding.position.file):\(finding.position.line):\(finding.position.column): \(finding.position.message)
                  → if that is right, add alsoTriggers: ["\(finding.ruleId)"] to the example; otherwise one of the two rules is wrong.
                """)
        }

        for id in example.alsoTriggers {
            if id == testCase.ruleId {
                Issue.record("\(Self.label(testCase)): alsoTriggers lists the example's own rule \(id)")
            } else if !RuleRegistry.ruleIds.contains(id) {
                Issue.record("\(Self.label(testCase)): alsoTriggers lists \(id), which is not a registered rule")
            } else if !findings.contains(where: { $0.ruleId == id }) {
                Issue.record("\(Self.label(testCase)): alsoTriggers lists \(id), but it does not fire on the example; remove it")
            }
        }
    }
}
