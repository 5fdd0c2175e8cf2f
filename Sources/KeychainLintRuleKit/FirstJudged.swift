import KeychainLintCore
import KeychainLintModel

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
