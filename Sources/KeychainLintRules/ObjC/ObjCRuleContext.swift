import KeychainLintCore
import KeychainLintModel
import KeychainLintObjC

/// What an Objective-C rule sees while it checks one file, and where it reports: the file's
/// tree and value resolver, the scan (project files and model), and the findings and gaps so far.
public final class ObjCRuleContext {
    public let resolver: ObjCValueResolver
    public let scan: ScanContext
    public let rule: RuleDescription
    public private(set) var findings: [Finding] = []
    public private(set) var gaps: [ResolutionGap] = []
    /// Notes for `--verbose` that are not resolution gaps (e.g. "no Info.plist in the scan").
    public private(set) var notes: [ScanDiagnostic] = []

    public var path: String { resolver.path }
    public var tree: ObjCSyntaxTree { resolver.tree }

    public init(resolver: ObjCValueResolver, scan: ScanContext, rule: RuleDescription) {
        self.resolver = resolver
        self.scan = scan
        self.rule = rule
    }

    /// Answers kept for this file (as `RuleContext.memo`): facts of a body that each of its calls
    /// asks about, computed in one walk instead of one per call. They are kept with the file's
    /// resolver, so rules asking the same typed question share the answer.
    public func memo<Key: Hashable, Answer>(_ key: Key, _ compute: () -> Answer) -> Answer {
        resolver.remember(key, compute)
    }

    public func resolve(_ expression: ObjCExpr) -> Resolution {
        resolver.resolve(expression)
    }

    /// The keychain dictionaries an expression can be.
    public func queries(_ expression: ObjCExpr) -> (queries: [KeychainQuery], gaps: [ResolutionGap]) {
        let resolution = resolve(expression)
        return (resolution.values.compactMap(KeychainQuery.init), resolution.gaps)
    }

    public func note(_ diagnostic: ScanDiagnostic) {
        notes.append(diagnostic)
    }

    /// Records where resolution stopped, for `--verbose`.
    public func noteGaps(_ resolution: Resolution, asking question: String) {
        for gap in resolution.gaps {
            gaps.append(ResolutionGap(file: gap.file, line: gap.line, column: gap.column,
                                      reason: "\(rule.id): \(question): \(gap.reason)", kind: gap.kind))
        }
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

    /// Reports at a location (a dictionary entry); the engine drops duplicates.
    public func report(
        at location: ValueLocation, message: String, confidence: Confidence? = nil, severity: Severity? = nil,
        trace: [TraceStep] = [], snippet: String
    ) {
        findings.append(
            Finding(rule: rule, at: location, message: message, confidence: confidence, severity: severity, trace: trace, snippet: snippet))
    }

    /// Reports at a suppression comment (`range` is the comment's), for
    /// keychain_lint.invalid_suppression.
    public func reportDirective(_ directive: SuppressionDirective, comment range: ObjCSourceRange, message: String) {
        report(
            at: resolver.location(range), message: message, trace: [],
            snippet: "\(directive.command) \(directive.ruleIds.prefix(16).joined(separator: ","))")
    }

    /// " (via `flags` (line 12) → assigned (line 14))" for a resolved value; empty for a literal.
    public func describeTrace(_ trace: [TraceStep]) -> String {
        guard !trace.isEmpty else { return "" }
        return " (via " + trace.map { "\($0.text) (line \($0.line))" }.joined(separator: " → ") + ")"
    }

    /// Judges every value of `resolution` and reports the first judged at `range` (see
    /// `FirstJudged`); notes the gaps when none is. Returns whether it reported.
    @discardableResult
    public func reportFirstJudged(
        _ resolution: Resolution, at range: ObjCSourceRange, asking question: String,
        othersToo others: FirstJudged.OthersPhrase, headline: (String) -> String = { $0 }, judge: (Value) -> String?
    ) -> Bool {
        guard let first = FirstJudged.select(resolution.values.map { ($0.value, $0.trace) }, judge: judge) else {
            noteGaps(resolution, asking: question)
            return false
        }
        report(
            at: range, message: first.message(headline: headline, trace: describeTrace(first.trace), others: others),
            confidence: first.confidence, trace: first.trace)
        return true
    }
}
