import KeychainLintAnalysis
import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit
import SwiftSyntax

/// The value rules' common shape: every value an argument may have is judged, the first
/// reportable one is reported (with how many other values are reportable too), and when none is,
/// where resolution stopped is noted for `--verbose`. One place, so that counting, confidence and
/// wording cannot drift apart between rules.
extension RuleContext {
    public typealias OthersPhrase = FirstJudged.OthersPhrase

    /// Judges each value of `resolution` with `judge` (why it is reportable, or nil) and reports
    /// the first judged at `expression`: `headline(why)`, the path the value took, and how many other
    /// distinct values were judged. Confidence is high for a value written at the argument itself,
    /// medium for one followed through code. Returns whether it reported.
    @discardableResult
    public func reportFirstJudged(
        _ resolution: Resolution,
        at expression: SwiftExpression,
        asking question: String,
        othersToo others: OthersPhrase,
        headline: (String) -> String = { $0 },
        judge: (Value) -> String?
    ) -> Bool {
        reportFirstJudged(
            resolution.values.map { ($0.value, $0.trace) }, gaps: resolution, at: expression, asking: question,
            othersToo: others, headline: headline, judge: judge)
    }

    /// The same over values read some other way (a wrapper library's options, read through its
    /// model from `gaps`' values): each with the path it took.
    @discardableResult
    public func reportFirstJudged<Item: Hashable>(
        _ items: [(Item, [TraceStep])],
        gaps resolution: Resolution,
        at expression: SwiftExpression,
        asking question: String,
        othersToo others: OthersPhrase,
        headline: (String) -> String = { $0 },
        judge: (Item) -> String?
    ) -> Bool {
        reportFirstJudged(
            items, gaps: resolution, at: location(of: expression), snippet: SyntaxQueries.shortText(expression.syntax, limit: 200),
            asking: question, othersToo: others, headline: headline, judge: judge)
    }
}

