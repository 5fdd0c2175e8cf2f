import KeychainLintCore
import KeychainLintModel
import KeychainLintObjC
import KeychainLintRuleKit

/// What an Objective-C rule sees while it checks one file, and where it reports: the file's
/// tree and value resolver, the scan (project files and model), and the findings and gaps so far.
public final class ObjCRuleContext: RuleFileContext {
    public let resolver: ObjCValueResolver
    public let scan: ScanContext

    public var tree: ObjCSyntaxTree { resolver.tree }

    public init(resolver: ObjCValueResolver, scan: ScanContext, rule: RuleDescription) {
        self.resolver = resolver
        self.scan = scan
        super.init(rule: rule, path: resolver.path)
    }

    /// Answers kept for this file (as `RuleContext.memo`): facts of a body that each of its calls
    /// asks about, computed in one walk instead of one per call. They are kept with the file's
    /// resolver, so rules asking the same typed question share the answer.
    public func memo<Key: Hashable, Answer>(_ key: Key, _ compute: () -> Answer) -> Answer {
        resolver.remember(key, compute)
    }

    public func resolve(_ expression: ObjCExpr) -> Resolution {
        let answer = resolver.resolve(expression)
        noteBoundsMet(answer.gaps)
        return answer
    }

    /// Several expressions of this file per instance of `self` (`ObjCValueResolver.resolveJointly`).
    public func resolveJointly(_ expressions: [ObjCExpr]) -> [[Resolution]]? {
        let answer = resolver.resolveJointly(expressions)
        for resolution in (answer ?? []).joined() { noteBoundsMet(resolution.gaps) }
        return answer
    }

    /// The keychain dictionaries an expression can be; one built in an instance method from the
    /// instance's state, per instance when the instances are known (`resolvePerInstance`).
    public func queries(_ expression: ObjCExpr) -> (queries: [KeychainQuery], gaps: [ResolutionGap]) {
        var resolution = resolve(expression)
        if let cases = resolver.resolvePerInstance(dictionary: expression, plain: resolution) {
            resolution = cases.reduce(Resolution()) { $0.merging($1) }
            noteBoundsMet(resolution.gaps)
        }
        return (resolution.values.compactMap(KeychainQuery.init), resolution.gaps)
    }

    /// Reports a finding spanning `range` of this file.
    public func report(
        at range: ObjCSourceRange, message: String, confidence: Confidence? = nil, severity: Severity? = nil,
        trace: [TraceStep] = []
    ) {
        report(
            at: resolver.location(range), message: message, confidence: confidence, severity: severity, trace: trace,
            snippet: ObjCValueResolver.shortText(resolver.text(range)))
    }

    /// Reports at a suppression comment (`range` is the comment's), for
    /// keychain_lint.invalid_suppression.
    public func reportDirective(_ directive: SuppressionDirective, comment range: ObjCSourceRange, message: String) {
        report(
            at: resolver.location(range), message: message, trace: [],
            snippet: "\(directive.command) \(directive.ruleIds.prefix(16).joined(separator: ","))")
    }

    /// Judges every value of `resolution` and reports the first judged at `range` (see
    /// `FirstJudged`); notes the gaps when none is. Returns whether it reported.
    @discardableResult
    public func reportFirstJudged(
        _ resolution: Resolution, at range: ObjCSourceRange, asking question: String,
        othersToo others: FirstJudged.OthersPhrase, headline: (String) -> String = { $0 }, judge: (Value) -> String?
    ) -> Bool {
        reportFirstJudged(
            resolution.values.map { ($0.value, $0.trace) }, gaps: resolution, at: resolver.location(range),
            snippet: ObjCValueResolver.shortText(resolver.text(range)), asking: question, othersToo: others,
            headline: headline, judge: judge)
    }
}
