import KeychainLintAnalysis
import KeychainLintCore
import KeychainLintModel
import SwiftSyntax

/// The value rules' common shape: every value an argument may have is judged, the first
/// reportable one is reported (with how many other values are reportable too), and when none is,
/// where resolution stopped is noted for `--verbose`. One place, so that counting, confidence and
/// wording cannot drift apart between rules.
extension RuleContext {
    public typealias OthersPhrase = FirstJudged.OthersPhrase

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
        guard let first = FirstJudged.select(items, judge: judge) else {
            noteGaps(resolution, asking: question)
            return false
        }
        let message = first.message(headline: headline, trace: describeTrace(first.trace), others: others)
        report(at: node, message: message, confidence: first.confidence, trace: first.trace)
        return true
    }
}

/// The language-neutral half of "judge every value, report the first": which value is reported,
/// why, by which path, and how many other reportable values there are. Each front end's rule
/// context reports it at its own kind of node.
public struct FirstJudged: Sendable {
    /// How the count of other reportable values reads: "; 2 other possible values `are weak too`".
    public struct OthersPhrase: Sendable {
        public let one: String
        public let many: String

        public init(one: String, many: String) {
            self.one = one
            self.many = many
        }
    }

    public let why: String
    public let trace: [TraceStep]
    /// Distinct reportable values besides the first.
    public let otherCount: Int

    /// The first item `judge` finds reportable, or nil when none is.
    public static func select<Item: Hashable>(_ items: [(Item, [TraceStep])], judge: (Item) -> String?) -> FirstJudged? {
        var first: (why: String, trace: [TraceStep], item: Item)?
        var otherValues: Set<Item> = []
        for (item, trace) in items {
            guard let why = judge(item) else { continue }
            if let first {
                if item != first.item { otherValues.insert(item) }
            } else {
                first = (why, trace, item)
            }
        }
        guard let first else { return nil }
        return FirstJudged(why: first.why, trace: first.trace, otherCount: otherValues.count)
    }

    /// The finding's message: the headline, the path (`trace`, already described) and the count.
    public func message(headline: (String) -> String, trace: String, others: OthersPhrase) -> String {
        var message = headline(why) + trace
        if otherCount > 0 {
            message += "; \(otherCount) other possible value\(otherCount == 1 ? " " + others.one : "s " + others.many)"
        }
        return message
    }

    public var confidence: Confidence { trace.isEmpty ? .high : .medium }
}
