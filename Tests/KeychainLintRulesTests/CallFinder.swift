import SwiftSyntax

/// The first call of a function named `name` in a tree (`f(…)`, not `x.f(…)`): where tests that
/// read a body's model find the call they ask about.
final class CallFinder: SyntaxVisitor {
    let name: String
    var found: FunctionCallExprSyntax?

    init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if found == nil, node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == name { found = node }
        return .visitChildren
    }
}
