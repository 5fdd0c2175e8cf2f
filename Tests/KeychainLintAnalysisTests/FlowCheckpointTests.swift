import Foundation
import KeychainLintAnalysis
import KeychainLintModel
import SwiftSyntax
import Testing

/// Uses of one local variable continue from the state before an earlier use (a checkpoint). An
/// answer, its trace, its gaps and where a budget runs out must not depend on which uses were
/// asked about before.
@Suite("Local flow checkpoints")
struct FlowCheckpointTests {
    /// Resolves the probes of `source` in `order` (indexes into the probes in source order) with
    /// a fresh resolver, returning every answer by probe index.
    private func answers(
        _ source: String, order: [Int], steps: Int = ValueResolver.maximumStepsPerQuestion, checkpoints: Bool = true
    ) -> [Int: Resolution] {
        let probed = ProbedFile(source, stepsPerQuestion: steps, usesFlowCheckpoints: checkpoints)
        var result: [Int: Resolution] = [:]
        for probe in order { result[probe] = probed.resolve(probe) }
        return result
    }

    private static let shortFunction = """
        func f(extra: Bool) {
            var query: [String: Any] = [kSecClass: kSecClassGenericPassword]
            probe(query)
            query[kSecAttrAccessible as String] = kSecAttrAccessibleAlways
            if extra { query[kSecAttrSynchronizable as String] = true }
            probe(query)
            query.removeValue(forKey: kSecAttrSynchronizable as String)
            probe(query)
        }
        """

    /// The same shape past `LongListIndex.minimumItems` statements, where only the statements
    /// that mention the name are followed.
    private static let longFunction: String = {
        var lines = ["func g(extra: Bool) {", "    var query: [String: Any] = [kSecClass: kSecClassGenericPassword]"]
        for number in 0..<40 { lines.append("    let unrelated\(number) = \(number)") }
        lines.append("    probe(query)")
        lines.append("    query[kSecAttrAccessible as String] = kSecAttrAccessibleAlways")
        for number in 40..<80 { lines.append("    let unrelated\(number) = \(number)") }
        lines.append("    if extra { query[kSecAttrSynchronizable as String] = true }")
        lines.append("    probe(query)")
        lines.append("    query.removeValue(forKey: kSecAttrSynchronizable as String)")
        lines.append("    probe(query)")
        lines.append("}")
        return lines.joined(separator: "\n")
    }()

    /// The same shape inside one `if`: uses in a nested statement list continue from the state
    /// before an earlier use of the same list.
    private static let clauseFunction = """
        func h(extra: Bool, go: Bool) {
            var query: [String: Any] = [kSecClass: kSecClassGenericPassword]
            if go {
                probe(query)
                query[kSecAttrAccessible as String] = kSecAttrAccessibleAlways
                if extra { query[kSecAttrSynchronizable as String] = true }
                probe(query)
                query.removeValue(forKey: kSecAttrSynchronizable as String)
                probe(query)
            }
        }
        """

    @Test("each use has the values that reach it, whichever use was asked first", arguments: [shortFunction, longFunction, clauseFunction])
    func valuesAtEachUse(_ source: String) {
        let forward = answers(source, order: [0, 1, 2])
        #expect(forward[0]?.descriptions == ["[kSecClass: kSecClassGenericPassword]"])
        #expect(forward[1]?.descriptionSet == [
            "[kSecClass: kSecClassGenericPassword, kSecAttrAccessible: kSecAttrAccessibleAlways, kSecAttrSynchronizable: true]",
            "[kSecClass: kSecClassGenericPassword, kSecAttrAccessible: kSecAttrAccessibleAlways]",
        ], "\(forward[1]?.descriptions ?? [])")
        #expect(forward[2]?.descriptions == ["[kSecClass: kSecClassGenericPassword, kSecAttrAccessible: kSecAttrAccessibleAlways]"])
        for order in [[2, 1, 0], [1, 2, 0], [2], [1], [0, 2]] {
            let other = answers(source, order: order)
            for probe in order { #expect(other[probe] == forward[probe], "probe \(probe) asked in order \(order)") }
        }
    }

    @Test("the budget runs out at the same place with checkpoints as without, whichever use was asked first",
          arguments: [shortFunction, longFunction, clauseFunction])
    func budgetIndependentOfCheckpoints(_ source: String) {
        // The last probe reads the variable three times in one statement: the second and third
        // reads resume from the checkpoint the first one left, with less of the budget left.
        let last = source.range(of: "probe(query)", options: .backwards)!
        let source = source.replacingCharacters(in: last, with: "probe([query, query, query])")
        #expect(source.contains("probe([query, query, query])"))
        var cutSomewhere = false
        for steps in 1...80 {
            let walked = answers(source, order: [2], steps: steps, checkpoints: false)[2]
            let alone = answers(source, order: [2], steps: steps)[2]
            let afterOthers = answers(source, order: [0, 1, 2], steps: steps)[2]
            #expect(alone == walked, "budget \(steps)")
            #expect(afterOthers == walked, "budget \(steps), earlier uses first")
            if walked?.gaps.contains(where: { $0.kind == .stepBudget }) == true { cutSomewhere = true }
        }
        #expect(cutSomewhere, "no budget in 1...80 was small enough to cut the question: the test checks nothing")
    }

    @Test("a use in a clause gets what the clause's statements before it left, after uses in other clauses")
    func usesInSeveralClauses() {
        let source = """
            func k(go: Bool) {
                var query: [String: Any] = [kSecClass: kSecClassGenericPassword]
                if go {
                    query[kSecAttrAccessible as String] = kSecAttrAccessibleAlways
                    probe(query)
                } else {
                    probe(query)
                    query[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlocked
                    probe(query)
                }
                probe(query)
            }
            """
        let forward = answers(source, order: [0, 1, 2, 3])
        #expect(forward[0]?.descriptions == ["[kSecClass: kSecClassGenericPassword, kSecAttrAccessible: kSecAttrAccessibleAlways]"])
        #expect(forward[1]?.descriptions == ["[kSecClass: kSecClassGenericPassword]"])
        #expect(forward[2]?.descriptions == ["[kSecClass: kSecClassGenericPassword, kSecAttrAccessible: kSecAttrAccessibleWhenUnlocked]"])
        #expect(forward[3]?.descriptionSet == [
            "[kSecClass: kSecClassGenericPassword, kSecAttrAccessible: kSecAttrAccessibleAlways]",
            "[kSecClass: kSecClassGenericPassword, kSecAttrAccessible: kSecAttrAccessibleWhenUnlocked]",
        ])
        let walked = answers(source, order: [0, 1, 2, 3], checkpoints: false)
        for order in [[3, 2, 1, 0], [2, 0], [2]] {
            let other = answers(source, order: order)
            for probe in order {
                #expect(other[probe] == forward[probe], "probe \(probe) asked in order \(order)")
                #expect(walked[probe] == forward[probe], "probe \(probe) without checkpoints")
            }
        }
    }
}
