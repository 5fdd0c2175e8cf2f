/// Types and declarators: enough of C's type grammar to step over any type correctly and to
/// know a declaration's names, base type, pointers and block-ness.
///
/// Without a symbol table, `A B;` and `A * b;` cannot be told apart from expressions by grammar
/// alone; like other tolerant C front ends, the parser decides by shape (two names in a row,
/// `Name *name =`, a type keyword), with bounded lookahead. Words it does not know that look
/// like attribute macros (`API_AVAILABLE(ios(11))`, `NS_REFINED_FOR_SWIFT`) are stepped over.

/// Words that only ever appear in types or declarations.
let storageWords: Set<String> = [
    "static", "extern", "typedef", "__block", "register", "auto", "inline", "__inline",
    "__inline__", "_Thread_local", "thread_local", "constexpr", "mutable", "virtual", "explicit",
]
let qualifierWords: Set<String> = [
    "const", "volatile", "restrict", "__restrict", "__restrict__", "__const", "__volatile__",
    "__nullable", "__nonnull", "__null_unspecified", "_Nullable", "_Nonnull", "_Null_unspecified",
    "_Nullable_result", "nullable", "nonnull", "null_unspecified", "null_resettable",
    "__weak", "__strong", "__unsafe_unretained", "__autoreleasing", "__kindof", "__unused",
    "__covariant", "__contravariant", "oneway", "in", "out", "inout", "bycopy", "byref",
    "NS_NOESCAPE", "__attribute__", "__attribute", "__declspec", "_Atomic", "__deprecated",
]
let builtinTypeWords: Set<String> = [
    "void", "char", "short", "int", "long", "float", "double", "signed", "unsigned", "_Bool",
    "bool", "_Complex", "__int128", "wchar_t", "char16_t", "char32_t", "__auto_type",
]
let tagWords: Set<String> = ["struct", "union", "enum", "class"]
/// The Foundation and Core Foundation macros that declare an enumeration type with a body.
let enumMacros: Set<String> = [
    "NS_ENUM", "NS_OPTIONS", "NS_CLOSED_ENUM", "NS_ERROR_ENUM", "CF_ENUM", "CF_OPTIONS", "CF_CLOSED_ENUM",
]
let typeofWords: Set<String> = ["typeof", "__typeof", "__typeof__", "decltype"]
let bridgeWords: [String: ObjCBridgeKind] = [
    "__bridge": .bridge, "__bridge_transfer": .bridgeTransfer, "__bridge_retained": .bridgeRetained,
]
/// Common type names that may be cast to a negative or dereferenced value: `(NSInteger)-1`.
let wellKnownTypeNames: Set<String> = [
    "id", "BOOL", "NSInteger", "NSUInteger", "CGFloat", "CFIndex", "OSStatus", "SInt32", "UInt32",
    "UInt8", "SInt8", "UInt16", "SInt16", "UInt64", "SInt64", "size_t", "ssize_t", "Class", "SEL",
    "instancetype", "NSTimeInterval",
]

/// Qualifiers the parser accepts inside ObjC method types and property attributes only
/// (`nullable`, `in`, `out` are ordinary names elsewhere).
let contextualQualifierWords: Set<String> = [
    "nullable", "nonnull", "null_unspecified", "null_resettable", "oneway", "in", "out", "inout",
    "bycopy", "byref",
]

struct DeclarationSpecifiers {
    var storage: [String] = []
    var qualifiers: [String] = []
    var baseName: String?
    /// The token of a one-word base type (`NSString`), to unspell it if it turns out a macro.
    var baseIndex: Int?
    var tokenIndices: [Int] = []
    var start: ObjCSourceLocation
    var isEmpty: Bool { tokenIndices.isEmpty }
}

struct DeclaratorShape {
    var name: String?
    var nameRange: ObjCSourceRange?
    var pointerDepth = 0
    var isBlock = false
    var qualifiers: [String] = []
    var tokenIndices: [Int] = []
    var functionParameters: [ObjCParameter]?
}

extension ObjCParser {
    /// An identifier that looks like an attribute or availability macro: all upper-case letters,
    /// digits and underscores, at least one underscore (`NS_SWIFT_NAME`, `API_AVAILABLE`).
    @inline(never)
    func isAttributeMacro(_ token: ObjCToken) -> Bool {
        guard token.kind == .identifier, token.text.contains("_") else { return false }
        return token.text.utf8.allSatisfy { ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) || $0 == 95 }
    }

    func isQualifier(_ token: ObjCToken, contextual: Bool) -> Bool {
        guard token.kind == .identifier else { return false }
        if contextualQualifierWords.contains(token.text) { return contextual }
        return qualifierWords.contains(token.text)
    }

    /// Steps over a `__attribute__((…))`-style word and its parentheses; records nothing.
    func skipAttribute(into indices: inout [Int]) {
        advance()
        if at(.leftParen) { skipBalancedGroup() }
    }

    /// Steps over a `{ … }` body of a tag or a type macro; an `enum`'s is kept for its constants,
    /// with the name of the type it declares when the tag or macro writes one.
    func skipBody(ofEnum isEnum: Bool, typeName: String? = nil) {
        let from = position
        skipBalancedGroup()
        if isEnum { enumBodies.append((from..<position, typeName)) }
    }

    /// Reads declaration specifiers: storage, qualifiers, the base type (with generic or protocol
    /// arguments), tags (`struct X { … }` bodies are skipped), `typeof(…)`, `NS_ENUM(…)`.
    /// `contextual` admits `nullable`, `in`, `out` (method types, property types).
    func parseDeclarationSpecifiers(contextual: Bool = false) -> DeclarationSpecifiers {
        var specifiers = DeclarationSpecifiers(start: startLocation)
        var sawType = false
        while !isAtEnd {
            let token = current
            guard token.kind == .identifier else { break }
            let text = token.text
            if storageWords.contains(text) {
                specifiers.storage.append(text)
                advance()
            } else if text == "__attribute__" || text == "__attribute" || text == "__declspec"
                || (text == "IBOutletCollection" && peek().isPunctuator(.leftParen))
            {
                // `IBOutletCollection(UIButton) NSArray *buttons`: Interface Builder's marker.
                skipAttribute(into: &specifiers.tokenIndices)
            } else if isQualifier(token, contextual: contextual) {
                specifiers.qualifiers.append(text)
                specifiers.tokenIndices.append(position)
                advance()
            } else if builtinTypeWords.contains(text) {
                // `unsigned long long`, `long double`: several builtin words make one type.
                if specifiers.baseName == nil || builtinTypeWords.contains(specifiers.baseName!) {
                    specifiers.baseName = specifiers.baseName.map { $0 + " " + text } ?? text
                }
                sawType = true
                specifiers.tokenIndices.append(position)
                advance()
            } else if tagWords.contains(text) {
                specifiers.tokenIndices.append(position)
                advance()
                if atIdentifier() {
                    specifiers.baseName = text + " " + current.text
                    specifiers.tokenIndices.append(position)
                    advance()
                } else {
                    specifiers.baseName = text
                }
                if at(.colon) {
                    // `enum : NSInteger { … }`
                    advance()
                    while atIdentifier() { advance() }
                }
                if at(.leftBrace) {
                    // `enum VaultPolicy : NSInteger { … }`: the tag is the type's name.
                    let tag = specifiers.baseName.map { String($0.dropFirst(text.count + 1)) } ?? ""
                    skipBody(ofEnum: text == "enum", typeName: tag.isEmpty ? nil : tag)
                }
                sawType = true
            } else if typeofWords.contains(text) {
                specifiers.baseName = text
                specifiers.tokenIndices.append(position)
                advance()
                if at(.leftParen) {
                    let from = position
                    skipBalancedGroup()
                    specifiers.tokenIndices.append(contentsOf: from..<position)
                }
                sawType = true
            } else if !sawType {
                if bridgeWords[text] != nil { break }
                specifiers.baseName = text
                specifiers.baseIndex = position
                specifiers.tokenIndices.append(position)
                advance()
                sawType = true
                // C++ qualified names in `.mm` files: `std::shared_ptr<T>`, `facebook::react::X`.
                while at(.colonColon), peek().kind == .identifier {
                    specifiers.tokenIndices += [position, position + 1]
                    advance()
                    specifiers.baseName! += "::" + advance().text
                    specifiers.baseIndex = nil
                }
                if at(.leftParen), isAttributeMacro(token) {
                    // `NS_ENUM(NSInteger, Kind)`, `NS_OPTIONS(…)`: a type made by a macro.
                    let from = position
                    skipBalancedGroup()
                    specifiers.tokenIndices.append(contentsOf: from..<position)
                    // `NS_OPTIONS(NSUInteger, VaultPolicy)`: the type is the last name in the parentheses.
                    let typeName = tokens[from..<position].last { $0.kind == .identifier }?.text
                    if at(.leftBrace) { skipBody(ofEnum: enumMacros.contains(text), typeName: typeName) }
                } else if at(.less) {
                    let from = position
                    skipAngleGroup()
                    specifiers.tokenIndices.append(contentsOf: from..<position)
                }
            } else if isAttributeMacro(token) && (peek().isPunctuator(.leftParen) || peek().kind == .identifier) {
                // `FOUNDATION_EXPORT NSString *…`, `API_AVAILABLE(ios(11)) BOOL …`.
                advance()
                if at(.leftParen) { skipBalancedGroup() }
            } else {
                // A second name after the type is the declarator's name, unless another type
                // word follows it (`FOUNDATION_EXPORT NSString *k`, `MY_EXPORT id k`).
                let next = peek()
                let nextIsTypeContinuation = next.isPunctuator(.star) || next.isPunctuator(.less)
                    || (next.kind == .identifier && next.text != "in" && bridgeWords[next.text] == nil)
                guard nextIsTypeContinuation else { break }
                if let previous = specifiers.baseName {
                    // The earlier word was a macro (`FOUNDATION_EXPORT`): a qualifier, not spelled.
                    specifiers.qualifiers.append(previous)
                    if let index = specifiers.baseIndex { specifiers.tokenIndices.removeAll { $0 == index } }
                }
                specifiers.baseName = text
                specifiers.baseIndex = position
                specifiers.tokenIndices.append(position)
                advance()
                if at(.less) {
                    let from = position
                    skipAngleGroup()
                    specifiers.tokenIndices.append(contentsOf: from..<position)
                }
            }
        }
        return specifiers
    }

    /// Reads a declarator: pointers with their qualifiers, the name (absent when `abstract`),
    /// `(^name)(…)` / `(*name)(…)` block and function pointers, array and parameter suffixes,
    /// and trailing attribute macros.
    func parseDeclarator(abstract: Bool, contextual: Bool = false) -> DeclaratorShape {
        var shape = DeclaratorShape()
        guard enter() else {
            skipRest(stopAtComma: true)
            return shape
        }
        defer { leave() }
        while !isAtEnd {
            if at(.star) || at(.caret) || at(.ampersand) || at(.ampAmp) {
                if at(.star) { shape.pointerDepth += 1 }
                if at(.caret) { shape.isBlock = true }
                shape.tokenIndices.append(position)
                advance()
            } else if isQualifier(current, contextual: contextual) {
                if current.text == "__attribute__" || current.text == "__attribute" {
                    skipAttribute(into: &shape.tokenIndices)
                    continue
                }
                shape.qualifiers.append(current.text)
                shape.tokenIndices.append(position)
                advance()
            } else {
                break
            }
        }
        if !abstract, atIdentifier() {
            shape.name = current.text
            shape.nameRange = current.range
            advance()
        } else if at(.leftParen), peek().isPunctuator(.caret) || peek().isPunctuator(.star) {
            // `(^name)(params)`, `(*name)[3]`, `(^)(BOOL)`.
            shape.tokenIndices.append(position)
            advance()
            let inner = parseDeclarator(abstract: abstract)
            shape.name = inner.name
            shape.nameRange = inner.nameRange
            shape.isBlock = shape.isBlock || inner.isBlock
            shape.pointerDepth += inner.pointerDepth
            shape.qualifiers += inner.qualifiers
            shape.tokenIndices += inner.tokenIndices
            if at(.rightParen) {
                shape.tokenIndices.append(position)
                advance()
            } else {
                expect(.rightParen, "after a block or function pointer declarator")
            }
            if at(.leftParen) {
                // The pointee's parameters are part of the type.
                let from = position
                _ = parseParameterList()
                shape.tokenIndices += Array(from..<position)
            }
        }
        while !isAtEnd {
            if at(.leftBracket) {
                let from = position
                skipBalancedGroup()
                shape.tokenIndices += Array(from..<position)
            } else if at(.leftParen), shape.functionParameters == nil, shape.name != nil {
                shape.functionParameters = parseParameterList()
            } else if atIdentifier("__attribute__") || atIdentifier("__attribute") || atIdentifier("__asm")
                        || atIdentifier("__asm__") || atIdentifier("asm") {
                skipAttribute(into: &shape.tokenIndices)
            } else if isAttributeMacro(current) && !abstract {
                advance()
                if at(.leftParen) { skipBalancedGroup() }
            } else if isQualifier(current, contextual: contextual) {
                // `- (void)f __deprecated;`, `int x __unused`.
                advance()
            } else {
                break
            }
        }
        return shape
    }

    /// `(params)` of a function, block or block type; `(void)` is empty.
    func parseParameterList() -> [ObjCParameter] {
        guard at(.leftParen) else { return [] }
        advance()
        var parameters: [ObjCParameter] = []
        guard enter() else {
            skipRest(stopAtSemicolon: false)
            _ = eat(.rightParen)
            return parameters
        }
        defer { leave() }
        if atIdentifier("void"), peek().isPunctuator(.rightParen) { advance() }
        while !isAtEnd && !at(.rightParen) {
            if eat(.ellipsis) { continue }
            let before = position
            if let parameter = parseParameter() {
                parameters.append(parameter)
            }
            if at(.comma) {
                advance()
                continue
            }
            if !at(.rightParen) {
                diagnose(.unexpectedToken, "unexpected \(describe(current)) in a parameter list")
                skipRest(stopAtSemicolon: false, stopAtComma: true)
                if position == before { break }
                if at(.comma) { advance() }
            }
        }
        expect(.rightParen, "to close a parameter list")
        return parameters
    }

    func parseParameter() -> ObjCParameter? {
        let start = startLocation
        let specifiers = parseDeclarationSpecifiers(contextual: true)
        if specifiers.isEmpty && specifiers.storage.isEmpty { return nil }
        let shape = parseDeclarator(abstract: false)
        return ObjCParameter(name: shape.name, type: makeType(specifiers, shape), range: range(from: start))
    }

    /// A type name as in a cast, a method's `(type)`, `sizeof(type)`: specifiers and an
    /// abstract declarator. Nil if no type starts here.
    func parseTypeName(contextual: Bool = false) -> ObjCTypeName? {
        let specifiers = parseDeclarationSpecifiers(contextual: contextual)
        guard !specifiers.isEmpty else { return nil }
        let shape = parseDeclarator(abstract: true, contextual: contextual)
        return makeType(specifiers, shape)
    }

    @inline(never)
    func makeType(_ specifiers: DeclarationSpecifiers, _ shape: DeclaratorShape) -> ObjCTypeName {
        let indices = (specifiers.tokenIndices + shape.tokenIndices).sorted()
        let typeRange: ObjCSourceRange
        if let first = indices.first, let last = indices.last {
            typeRange = ObjCSourceRange(start: tokens[first].range.start, end: tokens[last].range.end)
        } else {
            typeRange = ObjCSourceRange(start: specifiers.start, end: specifiers.start)
        }
        return ObjCTypeName(
            spelling: spell(indices), baseName: specifiers.baseName,
            qualifiers: specifiers.storage + specifiers.qualifiers + shape.qualifiers,
            pointerDepth: shape.pointerDepth, isBlock: shape.isBlock, range: typeRange)
    }

    /// Joins type tokens the way people write them: `NSDictionary<NSString *, id> *`,
    /// `void (^)(BOOL, NSError *)`, `const char **`.
    @inline(never)
    func spell(_ indices: [Int]) -> String {
        var result = ""
        var previous: ObjCToken?
        for index in indices {
            let token = tokens[index]
            if let before = previous {
                let noSpace: Bool
                switch token.kind {
                case .punctuator(.rightParen), .punctuator(.rightBracket), .punctuator(.greater),
                     .punctuator(.comma), .punctuator(.leftBracket), .punctuator(.colonColon):
                    noSpace = true
                case .punctuator(.less):
                    noSpace = before.kind == .identifier
                case .punctuator(.leftParen):
                    noSpace = before.isPunctuator(.rightParen) || before.isPunctuator(.leftParen)
                case .punctuator(.star):
                    noSpace = before.isPunctuator(.star) || before.isPunctuator(.leftParen) || before.isPunctuator(.caret)
                default:
                    noSpace = before.isPunctuator(.leftParen) || before.isPunctuator(.less)
                        || before.isPunctuator(.caret) || before.isPunctuator(.colonColon) || before.isPunctuator(.star) || before.isPunctuator(.leftBracket)
                }
                if !noSpace { result += " " }
            }
            result += token.text
            previous = token
        }
        return result
    }

    // MARK: Lookahead

    /// At `(`: does a type name follow (a cast, a compound literal), rather than an expression?
    @inline(never)
    func parenthesisStartsType() -> Bool {
        let first = peek(1)
        guard first.kind == .identifier else { return false }
        let text = first.text
        if bridgeWords[text] != nil || builtinTypeWords.contains(text) || tagWords.contains(text)
            || typeofWords.contains(text) || (qualifierWords.contains(text) && text != "in" && text != "out") {
            return true
        }
        let second = peek(2)
        switch second.kind {
        case .punctuator(.rightParen):
            return tokenAfterParenthesizedNameStartsOperand(peek(3), name: text)
        case .punctuator(.star):
            // `(NSString *)`, `(CFTypeRef *)`, `(NSString * _Nullable)` — but not `(a * b)`.
            var index = position + 2
            let limit = min(tokens.count - 1, position + limits.lookahead)
            while index < limit {
                let token = tokens[index]
                if token.isPunctuator(.star) || isQualifier(token, contextual: true) {
                    index += 1
                    continue
                }
                return token.isPunctuator(.rightParen)
            }
            return false
        case .punctuator(.less):
            guard let after = indexAfterAngles(from: position + 2) else { return false }
            return tokens[after].isPunctuator(.star) || tokens[after].isPunctuator(.rightParen)
        case .punctuator(.leftParen):
            // `(void (^)(BOOL))`, `(int (*)(void))`.
            let third = peek(3)
            return (third.isPunctuator(.caret) || third.isPunctuator(.star)) && peek(4).isPunctuator(.rightParen)
        case .identifier:
            // Two names in a row are no expression: `(MyType const *)`, `(unsigned int)`.
            return second.text != "in"
        default:
            return false
        }
    }

    /// After `(name)`: a cast if an operand follows. `+ - & *` follow a type only for names
    /// that look like types (`(NSInteger)-1`), not `(count) - 1`.
    @inline(never)
    func tokenAfterParenthesizedNameStartsOperand(_ token: ObjCToken, name: String) -> Bool {
        switch token.kind {
        case .identifier:
            return !(token.text == "in")
        case .integerLiteral, .floatingLiteral, .characterLiteral, .stringLiteral, .objcStringLiteral,
             .objcNumberLiteral, .atKeyword:
            return true
        case .punctuator(let punctuator):
            switch punctuator {
            case .leftParen, .leftBracket, .atLeftBrace, .atLeftBracket, .atLeftParen, .caret, .exclaim, .tilde:
                return true
            case .minus, .plus, .ampersand, .star, .plusPlus, .minusMinus, .leftBrace:
                return looksLikeTypeName(name)
            default:
                return false
            }
        default:
            return false
        }
    }

    @inline(never)
    func looksLikeTypeName(_ name: String) -> Bool {
        if wellKnownTypeNames.contains(name) || name.hasSuffix("Ref") || name.hasSuffix("_t") { return true }
        guard let first = name.unicodeScalars.first else { return false }
        // `kSecClass` is a constant; `NSInteger`, `CGRect` are types.
        return ("A"..."Z").contains(first) && !name.hasPrefix("k")
    }

    /// At a statement's first token: does a declaration start here?
    @inline(never)
    func statementStartsDeclaration() -> Bool {
        let token = current
        guard token.kind == .identifier else { return false }
        let text = token.text
        if storageWords.contains(text) || builtinTypeWords.contains(text) || tagWords.contains(text)
            || typeofWords.contains(text) || (qualifierWords.contains(text) && !contextualQualifierWords.contains(text)) {
            return true
        }
        let next = peek()
        switch next.kind {
        case .identifier:
            // `CFErrorRef error`, `id obj`; not `x in`.
            return next.text != "in"
        case .punctuator(.star):
            // `NSString *name =`, `NSString * const name;`, `NSString **out;` — not `a * b;`.
            var index = position + 1
            let limit = min(tokens.count - 1, position + limits.lookahead)
            while index < limit, tokens[index].isPunctuator(.star) || isQualifier(tokens[index], contextual: true) {
                index += 1
            }
            guard tokens[index].kind == .identifier else { return false }
            let after = tokens[min(index + 1, tokens.count - 1)]
            switch after.kind {
            case .punctuator(.equal), .punctuator(.semicolon), .punctuator(.comma), .punctuator(.leftBracket):
                return true
            case .identifier:
                return after.text == "in" || after.text.hasPrefix("__") || isAttributeMacro(after)
            default:
                return false
            }
        case .punctuator(.less):
            guard let after = indexAfterAngles(from: position + 1) else { return false }
            return tokens[after].isPunctuator(.star) || tokens[after].kind == .identifier
        case .punctuator(.leftParen):
            // `BOOL (^check)(id) = …`, `void (*fn)(void);`
            // A block or function pointer always has its parameters after `)`; `free(*p);` and
            // `run(^{ … })` are calls.
            let caret = peek(2)
            return (caret.isPunctuator(.caret) || caret.isPunctuator(.star))
                && peek(3).kind == .identifier && peek(4).isPunctuator(.rightParen) && peek(5).isPunctuator(.leftParen)
        default:
            return false
        }
    }
}
