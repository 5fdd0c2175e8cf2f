import KeychainLintModel
import Foundation

/// The steps spent on one file's questions by one pass over it (the rules' walk of the file, or
/// one scan-wide pass over its calls), against a budget for the whole file.
///
/// A question has its own step budget, but a generated file asks thousands of them. Each pass
/// asks about its file's expressions one by one in source order on one thread, and each
/// question's cost is fixed (a cached answer is charged what computing it cost), so where a
/// ledger runs out does not depend on threads or on which pass asked first: output stays
/// deterministic. Questions after that point get a gap of kind `stepBudget` instead of an answer.
public final class QuestionLedger: @unchecked Sendable {
    /// Steps one pass may spend on one file: two questions that each use their whole budget, at
    /// about a microsecond a step. The most any file of 20 real iOS code bases (2,600 files with
    /// Keychain calls) needs is 414,000, in a wallet app's Secure Enclave code (1.7 million before
    /// answers cut by a cycle were kept per question; the bound was 4 million then).
    public static let maximumStepsPerFile = 2_000_000

    let file: Int
    let limit: Int
    private(set) var spent = 0
    /// Questions already charged (a question asked again by another rule costs nothing more).
    private var charged: Set<NodeKey> = []

    init(file: Int, limit: Int) {
        self.file = file
        self.limit = limit
    }

    var isSpent: Bool { spent >= limit }

    /// Whether `question` still has to be paid for.
    func isCharged(_ question: NodeKey) -> Bool { charged.contains(question) }

    private var noted = false

    /// True the first time only: the pass's first unanswered question is the one noted.
    func markNoted() -> Bool {
        defer { noted = true }
        return !noted
    }

    func charge(_ question: NodeKey, _ steps: Int) {
        guard charged.insert(question).inserted else { return }
        spent += steps
    }

    /// Runs `body` with a fresh ledger for `file` as the current thread's, restoring the
    /// previous one afterwards (a scan-wide pass may run inside a file's walk).
    public static func charging<T>(file: Int, limit: Int = maximumStepsPerFile, _ body: () -> T) -> T {
        let stack = stack
        stack.ledgers.append(QuestionLedger(file: file, limit: limit))
        defer { stack.ledgers.removeLast() }
        return body()
    }

    /// The ledger of the pass running on this thread, if any.
    static var current: QuestionLedger? { stack.ledgers.last }

    private final class Stack {
        var ledgers: [QuestionLedger] = []
    }

    private static let stacks = PerThread { Stack() }

    private static var stack: Stack { stacks.value }
}
