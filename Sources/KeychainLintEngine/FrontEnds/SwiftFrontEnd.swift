import Foundation
import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintCore
import KeychainLintModel
import KeychainLintRules
import SwiftSyntax

/// The Swift front end's part of a scan: the file is parsed once (by the index, which shares
/// the tree with the resolver), walked once by `RuleDispatcher`, which hands each call, member
/// access and identifier to the rules that declared an interest in it, and its `keychain-lint:`
/// comments are read from the tree's trivia.
struct SwiftFrontEnd: FrontEnd {
    static let language = SourceLanguage.swift
    /// Swift files feed the name index: the resolver follows names across them.
    static let feedsNameIndex = true

    let table: DispatchTable
    /// Whether a check of the scan asks what every Keychain and LocalAuthentication call of the
    /// scan does (`ScanWideCalls`): each file's share is then gathered while its tree is held.
    let gathersScanWideCalls: Bool

    init(types: [any Rule.Type], models: [WrapperModel]) {
        table = DispatchTable(types: types, models: models)
        gathersScanWideCalls = ScanWideCalls.isAsked(by: types)
    }

    func analyze(
        _ fileIndex: Int, source: Scanner.PreparedFile, scan: ScanContext, rules: [Scanner.EnabledRule],
        outcome: inout Scanner.FileOutcome
    ) {
        let index = scan.index
        var start = Date()
        let file = index.file(at: fileIndex)
        outcome.parseSeconds = Date().timeIntervalSince(start)
        if let note = file.limitNote { outcome.notes.append(Scanner.limitDiagnostic(path: file.path, note)) }

        start = Date()
        // The scan-wide pass would parse the file again once its tree is let go: its share is
        // taken now. The checks that ask judge after the walk (`RuleFileContext.afterWalk`).
        if gathersScanWideCalls { ScanWideCalls.gather(inFile: fileIndex, scan: scan) }
        let contexts = rules.map { RuleContext(file: file, scan: scan, rule: $0.description) }
        // Positions follow the plan's rule order; the Objective-C rules' are nil (the table never
        // names them).
        let swiftRules = rules.map(\.swift)
        let directives = source.hasDirectives ? SuppressionCollector.directives(in: file) : []
        // The walk's questions about this file share one budget (`QuestionLedger`).
        QuestionLedger.charging(file: file.id) {
            if source.mayMatch {
                let dispatcher = RuleDispatcher(rules: swiftRules, contexts: contexts, table: table)
                dispatcher.walk(file.tree)
            }
            for position in table.directiveRules {
                for directive in directives { swiftRules[position]?.check(.suppression(directive), in: contexts[position]) }
            }
        }
        for context in contexts {
            outcome.collect(context.findings, gaps: context.gaps, notes: context.notes, suppressedBy: directives)
            outcome.keepJudgementsAfterWalk(of: context, suppressedBy: directives)
        }
        outcome.ruleSeconds = Date().timeIntervalSince(start)
    }

    /// The end of the last token before the end of the file: trivia after it that is only
    /// whitespace and comments is not code (unexpected text there is, to be safe).
    static func codeEnd(ofFile fileIndex: Int, index: ProjectIndex) -> Int? {
        let file = index.file(at: fileIndex)
        guard file.limitNote == nil else { return nil }
        let endOfFile = file.tree.endOfFileToken
        guard let last = endOfFile.previousToken(viewMode: .sourceAccurate) else { return 0 }
        var end = last.endPositionBeforeTrailingTrivia.utf8Offset
        var offset = end
        for piece in Array(last.trailingTrivia) + Array(endOfFile.leadingTrivia) {
            offset += piece.sourceLength.utf8Length
            if !piece.isWhitespace && !piece.isComment { end = offset }
        }
        return end
    }
}

/// Which rules want each node kind, by position in the plan's rule order: derived from the
/// rules' declared interests once per scan, not once per file (a rule's interests with wrapper
/// models take work to derive). Every variant of a `RulePlan` lists the same rule types in the
/// same order, so one table serves them all.
struct DispatchTable: Sendable {
    let byCallee: [String: [Int]]
    let byMember: [String: [Int]]
    let byIdentifier: [String: [Int]]
    /// The rules handed a file's suppression directives.
    let directiveRules: [Int]

    init(types: [any Rule.Type], models: [WrapperModel]) {
        var byCallee: [String: [Int]] = [:]
        var byMember: [String: [Int]] = [:]
        var byIdentifier: [String: [Int]] = [:]
        var directiveRules: [Int] = []
        for (position, type) in types.enumerated() where RuleRegistry.swiftRule(type) != nil {
            for interest in type.interests(models: models) {
                switch interest {
                // One rule may want a name for several reasons (two libraries' `set`): it is
                // handed each call once.
                case .call(let name), .callInModule(let name, _):
                    if byCallee[name]?.contains(position) != true { byCallee[name, default: []].append(position) }
                case .memberAccess(let name): byMember[name, default: []].append(position)
                case .identifier(let name): byIdentifier[name, default: []].append(position)
                case .suppressionDirectives:
                    if directiveRules.last != position { directiveRules.append(position) }
                }
            }
        }
        self.byCallee = byCallee
        self.byMember = byMember
        self.byIdentifier = byIdentifier
        self.directiveRules = directiveRules
    }
}

/// The one walk per file: hands each node kind to the rules that declared an interest in it.
final class RuleDispatcher: SyntaxVisitor {
    private let rules: [(any SwiftRule)?]
    private let contexts: [RuleContext]
    private let byCallee: [String: [Int]]
    private let byMember: [String: [Int]]
    private let byIdentifier: [String: [Int]]

    init(rules: [(any SwiftRule)?], contexts: [RuleContext], table: DispatchTable) {
        self.rules = rules
        self.contexts = contexts
        self.byCallee = table.byCallee
        self.byMember = table.byMember
        self.byIdentifier = table.byIdentifier
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if !byCallee.isEmpty, let name = SyntaxQueries.calleeName(of: node), let interested = byCallee[name] {
            for position in interested { rules[position]?.check(.call(SwiftCall(node)), in: contexts[position]) }
        }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if !byMember.isEmpty, let interested = byMember[node.declName.baseName.text] {
            for position in interested { rules[position]?.check(.memberAccess(SwiftMemberAccess(node)), in: contexts[position]) }
        }
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        // The member name inside `x.name` is a DeclReferenceExpr too; that is a member access.
        if !byIdentifier.isEmpty, let interested = byIdentifier[node.baseName.text],
            node.parent?.as(MemberAccessExprSyntax.self)?.declName.id != node.id
        {
            for position in interested { rules[position]?.check(.identifier(SwiftIdentifier(node)), in: contexts[position]) }
        }
        return .visitChildren
    }
}
