/// Statements of function, method and block bodies.
///
/// A statement that cannot be read is skipped to its `;` or to the enclosing `}` and kept as
/// `.unparsed`; a body left open stops at the next container keyword (`@end`, `@implementation`),
/// so one missing `}` costs at most the rest of its container, never the rest of the file.
extension ObjCParser {
    /// `{ … }`; the current token is `{`.
    func parseCompoundStatement() -> ObjCStmt {
        let start = startLocation
        advance()
        guard enter() else {
            skipRest(stopAtSemicolon: false)
            _ = eat(.rightBrace)
            return ObjCStmt(.unparsed, range: range(from: start))
        }
        defer { leave() }
        var statements: [ObjCStmt] = []
        while true {
            if eat(.rightBrace) { break }
            if isAtEnd || isContainerBoundary(position) {
                diagnose(.missingClose, "expected '}' to close the block opened at \(start), found \(describe(current))")
                break
            }
            let before = position
            statements.append(parseStatement())
            if position == before {
                diagnose(.unexpectedToken, "unexpected \(describe(current)) in a block")
                advance()
            }
        }
        return ObjCStmt(.compound(statements), range: range(from: start))
    }

    func parseStatement() -> ObjCStmt {
        let start = startLocation
        // A nested `{` counts its own level.
        if at(.leftBrace) { return parseCompoundStatement() }
        guard enter() else {
            skipRest(stopAtSemicolon: true)
            _ = eat(.semicolon)
            return ObjCStmt(.unparsed, range: range(from: start))
        }
        defer { leave() }
        let token = current
        switch token.kind {
        case .punctuator(.leftBrace):
            return parseCompoundStatement()
        case .punctuator(.semicolon):
            advance()
            return ObjCStmt(.empty, range: token.range)
        case .identifier:
            if let statement = parseKeywordStatement(token.text, start: start) { return statement }
            if peek().isPunctuator(.colon), !storageWords.contains(token.text) {
                advance()
                advance()
                return ObjCStmt(.label(token.text), range: range(from: start))
            }
            if statementStartsDeclaration() {
                let declaration = parseDeclaration(start: start)
                return ObjCStmt(.declaration(declaration), range: declaration.range)
            }
        case .atKeyword:
            if let statement = parseAtStatement(token.text, start: start) { return statement }
        default:
            break
        }
        let expression = parseExpression()
        finishStatement(start: start)
        return ObjCStmt(.expression(expression), range: range(from: start))
    }

    /// Consumes the `;` that ends a simple statement, or reports it and skips to it.
    @inline(never)
    func finishStatement(start: ObjCSourceLocation) {
        if eat(.semicolon) { return }
        diagnose(.unexpectedToken, "expected ';' after the statement at \(start), found \(describe(current))")
        skipRest(stopAtSemicolon: true)
        _ = eat(.semicolon)
    }

    /// `(expr)` after `if`, `while`, `switch`.
    func parseCondition(_ keyword: String) -> ObjCExpr {
        let start = startLocation
        guard expect(.leftParen, "after '\(keyword)'") else { return errorExpression(at: start) }
        let condition = parseExpression()
        if !expect(.rightParen, "to close the condition of '\(keyword)'") { skipToCloser(.rightParen) }
        return condition
    }

    func parseKeywordStatement(_ keyword: String, start: ObjCSourceLocation) -> ObjCStmt? {
        switch keyword {
        case "if":
            advance()
            let condition = parseCondition(keyword)
            let thenBranch = parseStatement()
            var elseBranch: ObjCStmt?
            if atIdentifier("else") {
                advance()
                elseBranch = parseStatement()
            }
            return ObjCStmt(.if(condition: condition, then: thenBranch, else: elseBranch), range: range(from: start))
        case "while":
            advance()
            let condition = parseCondition(keyword)
            let body = parseStatement()
            return ObjCStmt(.while(condition: condition, body: body), range: range(from: start))
        case "do":
            advance()
            let body = parseStatement()
            var condition = errorExpression(at: startLocation)
            if atIdentifier("while") {
                advance()
                condition = parseCondition("while")
            } else {
                diagnose(.unexpectedToken, "expected 'while' after a do statement's body, found \(describe(current))")
            }
            finishStatement(start: start)
            return ObjCStmt(.doWhile(body: body, condition: condition), range: range(from: start))
        case "for":
            return parseForStatement(start: start)
        case "switch":
            advance()
            let subject = parseCondition(keyword)
            let body = parseStatement()
            return ObjCStmt(.switch(subject: subject, body: body), range: range(from: start))
        case "case":
            advance()
            let value = parseAssignment()
            if eat(.ellipsis) { _ = parseAssignment() }
            expect(.colon, "after a case value")
            return ObjCStmt(.caseLabel(value), range: range(from: start))
        case "default" where peek().isPunctuator(.colon):
            advance()
            advance()
            return ObjCStmt(.defaultLabel, range: range(from: start))
        case "return":
            advance()
            let value: ObjCExpr? = at(.semicolon) ? nil : parseExpression()
            finishStatement(start: start)
            return ObjCStmt(.return(value), range: range(from: start))
        case "break", "continue":
            advance()
            finishStatement(start: start)
            return ObjCStmt(keyword == "break" ? .break : .continue, range: range(from: start))
        case "goto":
            advance()
            let label = atIdentifier() ? advance().text : ""
            finishStatement(start: start)
            return ObjCStmt(.goto(label), range: range(from: start))
        default:
            return nil
        }
    }

    /// `for (init; condition; increment)` and `for (element in collection)`.
    func parseForStatement(start: ObjCSourceLocation) -> ObjCStmt {
        advance()
        guard expect(.leftParen, "after 'for'") else {
            return ObjCStmt(.unparsed, range: range(from: start))
        }
        var initializer: ObjCStmt?
        let initializerStart = startLocation
        if !at(.semicolon) {
            if statementStartsDeclaration() {
                let declaration = parseDeclaration(start: initializerStart, terminated: false)
                initializer = ObjCStmt(.declaration(declaration), range: declaration.range)
            } else {
                let expression = parseExpressionStoppingAtIn()
                initializer = ObjCStmt(.expression(expression), range: expression.range)
            }
        }
        if atIdentifier("in"), let element = initializer {
            advance()
            let collection = parseExpression()
            if !expect(.rightParen, "to close a for-in header") { skipToCloser(.rightParen) }
            let body = parseStatement()
            return ObjCStmt(.forIn(element: element, collection: collection, body: body), range: range(from: start))
        }
        expect(.semicolon, "after a for loop's initializer")
        let condition: ObjCExpr? = at(.semicolon) ? nil : parseExpression()
        expect(.semicolon, "after a for loop's condition")
        let increment: ObjCExpr? = at(.rightParen) ? nil : parseExpression()
        if !expect(.rightParen, "to close a for loop's header") { skipToCloser(.rightParen) }
        let body = parseStatement()
        return ObjCStmt(.for(initializer: initializer, condition: condition, increment: increment, body: body), range: range(from: start))
    }

    /// `key` in `for (key in dictionary)`: an expression that stops before `in`.
    func parseExpressionStoppingAtIn() -> ObjCExpr {
        if atIdentifier(), peek().isIdentifier("in") {
            let token = advance()
            return ObjCExpr(.identifier(token.text), range: token.range)
        }
        return parseExpression()
    }

    func parseAtStatement(_ keyword: String, start: ObjCSourceLocation) -> ObjCStmt? {
        switch keyword {
        case "@try":
            advance()
            let body = parseBodyOrUnparsed("@try")
            var catches: [ObjCCatchClause] = []
            var finally: ObjCStmt?
            while atAtKeyword("@catch") {
                let catchStart = startLocation
                advance()
                var parameter: ObjCParameter?
                if eat(.leftParen) {
                    if !eat(.ellipsis) { parameter = parseParameter() }
                    if !expect(.rightParen, "to close '@catch ('") { skipToCloser(.rightParen) }
                }
                let catchBody = parseBodyOrUnparsed("@catch")
                catches.append(ObjCCatchClause(parameter: parameter, body: catchBody, range: range(from: catchStart)))
            }
            if atAtKeyword("@finally") {
                advance()
                finally = parseBodyOrUnparsed("@finally")
            }
            return ObjCStmt(.try(body: body, catches: catches, finally: finally), range: range(from: start))
        case "@throw":
            advance()
            let value: ObjCExpr? = at(.semicolon) ? nil : parseExpression()
            finishStatement(start: start)
            return ObjCStmt(.throw(value), range: range(from: start))
        case "@synchronized":
            advance()
            let lock = parseCondition(keyword)
            let body = parseBodyOrUnparsed(keyword)
            return ObjCStmt(.synchronized(lock, body: body), range: range(from: start))
        case "@autoreleasepool":
            advance()
            let body = parseBodyOrUnparsed(keyword)
            return ObjCStmt(.autoreleasepool(body: body), range: range(from: start))
        default:
            return nil
        }
    }

    func parseBodyOrUnparsed(_ keyword: String) -> ObjCStmt {
        if at(.leftBrace) { return parseCompoundStatement() }
        diagnose(.unexpectedToken, "expected '{' after '\(keyword)', found \(describe(current))")
        return ObjCStmt(.unparsed, range: ObjCSourceRange(start: startLocation, end: startLocation))
    }
}
