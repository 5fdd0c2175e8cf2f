import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit
import KeychainLintObjC

// The Objective-C front end's reading of what an `evaluatePolicy:localizedReason:reply:` reply
// block does on each path, into the model's `OutcomeTest`s: `if` statements on the BOOL (an
// early-return `if (!success)` read as Swift's `guard`), `switch` cases, and the actions of each.

extension ObjCRuleContext {
    public func outcomeTests(_ call: ProgramCall) -> [OutcomeTest] {
        guard let site = ObjCPolicyEvaluations.site(of: call, in: self), site.kind == .message,
              let block = ObjCLocalAuthentication.replyBlock(of: site) else { return [] }
        let (success, error) = ObjCLocalAuthentication.parameterNames(of: block)
        guard let success, ObjCPolicyEvaluations.use(of: block).readsSuccess else {
            // The reply never reads its success flag: a test of the error against nil (`!error`,
            // `error == nil`) is what decides, and it lets a failure without an error object through.
            guard let error else { return [] }
            return ObjCOutcomeTests.ifStatements(in: block.body).compactMap { ifStatement, _ in
                guard case .if(let condition, let thenBranch, _) = ifStatement.kind else { return nil }
                // `if (!error) { … }`, or `if (error) { …; return; }` before the action (Swift's
                // `guard error == nil else { return }`).
                let test: String
                if ObjCOutcomeTests.isNilTest(condition, of: error) {
                    test = ObjCValueResolver.shortText(resolver.text(condition.range))
                } else if ObjCOutcomeTests.isNonNilTest(condition, of: error), ObjCOutcomeTests.alwaysExits(thenBranch) {
                    // What lets the action run is the error's absence, as Swift's guard says it.
                    test = "\(error) == nil"
                } else {
                    return nil
                }
                return .errorNilAlone(test: test, success: success ?? "success", at: ObjCOutcomeTests.place(condition.range, in: resolver))
            }
        }
        let reader = EffectReader(resolver: resolver)
        var tests: [OutcomeTest] = []
        func branches(guarded: ObjCEffects, failure: ObjCStmt) {
            tests.append(.branches(
                guarded: ObjCOutcomeTests.actions(guarded, in: resolver),
                failurePaths: ObjCOutcomeTests.failurePaths(of: failure).map { ObjCOutcomeTests.actions(reader.of($0), in: resolver) },
                failure: .successIsFalse(success: success)))
        }
        for (ifStatement, following) in ObjCOutcomeTests.ifStatements(in: block.body) {
            guard case .if(let condition, let thenBranch, let elseBranch) = ifStatement.kind else { continue }
            if let error, let alone = ObjCOutcomeTests.errorNilAlone(condition, success: success, error: error) {
                tests.append(.errorNilAlone(
                    test: ObjCValueResolver.shortText(resolver.text(alone.range)), success: success,
                    at: ObjCOutcomeTests.place(alone.range, in: resolver)))
                continue
            }
            switch ObjCOutcomeTests.test(of: condition, success: success) {
            case true?:
                // `if (success) { guarded } else { failure }`
                guard let elseBranch else { continue }
                branches(guarded: reader.ofSuccessPath([thenBranch]), failure: elseBranch)
            case false?:
                if let elseBranch {
                    // `if (!success) { failure } else { guarded }`
                    branches(guarded: reader.ofSuccessPath([elseBranch]), failure: thenBranch)
                } else if ObjCOutcomeTests.alwaysExits(thenBranch) {
                    // `if (!success) { failure; return; } guarded…`: Swift's `guard success else`.
                    branches(guarded: reader.ofSuccessPath(following), failure: thenBranch)
                }
            case nil:
                continue
            }
        }
        return tests
    }
}

/// How the Objective-C front end reads the tests of an evaluation's outcome.
enum ObjCOutcomeTests {
    static func actions(_ effects: ObjCEffects, in file: ObjCValueResolver) -> [OutcomeAction] {
        effects.list.map { OutcomeAction(key: $0.key, text: $0.text, place: place($0.range, in: file)) }
    }

    static func place(_ range: ObjCSourceRange, in file: ObjCValueResolver) -> SourcePlace {
        SourcePlace(location: file.location(range), snippet: ObjCValueResolver.shortText(file.text(range)))
    }

    // MARK: - Tests of the reply's parameters

    /// `success`, `success == YES` → true; `!success`, `success == NO`, `success != YES` → false; else nil.
    static func test(of condition: ObjCExpr, success: String) -> Bool? {
        let condition = condition.strippingCastsAndParentheses
        if condition.identifierName == success { return true }
        if case .prefix(.logicalNot, let operand) = condition.kind, operand.strippingCastsAndParentheses.identifierName == success {
            return false
        }
        if case .binary(let operation, let left, let right) = condition.kind, operation == .equal || operation == .notEqual {
            for (one, other) in [(left, right), (right, left)] where one.strippingCastsAndParentheses.identifierName == success {
                guard let value = booleanLiteral(other) else { return nil }
                return operation == .equal ? value : !value
            }
        }
        return nil
    }

    static func booleanLiteral(_ expression: ObjCExpr) -> Bool? {
        switch expression.strippingCastsAndParentheses.identifierName {
        case "YES", "true", "TRUE": true
        case "NO", "false", "FALSE": false
        default: nil
        }
    }

    /// `success || error == nil` (either order, `!error` too): the side that lets a missing error
    /// alone through.
    static func errorNilAlone(_ condition: ObjCExpr, success: String, error: String) -> ObjCExpr? {
        guard case .binary(.logicalOr, let left, let right) = condition.strippingCastsAndParentheses.kind else { return nil }
        for (one, other) in [(left, right), (right, left)] where test(of: one, success: success) == true && isNilTest(other, of: error) {
            return other
        }
        return nil
    }

    /// `error != nil`, `nil != error`, `error`.
    static func isNonNilTest(_ expression: ObjCExpr, of name: String) -> Bool {
        let stripped = expression.strippingCastsAndParentheses
        switch stripped.kind {
        case .binary(.notEqual, let left, let right):
            return left.strippingCastsAndParentheses.identifierName == name && ObjCLocalAuthentication.isNil(right)
                || right.strippingCastsAndParentheses.identifierName == name && ObjCLocalAuthentication.isNil(left)
        case .identifier(name):
            return true
        default:
            return false
        }
    }

    static func isNilTest(_ expression: ObjCExpr, of name: String) -> Bool {
        let stripped = expression.strippingCastsAndParentheses
        switch stripped.kind {
        case .binary(.equal, let left, let right):
            return left.strippingCastsAndParentheses.identifierName == name && ObjCLocalAuthentication.isNil(right)
                || right.strippingCastsAndParentheses.identifierName == name && ObjCLocalAuthentication.isNil(left)
        case .prefix(.logicalNot, let operand):
            return operand.strippingCastsAndParentheses.identifierName == name
        default:
            return false
        }
    }

    /// A branch that ends by leaving the block (`return`, `@throw`).
    static func alwaysExits(_ statement: ObjCStmt) -> Bool {
        switch statement.kind {
        case .return, .throw: true
        case .compound(let statements): statements.last.map(alwaysExits) ?? false
        default: false
        }
    }

    // MARK: - Where the branches are

    /// Every `if` of a reply block (blocks it dispatches included), with the statements that
    /// follow it in its `{ … }`; an `else if` is an `if` of its own, followed by nothing.
    static func ifStatements(in body: ObjCStmt) -> [(ObjCStmt, [ObjCStmt])] {
        var found: [(ObjCStmt, [ObjCStmt])] = []
        forEachStatement(in: body) { statement, following in
            if case .if = statement.kind { found.append((statement, following)) }
        }
        return found
    }

    /// Calls `visit` with every statement under `statement` (itself included, block bodies too) and
    /// the statements after it in its compound statement.
    static func forEachStatement(in statement: ObjCStmt, following: [ObjCStmt] = [], _ visit: (ObjCStmt, [ObjCStmt]) -> Void) {
        visit(statement, following)
        func blocks(in expression: ObjCExpr) {
            if case .block(let block) = expression.kind {
                forEachStatement(in: block.body, visit)
                return
            }
            for child in expression.children { blocks(in: child) }
        }
        switch statement.kind {
        case .compound(let statements):
            for (position, child) in statements.enumerated() {
                forEachStatement(in: child, following: Array(statements[(position + 1)...]), visit)
            }
        case .expression(let expression), .caseLabel(let expression):
            blocks(in: expression)
        case .return(let value), .throw(let value):
            if let value { blocks(in: value) }
        case .declaration(let declaration):
            for declarator in declaration.declarators { if let initializer = declarator.initializer { blocks(in: initializer) } }
        case .if(let condition, let thenBranch, let elseBranch):
            blocks(in: condition)
            forEachStatement(in: thenBranch, visit)
            if let elseBranch { forEachStatement(in: elseBranch, visit) }
        case .while(let condition, let body), .doWhile(let body, let condition), .switch(let condition, let body),
             .synchronized(let condition, let body):
            blocks(in: condition)
            forEachStatement(in: body, visit)
        case .for(let initializer, let condition, let increment, let body):
            if let initializer { forEachStatement(in: initializer, visit) }
            if let condition { blocks(in: condition) }
            if let increment { blocks(in: increment) }
            forEachStatement(in: body, visit)
        case .forIn(let element, let collection, let body):
            forEachStatement(in: element, visit)
            blocks(in: collection)
            forEachStatement(in: body, visit)
        case .try(let body, let catches, let finally):
            forEachStatement(in: body, visit)
            for clause in catches { forEachStatement(in: clause.body, visit) }
            if let finally { forEachStatement(in: finally, visit) }
        case .autoreleasepool(let body):
            forEachStatement(in: body, visit)
        case .defaultLabel, .label, .break, .continue, .goto, .empty, .unparsed:
            break
        }
    }

    /// A failure branch and the paths inside it: each `case` of a `switch` (from its label to the
    /// next) and each branch of an `if`, since a failure branch often treats one error code
    /// (`LAErrorUserFallback`) differently.
    static func failurePaths(of failure: ObjCStmt) -> [[ObjCStmt]] {
        var paths: [[ObjCStmt]] = [[failure]]
        forEachStatement(in: failure) { statement, _ in
            switch statement.kind {
            case .switch(_, let body):
                guard case .compound(let statements) = body.kind else { return }
                var current: [ObjCStmt]?
                for child in statements {
                    switch child.kind {
                    case .caseLabel, .defaultLabel:
                        if let current { paths.append(current) }
                        current = []
                    default:
                        current?.append(child)
                    }
                }
                if let current { paths.append(current) }
            case .if(_, let thenBranch, let elseBranch):
                paths.append([thenBranch])
                if let elseBranch { paths.append([elseBranch]) }
            default:
                return
            }
        }
        return paths
    }
}

/// The actions of a piece of code: calls, message sends and plain assignments, compared by their
/// tokens, in source order. Logging and dispatching are not actions (the blocks they run are read).
struct ObjCEffects {
    struct Effect {
        /// The tokens joined with spaces, a leading `self.` dropped.
        let key: String
        /// As written, for the message.
        let text: String
        let range: ObjCSourceRange
    }

    private(set) var list: [Effect] = []
    private var keys: Set<String> = []

    var isEmpty: Bool { list.isEmpty }
    var first: Effect? { list.first }

    mutating func insert(_ effect: Effect) {
        guard keys.insert(effect.key).inserted else { return }
        list.append(effect)
    }

    mutating func formUnion(_ other: ObjCEffects) {
        for effect in other.list { insert(effect) }
    }

    func isSubset(of other: ObjCEffects) -> Bool { keys.isSubset(of: other.keys) }
}

/// Reads the actions of statements of one file.
struct EffectReader {
    let resolver: ObjCValueResolver

    /// The Swift rule's neutral callees, with Objective-C's logging, assertion and dispatching words.
    static let neutralCallees: Set<String> = OutcomeAction.neutralCallees.union(ObjCLocalAuthentication.loggingFunctions).union([
        "dispatch_async", "dispatch_sync", "dispatch_after", "dispatch_barrier_async", "dispatch_main_async_safe",
        "NSAssert", "NSCAssert", "NSParameterAssert", "NSCParameterAssert", "addOperationWithBlock", "performBlock",
        "performBlockAndWait",
    ])

    func of(_ statements: [ObjCStmt]) -> ObjCEffects {
        var effects = ObjCEffects()
        for statement in statements { collect(statement, into: &effects, skipsErrorHandling: false) }
        return effects
    }

    /// The actions of a success path, without its own error handling (`@catch` clauses, and
    /// `if (…) { …; return; }` branches without `else`): showing a PIN pad when reading the token
    /// fails is not what the success leads to.
    func ofSuccessPath(_ statements: [ObjCStmt]) -> ObjCEffects {
        var effects = ObjCEffects()
        for statement in statements { collect(statement, into: &effects, skipsErrorHandling: true) }
        return effects
    }

    private func collect(_ statement: ObjCStmt, into effects: inout ObjCEffects, skipsErrorHandling: Bool) {
        func statementList(_ child: ObjCStmt) { collect(child, into: &effects, skipsErrorHandling: skipsErrorHandling) }
        func expression(_ child: ObjCExpr) { collect(child, into: &effects) }
        switch statement.kind {
        case .expression(let value): expression(value)
        case .declaration(let declaration):
            for declarator in declaration.declarators { if let initializer = declarator.initializer { expression(initializer) } }
        case .compound(let statements): statements.forEach(statementList)
        case .if(let condition, let thenBranch, let elseBranch):
            expression(condition)
            if skipsErrorHandling, elseBranch == nil, ObjCOutcomeTests.alwaysExits(thenBranch) { return }
            statementList(thenBranch)
            if let elseBranch { statementList(elseBranch) }
        case .while(let condition, let body), .doWhile(let body, let condition), .switch(let condition, let body),
             .synchronized(let condition, let body):
            expression(condition)
            statementList(body)
        case .for(let initializer, let condition, let increment, let body):
            if let initializer { statementList(initializer) }
            if let condition { expression(condition) }
            if let increment { expression(increment) }
            statementList(body)
        case .forIn(_, let collection, let body):
            expression(collection)
            statementList(body)
        case .return(let value?):
            // `return YES` from a BOOL gate is the guarded outcome itself.
            if ObjCOutcomeTests.booleanLiteral(value) != nil {
                effects.insert(effect(value.range, prefix: "return "))
            } else {
                expression(value)
            }
        case .throw(let value?): expression(value)
        case .try(let body, let catches, let finally):
            statementList(body)
            if !skipsErrorHandling { for clause in catches { statementList(clause.body) } }
            if let finally { statementList(finally) }
        case .autoreleasepool(let body): statementList(body)
        case .return(nil), .throw(nil), .caseLabel, .defaultLabel, .label, .break, .continue, .goto, .empty, .unparsed:
            break
        }
    }

    private func collect(_ expression: ObjCExpr, into effects: inout ObjCEffects) {
        switch expression.kind {
        case .call(let call):
            guard Self.neutralCallees.contains(call.calleeName ?? "") else {
                effects.insert(effect(expression.range))
                return
            }
            for argument in call.arguments { blockBodies(argument, into: &effects) }
        case .message(let message):
            guard Self.neutralCallees.contains(message.pieces.first?.label ?? "") else {
                effects.insert(effect(expression.range))
                return
            }
            for argument in message.pieces.compactMap(\.argument) + message.variadicArguments { blockBodies(argument, into: &effects) }
        case .assignment(.assign, _, _):
            effects.insert(effect(expression.range))
        case .block:
            return
        default:
            for child in expression.children { collect(child, into: &effects) }
        }
    }

    /// What a dispatching call runs: the bodies of the blocks it is given.
    private func blockBodies(_ argument: ObjCExpr, into effects: inout ObjCEffects) {
        guard case .block(let block) = argument.strippingCastsAndParentheses.kind else { return }
        collect(block.body, into: &effects, skipsErrorHandling: false)
    }

    private func effect(_ range: ObjCSourceRange, prefix: String = "") -> ObjCEffects.Effect {
        var tokens = resolver.tree.tokens(in: range).map(\.text)
        while tokens.count > 2, tokens[0] == "self", tokens[1] == "." { tokens.removeFirst(2) }
        var text = ObjCValueResolver.shortText(resolver.text(range))
        while text.hasPrefix("self.") { text.removeFirst("self.".count) }
        return ObjCEffects.Effect(key: prefix + tokens.joined(separator: " "), text: prefix + text, range: range)
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
