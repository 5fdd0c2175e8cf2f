import Foundation
import KeychainLintAnalysis
import KeychainLintModel
import KeychainLintCore
import SwiftSyntax

/// The kinds of syntax a rule wants to be handed. The engine's single walk dispatches only these,
/// and the text prefilter is derived from them, so a rule cannot forget to declare its triggers.
public enum SyntaxInterest: Hashable, Sendable {
    /// Calls whose callee base name is this (`SecAccessControlCreateWithFlags`, `evaluatePolicy`).
    case call(String)
    /// Calls whose callee base name is `name`, wanted only in files that import `module`
    /// (a wrapper library's `set`, `accessibility`): the prefilter looks for the module's name,
    /// not for a common method name, and the rule checks the import itself.
    case callInModule(String, module: String)
    /// Member accesses `x.name` / `.name` with this member name (`touchIDAny`, `evaluatedPolicyDomainState`).
    case memberAccess(String)
    /// Bare identifiers with this name (`kSecUseOperationPrompt`, `kSecAttrAccessibleAlways`).
    case identifier(String)
    /// `keychain-lint:` suppression directives in comments.
    case suppressionDirectives

    /// The identifier a file must contain (as a whole word) for this interest to possibly match;
    /// nil for suppression directives, which are found by their text.
    public var identifierWord: String? {
        switch self {
        case .call(let name), .memberAccess(let name), .identifier(let name): name
        case .callInModule(_, let module): module
        case .suppressionDirectives: nil
        }
    }
}

/// A node handed to a rule.
public enum RuleInput {
    case call(FunctionCallExprSyntax)
    case memberAccess(MemberAccessExprSyntax)
    case identifier(DeclReferenceExprSyntax)
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
    private let lock = NSLock()
    private var facts: [FactID: any FactBox] = [:]
    /// One lock per fact, held while it is computed: a scan-wide fact can take seconds, and two
    /// threads computing the same one at once would only double that.
    private var factLocks: [FactID: NSLock] = [:]
    private var factNames: [String: Set<String>] = [:]

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

    /// A scan-wide fact, computed once, on first use (by whichever thread asks first; the others
    /// wait for it), and cached. `compute` must be deterministic and must not ask for the same fact
    /// (it may ask for others, which must not ask for it in turn).
    public func fact<T>(_ key: ScanFact<T>, _ compute: () -> T) -> T {
        Dependencies.recordFact(key.name)
        let id = FactID(name: key.name, type: ObjectIdentifier(T.self))
        if let cached = lock.withLock({ facts[id] }) as? Fact<T> {
            return cached.value
        }
        let factLock = lock.withLock { () -> NSLock in
            if let existing = factLocks[id] { return existing }
            let created = NSLock()
            factLocks[id] = created
            return created
        }
        factLock.lock()
        defer { factLock.unlock() }
        if let cached = lock.withLock({ facts[id] }) as? Fact<T> {
            return cached.value
        }
        let (value, recorded) = Dependencies.isolated(compute)
        lock.withLock {
            facts[id] = Fact(value: value)
            // A fact built on other facts depends on their names too (they are computed by now).
            var names = recorded.names
            for inner in recorded.facts where inner != key.name { names.formUnion(factNames[inner] ?? []) }
            factNames[key.name] = names
        }
        return value
    }

    /// A fact is stored under its name and its value's type, so that two facts can never read
    /// each other's values, whatever their names.
    private struct FactID: Hashable {
        let name: String
        let type: ObjectIdentifier
    }

    private protocol FactBox {}

    /// A fact's value, boxed: an Optional fact that is nil must not read as "not computed yet"
    /// (`nil as? T` succeeds when `T` is Optional).
    private struct Fact<T>: FactBox {
        let value: T
    }

    /// The names each fact computed so far looked up (for the result cache).
    public var factDependencies: [String: Set<String>] {
        lock.withLock { factNames }
    }
}

/// The key of a scan-wide fact (`ScanContext.fact`): its type fixes the type of the fact's value,
/// and its name — unique among facts, prefixed with the rule's id — is what the result cache
/// records as a dependency of the files whose findings used it.
public struct ScanFact<Value>: Sendable {
    public let name: String

    public init(_ name: String) {
        self.name = name
    }
}

/// A non-Swift file of the scan that some rules read.
public struct ProjectFileInput: Sendable {
    public enum Kind: String, Sendable { case infoPlist, pbxproj, xcconfig }
    public var path: String
    public var kind: Kind
    public var data: Data

    public init(path: String, kind: Kind, data: Data) {
        self.path = path
        self.kind = kind
        self.data = data
    }
}

/// One rule: its description (metadata, docs, examples) and its check. One type per file.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    /// The language whose front end hands the rule its input (`ObjCRule`s say `.objectiveC`).
    static var language: SourceLanguage { get }
    static var interests: [SyntaxInterest] { get }
    /// The interests with the calls of `models` a rule judges through wrapper models (the
    /// configuration may declare models beyond the built-in ones); `interests` for the others.
    static func interests(models: [WrapperModel]) -> [SyntaxInterest]
    /// `options` are the rule's effective options (defaults merged with the configuration).
    init(options: [String: ConfigValue])
    func check(_ input: RuleInput, in context: RuleContext)
}

extension Rule {
    public static func interests(models: [WrapperModel]) -> [SyntaxInterest] { interests }
    public static var language: SourceLanguage { .swift }
}

/// What a rule sees of the scan while it checks one file, and where it reports.
public final class RuleContext {
    public let file: SourceFile
    public let scan: ScanContext
    public let rule: RuleDescription
    public private(set) var findings: [Finding] = []
    public private(set) var gaps: [ResolutionGap] = []
    /// Notes for `--verbose` that are not resolution gaps (e.g. "no Info.plist in the scan").
    public private(set) var notes: [ScanDiagnostic] = []

    public var resolver: ValueResolver { scan.resolver }

    /// Answers the rule works out once per file and needs again (the uses of a name in a scope,
    /// asked for each of its declarations): generated code with thousands of declarations in one
    /// function would otherwise take time quadratic in them. Keys are typed values, one type per
    /// kind of question. A context serves one file on one thread.
    private var memos: [AnyHashable: Any] = [:]

    public func memo<Key: Hashable, Answer>(_ key: Key, _ compute: () -> Answer) -> Answer {
        if let cached = memos[AnyHashable(key)] as? Answer { return cached }
        let answer = compute()
        memos[AnyHashable(key)] = answer
        return answer
    }

    public init(file: SourceFile, scan: ScanContext, rule: RuleDescription) {
        self.file = file
        self.scan = scan
        self.rule = rule
    }

    /// Resolves the dictionaries an expression of this file can be.
    public func queries(_ expression: ExprSyntax) -> (queries: [KeychainQuery], gaps: [ResolutionGap]) {
        resolver.queries(expression, in: file)
    }

    public func note(_ diagnostic: ScanDiagnostic) {
        notes.append(diagnostic)
    }

    /// Reports at a location that may lie in another file (a helper's dictionary entry); the
    /// engine drops duplicates when several calls lead to the same place.
    public func report(
        at location: ValueLocation, message: String, confidence: Confidence? = nil, severity: Severity? = nil,
        trace: [TraceStep] = [], snippet: String
    ) {
        findings.append(
            Finding(rule: rule, at: location, message: message, confidence: confidence, severity: severity, trace: trace, snippet: snippet))
    }

    /// Resolves an expression of this file.
    public func resolve(_ expression: ExprSyntax) -> Resolution {
        resolver.resolve(expression, in: file)
    }

    /// Records where resolution stopped, for `--verbose`.
    public func noteGaps(_ resolution: Resolution, asking question: String) {
        for gap in resolution.gaps {
            gaps.append(ResolutionGap(file: gap.file, line: gap.line, column: gap.column,
                                      reason: "\(rule.id): \(question): \(gap.reason)", kind: gap.kind))
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
        report(
            at: file.valueLocation(of: node), message: message, confidence: confidence, severity: severity,
            trace: trace, snippet: SyntaxQueries.shortText(node, limit: 200))
    }

    /// Reports at a suppression comment (its line and column, up to the end of that line).
    public func reportDirective(_ directive: SuppressionDirective, message: String) {
        // The end is where the line's break starts, whichever it is (`\n`, `\r\n`, `\r`), and
        // both positions carry their character columns (SARIF's), which differ from the UTF-8
        // columns after non-ASCII text.
        let line = file.utf8Range(ofLine: directive.line)
        let start = file.location(at: min(line.lowerBound + directive.column - 1, line.upperBound))
        let end = file.location(at: line.upperBound)
        findings.append(
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

extension Finding {
    /// A rule's finding at a location, with the path its value took as related locations; the
    /// fingerprint (`snippet`) is finished by the engine. Every front end's rule context reports
    /// through this, so findings look the same whatever the language.
    public init(
        rule: RuleDescription, at location: ValueLocation, message: String, confidence: Confidence? = nil,
        severity: Severity? = nil, trace: [TraceStep] = [], snippet: String
    ) {
        self.init(
            ruleId: rule.id,
            severity: severity ?? rule.severity,
            confidence: confidence ?? rule.confidence,
            message: message,
            range: SourceRange(
                file: location.file,
                start: SourcePosition(line: location.line, column: location.column, characterColumn: location.characterColumn),
                end: SourcePosition(line: location.endLine, column: location.endColumn, characterColumn: location.endCharacterColumn)),
            remediation: rule.remediation,
            relatedLocations: trace.map { step in
                RelatedLocation(
                    range: SourceRange(
                        file: step.file, start: SourcePosition(line: step.line, column: step.column),
                        end: SourcePosition(line: step.line, column: step.column)),
                    message: step.text)
            },
            fingerprint: snippet)
    }
}
