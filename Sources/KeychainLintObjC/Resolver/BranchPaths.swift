/// Where a position lies among a body's branches: the arms of `if`s, loop bodies, `switch`
/// cases, `@try`/`@catch` blocks and block literals on the way down to it, outermost first.
///
/// The value resolver uses it to decide which earlier assignments a later one replaces: an
/// assignment replaces an earlier one when it runs on every path from that one to the use,
/// which (for structured code) is when its own path is a prefix of both paths.
struct BranchPath: Equatable {
    /// Each arm by the offset where it starts (unique within a body).
    var arms: [Int]

    func isPrefix(of other: BranchPath) -> Bool {
        arms.count <= other.arms.count && Array(other.arms.prefix(arms.count)) == arms
    }

    /// The path to `offset` inside `statement` (the body's compound statement).
    static func to(_ offset: Int, in statement: ObjCStmt) -> BranchPath {
        var arms: [Int] = []
        descend(statement, to: offset, arms: &arms, depth: 0)
        return BranchPath(arms: arms)
    }

    /// The tree is never deeper than the parser's nesting limit, so the recursion is bounded; the
    /// depth check is a second guard.
    private static func descend(_ statement: ObjCStmt, to offset: Int, arms: inout [Int], depth: Int) {
        guard depth < 512, contains(statement.range, offset) else { return }
        func arm(_ child: ObjCStmt) -> Bool {
            guard contains(child.range, offset) else { return false }
            arms.append(child.range.start.offset)
            descend(child, to: offset, arms: &arms, depth: depth + 1)
            return true
        }
        switch statement.kind {
        case .compound(let statements):
            // The statements are in source order: find the one holding `offset` by bisection
            // (a generated body may hold thousands).
            var low = 0
            var high = statements.count
            while low < high {
                let middle = (low + high) / 2
                if statements[middle].range.end.offset <= offset { low = middle + 1 } else { high = middle }
            }
            guard low < statements.count, contains(statements[low].range, offset) else { return }
            // Inside a `switch` body, a case runs from its label to the next one.
            if let label = statements[..<low].last(where: { statement in
                if case .caseLabel = statement.kind { return true }
                if case .defaultLabel = statement.kind { return true }
                return false
            }) {
                arms.append(label.range.start.offset)
            }
            descend(statements[low], to: offset, arms: &arms, depth: depth + 1)
        case .if(let condition, let thenBranch, let elseBranch):
            if arm(thenBranch) { return }
            if let elseBranch, arm(elseBranch) { return }
            descendExpression(condition, to: offset, arms: &arms, depth: depth)
        case .while(_, let body), .doWhile(let body, _), .forIn(_, _, let body), .switch(_, let body):
            _ = arm(body)
        case .for(let initializer, _, _, let body):
            if let initializer, contains(initializer.range, offset) {
                descend(initializer, to: offset, arms: &arms, depth: depth + 1)
            } else {
                _ = arm(body)
            }
        case .try(let body, let catches, let finally):
            if arm(body) { return }
            for clause in catches where arm(clause.body) { return }
            if let finally { descend(finally, to: offset, arms: &arms, depth: depth + 1) }
        case .synchronized(_, let body), .autoreleasepool(let body):
            descend(body, to: offset, arms: &arms, depth: depth + 1)
        case .expression(let expression), .return(.some(let expression)), .throw(.some(let expression)):
            descendExpression(expression, to: offset, arms: &arms, depth: depth)
        case .declaration(let declaration):
            for declarator in declaration.declarators {
                if let initializer = declarator.initializer { descendExpression(initializer, to: offset, arms: &arms, depth: depth) }
            }
        default:
            return
        }
    }

    /// A block literal (a completion handler) runs later, if at all: its body is an arm.
    private static func descendExpression(_ expression: ObjCExpr, to offset: Int, arms: inout [Int], depth: Int) {
        guard depth < 512, contains(expression.range, offset) else { return }
        if case .block(let block) = expression.kind {
            arms.append(block.body.range.start.offset)
            descend(block.body, to: offset, arms: &arms, depth: depth + 1)
            return
        }
        if case .conditional(_, let thenBranch, let elseBranch) = expression.kind {
            if let thenBranch, contains(thenBranch.range, offset) {
                arms.append(thenBranch.range.start.offset)
                descendExpression(thenBranch, to: offset, arms: &arms, depth: depth + 1)
                return
            }
            if contains(elseBranch.range, offset) {
                arms.append(elseBranch.range.start.offset)
                descendExpression(elseBranch, to: offset, arms: &arms, depth: depth + 1)
                return
            }
        }
        expression.forEachChild { child in
            descendExpression(child, to: offset, arms: &arms, depth: depth + 1)
        }
    }

    private static func contains(_ range: ObjCSourceRange, _ offset: Int) -> Bool {
        range.start.offset <= offset && offset < max(range.end.offset, range.start.offset + 1)
    }
}
