import KeychainLintCore
import KeychainLintModel
import KeychainLintObjC
import KeychainLintRuleKit

// The Objective-C front end's answers to the questions of `ProgramUses.swift`, read from the
// facts of the body around the call (`ObjCBodyFacts`): where the call's value ends up (a
// statement of its own, `(void)…`, a local's initializer, an assignment) and whether the local it
// is stored in is read afterwards.

extension ObjCRuleContext {
    public func resultUse(of call: ProgramCall) -> ResultUse {
        guard case .objectiveC(let expression) = call.expression,
              let body = resolver.body(containing: expression.range.start.offset)
        else { return .used }
        return ObjCResultUses.use(of: expression, ObjCBodyFacts.of(body, in: self))
    }

    public func outParameterUse(_ index: Int, of call: ProgramCall) -> OutParameterUse {
        guard case .objectiveC(let expression)? = call.argument(index), let name = ObjCResultUses.addressedVariable(expression) else {
            return .notAVariable
        }
        guard case .objectiveC(let whole) = call.expression, let body = resolver.body(containing: whole.range.start.offset) else {
            return .read
        }
        let facts = ObjCBodyFacts.of(body, in: self)
        guard let scope = facts.localScope(of: name, at: whole.range.start.offset) else { return .read }
        return facts.isRead(name, storedAt: ObjCBodyFacts.Span(whole.range), in: scope) ? .read : .unread
    }

    public func callee(of call: ProgramCall) -> ProgramExpression {
        guard case .objectiveC(let expression) = call.expression, case .call(let function) = expression.kind else {
            return call.expression
        }
        return .objectiveC(function.callee)
    }
}

/// How Objective-C code uses a call's result and the locals it is stored in.
enum ObjCResultUses {
    /// How the call's result is used: a statement of its own (`SecItemDelete(q);`,
    /// `(void)SecItemAdd(q, NULL);`), a local that nothing reads afterwards, or anything else.
    static func use(of call: ObjCExpr, _ facts: ObjCBodyFacts) -> ResultUse {
        let span = ObjCBodyFacts.Span(call.range)
        switch facts.slots[span] {
        case .statement:
            return .discarded
        case .initializer(let name, let declarator):
            guard let scope = facts.scope(ofDeclarator: declarator) else { return .used }
            return facts.isRead(name, storedAt: ObjCBodyFacts.Span(declarator), in: scope) ? .used : .storedUnread(name)
        case .assigned(let target, let assignment, true):
            // Only a local's value is judged: an instance variable, a property, a global or an
            // out-parameter (`*status = …`) is read elsewhere.
            guard let name = target.strippingCastsAndParentheses.identifierName,
                  let scope = facts.localScope(of: name, at: assignment.range.start.offset)
            else { return .used }
            return facts.isRead(name, storedAt: ObjCBodyFacts.Span(assignment.range), in: scope) ? .used : .storedUnread(name)
        case .assigned, nil:
            return .used
        }
    }

    /// `error` in `SecKeyCreateRandomKey(attributes, &error)` (casts allowed).
    static func addressedVariable(_ argument: ObjCExpr) -> String? {
        guard case .prefix(.addressOf, let operand) = argument.strippingCastsAndParentheses.kind else { return nil }
        return operand.strippingCastsAndParentheses.identifierName
    }
}
