import KeychainLintModel
import Foundation
import KeychainLintCore
import SwiftSyntax

/// Collects file-level and type-level declarations; skips function bodies (locals are resolved
/// by scope lookup, not by the index).
final class DeclarationCollector: SyntaxVisitor {
    unowned let index: ProjectIndex
    let fileIndex: Int
    var result = FileDeclarations()
    var typeStack: [String] = []

    init(index: ProjectIndex, fileIndex: Int) {
        self.index = index
        self.fileIndex = fileIndex
        super.init(viewMode: .sourceAccurate)
    }

    static func collect(_ file: SourceFile, index: ProjectIndex) -> FileDeclarations {
        let collector = DeclarationCollector(index: index, fileIndex: file.id)
        collector.walk(file.tree)
        return collector.result
    }

    private func reference(_ node: some SyntaxProtocol) -> SyntaxReference {
        SyntaxReference(index: index, fileIndex: fileIndex, node: node)
    }

    private func enterType(_ name: String, node: Syntax, cases: Set<String>, isExtension: Bool) {
        result.types[name, default: []].append(
            TypeDeclaration(
                reference: reference(node), name: name, enumCases: cases, isExtension: isExtension,
                isProtocol: node.is(ProtocolDeclSyntax.self)))
        typeStack.append(name)
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, node: Syntax(node), cases: [], isExtension: false)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, node: Syntax(node), cases: [], isExtension: false)
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, node: Syntax(node), cases: [], isExtension: false)
        return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, node: Syntax(node), cases: [], isExtension: false)
        return .visitChildren
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        var cases: Set<String> = []
        for member in node.memberBlock.members {
            if let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) {
                for element in caseDecl.elements { cases.insert(element.name.text) }
            }
        }
        enterType(node.name.text, node: Syntax(node), cases: cases, isExtension: false)
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { typeStack.removeLast() }

    /// `typealias Completion = (Bool, Error?) -> Void`: a parameter or property written with the
    /// alias holds a closure, as one written with the function type does.
    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        if SyntaxQueries.isFunctionType(node.initializer.value) {
            result.functionTypeAliases.insert(node.name.text)
        }
        return .skipChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.extendedType.trimmedSource
        enterType(name, node: Syntax(node), cases: [], isExtension: true)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let isStatic = node.modifiers.contains { ["static", "class"].contains($0.name.text) }
        let isConstant = node.bindingSpecifier.tokenKind == .keyword(.let)
        // Later bindings without their own annotation share the last written one (`let a, b: T`).
        var annotation: String?
        for binding in node.bindings.reversed() {
            if let type = binding.typeAnnotation?.type { annotation = TypeNames.baseName(of: type) }
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            let name = pattern.identifier.text
            result.variables[name, default: []].append(
                VariableDeclaration(
                    reference: reference(binding), name: name, enclosingType: typeStack.last, isStatic: isStatic,
                    isConstant: isConstant, typeName: annotation))
        }
        return .skipChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let isStatic = node.modifiers.contains { ["static", "class"].contains($0.name.text) }
        result.functions[node.name.text, default: []].append(
            FunctionDeclaration(
                reference: reference(node), name: node.name.text, enclosingType: typeStack.last, isStatic: isStatic,
                shapes: node.signature.parameterClause.parameters.map(ParameterShape.init), hasBody: node.body != nil))
        return .skipChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        result.functions["init", default: []].append(
            FunctionDeclaration(
                reference: reference(node), name: "init", enclosingType: typeStack.last, isStatic: true,
                shapes: node.signature.parameterClause.parameters.map(ParameterShape.init), hasBody: node.body != nil))
        return .skipChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
