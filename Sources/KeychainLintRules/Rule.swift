import KeychainLintAnalysis
import KeychainLintCore
import SwiftSyntax

/// The kinds of syntax a rule wants to be handed. The engine's single walk dispatches only these,
/// and the text prefilter is derived from them, so a rule cannot forget to declare its triggers.
public enum SyntaxInterest: Hashable, Sendable {
    /// Calls whose callee base name is this (`SecAccessControlCreateWithFlags`, `evaluatePolicy`).
    case call(String)
    /// `keychain-lint:` suppression directives in comments.
    case suppressionDirectives

    /// Text a file must contain for this interest to possibly match.
    public var prefilterWord: String {
        switch self {
        case .call(let name): name
        case .suppressionDirectives: SuppressionDirective.prefix
        }
    }
}

/// A node handed to a rule.
public enum RuleInput {
    case call(FunctionCallExprSyntax)
    case suppression(SuppressionDirective)
}

/// One rule: its description (metadata, docs, examples) and its check. One type per file.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    static var interests: [SyntaxInterest] { get }
    /// `options` are the rule's effective options (defaults merged with the configuration).
    init(options: [String: ConfigValue])
    func check(_ input: RuleInput, in context: RuleContext)
}

/// What a rule sees of the scan while it checks one file, and where it reports.
public final class RuleContext {
    public let file: SourceFile
    public let resolver: ValueResolver
    public let rule: RuleDescription
    public private(set) var findings: [Finding] = []
    public private(set) var gaps: [ResolutionGap] = []

    public init(file: SourceFile, resolver: ValueResolver, rule: RuleDescription) {
        self.file = file
        self.resolver = resolver
        self.rule = rule
    }

    /// Resolves an expression of this file.
    public func resolve(_ expression: ExprSyntax) -> Resolution {
        resolver.resolve(expression, in: file)
    }

    /// Records where resolution stopped, for `--verbose`.
    public func noteGaps(_ resolution: Resolution, asking question: String) {
        for gap in resolution.gaps {
            gaps.append(ResolutionGap(file: gap.file, line: gap.line, column: gap.column,
                                      reason: "\(rule.id): \(question): \(gap.reason)"))
        }
    }

    /// Reports a finding spanning `node`. The fingerprint is finished by the engine.
    public func report(
        at node: some SyntaxProtocol,
        message: String,
        confidence: Confidence? = nil,
        severity: Severity? = nil,
        trace: [TraceStep] = []
    ) {
        let start = file.location(of: node)
        let end = file.endLocation(of: node)
        let related = trace.map { step in
            RelatedLocation(
                range: SourceRange(
                    file: step.file,
                    start: SourcePosition(line: step.line, column: step.column),
                    end: SourcePosition(line: step.line, column: step.column)),
                message: step.text)
        }
        findings.append(
            Finding(
                ruleId: rule.id,
                severity: severity ?? rule.severity,
                confidence: confidence ?? rule.confidence,
                message: message,
                range: SourceRange(
                    file: file.path,
                    start: SourcePosition(line: start.line, column: start.column, characterColumn: file.characterColumn(of: start)),
                    end: SourcePosition(line: end.line, column: end.column, characterColumn: file.characterColumn(of: end))),
                remediation: rule.remediation,
                relatedLocations: related,
                fingerprint: SyntaxQueries.shortText(node, limit: 200)))
    }

    /// Reports at a suppression comment (its line and column, up to the end of that line).
    public func reportDirective(_ directive: SuppressionDirective, message: String) {
        let lineLength = file.lineText(directive.line).utf8.count
        findings.append(
            Finding(
                ruleId: rule.id,
                severity: rule.severity,
                confidence: rule.confidence,
                message: message,
                range: SourceRange(
                    file: file.path,
                    start: SourcePosition(line: directive.line, column: directive.column),
                    end: SourcePosition(line: directive.line, column: lineLength + 1)),
                remediation: rule.remediation,
                fingerprint: "\(directive.command) \(directive.ruleIds.joined(separator: ","))"))
    }

    /// " (via `flags` (line 12) → if `legacy` (line 14))" for a resolved value; empty for a literal.
    public func describeTrace(_ trace: [TraceStep]) -> String {
        guard !trace.isEmpty else { return "" }
        let parts = trace.map { step -> String in
            let place = step.file == file.path ? "line \(step.line)" : "\(Self.fileName(step.file)):\(step.line)"
            return "\(step.text) (\(place))"
        }
        return " (via " + parts.joined(separator: " → ") + ")"
    }

    private static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
