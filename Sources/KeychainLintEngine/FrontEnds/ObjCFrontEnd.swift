import Foundation
import KeychainLintAnalysis
import KeychainLintCore
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintObjC
import KeychainLintRules

/// The Objective-C front end's part of a scan: parse a `.m`/`.mm`/`.h` file once, resolve its
/// values with `ObjCValueResolver`, hand each call to the `ObjCRule`s that name it, and apply the
/// `keychain-lint:` directives of its comments. Findings, suppression counts and the result
/// cache are the same as for Swift files.
struct ObjCFrontEnd: FrontEnd {
    static let language = SourceLanguage.objectiveC
    /// Objective-C files give the Swift name index nothing (they must never be candidates of a
    /// Swift name lookup, which would parse them as Swift); their file-scope constants are found
    /// through `ScanContext.objectiveCConstants`.
    static let feedsNameIndex = false

    let table: ObjCDispatchTable

    init(types: [any Rule.Type], models: [WrapperModel]) {
        table = ObjCDispatchTable(types: types, models: models)
    }

    /// The end of the last token or preprocessor line, by the lexer the parser reads.
    static func codeEnd(ofFile fileIndex: Int, index: ProjectIndex) -> Int? {
        let lexed = ObjCLexer.lex(index.text(at: fileIndex))
        var end = lexed.tokens.dropLast().last?.range.end.offset ?? 0
        for directive in lexed.directives { end = max(end, directive.range.end.offset) }
        return end
    }

    func analyze(
        _ fileIndex: Int, source: Scanner.PreparedFile, scan: ScanContext, rules: [Scanner.EnabledRule],
        outcome: inout Scanner.FileOutcome
    ) {
        let path = source.path
        let text = scan.index.text(at: fileIndex)
        var start = Date()
        let tree = ObjCSyntaxTree.parse(text)
        let resolver = ObjCValueResolver(path: path, source: text, tree: tree)
        resolver.constants = scan.objectiveCConstants
        outcome.parseSeconds = Date().timeIntervalSince(start)
        outcome.parsedObjC = true
        outcome.notes += Self.parserNotes(tree, path: path)

        start = Date()
        let contexts = rules.map { ObjCRuleContext(resolver: resolver, scan: scan, rule: $0.description) }
        if !table.isEmpty {
            // One walk, handing each call, identifier and member access to the rules that name it.
            let objcRules = rules.map(\.objectiveC)
            var assignedMembers: [Int: ObjCExpr] = [:]
            tree.walk(ObjCVisitor(expression: { expression, walkContext in
                switch expression.kind {
                case .call, .message:
                    guard let call = ObjCSyntaxTree.callSite(expression, walkContext), let interested = table.byCall[call.name] else { return }
                    for position in interested { objcRules[position]?.check(call, in: contexts[position]) }
                case .identifier(let name):
                    guard let interested = table.byIdentifier[name] else { return }
                    for position in interested { objcRules[position]?.check(identifier: expression, in: contexts[position]) }
                case .assignment(.assign, let target, let value):
                    // Pre-order: the assignment is met before its target, which then knows its value.
                    if case .member = target.kind { assignedMembers[target.range.start.offset] = value }
                case .member(_, let name, _):
                    guard let interested = table.byMember[name] else { return }
                    let assigned = assignedMembers.removeValue(forKey: expression.range.start.offset)
                    for position in interested { objcRules[position]?.check(member: expression, assigned: assigned, in: contexts[position]) }
                default:
                    return
                }
            }))
        }
        let commented = Self.suppressionDirectives(in: tree)
        let directives = commented.map(\.directive)
        // Directives are judged by the rules that ask for them (keychain_lint.invalid_suppression).
        for (position, entry) in rules.enumerated() where entry.type.interests.contains(.suppressionDirectives) {
            for (directive, comment) in commented {
                for message in InvalidSuppressionRule.problems(of: directive) {
                    contexts[position].reportDirective(directive, comment: comment, message: message)
                }
            }
        }
        for context in contexts {
            outcome.collect(context.findings, gaps: context.gaps, notes: context.notes, suppressedBy: directives)
            outcome.keepJudgementsAfterWalk(of: context, suppressedBy: directives)
        }
        // A bound meant for generated or hostile code may hide a finding: said without --verbose.
        if let spent = resolver.budgetSpentAt {
            outcome.notes.append(ScanDiagnostic(
                kind: .fileNote, file: path, position: SourcePosition(line: spent.start.line, column: spent.start.column),
                message: "analysis limit: the file's Objective-C analysis budget (\(ObjCValueResolver.maximumStepsPerFile) steps) was spent here; later values in the file are not followed"))
        }
        // What the resolver said about names defined by several files (one per target, say).
        for note in resolver.notes {
            outcome.notes.append(ScanDiagnostic(
                kind: .unresolved, file: path, position: SourcePosition(line: note.range.start.line, column: note.range.start.column),
                message: note.message))
        }
        outcome.ruleSeconds = Date().timeIntervalSince(start)
    }

    /// What the parser stepped over, said so that no finding is lost silently: nesting beyond the
    /// parser's limit is an analysis limit (said without `--verbose` too, like Swift's); other
    /// skipped code is one `--verbose` note per file, with the first place.
    static func parserNotes(_ tree: ObjCSyntaxTree, path: String) -> [ScanDiagnostic] {
        var notes: [ScanDiagnostic] = []
        if let limit = tree.diagnostics.first(where: { $0.kind == .nestingLimit }) {
            notes.append(ScanDiagnostic(
                kind: .fileNote, file: path, position: SourcePosition(line: limit.range.start.line, column: limit.range.start.column),
                message: "analysis limit: Objective-C nested more than \(ObjCParserLimits.standard.maximumDepth) levels deep: the rest of that construct is not analysed"))
        }
        let skipped = tree.diagnostics.filter { [.skippedConstruct, .unexpectedToken, .missingClose, .missingEnd].contains($0.kind) }
        if let first = skipped.first {
            let count = skipped.count + tree.droppedDiagnostics
            notes.append(ScanDiagnostic(
                kind: .unresolved, file: path, position: SourcePosition(line: first.range.start.line, column: first.range.start.column),
                message: "the Objective-C parser stepped over \(count) construct\(count == 1 ? "" : "s") it does not read (first: \(first.message)); code inside them is not analysed"))
        }
        return notes
    }

    /// `// keychain-lint:disable-next-line objc.weak_biometric_acl -- reason` and the file-wide
    /// form, read from the lexer's comments. A next-line directive covers the statement that starts
    /// on the following line, up to its `;` or the `{` of its body.
    static func suppressionDirectives(in tree: ObjCSyntaxTree) -> [(directive: SuppressionDirective, comment: ObjCSourceRange)] {
        var result: [(directive: SuppressionDirective, comment: ObjCSourceRange)] = []
        for comment in tree.comments where comment.text.contains(SuppressionDirective.prefix) {
            guard let parsed = SuppressionDirective.parse(comment: comment.text) else { continue }
            let line = comment.range.start.line
            let directive = SuppressionDirective(
                scope: SuppressionDirective.Scope(rawValue: parsed.command), command: parsed.command, ruleIds: parsed.ruleIds,
                reason: parsed.reason, line: line, column: comment.range.start.column,
                coveredLines: coveredLines(after: comment.range.end.offset, line: line, tokens: tree.tokens))
            result.append((directive, comment.range))
        }
        return result
    }

    private static func coveredLines(after offset: Int, line: Int, tokens: [ObjCToken]) -> ClosedRange<Int> {
        let target = line + 1
        var low = 0
        var high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].range.start.offset < offset { low = middle + 1 } else { high = middle }
        }
        guard low < tokens.count, tokens[low].range.start.line == target else { return target...target }
        var depth = 0
        var index = low
        // A statement ends at its `;` outside parentheses and brackets, or where a body opens.
        while index < tokens.count, index - low < 10_000 {
            let token = tokens[index]
            if token.isPunctuator(.leftParen) || token.isPunctuator(.leftBracket) { depth += 1 }
            if token.isPunctuator(.rightParen) || token.isPunctuator(.rightBracket) { depth = max(0, depth - 1) }
            if depth == 0, token.isPunctuator(.semicolon) || token.isPunctuator(.leftBrace) {
                return target...max(target, token.range.start.line)
            }
            index += 1
        }
        return target...target
    }
}

/// Which Objective-C rules want each call (by function name or selector), by position in the
/// plan's rule order; built once per scan.
struct ObjCDispatchTable: Sendable {
    let byCall: [String: [Int]]
    let byIdentifier: [String: [Int]]
    let byMember: [String: [Int]]

    var isEmpty: Bool { byCall.isEmpty && byIdentifier.isEmpty && byMember.isEmpty }

    /// `models`: the wrapper library models of the scan, whose Objective-C calls and property
    /// settings wrapper-aware rules are handed too.
    init(types: [any Rule.Type], models: [WrapperModel] = []) {
        var byCall: [String: [Int]] = [:]
        var byIdentifier: [String: [Int]] = [:]
        var byMember: [String: [Int]] = [:]
        for (position, type) in types.enumerated() {
            guard let objc = RuleRegistry.objectiveCRule(type) else { continue }
            for name in objc.calls(models: models) where byCall[name]?.contains(position) != true { byCall[name, default: []].append(position) }
            for name in objc.identifiers where byIdentifier[name]?.contains(position) != true { byIdentifier[name, default: []].append(position) }
            for name in objc.members(models: models) where byMember[name]?.contains(position) != true { byMember[name, default: []].append(position) }
        }
        self.byCall = byCall
        self.byIdentifier = byIdentifier
        self.byMember = byMember
    }
}
