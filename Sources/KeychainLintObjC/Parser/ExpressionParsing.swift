/// Expressions: C's precedence by precedence climbing (one frame per level of binding, not one
/// per grammar rule, which keeps the stack shallow), Objective-C message sends, literals, blocks
/// and casts. Operator and postfix chains count towards the nesting limit as they grow, since
/// each link makes the tree one level deeper even without brackets.
let unaryKeywords: Set<String> = ["sizeof", "alignof", "_Alignof", "__alignof__", "__alignof", "__extension__", "__real__", "__imag__"]

extension ObjCParser {
    @inline(never)
    func errorExpression(at start: ObjCSourceLocation) -> ObjCExpr {
        ObjCExpr(.error, range: range(from: start))
    }

    /// `a, b` (the comma operator) or a single assignment expression.
    func parseExpression() -> ObjCExpr {
        let start = startLocation
        let first = parseAssignment()
        guard at(.comma) else { return first }
        var items = [first]
        while eat(.comma) {
            items.append(parseAssignment())
        }
        return ObjCExpr(.comma(items), range: range(from: start))
    }

    func assignmentOperator(_ token: ObjCToken) -> ObjCAssignmentOperator? {
        guard let punctuator = token.punctuator else { return nil }
        return ObjCAssignmentOperator(rawValue: punctuator.rawValue)
    }

    /// Assignment (right-associative) and the conditional operator.
    /// Only the right-associative recursion (`a = b = c`, `a ? b : c ? d : e`) counts a level:
    /// an assignment reached through brackets is counted by its bracket.
    func parseAssignment() -> ObjCExpr {
        let start = startLocation
        let condition = parseBinary(minimumPrecedence: 1)
        let isAssignment = assignmentOperator(current) != nil
        guard isAssignment || at(.question) else { return condition }
        guard enter() else {
            skipRest(stopAtComma: true)
            return condition
        }
        defer { leave() }
        if let operation = assignmentOperator(current) {
            advance()
            let value = parseAssignment()
            return ObjCExpr(.assignment(operation, target: condition, value: value), range: range(from: start))
        }
        advance()
        var thenBranch: ObjCExpr?
        if !at(.colon) { thenBranch = parseExpression() }
        expect(.colon, "in a conditional expression")
        let elseBranch = parseAssignment()
        return ObjCExpr(.conditional(condition, then: thenBranch, else: elseBranch), range: range(from: start))
    }

    func binaryOperator(_ token: ObjCToken) -> ObjCBinaryOperator? {
        guard let punctuator = token.punctuator else { return nil }
        return ObjCBinaryOperator(punctuator)
    }

    /// Precedence climbing: a left-associative chain is built in a loop, each link one level
    /// deeper (counted), right operands by recursion on a higher precedence (at most ten levels).
    func parseBinary(minimumPrecedence: Int) -> ObjCExpr {
        let start = startLocation
        var left = parseUnary()
        var links = 0
        defer { depth -= links }
        while let operation = binaryOperator(current), operation.precedence >= minimumPrecedence {
            guard enter() else {
                skipRest(stopAtComma: true)
                break
            }
            links += 1
            advance()
            let right = parseBinary(minimumPrecedence: operation.precedence + 1)
            left = ObjCExpr(.binary(operation, left, right), range: range(from: start))
        }
        return left
    }

    /// Prefix operators, casts, `sizeof`, then a postfix expression.
    func parseUnary() -> ObjCExpr {
        let start = startLocation
        if let punctuator = current.punctuator {
            let prefix: ObjCPrefixOperator? = switch punctuator {
            case .plus: .plus
            case .minus: .minus
            case .exclaim: .logicalNot
            case .tilde: .bitwiseNot
            case .star: .dereference
            case .ampersand: .addressOf
            case .plusPlus: .increment
            case .minusMinus: .decrement
            default: nil
            }
            if let prefix {
                guard enter() else {
                    skipRest(stopAtComma: true)
                    return errorExpression(at: start)
                }
                defer { leave() }
                advance()
                let operand = parseUnary()
                return ObjCExpr(.prefix(prefix, operand), range: range(from: start))
            }
            if punctuator == .leftParen, parenthesisStartsType() {
                return parseCast()
            }
        }
        if current.kind == .identifier, unaryKeywords.contains(current.text) {
            return parseUnaryKeyword(start: start)
        }
        return parsePostfix()
    }

    /// `sizeof`, `alignof`, `__extension__` and the like.
    @inline(never)
    func parseUnaryKeyword(start: ObjCSourceLocation) -> ObjCExpr {
        do {
            switch current.text {
            case "sizeof", "alignof", "_Alignof", "__alignof__", "__alignof":
                let keywordToken = advance()
                let keyword = keywordToken.text
                if at(.leftParen), parenthesisStartsType() {
                    advance()
                    let type = parseTypeName(contextual: true)
                    expect(.rightParen, "after the type of \(keyword)")
                    if let type {
                        return ObjCExpr(.typeOperand(keyword: keyword, type: type), range: range(from: start))
                    }
                    return errorExpression(at: start)
                }
                guard enter() else {
                    skipRest(stopAtComma: true)
                    return errorExpression(at: start)
                }
                defer { leave() }
                let operand = parseUnary()
                let callee = ObjCExpr(.identifier(keyword), range: keywordToken.range)
                return ObjCExpr(.call(ObjCFunctionCall(callee: callee, arguments: [operand])), range: range(from: start))
            case "__extension__", "__real__", "__imag__":
                advance()
                guard enter() else {
                    skipRest(stopAtComma: true)
                    return errorExpression(at: start)
                }
                defer { leave() }
                return parseUnary()
            default:
                break
            }
        }
        return parsePostfix()
    }

    /// `(type)operand`, `(__bridge id)x`, `(CGRect){…}`.
    func parseCast() -> ObjCExpr {
        let start = startLocation
        guard enter() else {
            skipRest(stopAtComma: true)
            return errorExpression(at: start)
        }
        defer { leave() }
        advance()
        var bridge: ObjCBridgeKind?
        if atIdentifier(), let kind = bridgeWords[current.text] {
            bridge = kind
            advance()
        }
        let type = parseTypeName(contextual: true)
        if !expect(.rightParen, "to close a cast") {
            skipRest(stopAtSemicolon: true)
            _ = eat(.rightParen)
        }
        let operand: ObjCExpr = at(.leftBrace) ? parseInitializerList() : parseUnary()
        guard let type else { return ObjCExpr(.parenthesized(operand), range: range(from: start)) }
        return ObjCExpr(.cast(ObjCCast(type: type, bridge: bridge, operand: operand)), range: range(from: start))
    }

    /// Calls, subscripts, member access, `++`/`--` after a primary expression.
    func parsePostfix() -> ObjCExpr {
        let start = startLocation
        var expression = parsePrimary()
        var links = 0
        defer { depth -= links }
        while true {
            let kind = current.kind
            guard kind == .punctuator(.leftParen) || kind == .punctuator(.leftBracket)
                || kind == .punctuator(.period) || kind == .punctuator(.arrow)
                || kind == .punctuator(.plusPlus) || kind == .punctuator(.minusMinus) else { break }
            guard enter() else {
                skipRest(stopAtComma: true)
                break
            }
            links += 1
            expression = parsePostfixLink(expression, kind: kind, start: start)
        }
        return expression
    }

    /// One postfix link; apart from `parsePostfix` so that its locals do not weigh on every
    /// level of bracket recursion, which passes through `parsePostfix`.
    @inline(never)
    func parsePostfixLink(_ base: ObjCExpr, kind: ObjCTokenKind, start: ObjCSourceLocation) -> ObjCExpr {
        switch kind {
        case .punctuator(.leftParen):
            let arguments = parseArguments()
            return ObjCExpr(.call(ObjCFunctionCall(callee: base, arguments: arguments)), range: range(from: start))
        case .punctuator(.leftBracket):
            advance()
            let index = parseExpression()
            if !expect(.rightBracket, "to close a subscript") { skipToCloser(.rightBracket) }
            return ObjCExpr(.subscript(base, index: index), range: range(from: start))
        case .punctuator(.period), .punctuator(.arrow):
            let isArrow = advance().isPunctuator(.arrow)
            var name = ""
            if atIdentifier() {
                name = advance().text
            } else {
                diagnose(.unexpectedToken, "expected a member name, found \(describe(current))")
            }
            return ObjCExpr(.member(base, name: name, isArrow: isArrow), range: range(from: start))
        default:
            let operation: ObjCPostfixOperator = advance().isPunctuator(.plusPlus) ? .increment : .decrement
            return ObjCExpr(.postfix(operation, base), range: range(from: start))
        }
    }

    /// `(a, b)` of a call. An argument that is a type (`va_arg(list, int)`) is kept as one.
    @inline(never)
    func parseArguments() -> [ObjCExpr] {
        advance()
        var arguments: [ObjCExpr] = []
        while !isAtEnd && !at(.rightParen) {
            let before = position
            arguments.append(parseAssignment())
            if eat(.comma) { continue }
            if at(.rightParen) { break }
            diagnose(.unexpectedToken, "unexpected \(describe(current)) in call arguments")
            skipRest(stopAtSemicolon: true, stopAtComma: true)
            if eat(.comma) { continue }
            if position == before || !at(.rightParen) { break }
        }
        expect(.rightParen, "to close call arguments")
        return arguments
    }

    /// Skips to the given closer at this level and consumes it, stopping at `;` or an outer closer.
    @inline(never)
    func skipToCloser(_ closer: ObjCPunctuator) {
        skipRest(stopAtSemicolon: true)
        _ = eat(closer)
    }

    func parsePrimary() -> ObjCExpr {
        let start = startLocation
        let token = current
        switch token.kind {
        case .identifier:
            return parseIdentifierPrimary(token, start: start)
        case .integerLiteral, .floatingLiteral, .characterLiteral, .objcNumberLiteral:
            return parseNumericPrimary(token)
        case .stringLiteral, .objcStringLiteral:
            return parseStringLiterals()
        case .atKeyword:
            return parseAtExpression()
        case .punctuator(let punctuator):
            switch punctuator {
            case .leftParen: return parseParenthesized()
            case .leftBracket: return parseMessageSend()
            case .atLeftBrace: return parseDictionaryLiteral()
            case .atLeftBracket: return parseArrayLiteral()
            case .atLeftParen: return parseBoxed()
            case .caret: return parseBlockLiteral()
            case .leftBrace: return parseInitializerList()
            default: break
            }
        default:
            break
        }
        return unexpectedInExpression(token, start: start)
    }

    @inline(never)
    func unexpectedInExpression(_ token: ObjCToken, start: ObjCSourceLocation) -> ObjCExpr {
        diagnose(.unexpectedToken, "expected an expression, found \(describe(token))")
        // Step over the token unless it may close or end something an outer construct reads.
        let isBoundary = ObjCParser.isCloser(token.kind) || token.kind == .endOfFile
            || token.isPunctuator(.semicolon) || token.isPunctuator(.comma) || token.isPunctuator(.colon)
            || isContainerBoundary(position) || token.isPunctuator(.leftBrace)
        if !isBoundary { advance() }
        return errorExpression(at: start)
    }

    @inline(never)
    func parseNumericPrimary(_ token: ObjCToken) -> ObjCExpr {
        advance()
        switch token.kind {
        case .integerLiteral: return ObjCExpr(.integerLiteral(token.text), range: token.range)
        case .floatingLiteral: return ObjCExpr(.floatingLiteral(token.text), range: token.range)
        case .characterLiteral: return ObjCExpr(.characterLiteral(token.text), range: token.range)
        default: return ObjCExpr(.objcNumber(String(token.text.dropFirst())), range: token.range)
        }
    }

    @inline(never)
    func parseBoxed() -> ObjCExpr {
        let start = startLocation
        guard enter() else {
            skipRest(stopAtComma: true)
            return errorExpression(at: start)
        }
        defer { leave() }
        advance()
        let inner = parseExpression()
        if !expect(.rightParen, "to close a boxed expression '@('") { skipToCloser(.rightParen) }
        return ObjCExpr(.boxed(inner), range: range(from: start))
    }

    @inline(never)
    func parseIdentifierPrimary(_ token: ObjCToken, start: ObjCSourceLocation) -> ObjCExpr {
            if builtinTypeWords.contains(token.text) || tagWords.contains(token.text) {
                // A type where an expression is expected (`va_arg(list, int)`, macro arguments).
                if let type = parseTypeName(contextual: true) {
                    return ObjCExpr(.typeOperand(keyword: "", type: type), range: range(from: start))
                }
            }
            advance()
            guard at(.colonColon), peek().kind == .identifier else {
                return ObjCExpr(.identifier(token.text), range: token.range)
            }
            // A C++ qualified name (`std::make_shared<T>(…)` in `.mm` files) is one name.
            var name = token.text
            while at(.colonColon), peek().kind == .identifier {
                advance()
                name += "::" + advance().text
            }
            if at(.less), let after = indexAfterAngles(from: position), tokens[after].isPunctuator(.leftParen) {
                skipAngleGroup()
            }
            return ObjCExpr(.identifier(name), range: range(from: start))
    }

    /// Adjacent `"…"` and `@"…"` pieces are one literal, as the compiler concatenates them.
    @inline(never)
    func parseStringLiterals() -> ObjCExpr {
        let start = startLocation
        var value = ""
        var isObjC = false
        var ranges: [ObjCSourceRange] = []
        while current.kind == .stringLiteral || current.kind == .objcStringLiteral {
            let token = advance()
            value += token.literalValue ?? ""
            isObjC = isObjC || token.kind == .objcStringLiteral
            ranges.append(token.range)
        }
        return ObjCExpr(.stringLiteral(ObjCStringLiteral(value: value, isObjC: isObjC, pieceRanges: ranges)), range: range(from: start))
    }

    @inline(never)
    func parseAtExpression() -> ObjCExpr {
        let start = startLocation
        let token = current
        switch token.text {
        case "@YES", "@true":
            advance()
            return ObjCExpr(.objcBool(true), range: token.range)
        case "@NO", "@false":
            advance()
            return ObjCExpr(.objcBool(false), range: token.range)
        case "@selector":
            advance()
            var selector = ""
            if eat(.leftParen) {
                while !isAtEnd && !at(.rightParen) && !at(.semicolon) {
                    let piece = current
                    if piece.kind == .identifier || piece.isPunctuator(.colon) || piece.isPunctuator(.colonColon) {
                        selector += piece.text
                        advance()
                    } else {
                        break
                    }
                }
                expect(.rightParen, "to close @selector(")
            }
            return ObjCExpr(.selector(selector), range: range(from: start))
        case "@protocol" where peek().isPunctuator(.leftParen):
            advance()
            advance()
            let name = atIdentifier() ? advance().text : ""
            expect(.rightParen, "to close @protocol(")
            return ObjCExpr(.protocolReference(name), range: range(from: start))
        default:
            guard !isContainerBoundary(position), peek().isPunctuator(.leftParen) else {
                diagnose(.unexpectedToken, "unexpected \(describe(token)) in an expression")
                if !isContainerBoundary(position) { advance() }
                return errorExpression(at: start)
            }
            // `@encode(type)`, `@available(iOS 11, *)`: kept as written.
            advance()
            let from = position + 1
            skipBalancedGroup()
            let inner = from < position - 1 ? spellTokens(from..<(position - 1)) : ""
            return ObjCExpr(.atExpression(keyword: String(token.text.dropFirst()), text: inner), range: range(from: start))
        }
    }

    @inline(never)
    func spellTokens(_ indices: Range<Int>) -> String {
        indices.map { tokens[$0].text }.joined(separator: " ")
    }

    /// `(expr)`; GNU statement expressions `({ … })` are skipped.
    func parseParenthesized() -> ObjCExpr {
        let start = startLocation
        guard enter() else {
            skipRest(stopAtComma: true)
            return errorExpression(at: start)
        }
        defer { leave() }
        advance()
        if at(.leftBrace) {
            diagnose(.skippedConstruct, "statement expression '({ … })' is not analysed")
            skipRest(stopAtSemicolon: false)
            _ = eat(.rightParen)
            return errorExpression(at: start)
        }
        let inner = parseExpression()
        if !expect(.rightParen, "to close a parenthesis") { skipToCloser(.rightParen) }
        return ObjCExpr(.parenthesized(inner), range: range(from: start))
    }

    /// `[receiver selector]`, `[receiver label:argument label:argument, variadic…]`. Split in
    /// small functions: nested sends recurse through here, and each level's stack is the sum
    /// of the frames on the path.
    func parseMessageSend() -> ObjCExpr {
        let start = startLocation
        advance()
        guard enter() else { return skipOverflowingGroup(closer: .rightBracket, start: start) }
        defer { leave() }
        let receiver = parseReceiver()
        let (pieces, variadic) = parseSelectorPieces()
        finishMessageSend(hasPieces: !pieces.isEmpty)
        return ObjCExpr(.message(ObjCMessageSend(receiver: receiver, pieces: pieces, variadicArguments: variadic)), range: range(from: start))
    }

    /// The rest of a bracketed group beyond the depth limit.
    @inline(never)
    func skipOverflowingGroup(closer: ObjCPunctuator, start: ObjCSourceLocation) -> ObjCExpr {
        skipRest(stopAtSemicolon: false)
        _ = eat(closer)
        return errorExpression(at: start)
    }

    func parseReceiver() -> ObjCExpr {
        guard atIdentifier() else { return parseAssignment() }
        let next = peek()
        if next.kind == .identifier || next.isPunctuator(.rightBracket) {
            // The common case `[name selector…]`, without the expression machinery.
            let token = advance()
            return ObjCExpr(.identifier(token.text), range: token.range)
        }
        if next.isPunctuator(.less), let after = indexAfterAngles(from: position + 1), tokens[after].kind == .identifier {
            // A specialised class receiver: `[NSMutableArray<NSString *> new]`.
            let token = advance()
            skipAngleGroup()
            return ObjCExpr(.identifier(token.text), range: token.range)
        }
        return parseAssignment()
    }

    func parseSelectorPieces() -> ([ObjCSelectorPiece], [ObjCExpr]) {
        var pieces: [ObjCSelectorPiece] = []
        var variadic: [ObjCExpr] = []
        if atIdentifier(), !peek().isPunctuator(.colon) {
            let label = advance()
            pieces.append(ObjCSelectorPiece(label: label.text, labelRange: label.range, argument: nil))
            return (pieces, variadic)
        }
        while true {
            let labelRange = current.range
            var label = ""
            if atIdentifier(), peek().isPunctuator(.colon) {
                label = advance().text
            } else if !at(.colon) {
                break
            }
            advance()
            let pieceRange = label.isEmpty ? ObjCSourceRange(start: labelRange.start, end: labelRange.start) : labelRange
            pieces.append(ObjCSelectorPiece(label: label, labelRange: pieceRange, argument: parseAssignment()))
        }
        while !pieces.isEmpty, eat(.comma) {
            variadic.append(parseAssignment())
        }
        return (pieces, variadic)
    }

    @inline(never)
    func finishMessageSend(hasPieces: Bool) {
        if !hasPieces {
            diagnose(.unexpectedToken, "expected a selector in a message send, found \(describe(current))")
        }
        if !at(.rightBracket) {
            if hasPieces {
                diagnose(.unexpectedToken, "unexpected \(describe(current)) in a message send")
            }
            skipRest(stopAtSemicolon: true)
        }
        expect(.rightBracket, "to close a message send")
    }

    /// `@{ key: value, … }`, with a trailing comma allowed.
    func parseDictionaryLiteral() -> ObjCExpr {
        let start = startLocation
        advance()
        guard enter() else {
            skipRest(stopAtSemicolon: false)
            _ = eat(.rightBrace)
            return errorExpression(at: start)
        }
        defer { leave() }
        var entries: [ObjCDictionaryEntry] = []
        while !isAtEnd && !at(.rightBrace) {
            let entryStart = startLocation
            let before = position
            let key = parseAssignment()
            if expect(.colon, "between a dictionary key and its value") {
                let value = parseAssignment()
                entries.append(ObjCDictionaryEntry(key: key, value: value, range: range(from: entryStart)))
            }
            if eat(.comma) { continue }
            if at(.rightBrace) { break }
            diagnose(.unexpectedToken, "unexpected \(describe(current)) in a dictionary literal")
            skipRest(stopAtSemicolon: true, stopAtComma: true)
            if eat(.comma) { continue }
            if position == before || !at(.rightBrace) { break }
        }
        expect(.rightBrace, "to close a dictionary literal")
        return ObjCExpr(.dictionary(entries), range: range(from: start))
    }

    /// `@[ a, b ]`.
    func parseArrayLiteral() -> ObjCExpr {
        let start = startLocation
        advance()
        guard enter() else {
            skipRest(stopAtSemicolon: false)
            _ = eat(.rightBracket)
            return errorExpression(at: start)
        }
        defer { leave() }
        let elements = parseList(closer: .rightBracket, what: "an array literal")
        return ObjCExpr(.array(elements), range: range(from: start))
    }

    /// Comma-separated expressions up to `closer` (consumed), trailing comma allowed.
    func parseList(closer: ObjCPunctuator, what: String, element: (() -> ObjCExpr)? = nil) -> [ObjCExpr] {
        var items: [ObjCExpr] = []
        while !isAtEnd && !at(closer) {
            let before = position
            items.append(element?() ?? parseAssignment())
            if eat(.comma) { continue }
            if at(closer) { break }
            diagnose(.unexpectedToken, "unexpected \(describe(current)) in \(what)")
            skipRest(stopAtSemicolon: true, stopAtComma: true)
            if eat(.comma) { continue }
            if position == before || !at(closer) { break }
        }
        expect(closer, "to close \(what)")
        return items
    }

    /// `{ a, .field = b, [2] = c }` in an initializer (designators are skipped).
    func parseInitializerList() -> ObjCExpr {
        let start = startLocation
        advance()
        guard enter() else {
            skipRest(stopAtSemicolon: false)
            _ = eat(.rightBrace)
            return errorExpression(at: start)
        }
        defer { leave() }
        let items = parseList(closer: .rightBrace, what: "an initializer list") {
            while (self.at(.period) && self.peek().kind == .identifier) || self.at(.leftBracket) {
                if self.at(.period) {
                    self.advance()
                    self.advance()
                } else {
                    self.skipBalancedGroup()
                }
                if !self.at(.equal) { break }
                self.advance()
            }
            return self.parseInitializer()
        }
        return ObjCExpr(.initializerList(items), range: range(from: start))
    }

    func parseInitializer() -> ObjCExpr {
        at(.leftBrace) ? parseInitializerList() : parseAssignment()
    }

    /// `^{ … }`, `^(BOOL success, NSError *error) { … }`, `^BOOL(id x) { … }`.
    func parseBlockLiteral() -> ObjCExpr {
        let start = startLocation
        advance()
        guard enter() else {
            skipRest(stopAtSemicolon: false)
            if at(.rightBrace) { advance() }
            return errorExpression(at: start)
        }
        defer { leave() }
        var returnType: ObjCTypeName?
        if atIdentifier() {
            returnType = parseTypeName(contextual: true)
        }
        var parameters: [ObjCParameter] = []
        if at(.leftParen) {
            parameters = parseParameterList()
        }
        // Attributes between the parameters and the body.
        while atIdentifier(), isAttributeMacro(current) || current.text.hasPrefix("__attribute") {
            advance()
            if at(.leftParen) { skipBalancedGroup() }
        }
        guard at(.leftBrace) else {
            diagnose(.unexpectedToken, "expected '{' to start a block's body, found \(describe(current))")
            return errorExpression(at: start)
        }
        let body = parseCompoundStatement()
        return ObjCExpr(.block(ObjCBlockLiteral(returnType: returnType, parameters: parameters, body: body)), range: range(from: start))
    }
}
