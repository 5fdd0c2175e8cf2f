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
        if Self.storesOwnProperty(node, named: name) { assignments.append(node) }
        return .visitChildren
    }

    /// `self.name = …` or `name = …` where no local of that name shadows the property.
    static func storesOwnProperty(_ node: InfixOperatorExprSyntax, named name: String) -> Bool {
        guard node.operator.is(AssignmentExprSyntax.self) else { return false }
        let left = node.leftOperand
        if let reference = left.as(DeclReferenceExprSyntax.self), reference.baseName.text == name {
            return LocalScope.lookup(name, from: Syntax(reference)) == nil
        }
        if let member = left.as(MemberAccessExprSyntax.self), member.declName.baseName.text == name {
            return SyntaxQueries.isSelf(member.base)
        }
        return false
    }
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
    func assignments(named name: String) -> [InfixOperatorExprSyntax] {
        assignmentsByName.value(for: 0) {
            let collector = AllAssignmentsCollector()
            collector.walk(tree)
            return collector.byName
        }[name] ?? []
    }

    /// `assignments(named:)` inside `node` (a declaration of this file's tree).
    func assignments(named name: String, inside node: some SyntaxProtocol) -> [InfixOperatorExprSyntax] {
        let start = node.position
        let end = node.endPosition
        return assignments(named: name).filter { $0.position >= start && $0.endPosition <= end }
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
