import KeychainLintModel
import SwiftSyntax

extension SyntaxQueries {
    /// The expressions a function body can return: the single expression of an implicit-return
    /// body, else the operands of its `return` statements (not those of nested closures or
    /// functions). The branches of a ternary are returned apart (`c ? LAContext() : context` can
    /// return either).
    public static func returnedExpressions(of body: CodeBlockSyntax) -> [ExprSyntax] {
        var returned: [ExprSyntax] = []
        if body.statements.count == 1, let only = body.statements.first {
            if let expression = only.item.as(ExprSyntax.self) {
                returned = [expression]
            } else if let statement = only.item.as(ExpressionStmtSyntax.self) {
                returned = [statement.expression]
            }
        }
        if returned.isEmpty {
            returned = returnStatements(in: body.statements).compactMap(\.expression)
        }
        return returned.flatMap(branches)
    }

    /// The `return` statements of `statements`, not those of nested closures or functions.
    public static func returnStatements(in statements: CodeBlockItemListSyntax) -> [ReturnStmtSyntax] {
        let collector = ReturnCollector(viewMode: .sourceAccurate)
        collector.walk(statements)
        return collector.returns
    }

    private static func branches(_ expression: ExprSyntax) -> [ExprSyntax] {
        let inner = unwrapTransparent(expression)
        if let ternary = inner.as(TernaryExprSyntax.self) {
            return branches(ternary.thenExpression) + branches(ternary.elseExpression)
        }
        return [expression]
    }
}
