import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore
import KeychainLintRules
import SwiftSyntax

/// Finds `keychain-lint:` directives in comment trivia and works out what each one covers.
enum SuppressionCollector {
    static func directives(in file: SourceFile) -> [SuppressionDirective] {
        var result: [SuppressionDirective] = []
        for token in file.tree.tokens(viewMode: .sourceAccurate) {
            var offset = token.position.utf8Offset
            for piece in token.leadingTrivia {
                if let directive = directive(piece, at: offset, before: token, in: file) { result.append(directive) }
                offset += piece.sourceLength.utf8Length
            }
            offset = token.endPositionBeforeTrailingTrivia.utf8Offset
            for piece in token.trailingTrivia {
                if let next = token.nextToken(viewMode: .sourceAccurate),
                    let directive = directive(piece, at: offset, before: next, in: file)
                {
                    result.append(directive)
                }
                offset += piece.sourceLength.utf8Length
            }
        }
        return result
    }

    private static func directive(_ piece: TriviaPiece, at offset: Int, before next: TokenSyntax, in file: SourceFile)
        -> SuppressionDirective?
    {
        let text: String
        switch piece {
        case .lineComment(let comment), .blockComment(let comment), .docLineComment(let comment),
            .docBlockComment(let comment):
            text = comment
        default:
            return nil
        }
        guard text.contains(SuppressionDirective.prefix),
            let parsed = SuppressionDirective.parse(comment: text)
        else { return nil }
        let location = file.location(at: offset)
        let scope = SuppressionDirective.Scope(rawValue: parsed.command)
        return SuppressionDirective(
            scope: scope, command: parsed.command, ruleIds: parsed.ruleIds, reason: parsed.reason,
            line: location.line, column: location.column,
            coveredLines: coveredLines(after: location.line, next: next, in: file))
    }

    /// The statement that starts on the line after the comment: from its first line to its last,
    /// or to the opening brace of its body (a directive before a `func` or an `if` covers the
    /// signature or condition, not everything inside).
    private static func coveredLines(after line: Int, next token: TokenSyntax, in file: SourceFile) -> ClosedRange<Int> {
        let target = line + 1
        guard file.line(of: token) == target else { return target...target }
        var node = Syntax(token)
        let start = token.positionAfterSkippingLeadingTrivia
        while let parent = node.parent, parent.positionAfterSkippingLeadingTrivia == start,
            !parent.is(CodeBlockItemListSyntax.self), !parent.is(MemberBlockItemListSyntax.self),
            !parent.is(SourceFileSyntax.self)
        {
            node = parent
            if parent.is(CodeBlockItemSyntax.self) || parent.is(MemberBlockItemSyntax.self) { break }
        }
        var end = file.endLocation(of: node).line
        if let brace = firstBodyBrace(in: node) {
            end = min(end, file.line(of: brace))
        }
        return target...max(target, end)
    }

    private static func firstBodyBrace(in node: Syntax) -> TokenSyntax? {
        for descendant in node.children(viewMode: .sourceAccurate) {
            if let block = descendant.as(CodeBlockSyntax.self) { return block.leftBrace }
            if let members = descendant.as(MemberBlockSyntax.self) { return members.leftBrace }
            if descendant.is(ClosureExprSyntax.self) { continue }
            if let found = firstBodyBrace(in: descendant) { return found }
        }
        return nil
    }
}
