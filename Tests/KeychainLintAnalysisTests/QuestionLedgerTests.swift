import KeychainLintAnalysis
import KeychainLintModel
import SwiftSyntax
import Testing

/// A pass over one file (the rules' walk, or a scan-wide pass over its calls) shares one step
/// budget among its questions. Where it runs out must depend on the file alone, not on what
/// other passes asked before.
@Suite("Per-file question budget")
struct QuestionLedgerTests {
    /// Twenty questions, each about a flags expression with a few parts.
    private static let source = (0..<20).map { number in
        "func f\(number)() { probe([.biometryAny, .or, .devicePasscode, .privateKeyUsage]) }"
    }.joined(separator: "\n")

    /// The answers to every probe of `source`, asked in source order inside one ledger with
    /// `limit` steps; `warmUp` probes are asked first outside any ledger (another pass's answers,
    /// already cached).
    private func answers(limit: Int, warmUp: [Int] = []) -> [Resolution] {
        let probed = ProbedFile(Self.source)
        for probe in warmUp { _ = probed.resolve(probe) }
        return QuestionLedger.charging(file: probed.file.id, limit: limit) {
            probed.probes.indices.map(probed.resolve)
        }
    }

    @Test("questions after the file's budget is spent get a stepBudget gap; earlier ones their values")
    func cutsLaterQuestions() {
        let unlimited = answers(limit: .max)
        #expect(unlimited.allSatisfy { $0.descriptions == ["[.biometryAny, .or, .devicePasscode, .privateKeyUsage]"] })
        let cut = answers(limit: 30)
        let answered = cut.prefix { $0.gaps.isEmpty }
        #expect(!answered.isEmpty && answered.count < cut.count, "\(answered.count) of \(cut.count) answered")
        for resolution in cut.dropFirst(answered.count) {
            #expect(resolution.values.isEmpty)
            #expect(resolution.gaps.map(\.kind) == [.stepBudget])
            #expect(resolution.hasGap(mentioning: "analysis of this file stopped after 30 steps"))
        }
    }

    @Test("the cut falls at the same question whether other passes asked some of them first or not")
    func independentOfWarmCaches() {
        for limit in [1, 10, 30, 60, 100] {
            let cold = answers(limit: limit)
            #expect(answers(limit: limit, warmUp: [0, 5, 19]) == cold, "limit \(limit)")
            #expect(answers(limit: limit, warmUp: Array(0..<20)) == cold, "limit \(limit), all warm")
        }
    }

    @Test("a question asked again in the same pass is not charged twice")
    func repeatedQuestionsAreFree() {
        let probed = ProbedFile(Self.source)
        // One question costs less than the limit; fifty asks of it must not spend the budget, so
        // a second question is still answered.
        let results = QuestionLedger.charging(file: probed.file.id, limit: 12) {
            (0..<50).map { _ in probed.resolve(0) } + [probed.resolve(1)]
        }
        #expect(results.allSatisfy { $0.gaps.isEmpty && $0.values.count == 1 })
    }
}
