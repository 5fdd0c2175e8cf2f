import Foundation
import SwiftSyntax

/// `return` statements of a body, not those of nested closures or functions.
final class ReturnCollector: SyntaxVisitor {
    var returns: [ReturnStmtSyntax] = []

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        returns.append(node)
        return .skipChildren
    }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// Assignments `self.name = …` and `name = …` inside a type body.
final class AssignmentCollector: SyntaxVisitor {
    let name: String
    var assignments: [InfixOperatorExprSyntax] = []

    init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.operator.is(AssignmentExprSyntax.self) else { return .visitChildren }
        let left = node.leftOperand
        if let reference = left.as(DeclReferenceExprSyntax.self), reference.baseName.text == name {
            // A local of the same name shadows the property.
            if LocalScope.lookup(name, from: Syntax(reference)) == nil { assignments.append(node) }
        } else if let member = left.as(MemberAccessExprSyntax.self), member.declName.baseName.text == name,
            SyntaxQueries.isSelf(member.base)
        {
            assignments.append(node)
        }
        return .visitChildren
    }
}

/// `x.name = …` with a receiver other than `self` (stores into another instance's property).
final class MemberStoreCollector: SyntaxVisitor {
    let name: String
    var assignments: [InfixOperatorExprSyntax] = []

    init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.operator.is(AssignmentExprSyntax.self), let member = node.leftOperand.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == name, let base = member.base,
            !SyntaxQueries.isSelf(base)
        else { return .visitChildren }
        assignments.append(node)
        return .visitChildren
    }
}
