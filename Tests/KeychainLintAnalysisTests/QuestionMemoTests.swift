import KeychainLintAnalysis
import KeychainLintModel
import SwiftSyntax
import Testing

/// Functions that call each other pass a parameter around: a question about it reaches the
/// same uses along every path through them, each path cut where it meets itself. Answers cut
/// by a cycle are kept for the rest of the question (`ValueResolver.QuestionMemo`), so the
/// question ends within a small budget, and are never shared with other questions, so answers
/// do not depend on the order questions are asked in.
@Suite("Answers kept within one question")
struct QuestionMemoTests {
    /// Nine functions that each pass their parameter to all the others, and two callers from
    /// outside the cycle with the values the question should find.
    private static let source: String = {
        let count = 9
        var lines = (0..<count).map { number in
            let calls = (0..<count).filter { $0 != number }.map { "f\($0)(x)" }.joined(separator: "; ")
            return "func f\(number)(_ x: SecAccessControlCreateFlags) { probe(x); \(calls) }"
        }
        lines.append("func start() { f0(.biometryAny); f3(.userPresence) }")
        return lines.joined(separator: "\n")
    }()

    private func answers(limit: Int, reversed: Bool = false) -> [Resolution] {
        let probed = ProbedFile(Self.source, stepsPerQuestion: limit)
        let order = reversed ? Array(probed.probes.indices.reversed()) : Array(probed.probes.indices)
        var result = [Resolution?](repeating: nil, count: probed.probes.count)
        for position in order { result[position] = probed.resolve(position) }
        return result.compactMap { $0 }
    }

    @Test("a parameter passed around a cycle of callers is answered within 20,000 steps, with both outside values")
    func cycleOfCallersEnds() {
        let resolutions = answers(limit: 20_000)
        #expect(resolutions.count == 9)
        for resolution in resolutions {
            #expect(Set(resolution.values.map(\.value.description)) == [".biometryAny", ".userPresence"])
            #expect(!resolution.gaps.contains { $0.kind == .stepBudget })
            #expect(resolution.gaps.contains { $0.kind == .cycle })
        }
    }

    @Test("answers do not depend on the order the questions are asked in")
    func orderIndependent() {
        for limit in [500, 5_000, 20_000] {
            #expect(answers(limit: limit) == answers(limit: limit, reversed: true), "limit \(limit)")
        }
    }
}
