/// The parsed form of one Objective-C file: the entry point of this target.
///
/// `ObjCSyntaxTree.parse` never fails: whatever the input, it returns a tree, with the parts it
/// could not read as `.unparsed` / `.error` nodes and diagnostics that say why. The tree keeps
/// the lexer's comments (for suppressions) and directives (for `#import`s and `#define`s).
public struct ObjCSyntaxTree: Sendable {
    /// File-scope items in source order.
    public var items: [ObjCTopLevelItem]
    /// `#define`s in source order (every `#if` branch included).
    public var macros: [ObjCMacroDefinition]
    public var tokens: [ObjCToken]
    public var comments: [ObjCComment]
    public var directives: [ObjCDirective]
    /// Lexer and parser diagnostics, ordered by position.
    public var diagnostics: [ObjCDiagnostic]
    /// Diagnostics beyond the limits, counted but not kept.
    public var droppedDiagnostics: Int
    public var lineTable: ObjCLineTable

    public static func parse(_ source: String, limits: ObjCParserLimits = .standard) -> ObjCSyntaxTree {
        parse(bytes: Array(source.utf8), limits: limits)
    }

    public static func parse(bytes: [UInt8], limits: ObjCParserLimits = .standard) -> ObjCSyntaxTree {
        let lexed = ObjCLexer.lex(bytes: bytes)
        let branches = lexed.directives.filter { $0.kind == .else || $0.kind == .elif }.map(\.range.start.offset)
        let parser = ObjCParser(tokens: lexed.tokens, limits: limits, branchOffsets: branches)
        let items = parser.parseFile()
        let macros = lexed.directives.compactMap { macroDefinition($0, limits: limits) }
        let diagnostics = (lexed.diagnostics + parser.diagnostics).sorted { $0.range.start.offset < $1.range.start.offset }
        return ObjCSyntaxTree(
            items: items, macros: macros, tokens: lexed.tokens, comments: lexed.comments,
            directives: lexed.directives, diagnostics: diagnostics,
            droppedDiagnostics: lexed.droppedDiagnostics + parser.droppedDiagnostics, lineTable: lexed.lineTable)
    }

    /// A `#define` as a macro definition, its body read as an expression when it is one.
    static func macroDefinition(_ directive: ObjCDirective, limits: ObjCParserLimits) -> ObjCMacroDefinition? {
        guard directive.kind == .define, let nameToken = directive.tokens.first, nameToken.kind == .identifier else {
            return nil
        }
        let tokens = directive.tokens
        var index = 1
        var parameters: [String]?
        if tokens.count > 1, tokens[1].isPunctuator(.leftParen), !tokens[1].flags.contains(.spaceBefore) {
            var names: [String] = []
            index = 2
            while index < tokens.count, !tokens[index].isPunctuator(.rightParen) {
                if tokens[index].kind == .identifier || tokens[index].isPunctuator(.ellipsis) {
                    names.append(tokens[index].text)
                }
                index += 1
            }
            index = min(index + 1, tokens.count)
            parameters = names
        }
        let body = Array(tokens[index...])
        var value: ObjCExpr?
        if let last = body.last {
            let end = ObjCSourceRange(start: last.range.end, end: last.range.end)
            let parser = ObjCParser(tokens: body + [ObjCToken(kind: .endOfFile, text: "", range: end)], limits: limits)
            parser.isQuiet = true
            let expression = parser.parseExpression()
            if parser.isAtEnd, !expression.containsError { value = expression }
        }
        return ObjCMacroDefinition(
            name: nameToken.text, nameRange: nameToken.range, parameters: parameters, body: body, value: value,
            range: directive.range)
    }
}
