import KeychainLintObjC

/// Helpers shared by the parser tests: a readable rendering of tree shapes with explicit
/// grouping, and the expression passed to `probe(…)` in a small function.
enum TestSupport {
    /// The expression with every binary, assignment and conditional node in brackets, so a test
    /// states the precedence the parser chose: `((a | b) | c)`.
    static func shape(_ expression: ObjCExpr) -> String {
        switch expression.kind {
        case .binary(let operation, let left, let right):
            return "(\(shape(left)) \(operation.rawValue) \(shape(right)))"
        case .assignment(let operation, let target, let value):
            return "(\(shape(target)) \(operation.rawValue) \(shape(value)))"
        case .conditional(let condition, let thenBranch, let elseBranch):
            return "(\(shape(condition)) ? \(thenBranch.map(shape) ?? "") : \(shape(elseBranch)))"
        case .prefix(let operation, let operand):
            return operation.rawValue + shape(operand)
        case .parenthesized(let inner):
            return "(\(shape(inner)))"
        case .cast(let cast):
            return "(" + (cast.bridge.map { $0.rawValue + " " } ?? "") + cast.type.spelling + ")" + shape(cast.operand)
        default:
            return expression.description
        }
    }

    /// The arguments of the first `probe(…)` call in `void f(void) { <body> }`.
    static func probeArguments(_ body: String) -> (arguments: [ObjCExpr], tree: ObjCSyntaxTree) {
        let tree = ObjCSyntaxTree.parse("void f(void) {\n\(body)\n}\n")
        return (tree.calls(named: "probe").first?.arguments.map(\.value) ?? [], tree)
    }

    static func probe(_ expression: String) -> ObjCExpr? {
        probeArguments("probe(\(expression));").arguments.first
    }

    static func position(_ range: ObjCSourceRange) -> String {
        "\(range.start.line):\(range.start.column)"
    }
}
