import KeychainLintCore
import KeychainLintModel
import KeychainLintObjC

// The Objective-C front end's reading of code into the model of what code does on each path
// (`ProgramBody.swift`): statements, their control flow (`if`, `switch` cases, loops,
// `@try`/`@catch`), the conditions they test, and their calls, messages and assignments. It only
// reads; what the paths mean is decided on the model.

struct ObjCBodies {
    let resolver: ObjCValueResolver

    /// The statements of a statement: a compound's own, or the statement alone.
    func statements(_ statement: ObjCStmt) -> ProgramStatements {
        if case .compound(let statements) = statement.kind { return statements.flatMap(self.statement) }
        return self.statement(statement)
    }

    private func statement(_ statement: ObjCStmt) -> ProgramStatements {
        switch statement.kind {
        case .expression(let value):
            return expression(value)
        case .declaration(let declaration):
            return declaration.declarators.flatMap { $0.initializer.map(expression) ?? [] }
        case .compound(let inner):
            return [.group(inner.flatMap(self.statement))]
        case .if(let condition, let thenBranch, let elseBranch):
            return [.branch(test: test(condition), then: statements(thenBranch), otherwise: elseBranch.map(statements))]
        case .switch(let subject, let body):
            return [cases(subject: subject, body: body)]
        case .while(let condition, let body):
            return [.group(test(condition).effects + statements(body))]
        case .synchronized(let lock, let body):
            return [.group(expression(lock) + statements(body))]
        case .doWhile(let body, let condition):
            return [.group(statements(body) + test(condition).effects)]
        case .for(let initializer, let condition, let increment, let body):
            return [.group(
                (initializer.map(statements) ?? []) + (condition.map(expression) ?? []) + (increment.map(expression) ?? [])
                    + statements(body))]
        case .forIn(_, let collection, let body):
            return [.group(expression(collection) + statements(body))]
        case .return(let value?):
            // `return YES` from a BOOL gate is the guarded outcome itself.
            if ObjCBodies.booleanLiteral(value) != nil { return [.exit(returnedBool: action(value.range, prefix: "return "))] }
            return expression(value) + [.exit(returnedBool: nil)]
        case .throw(let value?):
            return expression(value) + [.exit(returnedBool: nil)]
        case .return(nil), .throw(nil):
            return [.exit(returnedBool: nil)]
        case .try(let body, let catches, let finally):
            return [.attempt(body: statements(body), handlers: catches.map { statements($0.body) }, finally: finally.map(statements) ?? [])]
        case .autoreleasepool(let body):
            return [.group(statements(body))]
        case .caseLabel, .defaultLabel, .label, .break, .continue, .goto, .empty, .unparsed:
            return []
        }
    }

    /// A `switch`: each case from its label to the next. Statements before the first label never
    /// run as a case; what they do is kept with the subject.
    private func cases(subject: ObjCExpr, body: ObjCStmt) -> ProgramStatement {
        guard case .compound(let children) = body.kind else { return .cases(subject: expression(subject), cases: [statements(body)]) }
        var before = expression(subject)
        var cases: [ProgramStatements] = []
        var current: ProgramStatements?
        for child in children {
            switch child.kind {
            case .caseLabel, .defaultLabel:
                if let current { cases.append(current) }
                current = []
            default:
                if current == nil { before += statement(child) } else { current! += statement(child) }
            }
        }
        if let current { cases.append(current) }
        return .cases(subject: before, cases: cases)
    }

    /// What an expression does: its calls, messages and assignments, and the blocks written in it.
    func expression(_ expression: ObjCExpr) -> ProgramStatements {
        switch expression.kind {
        case .call(let call):
            let (closures, others) = split(call.arguments)
            return [.call(ProgramCallSite(
                callee: call.calleeName, action: action(expression.range, callee: call.calleeName), closureArguments: closures,
                operands: self.expression(call.callee) + others))]
        case .message(let message):
            let callee = message.pieces.first?.label
            let (closures, others) = split(message.pieces.compactMap(\.argument) + message.variadicArguments)
            return [.call(ProgramCallSite(
                callee: callee, action: action(expression.range, callee: callee), closureArguments: closures,
                operands: self.expression(message.receiver) + others))]
        case .assignment(.assign, let target, let value):
            return [.call(ProgramCallSite(
                callee: nil, action: action(expression.range), closureArguments: [],
                operands: self.expression(target) + self.expression(value), isAssignment: true))]
        case .block(let block):
            return [.closure(statements(block.body))]
        case .identifier(let name):
            return [.read(ProgramRead(name: name, role: .value))]
        case .binary(let operation, let left, let right) where operation == .equal || operation == .notEqual:
            // `error == nil`, `nil != error`, `error == NULL`.
            return operand(left, role: ObjCLocalAuthentication.isNil(right) ? .comparedWithNil : nil)
                + operand(right, role: ObjCLocalAuthentication.isNil(left) ? .comparedWithNil : nil)
        case .binary(.logicalAnd, let left, let right), .binary(.logicalOr, let left, let right):
            return operand(left, role: .truthTest) + operand(right, role: .truthTest)
        case .prefix(.logicalNot, let inner):
            return operand(inner, role: .truthTest)
        case .conditional(let condition, let thenValue, let elseValue):
            return operand(condition, role: .truthTest) + (thenValue.map { self.expression($0) } ?? []) + self.expression(elseValue)
        default:
            return expression.children.flatMap(self.expression)
        }
    }

    /// An operand of a test: a name written alone there (in parentheses or a cast too) is read
    /// in `role`; anything else is read as it is.
    private func operand(_ expression: ObjCExpr, role: ProgramRead.Role?) -> ProgramStatements {
        if let role, let name = expression.strippingCastsAndParentheses.identifierName {
            return [.read(ProgramRead(name: name, role: role))]
        }
        return self.expression(expression)
    }

    /// A call's arguments: the blocks written as arguments, and what the others do.
    private func split(_ arguments: [ObjCExpr]) -> (closures: [ProgramStatements], others: ProgramStatements) {
        var closures: [ProgramStatements] = []
        var others: ProgramStatements = []
        for argument in arguments {
            if case .block(let block) = argument.strippingCastsAndParentheses.kind {
                closures.append(statements(block.body))
            } else {
                others += expression(argument)
            }
        }
        return (closures, others)
    }

    // MARK: Conditions

    /// A condition of `if`, `while` or `do … while`: a name alone there is tested by its truth.
    private func test(_ condition: ObjCExpr) -> ProgramTest {
        ProgramTest(condition: self.condition(condition), effects: operand(condition, role: .truthTest))
    }

    func condition(_ expression: ObjCExpr) -> ProgramCondition {
        ProgramCondition(kind(of: expression), place: place(expression.range))
    }

    private func kind(of expression: ObjCExpr) -> ProgramCondition.Kind {
        let stripped = expression.strippingCastsAndParentheses
        if let name = stripped.identifierName { return .truth(name) }
        switch stripped.kind {
        case .prefix(.logicalNot, let operand):
            return .not(condition(operand))
        case .binary(.logicalOr, let left, let right):
            return .or(condition(left), condition(right))
        case .binary(.logicalAnd, let left, let right):
            return .all([condition(left), condition(right)])
        case .binary(let operation, let left, let right) where operation == .equal || operation == .notEqual:
            for (one, other) in [(left, right), (right, left)] {
                guard let literal = Self.literal(other), Self.literal(one) == nil,
                    let name = one.strippingCastsAndParentheses.identifierName
                else { continue }
                return .comparison(name: name, equal: operation == .equal, literal: literal)
            }
            return .other
        default:
            return .other
        }
    }

    /// `YES`, `NO`, `true`, `false`, `TRUE`, `FALSE`; `nil`, `NULL`, `Nil`, `0`.
    private static func literal(_ expression: ObjCExpr) -> ProgramLiteral? {
        if let value = booleanLiteral(expression) { return .bool(value) }
        return ObjCLocalAuthentication.isNil(expression) ? .null : nil
    }

    static func booleanLiteral(_ expression: ObjCExpr) -> Bool? {
        switch expression.strippingCastsAndParentheses.identifierName {
        case "YES", "true", "TRUE": true
        case "NO", "false", "FALSE": false
        default: nil
        }
    }

    // MARK: Spelling

    func place(_ range: ObjCSourceRange) -> SourcePlace {
        SourcePlace(location: resolver.location(range), snippet: ObjCValueResolver.shortText(resolver.text(range)))
    }

    /// An action: its key is its tokens joined with spaces, a leading `self.` dropped; its text
    /// is as written.
    private func action(_ range: ObjCSourceRange, prefix: String = "", callee: String? = nil) -> OutcomeAction {
        var tokens = resolver.tree.tokens(in: range).map(\.text)
        while tokens.count > 2, tokens[0] == "self", tokens[1] == "." { tokens.removeFirst(2) }
        var text = ObjCValueResolver.shortText(resolver.text(range))
        while text.hasPrefix("self.") { text.removeFirst("self.".count) }
        return OutcomeAction(
            key: prefix + tokens.joined(separator: " ") + localValues(in: range, callee: callee), text: prefix + text, place: place(range),
            callee: callee)
    }

    /// What the locals an action names hold, for its key: two locals of one name declared on
    /// different paths (`NSDictionary *result = @{@"ok": @YES};` in one branch, `@NO` in the
    /// other) are different values, so `completion(result)` on each is not the same action. A
    /// local never assigned after its declaration is its initial value as written; one that is
    /// assigned is its declaration.
    private func localValues(in range: ObjCSourceRange, callee: String?) -> String {
        let names = resolver.tree.tokens(in: range).filter { $0.kind == .identifier && $0.text != callee && $0.text != "self" }
        guard !names.isEmpty, let body = resolver.body(containing: range.start.offset) else { return "" }
        var values: [String] = []
        for token in names {
            let bindings = resolver.bindings(of: token.text, in: body).filter { $0.range.start.offset < token.range.start.offset }
            guard let declaration = bindings.last(where: { if case .declaration = $0.kind { true } else { false } }),
                case .declaration(let declarator, _) = declaration.kind, let initializer = declarator.initializer
            else { continue }
            let assigned = resolver.bindings(of: token.text, in: body).contains { binding in
                if case .assignment = binding.kind { return binding.range.start.offset > declaration.range.start.offset }
                return false
            }
            let value = assigned ? "@\(declaration.range.start.offset)" : resolver.tree.tokens(in: initializer.range).map(\.text).joined(separator: " ")
            values.append("\(token.text)=" + value)
        }
        return values.isEmpty ? "" : "|" + values.joined(separator: ",")
    }
}

extension ObjCSyntaxTree {
    /// The tokens inside `range`, in order.
    func tokens(in range: ObjCSourceRange) -> ArraySlice<ObjCToken> {
        var low = 0
        var high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].range.start.offset < range.start.offset { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < tokens.count, tokens[end].range.end.offset <= range.end.offset, tokens[end].kind != .endOfFile { end += 1 }
        return tokens[low..<end]
    }
}
