import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore
import KeychainLintEngine
import KeychainLintRules
import Testing
import Foundation

/// One example of one rule, as a test case.
struct ExampleCase: CustomTestStringConvertible, Sendable {
    let ruleId: String
    let example: RuleExample

    var testDescription: String { "\(ruleId) \(example.kind.rawValue): \(example.title)" }

    static let all: [ExampleCase] = RuleRegistry.all.flatMap { type in
        type.description.examples.map { ExampleCase(ruleId: type.description.id, example: $0) }
    }
}

struct ReportedPosition: Equatable, CustomStringConvertible {
    let file: String
    let line: Int
    let column: Int
    let message: String

    var description: String { "\(file):\(line):\(column): \(message)" }
}

/// Runs one rule alone over an example's files, with the example's options.
func run(_ ruleId: String, on example: RuleExample) throws -> [ReportedPosition] {
    let type = try #require(RuleRegistry.rule(id: ruleId))
    var configuration = Configuration()
    if !example.options.isEmpty {
        configuration.rules[ruleId] = RuleSettings(options: example.options)
    }
    let scanner = try Scanner(configuration: configuration, ruleTypes: [type])
    let files = example.strippedFiles.sorted { $0.key < $1.key }
    let sources = files.filter { ProjectFileInput.Kind(fileName: $0.key) == nil }
        .map { ProjectIndex.Input(path: $0.key, text: $0.value) }
    let projectFiles = files.compactMap { name, text in
        ProjectFileInput.Kind(fileName: name).map { ProjectFileInput(path: name, kind: $0, data: Data(text.utf8)) }
    }
    return scanner.scan(sources: sources, projectFiles: projectFiles).findings
        .filter { $0.ruleId == ruleId }
        .map { ReportedPosition(file: $0.range.file, line: $0.range.start.line, column: $0.range.start.column, message: $0.message) }
}

@Suite("Rule examples")
struct RuleExampleTests {
    @Test(arguments: ExampleCase.all)
    func example(_ testCase: ExampleCase) throws {
        let example = testCase.example
        let markers = example.markerPositions
        switch example.kind {
        case .triggering:
            #expect(!markers.isEmpty, "a triggering example needs ↓ markers (\(example.declaredAt))")
            #expect(markers.count == example.messages.count, "one message per marker (\(example.declaredAt))")
        case .nonTriggering:
            #expect(markers.isEmpty && example.messages.isEmpty, "a non-triggering example has no markers (\(example.declaredAt))")
        }
        let expected = zip(markers, example.messages).map {
            ReportedPosition(file: $0.0.file, line: $0.0.line, column: $0.0.column, message: $0.1)
        }
        let reported = try run(testCase.ruleId, on: example)
        #expect(reported == expected, "\(example.declaredAt)")
    }

    @Test("Every rule has triggering and non-triggering examples and complete documentation")
    func rulesAreDocumented() {
        for type in RuleRegistry.all {
            let description = type.description
            #expect(!description.triggeringExamples.isEmpty, "\(description.id)")
            #expect(!description.nonTriggeringExamples.isEmpty, "\(description.id)")
            #expect(!description.documentation.whatItDoes.isEmpty, "\(description.id)")
            #expect(!description.documentation.whyItMatters.isEmpty, "\(description.id)")
            #expect(!description.documentation.whatToDoInstead.isEmpty, "\(description.id)")
            #expect(!description.remediation.isEmpty, "\(description.id)")
            #expect(!type.interests.isEmpty, "\(description.id) declares no interests, so the prefilter would skip every file")
        }
        #expect(Set(RuleRegistry.all.map { $0.description.id }).count == RuleRegistry.all.count)
    }
}
