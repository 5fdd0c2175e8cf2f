import KeychainLintCore
import KeychainLintModel
import KeychainLintObjC

// The Objective-C front end's reading of code that receives a handed-on outcome into the model of
// its tests (`ReceivingBody`, `HandedOutcomeReading.swift`): the names read in conditions, what
// each condition tests and what runs on each side of it. It only reads; which test decides is
// found on the model.

extension ObjCBodies {
    /// A block's or a method's body, as code that receives a handed-on outcome.
    func receivingBody(_ body: ObjCStmt) -> ReceivingBody {
        var reads: [ConditionRead] = []
        ObjCLocalAuthentication.forEachExpression(in: body) { expression, ancestors in
            guard case .identifier(let name) = expression.kind, let condition = Self.condition(around: expression.range, ancestors: ancestors)
            else { return }
            reads.append(conditionRead(name, at: expression.range, in: condition, ancestors: ancestors))
        }
        return ReceivingBody(statements: statements(body), conditionReads: reads)
    }

    /// A read of `name` at `read` in `condition` (as `condition(around:ancestors:)` finds it),
    /// with what the condition tests and what runs on each side.
    func conditionRead(_ name: String, at read: ObjCSourceRange, in condition: ObjCSourceRange, ancestors: [ObjCAncestor]) -> ConditionRead {
        let quoted = place(condition)
        guard let index = ancestors.lastIndex(where: {
            if case .statement(let statement) = $0, case .if(let test, _, _) = statement.kind { return test.range == condition }
            return false
        }), case .statement(let statement) = ancestors[index], case .if(let test, let then, let otherwise) = statement.kind
        else { return ConditionRead(name: name, condition: quoted, holdsWhenNil: nil, holder: .other) }
        func runs(_ statement: ObjCStmt) -> Bool {
            if case .compound(let statements) = statement.kind { return !statements.isEmpty }
            if case .empty = statement.kind { return false }
            return true
        }
        // Its last statement returns or throws (`@throw`), as a Swift body's does.
        func leaves(_ statement: ObjCStmt) -> Bool {
            let last = if case .compound(let statements) = statement.kind { statements.last } else { statement }
            switch last?.kind {
            case .return?, .throw?: return true
            default: return false
            }
        }
        var followed = false
        if index > 0, case .statement(let parent) = ancestors[index - 1], case .compound(let siblings) = parent.kind,
            let position = siblings.firstIndex(of: statement)
        {
            followed = position < siblings.count - 1
        }
        return ConditionRead(
            name: name, condition: quoted, holdsWhenNil: Self.holdsWhenNil(test, read: read),
            holder: .branch(thenRuns: runs(then), otherwiseRuns: otherwise.map(runs), thenLeaves: leaves(then), followed: followed))
    }

    /// Whether an `if`'s whole condition holds when the value read at `read` is nil: `!error`,
    /// `error == nil` (either side, `NULL` and `0` too), true; `error`, `error != nil`, false;
    /// anything else, nil.
    private static func holdsWhenNil(_ test: ObjCExpr, read: ObjCSourceRange) -> Bool? {
        let stripped = test.strippingCastsAndParentheses
        switch stripped.kind {
        case _ where stripped.range == read:
            return false
        case .prefix(.logicalNot, let operand) where operand.strippingCastsAndParentheses.range == read:
            return true
        case .binary(let operation, let left, let right) where operation == .equal || operation == .notEqual:
            guard (ObjCLocalAuthentication.isNil(left) && right.strippingCastsAndParentheses.range == read)
                || (ObjCLocalAuthentication.isNil(right) && left.strippingCastsAndParentheses.range == read)
            else { return nil }
            return operation == .equal
        default:
            return nil
        }
    }

    /// The condition of the `if`, `while`, `switch` or `?:` whose condition holds `range`: nil when
    /// `range` is inside an argument of a call or message (passed on, not tested) or a block.
    static func condition(around range: ObjCSourceRange, ancestors: [ObjCAncestor]) -> ObjCSourceRange? {
        func holds(_ outer: ObjCSourceRange) -> Bool {
            outer.start.offset <= range.start.offset && range.end.offset <= outer.end.offset
        }
        for ancestor in ancestors.reversed() {
            switch ancestor {
            case .expression(let expression):
                switch expression.kind {
                case .conditional(let condition, _, _) where holds(condition.range):
                    return condition.range
                case .block:
                    return nil
                case .call(let call) where call.arguments.contains(where: { holds($0.range) }):
                    return nil
                case .message(let message)
                where message.pieces.contains(where: { $0.argument.map { holds($0.range) } ?? false })
                    || message.variadicArguments.contains(where: { holds($0.range) }):
                    return nil
                default:
                    continue
                }
            case .statement(let statement):
                switch statement.kind {
                case .if(let condition, _, _), .while(let condition, _), .switch(let condition, _):
                    return holds(condition.range) ? condition.range : nil
                case .expression, .declaration:
                    continue
                default:
                    return nil
                }
            case .declarator:
                continue
            }
        }
        return nil
    }
}
