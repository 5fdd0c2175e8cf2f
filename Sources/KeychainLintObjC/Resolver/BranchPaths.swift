/// Where a position lies among a body's branches: the arms of `if`s, loop bodies, `switch`
/// cases, `@try`/`@catch` blocks and block literals on the way down to it, outermost first.
///
/// The value resolver uses it to decide which earlier assignments a later one replaces: an
/// assignment replaces an earlier one when it runs on every path from that one to the use,
/// which (for structured code) is when its own path is a prefix of both paths.
struct BranchPath: Equatable {
    /// Each arm by the offset where it starts (unique within a body).
    var arms: [Int]
    /// What each arm of `arms` is: one of the alternatives of a statement, or a body that may run
    /// several times.
    var kinds: [ArmKind] = []

    enum ArmKind: Equatable {
        /// The `then` or `else` of an `if`, a `case` of a `switch`, a side of `?:`: at most one of
        /// the statement's alternatives (identified by its start) runs in one pass.
        case alternative(of: Int)
        /// A loop body or a block literal: it may run several times.
        case repeated
        /// A `switch` body, `@try`/`@catch` blocks: neither.
        case other
    }

    func isPrefix(of other: BranchPath) -> Bool {
        arms.count <= other.arms.count && Array(other.arms.prefix(arms.count)) == arms
    }

    /// Whether code at this path and at `other` never both run in one pass through the body: the
    /// paths part into different alternatives of one `if`/`else`, `switch` or `?:`, and no loop
    /// or block around that statement can run both in turn.
    func excludes(_ other: BranchPath) -> Bool {
        for index in 0..<min(arms.count, other.arms.count) {
            guard arms[index] == other.arms[index] else {
                guard index < kinds.count, index < other.kinds.count, case .alternative(let owner) = kinds[index],
                      other.kinds[index] == .alternative(of: owner)
                else { return false }
                return true
            }
            if index < kinds.count, kinds[index] == .repeated { return false }
        }
        return false
    }

    /// The path to `offset` inside `statement` (the body's compound statement).
    static func to(_ offset: Int, in statement: ObjCStmt) -> BranchPath {
        var path = BranchPath(arms: [])
        descend(statement, to: offset, path: &path, depth: 0)
        return path
    }

    /// The path with the `#if` branches around the position after its statement arms: code of
    /// `#if` and `#else` never runs in one build, so neither replaces the other (as the Swift
    /// resolver counts every `#if` clause's value as possible).
    func appending(preprocessorBranches branches: [(group: Int, branch: Int)]) -> BranchPath {
        var path = self
        for branch in branches { path.append(branch.branch, .alternative(of: branch.group)) }
        return path
    }

    fileprivate mutating func append(_ arm: Int, _ kind: ArmKind) {
        arms.append(arm)
        kinds.append(kind)
    }

    /// The tree is never deeper than the parser's nesting limit, so the recursion is bounded; the
    /// depth check is a second guard.
    private static func descend(_ statement: ObjCStmt, to offset: Int, path: inout BranchPath, depth: Int) {
        guard depth < 512, contains(statement.range, offset) else { return }
        func arm(_ child: ObjCStmt, _ kind: ArmKind) -> Bool {
            guard contains(child.range, offset) else { return false }
            path.append(child.range.start.offset, kind)
            descend(child, to: offset, path: &path, depth: depth + 1)
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
            if let label = statements[..<low].last(where: { child in
                if case .caseLabel = child.kind { return true }
                if case .defaultLabel = child.kind { return true }
                return false
            }) {
                path.append(label.range.start.offset, .alternative(of: statement.range.start.offset))
            }
            descend(statements[low], to: offset, path: &path, depth: depth + 1)
        case .if(let condition, let thenBranch, let elseBranch):
            let choice = ArmKind.alternative(of: statement.range.start.offset)
            if arm(thenBranch, choice) { return }
            if let elseBranch, arm(elseBranch, choice) { return }
            descendExpression(condition, to: offset, path: &path, depth: depth)
        case .while(_, let body), .doWhile(let body, _), .forIn(_, _, let body):
            _ = arm(body, .repeated)
        case .switch(_, let body):
            _ = arm(body, .other)
        case .for(let initializer, _, _, let body):
            if let initializer, contains(initializer.range, offset) {
                descend(initializer, to: offset, path: &path, depth: depth + 1)
            } else {
                _ = arm(body, .repeated)
            }
        case .try(let body, let catches, let finally):
            if arm(body, .other) { return }
            for clause in catches where arm(clause.body, .other) { return }
            if let finally { descend(finally, to: offset, path: &path, depth: depth + 1) }
        case .synchronized(_, let body), .autoreleasepool(let body):
            descend(body, to: offset, path: &path, depth: depth + 1)
        case .expression(let expression), .return(.some(let expression)), .throw(.some(let expression)):
            descendExpression(expression, to: offset, path: &path, depth: depth)
        case .declaration(let declaration):
            for declarator in declaration.declarators {
                if let initializer = declarator.initializer { descendExpression(initializer, to: offset, path: &path, depth: depth) }
            }
        default:
            return
        }
    }

    /// A block literal (a completion handler) runs later, if at all, perhaps several times: its
    /// body is an arm.
    private static func descendExpression(_ expression: ObjCExpr, to offset: Int, path: inout BranchPath, depth: Int) {
        guard depth < 512, contains(expression.range, offset) else { return }
        if case .block(let block) = expression.kind {
            path.append(block.body.range.start.offset, .repeated)
            descend(block.body, to: offset, path: &path, depth: depth + 1)
            return
        }
        if case .conditional(_, let thenBranch, let elseBranch) = expression.kind {
            let choice = ArmKind.alternative(of: expression.range.start.offset)
            if let thenBranch, contains(thenBranch.range, offset) {
                path.append(thenBranch.range.start.offset, choice)
                descendExpression(thenBranch, to: offset, path: &path, depth: depth + 1)
                return
            }
            if contains(elseBranch.range, offset) {
                path.append(elseBranch.range.start.offset, choice)
                descendExpression(elseBranch, to: offset, path: &path, depth: depth + 1)
                return
            }
        }
        expression.forEachChild { child in
            descendExpression(child, to: offset, path: &path, depth: depth + 1)
        }
    }

    private static func contains(_ range: ObjCSourceRange, _ offset: Int) -> Bool {
        range.holds(offset)
    }
}

extension ObjCSourceRange {
    /// Whether `offset` lies in the range (an empty range holds its start), as the walks down to
    /// a position (`BranchPath`, `NullGuards`) ask of each node on the way.
    func holds(_ offset: Int) -> Bool {
        start.offset <= offset && offset < max(end.offset, start.offset + 1)
    }
}
