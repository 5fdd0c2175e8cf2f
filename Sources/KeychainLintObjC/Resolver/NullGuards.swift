/// Names that code at a position knows are not `nil`/`NULL`, because a check on the way there
/// says so: the `then` of `if (x)`, `if (x != nil)`, `if (a && x)`; the `else` of `if (!x)` or
/// `if (x == NULL)`; and what follows `if (!x) { …; return …; }` in the same block. The value
/// resolver drops a null value of such a name there: `SecAccessControlCreateWithFlags(…,
/// protection, …)` inside `if (protection)` is never given `NULL`, whatever `protection` may be
/// elsewhere.
enum NullGuards {
    /// Each guarded name with where its check is (an assignment after the check undoes it).
    static func names(at offset: Int, in statement: ObjCStmt) -> [(name: String, checkedAt: Int)] {
        var result: [(String, Int)] = []
        descend(statement, to: offset, into: &result, depth: 0)
        return result
    }

    private static func descend(_ statement: ObjCStmt, to offset: Int, into result: inout [(String, Int)], depth: Int) {
        guard depth < 512, statement.range.holds(offset) else { return }
        switch statement.kind {
        case .compound(let statements):
            for child in statements {
                if child.range.holds(offset) {
                    descend(child, to: offset, into: &result, depth: depth + 1)
                    return
                }
                guard child.range.end.offset <= offset else { return }
                // `if (!x) { …; return; }`: after it, `x` is not null.
                if case .if(let condition, let thenBranch, nil) = child.kind, exits(thenBranch) {
                    for name in names(in: condition, whenTrue: false) { result.append((name, child.range.end.offset)) }
                }
            }
        case .if(let condition, let thenBranch, let elseBranch):
            if thenBranch.range.holds(offset) {
                for name in names(in: condition, whenTrue: true) { result.append((name, thenBranch.range.start.offset)) }
                descend(thenBranch, to: offset, into: &result, depth: depth + 1)
            } else if let elseBranch, elseBranch.range.holds(offset) {
                for name in names(in: condition, whenTrue: false) { result.append((name, elseBranch.range.start.offset)) }
                descend(elseBranch, to: offset, into: &result, depth: depth + 1)
            }
        case .while(_, let body), .doWhile(let body, _), .forIn(_, _, let body), .switch(_, let body),
            .synchronized(_, let body), .autoreleasepool(let body), .for(_, _, _, let body):
            descend(body, to: offset, into: &result, depth: depth + 1)
        case .try(let body, let catches, let finally):
            descend(body, to: offset, into: &result, depth: depth + 1)
            for clause in catches { descend(clause.body, to: offset, into: &result, depth: depth + 1) }
            if let finally { descend(finally, to: offset, into: &result, depth: depth + 1) }
        default:
            return
        }
    }

    /// The names a condition proves non-null when it is `whenTrue`: `x`, `x != nil` and each
    /// side of `&&` when true; `!x`, `x == NULL` and each side of `||` when false.
    static func names(in condition: ObjCExpr, whenTrue: Bool, depth: Int = 0) -> [String] {
        guard depth < 64 else { return [] }
        let stripped = condition.strippingCastsAndParentheses
        switch stripped.kind {
        case .identifier(let name) where whenTrue && !["YES", "NO", "true", "false", "nil", "NULL"].contains(name):
            return [name]
        case .prefix(.logicalNot, let operand):
            return names(in: operand, whenTrue: !whenTrue, depth: depth + 1)
        case .binary(.logicalAnd, let left, let right) where whenTrue:
            return names(in: left, whenTrue: true, depth: depth + 1) + names(in: right, whenTrue: true, depth: depth + 1)
        case .binary(.logicalOr, let left, let right) where !whenTrue:
            return names(in: left, whenTrue: false, depth: depth + 1) + names(in: right, whenTrue: false, depth: depth + 1)
        case .binary(let operation, let left, let right) where operation == (whenTrue ? .notEqual : .equal):
            if isNull(right), let name = left.strippingCastsAndParentheses.identifierName { return [name] }
            if isNull(left), let name = right.strippingCastsAndParentheses.identifierName { return [name] }
            return []
        default:
            return []
        }
    }

    private static func isNull(_ expression: ObjCExpr) -> Bool {
        switch expression.strippingCastsAndParentheses.kind {
        case .identifier(let name): ["nil", "NULL", "Nil"].contains(name)
        case .integerLiteral(let spelling): spelling == "0"
        default: false
        }
    }

    /// A branch that never falls through: it ends in `return`, `@throw`, `goto`, `break` or `continue`.
    private static func exits(_ statement: ObjCStmt) -> Bool {
        switch statement.kind {
        case .return, .throw, .goto, .break, .continue: true
        case .compound(let statements): statements.last.map(exits) ?? false
        default: false
        }
    }
}
