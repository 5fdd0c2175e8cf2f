import Foundation
import KeychainLintAnalysis
import KeychainLintModel
import KeychainLintCore
import KeychainLintRuleKit
import SwiftSyntax

/// What the Swift front end hands a rule: a call, member access or identifier it declared an
/// interest in (as a reference, not as syntax), or a suppression comment.
public enum RuleInput {
    case call(SwiftCall)
    case memberAccess(SwiftMemberAccess)
    case identifier(SwiftIdentifier)
    case suppression(SuppressionDirective)
}

/// What the whole scan offers a rule beyond its file: scan-wide facts computed once and shared
/// between files and threads, the project files (Info.plist, project.pbxproj, .xcconfig) and the
/// project model (which module and role each file has).
public final class ScanContext: @unchecked Sendable {
    public let index: ProjectIndex
    public let resolver: ValueResolver
    public let projectFiles: [ProjectFileInput]
    public let projectModel: ProjectModel
    /// The wrapper models the scan judges calls through: the built-in ones and those the
    /// configuration declares.
    public let wrapperModels: [WrapperModel]
    /// The scan-wide facts, computed once and shared between files, threads and languages.
    public let facts = ScanFacts()

    public init(
        index: ProjectIndex, resolver: ValueResolver, projectFiles: [ProjectFileInput], projectModel: ProjectModel = .empty,
        wrapperModels: [WrapperModel] = WrapperModelCatalog.builtIn
    ) {
        self.index = index
        self.resolver = resolver
        self.projectFiles = projectFiles
        self.projectModel = projectModel
        self.wrapperModels = wrapperModels
    }

    /// A scan-wide fact, computed once on first use (`ScanFacts.fact`).
    public func fact<T>(_ key: ScanFact<T>, _ compute: () -> T) -> T {
        facts.fact(key, compute)
    }

    /// The names each fact computed so far looked up (for the result cache).
    public var factDependencies: [String: Set<String>] { facts.factDependencies }
}

/// A rule of the Swift front end: it is handed the Swift syntax it declared interest in.
public protocol SwiftRule: Rule {
    func check(_ input: RuleInput, in context: RuleContext)
}

extension SwiftRule {
    public static var language: SourceLanguage { .swift }
}

/// What a rule sees of the scan while it checks one file, and where it reports.
public final class RuleContext: RuleFileContext {
    public let file: SourceFile
    public let scan: ScanContext

    public var resolver: ValueResolver { scan.resolver }

    /// Answers the rule works out once per file and needs again (the uses of a name in a scope,
    /// asked for each of its declarations): generated code with thousands of declarations in one
    /// function would otherwise take time quadratic in them. Keys are typed values, one type per
    /// kind of question. A context serves one file on one thread.
    private var memos: [AnyHashable: Any] = [:]

    public func memo<Key: Hashable, Answer>(_ key: Key, _ compute: () -> Answer) -> Answer {
        // Looked up before the cast: a missing entry cast to an Optional answer would read as a
        // remembered nil.
        if let stored = memos[AnyHashable(key)], let cached = stored as? Answer { return cached }
        let answer = compute()
        memos[AnyHashable(key)] = answer
        return answer
    }

    public init(file: SourceFile, scan: ScanContext, rule: RuleDescription) {
        self.file = file
        self.scan = scan
        super.init(rule: rule, path: file.path)
    }

    /// Resolves the dictionaries an expression of this file can be.
    public func queries(_ expression: SwiftExpression) -> (queries: [KeychainQuery], gaps: [ResolutionGap]) {
        let answer = resolver.queries(expression.syntax, in: file)
        noteBoundsMet(answer.gaps)
        return answer
    }

    /// Resolves an expression of this file.
    public func resolve(_ expression: SwiftExpression) -> Resolution {
        let answer = resolver.resolve(expression.syntax, in: file)
        noteBoundsMet(answer.gaps)
        return answer
    }

    /// Several expressions of this file per instance of `self` (`ValueResolver.resolveJointly`).
    public func resolveJointly(_ expressions: [SwiftExpression]) -> [[Resolution]]? {
        let answer = resolver.resolveJointly(expressions.map(\.syntax), in: file)
        for resolution in (answer ?? []).joined() { noteBoundsMet(resolution.gaps) }
        return answer
    }

    /// Where an expression of this file is.
    public func location(of expression: SwiftExpression) -> ValueLocation {
        file.valueLocation(of: expression.syntax)
    }

    /// Reports a finding spanning `expression`. The fingerprint is finished by the engine.
    public func report(
        at expression: SwiftExpression, message: String, confidence: Confidence? = nil, severity: Severity? = nil,
        trace: [TraceStep] = [], remediation: String? = nil
    ) {
        report(at: expression.syntax, message: message, confidence: confidence, severity: severity, trace: trace, remediation: remediation)
    }

    /// Resolves the dictionaries an expression of this file can be (for rules that read syntax).
    package func queries(_ expression: ExprSyntax) -> (queries: [KeychainQuery], gaps: [ResolutionGap]) {
        resolver.queries(expression, in: file)
    }

    /// Resolves an expression of this file (for rules that read syntax).
    package func resolve(_ expression: ExprSyntax) -> Resolution {
        resolver.resolve(expression, in: file)
    }

    /// Reports a finding spanning `node` (for rules that read syntax). The fingerprint is
    /// finished by the engine.
    package func report(
        at node: some SyntaxProtocol,
        message: String,
        confidence: Confidence? = nil,
        severity: Severity? = nil,
        trace: [TraceStep] = [],
        remediation: String? = nil
    ) {
        report(
            at: file.valueLocation(of: node), message: message, confidence: confidence, severity: severity,
            trace: trace, snippet: SyntaxQueries.shortText(node, limit: 200), remediation: remediation)
    }

    /// Reports at a suppression comment (its line and column, up to the end of that line).
    public func reportDirective(_ directive: SuppressionDirective, message: String) {
        // The end is where the line's break starts, whichever it is (`\n`, `\r\n`, `\r`), and
        // both positions carry their character columns (SARIF's), which differ from the UTF-8
        // columns after non-ASCII text.
        let line = file.utf8Range(ofLine: directive.line)
        let start = file.location(at: min(line.lowerBound + directive.column - 1, line.upperBound))
        let end = file.location(at: line.upperBound)
        report(
            Finding(
                ruleId: rule.id,
                severity: rule.severity,
                confidence: rule.confidence,
                message: message,
                range: SourceRange(
                    file: file.path,
                    start: SourcePosition(
                        line: start.line, column: start.column, characterColumn: file.characterColumn(of: start)),
                    end: SourcePosition(
                        line: end.line, column: end.column, characterColumn: file.characterColumn(of: end))),
                remediation: rule.remediation,
                fingerprint: "\(directive.command) \(directive.ruleIds.prefix(16).joined(separator: ","))"))
    }
}
