import KeychainLintAnalysis
import KeychainLintModel
import SwiftSyntax

/// The value rules' common shape: every value an argument may have is judged, the first
/// reportable one is reported (with how many other values are reportable too), and when none is,
/// where resolution stopped is noted for `--verbose`. One place, so that counting, confidence and
/// wording cannot drift apart between rules.
extension RuleContext {
    /// How the count of other reportable values reads: "; 2 other possible values `are weak too`".
    public struct OthersPhrase: Sendable {
        public let one: String
        public let many: String

        public init(one: String, many: String) {
            self.one = one
            self.many = many
        }
    }

    /// Judges each value of `resolution` with `judge` (why it is reportable, or nil) and reports
    /// the first judged at `node`: `headline(why)`, the path the value took, and how many other
    /// distinct values were judged. Confidence is high for a value written at the argument itself,
    /// medium for one followed through code. Returns whether it reported.
    @discardableResult
    public func reportFirstJudged(
        _ resolution: Resolution,
        at node: some SyntaxProtocol,
        asking question: String,
        othersToo others: OthersPhrase,
        headline: (String) -> String = { $0 },
        judge: (Value) -> String?
    ) -> Bool {
        reportFirstJudged(
            resolution.values.map { ($0.value, $0.trace) }, gaps: resolution, at: node, asking: question,
            othersToo: others, headline: headline, judge: judge)
    }

    /// The same over values read some other way (a wrapper library's options, read through its
    /// model from `gaps`' values): each with the path it took.
    @discardableResult
    public func reportFirstJudged<Item: Hashable>(
        _ items: [(Item, [TraceStep])],
        gaps resolution: Resolution,
        at node: some SyntaxProtocol,
        asking question: String,
        othersToo others: OthersPhrase,
        headline: (String) -> String = { $0 },
        judge: (Item) -> String?
    ) -> Bool {
        var first: (why: String, trace: [TraceStep])?
        var otherValues: Set<Item> = []
        var firstValue: Item?
        for (item, trace) in items {
            guard let why = judge(item) else { continue }
            if first == nil {
                first = (why, trace)
                firstValue = item
            } else if item != firstValue {
                otherValues.insert(item)
            }
        }
        guard let first else {
            noteGaps(resolution, asking: question)
            return false
        }
        var message = headline(first.why) + describeTrace(first.trace)
        let count = otherValues.count
        if count > 0 {
            message += "; \(count) other possible value\(count == 1 ? " " + others.one : "s " + others.many)"
        }
        report(at: node, message: message, confidence: first.trace.isEmpty ? .high : .medium, trace: first.trace)
        return true
    }
}
