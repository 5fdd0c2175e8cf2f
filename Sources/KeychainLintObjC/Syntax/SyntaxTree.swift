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
    /// The constants of the file's `enum` bodies, in source order.
    public var enumerators: [ObjCEnumerator] = []
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
        var tree = ObjCSyntaxTree(
            items: items, macros: macros, tokens: lexed.tokens, comments: lexed.comments,
            directives: lexed.directives, diagnostics: diagnostics,
            droppedDiagnostics: lexed.droppedDiagnostics + parser.droppedDiagnostics, lineTable: lexed.lineTable)
        tree.enumerators = parser.enumBodies.flatMap { body in
            // `typedef enum { … } VaultPolicy;`: without a tag, the name the typedef gives.
            let after = lexed.tokens[min(body.tokens.upperBound, lexed.tokens.count - 1)...].prefix(2)
            let typedefName = after.count == 2 && after.first!.kind == .identifier && after.last!.isPunctuator(.semicolon)
                ? after.first!.text : nil
            return enumerators(in: Array(lexed.tokens[body.tokens]), typeName: body.typeName ?? typedefName, limits: limits)
        }
        return tree
    }

    /// The constants of one `enum` body (its tokens, braces included): `Name`, `Name = value`,
    /// with attribute macros between (`Name API_AVAILABLE(ios(9.0)) = 1 << 1`), split at the
    /// commas outside brackets.
    static func enumerators(in body: [ObjCToken], typeName: String? = nil, limits: ObjCParserLimits) -> [ObjCEnumerator] {
        guard body.count >= 2 else { return [] }
        var elements: [[ObjCToken]] = [[]]
        var depth = 0
        for token in body.dropFirst().dropLast() {
            switch token.kind {
            case .punctuator(.leftParen), .punctuator(.leftBracket), .punctuator(.leftBrace): depth += 1
            case .punctuator(.rightParen), .punctuator(.rightBracket), .punctuator(.rightBrace): depth -= 1
            case .punctuator(.comma) where depth == 0:
                elements.append([])
                continue
            default: break
            }
            elements[elements.count - 1].append(token)
        }
        var result: [ObjCEnumerator] = []
        for element in elements {
            guard let nameToken = element.first, nameToken.kind == .identifier else { continue }
            var value: ObjCExpr?
            let equals = element.firstIndex { $0.isPunctuator(.equal) }
            if let equals, equals + 1 < element.count {
                let tokens = Array(element[(equals + 1)...])
                let end = ObjCSourceRange(start: tokens.last!.range.end, end: tokens.last!.range.end)
                let parser = ObjCParser(tokens: tokens + [ObjCToken(kind: .endOfFile, text: "", range: end)], limits: limits)
                parser.isQuiet = true
                let expression = parser.parseExpression()
                if parser.isAtEnd, !expression.containsError { value = expression }
            }
            result.append(
                ObjCEnumerator(
                    name: nameToken.text, nameRange: nameToken.range, value: value, hasWrittenValue: equals != nil,
                    previous: result.last?.name, typeName: typeName))
        }
        return result
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
