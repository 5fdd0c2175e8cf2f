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

/// Every assignment of a file, by the name it assigns (`a = …` and `x.a = …` under `a`).
final class AllAssignmentsCollector: SyntaxVisitor {
    var byName: [String: [InfixOperatorExprSyntax]] = [:]

    init() {
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.operator.is(AssignmentExprSyntax.self) else { return .visitChildren }
        let left = node.leftOperand
        if let reference = left.as(DeclReferenceExprSyntax.self) {
            byName[reference.baseName.text, default: []].append(node)
        } else if let member = left.as(MemberAccessExprSyntax.self) {
            byName[member.declName.baseName.text, default: []].append(node)
        }
        return .visitChildren
    }
}

extension SourceFile {
    /// The file's assignments to `name` (`name = …`, `self.name = …`, `x.name = …`), in source
    /// order. The resolver asks for each property it follows, in each file of its type and each
    /// file that mentions it; one walk of the file answers every name (a walk per name was most
    /// of the time spent on files with long types).
    public func assignments(named name: String) -> [InfixOperatorExprSyntax] {
        assignmentsByName.value(for: 0) {
            let collector = AllAssignmentsCollector()
            collector.walk(tree)
            return collector.byName
        }[name] ?? []
    }

    /// The stores into the property `name` of the enclosing type inside `node` (a type's body or
    /// an initializer's, of this file's tree): `self.name = …`, and `name = …` where no local of
    /// that name shadows the property. In source order.
    func ownPropertyStores(named name: String, inside node: some SyntaxProtocol) -> [InfixOperatorExprSyntax] {
        let start = node.position
        let end = node.endPosition
        return assignments(named: name).filter { assignment in
            guard assignment.position >= start, assignment.endPosition <= end else { return false }
            if let reference = assignment.leftOperand.as(DeclReferenceExprSyntax.self) {
                return LocalScope.lookup(name, from: Syntax(reference)) == nil
            }
            return assignment.leftOperand.as(MemberAccessExprSyntax.self).map { SyntaxQueries.isSelf($0.base) } ?? false
        }
    }
}

/// `x.name = …` with a receiver other than `self` (stores into another instance's property).
enum MemberStore {
    static func storesAnotherInstance(_ node: InfixOperatorExprSyntax, named name: String) -> Bool {
        guard node.operator.is(AssignmentExprSyntax.self), let member = node.leftOperand.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == name, let base = member.base
        else { return false }
        return !SyntaxQueries.isSelf(base)
    }
}
